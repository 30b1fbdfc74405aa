/*
 * io/mmax2.h — MMAX2 corpora (ParCorFull, corefpro, TüBa-D/Z exports, the
 * Potsdam Commentary Corpus): reading them into the corpus model.
 *
 * A document is a `NAME.mmax` file naming its base data (`<words>F</words>`);
 * the directory's `common_paths.xml`, when there is one, says where base data
 * and markables live (`<basedata_path>`, `<markable_path>`) and which file
 * holds each level (`<level name="coref">$_coref_level.xml</level>`, `$` the
 * document's NAME); without it, `Basedata/` and `Markables/` and those
 * names.  Read are the words (`<word id>text</word>`, XML entities decoded),
 * the sentence level (one utterance per sentence markable, in word order)
 * and the coref level (`<markable span coref_class>`).  The document id is
 * NAME, its part 0, speakers empty.
 *
 * Policy for what the model (one contiguous span in one sentence) cannot
 * hold, counted per document in its metadata (xp_mmax2_tally sums it):
 * - a discontinuous markable (`word_1..word_2,word_5`) is read as its
 *   covering span, first word to last: ParCorFull's are nearly all split
 *   antecedents ("the A students | the D students" for a later "they"),
 *   whose covering span is the coordination naming the group, where the
 *   first part alone would be a different entity;
 * - a markable whose (covering) span crosses a sentence boundary is dropped:
 *   they are event antecedents of several sentences, for which a clipped
 *   span would be a mention nobody annotated;
 * - `coref_class="empty"`, empty or absent: a mention in no chain, read as a
 *   singleton (a cluster of its own), as a set of one is.
 * Malformed input — XML errors, a span naming no word, a range running
 * backwards, two words with one id, sentences that overlap or leave words
 * out, a missing level file — is an error naming file:line (read.h's
 * policy).  --repair drops the markable, keeps the word, cuts the later of
 * two overlapping sentences to start after the earlier, makes uncovered
 * words a sentence of their own, and skips a document with a missing file.
 *
 * XML is parsed without network access, without loading external DTDs and
 * without entity substitution; a file that declares entities of its own is
 * refused (MMAX2 files never do; it is how entity expansion attacks begin).
 */
#ifndef XP_MMAX2_H
#define XP_MMAX2_H

#include "read.h"

/* 1 if path names MMAX2 input: a file ending in .mmax, or a directory that
 * holds one. */
int xp_mmax2_is(const char *path);

/* Read a .mmax file, or every .mmax file of a directory (by name), into c. */
int xp_mmax2_read(const char *path, const xp_read_opts *o, xp_corpus *c, xp_err *err);

/* One document from its three files in memory (name is for messages):
 * what the fuzz target and unit tests drive.  0, or an xp_code. */
typedef struct xp_mmax2_src {
	const char *name, *buf;
	size_t len;
} xp_mmax2_src;
int xp_mmax2_read_doc(const char *id, const xp_mmax2_src *words, const xp_mmax2_src *coref,
		      const xp_mmax2_src *sentences, const xp_read_opts *o, xp_corpus *c, xp_err *err);

/* What a corpus's MMAX2 documents held and what the policy above changed,
 * summed from their metadata (documents read from other formats add 0). */
typedef struct xp_mmax2_tally {
	size_t documents;       /* documents read from MMAX2 */
	size_t markables;       /* markables of the coref level, as annotated */
	size_t chains;          /* distinct coref_class sets */
	size_t unclassed;       /* markables in no set, read as singletons */
	size_t discontinuous;   /* read as their covering span */
	size_t cross_sentence;  /* dropped */
} xp_mmax2_tally;
void xp_mmax2_tally_of(const xp_corpus *c, xp_mmax2_tally *t);

#endif
