/*
 * xproj.h — the xproj library's public API in one include.
 *
 *   #include <xproj/xproj.h>         cc prog.c $(pkg-config --cflags --libs xproj)
 *
 * Installed as $(PREFIX)/include/xproj/xproj.h beside the public headers it
 * names (the Makefile's PUBLIC_HEADERS; nothing else is installed).  No
 * public header includes a dependency's header: the SQLite store is the
 * opaque xp_db, and results that are JSON documents are jansson's json_t,
 * declared incompletely (include <jansson.h> to read them).  Every function
 * that can fail returns 0 or a negative xp_code with an xp_err
 * (base/error.h).
 */
#ifndef XPROJ_H
#define XPROJ_H

#ifdef __cplusplus
extern "C" {
#endif

#include "base/version.h"      /* xp_version() */
#include "base/error.h"        /* xp_err, xp_code, xp_diags */
#include "base/mem.h"          /* arenas */
#include "base/buf.h"          /* growable output buffers */
#include "base/text.h"         /* UTF-8 slices and lines */
#include "base/vocab.h"        /* the hash table: strings as dense ids */
#include "base/file.h"         /* whole-file reads (gzip too) */
#include "base/outputs.h"      /* several outputs replaced together */
#include "base/icu.h"          /* ICU's allocations watched (xp_icu_watch first thing) */

#include "model/corpus.h"      /* corpus -> documents -> utterances -> mentions, clusters */
#include "model/tokenize.h"    /* ICU word breaks */
#include "model/script.h"      /* which writing system */
#include "model/mtype.h"       /* mention and sentence types; English's words */

#include "io/read.h"           /* read/write a corpus in the format a path names */
#include "io/conll.h"          /* CoNLL-2012 */
#include "io/jsonl.h"          /* HOI jsonlines */
#include "io/conllu.h"         /* CorefUD CoNLL-U */
#include "io/mmax2.h"          /* MMAX2 (read) */
#include "io/transcript.h"     /* transcripts */
#include "io/subs.h"           /* SRT, WebVTT, ASS/SSA in any charset */
#include "io/opus.h"           /* OPUS corpus XML, XCES */
#include "io/archive.h"        /* directories and zip archives as file sets */
#include "io/epmap.h"          /* episode maps */
#include "io/aligned.h"        /* the aligned corpus, its bitext and map */
#include "io/bitext.h"         /* parallel text for word aligners */
#include "io/walign.h"         /* word alignments: Pharaoh, probabilities */

#include "eval/score.h"        /* MUC, B3, CEAF, BLANC, LEA */
#include "eval/chars.h"        /* scoring across tokenisations */
#include "eval/aer.h"          /* alignment error rate */

#include "align/ualign.h"      /* utterances <-> subtitle blocks */
#include "align/episode.h"     /* one episode's aligned records */
#include "align/batch.h"       /* which transcripts go with which subtitles */
#include "align/pair.h"        /* a released target corpus onto its English */
#include "align/sym.h"         /* symmetrising word alignments */
#include "align/wordalign.h"   /* the built-in word aligner */

#include "lang/script.h"       /* which language a writing system says */

#include "project/project.h"   /* projecting mentions over word alignments */

#include "correct/db.h"        /* the correction store */
#include "correct/review.h"    /* the store as a corrector works on it */

#include "pipeline/pipeline.h" /* the whole job in one call */
#include "serve/serve.h"       /* the correction workbench's server */

#ifdef __cplusplus
}
#endif

#endif
