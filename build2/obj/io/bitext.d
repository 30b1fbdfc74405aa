build2/obj/io/bitext.o: io/bitext.c io/bitext.h io/../base/error.h \
 io/../base/text.h io/walign.h io/../base/buf.h io/../base/file.h \
 io/../base/error.h io/../base/mem.h
io/bitext.h:
io/../base/error.h:
io/../base/text.h:
io/walign.h:
io/../base/buf.h:
io/../base/file.h:
io/../base/error.h:
io/../base/mem.h:
