build2/obj/tools/cmd_aer.o: tools/cmd_aer.c tools/cli.h \
 tools/../base/error.h tools/../eval/aer.h tools/../eval/../io/walign.h \
 tools/../eval/../io/../base/buf.h tools/../eval/../io/../base/error.h \
 tools/../eval/../io/../base/text.h
tools/cli.h:
tools/../base/error.h:
tools/../eval/aer.h:
tools/../eval/../io/walign.h:
tools/../eval/../io/../base/buf.h:
tools/../eval/../io/../base/error.h:
tools/../eval/../io/../base/text.h:
