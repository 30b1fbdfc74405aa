build2/obj/model/corpus.o: model/corpus.c model/corpus.h \
 model/../base/error.h model/../base/mem.h
model/corpus.h:
model/../base/error.h:
model/../base/mem.h:
