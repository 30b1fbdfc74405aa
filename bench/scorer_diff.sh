#!/bin/sh
# bench/scorer_diff.sh — xproj score against the reference scorer on random
# documents whose spans repeat in several clusters (issue 32, D9):
#
#   SCORER=DIR sh bench/scorer_diff.sh [N]      (N pairs, default 200; XPROJ=build/xproj)
#
# DIR holds scorer.pl: the reference scorer with LEA (Moosavi's
# LEA-coreference-scorer, which is conll/reference-coreference-scorers v8.01
# plus LEA; v8.01 alone has no LEA, whose rows are then skipped).  For each
# pair and each metric, recall and precision (numerator over denominator,
# as both print them) must agree to 1e-6; F1 is not compared, scorer.pl
# truncates it.  A pair whose key or response the CoNLL reader reads with a
# warning about a duplicate mention (one span twice in one cluster, where
# two same-cluster brackets open or close on one token and the reader pairs
# them otherwise than scorer.pl) is skipped and counted.  Prints each
# difference and "N pairs, N skipped, N differences"; exit 1 on a difference.
set -u
XPROJ=${XPROJ:-build/xproj}
N=${1:-200}
: "${SCORER:?SCORER=DIR: the directory of the reference scorer's scorer.pl}"
case $XPROJ in /*) ;; *) XPROJ=$(pwd)/$XPROJ ;; esac
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
seed=${DIFF_SEED:-$$}
doc() { # SEED FILE: 3-8 tokens, 2-12 spans of 1-2 tokens in 1-3 clusters
	awk -v s="$1" 'BEGIN { srand(s); print "#begin document (d); part 000"
		n = 3 + int(rand() * 6); nc = 1 + int(rand() * 3); for (i = 0; i < n; i++) col[i] = ""
		m = 2 + int(rand() * 11)
		for (k = 0; k < m; k++) {
			c = int(rand() * nc); st = int(rand() * n); ln = rand() < 0.6 || st == n - 1 ? 0 : 1
			key = st "," ln "," c; if (key in seen) continue; seen[key] = 1
			if (ln == 0) col[st] = col[st] (col[st] == "" ? "" : "|") "(" c ")"
			else { col[st] = col[st] (col[st] == "" ? "" : "|") "(" c; col[st + 1] = col[st + 1] (col[st + 1] == "" ? "" : "|") c ")" }
		}
		for (i = 0; i < n; i++) printf "d\t0\t%d\tw%d\tNN\t-\t-\t-\t-\t-\t-\t-\t%s\n", i, i, col[i] == "" ? "-" : col[i]
		print ""; print "#end document" }' > "$2"
}
# rp FILE: "rn rd pn pd" of the last figure line (BLANC's for blanc)
rp() {
	grep -E '^(Coreference|BLANC): Recall' "$1" | tail -1 |
		sed -E 's/.*Recall: \(([^ ]+) \/ ([^)]+)\).*Precision: \(([^ ]+) \/ ([^)]+)\).*/\1 \2 \3 \4/'
}
lea=1
(cd "$SCORER" && perl scorer.pl lea /dev/null /dev/null none 2>&1) | grep -q 'Invalid metric' && lea=0
k=0 skipped=0 diffs=0
while [ $k -lt "$N" ]; do
	k=$((k + 1))
	doc $((seed * 7 + k)) $W/key.conll
	doc $((seed * 11 + k)) $W/resp.conll
	if "$XPROJ" validate $W/key.conll $W/resp.conll 2>&1 | grep -q 'same span, same cluster'; then
		skipped=$((skipped + 1)); continue
	fi
	for m in muc bcub ceafm ceafe blanc lea; do
		[ $m = lea ] && [ $lea = 0 ] && continue
		(cd "$SCORER" && perl scorer.pl $m $W/key.conll $W/resp.conll none) >$W/ref 2>&1
		"$XPROJ" score --format reference --metric $m $W/key.conll $W/resp.conll >$W/got 2>/dev/null
		a=$(rp $W/ref) b=$(rp $W/got)
		if ! awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " ")
			r1 = x[2] ? x[1] / x[2] : 0; r2 = y[2] ? y[1] / y[2] : 0; p1 = x[4] ? x[3] / x[4] : 0; p2 = y[4] ? y[3] / y[4] : 0
			d = r1 - r2; e = p1 - p2; exit !(a != "" && b != "" && d * d < 1e-12 && e * e < 1e-12) }'; then
			diffs=$((diffs + 1))
			echo "pair $k $m: scorer.pl '$a', xproj '$b'"
			[ $diffs -le 3 ] && { cat $W/key.conll; cat $W/resp.conll; }
		fi
	done
done
echo "$N pairs, $skipped skipped, $diffs differences$([ $lea = 0 ] && echo ' (no LEA in this scorer.pl)')"
[ $diffs = 0 ]
