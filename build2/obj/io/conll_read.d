build2/obj/io/conll_read.o: io/conll_read.c io/conll.h io/../base/buf.h \
 io/read.h io/../base/outputs.h io/../base/error.h io/../model/corpus.h \
 io/../model/../base/error.h io/../model/../base/mem.h io/../base/file.h \
 io/../base/text.h
io/conll.h:
io/../base/buf.h:
io/read.h:
io/../base/outputs.h:
io/../base/error.h:
io/../model/corpus.h:
io/../model/../base/error.h:
io/../model/../base/mem.h:
io/../base/file.h:
io/../base/text.h:
