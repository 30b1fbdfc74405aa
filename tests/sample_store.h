/*
 * tests/sample_store.h — the bundled sample (tools/sample: 92 mentions, 85
 * projected through the hand word alignments) as a correction store in
 * dir/corrections.db, made by the pipeline; for the workbench's tests, fuzz
 * target and benchmark.  Test code only.
 */
#ifndef XP_SAMPLE_STORE_H
#define XP_SAMPLE_STORE_H

#include "pipeline/pipeline.h"

static inline int sample_store(const char *dir, xp_err *e)
{
	xp_pipe_opts o;
	xp_pipe_result r;
	xp_pipe_defaults(&o);
	o.source = "tools/sample/dialogue.conll";
	o.subs = "tools/sample/en.srt";
	o.tgt_subs = "tools/sample/zh.srt";
	o.align.tgt_lang = "zh";
	o.alignments = "tools/sample/zh.pharaoh";
	o.outdir = dir;
	return xp_pipeline(&o, &r, e);
}

#endif
