build2/obj/align/wordalign.o: align/wordalign.c align/wordalign.h \
 align/../io/bitext.h align/../io/../base/error.h \
 align/../io/../base/text.h align/../io/walign.h \
 align/../io/../base/buf.h align/../io/walign.h align/gibbs.h \
 align/../base/vocab.h align/../base/mem.h
align/wordalign.h:
align/../io/bitext.h:
align/../io/../base/error.h:
align/../io/../base/text.h:
align/../io/walign.h:
align/../io/../base/buf.h:
align/../io/walign.h:
align/gibbs.h:
align/../base/vocab.h:
align/../base/mem.h:
