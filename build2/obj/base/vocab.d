build2/obj/base/vocab.o: base/vocab.c base/vocab.h base/mem.h
base/vocab.h:
base/mem.h:
