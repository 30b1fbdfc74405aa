build2/obj/tools/config.o: tools/config.c tools/cli.h \
 tools/../base/error.h tools/../base/config.h tools/../base/error.h
tools/cli.h:
tools/../base/error.h:
tools/../base/config.h:
tools/../base/error.h:
