build2/obj/tools/cmd_bitext.o: tools/cmd_bitext.c tools/cli.h \
 tools/../base/error.h tools/../io/aligned.h tools/../io/../base/buf.h \
 tools/../io/../base/error.h tools/../io/../base/mem.h \
 tools/../io/../base/vocab.h tools/../io/../model/corpus.h \
 tools/../io/../model/../base/error.h tools/../io/../model/../base/mem.h \
 tools/../base/outputs.h tools/../base/error.h tools/../io/read.h \
 tools/../io/../base/outputs.h
tools/cli.h:
tools/../base/error.h:
tools/../io/aligned.h:
tools/../io/../base/buf.h:
tools/../io/../base/error.h:
tools/../io/../base/mem.h:
tools/../io/../base/vocab.h:
tools/../io/../model/corpus.h:
tools/../io/../model/../base/error.h:
tools/../io/../model/../base/mem.h:
tools/../base/outputs.h:
tools/../base/error.h:
tools/../io/read.h:
tools/../io/../base/outputs.h:
