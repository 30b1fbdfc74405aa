/*
 * io/transcript.h — transcripts: the utterances (speaker, text) that
 * subtitles are aligned to.
 *
 *  - TV4Dialog XML: <script><scene id><utterance uid><speaker/><content/>,
 *    read with libxml2's streaming xmlReader; a document per scene, named
 *    after the file ("S01E01") with the scene number as its part; each
 *    utterance keeps its uid ("1-2").
 *  - TSV: doc, utterance id, speaker, text (a header line is skipped).
 *  - an annotated CoNLL or jsonlines file: its sentences, tokens and
 *    speakers are the utterances, exactly.
 * Text from XML and TSV is tokenised with ICU (model/tokenize.h).
 */
#ifndef XP_TRANSCRIPT_H
#define XP_TRANSCRIPT_H

#include "../model/corpus.h"

typedef enum { XP_TR_AUTO, XP_TR_TV4DIALOG, XP_TR_TSV, XP_TR_CORPUS } xp_tr_format;

int xp_transcript_read(const char *path, xp_tr_format fmt, xp_corpus *c, xp_err *err);
int xp_tv4dialog_read_mem(const char *name, const char *docname, const char *buf, size_t len,
			  xp_corpus *c, xp_err *err);
int xp_tsv_read_mem(const char *name, const char *buf, size_t len, xp_corpus *c, xp_err *err);

/* "dir/S01E01.xml.gz" -> "S01E01" into out. */
void xp_file_stem(const char *path, char *out, size_t n);

#endif
