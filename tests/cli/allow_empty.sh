# Issue 32, D2: a rerun with empty or unreadable subtitles emptied the
# outputs and added an empty latest run, exit 0.  Every command that
# replaces outputs or adds a run refuses a result that would leave less than
# it found (nothing aligned to a subtitle, no target text, nothing
# projected), names the input, exits 1 and leaves the outputs and the store
# byte for byte as they were, unless given --allow-empty.
. tests/cli/lib
S=tools/sample
P=$FIX/project
state() { cksum $1/* | md5sum; }   # every file of a pipeline directory

# --- pipeline: a run, a correction, then reruns with hostile subtitles ---
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/D --quiet
key=$($XPROJ db triage $T/D/corrections.db --list | head -1 | cut -f1)
expect_status 0 $XPROJ db delete $T/D/corrections.db --mention "$key"
was=$(state $T/D)
: > $T/empty.srt
printf ' \n\n\t\n  \n' > $T/blank.srt
printf '1\n00:00:xx,000 --> 00:00:zz,000\nHello\n\n2\nnot --> a time\nWorld\n' > $T/badtime.srt
for s in empty blank badtime; do
	expect_status 1 $XPROJ pipeline --config $S/zh.conf --subs $T/$s.srt -o $T/D --quiet
	expect_grep "$T/$s.srt: none of the 40 utterances aligned to a subtitle" $T/err
	expect_grep 'nothing is replaced and no run is added (--allow-empty' $T/err
	expect_eq "$(state $T/D)" "$was" "pipeline with $s subtitles left the directory and the store"
done
# an empty target: the English aligns, the target gives nothing
expect_status 1 $XPROJ pipeline --config $S/zh.conf --tgt-subs $T/empty.srt -o $T/D --quiet
expect_grep "$T/empty.srt: 40 of 40 utterances aligned to the subtitles of $S/en.srt, none to target text" $T/err
expect_eq "$(state $T/D)" "$was" "pipeline with an empty --tgt-subs left the directory and the store"
expect_status 0 $XPROJ db runs $T/D/corrections.db
expect_eq "$(grep -c '^run ' $T/out)" 1 "runs after the refused reruns"
expect_status 0 $XPROJ db export $T/D/corrections.db -o $T/x.conll
expect_eq "$(grep -c '^#begin document' $T/x.conll)" 3 "db export still has the run's documents"
# told: the empty run is written
expect_status 0 $XPROJ pipeline --config $S/zh.conf --subs $T/empty.srt -o $T/D --quiet --allow-empty
expect_eq "$(wc -c < $T/D/projected.conll | tr -d ' ')" 0 "--allow-empty writes the empty projection"
expect_status 0 $XPROJ db runs $T/D/corrections.db
expect_eq "$(grep -c '^run ' $T/out)" 2 "--allow-empty adds the run"

# --- project: an aligned corpus without target text ---
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh -o $T/zh.conll \
	--report $T/r.json 2>/dev/null
sed 's/"tgt":\[[^]]*\]/"tgt":[]/; s/"tgt_text":"[^"]*"/"tgt_text":""/' $P/aligned.jsonl > $T/notgt.jsonl
was=$(sum $T/zh.conll $T/r.json)
: > $T/none.pharaoh   # no sentence pair, no line
expect_status 1 $XPROJ project --source $P/en.conll --aligned $T/notgt.jsonl --alignments $T/none.pharaoh \
	-o $T/zh.conll --report $T/r.json
expect_grep "$T/notgt.jsonl: none of its .* utterances has target text" $T/err
expect_eq "$(sum $T/zh.conll $T/r.json)" "$was" "project with no target text left its outputs"
expect_status 0 $XPROJ project --source $P/en.conll --aligned $T/notgt.jsonl --alignments $T/none.pharaoh \
	-o $T/zh.conll --report $T/empty.json --allow-empty

# --- db import: a report that projects nothing ---
D=$T/c.db
expect_status 0 $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json
was=$(sum $D)
expect_status 1 $XPROJ db import $D --source $P/en.conll --aligned $T/notgt.jsonl --report $T/empty.json
expect_grep "$T/empty.json: none of its .* mentions is projected" $T/err
expect_eq "$(sum $D)" "$was" "db import of an empty run left the store"
expect_status 1 $XPROJ db import $T/new.db --source $P/en.conll --aligned $T/notgt.jsonl --report $T/empty.json
[ -e $T/new.db ] && { echo "FAIL: a refused import created $T/new.db"; fails=$((fails + 1)); }
expect_status 0 $XPROJ db import $D --source $P/en.conll --aligned $T/notgt.jsonl --report $T/empty.json --allow-empty
expect_status 0 $XPROJ db runs $D
expect_eq "$(grep -c '^run ' $T/out)" 2 "db import --allow-empty adds the run"

# --- align: subtitles nothing aligns to ---
echo good > $T/a.jsonl
expect_status 1 $XPROJ align --transcript $S/dialogue.conll --subs $T/blank.srt -o $T/a.jsonl
expect_grep "$T/blank.srt: none of the 40 utterances aligned to a subtitle" $T/err
expect_eq "$(cat $T/a.jsonl)" good "align of blank subtitles left its output"
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $T/blank.srt -o $T/a.jsonl --allow-empty
# --- bitext: an aligned corpus without target text ---
echo good > $T/pairs.txt
expect_status 1 $XPROJ bitext $T/notgt.jsonl -o $T/pairs.txt
expect_grep "$T/notgt.jsonl: none of its 3 utterances has both a source and a target" $T/err
expect_eq "$(cat $T/pairs.txt)" good "bitext without target text left its output"
expect_status 0 $XPROJ bitext $T/notgt.jsonl -o $T/pairs.txt --allow-empty
# every command's help names the option
for c in pipeline project align bitext; do
	$XPROJ $c --help | grep -q -- --allow-empty || { echo "FAIL: $c --help lacks --allow-empty"; fails=$((fails + 1)); }
done
$XPROJ db --help | grep -q -- --allow-empty || { echo "FAIL: db --help lacks --allow-empty"; fails=$((fails + 1)); }
finish
