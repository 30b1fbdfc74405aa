# A rerun re-projects the realigns it carries with its own model
# (docs/history/serve-rounds.md, "Spans proposed again after a realign"): a
# run (seed 5) has two utterances re-paired in the workbench, the proposal
# of one mention kept; a rerun with seed 7 (another model) carries both
# realigns.  Their proposals are the rerun's model's: each realign made
# again from the workbench in the rerun proposes what the rerun carried,
# every mention but the kept one, whose proposal stays the span the
# corrector kept; the carry-over says "re-projected with this run's model".
# Before, the carried proposals were the first run's: 3 of the 4 compared
# differed (s01e01c00x|17, 18 and s01e01c02x|20, measured over every
# utterance: 10 of 92 differed). db import --wa-model re-projects them too.
. tests/cli/lib
PY=/usr/bin/python3
[ -x $PY ] || { echo "skipped: no python3"; exit 0; }
command -v curl >/dev/null || { echo "skipped: no curl"; exit 0; }
S=tools/sample
P="pipeline --config $S/zh.conf -o $T/p --quiet --save-model --sym intersect"
expect_status 0 $XPROJ $P --seed 5
D=$T/p/corrections.db
serve_start $D
$PY tests/cli/realign_back.py away "$url" 's01e01c00x|18' > $T/a1 2>&1
$PY tests/cli/realign_back.py away "$url" 's01e01c02x|20' > $T/a2 2>&1
expect_grep '^proposed' $T/a1
expect_grep '^proposed' $T/a2
v=$(curl -s "${url}api/mention?run=1&key=s01e01c00x%7C18" | sed 's/.*"version":\([0-9]*\).*/\1/')
curl -s -X POST -H 'Content-Type: application/json' "${url}api/edit" \
	-d '{"run":1,"key":"s01e01c00x|18","annotator":"ann","action":"keep","version":'$v'}' > $T/keep
expect_grep '"ok":true' $T/keep
# a target-only mention on the re-paired line's last token (tests/webapi.py)
$PY - "$url" <<-'EOF' > $T/tadd 2>&1
	import sys, urllib.parse
	sys.path.insert(0, "tests")
	import webapi
	url, key = sys.argv[1], "s01e01c02x|20"
	st, m = webapi.call(url, "GET", "mention?run=1&key=" + urllib.parse.quote(key))
	n = len(m["target"]["tokens"])
	print(*webapi.call(url, "POST", "edit", {"run": 1, "key": key, "annotator": "ann", "version": m["version"], "action": "tadd",
	      "utt": m["english"]["utt"], "span": [n - 2, n - 1], "cluster": m["scene"]["tgt_cluster"]}))
	EOF
expect_grep "^200 " $T/tadd
kill $pid; wait $pid 2>/dev/null
# db show says the actions as the workbench does (h-wbwords): it said
# "realign by ann" and "tadd by ann", the store's kinds, and no words
expect_status 0 $XPROJ db show $D 's01e01c02x|20'
expect_grep "Z re-pair by " $T/out
expect_grep "Z add target-only “.*” by ann$" $T/out
if grep -q 'Z realign\|Z tadd' $T/out; then echo "FAIL: db show names an action by its stored kind"; fails=$((fails + 1)); fi
kept=$(sqlite3 $D "SELECT r.tgt_start || '-' || r.tgt_end FROM reproj r JOIN mentions m ON m.id = r.mention
	JOIN documents d ON d.id = m.document WHERE d.doc = 's01e01c00x' AND m.mention = 18")
expect_eq "$kept" "16-18" "the first run's proposal, kept"

expect_status 0 $XPROJ $P --seed 7
expect_eq "$(sqlite3 $D "SELECT group_concat(why, ' / ') FROM carries WHERE run = 2 AND mention_key LIKE '%(realign)'")" \
	"re-projected with this run's model; 1 mention(s) a carried correction or review acts on keep the earlier run's proposal / re-projected with this run's model" \
	"the carry-over says so"
if grep -q 're-pairs \|realigns ' $T/p/summary.txt 2>/dev/null; then echo "FAIL: the summary warns of re-pairs not re-projected"; fails=$((fails + 1)); fi
expect_status 0 $XPROJ db runs $D
# the line in words (h-wbwords): it said "s01e01c02x|line 4 (realign)", the
# store's key, which the API's stats keep for scripts ("key"; "said" the words)
expect_grep "^  s01e01c02x line [0-9]*, re-paired  carried: re-projected with this run's model$" $T/out
if grep -q '|line\|(realign)' $T/out; then echo "FAIL: db runs shows the store's key of a re-pairing"; fails=$((fails + 1)); fi
serve_start $D
$PY tests/cli/realign_back.py again "$url" "$D" > $T/again 2>&1 || { echo "realign_back.py failed:"; cat $T/url; }
kill $pid; wait $pid 2>/dev/null
# the kept one: what the corrector kept (the rerun's model proposes 17-18)
expect_grep '^differs s01e01c00x|18 carried (16, 18) now (17, 18)$' $T/again
n=$(sed -n 's/^mentions \([0-9]*\) same \([0-9]*\) differ \([0-9]*\)$/\1 \2 \3/p' $T/again)
set -- $n 0 0 0
[ "$1" -ge 4 ] && [ "$3" -eq 1 ] ||
	{ echo "FAIL: the rerun's proposals are not its model's (mentions, same, differ: $n)"; cat $T/again; fails=$((fails + 1)); }
# db import --wa-model carries and re-projects them the same way
expect_status 0 $XPROJ db import $D --source $S/dialogue.conll --aligned $T/p/aligned.jsonl --report $T/p/report.json \
	--wa-model $T/p/wordalign.model --wa-seed 7 --wa-sym intersect
expect_grep "^  s01e01c02x line [0-9]*, re-paired  carried: re-projected with this run's model$" $T/out
expect_status 0 $XPROJ db check $D
finish
