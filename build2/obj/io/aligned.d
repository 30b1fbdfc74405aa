build2/obj/io/aligned.o: io/aligned.c io/aligned.h io/../base/buf.h \
 io/../base/error.h io/../base/mem.h io/../base/vocab.h \
 io/../model/corpus.h io/../model/../base/error.h \
 io/../model/../base/mem.h io/bitext.h io/../base/text.h io/walign.h \
 io/../base/file.h io/../base/error.h
io/aligned.h:
io/../base/buf.h:
io/../base/error.h:
io/../base/mem.h:
io/../base/vocab.h:
io/../model/corpus.h:
io/../model/../base/error.h:
io/../model/../base/mem.h:
io/bitext.h:
io/../base/text.h:
io/walign.h:
io/../base/file.h:
io/../base/error.h:
