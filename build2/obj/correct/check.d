build2/obj/correct/check.o: correct/check.c correct/store.h correct/db.h \
 correct/../io/aligned.h correct/../io/../base/buf.h \
 correct/../io/../base/error.h correct/../io/../base/mem.h \
 correct/../io/../base/vocab.h correct/../io/../model/corpus.h \
 correct/../io/../model/../base/error.h \
 correct/../io/../model/../base/mem.h correct/../model/corpus.h \
 correct/../base/failpoint.h correct/../base/buf.h
correct/store.h:
correct/db.h:
correct/../io/aligned.h:
correct/../io/../base/buf.h:
correct/../io/../base/error.h:
correct/../io/../base/mem.h:
correct/../io/../base/vocab.h:
correct/../io/../model/corpus.h:
correct/../io/../model/../base/error.h:
correct/../io/../model/../base/mem.h:
correct/../model/corpus.h:
correct/../base/failpoint.h:
correct/../base/buf.h:
