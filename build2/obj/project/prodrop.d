build2/obj/project/prodrop.o: project/prodrop.c project/prodrop.h
project/prodrop.h:
