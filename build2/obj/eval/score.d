build2/obj/eval/score.o: eval/score.c eval/score.h eval/../model/corpus.h \
 eval/../model/../base/error.h eval/../model/../base/mem.h eval/metrics.h \
 eval/chains.h
eval/score.h:
eval/../model/corpus.h:
eval/../model/../base/error.h:
eval/../model/../base/mem.h:
eval/metrics.h:
eval/chains.h:
