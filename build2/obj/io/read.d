build2/obj/io/read.o: io/read.c io/read.h io/../base/outputs.h \
 io/../base/error.h io/../model/corpus.h io/../model/../base/error.h \
 io/../model/../base/mem.h io/conll.h io/../base/buf.h io/../base/file.h \
 io/jsonl.h
io/read.h:
io/../base/outputs.h:
io/../base/error.h:
io/../model/corpus.h:
io/../model/../base/error.h:
io/../model/../base/mem.h:
io/conll.h:
io/../base/buf.h:
io/../base/file.h:
io/jsonl.h:
