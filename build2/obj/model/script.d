build2/obj/model/script.o: model/script.c model/script.h
model/script.h:
