build2/obj/base/error.o: base/error.c base/error.h
base/error.h:
