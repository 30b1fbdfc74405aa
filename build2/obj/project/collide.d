build2/obj/project/collide.o: project/collide.c project/collide.h \
 project/project.h project/lang.h project/spans.h project/../io/aligned.h \
 project/../io/../base/buf.h project/../io/../base/error.h \
 project/../io/../base/mem.h project/../io/../base/vocab.h \
 project/../io/../model/corpus.h project/../io/../model/../base/error.h \
 project/../io/../model/../base/mem.h project/../model/corpus.h \
 project/../io/walign.h project/../io/../base/text.h
project/collide.h:
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
