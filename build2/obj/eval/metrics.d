build2/obj/eval/metrics.o: eval/metrics.c eval/metrics.h eval/chains.h \
 eval/../model/corpus.h eval/../model/../base/error.h \
 eval/../model/../base/mem.h eval/score.h
eval/metrics.h:
eval/chains.h:
eval/../model/corpus.h:
eval/../model/../base/error.h:
eval/../model/../base/mem.h:
eval/score.h:
