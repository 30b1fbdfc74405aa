# An input with no documents (empty, or cut before its first document) is
# an error where it would otherwise replace good outputs with nothing or add
# an empty run to the store: project, bitext, db import, pipeline, pair,
# align, wordalign.  Nothing
# is replaced and no run is added.
. tests/cli/lib
P=$FIX/project
S=tools/sample
: > $T/empty.conll
printf '#begin document (d); part 000\n' | head -c 10 > $T/cut.conll
printf '\n\n' > $T/blank.conll
: > $T/empty.jsonl
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null

for src in empty cut blank; do
	was=$(sum $T/zh.conll)
	expect_status 1 $XPROJ project --source $T/$src.conll --aligned $P/aligned.jsonl \
		--alignments $P/pairs.pharaoh -o $T/zh.conll
	expect_grep "$T/$src.conll: no documents" $T/err
	expect_eq "$(sum $T/zh.conll)" "$was" "project with the $src source left its output"
done
expect_status 1 $XPROJ project --source $P/en.conll --aligned $T/empty.jsonl --alignments $P/pairs.pharaoh -o $T/zh.conll
expect_grep "$T/empty.jsonl: no utterances" $T/err
echo old > $T/pairs.txt
expect_status 1 $XPROJ bitext $T/empty.jsonl -o $T/pairs.txt
expect_grep "$T/empty.jsonl: no utterances" $T/err
expect_eq "$(cat $T/pairs.txt)" old "bitext of an empty corpus left its output"

D=$T/c.db
$XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null
for src in empty cut; do
	expect_status 1 $XPROJ db import $D --source $T/$src.conll --aligned $P/aligned.jsonl --report $T/r.json
	expect_grep "$T/$src.conll: no documents" $T/err
done
expect_status 1 $XPROJ db import $D --source $P/en.conll --aligned $T/empty.jsonl --report $T/r.json
expect_grep "no utterances" $T/err
expect_status 0 $XPROJ db runs $D
expect_eq "$(grep -c '^run ' $T/out)" 1 "runs after the refused imports"

expect_status 0 $XPROJ pipeline --quiet --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt \
	--alignments $S/zh.pharaoh -o $T/pl
was=$(sum $T/pl/projected.conll)
expect_status 1 $XPROJ pipeline --quiet --source $T/empty.conll --subs $S/en.srt --tgt-subs $S/zh.srt -o $T/pl
expect_grep "$T/empty.conll: no documents" $T/err
expect_eq "$(sum $T/pl/projected.conll)" "$was" "a pipeline with an empty source left its outputs"
expect_status 0 $XPROJ db runs $T/pl/corrections.db
expect_eq "$(grep -c '^run ' $T/out)" 1 "runs after the refused pipeline"
# pair, align, wordalign: the good output stays
for c in pair align wordalign; do echo good > $T/$c.out; done
expect_status 1 $XPROJ pair --source $T/empty.conll --target $FIX/pair/zh.conll -o $T/pair.out
expect_grep 'empty.conll: no documents' $T/err
expect_status 1 $XPROJ pair --source $FIX/pair/en.conll --target $T/blank.conll -o $T/pair.out
expect_grep 'blank.conll: no documents' $T/err
printf 'doc\tutt\tspeaker\ttext\n' > $T/head.tsv
expect_status 1 $XPROJ align --transcript $T/head.tsv --subs $S/en.srt -o $T/align.out
expect_grep 'head.tsv: no utterances' $T/err
: > $T/empty.txt
expect_status 1 $XPROJ wordalign $T/empty.txt -o $T/wordalign.out
expect_grep 'empty.txt: no sentence pairs' $T/err
for c in pair align wordalign; do expect_eq "$(cat $T/$c.out)" good "$c: the output is kept"; done
finish
