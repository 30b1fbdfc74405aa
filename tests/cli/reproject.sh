# A run's word-alignment model for the workbench's re-projection after a
# realign (docs/history/serve-rounds.md, "Spans proposed again after a
# realign"; schema 10): `pipeline --save-model` writes it and records it,
# with the links unchanged; `db import --wa-model` records one, refuses a
# file that is no model (creating nothing); the pipeline refuses it with
# --alignments or --no-db.
. tests/cli/lib
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/a --quiet
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/m --quiet --save-model
expect_grep 'XPROJWA' $T/m/wordalign.model
for f in alignments.pharaoh projected.conll report.json; do
	expect_eq "$(sum < $T/m/$f)" "$(sum < $T/a/$f)" "$f with --save-model"
done
expect_eq "$(sqlite3 $T/m/corrections.db "SELECT json_extract(wa_model, '\$.path') FROM runs")" \
	"wordalign.model" "the run names the model, beside the store: relative"
expect_eq "$(sqlite3 $T/a/corrections.db "SELECT count(wa_model) FROM runs")" 0 "no model without --save-model"
expect_status 2 $XPROJ pipeline --config $S/zh.conf -o $T/x --quiet --save-model --no-db
expect_grep 'not with --alignments or --no-db' $T/err
expect_status 2 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/x --quiet --save-model
# db import --wa-model: a model recorded; no model refused, nothing created
expect_status 0 $XPROJ db import $T/i.db --source $S/dialogue.conll --aligned $T/a/aligned.jsonl \
	--report $T/a/report.json --wa-model $T/m/wordalign.model
expect_eq "$(sqlite3 $T/i.db "SELECT json_extract(wa_model, '\$.size') FROM runs")" \
	"$(wc -c < $T/m/wordalign.model | tr -d ' ')" "db import records its size"
expect_eq "$(sqlite3 $T/i.db "SELECT json_extract(wa_model, '\$.path') FROM runs")" \
	"m/wordalign.model" "a model under the store's directory: relative"
# how the model aligned: --wa-seed, --wa-sym (wordalign's defaults without)
expect_status 0 $XPROJ db import $T/a/k.db --source $S/dialogue.conll --aligned $T/a/aligned.jsonl \
	--report $T/a/report.json --wa-model $T/m/wordalign.model --wa-seed 9 --wa-sym union
expect_eq "$(sqlite3 $T/a/k.db "SELECT json_extract(wa_model, '\$.aligner.seed') || json_extract(wa_model, '\$.aligner.sym') || ' ' || json_extract(wa_model, '\$.path') FROM runs")" \
	"9union $(cd $T/m && pwd -P)/wordalign.model" "db import records the seed and symmetrisation; elsewhere: absolute"
expect_status 2 $XPROJ db import $T/k2.db --source $S/dialogue.conll --aligned $T/a/aligned.jsonl \
	--report $T/a/report.json --wa-seed 9
expect_status 1 $XPROJ db import $T/j.db --source $S/dialogue.conll --aligned $T/a/aligned.jsonl \
	--report $T/a/report.json --wa-model $T/a/pairs.txt
expect_grep 'pairs.txt' $T/err
[ -e $T/j.db ] && { echo "FAIL: a refused --wa-model created the store"; fails=$((fails + 1)); }
expect_status 1 $XPROJ db import $T/j.db --source $S/dialogue.conll --aligned $T/a/aligned.jsonl \
	--report $T/a/report.json --wa-model $T/nothing.model
[ -e $T/j.db ] && { echo "FAIL: a missing --wa-model created the store"; fails=$((fails + 1)); }
# a model of another language pair (en-fa for a Chinese run) refused, the
# store as it was (before: recorded, exit 0; every realign aligned Chinese
# pairs with Farsi counts)
expect_status 0 $XPROJ pipeline --config $S/fa.conf -o $T/fa --quiet --save-model
was=$(sqlite3 $T/i.db .dump | cksum)
expect_status 1 $XPROJ db import $T/i.db --source $S/dialogue.conll --aligned $T/a/aligned.jsonl \
	--report $T/a/report.json --wa-model $T/fa/wordalign.model
expect_grep "fa/wordalign.model: a word-aligner model of language fa, the report's run is zh" $T/err
expect_eq "$(sqlite3 $T/i.db .dump | cksum)" "$was" "a refused model: the store as it was"
expect_status 1 $XPROJ db import $T/j.db --source $S/dialogue.conll --aligned $T/a/aligned.jsonl \
	--report $T/a/report.json --wa-model $T/fa/wordalign.model
[ -e $T/j.db ] && { echo "FAIL: a model of another language created the store"; fails=$((fails + 1)); }
# a model's language tag in another spelling (yue-hk, the run's yue-HK; a
# language without a pack): one language, as wordalign --model takes it
# (before: refused, the tags compared as written); another subtag refused
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/yue --quiet --tgt-lang yue-HK
for k in 1 2 3 4 5 6; do printf 'I saw the table ||| 我 看见 桌子\nhe is here ||| 他 在 这里\n'; done >$T/yue.pairs
expect_status 0 $XPROJ wordalign $T/yue.pairs --tgt-lang yue-hk --iters 2 --save-model $T/yue.model -o $T/yue1.pharaoh
expect_status 0 $XPROJ wordalign $T/yue.pairs --tgt-lang yue-HK --iters 2 --model $T/yue.model -o $T/yue2.pharaoh
expect_status 0 $XPROJ db import $T/yue.db --source $S/dialogue.conll --aligned $T/yue/aligned.jsonl \
	--report $T/yue/report.json --wa-model $T/yue.model
expect_status 0 $XPROJ wordalign $T/yue.pairs --tgt-lang yue-mo --iters 2 --save-model $T/mo.model -o $T/yue1.pharaoh
expect_status 1 $XPROJ db import $T/mo.db --source $S/dialogue.conll --aligned $T/yue/aligned.jsonl \
	--report $T/yue/report.json --wa-model $T/mo.model
expect_grep "mo.model: a word-aligner model of language yue-mo, the report's run is yue-HK" $T/err
# db merge of two stores whose shared run names two models (one store's
# copy given another model, as sqlite3 would): the merged store's kept and
# said among the conflicts (before: kept, nothing said)
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/m2 --quiet --save-model --seed 2
cp $T/i.db $T/k.db
sqlite3 $T/k.db "UPDATE runs SET wa_model = json_set(wa_model, '\$.path', '$T/m2/wordalign.model', '\$.hash', 'ffff')"
expect_status 0 $XPROJ db merge $T/i.db $T/k.db
expect_grep "conflict: run 1: $T/k.db names the word-aligner model $T/m2/wordalign.model, the merged store another" $T/out
expect_eq "$(sqlite3 $T/i.db "SELECT json_extract(wa_model, '\$.path') FROM runs")" \
	"m/wordalign.model" "db merge keeps the merged store's model (beside it: relative)"
finish
