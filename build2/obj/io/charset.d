build2/obj/io/charset.o: io/charset.c io/charset.h io/../base/error.h \
 io/../base/mem.h io/../base/text.h
io/charset.h:
io/../base/error.h:
io/../base/mem.h:
io/../base/text.h:
