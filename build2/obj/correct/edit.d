build2/obj/correct/edit.o: correct/edit.c correct/store.h correct/db.h \
 correct/../io/aligned.h correct/../io/../base/buf.h \
 correct/../io/../base/error.h correct/../io/../base/mem.h \
 correct/../io/../base/vocab.h correct/../io/../model/corpus.h \
 correct/../io/../model/../base/error.h \
 correct/../io/../model/../base/mem.h correct/../model/corpus.h \
 correct/../base/failpoint.h correct/../base/file.h \
 correct/../base/error.h correct/../base/text.h
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
correct/../base/file.h:
correct/../base/error.h:
correct/../base/text.h:
