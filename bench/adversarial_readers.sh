#!/bin/sh
# bench/adversarial_readers.sh — every reader over hostile inputs (issue 32).
#
#   sh bench/adversarial_readers.sh [MiB]       (from the repository's root)
#
# tests/hostile/gen.sh writes the inputs (billion laughs and a quadratic
# blow-up in each XML format, an external entity and an external DTD,
# gzip bombs of MiB MiB (default 4096: a 4.3 MB file, the issue's), a gzip
# bomb and a deflate bomb inside zip archives, UTF-16 without a byte order
# mark, mixed charsets, NUL bytes, files cut short, empty files); each
# reader of the `xproj` command (subtitles, target subtitles, XCES links,
# transcripts, CoNLL/jsonlines, the aligned corpus, episode maps) reads
# each of them under `timeout` (LIMIT seconds, default 30) and `ulimit -v`
# (MEM KB, default 1500000).  Each run is counted as one of
#   refused   exit 1 or 2 with a message naming the file (on stderr, or for
#             `validate`, whose report is its output, on stdout)
#   refused, names another input
#             exit 1 or 2 with a message that names another input: the
#             command refused an empty result (say, nothing aligned)
#   accepted  exit 0
#   crashed   killed by a signal, or any other exit
#   hung      stopped by the time limit
# and the totals are printed last, with the slowest run and every run that
# was accepted or not refused (a human says whether accepting it was
# right: UTF-16 without a BOM is read, as it should be).  XPROJ names the
# binary (default build/xproj); KEEP=DIR keeps the inputs and logs there.
set -u
X=${XPROJ:-build/xproj}
MIB=${1:-4096}
LIMIT=${LIMIT:-30}
MEM=${MEM:-1500000}
S=tools/sample
[ -x "$X" ] || { echo "no $X: run make first" >&2; exit 2; }
W=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$W"' EXIT
H=$W/inputs
echo "writing hostile inputs (gzip bombs of $MIB MiB) into $H ..."
sh tests/hostile/gen.sh "$H" "$MIB" || exit 2
# a CoNLL file and an aligned corpus cut short, and the bombs under their names
head -c 2000 $S/dialogue.conll > $H/cut.conll
cp $H/bomb.srt.gz $H/bomb.jsonl.gz

# the readers: NAME and the command, FILE standing for the input
readers='subs|align --transcript S/dialogue.conll --subs FILE -o OUT
tgt-subs|align --transcript S/dialogue.conll --subs S/en.srt --tgt-subs FILE --tgt-lang zh -o OUT
links|align --transcript S/dialogue.conll --subs S/en.xml --tgt-subs S/fa.xml --links FILE --tgt-lang fa -o OUT
transcript|align --transcript FILE --subs S/en.srt -o OUT
corpus|stats FILE
validate|validate FILE
aligned|bitext FILE -o OUT
episodes|align --transcript S/dialogue.conll --subs tests/fixtures/archive/en.zip --episodes FILE -o OUT'

refused=0 other=0 accepted=0 crashed=0 hung=0 runs=0 slowest=0 slowname=
: > $W/notes
files=$(cd $H && find . -type f | sed 's|^\./||' | sort)
echo "$readers" > $W/readers
while IFS='|' read -r name cmd; do
	for f in $files; do
		runs=$((runs + 1))
		c=$(echo "$cmd" | sed "s|FILE|$H/$f|; s|OUT|$W/out|; s|S/|$S/|g")
		t0=$(date +%s.%N)
		# shellcheck disable=SC2086
		(ulimit -v "$MEM"; exec timeout "$LIMIT" $X $c) >$W/stdout 2>$W/stderr
		st=$?
		t=$(echo "$(date +%s.%N) - $t0" | bc)
		if [ "$(echo "$t > $slowest" | bc)" = 1 ]; then slowest=$t slowname="$name $f"; fi
		rm -f $W/out
		if [ $st = 124 ]; then
			hung=$((hung + 1)); what=hung
		elif [ $st = 0 ]; then
			accepted=$((accepted + 1)); what=accepted
		elif [ $st -le 2 ] && grep -q -F "$(basename $f)" $W/stderr $W/stdout; then
			refused=$((refused + 1)); what=refused
		elif [ $st -le 2 ] && [ -s $W/stderr ]; then
			# refused, but the message names another input: the
			# command's result was empty (--allow-empty, issue 32 D2),
			# e.g. an empty episode map leaves every utterance unaligned
			other=$((other + 1)); what="refused, names another input"
		else
			crashed=$((crashed + 1)); what="crashed (exit $st)"
		fi
		msg=$(cat $W/stderr $W/stdout | grep -m1 -F "$(basename $f)" | sed "s|$H/||g" | cut -c1-150)
		[ -n "$msg" ] || msg=$(sed "s|$H/||g" $W/stderr | tail -1 | cut -c1-150)
		printf '%-10s %-24s %-9s %5.2fs  %s\n' "$name" "$f" "$what" "$t" "$msg" >> $W/notes
	done
done < $W/readers
echo
echo "runs not refused, and what they said:"
grep -v ' refused ' $W/notes | sed 's/^/  /'
echo
echo "slowest: $slowname, ${slowest}s"
echo "$runs reader runs over $(echo "$files" | wc -l) hostile inputs (timeout ${LIMIT}s, ulimit -v ${MEM} KB):"
echo "  refused-with-message $refused, refused-naming-another-input $other, accepted $accepted, crashed $crashed, hung $hung"
[ -n "${KEEP:-}" ] && echo "every run: $W/notes"
[ $crashed = 0 ] && [ $hung = 0 ]
