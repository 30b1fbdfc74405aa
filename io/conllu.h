/*
 * io/conllu.h — CorefUD 1.x: CoNLL-U with coreference in the MISC column,
 * read and written.
 *
 * A document starts at `# newdoc id = ID` (without one, the file's stem
 * names it), its `# global.Entity = eid-etype-head-other` says where the
 * entity id sits in an opening bracket; a sentence is a block of lines up
 * to a blank line, its words the lines with an integer ID.  `# speaker = X`
 * sets the sentence's speaker, `# part = N` (on the newdoc sentence) the
 * document's part, as xproj writes them for CoNLL-2012 documents.
 *
 * Mentions are the `Entity=` brackets of MISC: `(e1-person-1` opens,
 * `e1)` closes, `(e2--1)` is a one-word mention; the chain is the entity id
 * (`e12` -> cluster 12 in CoNLL; other ids get numbers above every such N).
 * Multiword-token lines (`1-2`) carry no annotation and are not words (the
 * words are the syntactic words after them).  What the model cannot hold,
 * counted per document (xp_corefud_tally):
 * - a discontinuous mention (`(e1[1/2]` ... `e1[1/2])` ... `(e1[2/2])`) is
 *   read as its covering span, as MMAX2's are (io/mmax2.h);
 * - a mention on empty nodes (`5.1` lines, zeros) is read as the words it
 *   covers; one that covers no word is dropped;
 * - `SplitAnte=` and `Bridge=` (split antecedents, bridging) are not
 *   coreference chains: counted, and kept in the sentence's text.
 * A bracket that does not close in its sentence, closes what was not
 * opened, or has no entity id, and a token line without 10 columns, are
 * errors naming file:line (--repair drops the bracket or the line).
 *
 * Writing: a sentence read from CoNLL-U keeps its text (xp_utt.raw) and is
 * written back byte for byte while its mentions are those it was read with,
 * so read -> write is exact for files with LF line ends and one blank line
 * after each sentence.  Where the mentions changed, the sentence keeps its
 * lines and its Entity values are rewritten from the model (mentions on
 * empty nodes, and attributes such as etype and head, are then lost);
 * a sentence from another format is written with `# newdoc id`,
 * `# global.Entity`, `# sent_id`, `# text`, `# speaker` and ten columns of
 * which FORM and MISC are filled, its mentions as `(eN` / `eN)`.
 */
#ifndef XP_CONLLU_H
#define XP_CONLLU_H

#include "../base/buf.h"
#include "read.h"

int xp_conllu_read(const char *name, const char *buf, size_t len, const xp_read_opts *o, xp_corpus *c,
		   xp_err *err);
int xp_conllu_write(xp_buf *out, const xp_corpus *c, xp_err *err);

/* What a corpus's CorefUD documents held that the model does not, summed
 * from their metadata. */
typedef struct xp_corefud_tally {
	size_t documents;      /* documents read from CoNLL-U */
	size_t discontinuous;  /* read as their covering span */
	size_t zero;           /* mentions of empty nodes only: dropped */
	size_t split_ante;     /* SplitAnte links: not chains */
	size_t bridge;         /* Bridge links: not chains */
} xp_corefud_tally;
void xp_corefud_tally_of(const xp_corpus *c, xp_corefud_tally *t);

#endif
