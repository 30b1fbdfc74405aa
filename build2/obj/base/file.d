build2/obj/base/file.o: base/file.c base/file.h base/error.h base/mem.h
base/file.h:
base/error.h:
base/mem.h:
