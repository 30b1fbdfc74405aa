build2/obj/tools/xproj.o: tools/xproj.c tools/cli.h tools/../base/error.h \
 tools/../base/outputs.h tools/../base/error.h
tools/cli.h:
tools/../base/error.h:
tools/../base/outputs.h:
tools/../base/error.h:
