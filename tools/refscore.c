/*
 * tools/refscore.c — `xproj score --format reference`: the totals in the
 * layout of the reference scorer (conll/reference-coreference-scorers,
 * scorer.pl v8.01, run with the document name "none"), so that scripts
 * written to parse its output (e2e-coref's and the CoNLL-2012 scripts'
 * regular expressions over "Coreference: Recall: (n / d) r%\tPrecision:
 * ...", BLANC's last line) can switch to xproj unchanged.
 *
 * What scorer.pl prints and how: for each metric "METRIC name:", then the
 * totals block; each figure line is ShowRPF's: the raw numerators and
 * denominators as Perl prints numbers (%.15g), percentages truncated, not
 * rounded, to two decimals (int(x * 10000) / 100), and a rule of 74 dashes.
 * BLANC gives its coreference and non-coreference links and then the BLANC
 * line with its recall and precision over 1.
 */
#include "cli.h"
#include "../eval/score.h"

#include <math.h>
#include <stdio.h>

/* a number as Perl's print shows it */
static void perl_num(FILE *f, double x)
{
	fprintf(f, "%.15g", x);
}

/* ShowRPF: "Recall: (n / d) r%\tPrecision: (n / d) p%\tF1: f%", then the rule */
static void rpf(FILE *f, double rn, double rd, double pn, double pd, const double *f1_given)
{
	double r = rd ? rn / rd : 0, p = pd ? pn / pd : 0;
	double f1 = f1_given ? *f1_given : r + p ? 2 * p * r / (p + r) : 0;
	fputs("Recall: (", f), perl_num(f, rn), fputs(" / ", f), perl_num(f, rd), fputs(") ", f);
	perl_num(f, trunc(r * 10000) / 100);
	fputs("%\tPrecision: (", f), perl_num(f, pn), fputs(" / ", f), perl_num(f, pd), fputs(") ", f);
	perl_num(f, trunc(p * 10000) / 100);
	fputs("%\tF1: ", f), perl_num(f, trunc(f1 * 10000) / 100);
	fputs("%\n--------------------------------------------------------------------------\n", f);
}

void xp_cli_score_reference(FILE *f, const xp_scores *s, unsigned mask)
{
	static const xp_metric order[] = {XP_MUC, XP_BCUB, XP_CEAFM, XP_CEAFE, XP_BLANC, XP_LEA};
	const xp_rp *id = &s->m[XP_MENTIONS];
	fprintf(f, "version: 8.01 (the reference scorer's layout, from xproj)\n");
	for (size_t k = 0; k < sizeof order / sizeof *order; k++) {
		xp_metric m = order[k];
		if (!(mask & 1u << m))
			continue;
		fprintf(f, "\nMETRIC %s:\n\n====== TOTALS =======\nIdentification of Mentions: ", xp_metric_name(m));
		rpf(f, id->rn, id->rd, id->pn, id->pd, NULL);
		if (m != XP_BLANC) {
			fputs("Coreference: ", f);
			rpf(f, s->m[m].rn, s->m[m].rd, s->m[m].pn, s->m[m].pd, NULL);
			continue;
		}
		const xp_rp *c = &s->blanc_coref, *n = &s->blanc_noncoref;
		double r, p, f1;
		xp_prf(s, XP_BLANC, &r, &p, &f1);
		fputs("\nCoreference:\nCoreference links: ", f);
		rpf(f, c->rn, c->rd, c->pn, c->pd, NULL);
		fputs("Non-coreference links: ", f);
		rpf(f, n->rn, n->rd, n->pn, n->pd, NULL);
		fputs("BLANC: ", f);
		rpf(f, r, 1, p, 1, &f1);
	}
}
