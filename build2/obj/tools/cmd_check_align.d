build2/obj/tools/cmd_check_align.o: tools/cmd_check_align.c tools/cli.h \
 tools/../base/error.h tools/../io/bitext.h tools/../io/../base/error.h \
 tools/../io/../base/text.h tools/../io/walign.h \
 tools/../io/../base/buf.h
tools/cli.h:
tools/../base/error.h:
tools/../io/bitext.h:
tools/../io/../base/error.h:
tools/../io/../base/text.h:
tools/../io/walign.h:
tools/../io/../base/buf.h:
