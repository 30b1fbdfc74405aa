build2/obj/correct/import.o: correct/import.c correct/store.h \
 correct/db.h correct/../io/aligned.h correct/../io/../base/buf.h \
 correct/../io/../base/error.h correct/../io/../base/mem.h \
 correct/../io/../base/vocab.h correct/../io/../model/corpus.h \
 correct/../io/../model/../base/error.h \
 correct/../io/../model/../base/mem.h correct/../model/corpus.h \
 correct/../base/failpoint.h correct/../base/text.h \
 correct/../base/vocab.h
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
correct/../base/text.h:
correct/../base/vocab.h:
