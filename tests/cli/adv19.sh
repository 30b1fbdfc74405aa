# The nineteenth adversarial round (docs/nothing-lost.md): each check here
# failed on the code before it.
. tests/cli/lib
S=tools/sample
P=$FIX/project

# 1. A cue of no time (its end its start: "00:00:06,650 --> 00:00:06,650",
# a timing typed twice, a tool that rounds).  As a target cue paired by
# time it overlapped no utterance: its text was lost, its utterance left
# without a target, exit 0, not a word.  As an English cue it gave its
# utterance no time, so the target cue over that utterance went to none:
# lost the same way.  Refused at its line, as a reversed cue is; so is an
# ASS Dialogue line of no time.
sed 's/00:00:06,650 --> 00:00:08,950/00:00:06,650 --> 00:00:06,650/' $S/zh.srt >$T/zh0.srt
sed 's/00:00:06,500 --> 00:00:08,900/00:00:06,500 --> 00:00:06,500/' $S/en.srt >$T/en0.srt
sed '14s/0:00:26.45,0:00:24.15/0:00:24.15,0:00:24.15/' $FIX/ass/reversed.ass >$T/zero.ass
al() { expect_status 1 $XPROJ align --transcript $S/dialogue.conll --tgt-lang zh -o $T/a.jsonl "$@"; }
al --subs $S/en.srt --tgt-subs $T/zh0.srt
expect_grep 'zh0.srt:6: a cue that ends where it starts (00:00:06,650)' $T/err
al --subs $T/en0.srt --tgt-subs $S/zh.srt
expect_grep 'en0.srt:10: a cue that ends where it starts (00:00:06,500)' $T/err
al --subs $S/en.srt --tgt-subs $T/zero.ass
expect_grep 'zero.ass:14: a cue that ends where it starts (00:00:24,150)' $T/err
expect_eq "$(ls $T/a.jsonl 2>/dev/null)" "" "a refused align writes nothing"
# a cue of no time with no text (after asides) loses nothing: read
printf '1\n00:00:00,000 --> 00:00:00,000\n[MUSIC]\n\n' >$T/zh1.srt
cat $S/zh.srt >>$T/zh1.srt
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $T/zh1.srt --tgt-lang zh \
	-o $T/a.jsonl

# 2. A correction on an English mention whose id changed in a rerun: ids
# number a document's mentions in order, so a mention removed from the
# English (a fix of the source, then a rerun) renumbered every one after
# it, and each of their corrections was "lost: the English mention
# changed", the queue marking as lost the other mention that now holds the
# old id.  The same English mention (utterance, span, text; one such in
# each run) is carried to its new id, and said.
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --report $T/r1.json 2>/dev/null
sed '2s/(1)$/-/' $P/en.conll >$T/en2.conll    # 'I' is no longer a mention: 'mine' d|3 becomes d|2
$XPROJ project --source $T/en2.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh2.conll --report $T/r2.json 2>/dev/null
expect_status 0 $XPROJ db import $T/s.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r1.json
expect_status 0 $XPROJ db add $T/s.db --mention 'd|3' --span 1:2:3 --annotator ana
expect_status 0 $XPROJ db import $T/s.db --source $T/en2.conll --aligned $P/aligned.jsonl --report $T/r2.json
expect_status 0 $XPROJ db runs $T/s.db
expect_grep '^from run 1: 1 corrected mentions carried over, 0 already so in the new projection, 0 not carried' $T/out
expect_grep '^  d|2  carried: the same English mention as d|3 of run 1, renumbered' $T/out
expect_status 0 $XPROJ db export $T/s.db -o $T/c.conll
expect_grep "$(printf '\t我的\t.*(1)$')" $T/c.conll
# a span in two chains is two mentions, told apart by the chain's label:
# the id alone carried chain 1's correction on d|3 to the rerun's d|3, the
# other chain's mention, exit 0 (a review of round 19); each now goes to
# its own chain's mention
awk 'NR == 12 { $5 = "(1)|(4)" } 1' OFS='\t' $P/en.conll >$T/en3.conll     # 'mine' d|3 and d|4
awk 'NR == 2 { $5 = "-" } 1' OFS='\t' $T/en3.conll >$T/en4.conll           # now d|2 and d|3
for k in 3 4; do
	$XPROJ project --source $T/en$k.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
		-o $T/zh$k.conll --report $T/r$k.json 2>/dev/null
done
expect_status 0 $XPROJ db import $T/t.db --source $T/en3.conll --aligned $P/aligned.jsonl --report $T/r3.json
expect_status 0 $XPROJ db add $T/t.db --mention 'd|4' --span 1:2:3 --annotator ana
expect_status 0 $XPROJ db import $T/t.db --source $T/en4.conll --aligned $P/aligned.jsonl --report $T/r4.json
expect_status 0 $XPROJ db runs $T/t.db
expect_grep '^  d|3  carried: the same English mention as d|4 of run 1, renumbered' $T/out
expect_status 0 $XPROJ db import $T/t2.db --source $T/en3.conll --aligned $P/aligned.jsonl --report $T/r3.json
expect_status 0 $XPROJ db add $T/t2.db --mention 'd|3' --span 1:2:3 --annotator ana
expect_status 0 $XPROJ db import $T/t2.db --source $T/en4.conll --aligned $P/aligned.jsonl --report $T/r4.json
expect_status 0 $XPROJ db runs $T/t2.db
expect_grep '^  d|2  carried: the same English mention as d|3 of run 1, renumbered' $T/out
expect_eq "$(sqlite3 $T/t2.db "SELECT m.mention || ':' || m.cluster FROM corrections c JOIN mentions m ON m.id = c.mention
	JOIN documents d ON d.id = m.document WHERE d.run = 2 AND c.undone = 0")" "2:1" \
	"chain 1's correction on chain 1's mention of the rerun (d|2), not on d|3 (chain 4)"
# a target-side action (here a target-only mention made from 'mine', d|3)
# is carried by the same rule: it went to the mention holding the same id,
# d|3 of the rerun, another mention ('It'), into its history and version
$XPROJ db import $T/v.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r1.json >/dev/null
serve_start $T/v.db
serve_edit 1 'd|3' '"annotator":"ana","action":"tadd","utt":1,"span":[0,1],"cluster":7'
kill $pid; wait $pid 2>/dev/null
expect_status 0 $XPROJ db import $T/v.db --source $T/en2.conll --aligned $P/aligned.jsonl --report $T/r2.json
expect_eq "$(sqlite3 $T/v.db "SELECT t.run || ':' || t.kind || ':' || coalesce(m.mention, 'none') FROM tedits t
	LEFT JOIN mentions m ON m.id = t.mention ORDER BY t.id" | paste -sd' ')" "1:tadd:3 2:tadd:2" \
	"the target-only mention of d|3, carried to its English mention, d|2 of the rerun"
expect_status 0 $XPROJ db show $T/v.db 'd|3'
expect_eq "$(grep -c 'tadd' $T/out)" 0 "the rerun's d|3 (another mention) has no target-only action"
# a correction that cannot be carried, its English mention gone ('I', d|0),
# was listed lost under its key of the earlier run, d|0, which in the
# rerun is another mention ('the big red car', d|1 before): the queue, db
# show and the workbench marked that one lost, and when its own correction
# was carried to d|0, the one key was both carried and lost (the queue's
# lost filter listed the car).  The lost row names the earlier run's
# mention, "d|0 (run 1)", with its words and the mention of its line
# (a review of round 19, finding 3)
for s in w x; do
	$XPROJ db import $T/$s.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r1.json >/dev/null
	expect_status 0 $XPROJ db delete $T/$s.db --mention 'd|0' --annotator ana
done
expect_status 0 $XPROJ db modify $T/x.db --mention 'd|1' --span 0:4:8 --annotator ana
for s in w x; do
	expect_status 0 $XPROJ db import $T/$s.db --source $T/en2.conll --aligned $P/aligned.jsonl --report $T/r2.json
	expect_grep '^  d|0 (run 1)  lost: the English mention changed ("I"; its line in this run: d|0)$' $T/out
	expect_status 0 $XPROJ db show $T/$s.db 'd|0'
	expect_eq "$(grep -c 'lost' $T/out)" 0 "$s.db: the rerun's d|0 (the car) shown without the lost correction of 'I'"
	expect_status 0 $XPROJ db show $T/$s.db 'd|0 (run 1)'
	expect_grep '^d|0  run 1, .* edited$' $T/out
	expect_grep '^  en       \[I\] saw the big red car \.$' $T/out
	serve_start $T/$s.db
	expect_eq "$(curl -s "${url}api/queue?run=2&status=lost" | grep -o '"total":[0-9]*')" '"total":0' \
		"$s.db: the queue's lost filter lists no mention of run 2"
	curl -s "${url}api/stats?run=2" >$T/stats
	expect_grep '"lost":\[{"key":"d|0 (run 1)","said":"d|0 (run 1)","status":"lost","why":"the English mention changed","from_run":1,"was":"d|0","en":"I","at":"d|0"}\]' $T/stats
	curl -s "${url}api/mention?run=2&key=d%7C0" >$T/m
	# the label is no part of a key the run has: atoll read "0 (run 1)" as 0
	# and opened run 2's d|0 (the car) for run 1's I; "d|x" was d|0 too
	for k in 'd%7C0%20(run%201)' 'd%7Cx' 'd%7C0x' 'd%7C%2B0'; do
		expect_eq "$(curl -s -o /dev/null -w '%{http_code}' "${url}api/mention?run=2&key=$k")" 404 "$s.db: /api/mention?key=$k"
	done
	kill $pid; wait $pid 2>/dev/null
	expect_eq "$(grep -o '"carry":\(null\|{"status":"[a-z]*"\)' $T/m)" "$([ $s = w ] && echo '"carry":null' || echo '"carry":{"status":"carried"')" \
		"$s.db: /api/mention's carry of d|0"
done
expect_eq "$(grep -o '"status":"[a-z]*"' $T/stats | sort | uniq -c | tr -s ' ' | paste -sd' ')" ' 1 "status":"lost"' "x.db: one lost row"
expect_status 0 $XPROJ db show $T/x.db 'd|0'
expect_grep '^  rerun    from run 1: carried (the same English mention as d|1 of run 1, renumbered)$' $T/out
# export: the car's carried span, nothing else of run 1's; a merge (runs
# renumbered after another store's) names the lost mention's run anew
expect_status 0 $XPROJ db export $T/x.db -o $T/x.conll
expect_grep "$(printf '^d\t0\t4\t红色\t.*(2$')" $T/x.conll
expect_grep "$(printf '^d\t0\t0\t我\t.*-$')" $T/x.conll
$XPROJ db import $T/o.db --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r1.json >/dev/null
expect_status 0 $XPROJ db merge $T/xm.db $T/o.db $T/x.db
expect_status 0 $XPROJ db runs $T/xm.db
expect_grep '^  d|0 (run 2)  lost: the English mention changed ("I"; its line in this run: d|0)$' $T/out
expect_grep '^  d|0  carried: the same English mention as d|1 of run 2, renumbered$' $T/out
expect_status 0 $XPROJ db export $T/xm.db -o $T/xm.conll
expect_status 0 cmp $T/x.conll $T/xm.conll

# 3. agree over files of which no two hold one document (another corpus,
# or ids spelt otherwise): every pair "0 documents, 0.00% 0.00%", exit 0.
# Refused, naming each file's first document; a pair of a store's (or of
# three files') that shares no document says n/a, not 0.00%.
A=$FIX/agree
sed 's/ep1/ep9/g' $A/two.conll >$T/two9.conll
expect_status 1 $XPROJ agree $A/one.conll $T/two9.conll
expect_grep "one.conll: no document is in two of the files (documents pair by id and part; the first of each: .*one.conll 'ep1', .*two9.conll 'ep9')" $T/err
expect_status 0 $XPROJ agree $A/one.conll $A/three.conll $T/two9.conll
expect_grep '^.*one.conll  *.*two9.conll  *0  *n/a  *n/a$' $T/out
expect_status 0 $XPROJ agree --json $A/one.conll $A/three.conll $T/two9.conll
expect_grep '"b":"[^"]*two9.conll","documents":0,"mention_f1":null,"conll_f1":null}' $T/out

# 4. score --json with --format table (or reference): the --format won,
# a script's --json got a table, exit 0.  Refused.
K=$FIX/score/key.conll
expect_status 2 $XPROJ score --json --format table $K $K
expect_grep '^xproj score: --json is --format json: not with --format table' $T/err
expect_status 2 $XPROJ score --format reference --json $K $K
expect_status 0 $XPROJ score --json --format json $K $K
expect_grep '^{"mentions":' $T/out

# 5. An input with no document (an empty or blank file, a pipe that gave
# nothing): convert wrote an empty OUT over the one there was, exit 0;
# score with such a key printed 0.00% everywhere, exit 0 (not a word when
# the response was empty too).  Refused, OUT as it was.
: >$T/empty.conll
printf '\n\n' >$T/blank.conll
expect_status 0 $XPROJ convert $K $T/k.jsonlines
was=$(sum $T/k.jsonlines)
for e in empty blank; do
	expect_status 1 $XPROJ convert $T/$e.conll $T/k.jsonlines
	expect_grep "$e.conll: no document in it (an empty or blank file?): nothing to convert" $T/err
done
expect_status 1 sh -c ": | $XPROJ convert --from conll - $T/k.jsonlines"
expect_eq "$(sum $T/k.jsonlines)" "$was" "convert of nothing: OUT unchanged"
expect_status 1 $XPROJ score $T/empty.conll $T/empty.conll
expect_grep 'empty.conll: the key holds no document (an empty or blank file?): nothing to score against' $T/err
expect_status 1 $XPROJ score $T/blank.conll $K
# a response with nothing is a system that found nothing: scored, and said
expect_status 0 $XPROJ score $K $T/empty.conll
expect_grep 'key document(s) are not in the response and score as empty' $T/err

# 6. validate of a file with no document (empty, blank): "0 error(s), 0
# warning(s)", exit 0, for the check that gates a file.  A warning (line
# 0, the file), which --strict makes a problem.
expect_status 0 $XPROJ validate $T/empty.conll
expect_grep 'empty.conll: 0 error(s), 1 warning(s)' $T/out
expect_grep 'empty.conll: warning: no document in the file (an empty or blank file?)' $T/err
expect_status 1 $XPROJ validate --strict $T/blank.conll
expect_status 0 $XPROJ validate --strict $K

# 7. A directory with no .mmax file in it, given as a corpus: "read error
# at byte 0: Is a directory", the reason not the one.  A directory is read
# as MMAX2's, which says what is missing.
mkdir $T/nommax && cp $K $T/nommax/
expect_status 1 $XPROJ convert $T/nommax $T/k.jsonlines
expect_grep 'nommax: no .mmax file in the directory' $T/err
expect_eq "$(sum $T/k.jsonlines)" "$was" "convert of a directory of no .mmax: OUT unchanged"

finish
