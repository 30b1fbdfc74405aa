build2/obj/io/archive.o: io/archive.c io/archive.h io/../base/error.h \
 io/opus.h io/subs.h io/asides.h io/../base/buf.h io/charset.h \
 io/../base/mem.h io/../base/text.h io/../base/file.h io/../base/error.h
io/archive.h:
io/../base/error.h:
io/opus.h:
io/subs.h:
io/asides.h:
io/../base/buf.h:
io/charset.h:
io/../base/mem.h:
io/../base/text.h:
io/../base/file.h:
io/../base/error.h:
