# The eighteenth adversarial round (docs/nothing-lost.md): each check here
# failed on the code before it.
. tests/cli/lib
S=tools/sample
F=$FIX/pack_es

# 1. A language tag spelled two ways (a region in lower case, or after
# '_': es-mx, es_MX, es-MX): each spelling was a line of runs of its own
# in the store, so a rerun superseded nothing and carried no correction
# over (the corrections stayed on the first run, which db export no
# longer showed), exit 0.  One spelling (BCP 47's case, '-'); a store's
# earlier spelling is the one a rerun continues.
es() { expect_status 0 $XPROJ pipeline --source $F/en.conll --subs $F/en.srt --tgt-subs $F/es.srt \
	--alignments $F/es.pharaoh --quiet -o $T/es --tgt-lang "$@"; }
es es-mx
expect_status 0 $XPROJ db delete $T/es/corrections.db --mention 's01e01c00x|0' --annotator a
es es_MX
es es-MX
$XPROJ db runs $T/es/corrections.db >$T/runs 2>&1
expect_eq "$(grep -c '^run [0-9] (es-MX,' $T/runs)" 3 "es-mx, es_MX, es-MX: one line of runs"
expect_grep '^from run 2: 1 corrected mentions carried over' $T/runs
expect_grep '^run 3 (es-MX, .*; 1 live corrections' $T/runs
# db pairs --lang (the workflow's languages.L.code, pipeline --db-pairs)
# reads the line by any spelling of its tag
expect_status 1 $XPROJ db pairs $T/es/corrections.db --lang es-mx -o $T/es.pairs
expect_grep 'no span pair to write: 3 run(s) of es-MX hold no mention .*(1 edited' $T/err
# a word-aligner model trained as es-mx aligns for es-MX (it was
# refused: "--tgt-lang differs from the model's setting"); es is another
for k in 1 2 3 4 5 6; do printf 'I saw the table ||| vi la mesa\nhe is here ||| él está aquí\n'; done >$T/es.pairs
expect_status 0 $XPROJ wordalign $T/es.pairs --tgt-lang es-mx --iters 2 --save-model $T/es.model -o $T/es1.pharaoh
expect_status 0 $XPROJ wordalign $T/es.pairs --tgt-lang es_MX --iters 2 --model $T/es.model -o $T/es2.pharaoh
expect_status 1 $XPROJ wordalign $T/es.pairs --tgt-lang es --iters 2 --model $T/es.model -o $T/es2.pharaoh
expect_grep 'tgt-lang differs from the model' $T/err
# another language, and a subtag that is another line, stay apart
es es
$XPROJ db runs $T/es/corrections.db >$T/runs 2>&1
expect_grep '^run 4 (es, ' $T/runs
expect_grep '^  latest run of es-MX; ' $T/runs

# 2. MMAX2 classes set_7 and set_07 (a leading zero): both read as chain
# 7, two chains of the file merged into one, exit 0.  set_07 is a class
# of another shape, numbered above every N (as CorefUD's e07 is).
cp -r $FIX/mmax2_corpus/good $T/mm
sed 's|span="word_10" coref_class="set_3"|span="word_10" coref_class="set_03"|' \
	$FIX/mmax2_corpus/good/Markables/t1_coref_level.xml >$T/mm/Markables/t1_coref_level.xml
expect_status 0 $XPROJ convert $T/mm/t1.mmax $T/mm.conll
expect_grep "$(printf '^t1\t0\t0\tThey\t.*\t(10)$')" $T/mm.conll
expect_eq "$(grep -c '(3' $T/mm.conll)" 1 "set_3 without set_03's mention"

# 3. The stores of a workflow's shards merged into one (one episode each,
# one language): each run was "superseded" by the next, which holds none
# of its documents: db runs told its corrector to redo the work on that
# run ("redo them on run 2"), and the workbench's banner sent them there.
# A run is superseded by a later one of its documents.
sed 's/s01e01/s01e02/g' $S/dialogue.conll >$T/ep2.conll
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/e1 --quiet
expect_status 0 $XPROJ pipeline --config $S/zh.conf --source $T/ep2.conll -o $T/e2 --quiet
expect_status 0 $XPROJ db merge $T/m.db $T/e1/corrections.db $T/e2/corrections.db
expect_status 0 $XPROJ db runs $T/m.db
expect_grep '^  latest run of zh; db export, stats and triage act on run 2 (the store.s last): give --run 1' $T/out
grep -q 'superseded' $T/out && { echo "FAIL: a shard's run superseded by another episode's"; fails=$((fails + 1)); }
expect_status 0 $XPROJ db runs --json $T/m.db
expect_grep '"latest":true,"superseded_by":null' $T/out
# db export (without --run: the store's last run) says the other
# shards' runs it does not export; before, nothing said so
expect_status 0 $XPROJ db export $T/m.db -o $T/m.conll
expect_grep '^xproj db export: note: 1 other run(s) of zh hold documents this run does not (run 1), not exported: db export --run N for one' $T/err
expect_status 0 $XPROJ db stats $T/m.db
expect_grep '^xproj db stats: note: 1 other run(s) of zh hold documents this run does not (run 1), not counted' $T/err
expect_status 0 $XPROJ db export $T/m.db --run 2 -o $T/m.conll
expect_eq "$(cat $T/err)" "" "db export --run N: nothing to say"
# db show of a mention or document of the first shard (the last run
# shown alone) says which runs it left out; before, "no such mention in
# run 2" alone.  One of the last run's, or --run, has nothing to say
expect_status 1 $XPROJ db show $T/m.db 's01e01c00x|2'
expect_grep '^xproj db show: note: 1 other run(s) of zh hold documents this run does not (run 1), not shown: db show --run N for one' $T/err
expect_grep 'no such mention in run 2' $T/err
expect_status 1 $XPROJ db show $T/m.db --doc s01e01c00x
expect_grep '^xproj db show: note: 1 other run(s) of zh hold documents this run does not (run 1), not shown' $T/err
expect_status 0 $XPROJ db show $T/m.db 's01e02c00x|2'
expect_eq "$(cat $T/err)" "" "db show of the last run's mention: nothing to say"
expect_status 0 $XPROJ db show $T/m.db --run 1 's01e01c00x|2'
expect_eq "$(cat $T/err)" "" "db show --run N: nothing to say"
# a rerun of the same episode still supersedes it
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/e1 --quiet
expect_status 0 $XPROJ db merge $T/m.db $T/e1/corrections.db
expect_status 0 $XPROJ db runs $T/m.db
expect_grep '^  superseded by run 3' $T/out

# 4. --subs and --tgt-subs naming one file (the same path, or a link to
# it): the English projected onto itself as the target language, a run
# of "de" stored with English text, exit 0.  Refused before anything is
# read (a zip archive or a directory may hold both sides, and still may).
ln -s "$PWD/$S/en.srt" $T/en-link.srt
expect_status 1 $XPROJ pipeline --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $T/en-link.srt --tgt-lang de \
	-o $T/same --quiet
expect_grep "en-link.srt: --subs and --tgt-subs name the same file $S/en.srt: one file cannot be both sides of the pair" $T/err
[ ! -e $T/same ] || { echo "FAIL: a refused pipeline made its -o"; fails=$((fails + 1)); }
expect_status 1 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/en.srt --tgt-lang de -o $T/same.jsonl
expect_grep "en.srt: --subs and --tgt-subs name the same file: one file cannot be both sides" $T/err
[ ! -e $T/same.jsonl ] || { echo "FAIL: a refused align wrote its output"; fails=$((fails + 1)); }

# 5. db import-corrections of a corrected file none of whose documents is
# in the run: another corpus's, or another shard's in a merged store
# (which acts on its last run): an empty batch, every mention "not
# imported", exit 0.  Refused, the store as it was, naming the run that
# holds the file's first document.
expect_status 0 $XPROJ db export $T/m.db --run 2 -o $T/ep2x.conll
cp $T/m.db $T/m2.db
was=$(sum $T/m2.db)
expect_status 1 $XPROJ db import-corrections $T/m2.db $T/ep2x.conll --annotator a
expect_grep "ep2x.conll:2: none of its 3 document(s) is in run 3 (document s01e02c00x part 0 is not; run 2 holds its first: --run 2): nothing is imported" $T/err
expect_eq "$(sum $T/m2.db)" "$was" "a refused import-corrections leaves the store as it was"
sed 's/s01e02/s09e09/g' $T/ep2x.conll >$T/other.conll
expect_status 1 $XPROJ db import-corrections $T/m2.db $T/other.conll --annotator a
expect_grep "other.conll:2: none of its 3 document(s) is in run 3 (document s09e09c00x part 0 is not): nothing is imported" $T/err
expect_status 0 $XPROJ db import-corrections $T/m2.db $T/ep2x.conll --annotator a --run 2
expect_grep '^batch 1: 82 corrected mentions in 3 documents compared with run 2: 82 kept' $T/out

# 6. An ASS/SSA Dialogue line whose End is before its Start (as SRT's
# cue that ends before it starts, refused since the eighth round): its
# line overlapped no utterance and was lost, the utterance left without a
# target, exit 0.  Refused at its line, nothing written.
expect_status 1 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $FIX/ass/reversed.ass --tgt-lang zh \
	-o $T/rev.jsonl
expect_grep "reversed.ass:14: a Dialogue line whose End 0:00:24.15 is before its Start 0:00:26.45" $T/err
[ ! -e $T/rev.jsonl ] || { echo "FAIL: a refused align wrote its output"; fails=$((fails + 1)); }
sed '14s/0:00:26.45,0:00:24.15/0:00:24.15,0:00:26.45/' $FIX/ass/reversed.ass >$T/fwd.ass
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $T/fwd.ass --tgt-lang zh -o $T/fwd.jsonl
expect_grep '"tgt_text":"不行。它在他车里。"' $T/fwd.jsonl

# 7. The workflow: a language with both a target text ('target', paired
# with xproj pair) and subtitles ('subs', 'tgt-subs', ...; aligned with
# xproj align): the target was paired and the subtitles dropped without a
# word, exit 0; a language's pair-options without 'target' likewise never
# read.  Refused before any job (a dry run), naming the keys.
if command -v snakemake >/dev/null 2>&1; then
	R=$(pwd)
	wf() {   # NAME SED: the sample's config changed by SED, dry-run
		sed "s|^out: .*|out: $T/$1|; $2" workflow/config.yaml >$T/$1.yaml
		(cd $T && snakemake -s $R/workflow/Snakefile --configfile $T/$1.yaml -n --cores 1 -d $R) >$T/out 2>$T/err
	}
	wf both '/^  zh:$/,/^  fa:$/ { s|^    key: \(.*\)$|    key: \1\n    target: \1|; }'
	expect_eq "$?" 1 "a language with target and subs"
	expect_grep "languages.zh: 'target' (a target text, paired with xproj pair) and 'subs', 'tgt-subs' (subtitles" $T/out
	wf popt '/^  zh:$/,/^  fa:$/ { s|^    key: \(.*\)$|    key: \1\n    pair-options: "--tokens words"|; }'
	expect_eq "$?" 1 "pair-options of a language aligned from subtitles"
	expect_grep "languages.zh: 'pair-options' without 'target'" $T/out
	wf fine ''
	expect_eq "$?" 0 "the sample's config"
else
	echo "note: snakemake is not installed: case 7 (the workflow's config) not run"
fi


# 8. a tag longer than the report's 16 bytes is stored whole (the line of
# runs selected by one spelling cut it to 15: zh-Hant-TW-x-ab, and db pairs
# of the same tag then read none of its runs)
$XPROJ pipeline --quiet --source $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh-Hant-TW-x-abcdefgh \
	--alignments $S/zh.pharaoh -o $T/long >/dev/null 2>&1
expect_eq "$?" 0 "a pipeline with a long language tag"
$XPROJ db runs $T/long/corrections.db >$T/lr 2>&1
expect_grep "run 1 (zh-Hant-TW-x-abcdefgh," $T/lr

# Leftovers of this round, fixed after it (each check failed before).
# 9. A store written before tags had one spelling holds a line of runs in
# two: run 1 stored as es-mx (its correction made there), run 2 as es-MX
# (another episode).  A rerun of run 1's episode continues the newest
# spelling (es-MX), and found no earlier run of it to carry from: the
# correction stayed on run 1, which db runs still called the latest of
# "es-mx".  Every selection of a language's line compares the tags'
# one spelling (SQL xp_lang_tag), the old rows as they are.
esd() { d=$1 c=$2; shift 2; expect_status 0 $XPROJ pipeline --source $c --subs $F/en.srt --tgt-subs $F/es.srt \
	--alignments $F/es.pharaoh --quiet -o $d "$@"; }
esd $T/old $F/en.conll --tgt-lang es-MX
expect_status 0 $XPROJ db delete $T/old/corrections.db --mention 's01e01c00x|0' --annotator a
sqlite3 $T/old/corrections.db "UPDATE runs SET lang = 'es-mx'"
sed 's/s01e01/s01e02/g' $F/en.conll >$T/es2.conll
esd $T/old2 $T/es2.conll --tgt-lang es-MX
expect_status 0 $XPROJ db merge $T/old/corrections.db $T/old2/corrections.db
esd $T/old $F/en.conll --tgt-lang es-MX
$XPROJ db runs $T/old/corrections.db >$T/runs 2>&1
expect_grep '^run 3 (es-MX, .*; 1 live corrections' $T/runs
expect_grep '^from run 1: 1 corrected mentions carried over' $T/runs
expect_grep '^  superseded by run 3' $T/runs
expect_status 0 $XPROJ db export $T/old/corrections.db -o $T/old.conll
expect_grep '^xproj db export: note: 1 other run(s) of es-MX hold documents this run does not (run 2)' $T/err
# db pairs reads the three as one line, none as another language
expect_status 1 $XPROJ db pairs $T/old/corrections.db --lang es-MX -o $T/old.pairs
expect_grep 'no span pair to write: 3 run(s) of es-MX hold' $T/err
grep -q 'other languages' $T/err && { echo "FAIL: db pairs: es-mx read as another language"; fails=$((fails + 1)); }
# 9b. Such a store's runs were one line to every selection, yet shown in
# the spellings they were stored in: db runs (--json and the workbench
# too) named run 1 "es-mx" and run 2 "es_MX" ("latest run of es_MX"),
# db pairs said "3 run(s) of es-mx" and listed a line of other runs once
# per spelling, while db stats --json's by_language used the one
# spelling.  Every place shows xp_lang_tag's spelling now.
cp $T/old/corrections.db $T/mix.db
sqlite3 $T/mix.db "UPDATE runs SET lang = 'es_MX' WHERE id = 2"
$XPROJ db runs $T/mix.db >$T/runs 2>&1
expect_eq "$(grep -c '^run [0-9] (es-MX,' $T/runs)" 3 "db runs: es-mx, es_MX, es-MX shown as es-MX"
expect_status 0 $XPROJ db runs $T/mix.db --json
expect_eq "$(grep -o '"lang": *"[^"]*"' $T/out | sort -u | tr -d ' ')" '"lang":"es-MX"' "db runs --json: one spelling"
expect_status 0 $XPROJ db stats $T/mix.db --json --run 1
expect_grep '"by_language":{"es-MX":' $T/out
expect_status 0 $XPROJ db stats $T/mix.db --run 1
expect_grep '^run 1 (es-MX, ' $T/out
expect_status 1 $XPROJ db pairs $T/mix.db --lang es-mx -o $T/mix.pairs
expect_grep 'no span pair to write: 3 run(s) of es-MX hold' $T/err
expect_status 1 $XPROJ db pairs $T/mix.db --lang de -o $T/mix.pairs
expect_grep 'runs of other languages, not read: es-MX$' $T/err

# 10. An OPUS <time> whose value is not a time (a minute of 75): ignored,
# the sentences after it kept the start before it, exit 0 (SRT refuses
# such a line).  Refused at its line, as is a <time> without a value.
expect_status 1 $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/opus/en.xml \
	--tgt-subs $FIX/opus/badtime.xml --tgt-lang zh --allow-empty -o $T/bt.jsonl
expect_grep "badtime.xml:4: <time> value '00:75:00,000' is not a time (HH:MM:SS,mmm): nothing is read" $T/err
[ ! -e $T/bt.jsonl ] || { echo "FAIL: a refused align wrote its output"; fails=$((fails + 1)); }
sed 's/ value="00:75:00,000"//' $FIX/opus/badtime.xml >$T/novalue.xml
expect_status 1 $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/opus/en.xml \
	--tgt-subs $T/novalue.xml --tgt-lang zh --allow-empty -o $T/bt.jsonl
expect_grep 'novalue.xml:4: <time> without value="HH:MM:SS,mmm": nothing is read' $T/err
expect_status 0 $XPROJ align --transcript $FIX/transcript/S01E01.xml --subs $FIX/opus/en.xml \
	--tgt-subs $FIX/opus/zh.xml --tgt-lang zh --allow-empty -o $T/bt.jsonl

# 11. db triage without --run acts on the store's last run and said
# nothing of the rest, which db export and stats name.  It names them on
# stderr (the latest runs of other languages, then its own language's
# runs it leaves out); stdout, which scripts read, is as it was.
expect_status 0 $XPROJ db triage $T/es/corrections.db --list
expect_grep "^xproj db triage: note: it acts on the store's last run, run 4 (es); the latest run of other languages, run 3 (es-MX), not triaged: db triage --run N for one" $T/err
cp $T/out $T/tri
expect_status 0 $XPROJ db triage $T/es/corrections.db --list --run 4
expect_eq "$(cat $T/err)" "" "db triage --run N: nothing to say"
cmp -s $T/out $T/tri || { echo "FAIL: db triage's stdout changed by the note"; fails=$((fails + 1)); }
expect_status 0 $XPROJ db triage $T/m.db --top 1
expect_grep '^xproj db triage: note: 1 other run(s) of zh hold documents this run does not (run 2), not triaged' $T/err

finish
