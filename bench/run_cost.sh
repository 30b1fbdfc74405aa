# bench/run_cost.sh — brief item 7: what the store's readers and `convert`
# cost as the run grows, this build against BASE (an xproj built from
# main, say) on the same inputs in the same run.  At each of SIZES mentions
# (bench/synth_run.sh's inputs: every token a one-token mention of its own
# entity, 5 a sentence) in each of LAYOUTS ("many": 100-mention documents;
# "one": all of them in one document) it imports the run once with each
# build (each reads the store it made: a BASE of an earlier schema opens
# no store of this build's) and measures, for BASE then this build, CPU seconds
# (user + system) and peak memory of
#
#   db triage --top 50 --list   the queue's first 50 ("triage-list")
#   db triage --top 50          the same with each one's mention view
#                               ("triage", "many" only: the view of a
#                               mention of a 160k-mention document reads
#                               the document, docs/benchmarks.md)
#   db export -o OUT.conll --jsonlines OUT.jsonl
#   db export-tasa -o T.csv, and --only-flagged
#   db check
#   convert en.conll X.jsonl, and X.jsonl Y.conll
#
# and `cmp`s each output (stdout for triage and check) with BASE's.  A line
# a command: the two figures and their ratio, "same" or "DIFFER".  Figures
# into bench/results/NAME.json (NAME: run_cost; bench/record.sh), this
# build's each against BASE's ("new: K" --vs "base: K"), and from there
# into docs/benchmarks.md (`make bench-docs`).
#
#   BASE=/tmp/main/build/xproj SIZES="40000 160000" sh bench/run_cost.sh
#
# Peak memory is the resident set: a store reader maps the file
# (correct/schema.c, mmap_size), so the pages of the store it reads count
# in it; "store MB" prints the store's size beside it.
set -eu
: "${XPROJ:=build/xproj}" "${SIZES:=40000 160000}" "${LAYOUTS:=many one}" "${NAME:=run_cost}"
# (`make bench` runs every bench: without a BASE this one measures nothing)
[ -n "${BASE:-}" ] || { echo "skipped: BASE=path/to/xproj (main's) is needed: the figures are ratios to it"; exit 0; }
T=$(mktemp -d "${TMPDIR:-/tmp}/xp-runcost.XXXXXX"); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
. bench/record.sh
rec_begin "$NAME"
fails=0
# KEY OUTPUT CMD-ARGS...: BASE then this build, each output kept (OUTPUT:
# the file the command writes, with @ where the build's name goes; "-":
# its stdout; $also: more of them), then compared
pair() {
	what=$1 out=$2; shift 2
	cmd=$*   # (the loop sets its own arguments)
	for who in base new; do
		bin=$([ $who = base ] && echo "$BASE" || echo "$XPROJ")
		o=$(echo "$out" | sed "s/@/$who/g")
		args=$(echo "$cmd" | sed "s/@/$who/g")
		if [ "$out" = - ]; then
			set -- sh -c "nice -n 10 '$bin' $args > '$T/$who.stdout' 2>/dev/null"
		else
			set -- sh -c "nice -n 10 '$bin' $args > /dev/null 2>&1"
		fi
		# this build's figure against BASE's: its ratio in the results too
		if [ $who = base ]; then rec_run "$who: $what" "$@" >/dev/null
		else rec_run "$who: $what" --vs "base: $what" "$@" >/dev/null; fi
		eval "${who}_cpu=\$REC_CPU ${who}_kb=\$REC_KB"
	done
	same=same
	for o in ${also:-} $out; do
		if [ "$o" = - ]; then a=$T/base.stdout b=$T/new.stdout; else a=$(echo "$o" | sed "s/@/base/g") b=$(echo "$o" | sed "s/@/new/g"); fi
		[ -s "$a" ] && cmp -s "$a" "$b" || same=DIFFER
	done
	[ $same = same ] || fails=$((fails + 1))
	REC_QUIET=1 rec_value "$what: output the base's" "$([ $same = same ] && echo yes || echo no)" "" >/dev/null
	awk -v k="$what" -v bc="$base_cpu" -v nc="$new_cpu" -v bk="$base_kb" -v nk="$new_kb" -v s="$same" 'BEGIN {
		printf "  %-40s CPU %6.2f -> %6.2f s   peak %7.1f -> %7.1f MB (x%.2f)   %s\n", k, bc, nc, bk / 1024, nk / 1024,
			(bk > 0 ? nk / bk : 0), s }'
	rm -f "$T"/*.base.* "$T"/*.new.* "$T"/base.stdout "$T"/new.stdout
}
for n in $SIZES; do
	for layout in $LAYOUTS; do
		rm -rf "$T/in" "$T"/c-*.db* "$T/r.json"; mkdir "$T/in"
		synth_run "$n" "$([ "$layout" = one ] && echo 1 || echo $((n / 100)))" "$T/in"
		nice -n 10 "$XPROJ" project --source "$T/in/en.conll" --aligned "$T/in/aligned.jsonl" \
			--alignments "$T/in/pairs.pharaoh" -o "$T/zh.conll" --report "$T/r.json" >/dev/null 2>&1
		rm -f "$T/zh.conll"
		# each build reads the store it made (a BASE of an earlier schema
		# opens no store of this build's)
		for who in base new; do
			nice -n 10 "$([ $who = base ] && echo "$BASE" || echo "$XPROJ")" db import "$T/c-$who.db" \
				--source "$T/in/en.conll" --aligned "$T/in/aligned.jsonl" --report "$T/r.json" >/dev/null
		done
		echo "== $n mentions, $layout ($(du -m "$T/c-new.db" | cut -f1) store MB)"
		k="$n $layout"
		pair "$k: db triage --top 50 --list" - db triage "$T/c-@.db" --top 50 --list
		[ "$layout" = one ] || pair "$k: db triage --top 50" - db triage "$T/c-@.db" --top 50
		also="$T/x.@.jsonl"
		pair "$k: db export" "$T/x.@.conll" db export "$T/c-@.db" -o "$T/x.@.conll" --jsonlines "$T/x.@.jsonl"
		also=""
		pair "$k: db export-tasa" "$T/t.@.csv" db export-tasa "$T/c-@.db" -o "$T/t.@.csv"
		pair "$k: db export-tasa --only-flagged" "$T/f.@.csv" db export-tasa "$T/c-@.db" --only-flagged -o "$T/f.@.csv"
		pair "$k: db check" - db check "$T/c-@.db"
		pair "$k: convert CoNLL -> jsonlines" "$T/v.@.jsonl" convert "$T/in/en.conll" "$T/v.@.jsonl"
		"$XPROJ" convert "$T/in/en.conll" "$T/v.jsonl" >/dev/null
		pair "$k: convert jsonlines -> CoNLL" "$T/w.@.conll" convert "$T/v.jsonl" "$T/w.@.conll"
	done
done
rec_end
[ $fails = 0 ] || { echo "$0: $fails output(s) differ from BASE's" >&2; exit 1; }
