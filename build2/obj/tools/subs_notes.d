build2/obj/tools/subs_notes.o: tools/subs_notes.c tools/cli.h \
 tools/../base/error.h tools/../align/batch.h tools/../align/episode.h \
 tools/../align/ualign.h tools/../align/norm.h \
 tools/../align/../io/aligned.h tools/../align/../io/../base/buf.h \
 tools/../align/../io/../base/error.h tools/../align/../io/../base/mem.h \
 tools/../align/../io/../base/vocab.h \
 tools/../align/../io/../model/corpus.h \
 tools/../align/../io/../model/../base/error.h \
 tools/../align/../io/../model/../base/mem.h tools/../align/../io/opus.h \
 tools/../align/../io/subs.h tools/../align/../io/asides.h \
 tools/../align/../io/charset.h tools/../align/../io/../base/text.h \
 tools/../align/../model/tokenize.h tools/../align/../model/corpus.h \
 tools/../align/../io/archive.h tools/../align/../io/epmap.h \
 tools/../align/../model/corpus.h
tools/cli.h:
tools/../base/error.h:
tools/../align/batch.h:
tools/../align/episode.h:
tools/../align/ualign.h:
tools/../align/norm.h:
tools/../align/../io/aligned.h:
tools/../align/../io/../base/buf.h:
tools/../align/../io/../base/error.h:
tools/../align/../io/../base/mem.h:
tools/../align/../io/../base/vocab.h:
tools/../align/../io/../model/corpus.h:
tools/../align/../io/../model/../base/error.h:
tools/../align/../io/../model/../base/mem.h:
tools/../align/../io/opus.h:
tools/../align/../io/subs.h:
tools/../align/../io/asides.h:
tools/../align/../io/charset.h:
tools/../align/../io/../base/text.h:
tools/../align/../model/tokenize.h:
tools/../align/../model/corpus.h:
tools/../align/../io/archive.h:
tools/../align/../io/epmap.h:
tools/../align/../model/corpus.h:
