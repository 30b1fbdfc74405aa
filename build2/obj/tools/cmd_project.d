build2/obj/tools/cmd_project.o: tools/cmd_project.c tools/cli.h \
 tools/../base/error.h tools/../base/file.h tools/../base/error.h \
 tools/../io/jsonl.h tools/../io/../base/buf.h tools/../io/read.h \
 tools/../io/../base/outputs.h tools/../io/../base/error.h \
 tools/../io/../model/corpus.h tools/../io/../model/../base/error.h \
 tools/../io/../model/../base/mem.h tools/../io/read.h \
 tools/../project/project.h tools/../project/lang.h \
 tools/../project/spans.h tools/../project/../io/aligned.h \
 tools/../project/../io/../base/buf.h \
 tools/../project/../io/../base/error.h \
 tools/../project/../io/../base/mem.h \
 tools/../project/../io/../base/vocab.h \
 tools/../project/../io/../model/corpus.h \
 tools/../project/../model/corpus.h tools/../project/../io/walign.h \
 tools/../project/../io/../base/text.h
tools/cli.h:
tools/../base/error.h:
tools/../base/file.h:
tools/../base/error.h:
tools/../io/jsonl.h:
tools/../io/../base/buf.h:
tools/../io/read.h:
tools/../io/../base/outputs.h:
tools/../io/../base/error.h:
tools/../io/../model/corpus.h:
tools/../io/../model/../base/error.h:
tools/../io/../model/../base/mem.h:
tools/../io/read.h:
tools/../project/project.h:
tools/../project/lang.h:
tools/../project/spans.h:
tools/../project/../io/aligned.h:
tools/../project/../io/../base/buf.h:
tools/../project/../io/../base/error.h:
tools/../project/../io/../base/mem.h:
tools/../project/../io/../base/vocab.h:
tools/../project/../io/../model/corpus.h:
tools/../project/../model/corpus.h:
tools/../project/../io/walign.h:
tools/../project/../io/../base/text.h:
