build2/obj/base/mem.o: base/mem.c base/mem.h
base/mem.h:
