build2/obj/io/walign.o: io/walign.c io/walign.h io/../base/buf.h \
 io/../base/error.h io/../base/text.h io/../base/file.h \
 io/../base/error.h io/../base/mem.h
io/walign.h:
io/../base/buf.h:
io/../base/error.h:
io/../base/text.h:
io/../base/file.h:
io/../base/error.h:
io/../base/mem.h:
