/* tools/subs_notes.c — what reading subtitles decided, told on stderr; see cli.h. */
#include "cli.h"
#include "../align/batch.h"

#include <stdio.h>
#include <unistd.h>

void xp_cli_note_read(void *cmd, const char *path, const xp_subs *s)
{
	char cs[96];
	if (s->charset.how == XP_CS_UTF8 || s->charset.how == XP_CS_DECLARED)
		return;
	xp_charset_str(&s->charset, cs, sizeof cs);
	/* "\r": over a progress line on a terminal; an archive member's name
	 * is data, shown escaped */
	fprintf(stderr, "%sxproj %s: ", isatty(2) ? "\r" : "", (const char *)cmd);
	xp_cli_put_untrusted(stderr, path);
	fprintf(stderr, ": %s, converted to UTF-8\n", cs);
}

void xp_cli_note_plan(const char *cmd, const xp_batch *b)
{
	for (size_t i = 0; i < b->nskipped; i++)
		fprintf(stderr, "xproj: %s has no subtitle file of its name: skipped\n", b->skipped[i]);
	for (size_t i = 0; i < b->n; i++)
		if (b->v[i].note) {   /* it names archive members and map keys: data */
			fprintf(stderr, "xproj %s: episode ", cmd);
			xp_cli_put_untrusted(stderr, b->v[i].key);
			fputs(": ", stderr);
			xp_cli_put_untrusted(stderr, b->v[i].note);
			fputc('\n', stderr);
		}
}

void xp_cli_removed(const xp_asides *r, char *out, size_t n)
{
	const struct {
		uint32_t v;
		const char *one, *many;
	} part[] = {{r->notes, "translator's note", "translators' notes"},
		    {r->songs, "line's song markers", "lines' song markers"},
		    {r->cues, "hearing-impaired cue", "hearing-impaired cues"}};
	size_t k = 0;
	*out = '\0';
	for (int i = 0; i < 3; i++)
		if (part[i].v && k < n)
			k += (size_t)snprintf(out + k, n - k, "%s%u %s", k ? ", " : "", part[i].v,
					      part[i].v == 1 ? part[i].one : part[i].many);
}
