build2/obj/tools/cmd_score.o: tools/cmd_score.c tools/cli.h \
 tools/../base/error.h tools/../eval/chars.h \
 tools/../eval/../model/corpus.h tools/../eval/../model/../base/error.h \
 tools/../eval/../model/../base/mem.h tools/../eval/score.h \
 tools/../io/read.h tools/../io/../base/outputs.h \
 tools/../io/../base/error.h tools/../io/../model/corpus.h
tools/cli.h:
tools/../base/error.h:
tools/../eval/chars.h:
tools/../eval/../model/corpus.h:
tools/../eval/../model/../base/error.h:
tools/../eval/../model/../base/mem.h:
tools/../eval/score.h:
tools/../io/read.h:
tools/../io/../base/outputs.h:
tools/../io/../base/error.h:
tools/../io/../model/corpus.h:
