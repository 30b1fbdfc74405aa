build2/obj/io/jsonl.o: io/jsonl.c io/jsonl.h io/../base/buf.h io/read.h \
 io/../base/outputs.h io/../base/error.h io/../model/corpus.h \
 io/../model/../base/error.h io/../model/../base/mem.h io/../base/text.h \
 io/../base/file.h
io/jsonl.h:
io/../base/buf.h:
io/read.h:
io/../base/outputs.h:
io/../base/error.h:
io/../model/corpus.h:
io/../model/../base/error.h:
io/../model/../base/mem.h:
io/../base/text.h:
io/../base/file.h:
