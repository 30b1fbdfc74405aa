build2/obj/tools/cmd_convert.o: tools/cmd_convert.c tools/cli.h \
 tools/../base/error.h tools/../io/read.h tools/../io/../base/outputs.h \
 tools/../io/../base/error.h tools/../io/../model/corpus.h \
 tools/../io/../model/../base/error.h tools/../io/../model/../base/mem.h
tools/cli.h:
tools/../base/error.h:
tools/../io/read.h:
tools/../io/../base/outputs.h:
tools/../io/../base/error.h:
tools/../io/../model/corpus.h:
tools/../io/../model/../base/error.h:
tools/../io/../model/../base/mem.h:
