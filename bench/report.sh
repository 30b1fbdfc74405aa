# bench/report.sh — issue 37: what the projection report costs `project`
# and `db import`, this build (the report streamed, a document at a time)
# against BASE (an xproj from before, or any other) on the same inputs in
# the same run: CPU and wall seconds and peak memory at each of SIZES
# mentions (bench/synth_run.sh's inputs, 100 mentions a document), and the
# report's share of project's CPU ((with - without) / with).  Figures into
# bench/results/report.json (bench/record.sh).
#
#   BASE=old/xproj SIZES="160000 640000 4000000" sh bench/report.sh
#
# RUNS: how many times each `project` runs (1), the share from their sums.
# MMC_LANGS="zh fa" adds MMC dev (DATA, AUDIT_DIR: bench/audit.sh's aligned
# pairs), RUNS runs each.  SIZES="" leaves the synthetic inputs out.
#
# BASE runs only up to BASE_MAX mentions (640000; a BASE of version 2 or
# later streams its report and may run at 4M: BASE_MAX=4000000): the report
# before version 2 took 5.6 KB a mention to write (22 GB at 4M), more than
# this machine should be asked for while it is shared; db import runs only up
# to IMPORT_MAX mentions (all).  NAME: the results' file (report).  Needs
# no data.
set -eu
: "${XPROJ:=build/xproj}" "${SIZES=160000 640000 4000000}" "${BASE:=}" "${BASE_MAX:=640000}"
: "${IMPORT_MAX:=}" "${NAME:=report}" "${RUNS:=1}" "${MMC_LANGS:=}" "${DATA:=../shared/data}"
T=$(mktemp -d "${TMPDIR:-/tmp}/xp-report-bench.XXXXXX"); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
. bench/record.sh
rec_begin "$NAME"
share() { awk -v w="$1" -v o="$2" 'BEGIN { printf "%.1f", (w > 0 ? 100 * (w - o) / w : 0) }'; }
add() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a + b }'; }
# cpu_share X NAME NUMBER1 REPORT SHARE ARGS...: `X project ARGS` RUNS times
# without and with --report REPORT, the figures NAME and "NAME --report"
# (each run after the first named "(run R)", the first too when NUMBER1 is
# 1), and the report's share of their summed CPU as the figure SHARE
cpu_share() {
	cx=$1 cname=$2 cn1=$3 crep=$4 cshare=$5; shift 5
	without=0 with=0
	for r in $(seq "$RUNS"); do
		k=" (run $r)"; [ "$r" = 1 ] && [ "$cn1" != 1 ] && k=""
		rec_run "$cname$k" nice -n 10 "$cx" project "$@"
		without=$(add "$without" "$REC_CPU")
		rec_run "$cname --report$k" nice -n 10 "$cx" project "$@" --report "$crep"
		with=$(add "$with" "$REC_CPU")
	done
	rec_value "$cshare" "$(share "$with" "$without")" %
}
for n in $SIZES; do
	rm -rf "$T/in" "$T"/*.db* "$T"/r*.json; mkdir "$T/in"
	synth_run "$n" $((n / 100)) "$T/in"
	echo "== $n mentions, $((n / 100)) documents"
	for who in new base; do
		[ $who = base ] && { [ -n "$BASE" ] && [ "$n" -le "$BASE_MAX" ] || continue; }
		x=$XPROJ; [ $who = base ] && x=$BASE
		p="--source $T/in/en.conll --aligned $T/in/aligned.jsonl --alignments $T/in/pairs.pharaoh -o $T/zh.conll"
		cpu_share "$x" "$who: project $n" 0 "$T/r.$who.json" "$who: report share of project CPU $n" $p
		[ -z "$IMPORT_MAX" ] || [ "$n" -le "$IMPORT_MAX" ] &&
			rec_run "$who: db import $n" nice -n 10 "$x" db import "$T/$who.db" --source "$T/in/en.conll" \
				--aligned "$T/in/aligned.jsonl" --report "$T/r.$who.json"
		rec_value "$who: report bytes per mention $n" "$(($(wc -c < "$T/r.$who.json") / n))" B
	done
	[ -f "$T/r.base.json" ] && [ -f "$T/r.new.json" ] && {
		# the same report but for its layout, and the same store
		sh bench/report_v1.sh "$T/r.new.json" > "$T/v1.new"; sh bench/report_v1.sh "$T/r.base.json" > "$T/v1.base"
		cmp -s "$T/v1.new" "$T/v1.base" && same=yes || same=no
		rm -f "$T/v1.new" "$T/v1.base"
		rec_value "report $n: version 1 bytes of the new = the base's" $same ""
		cmp -s "$T/r.new.json" "$T/r.base.json" && same=yes || same=no
		rec_value "report $n: the new = the base's, byte for byte" $same ""
		# version 4 (its totals in a trailer) against a base of version 3
		sh bench/report_v3.sh "$T/r.new.json" > "$T/v3.new"; sh bench/report_v3.sh "$T/r.base.json" > "$T/v3.base"
		cmp -s "$T/v3.new" "$T/v3.base" && same=yes || same=no
		rm -f "$T/v3.new" "$T/v3.base"
		rec_value "report $n: version 3 bytes of the new = the base's" $same ""
	}
done
# MMC dev, real data: `project` RUNS times without and with the report, on
# the alignments of seed 1 in AUDIT_DIR (bench/audit.sh's, made there once),
# CPU summed over the runs; the reports of both builds compared byte for byte
if [ -n "$MMC_LANGS" ]; then
	. bench/mmc_pairs.sh
	A=${AUDIT_DIR:?MMC_LANGS needs AUDIT_DIR, the alignments of bench/audit.sh}
	for l in $MMC_LANGS; do
		mmc_pairs "$l" "$T"
		c=""; [ "$l" = zh ] && c=--chars
		p="--source $DATA/mmc/dev.english.v4_gold_conll --aligned $T/$l.dev.jsonl --alignments $A/$l.1.dev.pharaoh
		   --probs $A/$l.1.dev.probs --map $T/$l.dev.map $c -o $T/$l.conll"
		echo "== MMC dev $l, $RUNS runs"
		for who in new base; do
			[ $who = base ] && { [ -n "$BASE" ] || continue; }
			x=$XPROJ; [ $who = base ] && x=$BASE
			cpu_share "$x" "$who: project MMC dev $l" 1 "$T/m.$who.json" "$who: report share of project CPU, MMC dev $l" $p
		done
		[ -f "$T/m.base.json" ] && { cmp -s "$T/m.new.json" "$T/m.base.json" && same=yes || same=no
			rec_value "report MMC dev $l: the new = the base's, byte for byte" $same ""
			sh bench/report_v3.sh "$T/m.new.json" > "$T/v3.new"; sh bench/report_v3.sh "$T/m.base.json" > "$T/v3.base"
			cmp -s "$T/v3.new" "$T/v3.base" && same=yes || same=no
			rec_value "report MMC dev $l: version 3 bytes of the new = the base's" $same ""; }
		rm -f "$T/m.new.json" "$T/m.base.json"
	done
fi
# the ratios: this build's figures against BASE's, measured above
if [ -n "$BASE" ]; then
	python3 - "$REC_TSV" <<'PY'
import sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
keys = {r[0] for r in rows}
with open(sys.argv[1], 'w') as f:
    for r in rows:
        if r[0].startswith('new: ') and r[1] == 'run' and 'base: ' + r[0][5:] in keys:
            r[7] = 'base: ' + r[0][5:]
        f.write('\t'.join(r) + '\n')
PY
fi
rec_end
