/*
 * tools/groups.h — option groups that several subcommands share, each
 * defined once: its long options and how their values are read and
 * checked.  `pipeline` takes the groups of the stage commands it runs
 * (align's subtitles and alignment, wordalign's, project's), so an option
 * means the same, with the same range, wherever it is accepted.
 *
 * A command's table is its groups and its own options (xp_opts_table);
 * getopt returns a group option's val (>= 256, unique across groups), which
 * the command hands to the group's reader.  A reader returns 1 when the
 * option is not its own, 0 when read, XP_EUSAGE with e filled on a bad
 * value.
 */
#ifndef XP_GROUPS_H
#define XP_GROUPS_H

#include "cli.h"
#include "../align/batch.h"
#include "../align/sym.h"
#include "../align/wordalign.h"
#include "../project/project.h"

#include <getopt.h>

/* --subs --episodes --encoding --keep-asides --to-simplified */
extern const struct option xp_opts_subs[];
/* --tgt-subs --links --tgt-encoding */
extern const struct option xp_opts_tgt_subs[];
/* --tgt-lang --unspaced-tokens: the target's language and tokens */
extern const struct option xp_opts_target[];
/* --band --threshold: the utterance aligner */
extern const struct option xp_opts_ualign[];
/* --alignments --probs --one-based: a word alignment made elsewhere */
extern const struct option xp_opts_alignments[];
/* --sym --seed --threads --samplers --iters --settle --lowercase --no-normalize[=PART,...] */
extern const struct option xp_opts_wordalign[];
/* --rule --gap --max-ratio --trim-punct --min-prob --collisions --prodrop
 * --chars --skip-articles --rules ..., and the packs' switches of earlier
 * releases (lang.h xp_lang_rule.off), which xp_opts_table adds after it */
extern const struct option xp_opts_project[];

/* Concatenate the NULL-terminated list of tables (each ending in {0}) into
 * out, which has room for cap entries with the end; 0, or XP_EFAIL (a
 * table too small for its command: a programming error) in e. */
/* --keep-empty: a command writing a target corpus (training data) leaves
 * out documents without a sentence unless given it.  --allow-empty: it
 * refuses a result with nothing projected (or nothing aligned), which would
 * replace good outputs with nothing, unless given it. */
extern const struct option xp_opts_output[];

int xp_opts_table(struct option *out, size_t cap, const struct option *const *tables, xp_err *e);

int xp_opt_subs(int ch, const char *v, xp_plan_src *src, xp_batch_opts *bo, xp_err *e);
/* reads xp_opts_target's and xp_opts_ualign's */
int xp_opt_ualign(int ch, const char *v, xp_batch_opts *bo, xp_err *e);
int xp_opt_alignments(int ch, const char *v, const char **path, const char **probs, int *one_based, xp_err *e);
int xp_opt_wordalign(int ch, const char *v, xp_wa_opts *wa, xp_sym *sym, xp_err *e);
int xp_opt_project(int ch, const char *v, xp_proj_opts *o, xp_err *e);
int xp_opt_output(int ch, int *keep_empty, int *allow_empty);
/* 0, or 2 after saying that --keep-empty cannot be kept to: OUT is
 * CoNLL-U (.conllu), where a document is named on its first sentence, so
 * one without a sentence had no place and was lost without a word (the
 * "not written" count is not said under --keep-empty) */
int xp_keep_empty_fits(const char *cmd, int keep_empty, const char *out);

#endif
