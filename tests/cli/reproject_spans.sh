# A run made with `pipeline --span-factor X` (the English mentions as the
# word aligner's soft constraints) records the factor with its aligner
# (runs.wa_model's "aligner"), and a realign's re-alignment holds the
# utterance's mentions at it too (docs/serve.md, "Re-projection"): each
# utterance realigned to other lines and back to its own gets the run's
# spans, as reproject_same.sh checks for a run without it.  At factor 50
# (seed 5, intersect) 88 of the 88 mentions compared get the run's span;
# before the factor was recorded, the re-alignment held no mentions and 3
# differed (85 same).  A run without --span-factor records none: its
# aligner held nothing (no pack asks today), and neither does a realign.
. tests/cli/lib
PY=/usr/bin/python3
[ -x $PY ] || { echo "skipped: no python3"; exit 0; }
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/p --quiet --save-model --seed 5 --sym intersect --span-factor 50
expect_eq "$(sqlite3 $T/p/corrections.db "SELECT json_extract(wa_model, '\$.aligner.span_factor') FROM runs")" "50.0" \
	"the factor recorded with the run's aligner"
expect_status 0 $XPROJ db runs $T/p/corrections.db
expect_grep "realign: model .*wordalign.model, seed 5, intersect, --span-factor 50, its names$" $T/out
expect_status 0 $XPROJ db show $T/p/corrections.db 's01e01c00x|2'
expect_grep "realign: model .*wordalign.model, seed 5, intersect, --span-factor 50, its names$" $T/out
serve_start $T/p/corrections.db
[ -n "$url" ] || { echo "FAIL: serve gave no URL after $i tries:"; cat $T/url; fails=$((fails + 1)); }
$PY tests/cli/realign_back.py back "$url" "$T/p/corrections.db" > $T/same 2>&1 ||
	{ echo "realign_back.py failed; serve said:"; cat $T/url; }
kill $pid; wait $pid 2>/dev/null
n=$(sed -n 's/^utterances \([0-9]*\) same \([0-9]*\) differ \([0-9]*\) notes \([0-9]*\)$/\1 \2 \3 \4/p' $T/same)
set -- $n 0 0 0 0
[ "$1" -ge 39 ] && [ "$2" -ge 87 ] && [ "$3" -le 1 ] && [ "$4" -eq 0 ] ||
	{ echo "FAIL: re-projected back, not the run's spans (utterances, same, differ, notes: $n)"; cat $T/same; fails=$((fails + 1)); }
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
expect_grep "realign: model .*wordalign.model, seed 5, intersect, its names$" $T/out
finish
