build2/obj/model/tokenize.o: model/tokenize.c model/tokenize.h \
 model/corpus.h model/../base/error.h model/../base/mem.h
model/tokenize.h:
model/corpus.h:
model/../base/error.h:
model/../base/mem.h:
