/* tools/subs_notes.c — what reading subtitles decided, told on stderr; see cli.h. */
#include "cli.h"
#include "../align/batch.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void clock(char *out, size_t n, int64_t ms)
{
	snprintf(out, n, "%02lld:%02lld:%02lld,%03lld", (long long)(ms / 3600000), (long long)(ms / 60000 % 60),
		 (long long)(ms / 1000 % 60), (long long)(ms % 1000));
}

static void note_start(const char *cmd, const char *path)
{
	/* "\r": over a progress line on a terminal; an archive member's name
	 * is data, shown escaped */
	fprintf(stderr, "%sxproj %s: ", isatty(2) ? "\r" : "", cmd);
	xp_cli_put_untrusted(stderr, path);
}

void xp_cli_note_read(void *cmd, const char *path, const xp_subs *s)
{
	char cs[96];
	if (s->charset.how != XP_CS_UTF8 && s->charset.how != XP_CS_DECLARED) {
		xp_charset_str(&s->charset, cs, sizeof cs);
		note_start(cmd, path);
		fprintf(stderr, ": %s, converted to UTF-8\n", cs);
	}
	/* cues out of time order (io/subs.h): what was done about them */
	if (s->unordered_line) {
		note_start(cmd, path);
		fprintf(stderr, ":%u: a cue out of time order:", s->unordered_line);
		if (s->restarts) {
			char a[32], b[32];
			clock(a, sizeof a, s->restart_from);
			clock(b, sizeof b, s->restart_after);
			if (s->restarts == 1)
				fputs(" the times restart (a later part in the same file?)", stderr);
			else
				fprintf(stderr, " the times restart %u times (later parts in the same file?)", s->restarts);
			fprintf(stderr, ": read in file order, the restart's %s counted on from %s%s", a, b,
				s->moved ? ";" : "");
		}
		if (s->moved)
			fprintf(stderr, " %u cue%s out of place moved into time order", s->moved, s->moved == 1 ? "" : "s");
		fputc('\n', stderr);
	}
	if (s->dups) {
		note_start(cmd, path);
		fprintf(stderr, ":%u: %u cue%s repeating earlier ones (the same times and text as from line %u on: "
			"a chunk pasted twice?): the copy dropped, not read as a restart of the times\n", s->dup_line,
			s->dups, s->dups == 1 ? "" : "s", s->dup_of);
	}
}

void xp_cli_note_spread(const char *cmd, const xp_align_stats *st)
{
	if (!st->spread)
		return;
	fprintf(stderr, "xproj %s: ", cmd);
	xp_cli_put_untrusted(stderr, st->spread_file);
	fprintf(stderr, ":%u: %zu target cue%s spread over the lines of several utterances, none of which holds "
		"a quarter of %s (a credits cue, one cue for many lines?): left unpaired, not glued into one "
		"utterance's target\n", st->spread_line, st->spread, st->spread == 1 ? "" : "s",
		st->spread == 1 ? "it" : "one");
}

void xp_cli_note_plan(const char *cmd, const xp_batch *b)
{
	for (size_t i = 0; i < b->nskipped; i++)
		fprintf(stderr, "xproj %s: %s has no subtitle file of its name: skipped\n", cmd, b->skipped[i]);
	for (size_t i = 0; i < b->n; i++) {
		/* an episode split into several jobs: said once, unless a later
		 * job's note says something else */
		size_t first = xp_batch_first_job(b, i);
		if (first != i && b->v[first].note && b->v[i].note && !strcmp(b->v[first].note, b->v[i].note))
			continue;
		if (b->v[i].note) {   /* it names archive members and map keys: data */
			fprintf(stderr, "xproj %s: episode ", cmd);
			xp_cli_put_untrusted(stderr, b->v[i].key);
			fputs(": ", stderr);
			xp_cli_put_untrusted(stderr, b->v[i].note);
			fputc('\n', stderr);
		}
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
