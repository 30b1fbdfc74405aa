build2/obj/io/subs.o: io/subs.c io/subs.h io/asides.h io/../base/buf.h \
 io/charset.h io/../base/error.h io/../base/mem.h io/../base/text.h \
 io/ass.h io/../base/file.h io/../base/error.h
io/subs.h:
io/asides.h:
io/../base/buf.h:
io/charset.h:
io/../base/error.h:
io/../base/mem.h:
io/../base/text.h:
io/ass.h:
io/../base/file.h:
io/../base/error.h:
