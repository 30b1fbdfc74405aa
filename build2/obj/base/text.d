build2/obj/base/text.o: base/text.c base/text.h
base/text.h:
