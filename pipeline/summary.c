/* pipeline/summary.c — the human summary of a run.  Every number in it is
 * also in report.json or countable in the output files (the end-to-end
 * test checks that), so the two can never tell different stories. */
#include "pipeline.h"
#include "../model/zhseg.h"
#include "../lang/lang.h"

static double pct(size_t part, size_t whole) { return whole ? 100.0 * part / whole : 0; }

static void align_lines(const xp_pipe_opts *o, const xp_pipe_result *r, xp_buf *b)
{
	const xp_align_stats *a = &r->align;
	xp_buf_printf(b, "  episodes     %zu (%zu without subtitles)\n", r->episodes, r->no_subs);
	xp_buf_printf(b, "  utterances   %zu, aligned to subtitles %zu (%.1f%%), with an empty target %zu\n",
		      a->utterances, a->aligned, pct(a->aligned, a->utterances), a->empty_target);
	/* the records of aligned.jsonl with a "doubt" (align/uconf.h) */
	xp_buf_printf(b, "  doubtful     %zu utterances doubtful (paired with subtitle lines out of time or order, or "
		      "unlike them; first in triage)\n", a->doubtful);
	xp_buf_printf(b, "  bitext       %zu sentence pairs, %zu word links (%s)\n", r->pairs, r->links,
		      o->alignments ? o->alignments : xp_sym_name(o->sym));
	/* the English mentions the aligner held together (pairs.spans): a run
	 * says whether its links are made with them (docs/cmd/pipeline.md) */
	if (r->span_blocks)
		xp_buf_printf(b, "  aligner      %ld blocks of English mentions held together (factor %g; "
			      "--no-spans leaves them out)\n", r->span_blocks, o->wa.span_factor);
	/* what it learned from the corrections of earlier runs, or why nothing */
	if (r->db_pairs)
		xp_buf_printf(b, "  learned      %zu span pairs a person confirmed in %s (earlier runs' corrections, "
			      "--db-pairs)\n", r->db_pairs, xp_out_name(XP_OUT_DB));
	if (o->dict && !o->alignments)
		xp_buf_printf(b, "  learned      %zu pairs of the dictionary %s (--dict; %zu more have a word the "
			      "bitext lacks)%s\n", r->dict_pairs, o->dict, r->dict_unseen,
			      !r->dict_pairs && r->dict_unseen ? ": it did nothing (a dictionary of another language pair?)" : "");
	if (r->db_pairs_other)
		xp_buf_printf(b, "  learned      not from %zu run(s) of other languages in %s (%s)\n", r->db_pairs_other,
			      xp_out_name(XP_OUT_DB), r->db_pairs_langs);
}

static void project_lines(const xp_pipe_result *r, xp_buf *b)
{
	const xp_proj_stats *s = &r->proj;
	xp_buf_printf(b, "  mentions     %zu, projected %zu (%.1f%%), in %zu clusters\n", s->mentions, s->projected,
		      pct(s->projected, s->mentions), s->clusters);
	xp_buf_printf(b, "  null         %zu empty target, %zu unaligned, %zu filtered, %zu out of range\n",
		      s->fate[XP_NULL_EMPTY_TARGET], s->fate[XP_NULL_UNALIGNED], s->fate[XP_NULL_FILTERED],
		      s->fate[XP_NULL_OUT_OF_RANGE]);
	xp_buf_printf(b, "  collisions   %zu (%zu dropped, %zu clusters merged); %zu kept once on a coreferent span\n",
		      s->collisions, s->fate[XP_COLLIDED], s->merged_clusters,
		      s->fate[XP_SAME_SPAN] - s->merged_clusters);
	xp_buf_printf(b, "  spans        %zu nested, %zu crossing; %zu by pro-drop recovery\n", s->nested, s->crossing,
		      s->prodrop);
	if (r->empty_docs)
		xp_buf_printf(b, "  documents    %zu without a target sentence, not written (--keep-empty writes them)\n",
			      r->empty_docs);
	if (r->segmenter < 0)
		xp_buf_printf(b, "  note         %s left out: no jieba data in %s (apt-get install python3-jieba, "
			      "or --segmenter-data DIR)\n", xp_lang_segmenter_rule_name(), XP_ZHSEG_DIR);
}

static void output_lines(const xp_pipe_opts *o, const xp_pipe_result *r, xp_buf *b)
{
	if (r->run)
		xp_buf_printf(b, "  database     %s/%s, run %lld\n", o->outdir, xp_out_name(XP_OUT_DB),
			      (long long)r->run);
	if (r->run && r->carry_from)
		xp_buf_printf(b, "  corrections  from run %lld: %zu carried over, %zu already so in the new projection, "
			      "%zu not carried%s\n", (long long)r->carry_from, r->carried, r->carry_agrees, r->carry_lost,
			      r->carry_lost ? " (xproj db runs lists them)" : "");
	if (r->run && r->carry_said)
		xp_buf_printf(b, "  re-pairs     %zu carried over, not re-projected with this run's model (xproj db runs "
			      "lists them)\n", r->carry_said);
	xp_buf_printf(b, "  outputs      %s/:", o->outdir);
	for (int f = 0; f < XP_NOUTS; f++)
		if (r->written[f] || f == XP_OUT_SUMMARY)
			xp_buf_printf(b, " %s", xp_out_name((xp_out)f));
	xp_buf_puts(b, "\n  seconds     ");
	for (int s = 0; s < XP_NSTAGES; s++)
		xp_buf_printf(b, " %s %.3f%s", xp_stage_name((xp_stage)s), r->seconds[s], s + 1 < XP_NSTAGES ? "," : "\n");
}

void xp_pipe_summary(const xp_pipe_opts *o, const xp_pipe_result *r, xp_buf *out)
{
	const char *lang = o->align.tgt_lang ? o->align.tgt_lang : r->align.tgt_lang;
	if (o->align.tgt_lang || !(lang && lang[0]))
		xp_buf_printf(out, "xproj pipeline: %s -> %s\n", o->source, lang && lang[0] ? lang : "no target text");
	else
		xp_buf_printf(out, "xproj pipeline: %s -> %s (guessed from the %s script of all the target text; "
			      "--tgt-lang to say)\n", o->source, lang, r->align.script ? r->align.script : "");
	/* the language's pack (lang/lang.h), or that it has none */
	const xp_lang_pack *pk = xp_lang_find(lang);
	if (pk)
		xp_buf_printf(out, "  language     pack %s (%s)\n", pk->code, pk->name);
	else if (lang && lang[0]) {
		xp_buf_puts(out, "  language     ");
		xp_lang_no_pack(lang, out);
		xp_buf_putc(out, '\n');
	}
	align_lines(o, r, out);
	project_lines(r, out);
	output_lines(o, r, out);
}
