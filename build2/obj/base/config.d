build2/obj/base/config.o: base/config.c base/config.h base/error.h \
 base/file.h base/mem.h base/text.h
base/config.h:
base/error.h:
base/file.h:
base/mem.h:
base/text.h:
