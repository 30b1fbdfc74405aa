build2/obj/tools/cmd_symmetrize.o: tools/cmd_symmetrize.c tools/cli.h \
 tools/../base/error.h tools/../align/sym.h tools/../align/../io/walign.h \
 tools/../align/../io/../base/buf.h tools/../align/../io/../base/error.h \
 tools/../align/../io/../base/text.h tools/../base/file.h \
 tools/../base/error.h
tools/cli.h:
tools/../base/error.h:
tools/../align/sym.h:
tools/../align/../io/walign.h:
tools/../align/../io/../base/buf.h:
tools/../align/../io/../base/error.h:
tools/../align/../io/../base/text.h:
tools/../base/file.h:
tools/../base/error.h:
