/* tools/pair_args.c — see pair_args.h. */
#include "pair_args.h"
#include "../base/file.h"
#include "../io/read.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

int xp_pair_args_parse(const xp_cmd *cmd, int argc, char **argv, xp_pair_args *a)
{
	static const struct option lo[] = {
		{"source", required_argument, 0, 's'}, {"target", required_argument, 0, 't'},
		{"lang", required_argument, 0, 'l'},   {"tgt-lang", required_argument, 0, 'l'},
		{"tokens", required_argument, 0, 'k'}, {"output", required_argument, 0, 'o'},
		{"repair", no_argument, 0, 'r'},       {"links", required_argument, 0, 'L'},
		{"length-only", no_argument, 0, 'G'},  {"dict-pass", no_argument, 0, 'D'}, {0, 0, 0, 0}};
	static const char *const toks[] = {"file", "words"}, *const links[] = {"auto", "subset", "nm"};
	memset(a, 0, sizeof *a);
	xp_pair_defaults(&a->o);
	int ch, k;
	xp_err e;
	while ((ch = xp_cli_getopt(cmd->name, argc, argv, "o:", lo)) != -1) {
		switch (ch) {
		case 's': a->source = optarg; break;
		case 't': a->target = optarg; break;
		case 'l':
			if (xp_cli_lang("--lang", optarg, &e))
				return xp_cli_bad_value(cmd->name, &e);
			a->o.tgt_lang = optarg;
			break;
		case 'o': a->out = optarg; break;
		case 'r': a->repair = 1; break;
		case 'G': a->o.length_only = 1; break;
		case 'D': a->o.dict_pass = 1; break;
		case 'L':
			if (xp_cli_choice("--links", optarg, links, 3, &k, &e))
				return xp_cli_bad_value(cmd->name, &e);
			a->o.links = k == 1 ? XP_PAIR_LINKS_SUBSET : k == 2 ? XP_PAIR_LINKS_NM : XP_PAIR_LINKS_AUTO;
			break;
		case 'k':
			if (xp_cli_choice("--tokens", optarg, toks, 2, &k, &e))
				return xp_cli_bad_value(cmd->name, &e);
			a->o.tokens = k ? XP_PAIR_TOKENS_WORDS : XP_PAIR_TOKENS_FILE;
			break;
		default: return 2;
		}
	}
	if (a->o.length_only && a->o.dict_pass)
		return xp_cli_bad(cmd->name, "--dict-pass adds anchors, --length-only takes them away: one or the other");
	return optind != argc || !a->source || !a->target || !a->out ? xp_cli_usage(cmd, 2) : 0;
}

int xp_pair_args_read(const xp_pair_args *a, xp_diags *dg, xp_corpus *en, xp_corpus *tg, xp_err *e)
{
	xp_read_opts ro = {.repair = a->repair, .diags = dg};
	const xp_cli_file files[] = {{"--source", a->source, 0}, {"--target", a->target, 0}, {"-o", a->out, 1}};
	if (xp_cli_check_files(files, 3, e) || xp_read_corpus(a->source, XP_FMT_AUTO, &ro, en, e) ||
	    xp_need_some(a->source, en->ndocs, "documents", e) || xp_read_corpus(a->target, XP_FMT_AUTO, &ro, tg, e) ||
	    xp_need_some(a->target, tg->ndocs, "documents", e))
		return -1;
	xp_cli_read_notes(a->source, en);
	xp_cli_read_notes(a->target, tg);
	return 0;
}

int xp_pair_args_done(const xp_pair_args *a, int rc, const xp_buf *b, xp_diags *dg, xp_err *e)
{
	if (rc && !e->file[0])
		snprintf(e->file, sizeof e->file, "%s", a->target);
	if (!rc)
		rc = b->oom ? xp_failc(e, XP_ENOMEM, a->out, 0, "out of memory") != 0
			    : xp_write_file(a->out, b->p ? b->p : "", b->n, e) != 0;
	if (a->repair)
		xp_cli_diags(dg);
	if (rc)
		xp_cli_error(e);
	return rc ? 1 : 0;
}
