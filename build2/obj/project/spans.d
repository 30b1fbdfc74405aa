build2/obj/project/spans.o: project/spans.c project/spans.h \
 project/../model/tokenize.h project/../model/corpus.h \
 project/../model/../base/error.h project/../model/../base/mem.h
project/spans.h:
project/../model/tokenize.h:
project/../model/corpus.h:
project/../model/../base/error.h:
project/../model/../base/mem.h:
