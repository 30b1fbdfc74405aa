build2/obj/tools/cli.o: tools/cli.c tools/cli.h tools/../base/error.h
tools/cli.h:
tools/../base/error.h:
