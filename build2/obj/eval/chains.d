build2/obj/eval/chains.o: eval/chains.c eval/chains.h \
 eval/../model/corpus.h eval/../model/../base/error.h \
 eval/../model/../base/mem.h
eval/chains.h:
eval/../model/corpus.h:
eval/../model/../base/error.h:
eval/../model/../base/mem.h:
