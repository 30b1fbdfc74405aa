build2/obj/pipeline/summary.o: pipeline/summary.c pipeline/pipeline.h \
 pipeline/../align/batch.h pipeline/../align/episode.h \
 pipeline/../align/ualign.h pipeline/../align/norm.h \
 pipeline/../align/../io/aligned.h pipeline/../align/../io/../base/buf.h \
 pipeline/../align/../io/../base/error.h \
 pipeline/../align/../io/../base/mem.h \
 pipeline/../align/../io/../base/vocab.h \
 pipeline/../align/../io/../model/corpus.h \
 pipeline/../align/../io/../model/../base/error.h \
 pipeline/../align/../io/../model/../base/mem.h \
 pipeline/../align/../io/opus.h pipeline/../align/../io/subs.h \
 pipeline/../align/../io/asides.h pipeline/../align/../io/charset.h \
 pipeline/../align/../io/../base/text.h \
 pipeline/../align/../model/tokenize.h \
 pipeline/../align/../model/corpus.h pipeline/../align/../io/archive.h \
 pipeline/../align/../io/epmap.h pipeline/../align/../model/corpus.h \
 pipeline/../align/sym.h pipeline/../align/../io/walign.h \
 pipeline/../align/wordalign.h pipeline/../align/../io/bitext.h \
 pipeline/../align/../io/walign.h pipeline/../base/buf.h \
 pipeline/../project/project.h pipeline/../project/lang.h \
 pipeline/../project/spans.h pipeline/../project/../io/aligned.h \
 pipeline/../project/../model/corpus.h pipeline/../project/../io/walign.h
pipeline/pipeline.h:
pipeline/../align/batch.h:
pipeline/../align/episode.h:
pipeline/../align/ualign.h:
pipeline/../align/norm.h:
pipeline/../align/../io/aligned.h:
pipeline/../align/../io/../base/buf.h:
pipeline/../align/../io/../base/error.h:
pipeline/../align/../io/../base/mem.h:
pipeline/../align/../io/../base/vocab.h:
pipeline/../align/../io/../model/corpus.h:
pipeline/../align/../io/../model/../base/error.h:
pipeline/../align/../io/../model/../base/mem.h:
pipeline/../align/../io/opus.h:
pipeline/../align/../io/subs.h:
pipeline/../align/../io/asides.h:
pipeline/../align/../io/charset.h:
pipeline/../align/../io/../base/text.h:
pipeline/../align/../model/tokenize.h:
pipeline/../align/../model/corpus.h:
pipeline/../align/../io/archive.h:
pipeline/../align/../io/epmap.h:
pipeline/../align/../model/corpus.h:
pipeline/../align/sym.h:
pipeline/../align/../io/walign.h:
pipeline/../align/wordalign.h:
pipeline/../align/../io/bitext.h:
pipeline/../align/../io/walign.h:
pipeline/../base/buf.h:
pipeline/../project/project.h:
pipeline/../project/lang.h:
pipeline/../project/spans.h:
pipeline/../project/../io/aligned.h:
pipeline/../project/../model/corpus.h:
pipeline/../project/../io/walign.h:
