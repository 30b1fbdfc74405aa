# bench/import_mem.sh — issue 37: `db import` a document at a time (the
# English corpus, the aligned corpus and the report read side by side,
# tools/pstream.h xp_pstream_docs) against BASE (an xproj that reads the
# corpora whole, e.g. main's) on the same inputs in the same run: peak
# memory and CPU seconds at each of SIZES mentions (bench/synth_run.sh's
# inputs, 100 mentions a document, so the documents grow with the size and
# the largest stays one size), and whether the store is BASE's, row for row
# (every table's, by `sqlite3 .dump`, the timestamps masked; and `db check`).
# This build's whole-corpus path (XPROJ_IMPORT_WHOLE=1) runs too, up to
# WHOLE_MAX mentions (640000).  The report is made once per size by this
# build's `project`.  Figures into bench/results/NAME.json (NAME:
# import_mem; bench/record.sh).
#
#   BASE=old/xproj SIZES="160000 640000 4000000" sh bench/import_mem.sh
#
# DOCS=one puts each size's mentions in one document (the memory a
# document's mentions cost: the largest document is the run); BASE_V3=1
# gives BASE the report as version 3's bytes (bench/report_v3.sh: an
# xproj of report version 3; main's reads version 4).  Beside the rows,
# `db export` of the new store must be cmp-equal to the base's.
#
# Needs no data; sqlite3 (the shell) for the comparison.
set -eu
: "${XPROJ:=build/xproj}" "${SIZES:=160000 640000 4000000}" "${BASE:=}" "${WHOLE_MAX:=640000}"
: "${NAME:=import_mem}" "${DOCS:=many}" "${BASE_V3:=0}"
T=$(mktemp -d "${TMPDIR:-/tmp}/xp-imem-bench.XXXXXX"); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
. bench/record.sh
rec_begin "$NAME"
# the store's rows, in sqlite3's own order, its timestamps and run uids
# (random: schema 12) masked
dump() {
	sqlite3 "$1" .dump | sed -E "s/'[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z'/'T'/g; s/'[0-9a-f]{32}'/'U'/g" |
		cksum
}
vs() {
	key=$1; shift
	if [ -n "$BASE" ]; then rec_run "$key" --vs "base: db import $n" "$@"; else rec_run "$key" "$@"; fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
for n in $SIZES; do
	rm -rf "$T/in" "$T"/*.db* "$T"/r.json "$T"/r3.json; mkdir "$T/in"
	nd=$([ "$DOCS" = one ] && echo 1 || echo $((n / 100)))
	synth_run "$n" "$nd" "$T/in"
	nice -n 10 "$XPROJ" project --source "$T/in/en.conll" --aligned "$T/in/aligned.jsonl" \
		--alignments "$T/in/pairs.pharaoh" -o "$T/zh.conll" --report "$T/r.json" 2>/dev/null
	rm -f "$T/zh.conll"
	echo "== $n mentions, $nd documents"
	i="--source $T/in/en.conll --aligned $T/in/aligned.jsonl --report $T/r.json"
	if [ -n "$BASE" ]; then
		# a BASE of report version 3 reads version 4's as version 3's bytes
		# (else the same file: the run's provenance names its path)
		br=$T/r.json
		[ "$BASE_V3" = 1 ] && { sh bench/report_v3.sh "$T/r.json" > "$T/r3.json"; br=$T/r3.json; }
		rec_run "base: db import $n" nice -n 10 "$BASE" db import "$T/base.db" --source "$T/in/en.conll" \
			--aligned "$T/in/aligned.jsonl" --report "$br"
		bcpu=$REC_CPU bkb=$REC_KB
	fi
	if [ "$n" -le "$WHOLE_MAX" ]; then
		vs "whole: db import $n" env XPROJ_IMPORT_WHOLE=1 nice -n 10 "$XPROJ" db import "$T/whole.db" $i
	fi
	vs "new: db import $n" env XPROJ_IMPORT_WHOLE=0 nice -n 10 "$XPROJ" db import "$T/new.db" $i
	"$XPROJ" db check "$T/new.db" > /dev/null && ok=yes || ok=no
	rec_value "db check $n: new store ok" $ok ""
	if [ -n "$BASE" ]; then
		rec_value "new/base peak memory $n" "$(ratio "$REC_KB" "$bkb")" x
		rec_value "new/base CPU $n" "$(ratio "$REC_CPU" "$bcpu")" x
		[ "$(dump "$T/new.db")" = "$(dump "$T/base.db")" ] && same=yes || same=no
		rec_value "store $n: every row the base's" $same ""
		for w in new base; do "$XPROJ" db export "$T/$w.db" -o "$T/$w.conll" --jsonlines "$T/$w.jsonl" >/dev/null; done
		cmp -s "$T/new.conll" "$T/base.conll" && cmp -s "$T/new.jsonl" "$T/base.jsonl" && same=yes || same=no
		rec_value "db export $n: cmp-equal to the base's" $same ""
		rm -f "$T"/new.conll "$T"/base.conll "$T"/new.jsonl "$T"/base.jsonl
	fi
	rm -f "$T"/*.db*
done
rec_end
