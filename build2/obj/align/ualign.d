build2/obj/align/ualign.o: align/ualign.c align/ualign.h align/norm.h
align/ualign.h:
align/norm.h:
