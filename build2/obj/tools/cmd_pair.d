build2/obj/tools/cmd_pair.o: tools/cmd_pair.c tools/cli.h \
 tools/../base/error.h tools/../align/pair.h \
 tools/../align/../io/aligned.h tools/../align/../io/../base/buf.h \
 tools/../align/../io/../base/error.h tools/../align/../io/../base/mem.h \
 tools/../align/../io/../base/vocab.h \
 tools/../align/../io/../model/corpus.h \
 tools/../align/../io/../model/../base/error.h \
 tools/../align/../io/../model/../base/mem.h \
 tools/../align/../model/corpus.h tools/../base/file.h \
 tools/../base/error.h tools/../io/read.h tools/../io/../base/outputs.h \
 tools/../io/../base/error.h tools/../io/../model/corpus.h
tools/cli.h:
tools/../base/error.h:
tools/../align/pair.h:
tools/../align/../io/aligned.h:
tools/../align/../io/../base/buf.h:
tools/../align/../io/../base/error.h:
tools/../align/../io/../base/mem.h:
tools/../align/../io/../base/vocab.h:
tools/../align/../io/../model/corpus.h:
tools/../align/../io/../model/../base/error.h:
tools/../align/../io/../model/../base/mem.h:
tools/../align/../model/corpus.h:
tools/../base/file.h:
tools/../base/error.h:
tools/../io/read.h:
tools/../io/../base/outputs.h:
tools/../io/../base/error.h:
tools/../io/../model/corpus.h:
