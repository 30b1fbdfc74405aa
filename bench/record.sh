# bench/record.sh — sourced by a bench: its figures kept as data, so that
# the tables in docs/benchmarks.md are made from them (scripts/bench-tables,
# `make bench-docs`) and never copied by hand (issue 37).
#
#   rec_begin NAME              the figures go to $RESULTS/NAME.json
#                               (RESULTS: bench/results) at rec_end
#   rec_run KEY [--vs KEY2] CMD...
#                               runs CMD under /usr/bin/time: wall and CPU
#                               (user + system) seconds and peak memory; sets
#                               REC_WALL, REC_CPU, REC_KB; --vs names the
#                               baseline or peer measured in this run, the
#                               figure's ratios are to it.  CMD's output is
#                               discarded (its stderr goes to $REC_ERR if
#                               set); a failure is recorded as one
#   rec_value KEY VALUE UNIT [--vs KEY2]
#                               a figure measured otherwise (ms, %, AER, F1);
#                               printed unless REC_QUIET is set
#   rec_end                     writes the JSON: machine (CPU model, cores,
#                               memory), load average before and after, the
#                               commit, date and every figure with its command
#   rec_need BIN...             builds the bench's own programs (bench/*.c,
#                               BUILD/bench/NAME) that are missing: `make`
#                               alone does not, and the README's commands
#                               follow it
#   rec_skip REASON             this run's figures are not the bench's own
#                               (a subset, an option changed): rec_end keeps
#                               them out of RESULTS, unless NAME names a file
: "${RESULTS:=bench/results}"
REC_TSV=""

rec_need() {
	for b; do
		[ -x "$b" ] && continue
		case $b in build/san/*) set -- SAN=1 "$b";; *) set -- "$b";; esac
		make -s "$@" >&2 || { echo "$0: cannot build $b" >&2; exit 2; }
	done
}

rec_begin() {
	REC_NAME=$1
	# the script that runs (its results file may bear another name: NAME=)
	REC_SCRIPT=$(basename "$0" .sh)
	export REC_SCRIPT
	REC_TSV=$(mktemp "${TMPDIR:-/tmp}/xp-rec.XXXXXX")
	REC_LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)
	REC_T0=$(date -u +%Y-%m-%dT%H:%M:%SZ)
	REC_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || true)   # the build's, at the start
	export REC_COMMIT
}

# KEY, kind, wall, cpu, peak KB, value, unit, vs, status, command: one line
rec_line() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$REC_TSV"
}

rec_run() {
	key=$1; shift
	vs=""
	[ "$1" = --vs ] && { vs=$2; shift 2; }
	tf=$(mktemp "${TMPDIR:-/tmp}/xp-rec-time.XXXXXX")
	st=0
	/usr/bin/time -f '%e %U %S %M' -o "$tf" "$@" > /dev/null 2>"${REC_ERR:-/dev/null}" || st=$?
	# (a failed command's "Command exited with non-zero status" comes first)
	read -r REC_WALL u s REC_KB <<-EOT || true
	$(tail -1 "$tf")
	EOT
	rm -f "$tf"
	REC_CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
	rec_line "$key" run "$REC_WALL" "$REC_CPU" "$REC_KB" "" "" "$vs" "$st" "$*"
	printf '  %-52s %7.2f s CPU %7.2f s wall %8.1f MB%s\n' "$key" "$REC_CPU" "$REC_WALL" \
		"$(awk -v k="$REC_KB" 'BEGIN { print k / 1024 }')" "$([ $st = 0 ] || echo "  (exit $st)")"
}

rec_value() {
	vs=""
	[ "${4:-}" = --vs ] && vs=$5
	rec_line "$1" value "" "" "" "$2" "$3" "$vs" 0 ""
	# (REC_QUIET: the bench prints its figures its own way)
	[ -n "${REC_QUIET:-}" ] || printf '  %-52s %s %s\n' "$1" "$2" "$3"
}

rec_skip() {
	[ -n "${NAME:-}" ] && return 0
	REC_SKIP=$1
}

rec_end() {
	if [ -n "${REC_SKIP:-}" ]; then
		echo "  (figures not recorded: $REC_SKIP; NAME=FILE records them in $RESULTS/FILE.json)"
		rm -f "$REC_TSV"
		return 0
	fi
	mkdir -p "$RESULTS"
	python3 bench/results.py "$REC_NAME" "$REC_TSV" "$REC_LOAD0" "$(cut -d' ' -f1-3 /proc/loadavg)" "$REC_T0" \
		"$RESULTS/$REC_NAME.json" && echo "  (figures in $RESULTS/$REC_NAME.json)"
	rm -f "$REC_TSV"
}

# rec_pair KEY CMD...: CMD as rec_run does, and when BASE names another
# xproj, the same with BASE for XPROJ ("base: KEY") first, CMD's figure
# then its ratio to it: before/after measured in the same run.
rec_pair() {
	key=$1; shift
	if [ -n "${BASE:-}" ]; then
		b1=$1; shift
		[ "$b1" = "$XPROJ" ] && b1=$BASE
		rec_run "base: $key" "$b1" "$@"
		rec_run "$key" --vs "base: $key" "$XPROJ" "$@"
	else
		rec_run "$key" "$@"
	fi
}
