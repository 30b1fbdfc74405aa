build2/obj/align/sym.o: align/sym.c align/sym.h align/../io/walign.h \
 align/../io/../base/buf.h align/../io/../base/error.h \
 align/../io/../base/text.h
align/sym.h:
align/../io/walign.h:
align/../io/../base/buf.h:
align/../io/../base/error.h:
align/../io/../base/text.h:
