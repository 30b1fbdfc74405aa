build2/obj/io/ass.o: io/ass.c io/ass.h io/../base/buf.h \
 io/../base/error.h io/subs.h io/asides.h io/charset.h io/../base/mem.h \
 io/../base/text.h io/../base/file.h io/../base/error.h
io/ass.h:
io/../base/buf.h:
io/../base/error.h:
io/subs.h:
io/asides.h:
io/charset.h:
io/../base/mem.h:
io/../base/text.h:
io/../base/file.h:
io/../base/error.h:
