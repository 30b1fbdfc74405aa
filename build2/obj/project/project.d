build2/obj/project/project.o: project/project.c project/project.h \
 project/lang.h project/spans.h project/../io/aligned.h \
 project/../io/../base/buf.h project/../io/../base/error.h \
 project/../io/../base/mem.h project/../io/../base/vocab.h \
 project/../io/../model/corpus.h project/../io/../model/../base/error.h \
 project/../io/../model/../base/mem.h project/../model/corpus.h \
 project/../io/walign.h project/../io/../base/text.h project/collide.h \
 project/prodrop.h project/../base/vocab.h project/../base/file.h \
 project/../base/error.h project/../model/tokenize.h \
 project/../model/corpus.h
project/project.h:
project/lang.h:
project/spans.h:
project/../io/aligned.h:
project/../io/../base/buf.h:
project/../io/../base/error.h:
project/../io/../base/mem.h:
project/../io/../base/vocab.h:
project/../io/../model/corpus.h:
project/../io/../model/../base/error.h:
project/../io/../model/../base/mem.h:
project/../model/corpus.h:
project/../io/walign.h:
project/../io/../base/text.h:
project/collide.h:
project/prodrop.h:
project/../base/vocab.h:
project/../base/file.h:
project/../base/error.h:
project/../model/tokenize.h:
project/../model/corpus.h:
