# The seventeenth adversarial round (docs/history/nothing-lost-rounds.md,
# "Seventeenth round"): each check here failed on the code before it.
. tests/cli/lib
S=tools/sample
P=$FIX/project
L=$FIX/langrules

# 1. A --config file with CR line ends (classic Mac OS, some editors'
# "Mac" setting): split at LF only, the file was one line, and one that
# begins with a comment (as the sample configs do) was all comment: every
# setting in it dropped, the run made with the command line's alone,
# exit 0 (here: no --tgt-lang, no --lowercase, another seed: other
# links).  Read as the lines they are, as subtitles are.
printf 'tgt-lang = fa\nrules = -prodrop\nseed = 3\n' >$T/lf.conf
{ printf '# the sample in Farsi, without pro-drop\r'; tr '\n' '\r' <$T/lf.conf; } >$T/cr.conf
set -- --source $S/dialogue.conll --subs $S/en.xml --tgt-subs $S/fa.xml --links $S/en-fa.xml --quiet --no-db
expect_status 0 $XPROJ pipeline "$@" --config $T/lf.conf -o $T/lf
expect_status 0 $XPROJ pipeline "$@" -o $T/none
cmp -s $T/lf/projected.conll $T/none/projected.conll && { echo "FAIL: the config's settings change nothing here"; fails=$((fails + 1)); }
expect_status 0 $XPROJ pipeline "$@" --config $T/cr.conf -o $T/cr
expect_eq "$(cksum <$T/cr/alignments.pharaoh)" "$(cksum <$T/lf/alignments.pharaoh)" "a CR config: its settings taken"
expect_eq "$(cksum <$T/cr/projected.conll)" "$(cksum <$T/lf/projected.conll)" "a CR config: the projection of its settings"
printf 'seed = 1\rtgt-lang = "fa"\r' >$T/crq.conf
expect_status 1 $XPROJ pipeline "$@" --config $T/crq.conf -o $T/crq
expect_grep "crq.conf:2: '\"fa\"': keys and values are not quoted" $T/err
set --

# 2. calibrate --level-kinds K with --level-* sets that hold nothing of
# kind K (a Chinese set and the agreeing class, a set without a null):
# no level set, and the file's "sources" said one was set on them, exit 0
# (with --levels-only, a base's old level stayed under the new set's
# name).  Refused, naming the set; nothing written.
expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json
expect_status 0 $XPROJ calibrate --report $T/r.json --projected $T/zh.conll --key $P/corrected.conll \
	--report $T/r.json --projected $T/zh.conll --key $T/zh.conll --l2 0.1 -o $T/m.json
expect_status 1 $XPROJ calibrate --levels-only $T/m.json --level-report $T/r.json --level-projected $T/zh.conll \
	--level-key $P/corrected.conll --level-kinds agreeing -o $T/a.json
expect_grep "r.json: --level-kinds agreeing: the --level-\* set of zh holds no projection of the agreeing class" $T/err
expect_status 1 $XPROJ calibrate --report $T/r.json --projected $T/zh.conll --key $P/corrected.conll \
	--report $T/r.json --projected $T/zh.conll --key $T/zh.conll --l2 0.1 --level-report $T/r.json \
	--level-projected $T/zh.conll --level-key $P/corrected.conll --level-kinds nulls,agreeing -o $T/a.json
expect_grep "no projection of the agreeing class" $T/err
expect_status 0 $XPROJ project --source $L/en.conll --aligned $L/aligned.jsonl --alignments $L/pairs.pharaoh \
	-o $T/fa.conll --report $T/fa.json
# as tests/cli/judge.sh: a silver-like reference without the agreeing verbs
awk 'BEGIN { FS = OFS = "\t" } /^#/ || NF < 4 { print; next }
	{ if ($4 == "می‌روم" || $4 == "برید" || $4 == "میریم" || $4 == "کنم") $NF = "-"; if ($4 == "晚") $NF = "(4)"; print }' \
	$T/fa.conll >$T/fa-silver.conll
expect_status 0 $XPROJ calibrate --report $T/fa.json --projected $T/fa.conll --key $T/fa.conll \
	--report $T/fa.json --projected $T/fa.conll --key $T/fa-silver.conll --l2 0.1 -o $T/plain.json
expect_status 0 $XPROJ calibrate --levels-only $T/plain.json --level-report $T/fa.json --level-projected $T/fa.conll \
	--level-key $T/fa-silver.conll --level-kinds agreeing -o $T/agree.json
expect_grep '"class": "agreeing"' $T/agree.json
[ ! -e $T/a.json ] || { echo "FAIL: a refused --level-kinds wrote a model"; fails=$((fails + 1)); }
# a level set of a language no fit set fits: refused naming it (it was
# "fa, projected model: xproj calibrate: nothing to fit: 0 examples")
sed 's/"lang":"zh"/"lang":"fa"/' $T/fa.json >$T/fa-as-fa.json
expect_status 1 $XPROJ calibrate --report $T/r.json --projected $T/zh.conll --key $P/corrected.conll \
	--report $T/r.json --projected $T/zh.conll --key $T/zh.conll --l2 0.1 --level-report $T/fa-as-fa.json \
	--level-projected $T/fa.conll --level-key $T/fa-silver.conll -o $T/a.json
expect_grep "fa-as-fa.json: a --level-\* set of fa, which no --report set fits" $T/err
# -o over --levels-only's BASE: refused, and said by its own name (it said --null-only)
refused_same "--levels-only over its base" $T/plain.json $XPROJ calibrate --levels-only $T/plain.json \
	--level-report $T/fa.json --level-projected $T/fa.conll --level-key $T/fa-silver.conll --level-kinds agreeing \
	-o $T/plain.json
expect_grep "names the same file as --levels-only" $T/err
# --levels-only fits nothing, and took a fit's options without a word:
# --drop-features moved the level (its columns zeroed against a model
# that weighs them), --l2, --pu-agreeing, --loose, --skip-prodrop did
# nothing.  Refused (exit 2), nothing written.
for o in "--drop-features link_mean,committee" "--l2 5" "--pu-agreeing" "--pu-possessive" "--loose" "--skip-prodrop"; do
	expect_status 2 $XPROJ calibrate --levels-only $T/plain.json --level-report $T/fa.json --level-projected $T/fa.conll \
		--level-key $T/fa-silver.conll --level-kinds agreeing -o $T/a.json $o
	expect_grep "levels-only fits nothing: ${o%% *} is an option of a fit" $T/err
done
[ ! -e $T/a.json ] || { echo "FAIL: a refused --levels-only wrote a model"; fails=$((fails + 1)); }
# --mention-ends (a table, not a model) with a fit's sets wrote the model
# and no table, exit 0; with a fit's options, took them without a word;
# --segmenter-data without it did nothing.  Refused (exit 2).
expect_status 2 $XPROJ calibrate --report $T/r.json --projected $T/zh.conll --key $P/corrected.conll \
	--mention-ends $P/corrected.conll -o $T/a.json
expect_grep "mention-ends writes the table of mention ends, not a model: .*(a --report set given)" $T/err
expect_status 2 $XPROJ calibrate --mention-ends $P/corrected.conll --pu-agreeing -o $T/a.json
expect_grep "(--pu-agreeing given)" $T/err
expect_status 2 $XPROJ calibrate --report $T/r.json --projected $T/zh.conll --key $P/corrected.conll \
	--segmenter-data $T -o $T/a.json
expect_grep "segmenter-data is for --mention-ends" $T/err
[ ! -e $T/a.json ] || { echo "FAIL: a refused calibrate wrote its output"; fails=$((fails + 1)); }

# 3. Paths that are not UTF-8 (a directory named in Latin-1): JSON holds
# text only, so json_pack failed where a path was recorded: calibrate's
# model lost the set's record from "sources" and a --note (exit 0); a
# pipeline or db import, its work done, was refused as "out of memory";
# project --report of a --model there, "out of memory".  The records take
# the path's bytes made UTF-8 (as document names from file names are);
# the report's recipe, which db import and the workbench read back as a
# path, refuses it by name.
lat=$(printf "$T/caf\351")
mkdir "$lat"
cp $T/r.json "$lat/r.json"
expect_status 0 $XPROJ calibrate --report "$lat/r.json" --projected $T/zh.conll --key $P/corrected.conll \
	--report $T/r.json --projected $T/zh.conll --key $T/zh.conll --l2 0.1 --note "$(printf 'caf\351')" -o $T/lat.json
expect_eq "$(grep -c '"report":' $T/lat.json)" 2 "calibrate: both sets' records"
expect_grep "\"report\": \".*/caf$(printf '\357\277\275')/r.json\"" $T/lat.json   # U+FFFD for the Latin-1 byte
expect_grep '"note": "caf' $T/lat.json
cp $S/dialogue.conll "$lat/dialogue.conll"
expect_status 0 $XPROJ pipeline --config $S/zh.conf --source "$lat/dialogue.conll" -o $T/latp --quiet
expect_status 0 $XPROJ db runs $T/latp/corrections.db
expect_status 0 $XPROJ db import $T/lat.db --source "$lat/dialogue.conll" --aligned $T/latp/aligned.jsonl \
	--report $T/latp/report.json
cp $T/m.json "$lat/m.json"
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/latm.conll --report $T/latm.json --model "$lat/m.json"
# one message for both (base/file.h xp_path_recordable)
expect_grep "m.json: --model: the path is not UTF-8 text (its byte [0-9]*), and the run's recipe records it (JSON) for db import and the workbench" $T/err
[ ! -e $T/latm.conll ] && [ ! -e $T/latm.json ] || { echo "FAIL: a refused project wrote its outputs"; fails=$((fails + 1)); }
# pipeline --save-model records --segmenter-data's directory in the
# model's recipe, read back by the workbench's realign: a Latin-1 one
# failed, all the run's work done, as "out of memory" (its store left in
# the fresh -o).  Refused before any work, by name; without --save-model
# nothing records it, and the run goes on.
expect_status 1 $XPROJ pipeline --config $S/zh.conf --segmenter-data "$lat" --save-model -o $T/lats --quiet
expect_grep "caf.*: --segmenter-data: the path is not UTF-8 text (its byte [0-9]*), and the run's recipe records it (JSON) for db import and the workbench" $T/err
[ ! -e $T/lats ] || { echo "FAIL: a refused pipeline made its -o: $(ls $T/lats)"; fails=$((fails + 1)); }

# 4. db add|modify|delete and import-corrections with an --annotator in
# Latin-1 (a terminal's charset): kept as its bytes, shown as "Jos\uFFFD"
# by every reader, another annotator than "José" in UTF-8 to agree --db;
# the workbench refuses such a name.  Refused by the workbench's rule
# (exit 2, the store unchanged), as a --note that is not UTF-8 is.
cp $T/latp/corrections.db $T/ann.db
was=$(sum $T/ann.db)
expect_status 2 $XPROJ db modify $T/ann.db --mention 's01e01c00x|0' --span 0:0:1 --annotator "$(printf 'Jos\351')"
expect_grep "annotator name is 1 to 64 bytes of UTF-8" $T/err
expect_status 2 $XPROJ db modify $T/ann.db --mention 's01e01c00x|0' --span 0:0:1 --annotator a --note "$(printf 'caf\351')"
expect_grep "note: not UTF-8 text (its byte 4)" $T/err
expect_status 2 $XPROJ db import-corrections $T/ann.db $P/corrected.conll --annotator "$(printf 'a\tb')"
expect_grep "annotator name has no control characters" $T/err
expect_eq "$(sum $T/ann.db)" "$was" "refused edits: the store unchanged"
expect_status 0 $XPROJ db modify $T/ann.db --mention 's01e01c00x|0' --span 0:0:1 --annotator 'José' --note 'café'
expect_status 0 $XPROJ db log $T/ann.db
expect_grep '"annotator":"José"' $T/out

# 5. A file name's extension in capitals (EP01.CONLL, as file systems
# that ignore case write them): compared as written, `convert a.conll
# b.CONLL` took b.CONLL for a name that tells nothing and wrote jsonlines
# into it, exit 0; .GZ was not gzipped.  Read in any case.
expect_status 0 $XPROJ convert $P/en.conll $T/up.CONLL
expect_eq "$(head -1 $T/up.CONLL)" "#begin document (d); part 000" "convert to .CONLL: CoNLL"
expect_status 0 $XPROJ convert $P/en.conll $T/up.JSONL.GZ
expect_eq "$(gzip -dc <$T/up.JSONL.GZ | head -c 12)" '{"doc_key":"' "convert to .JSONL.GZ: jsonlines, gzipped"
expect_status 0 $XPROJ convert $T/up.JSONL.GZ $T/back.Conll
expect_status 0 $XPROJ convert $P/en.conll $T/low.jsonl
expect_status 0 $XPROJ convert $T/low.jsonl $T/low.conll   # (jsonlines has no cluster ids: numbered anew)
cmp -s $T/back.Conll $T/low.conll || { echo "FAIL: .JSONL.GZ read back: other CoNLL"; fails=$((fails + 1)); }

# 6. wordalign --merge-models OUT M... with an aligner's option
# (--stem none, --tgt-lang, --lowercase, --no-normalize, --seed): taken
# and ignored, exit 0, OUT the models' own settings (a "--stem none"
# merge of German models kept their prefix:4).  "takes model files and no
# other option" was checked for some options only: now for every one.
awk 'BEGIN { x = 7; for (k = 0; k < 60; k++) { x = (x * 1103515245 + 12345) % 2147483648
	print "the house " (x % 5) " ||| das Hausen " (x % 5) } }' >$T/de.pairs
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 2 --tgt-lang de --save-model $T/de1.model
expect_status 0 $XPROJ wordalign $T/de.pairs --iters 2 --tgt-lang de --seed 5 --save-model $T/de2.model
for o in "--stem none" "--tgt-lang fr" "--lowercase" "--no-normalize" "--seed 4" "--samplers 3"; do
	expect_status 2 $XPROJ wordalign --merge-models $T/sum.model $T/de1.model $T/de2.model $o
	expect_grep "merge-models OUT takes model files and no other option" $T/err
done
[ ! -e $T/sum.model ] || { echo "FAIL: a refused merge wrote its model"; fails=$((fails + 1)); }
expect_status 0 $XPROJ wordalign --merge-models $T/sum.model $T/de1.model $T/de2.model

# 7. A confidence model (lang/calib/*.json, --model) with a language given
# twice (two files pasted together, a model edited by hand): parsed
# without refusing duplicate keys, the last one counted, exit 0.  Refused
# naming the file, its line and the key, as the other JSON files are.
one='{"projected": {"bias": 0, "weights": {}}, "null": {"bias": 0, "weights": {}}}'
printf '{"version": 1,\n "models": {\n  "zh": %s,\n  "fa": %s,\n  "zh": %s}}\n' "$one" "$one" "$one" >$T/dup.json
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/dup.conll --model $T/dup.json
expect_grep "dup.json:5: the key '\"zh\"' is given twice" $T/err
[ ! -e $T/dup.conll ] || { echo "FAIL: a refused project wrote its output"; fails=$((fails + 1)); }
expect_status 1 $XPROJ calibrate --levels-only $T/dup.json --level-report $T/r.json --level-projected $T/zh.conll \
	--level-key $P/corrected.conll -o $T/dupl.json
expect_grep "the key '\"zh\"' is given twice" $T/err

finish
