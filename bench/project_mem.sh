# bench/project_mem.sh — issue 37: `project` a document at a time
# (tools/pstream.h) against BASE (an xproj that reads the whole corpus, e.g.
# main's) on the same inputs in the same run: peak memory and CPU seconds
# at each of SIZES mentions (bench/synth_run.sh's inputs, 100 mentions a
# document, so the documents grow with the size and the largest stays one
# size), with the CoNLL output, jsonlines and the report, and whether the
# outputs are byte for byte BASE's.  This build's whole-corpus path
# (XPROJ_PROJECT_WHOLE=1) runs too, up to WHOLE_MAX mentions (640000).
# Figures into bench/results/NAME.json (NAME: project_mem; bench/record.sh).
#
#   BASE=old/xproj SIZES="160000 640000 4000000" sh bench/project_mem.sh
#
# Needs no data.
set -eu
: "${XPROJ:=build/xproj}" "${SIZES:=160000 640000 4000000}" "${BASE:=}" "${WHOLE_MAX:=640000}"
: "${NAME:=project_mem}"
T=$(mktemp -d "${TMPDIR:-/tmp}/xp-pmem-bench.XXXXXX"); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
. bench/record.sh
rec_begin "$NAME"
# vs KEY CMD...: rec_run, against the base's run of this size when there is one
vs() {
	key=$1; shift
	if [ -n "$BASE" ]; then rec_run "$key" --vs "base: project $n" "$@"; else rec_run "$key" "$@"; fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
for n in $SIZES; do
	rm -rf "$T/in" "$T"/o.*; mkdir "$T/in"
	synth_run "$n" $((n / 100)) "$T/in"
	echo "== $n mentions, $((n / 100)) documents"
	p="--source $T/in/en.conll --aligned $T/in/aligned.jsonl --alignments $T/in/pairs.pharaoh"
	if [ -n "$BASE" ]; then
		rec_run "base: project $n" nice -n 10 "$BASE" project $p -o $T/o.base.conll \
			--jsonlines $T/o.base.jsonl --report $T/o.base.json
		bcpu=$REC_CPU bkb=$REC_KB
	fi
	if [ "$n" -le "$WHOLE_MAX" ]; then
		vs "whole: project $n" env XPROJ_PROJECT_WHOLE=1 nice -n 10 "$XPROJ" \
			project $p -o $T/o.whole.conll --jsonlines $T/o.whole.jsonl --report $T/o.whole.json
	fi
	vs "new: project $n" env XPROJ_PROJECT_WHOLE=0 nice -n 10 "$XPROJ" \
		project $p -o $T/o.new.conll --jsonlines $T/o.new.jsonl --report $T/o.new.json
	if [ -n "$BASE" ]; then
		rec_value "new/base peak memory $n" "$(ratio "$REC_KB" "$bkb")" x
		rec_value "new/base CPU $n" "$(ratio "$REC_CPU" "$bcpu")" x
		same=yes
		for f in conll jsonl json; do cmp -s $T/o.new.$f $T/o.base.$f || same=no; done
		rec_value "outputs $n: byte-identical to the base's" $same ""
	fi
done
rec_end
