# workflow/Snakefile checks its configuration before any rule runs: a
# language given twice (YAML keeps the last entry, silently: the first
# language's subtitles and key were lost, exit 0), no languages or sources,
# a language without subtitles or a target text: exit 1 with the file, line and key.
# Skipped, loudly (exit 77), without Debian's snakemake.
. tests/cli/lib
if ! command -v snakemake >/dev/null 2>&1; then
	echo "SKIP: snakemake is not installed: workflow/Snakefile's config checks untested"
	exit 77
fi
R=$(pwd)
# CASE SED: the sample's config changed by SED, then a dry run
dry() {
	sed "s|^out: .*|out: $T/$1|; $2" workflow/config.yaml > $T/$1.yaml
	(cd $T && snakemake -s $R/workflow/Snakefile --configfile $T/$1.yaml -n --cores 1 -d $R) > $T/out 2> $T/err
}
dry ok ''
expect_eq "$?" 0 "the sample's config"
dry dup 's|^  fa:$|  zh:|'
expect_eq "$?" 1 "a language twice"
expect_grep "dup.yaml:23: 'zh' is given twice (line 19 too)" $T/out
dry none '/^languages:/,/^options:/ { /^languages:/!{ /^options:/!d; }; }'
expect_eq "$?" 1 "no languages"
expect_grep "the configuration has no 'languages'" $T/out
dry nosubs '/^  zh:$/,/^  fa:$/ { /subs: tools\/sample\/en.srt/d; }'
expect_eq "$?" 1 "a language without subs"
expect_grep "languages.zh: no 'subs'" $T/out
# a language given by its target text instead (xproj pair) needs no subtitles
dry target '/^  zh:$/,/^  fa:$/ { s|^    subs: tools/sample/en.srt$|    target: tools/sample/expected.zh.conll|; /tgt-subs:/d; }'
expect_eq "$?" 0 "a language with a target text and no subs"
# options that are not the numbers or switches they name: refused before
# any job (sample-every 0 failed late in awk, -1 took every pair, 2.5 was a
# silent 2, a quoted "false" was true)
opt() { # KEY SED
	dry opt "$2"
	expect_eq "$?" 1 "options.$1: $2"
	expect_grep "options.$1: .* is not a whole number of" $T/out
}
opt sample-every 's|^  sample-every: 1 |  sample-every: 0 |'
opt sample-every 's|^  sample-every: 1 |  sample-every: -1 |'
opt adapt-sweeps 's|^  adapt-sweeps: 2 |  adapt-sweeps: 2.5 |'
opt seed 's|^  seed: 1$|  seed: one|'
# adversarial round 9: a seed past 2^64 - 1 failed in a late wordalign job
dry seed 's|^  seed: 1$|  seed: 18446744073709551616|'
expect_eq "$?" 1 "options.seed: 2^64"
expect_grep "options.seed: 18446744073709551616 is past 2^64 - 1" $T/out
sed "s|^out: .*|out: $T/big|; s|^  seed: 1$|  seed: 18446744073709551615|; s|^  # sync-rounds: 12 |  sync-rounds: 3 |" \
	workflow/config.yaml > $T/big.yaml
(cd $T && snakemake -s $R/workflow/Snakefile --configfile $T/big.yaml -n -p --cores 1 -d $R) > $T/out 2> $T/err
expect_eq "$?" 0 "options.seed: 2^64 - 1 with sync rounds"
expect_grep "seed 18446744073709550617" $T/out
grep -q -- '--seed [0-9]\{21\}' $T/out && { echo "FAIL: a --seed past 2^64 - 1 in a job"; fails=$((fails + 1)); }
opt sync-rounds 's|^  # sync-rounds: 12 |  sync-rounds: true |'
dry opt 's|^  model: true |  model: "false" |'
expect_eq "$?" 1 'options model: "false"'
expect_grep "options.model: 'false' is not true or false" $T/out
# a key the workflow does not read (misspelt, a bench's variable): refused
# by name (it was ignored: sync-round: 12 ran no sync, exit 0)
key() { # WHAT SED
	dry key "$2"
	expect_eq "$?" 1 "$1: $2"
	expect_grep "$1: not a key of the workflow's configuration" $T/out
}
key options.sync-round 's|^  # sync-rounds: 12 |  sync-round: 12 |'
key options.last 's|^  seed: 1$|  seed: 1\n  last: 1|'
key languages.zh.wordalign-option 's|^    tgt-subs: tools/sample/zh.srt$|&\n    wordalign-option: "--iters 5"|'
key outdir 's|^out: |outdir: x\nout: |'
# per-language options are keys of a language too
dry perlang 's|^    tgt-subs: tools/sample/zh.srt$|&\n    wordalign-options: "--iters 5"|'
expect_eq "$?" 0 "a language's wordalign-options"
# an option the rules give that command themselves, named again: one of
# the two was dropped without a word (the rule's --threads 1 came last);
# xproj refuses an option given twice, and the workflow says it before any job
dry own 's|^    tgt-subs: tools/sample/zh.srt$|&\n    wordalign-options: "--threads 2"|'
expect_eq "$?" 1 "a language's wordalign-options --threads"
expect_grep "languages.zh.wordalign-options: --threads is the workflow's own (the rules' threads): given here too" $T/out
dry own 's|^  seed: 1$|&\n  project-options: "--rules +articles -o x.conll"|'
expect_eq "$?" 1 "project-options -o"
expect_grep "options.project-options: --output (as -o) is the workflow's own (the workflow's outputs)" $T/out
# a short option other than -o: wordalign's -p is --probs (before: passed,
# only -o was read as a short one), attached to its value too
dry own 's|^    tgt-subs: tools/sample/zh.srt$|&\n    wordalign-options: "--iters 5 -p x.probs"|'
expect_eq "$?" 1 "wordalign-options -p"
expect_grep "languages.zh.wordalign-options: --probs (as -p) is the workflow's own (the workflow's outputs)" $T/out
dry own 's|^  seed: 1$|&\n  wordalign-options: "-px.probs"|'
expect_eq "$?" 1 "wordalign-options -pFILE"
expect_grep "options.wordalign-options: --probs (as -p) is the workflow's own" $T/out
dry own 's|^  # sync-rounds: 12 |  sync-rounds: 3 |; s|^    tgt-subs: tools/sample/zh.srt$|&\n    wordalign-options: "--iters 5 --samplers=4"|'
expect_eq "$?" 1 "wordalign-options --samplers with sync rounds"
expect_grep "languages.zh.wordalign-options: --samplers is the workflow's own (options.model-samplers, or the rounds' schedule)" $T/out
# contradictory ways of aligning: refused, not one of them dropped
dry opt 's|^  model: true |  model: false |; s|^  # sync-rounds: 12 |  sync-rounds: 12 |'
expect_eq "$?" 1 "model: false with sync-rounds"
expect_grep "options.model: False (each shard its own aligner) is not what sync-rounds or model-rounds do" $T/out
dry opt 's|^  # round-sweeps: 5 |  round-sweeps: 5 |'
expect_eq "$?" 1 "round-sweeps without model-rounds"
expect_grep "options.round-sweeps: 5 is read only with model-rounds" $T/out
dry sync 's|^  # sync-rounds: 12 |  sync-rounds: 12 |'
expect_eq "$?" 0 "the sample config with sync-rounds"
# db-pairs: a store that is there, not with rounds or sync, per language too
db=$R/tests/fixtures/db/newer.db
dry dbp "s|^  # db-pairs: corrections.db |  db-pairs: $db |"
expect_eq "$?" 0 "options.db-pairs naming a store"
expect_grep "rule db_pairs" $T/out
dry dbp 's|^  # db-pairs: corrections.db |  db-pairs: nowhere.db |'
expect_eq "$?" 1 "options.db-pairs: no such store"
expect_grep "options.db-pairs: nowhere.db: no such store" $T/out
dry dbp "s|^  # db-pairs: corrections.db |  db-pairs: $db |; s|^  # model-rounds: 3 |  model-rounds: 3 |"
expect_eq "$?" 1 "db-pairs with model-rounds"
expect_grep "options.db-pairs: not with model-rounds" $T/out
dry dbp "s|^    tgt-subs: tools/sample/zh.srt\$|&\n    db-pairs: $db|"
expect_eq "$?" 0 "languages.zh.db-pairs"
expect_eq "$(grep -c 'rule db_pairs' $T/out)" 1 "a store for zh only: one db_pairs job"
# languages.L.dict: a dictionary that is there, per language only, not with
# rounds or sync; one missing where Debian installs them: the line that
# installs it.  And the other language's jobs are the ones without it
dict=$R/tests/fixtures/dictd/fa
# CASE LANG: a dry run's commands of LANG (the lines that name its
# outputs, the rules' inputs and outputs left out), sorted
cmds() { (cd $T && snakemake -s $R/workflow/Snakefile --configfile $T/$1.yaml -n -p --forceall --cores 1 -d $R) 2>&1 |
	grep "$T/$1/$2/" | grep -v '^ *\(input\|output\|log\|reason\):' | sed "s|$T/$1/|OUT/|g" | sort; }
dry dict "s|^    links: tools/sample/en-fa.xml\$|&\n    dict: $dict|"
expect_eq "$?" 0 "languages.fa.dict naming a dictionary"
cmds ok zh > $T/zh.ok
cmds dict zh > $T/zh.dict
[ -s $T/zh.ok ] && cmp -s $T/zh.ok $T/zh.dict || { echo "FAIL: zh's commands changed with a dictionary for fa"; fails=$((fails + 1)); }
expect_grep "input: $dict.index, $dict.dict" $T/out
expect_eq "$(cmds dict fa | grep -c -- "--dict $dict ")" 1 "fa's training given the dictionary once"
dry dict "s|^    links: tools/sample/en-fa.xml\$|&\n    dict: $dict.index|"
expect_eq "$?" 0 "languages.fa.dict naming the index"
# CEDICT's one file, found as wordalign finds it: the training's input
dry cedict "s|^    links: tools/sample/en-fa.xml\$|&\n    dict: $R/tests/fixtures/cedict/small.u8|"
expect_eq "$?" 0 "languages.fa.dict naming a CEDICT file"
expect_grep "input: .*tests/fixtures/cedict/small.u8" $T/out
dry dict "s|^  # db-pairs: corrections.db |  dict: $dict |"
expect_eq "$?" 1 "options.dict"
expect_grep "options.dict: a dictionary is of one language pair .*languages.L.dict: PATH" $T/out
dry dict 's|^    links: tools/sample/en-fa.xml$|&\n    dict: nowhere|'
expect_eq "$?" 1 "languages.fa.dict: no such dictionary"
expect_grep "languages.fa.dict: nowhere: no such dictionary, nowhere.index is not there (a dictd dictionary" $T/out
dry dict 's|^    links: tools/sample/en-fa.xml$|&\n    dict: /usr/share/dictd/freedict-xpx-none|'
expect_eq "$?" 1 "languages.fa.dict: not installed"
expect_grep "freedict-xpx-none.index is not there: install it with .apt-get install dict-freedict-xpx-none." $T/out
dry dict "s|^    links: tools/sample/en-fa.xml\$|&\n    dict: $dict|; s|^  # sync-rounds: 12 |  sync-rounds: 12 |"
expect_eq "$?" 1 "dict with sync-rounds"
expect_grep "languages.fa.dict: not with sync-rounds" $T/out
[ -e $T/key ] && { echo "FAIL: a refused config wrote outputs"; fails=$((fails + 1)); }
[ -e $T/dup ] || [ -e $T/nosubs ] || [ -e $T/opt ] && { echo "FAIL: a refused config wrote outputs"; fails=$((fails + 1)); }
# a document in two sources (one file named twice): refused before any job.
# Before, every output held it twice, and score refused at the end; a
# source with no CoNLL document (a jsonlines file) gave no shard: its
# documents in no output, exit 0 (with other sources), or a merge failing
# late ("which stores?")
dry twice 's|^  sample: tools/sample/dialogue.conll$|&\n  again: tools/sample/dialogue.conll|'
expect_eq "$?" 1 "a source twice"
expect_grep "sources.again: tools/sample/dialogue.conll:1: document s01e01c00x part 0 is in sources.sample too" $T/out
$XPROJ convert tools/sample/dialogue.conll $T/d.jsonlines
dry nodocs "s|^  sample: tools/sample/dialogue.conll\$|&\\n  js: $T/d.jsonlines|"
expect_eq "$?" 1 "a jsonlines source"
expect_grep "sources.js: .*d.jsonlines has no '#begin document' line" $T/out
# a language's or a source's name is a directory of out (thirteenth round):
# "../x" put the language's outputs outside out, "zh/../fa" into fa's, and
# out's own directories mixed two kinds of outputs; refused before any job
name() { # WHERE NAME SED
	dry name "$3"
	expect_eq "$?" 1 "$1.$2"
	expect_grep "$1.$2: not a name for a directory of out" $T/out
}
name languages ../escape 's|^  zh:$|  "../escape":|'
name languages zh/../fa 's|^  zh:$|  zh/../fa:|'
name languages transcripts 's|^  zh:$|  transcripts:|'
name languages .hidden 's|^  zh:$|  .hidden:|'
name sources model 's|^  sample: |  model: |'
name sources a/b 's|^  sample: |  a/b: |'
[ -e $T/escape ] && { echo "FAIL: a refused name wrote outputs"; fails=$((fails + 1)); }
dry names 's|^  zh:$|  zh-Hant_2.x:|'
expect_eq "$?" 0 "a name of letters, digits and _.-"
finish
