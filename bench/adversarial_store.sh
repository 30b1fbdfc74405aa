#!/bin/sh
# bench/adversarial_store.sh — issue 32's adversarial run, its pipeline, store
# and metrics half, again with one command:
#
#   sh bench/adversarial_store.sh [SECONDS]       (default 120; XPROJ=build/xproj)
#
# 1. hostile pipeline inputs: each of some 20 kinds of broken subtitles
#    (empty, blank, bad timestamps, binary, UTF-16, cut, a directory...) as
#    --subs and as --tgt-subs, rerun over a pipeline directory that holds a
#    correction;
# 2. hostile store inputs: cut and malformed reports into a new and into an
#    existing store, TASA grids of the wrong shape, cut MMC batches;
# 3. score on random documents with spans in several clusters (every metric
#    must stay within [0, 100]);
# 4. kill -9 at random moments of db import (new store and existing),
#    import-corrections, db modify and pipeline reruns, until the time share
#    of this phase is spent;
# 5. concurrent writers: 8 processes editing one store at once, some of them
#    killed.
#
# Counts, per phase and in total: refused with a message naming the input;
# refused without one; accepted (a hostile input taken: fine when nothing
# was lost, e.g. a cut file whose first cues are whole); emptied (rc 0 and an
# empty projection or run); changed on refusal (a refused command that
# changed the directory or the store); lost corrections (a correction
# committed before, or an edit that exited 0, missing afterwards); corrupted
# stores (db check fails, or a path left holding something that is not a
# store); scores with a figure outside [0, 100].  Exit 1 if any of the last
# five is not 0.  ADV_SEED=N repeats a run's random choices.
set -u
XPROJ=${XPROJ:-build/xproj}
BUDGET=${1:-120}
case $XPROJ in /*) ;; *) XPROJ=$(pwd)/$XPROJ ;; esac
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
S=tools/sample
START=$(date +%s)
elapsed() { echo $(($(date +%s) - START)); }
seed=${ADV_SEED:-$$}
. tests/kill.sh   # rnd, killat
state() { (cd "$1" && cksum * 2>/dev/null | md5sum); }

T_refused=0 T_nomsg=0 T_accepted=0 T_emptied=0 T_changed=0 T_lost=0 T_corrupt=0 T_cases=0
phase_begin() { refused=0 nomsg=0 accepted=0 emptied=0 changed=0 lost=0 corrupt=0 cases=0; }
phase_end() { # NAME
	printf '%-22s %5d cases: %4d refused with a message, %3d without, %3d accepted, %2d emptied, %2d changed on refusal, %2d lost corrections, %2d corrupted stores\n' \
		"$1" $cases $refused $nomsg $accepted $emptied $changed $lost $corrupt
	T_cases=$((T_cases + cases)) T_refused=$((T_refused + refused)) T_nomsg=$((T_nomsg + nomsg))
	T_accepted=$((T_accepted + accepted)) T_emptied=$((T_emptied + emptied)) T_changed=$((T_changed + changed))
	T_lost=$((T_lost + lost)) T_corrupt=$((T_corrupt + corrupt))
}
# refused_or_not RC ERRFILE NAME: counts a refusal (with NAME in the message or not) or an acceptance
verdict() {
	cases=$((cases + 1))
	if [ "$1" = 0 ]; then accepted=$((accepted + 1)); return 0; fi
	if grep -qF -- "$3" "$2"; then refused=$((refused + 1)); else nomsg=$((nomsg + 1)); echo "  refused without naming $3: $(head -c 300 $2)"; fi
	return 1
}
store_ok() { # DB: counts a corrupted store
	if ! "$XPROJ" db check "$1" >$W/check 2>&1; then
		corrupt=$((corrupt + 1)); echo "  corrupted: $1: $(head -c 300 $W/check)"
	fi
}

# --- 1. hostile pipeline inputs ---------------------------------------------------------
phase_begin
H=$W/h
mkdir -p $H
: > $H/empty.srt
printf ' \n\n\t \n\n' > $H/blank.srt
printf '1\n00:00:xx,000 --> 00:00:zz,000\nHello\n\n2\nnot --> a time\nWorld\n' > $H/badtime.srt
printf '1\n99:99:99,999 --> 99:99:99,999\nHello\n' > $H/hugetime.srt
awk '/-->/ { split($0, a, " --> "); print a[2] " --> " a[1]; next } { print }' $S/en.srt > $H/reversed.srt
head -c 4096 /dev/urandom > $H/binary.srt
head -c 2048 /dev/zero > $H/nul.srt
iconv -f UTF-8 -t UTF-16LE $S/en.srt > $H/utf16le.srt 2>/dev/null
{ printf '\377\376'; cat $H/utf16le.srt; } > $H/utf16bom.srt
iconv -f UTF-8 -t UTF-16BE $S/en.srt > $H/utf16be.srt 2>/dev/null
head -c 97 $S/en.srt > $H/cut.srt
printf '\357\273\277' > $H/bomonly.srt
grep -v -- '-->' $S/en.srt > $H/notimes.srt
grep -E '^[0-9]+$' $S/en.srt > $H/numbers.srt
sed 's/,/./g' $S/en.srt > $H/dots.srt
printf '1\n00:00:01,000 --> 00:00:02,000\n%s\n' "$(head -c 100000 /dev/zero | tr '\0' x)" > $H/longline.srt
awk '{ print } /-->/ { print "00:00:00,000 --> 00:00:00,000" }' $S/en.srt > $H/doubled.srt
printf '<?xml version="1.0"?><document><s id="1"></s></document>\n' > $H/emptyopus.xml
printf '<?xml version="1.0"?><document><s id="1"><w>' > $H/cutopus.xml
mkdir $H/adir.srt
BASE=$W/base
"$XPROJ" pipeline --config $S/zh.conf -o $BASE --quiet >/dev/null 2>&1 || { echo "the sample pipeline failed"; exit 1; }
KEY=$("$XPROJ" db triage $BASE/corrections.db --list | head -1 | cut -f1)
"$XPROJ" db delete $BASE/corrections.db --mention "$KEY" --note adversarial >/dev/null
deleted() { "$XPROJ" db stats --json --run 1 "$1" 2>/dev/null | sed -n 's/.*"deletions":\([0-9]*\).*/\1/p'; }
was=$(state $BASE)
for f in $H/* $H/missing.srt; do
	for opt in --subs --tgt-subs; do
		rm -rf $W/D; cp -a $BASE $W/D
		"$XPROJ" pipeline --config $S/zh.conf $opt "$f" -o $W/D --quiet >$W/out 2>$W/err
		rc=$?
		if verdict $rc $W/err "$f"; then
			echo "  accepted: pipeline $opt $(basename $f)"
			if [ ! -s $W/D/projected.conll ] || grep -q 'projected 0 (' $W/D/summary.txt; then
				emptied=$((emptied + 1)); echo "  emptied: pipeline $opt $(basename $f)"
			fi
		elif [ "$(state $W/D)" != "$was" ]; then
			changed=$((changed + 1)); echo "  changed on refusal: pipeline $opt $(basename $f)"
		fi
		[ "$(deleted $W/D/corrections.db)" = 1 ] || { lost=$((lost + 1)); echo "  lost: the correction, after $opt $(basename $f)"; }
		store_ok $W/D/corrections.db
	done
done
phase_end "hostile subtitles"

# --- 2. hostile store inputs --------------------------------------------------------------
phase_begin
P=tests/fixtures/project
R=$W/r
mkdir -p $R
"$XPROJ" project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $R/zh.conll --report $R/r.json >/dev/null 2>&1
len=$(wc -c < $R/r.json)
: > $R/empty.json
printf 'not json\n' > $R/text.json
printf '[]\n' > $R/array.json
printf '{}\n' > $R/object.json
sed 's/"doc":"d"/"doc":"other"/' $R/r.json > $R/otherdoc.json
sed 's/"fate":"[a-z_]*"/"fate":"nonsense"/' $R/r.json > $R/badfate.json
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do head -c $(awk -v l=$len -v k=$k 'BEGIN { print int(l * k / 13) }') $R/r.json > $R/cut$k.json; done
DB=$W/store.db
"$XPROJ" db import $DB --source $P/en.conll --aligned $P/aligned.jsonl --report $R/r.json >/dev/null
"$XPROJ" db delete $DB --mention 'd|0' >/dev/null
for rep in $R/*.json; do
	[ "$rep" = $R/r.json ] && continue
	rm -f $W/new.db*
	"$XPROJ" db import $W/new.db --source $P/en.conll --aligned $P/aligned.jsonl --report $rep >$W/out 2>$W/err
	if ! verdict $? $W/err "$rep" && ls -A $W | grep -q '^new\.db'; then
		changed=$((changed + 1)); echo "  a refused import created $(ls $W | grep '^new.db')"
	fi
	was=$(cksum < $DB)
	"$XPROJ" db import $DB --source $P/en.conll --aligned $P/aligned.jsonl --report $rep >$W/out 2>$W/err
	verdict $? $W/err "$rep" || { [ "$(cksum < $DB)" = "$was" ] || { changed=$((changed + 1)); echo "  a refused import changed the store"; }; }
done
row9='[false,false,false,false,false,false,false,false,false]'
g7="[$row9,$row9,$row9,$row9,$row9,$row9,$row9]"
n=0
for grid in '[[true]]' '[]' '{}' '"x"' "[$row9]" "[$row9,$row9,$row9,$row9,$row9,$row9,$row9,$row9]" \
	"[$row9,$row9,[true],$row9,$row9,$row9,$row9]" "[[2,0,0,0,0,0,0,0,0],$row9,$row9,$row9,$row9,$row9,$row9]" \
	"[true,$row9,$row9,$row9,$row9,$row9,$row9]" "$g7" "[[true,true,true,true,true,true,true,true,true,true],$row9,$row9,$row9,$row9,$row9,$row9]"; do
	n=$((n + 1))
	printf 'mention_id,alignment\n"d|1","%s"\n' "$(printf '%s' "$grid" | sed 's/"/""/g')" > $W/g$n.csv
	was=$(cksum < $DB)
	"$XPROJ" db import-corrections $DB $W/g$n.csv >$W/out 2>$W/err
	if verdict $? $W/err "$W/g$n.csv"; then
		# accepted: only the all-false grid of the right shape (a deletion), which is then undone
		[ "$grid" = "$g7" ] || { echo "  accepted the grid $grid"; }
		"$XPROJ" db undo $DB >/dev/null 2>&1
	elif [ "$(cksum < $DB)" != "$was" ]; then
		changed=$((changed + 1)); echo "  a refused TASA batch changed the store"
	fi
done
printf '{"d": {"add": {"d|4": [2, 0, 1]}, "delete": ["d|1"], "modify": {"d|2": [0, 2, 6]}}}\n' > $W/mmc.json
ml=$(wc -c < $W/mmc.json)
for k in 1 2 3 4 5 6 7 8; do
	head -c $((ml * k / 9)) $W/mmc.json > $W/mmc$k.json
	was=$(cksum < $DB)
	"$XPROJ" db import-corrections $DB $W/mmc$k.json >$W/out 2>$W/err
	verdict $? $W/err "$W/mmc$k.json" || [ "$(cksum < $DB)" = "$was" ] || { changed=$((changed + 1)); echo "  a refused MMC batch changed the store"; }
done
[ "$("$XPROJ" db stats --json $DB | sed -n 's/.*"deletions":\([0-9]*\).*/\1/p')" = 1 ] || { lost=$((lost + 1)); echo "  lost: d|0's deletion"; }
store_ok $DB
phase_end "hostile store inputs"

# --- 3. metrics with spans in several clusters --------------------------------------------
phase_begin
out_of_range=0
doc() { # SEED FILE: one document of 4 tokens, 2-9 spans of 1-2 tokens in clusters 0-3, repeated at will
	awk -v s="$1" 'BEGIN { srand(s); print "#begin document (d); part 000"
		n = 4; for (i = 0; i < n; i++) col[i] = ""
		m = 2 + int(rand() * 8)
		for (k = 0; k < m; k++) {
			c = int(rand() * 4); st = int(rand() * n); ln = rand() < 0.7 ? 0 : 1
			if (st + ln >= n) ln = 0
			if (ln == 0) col[st] = col[st] (col[st] == "" ? "" : "|") "(" c ")"
			else { col[st] = col[st] (col[st] == "" ? "" : "|") "(" c; col[st + 1] = col[st + 1] (col[st + 1] == "" ? "" : "|") c ")" }
		}
		for (i = 0; i < n; i++) printf "d\t0\t%d\tw%d\tNN\t-\t-\t-\t-\t-\t-\t-\t%s\n", i, i, col[i] == "" ? "-" : col[i]
		print ""; print "#end document" }' > "$2"
}
k=0
while [ $k -lt 150 ]; do
	k=$((k + 1)) cases=$((cases + 1))
	doc $((seed * 7 + k)) $W/key.conll
	doc $((seed * 11 + k)) $W/resp.conll
	"$XPROJ" score --json $W/key.conll $W/resp.conll >$W/out 2>$W/err || { nomsg=$((nomsg + 1)); continue; }
	accepted=$((accepted + 1))
	# every "f1" and every recall/precision ratio within [0, 1]
	bad=$(tr ',{}' '\n\n\n' < $W/out | awk -F: '/"f1"/ { if ($2 < 0 || $2 > 1.0000001) print }
		/"(recall|precision)"/ { gsub(/[][]/, "", $2); n = $2 } /^[0-9.e+-]+]$/ { d = $0; sub(/]/, "", d); if (d > 0 && n / d > 1.0000001) print n "/" d }')
	[ -n "$bad" ] && { out_of_range=$((out_of_range + 1)); echo "  out of range: $bad"; }
done
phase_end "metrics, repeated spans"
echo "                       $out_of_range of $cases scores had a figure outside [0, 100]"

# --- 4. kills at random moments -----------------------------------------------------------
phase_begin
. bench/synth_run.sh
K=$W/k
mkdir -p $K
synth_run 5000 50 $K
"$XPROJ" project --source $K/en.conll --aligned $K/aligned.jsonl --alignments $K/pairs.pharaoh \
	-o $K/zh.conll --report $K/r.json >/dev/null 2>&1
KD=$W/kill.db
IMP="db import $KD --source $K/en.conll --aligned $K/aligned.jsonl --report $K/r.json"
"$XPROJ" $IMP >/dev/null
"$XPROJ" db modify $KD --mention 'doc3|7' --span 1:0:5 >/dev/null
mods() { "$XPROJ" db stats --json --run 1 "$1" 2>/dev/null | sed -n 's/.*"modifications":\([0-9]*\).*/\1/p'; }
dur() { a=$(date +%s.%N); "$@" >/dev/null 2>&1; b=$(date +%s.%N); awk -v a=$a -v b=$b 'BEGIN { printf "%.3f", (b - a) * 1.2 }'; }
t_imp=$(dur "$XPROJ" db import $W/probe.db --source $K/en.conll --aligned $K/aligned.jsonl --report $K/r.json)
awk 'BEGIN { printf "{"; for (d = 0; d < 50; d++) { printf "%s\"doc%d\": {\"modify\": {", d ? "," : "", d
	for (m = 0; m < 100; m++) printf "%s\"doc%d|%d\": [%d, 0, 5]", m ? "," : "", d, m, int(m / 5); printf "}}" }; print "}" }' > $W/batch.json
PL=$W/pl
cp -a $BASE $PL
t_pl=$(dur "$XPROJ" pipeline --config $S/zh.conf -o $W/plprobe --quiet)
share=$(( (BUDGET - $(elapsed)) * 2 / 3 ))
stop=$(($(elapsed) + (share > 10 ? share : 10)))
b=0
while [ $(elapsed) -lt $stop ]; do
	cases=$((cases + 1))
	case $((cases % 5)) in
	0)	# a new store killed early: nothing, or a whole store
		rm -f $W/fresh.db*
		killat $(rnd 0.05) "$XPROJ" db import $W/fresh.db --source $K/en.conll --aligned $K/aligned.jsonl --report $K/r.json
		[ -e $W/fresh.db ] && store_ok $W/fresh.db ;;
	1)	killat $(rnd $t_imp) "$XPROJ" $IMP; store_ok $KD ;;
	2)	b=$((b + 1)); printf '\n%*s' $b '' >> $W/batch.json   # another checksum: another batch
		killat $(rnd $t_imp) "$XPROJ" db import-corrections $KD $W/batch.json; store_ok $KD ;;
	3)	killat $(rnd 0.05) "$XPROJ" db modify $KD --mention "doc$((cases % 50))|$((cases % 100))" --span $((cases % 100 / 5)):0:5 --run 1
		store_ok $KD ;;
	4)	killat $(rnd $t_pl) "$XPROJ" pipeline --config $S/zh.conf -o $PL --quiet
		store_ok $PL/corrections.db
		[ "$(deleted $PL/corrections.db)" = 1 ] || { lost=$((lost + 1)); echo "  lost: the pipeline's correction"; } ;;
	esac
	[ "$(mods $KD)" -ge 1 ] 2>/dev/null || { lost=$((lost + 1)); echo "  lost: doc3|7's modification"; }
done
phase_end "kill -9 at random"

# --- 5. concurrent writers ----------------------------------------------------------------
phase_begin
CD=$W/conc.db
"$XPROJ" db import $CD --source $K/en.conll --aligned $K/aligned.jsonl --report $K/r.json >/dev/null
writer() { # N: 40 edits of its own mentions, each line 'rc key'
	w=$1 i=0
	while [ $i -lt 40 ]; do
		d=$((w * 5 + i / 8)) m=$((i % 8 * 12 + w))
		"$XPROJ" db modify $CD --mention "doc$d|$m" --span $((m / 5)):0:5 --note "w$w" >/dev/null 2>&1
		echo "$? doc$d|$m"
		i=$((i + 1))
	done
}
for w in 0 1 2 3 4 5 6 7; do writer $w > $W/w$w.log & done
# one more writer, killed at random moments, for good measure
( j=0; while [ $j -lt 10 ]; do killat $(rnd 0.05) "$XPROJ" db delete $CD --mention "doc49|$j"; j=$((j + 1)); done ) &
wait
ok=$(cat $W/w*.log | grep -c '^0 ')
cases=$(cat $W/w*.log | wc -l)
accepted=$ok
refused=$((cases - ok))   # each with xproj's message (busy past its wait, ...)
"$XPROJ" db export $CD -o $W/conc.conll >/dev/null 2>&1
have=$("$XPROJ" db log --json $CD | tr '}' '\n' | grep -c '"action":"modify"')
[ "$have" -ge "$ok" ] || { lost=$((ok - have)); echo "  lost: $lost of $ok edits that exited 0 are not in the history"; }
got=$(mods $CD)
[ "$got" -ge "$ok" ] || { lost=$((lost + ok - got)); echo "  lost: the store has $got modifications, $ok edits exited 0"; }
store_ok $CD
phase_end "concurrent writers"

echo "total: $T_cases cases in $(elapsed) s: $T_refused refused with a message, $T_nomsg without, $T_accepted accepted, $T_emptied emptied, $T_changed changed on refusal, $T_lost lost corrections, $T_corrupt corrupted stores, $out_of_range scores out of range"
[ $((T_emptied + T_changed + T_lost + T_corrupt + out_of_range)) = 0 ]
