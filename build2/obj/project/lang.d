build2/obj/project/lang.o: project/lang.c project/lang.h
project/lang.h:
