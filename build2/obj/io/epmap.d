build2/obj/io/epmap.o: io/epmap.c io/epmap.h io/../base/error.h \
 io/../base/mem.h io/../base/file.h io/../base/error.h io/../base/text.h
io/epmap.h:
io/../base/error.h:
io/../base/mem.h:
io/../base/file.h:
io/../base/error.h:
io/../base/text.h:
