# A run's whole recipe for the workbench's re-projection
# (docs/history/serve-rounds.md, "Spans proposed again after a realign",
# *The run's whole recipe*): `project` writes what else decided its spans in
# its report's settings ("inputs": here --phrases, with the rule 'phrases'
# and the block rule); `db import --wa-model` takes the phrases' text into
# the store, and `db runs` and `db show` show the recipe.  Each utterance
# realigned to other lines and back to its own then gets the run's own
# spans, the phrases file removed after the import: the 5 "the cake"
# mentions the phrases moved to 糕 among them.  Before runs kept their
# recipe, the re-projection had no phrases and those 5 went back to 蛋糕.  One
# differs still (s01e01c02x|31, confidence from document-wide features, as
# in reproject_same.sh): the test allows 2. A run recorded before (no
# "recipe") realigns as before, and says so.
. tests/cli/lib
PY=/usr/bin/python3
[ -x $PY ] || { echo "skipped: no python3"; exit 0; }
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/p --quiet --save-model --seed 5 --sym intersect
printf '# xproj names 1\nthe cake\t糕\t10.0\t0.900\t10\n' > $T/h.phrases
expect_status 0 $XPROJ project --source $S/dialogue.conll --aligned $T/p/aligned.jsonl \
	--alignments $T/p/alignments.pharaoh --probs $T/p/alignments.probs --map $T/p/pairs.map \
	--rules +phrases --phrases $T/h.phrases --rule block --gap 1 -o $T/x.conll --report $T/x.json
expect_eq "$(tail -1 $T/x.json | grep -o '"phrases":[0-9]*')" '"phrases":5' "the phrases move the cake's 5 mentions to 糕"
head -1 $T/x.json | grep -o '"inputs":{[^}]*}' > $T/inputs
expect_grep '"inputs":{"phrases":{"path":"[^"]*/h.phrases","bytes":43,"hash":"[0-9a-f]*"}' $T/inputs
expect_status 0 $XPROJ db import $T/s.db --source $S/dialogue.conll --aligned $T/p/aligned.jsonl \
	--report $T/x.json --wa-model $T/p/wordalign.model --wa-seed 5 --wa-sym intersect
expect_eq "$(sqlite3 $T/s.db "SELECT json_extract(wa_model, '\$.aligner.recipe') || ' ' ||
	length(json_extract(wa_model, '\$.aligner.phrases')) FROM runs")" "1 41" "the phrases' text kept in the store"
expect_status 0 $XPROJ db runs $T/s.db
expect_grep "spans: rule \"block\", gap 1, +phrases, --phrases $T/h.phrases" $T/out
expect_grep "re-pair: model .*wordalign.model, seed 5, intersect, its phrases$" $T/out
expect_status 0 $XPROJ db show $T/s.db 's01e01c00x|2'
expect_grep "spans: rule \"block\", gap 1, +phrases, --phrases $T/h.phrases" $T/out
expect_grep "re-pair: model .*wordalign.model, seed 5, intersect, its phrases$" $T/out
rm $T/h.phrases
# realign DB OUT MODE ARG: tests/cli/realign_back.py MODE against a server of DB
realign() {
	# the last server's line is gone first: the redirection below truncates
	# the file in the child, which may run after the wait has read the old
	# line whole and gone on, and then read the address from an empty file
	# (a SAN run: realign_back.py got '', 'unknown url type')
	rm -f $T/url
	$XPROJ serve $1 --port 0 > $T/url 2>&1 &
	pid=$!
	i=0
	# up to 120 s: a loaded machine (CI beside a sanitizer build) once took
	# more than 30 s; a server that died says why
	# (the whole line, not "http" alone: a SAN run once read the word
	# and then no address, and said nothing of what the file held)
	while [ $i -lt 1200 ] && ! grep -qs 'on http://[^ ]* (Ctrl-C stops)$' $T/url && kill -0 $pid 2>/dev/null; do
		i=$((i + 1))
		sleep 0.1
	done
	grep -qs 'on http://[^ ]* (Ctrl-C stops)$' $T/url ||
		{ echo "FAIL: serve $1 gave no URL after $i tries:"; cat $T/url; fails=$((fails + 1)); }
	$PY tests/cli/realign_back.py $3 "$(grep -o 'http://[^ ]*' $T/url | head -1)" "$4" > $2 2>&1 ||
		{ echo "realign_back.py $3 failed; serve said:"; cat $T/url; }
	kill $pid; wait $pid 2>/dev/null
}
realign $T/s.db $T/same back "$T/s.db"

n=$(sed -n 's/^utterances \([0-9]*\) same \([0-9]*\) differ \([0-9]*\) notes \([0-9]*\)$/\1 \2 \3 \4/p' $T/same)
set -- $n 0 0 0 0
[ "$1" -ge 39 ] && [ "$3" -le 2 ] && [ "$4" -eq 0 ] ||
	{ echo "FAIL: re-projected back, not the run's spans (utterances, same, differ, notes: $n)"; cat $T/same; fails=$((fails + 1)); }
# the phrases' text edited in the store (糕 for 蛋糕 now 蛋): no proposal,
# said; before, re-projected with the edited text, rules the run never had
sqlite3 $T/s.db "UPDATE runs SET wa_model = json_set(wa_model, '\$.aligner.phrases',
	replace(json_extract(wa_model, '\$.aligner.phrases'), '糕', '蛋'))"
realign $T/s.db $T/edited away "s01e01c00x|2"
expect_grep "^none re-projection failed: the store's text of the run's --phrases is not the file the run read" $T/edited
# and db check names it
expect_status 1 $XPROJ db check $T/s.db
expect_grep "run 1: its --phrases text (hash [0-9a-f]*) is not the file the run read" $T/out
# a run recorded before runs kept their recipe: realigned as before, said so
sqlite3 $T/p/corrections.db "UPDATE runs SET wa_model = json_remove(wa_model, '\$.aligner.recipe')"
expect_status 0 $XPROJ db runs $T/p/corrections.db
expect_grep "recorded before runs kept their recipe" $T/out
realign $T/p/corrections.db $T/old away "s01e01c00x|0"
expect_grep "^proposed the run recorded no recipe" $T/old
finish
