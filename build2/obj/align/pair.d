build2/obj/align/pair.o: align/pair.c align/pair.h align/../io/aligned.h \
 align/../io/../base/buf.h align/../io/../base/error.h \
 align/../io/../base/mem.h align/../io/../base/vocab.h \
 align/../io/../model/corpus.h align/../io/../model/../base/error.h \
 align/../io/../model/../base/mem.h align/../model/corpus.h \
 align/../base/vocab.h align/../model/script.h align/../model/tokenize.h \
 align/../model/corpus.h
align/pair.h:
align/../io/aligned.h:
align/../io/../base/buf.h:
align/../io/../base/error.h:
align/../io/../base/mem.h:
align/../io/../base/vocab.h:
align/../io/../model/corpus.h:
align/../io/../model/../base/error.h:
align/../io/../model/../base/mem.h:
align/../model/corpus.h:
align/../base/vocab.h:
align/../model/script.h:
align/../model/tokenize.h:
align/../model/corpus.h:
