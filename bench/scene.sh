# bench/scene.sh — what GET /api/mention's scene costs as the page widens it
# (context up to the server's 400 utterances either side), on a synthetic
# long scene: one document of SCENE_UTTS utterances (default 1000) of five
# tokens, each a one-token mention; the first token of every utterance is a
# mention of one long chain ("I" said on every line), the others each of
# its own.  The target is the English, token for token.  Prints
# bench/scene_bench's CPU per read of the chain's middle mention at contexts
# 8 (the page's first), 48, 100, 200 and 400 with their ratios to 8, then,
# with CALLGRIND=1, the instructions of xp_db_mention at 8 and at 400.
#
#   nice sh bench/scene.sh          (XPROJ, BUILD as the other benches)
set -eu
: "${XPROJ:=build/xproj}" "${BUILD:=build}" "${SCENE_UTTS:=1000}" "${SCENE_N:=20}"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
[ -x $BUILD/bench/scene_bench ] || { echo "scene.sh: build $BUILD/bench/scene_bench first (make $BUILD/bench/scene_bench)" >&2; exit 1; }
awk -v n="$SCENE_UTTS" -v dir="$T" 'BEGIN {
	en = dir "/en.conll"; al = dir "/aligned.jsonl"; ph = dir "/pairs.pharaoh"
	print "#begin document (d); part 000" > en
	for (u = 0; u < n; u++) {
		src = ""
		for (t = 0; t < 5; t++) {
			w = t ? "w" t : "I"
			printf "d\t0\t%d\t%s\tna\tna\tna\tna\tna\tS\tna\tna\tna\t(%d)\n", t, w, t ? 1 + u * 4 + t : 0 > en
			src = src (t ? "," : "") "\"" w "\""
		}
		print "" > en
		printf "{\"doc\":\"d\",\"part\":0,\"utt\":%d,\"speaker\":\"S\",\"src\":[%s],\"tgt_lang\":\"zh\",\"tgt_text\":\"x\",\"tgt\":[%s],\"en_subs\":[1],\"tgt_subs\":[1],\"score\":1}\n", u, src, src > al
		print "0-0 1-1 2-2 3-3 4-4" > ph
	}
	print "#end document" > en
}'
$XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl --alignments $T/pairs.pharaoh -o $T/zh.conll \
	--report $T/r.json 2>/dev/null
$XPROJ db import $T/c.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json > /dev/null 2>&1
# the chain's mention in the middle utterance: its key is d|ID, ID the
# mention's number in reading order (five a line)
key="d|$((SCENE_UTTS / 2 * 5))"
echo "synthetic scene: $SCENE_UTTS utterances, $((SCENE_UTTS * 5)) mentions, a chain of $SCENE_UTTS; $key, $SCENE_N reads each:"
$BUILD/bench/scene_bench $T/c.db "$key" $SCENE_N 8 48 100 200 400
if [ "${CALLGRIND:-0}" = 1 ]; then
	for c in 8 400; do
		valgrind --tool=callgrind --callgrind-out-file=$T/cg.$c --toggle-collect=xp_db_mention \
			$BUILD/bench/scene_bench $T/c.db "$key" 1 $c > /dev/null 2>&1
		printf '  instructions of xp_db_mention (2 reads), context %s: %s\n' $c \
			"$(callgrind_annotate $T/cg.$c 2>/dev/null | awk '/PROGRAM TOTALS/ { print $1 }')"
	done
fi
