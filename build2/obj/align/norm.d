build2/obj/align/norm.o: align/norm.c align/norm.h align/../base/mem.h
align/norm.h:
align/../base/mem.h:
