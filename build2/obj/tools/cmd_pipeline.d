build2/obj/tools/cmd_pipeline.o: tools/cmd_pipeline.c tools/cli.h \
 tools/../base/error.h tools/../pipeline/pipeline.h \
 tools/../pipeline/../align/batch.h tools/../pipeline/../align/episode.h \
 tools/../pipeline/../align/ualign.h tools/../pipeline/../align/norm.h \
 tools/../pipeline/../align/../io/aligned.h \
 tools/../pipeline/../align/../io/../base/buf.h \
 tools/../pipeline/../align/../io/../base/error.h \
 tools/../pipeline/../align/../io/../base/mem.h \
 tools/../pipeline/../align/../io/../base/vocab.h \
 tools/../pipeline/../align/../io/../model/corpus.h \
 tools/../pipeline/../align/../io/../model/../base/error.h \
 tools/../pipeline/../align/../io/../model/../base/mem.h \
 tools/../pipeline/../align/../io/opus.h \
 tools/../pipeline/../align/../io/subs.h \
 tools/../pipeline/../align/../io/asides.h \
 tools/../pipeline/../align/../io/charset.h \
 tools/../pipeline/../align/../io/../base/text.h \
 tools/../pipeline/../align/../model/tokenize.h \
 tools/../pipeline/../align/../model/corpus.h \
 tools/../pipeline/../align/../io/archive.h \
 tools/../pipeline/../align/../io/epmap.h \
 tools/../pipeline/../align/../model/corpus.h \
 tools/../pipeline/../align/sym.h \
 tools/../pipeline/../align/../io/walign.h \
 tools/../pipeline/../align/wordalign.h \
 tools/../pipeline/../align/../io/bitext.h \
 tools/../pipeline/../align/../io/walign.h \
 tools/../pipeline/../base/buf.h tools/../pipeline/../project/project.h \
 tools/../pipeline/../project/lang.h tools/../pipeline/../project/spans.h \
 tools/../pipeline/../project/../io/aligned.h \
 tools/../pipeline/../project/../model/corpus.h \
 tools/../pipeline/../project/../io/walign.h
tools/cli.h:
tools/../base/error.h:
tools/../pipeline/pipeline.h:
tools/../pipeline/../align/batch.h:
tools/../pipeline/../align/episode.h:
tools/../pipeline/../align/ualign.h:
tools/../pipeline/../align/norm.h:
tools/../pipeline/../align/../io/aligned.h:
tools/../pipeline/../align/../io/../base/buf.h:
tools/../pipeline/../align/../io/../base/error.h:
tools/../pipeline/../align/../io/../base/mem.h:
tools/../pipeline/../align/../io/../base/vocab.h:
tools/../pipeline/../align/../io/../model/corpus.h:
tools/../pipeline/../align/../io/../model/../base/error.h:
tools/../pipeline/../align/../io/../model/../base/mem.h:
tools/../pipeline/../align/../io/opus.h:
tools/../pipeline/../align/../io/subs.h:
tools/../pipeline/../align/../io/asides.h:
tools/../pipeline/../align/../io/charset.h:
tools/../pipeline/../align/../io/../base/text.h:
tools/../pipeline/../align/../model/tokenize.h:
tools/../pipeline/../align/../model/corpus.h:
tools/../pipeline/../align/../io/archive.h:
tools/../pipeline/../align/../io/epmap.h:
tools/../pipeline/../align/../model/corpus.h:
tools/../pipeline/../align/sym.h:
tools/../pipeline/../align/../io/walign.h:
tools/../pipeline/../align/wordalign.h:
tools/../pipeline/../align/../io/bitext.h:
tools/../pipeline/../align/../io/walign.h:
tools/../pipeline/../base/buf.h:
tools/../pipeline/../project/project.h:
tools/../pipeline/../project/lang.h:
tools/../pipeline/../project/spans.h:
tools/../pipeline/../project/../io/aligned.h:
tools/../pipeline/../project/../model/corpus.h:
tools/../pipeline/../project/../io/walign.h:
