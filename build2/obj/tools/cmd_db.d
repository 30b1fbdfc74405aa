build2/obj/tools/cmd_db.o: tools/cmd_db.c tools/cli.h \
 tools/../base/error.h tools/../correct/db.h \
 tools/../correct/../io/aligned.h tools/../correct/../io/../base/buf.h \
 tools/../correct/../io/../base/error.h \
 tools/../correct/../io/../base/mem.h \
 tools/../correct/../io/../base/vocab.h \
 tools/../correct/../io/../model/corpus.h \
 tools/../correct/../io/../model/../base/error.h \
 tools/../correct/../io/../model/../base/mem.h \
 tools/../correct/../model/corpus.h tools/../correct/review.h \
 tools/../correct/db.h tools/../base/file.h tools/../base/error.h \
 tools/../io/read.h tools/../io/../base/outputs.h \
 tools/../io/../base/error.h tools/../io/../model/corpus.h
tools/cli.h:
tools/../base/error.h:
tools/../correct/db.h:
tools/../correct/../io/aligned.h:
tools/../correct/../io/../base/buf.h:
tools/../correct/../io/../base/error.h:
tools/../correct/../io/../base/mem.h:
tools/../correct/../io/../base/vocab.h:
tools/../correct/../io/../model/corpus.h:
tools/../correct/../io/../model/../base/error.h:
tools/../correct/../io/../model/../base/mem.h:
tools/../correct/../model/corpus.h:
tools/../correct/review.h:
tools/../correct/db.h:
tools/../base/file.h:
tools/../base/error.h:
tools/../io/read.h:
tools/../io/../base/outputs.h:
tools/../io/../base/error.h:
tools/../io/../model/corpus.h:
