/* lang/rules.c — the one rule switch (--rules SPEC): the default set from
 * the packs' tables and the spec's parser; see lang.h. */
#include "lang.h"
#include <stdio.h>
#include <string.h>

/* each rule of every pack (the generic one's too), once per pack */
static void each_rule(void (*f)(const xp_lang_rule *, void *), void *arg)
{
	size_t n;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	for (size_t i = 0; i < xp_lang_nrules(xp_lang_generic()); i++)
		f(xp_lang_rule_at(xp_lang_generic(), i), arg);
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < xp_lang_nrules(all[k]); i++)
			f(xp_lang_rule_at(all[k], i), arg);
}

static void set(xp_rule_sel *s, const xp_lang_rule *r, int on)
{
	switch (r->kind) {
	case XP_RK_PRONOUN: s->pron = on ? s->pron | (unsigned)r->bit : s->pron & ~(unsigned)r->bit; break;
	case XP_RK_NP: s->np = on ? s->np | r->bit : s->np & ~r->bit; break;
	case XP_RK_PRODROP: s->prodrop = on; break;
	}
}

static void set_default(const xp_lang_rule *r, void *arg)
{
	if (r->on)
		set(arg, r, 1);
}

static void set_all(const xp_lang_rule *r, void *arg)
{
	set(arg, r, 1);
}

void xp_rules_default(xp_rule_sel *s)
{
	memset(s, 0, sizeof *s);
	each_rule(set_default, s);
}

int xp_rules_on(const xp_rule_sel *s, const xp_lang_rule *r)
{
	switch (r->kind) {
	case XP_RK_PRONOUN: return (s->pron & r->bit) != 0;
	case XP_RK_NP: return (s->np & r->bit) != 0;
	case XP_RK_PRODROP: return s->prodrop != 0;
	}
	return 0;
}

int xp_rules_parse(const char *spec, xp_rule_sel *s, char *bad, size_t cap)
{
	const char *p = spec ? spec : "";
	do {
		size_t n = strcspn(p, ",");
		const char *a = p, *b = p + n;
		while (a < b && (*a == ' ' || *a == '\t'))
			a++;
		while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		char item[64];
		int ok = (size_t)(b - a) < sizeof item && b > a;
		if (ok) {
			memcpy(item, a, (size_t)(b - a));
			item[b - a] = '\0';
			const char *name = item + (item[0] == '+' || item[0] == '-');
			const xp_lang_rule *r;
			if (!strcmp(item, "default"))
				xp_rules_default(s);
			else if (!strcmp(item, "none"))
				memset(s, 0, sizeof *s);
			else if (!strcmp(item, "all"))
				memset(s, 0, sizeof *s), each_rule(set_all, s);
			else if ((r = xp_lang_rule_named(name, NULL)) != NULL)
				set(s, r, item[0] != '-');
			else
				ok = 0;
		}
		if (!ok) {
			if (cap)
				snprintf(bad, cap, "%.*s", (int)n, p);
			return -1;
		}
		p += n;
	} while (*p++ == ',');
	return 0;
}

/* the first rule, in xp_lang_off_switch's order, whose switch is `off` */
static const xp_lang_rule *off_first(const char *off)
{
	size_t n;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	for (size_t j = 0; j <= n; j++) {
		const xp_lang_pack *p = j ? all[j - 1] : xp_lang_generic();
		for (size_t i = 0; i < xp_lang_nrules(p); i++)
			if (xp_lang_rule_at(p, i)->off && !strcmp(xp_lang_rule_at(p, i)->off, off))
				return xp_lang_rule_at(p, i);
	}
	return NULL;
}

const xp_lang_rule *xp_lang_off_switch(size_t k)
{
	size_t n;
	const xp_lang_pack *const *all = xp_lang_packs(&n);
	for (size_t j = 0; j <= n; j++) {
		const xp_lang_pack *p = j ? all[j - 1] : xp_lang_generic();
		for (size_t i = 0; i < xp_lang_nrules(p); i++) {
			const xp_lang_rule *r = xp_lang_rule_at(p, i);
			if (!r->off || off_first(r->off) != r)
				continue;
			if (k-- == 0)
				return r;
		}
	}
	return NULL;
}
