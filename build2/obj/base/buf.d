build2/obj/base/buf.o: base/buf.c base/buf.h base/mem.h
base/buf.h:
base/mem.h:
