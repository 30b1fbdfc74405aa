# bench/wordalign_mem.sh — the word aligner's memory against its passes
# (brief item 7): `wordalign --iters N` reads its links off N / 4 passes a
# sampler, and a decoder that kept a buffer a (sampler, pass) held each
# pair's cells times the passes times the samplers (1.87 GB for 20 pairs at
# --iters 1000000).  Measured against BASE (an xproj built from main before
# the change) in the same run: peak memory and CPU seconds of
#
#   - the first 20 pairs of the enfr gold set at each of ITERS (default
#     "1000 10000 100000 1000000"), --threads 2;
#   - the 2.5k Farsi pairs bench/quality.sh aligns (mmc-tune's 339 pairs,
#     trained with MMC dev's 2151; its default schedule, the passes decoded
#     in blocks), --threads 2;
#
# and whether -o, --probs, --all-links and --all-probs are BASE's byte for
# byte in each.  CALLGRIND=1 adds the instructions (valgrind callgrind,
# whole process, --threads 1) of the 20 pairs at --iters 1000 and of
# roen at --iters 100, against BASE's.
#
#   BASE=/tmp/old/build/xproj sh bench/wordalign_mem.sh
#
# Figures into bench/results/wordalign_mem.json (NAME=FILE: FILE.json).
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${ITERS:=1000 10000 100000 1000000}" "${BASE:=}"
: "${CALLGRIND:=0}"
G=$DATA/word-alignment-gold
[ -d "$G" ] || { echo "no $G"; exit 0; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 0; }
[ -n "$BASE" ] || { echo "BASE=path/to/xproj (a build before the change) is needed: the figures are ratios"; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/xp-wamem.XXXXXX"); trap 'rm -rf "$T"' EXIT
. bench/record.sh
rec_begin "${NAME:-wordalign_mem}"
[ "$ITERS" = "1000 10000 100000 1000000" ] || rec_skip "ITERS=$ITERS"

head -20 $G/enfr.src-tgt > $T/p20.pairs
EN=$DATA/mmc-tune/tune.english.v4_gold_conll
$XPROJ pair --source $DATA/mmc/dev.english.v4_gold_conll --target $DATA/mmc/dev.farsi.v4_gold_conll \
	-o $T/fa-dev.jsonl 2>/dev/null
$XPROJ bitext $T/fa-dev.jsonl -o $T/fa-dev.pairs 2>/dev/null
$XPROJ pair --source $EN --target $DATA/mmc-tune/tune.farsi.silver.v4_gold_conll --lang fa -o $T/fa.jsonl 2>/dev/null
$XPROJ bitext $T/fa.jsonl -o $T/fa.pairs --map $T/fa.map --source $EN --spans $T/fa.spans 2>/dev/null

# both KEY ARGS...: BASE then this build on ARGS (outputs into $T/base.*,
# $T/new.*), this one's figures against BASE's; then whether the outputs
# are the same bytes
both() {
	k0=$1; shift
	rec_run "base: $k0" nice -n 10 $BASE wordalign "$@" -o $T/base.ph --probs $T/base.pr \
		--all-links $T/base.al --all-probs $T/base.ap --no-names
	rec_run "$k0" --vs "base: $k0" nice -n 10 $XPROJ wordalign "$@" -o $T/new.ph --probs $T/new.pr \
		--all-links $T/new.al --all-probs $T/new.ap --no-names
	s=yes
	for e in ph pr al ap; do cmp -s $T/base.$e $T/new.$e || s=no; done
	rec_value "$k0: -o, --probs, --all-links, --all-probs BASE's bytes" $s ""
}

for n in $ITERS; do
	both "20 pairs, --iters $n" --seed 1 --lowercase --threads 2 --iters $n $T/p20.pairs
done
both "2.5k Farsi pairs (quality.sh's), default schedule" --seed 1 --lowercase --threads 2 \
	$T/fa.pairs --train $T/fa-dev.pairs --src-spans $T/fa.spans

if [ "$CALLGRIND" = 1 ]; then
	ins() {   # ins BIN ARGS...: the process's instructions, in millions
		b=$1; shift
		valgrind --tool=callgrind --callgrind-out-file=$T/cg "$b" wordalign "$@" -o $T/cg.ph --no-names \
			>/dev/null 2>&1
		callgrind_annotate $T/cg 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "%.1f", $1 / 1e6 }'
	}
	for c in "20 pairs, --iters 1000|--iters 1000 $T/p20.pairs" "roen, --iters 100|--iters 100 $G/roen.src-tgt"; do
		k=${c%%|*} a=${c#*|}
		# shellcheck disable=SC2086
		rec_value "base: $k: instructions" "$(ins $BASE --seed 1 --lowercase --threads 1 $a)" M
		# shellcheck disable=SC2086
		rec_value "$k: instructions" "$(ins $XPROJ --seed 1 --lowercase --threads 1 $a)" M --vs "base: $k: instructions"
	done
fi
rec_end
