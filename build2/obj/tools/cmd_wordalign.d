build2/obj/tools/cmd_wordalign.o: tools/cmd_wordalign.c tools/cli.h \
 tools/../base/error.h tools/../align/sym.h tools/../align/../io/walign.h \
 tools/../align/../io/../base/buf.h tools/../align/../io/../base/error.h \
 tools/../align/../io/../base/text.h tools/../align/wordalign.h \
 tools/../align/../io/bitext.h tools/../align/../io/walign.h \
 tools/../base/outputs.h tools/../base/error.h
tools/cli.h:
tools/../base/error.h:
tools/../align/sym.h:
tools/../align/../io/walign.h:
tools/../align/../io/../base/buf.h:
tools/../align/../io/../base/error.h:
tools/../align/../io/../base/text.h:
tools/../align/wordalign.h:
tools/../align/../io/bitext.h:
tools/../align/../io/walign.h:
tools/../base/outputs.h:
tools/../base/error.h:
