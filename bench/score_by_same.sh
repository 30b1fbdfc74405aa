# bench/score_by_same.sh — the word lists of mention and sentence types moved
# from model/mtype.c into the packs (lang/zh.c, lang/fa.c; English's stay in
# model/mtype.c): `score --by type|gender|sentence` of this build against
# BASE's (an xproj from before the move, e.g. main's), byte for byte, on
# mmc-tune (against the corrected files) and MMC dev (against its silver),
# Chinese (--chars) and Farsi, each seed's projection, in tables and JSON,
# their messages and exit codes too (Farsi's gender is refused); and the
# English lists, `--lang en` on the English gold against the projection.
# The projections are BASE's, from bench/audit.sh's cached alignments
# (run `AUDIT_DIR=dir AUDIT_ALIGN_ONLY=1 sh bench/audit.sh` first).
#
#   AUDIT_DIR=dir BASE=old/xproj sh bench/score_by_same.sh
#
# Prints each comparison's count and exits 1 on any difference.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=zh fa}" "${SEEDS:=1 7 11}"
[ -n "${AUDIT_DIR:-}" ] && [ -n "${BASE:-}" ] || { echo "score_by_same.sh: AUDIT_DIR and BASE are needed" >&2; exit 2; }
A=$AUDIT_DIR
T=$(mktemp -d "${TMPDIR:-/tmp}/xp-sbsame.XXXXXX"); trap 'rm -rf "$T"' EXIT
. bench/mmc_pairs.sh
n=0 bad=0
for l in $LANGS; do
	[ -s $A/$l.dev.map ] || XPROJ=$BASE mmc_pairs $l $A
	case $l in zh) name=chinese c=--chars ;; fa) name=farsi c="" ;; esac
	for set in tune dev; do
		case $set in
		tune) en=$DATA/mmc-tune/tune.english.v4_gold_conll key=$DATA/mmc-tune/tune.$name.corrected.v4_gold_conll ;;
		dev) en=$DATA/mmc/dev.english.v4_gold_conll key=$DATA/mmc/dev.$name.v4_gold_conll ;;
		esac
		for s in $SEEDS; do
			p=$T/$l.$s.$set.conll
			nice -n 10 "$BASE" project --source $en --aligned $A/$l.$set.jsonl --alignments $A/$l.$s.$set.pharaoh \
				--probs $A/$l.$s.$set.probs --map $A/$l.$set.map $c --skip-articles -o $p 2>/dev/null
			for by in type gender sentence; do
				for j in "" --json; do
					for who in base new; do
						x=$XPROJ; [ $who = base ] && x=$BASE
						rc=0
						nice -n 10 "$x" score $c $j --by $by --lang $l $key $p > $T/$who.out 2>&1 || rc=$?
						echo "exit $rc" >> $T/$who.out
						# the English lists: the English gold's mentions typed
						# by them (the projection's too, whatever its words)
						rc=0
						nice -n 10 "$x" score $j --by $by --lang en $en $p > $T/$who.en.out 2>&1 || rc=$?
						echo "exit $rc" >> $T/$who.en.out
					done
					for e in "" .en; do
						n=$((n + 1))
						cmp -s $T/base$e.out $T/new$e.out ||
							{ bad=$((bad + 1)); echo "DIFFERS: $l $set seed $s --by $by $j${e:+ --lang en}"; \
							  diff $T/base$e.out $T/new$e.out | head -5; }
					done
				done
			done
		done
	done
done
echo "score --by: $n comparisons, $bad differ"
[ $bad = 0 ]
