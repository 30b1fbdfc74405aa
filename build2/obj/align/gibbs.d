build2/obj/align/gibbs.o: align/gibbs.c align/gibbs.h
align/gibbs.h:
