# A run made with `pipeline --span-factor X` (the English mentions as the
# word aligner's soft constraints) records the factor with its aligner
# (runs.wa_model's "aligner"), and a realign's re-alignment holds the
# utterance's mentions at it too (docs/history/serve-rounds.md, "Spans
# proposed again after a realign"): each utterance realigned to other lines
# and back to its own gets the run's spans, as reproject_same.sh checks for
# a run without it.  At factor 50 (seed 5, intersect) 88 of the 88 mentions
# compared get the run's span; before the factor was recorded, the
# re-alignment held no mentions and 3 differed (85 same).  The same run
# imported with `db import --wa-model --wa-span-factor 50` records it too
# and realigns as well, and a rerun so imported re-projects the realigns it
# carries at it.  A run without --span-factor records none: its aligner held
# nothing (no pack asks today), and neither does a realign.
. tests/cli/lib
PY=/usr/bin/python3
[ -x $PY ] || { echo "skipped: no python3"; exit 0; }
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/p --quiet --save-model --seed 5 --sym intersect --span-factor 50
expect_eq "$(sqlite3 $T/p/corrections.db "SELECT json_extract(wa_model, '\$.aligner.span_factor') FROM runs")" "50.0" \
	"the factor recorded with the run's aligner"
expect_status 0 $XPROJ db runs $T/p/corrections.db
expect_grep "re-pair: model .*wordalign.model, seed 5, intersect, --span-factor 50, its names$" $T/out
expect_status 0 $XPROJ db show $T/p/corrections.db 's01e01c00x|2'
expect_grep "re-pair: model .*wordalign.model, seed 5, intersect, --span-factor 50, its names$" $T/out
# back DB WHAT: each utterance of DB realigned away and back in the
# workbench must get the run's spans (at most 1 of 88 differs)
back() {
	serve_start $1
	[ -n "$url" ] || { echo "FAIL: serve gave no URL after $i tries:"; cat $T/url; fails=$((fails + 1)); }
	$PY tests/cli/realign_back.py back "$url" "$1" > $T/same 2>&1 ||
		{ echo "realign_back.py failed; serve said:"; cat $T/url; }
	kill $pid; wait $pid 2>/dev/null
	n=$(sed -n 's/^utterances \([0-9]*\) same \([0-9]*\) differ \([0-9]*\) notes \([0-9]*\)$/\1 \2 \3 \4/p' $T/same)
	set -- $n 0 0 0 0
	[ "$1" -ge 39 ] && [ "$2" -ge 87 ] && [ "$3" -le 1 ] && [ "$4" -eq 0 ] ||
		{ echo "FAIL: $what: re-projected back, not the run's spans (utterances, same, differ, notes: $n)"
		  cat $T/same; fails=$((fails + 1)); }
}
what=pipeline back $T/p/corrections.db
# the same run imported with `db import --wa-model` (a `wordalign --src-spans
# pairs.spans --span-factor 50` run, as the stage commands make it): its
# factor recorded with --wa-span-factor as the pipeline records it, and a
# realign holds the mentions at it.  Before --wa-span-factor such a run
# could not record it and realigned without (85 same, 3 differ, as above)
sqlite3 $T/p/corrections.db "SELECT json_extract(wa_model, '\$.aligner.names') FROM runs" > $T/names
expect_status 0 $XPROJ db import $T/i.db --source $S/dialogue.conll --aligned $T/p/aligned.jsonl \
	--report $T/p/report.json --wa-model $T/p/wordalign.model --wa-seed 5 --wa-sym intersect \
	--wa-names $T/names --wa-span-factor 50
expect_eq "$(sqlite3 $T/i.db "SELECT json_extract(wa_model, '\$.aligner.span_factor') FROM runs")" "50.0" \
	"db import --wa-span-factor: the factor recorded with the run's aligner"
expect_status 0 $XPROJ db runs $T/i.db
expect_grep "re-pair: model .*wordalign.model, seed 5, intersect, --span-factor 50, its names$" $T/out
what="db import --wa-span-factor" back $T/i.db
# a rerun imported so (the same run again, --wa-span-factor 50) re-projects
# the 39 realigns it carries (each utterance back to its own lines) holding
# the mentions at the factor: every proposal the run's span (0 of 88
# differ; without the factor 3 do)
expect_status 0 $XPROJ db import $T/i.db --source $S/dialogue.conll --aligned $T/p/aligned.jsonl \
	--report $T/p/report.json --wa-model $T/p/wordalign.model --wa-seed 5 --wa-sym intersect \
	--wa-names $T/names --wa-span-factor 50
n=$(sqlite3 -separator ' ' $T/i.db "SELECT count(*), sum(r.tgt_start IS NOT p.tgt_start OR r.tgt_end IS NOT p.tgt_end)
	FROM tedits t JOIN reproj r ON r.tedit = t.id JOIN projections p ON p.mention = r.mention
	WHERE t.run = 2 AND t.kind = 'realign' AND NOT t.undone AND p.fate != 'filtered'")
set -- $n 0 0
[ "$1" -ge 87 ] && [ "$2" -le 1 ] ||
	{ echo "FAIL: a rerun's carried realigns not re-projected at the factor (proposals, not the run's span: $n)"
	  fails=$((fails + 1)); }
# nonsense refused as `pipeline --span-factor` refuses it, nothing created;
# a factor of 1 (no blocks: `--no-spans`) recorded as none; not without a model
for f in 0 -3 nan inf 1e9 4x ''; do
	expect_status 2 $XPROJ db import $T/j.db --source $S/dialogue.conll --aligned $T/p/aligned.jsonl \
		--report $T/p/report.json --wa-model $T/p/wordalign.model --wa-span-factor "$f"
	expect_grep "wa-span-factor: '$f' is" $T/err
	[ -e $T/j.db ] && { echo "FAIL: --wa-span-factor '$f' created the store"; fails=$((fails + 1)); }
done
expect_status 0 $XPROJ db import $T/j.db --source $S/dialogue.conll --aligned $T/p/aligned.jsonl \
	--report $T/p/report.json --wa-model $T/p/wordalign.model --wa-span-factor 1
expect_eq "$(sqlite3 $T/j.db "SELECT json_type(wa_model, '\$.aligner.span_factor') IS NULL FROM runs")" "1" \
	"--wa-span-factor 1: no blocks, no factor recorded"
expect_status 2 $XPROJ db import $T/k.db --source $S/dialogue.conll --aligned $T/p/aligned.jsonl \
	--report $T/p/report.json --wa-span-factor 50
expect_grep "not without it" $T/err
# a factor no run can have had, the record edited in the store (1e300, or
# "50" as text), or another value of the record (a sym of no name, 9 alt
# seeds, a one-way threshold of 2): the realign proposes nothing and says
# why.  Before, 1e300 re-projected 30 of the 88 mentions otherwise than
# the run, "50" held no mention, the sym was grow-diag-final-and's,
# nothing said
for kv in span_factor=1e300 'span_factor="50"' span_factor=-2 'sym="intersectt"' alt_seeds=9 one_way=2; do
	k=${kv%%=*} v=${kv#*=}
	cp $T/p/corrections.db $T/e.db
	sqlite3 $T/e.db "UPDATE runs SET wa_model = json_set(wa_model, '\$.aligner.$k', json('$v'))"
	serve_start $T/e.db
	$PY tests/cli/realign_back.py back "$url" "$T/e.db" > $T/same 2>&1
	kill $pid; wait $pid 2>/dev/null
	expect_grep "says $k .*, which no run can have had" $T/same
	expect_grep "^utterances 0 same 0 " $T/same
	rm -f $T/e.db $T/e.db-wal $T/e.db-shm
done
# without --span-factor: nothing recorded, the realign aligns as before
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/q --quiet --save-model --seed 5 --sym intersect
expect_eq "$(sqlite3 $T/q/corrections.db "SELECT json_type(wa_model, '\$.aligner.span_factor') IS NULL FROM runs")" "1" \
	"no factor recorded for a run whose aligner held no mentions"
expect_status 0 $XPROJ db runs $T/q/corrections.db
expect_grep "re-pair: model .*wordalign.model, seed 5, intersect, its names$" $T/out
finish
