/*
 * bench/synth_subs.c — subtitles with a known alignment, made from a
 * transcript, for the aligner benchmark.
 *
 *   synth_subs [--noise P] [--seed S] [--repeat K] IN.xml OUT.srt [OUT.xml]
 *
 * Each utterance becomes blocks of at most 2 x 42 characters, every line
 * tagged <uid,Speaker> with the utterance it came from, so `xproj
 * align-eval` scores against the exact truth.  With noise P (seeded):
 * short utterances dropped (P/3), short neighbours merged into a dash block
 * (P), paraphrases (P: contractions, fillers out, numbers as digits),
 * "[laughter]" and song blocks inserted (P/5), adjacent blocks swapped
 * (P/20).  --repeat K writes the transcript K times over, as one long
 * episode (OUT.xml receives that transcript, uids made unique).
 */
#include "base/buf.h"
#include "base/file.h"
#include "io/transcript.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng = 0x9E3779B97F4A7C15ull;
static double uni(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

typedef struct block {
	char *text;   /* lines separated by '\n', each already tagged */
} block;

typedef struct out {
	block *v;
	size_t n, cap;
} out;

static void add(out *o, char *text)
{
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 256;
		o->v = realloc(o->v, o->cap * sizeof *o->v);
	}
	o->v[o->n++].text = text;
}

static const char *const para[][2] = {
	{"going to", "gonna"}, {"you are", "you're"}, {"I am", "I'm"}, {"do not", "don't"},
	{"uh, ", ""}, {"um, ", ""}, {"Well, ", ""}, {"two", "2"}, {"three", "3"}, {"Come on", "C'mon"},
};

static char *paraphrase(const char *s, double p)
{
	char *t = strdup(s);
	for (size_t k = 0; k < sizeof para / sizeof *para; k++) {
		char *hit = strstr(t, para[k][0]);
		if (!hit || uni() >= p)
			continue;
		size_t a = strlen(para[k][0]), b = strlen(para[k][1]);
		char *u = malloc(strlen(t) - a + b + 1);
		memcpy(u, t, (size_t)(hit - t));
		memcpy(u + (hit - t), para[k][1], b);
		strcpy(u + (hit - t) + b, hit + a);
		free(t);
		t = u;
	}
	return t;
}

/* the utterance's blocks: lines of <= 42 characters, two lines a block */
static void split(out *o, const char *tag, const char *text)
{
	xp_buf blk = {0};
	const char *p = text;
	int lines = 0;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		size_t n = strlen(p), cut = n;
		if (n > 42) {
			cut = 42;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = 42;
		}
		if (lines)
			xp_buf_putc(&blk, '\n');
		xp_buf_printf(&blk, "%s%.*s", tag, (int)cut, p);
		p += cut;
		if (++lines == 2) {
			add(o, strndup(blk.p, blk.n));
			blk.n = 0, lines = 0;
		}
	}
	if (lines)
		add(o, strndup(blk.p, blk.n));
	xp_buf_free(&blk);
}

int main(int argc, char **argv)
{
	double noise = 0;
	int repeat = 1, i = 1;
	for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--noise")) noise = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--seed")) rng ^= strtoull(argv[i + 1], NULL, 10) * 0x2545F4914F6CDD1Dull;
		else if (!strcmp(argv[i], "--repeat")) repeat = atoi(argv[i + 1]);
	}
	if (argc - i < 2 || repeat < 1)
		return fprintf(stderr, "usage: synth_subs [--noise P] [--seed S] [--repeat K] IN.xml OUT.srt [OUT.xml]\n"), 2;
	xp_corpus c = {0};
	xp_err e;
	if (xp_transcript_read(argv[i], XP_TR_TV4DIALOG, &c, &e))
		return fprintf(stderr, "%s:%lu: %s\n", e.file, e.line, e.msg), 1;
	out o = {0};
	xp_buf xml = {0};
	xp_buf_puts(&xml, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<script>\n");
	for (int r = 0; r < repeat; r++)
		for (size_t d = 0; d < c.ndocs; d++) {
			const xp_doc *doc = &c.docs[d];
			xp_buf_printf(&xml, "<scene id=\"%d\">", r * 1000 + doc->part);
			for (size_t u = 0; u < doc->nutts; u++) {
				const xp_utt *ut = &doc->utts[u];
				char uid[64], tag[256];
				snprintf(uid, sizeof uid, repeat > 1 ? "%d.%s" : "%.0d%s", r, ut->uid ? ut->uid : "?");
				snprintf(tag, sizeof tag, "<%s,%s>", uid, ut->speaker);
				xp_buf_printf(&xml, "<utterance uid=\"%s\"><speaker>%s</speaker><content>", uid, ut->speaker);
				for (const char *p = ut->text; *p; p++)
					xp_buf_puts(&xml, *p == '<' ? "&lt;" : *p == '&' ? "&amp;" : (char[2]){*p, 0});
				xp_buf_puts(&xml, "</content></utterance>\n");
				size_t len = strlen(ut->text);
				if (uni() < noise / 5)
					add(&o, strdup(uni() < 0.5 ? "[laughter]" : "\xe2\x99\xaa la la la \xe2\x99\xaa"));
				if (len < 20 && uni() < noise / 3)
					continue;
				char *t = paraphrase(ut->text, noise);
				const xp_utt *nx = u + 1 < doc->nutts ? &doc->utts[u + 1] : NULL;
				if (nx && len < 30 && strlen(nx->text) < 30 && uni() < noise) {
					char uid2[64], *both;
					snprintf(uid2, sizeof uid2, repeat > 1 ? "%d.%s" : "%.0d%s", r, nx->uid ? nx->uid : "?");
					size_t n = strlen(t) + strlen(nx->text) + 2 * strlen(tag) + 64;
					both = malloc(n);
					snprintf(both, n, "%s- %s\n<%s,%s>- %s", tag, t, uid2, nx->speaker, nx->text);
					add(&o, both);
					xp_buf_printf(&xml, "<utterance uid=\"%s\"><speaker>%s</speaker><content>", uid2, nx->speaker);
					for (const char *p = nx->text; *p; p++)
						xp_buf_puts(&xml, *p == '<' ? "&lt;" : *p == '&' ? "&amp;" : (char[2]){*p, 0});
					xp_buf_puts(&xml, "</content></utterance>\n");
					u++;
				} else {
					split(&o, tag, t);
				}
				free(t);
			}
			xp_buf_puts(&xml, "</scene>\n");
		}
	xp_buf_puts(&xml, "</script>\n");
	for (size_t k = 0; k + 1 < o.n; k++)
		if (uni() < noise / 20) {
			block t = o.v[k];
			o.v[k] = o.v[k + 1], o.v[k + 1] = t;
		}
	xp_buf srt = {0};
	for (size_t k = 0; k < o.n; k++) {
		long a = (long)k * 2000, b = a + 1900;
		xp_buf_printf(&srt, "%zu\n%02ld:%02ld:%02ld,%03ld --> %02ld:%02ld:%02ld,%03ld\n%s\n\n", k + 1,
			      a / 3600000, a / 60000 % 60, a / 1000 % 60, a % 1000, b / 3600000, b / 60000 % 60,
			      b / 1000 % 60, b % 1000, o.v[k].text);
		free(o.v[k].text);
	}
	int rc = xp_write_file(argv[i + 1], srt.p, srt.n, &e) ||
		 (argc - i > 2 && xp_write_file(argv[i + 2], xml.p, xml.n, &e));
	if (rc)
		fprintf(stderr, "%s: %s\n", e.file, e.msg);
	free(o.v);
	xp_buf_free(&srt);
	xp_buf_free(&xml);
	xp_corpus_free(&c);
	return rc;
}
