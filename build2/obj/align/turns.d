build2/obj/align/turns.o: align/turns.c align/turns.h align/episode.h \
 align/ualign.h align/norm.h align/../io/aligned.h \
 align/../io/../base/buf.h align/../io/../base/error.h \
 align/../io/../base/mem.h align/../io/../base/vocab.h \
 align/../io/../model/corpus.h align/../io/../model/../base/error.h \
 align/../io/../model/../base/mem.h align/../io/opus.h align/../io/subs.h \
 align/../io/asides.h align/../io/charset.h align/../io/../base/text.h \
 align/../model/tokenize.h align/../model/corpus.h
align/turns.h:
align/episode.h:
align/ualign.h:
align/norm.h:
align/../io/aligned.h:
align/../io/../base/buf.h:
align/../io/../base/error.h:
align/../io/../base/mem.h:
align/../io/../base/vocab.h:
align/../io/../model/corpus.h:
align/../io/../model/../base/error.h:
align/../io/../model/../base/mem.h:
align/../io/opus.h:
align/../io/subs.h:
align/../io/asides.h:
align/../io/charset.h:
align/../io/../base/text.h:
align/../model/tokenize.h:
align/../model/corpus.h:
