build2/obj/eval/aer.o: eval/aer.c eval/aer.h eval/../io/walign.h \
 eval/../io/../base/buf.h eval/../io/../base/error.h \
 eval/../io/../base/text.h
eval/aer.h:
eval/../io/walign.h:
eval/../io/../base/buf.h:
eval/../io/../base/error.h:
eval/../io/../base/text.h:
