/*
 * tests/install/use_xproj.c — a program built against an installed xproj
 * with `pkg-config --cflags --libs xproj` and nothing else (install.sh):
 * the umbrella header, the version, a corpus read and scored against
 * itself, and the error kinds a caller tells apart.
 *
 *   use_xproj CORPUS    prints the version, the counts, the CoNLL F1, the kinds
 */
#include <xproj/xproj.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	if (strcmp(xp_version(), XP_VERSION_STRING)) {
		fprintf(stderr, "library %s, headers %s\n", xp_version(), XP_VERSION_STRING);
		return 1;
	}
	xp_corpus c = {0};
	xp_err e;
	if (xp_read_corpus(argv[1], XP_FMT_AUTO, NULL, &c, &e) < 0) {
		char s[1200];
		xp_err_str(&e, s, sizeof s);
		fprintf(stderr, "%s\n", s);
		return 1;
	}
	xp_counts n;
	xp_corpus_counts(&c, &n);
	xp_scores sc = {0};
	int rc = xp_score_corpus(&c, &c, XP_ALL_METRICS, &sc, NULL, NULL, &e);
	printf("version %s\ndocuments %zu, mentions %zu, clusters %zu\nself CoNLL F1 %.2f\n", xp_version(), n.documents,
	       n.mentions, n.clusters, rc < 0 ? -1.0 : 100 * xp_conll_f1(&sc));
	xp_corpus_free(&c);
	/* the kinds: a missing file, a malformed one */
	xp_corpus d = {0};
	rc = xp_read_corpus("/nonexistent/x.conll", XP_FMT_AUTO, NULL, &d, &e);
	printf("missing file: %s\n", xp_code_name(rc));
	xp_corpus_free(&d);
	static const char bad[] = "#begin document (d); part 000\nd 0 0 We - - - - - - (0\n\n#end document\n";
	rc = xp_read_corpus_mem("bad.conll", bad, sizeof bad - 1, XP_FMT_CONLL, NULL, &d, &e);
	printf("malformed file: %s (line %lu)\n", xp_code_name(rc), e.line);
	xp_corpus_free(&d);
	return 0;
}
