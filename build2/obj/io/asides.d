build2/obj/io/asides.o: io/asides.c io/asides.h io/../base/buf.h
io/asides.h:
io/../base/buf.h:
