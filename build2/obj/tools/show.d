build2/obj/tools/show.o: tools/show.c tools/cli.h tools/../base/error.h
tools/cli.h:
tools/../base/error.h:
