build2/obj/eval/chars.o: eval/chars.c eval/chars.h eval/../model/corpus.h \
 eval/../model/../base/error.h eval/../model/../base/mem.h \
 eval/../model/tokenize.h eval/../model/corpus.h
eval/chars.h:
eval/../model/corpus.h:
eval/../model/../base/error.h:
eval/../model/../base/mem.h:
eval/../model/tokenize.h:
eval/../model/corpus.h:
