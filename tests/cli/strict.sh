# A strict CLI: each subcommand (db's too) refuses an option it would ignore,
# numbers are checked whole and in range, a usage error says why in one line
# and where to look, a misspelt command or option gets the nearest name,
# --json wherever a summary is printed.
. tests/cli/lib
P=$FIX/project
W=$FIX/walign

# expect_usage_error CMD... : exit 2, the reason and the hint on stderr, no more
expect_usage_error() {
	expect_status 2 "$@"
	[ "$(wc -l <"$T/err")" -le 2 ] || { echo "FAIL: '$*' printed more than reason and hint:"; cat "$T/err"; fails=$((fails + 1)); }
	expect_grep "lists the options\.$" $T/err
}

# db: one table per subcommand
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json --uncalibrated 2>/dev/null   # the order the JSON checks below expect
D=$T/c.db
expect_status 0 $XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json
expect_usage_error $XPROJ db stats $D --span 1:2:3
expect_grep '^xproj db stats: --span is not an option of xproj db stats$' $T/err
expect_usage_error $XPROJ db stats $D --top x
expect_usage_error $XPROJ db runs $D --run 1
expect_usage_error $XPROJ db export $D --json -o $T/x.conll
expect_grep 'did you mean --jsonlines' $T/err
expect_usage_error $XPROJ db undo $D --json
expect_usage_error $XPROJ db stats $D --run 0
expect_grep "^xproj db stats: --run: '0' is out of range (allowed: 1 or more)$" $T/err
expect_usage_error $XPROJ db stats $D --run 1x
expect_grep "is not a whole number" $T/err
expect_usage_error $XPROJ db stat $D
expect_grep "did you mean db stats" $T/err
# no near name: the subcommands are listed (the history of corrections is db log)
expect_usage_error $XPROJ db history $D
expect_grep "^xproj db: 'history' is not a db command (they are init, import, .* log, .*, merge)$" $T/err
expect_usage_error $XPROJ db add $D --mention 'd|3' --span 1:2
expect_usage_error $XPROJ db add $D --mention 'd|3' --span 1:3:2
expect_grep 'START must be below END' $T/err
expect_usage_error $XPROJ db modify $D --mention 'd|1' --span 0:3:5x
expect_grep "^xproj db modify: --span END: '5x' is not a whole number" $T/err
expect_usage_error $XPROJ db delete $D --mention 'd|0' --span 1:2:3
expect_usage_error $XPROJ db import-corrections $D
expect_usage_error $XPROJ db import-corrections $D $FIX/db/tasa.csv --format csv
expect_grep "^xproj db import-corrections: --format: 'csv' is not one of mmc, tasa, conll, jsonlines, jsonl" $T/err
expect_usage_error $XPROJ db check $D extra
# a --run the store lacks: every reader refuses it (triage printed an empty
# queue, export-tasa wrote a CSV of its header alone, both exit 0)
for s in triage stats show export export-tasa; do
	expect_status 1 $XPROJ db $s $D --run 9 $( [ $s = show ] && echo 'd|1') $( case $s in export*) echo -o $T/x.out ;; esac)
	expect_grep "^xproj db $s: $D: there is no run 9 in the database$" $T/err
done
[ -e $T/x.out ] && { echo "FAIL: export-tasa of a missing run wrote its output"; fails=$((fails + 1)); }
# the library's complaints about a store name it, as a reader's name its file
expect_status 1 $XPROJ db show $D --doc zz
expect_grep "^xproj db show: $D: no document zz in run 1$" $T/err
expect_status 1 $XPROJ db modify $D --mention 'q|9' --span 0:1:2
expect_grep "^xproj db modify: $D: modify q|9: no such mention in this run$" $T/err
# a mention given without its |ID (or cut at an unquoted | by the shell)
# says what a mention is
expect_status 1 $XPROJ db modify $D --mention q --span 0:1:2
expect_grep "^xproj db modify: $D: modify q: no such mention in this run (a mention is DOC|ID, quoted in a shell: 's01e01c01x|3'; db triage lists them)$" $T/err
expect_status 2 $XPROJ db export $D
expect_grep "^xproj db export: -o OUT is required$" $T/err
expect_status 0 $XPROJ db triage $D --json --top 2
expect_grep '^{"run":1,"queue":\[{"rank":1,"key":"d|1","rate":[0-9.]*,"p_fix":[0-9.]*,"why":"[^"]*","mention":{"run":1,"key":"d|1",' $T/out
expect_eq "$(grep -o '"rank":' $T/out | wc -l)" 2 "triage --json --top 2: two rows"
expect_status 0 $XPROJ db triage $D --json --list
expect_eq "$(grep -o '"rank":' $T/out | wc -l)" "$($XPROJ db triage $D --list | wc -l)" "triage --json --list: every row"
expect_eq "$(grep -c '"mention"' $T/out)" 0 "triage --json --list: no mentions"
expect_status 0 $XPROJ db stats $D --run 1
expect_status 0 $XPROJ db log $D --json
expect_grep '^\[{"id":1,"created":"[-0-9T:Z]*","action":"create","detail":' $T/out
expect_grep '"action":"import run","detail":"{\\"run\\":1,' $T/out

# numbers: whole, in range, named with the option
expect_usage_error $XPROJ align --transcript t --subs s -o o --threshold abc
expect_grep "^xproj align: --threshold: 'abc' is not a number (allowed: 0 to 1)$" $T/err
expect_usage_error $XPROJ align --transcript t --subs s -o o --band 9x
expect_grep "^xproj align: --band: '9x' is not a whole number" $T/err
expect_usage_error $XPROJ align --transcript t --subs s -o o --band 0
# decimal, as written: strtod read 0x0.8 as 0.5 and ' 0.5' as 0.5
expect_usage_error $XPROJ project --source a --aligned b --alignments c -o d --min-prob 0x0.8
expect_grep "^xproj project: --min-prob: '0x0.8' is not a number" $T/err
expect_usage_error $XPROJ wordalign a -o b --model m --prior-weight ' 5'
expect_grep "^xproj wordalign: --prior-weight: ' 5' is not a weight" $T/err
expect_usage_error $XPROJ wordalign a -o b --all-links l --all-probs p --probs-floor 0X1P-3
expect_usage_error $XPROJ project --source a --aligned b --alignments c -o d --min-prob 1.5
expect_usage_error $XPROJ project --source a --aligned b --alignments c -o d --gap -1
expect_usage_error $XPROJ pipeline --source a --subs b -o d --threads 0
expect_usage_error $XPROJ pipeline --source a --subs b -o d --seed x
expect_usage_error $XPROJ align-eval --transcript t --subs s --examples -2
expect_usage_error $XPROJ project --source a --aligned b --alignments c -o d --rule widest
expect_grep "is not one of minmax, block" $T/err
expect_usage_error $XPROJ stats --format xml $FIX/conll/nested.conll

# options a command would ignore are not options of it
expect_usage_error $XPROJ align-eval --transcript t --subs s -o x
expect_usage_error $XPROJ align-eval --transcript t --subs s --tgt-subs x
expect_usage_error $XPROJ validate --json --quiet $FIX/conll/nested.conll
# a long option is spelt out, never abbreviated
expect_usage_error $XPROJ align --transcript t --subs s -o o --thresh 0.5
expect_grep 'did you mean --threshold' $T/err
# pipeline takes project's options, all of them (one definition)
expect_status 2 $XPROJ pipeline --skip-articles --no-zh-pronouns --no-fa-attach --source a
expect_grep 'are required' $T/err
# only the options missing are named: a --config that gave --source and
# --subs leaves -o (it said "--source, --subs and -o are required")
expect_status 2 $XPROJ pipeline --config tools/sample/zh.conf
expect_grep 'xproj pipeline: -o is required$' $T/err
expect_status 2 $XPROJ project --source a --aligned b --alignments c
expect_grep 'xproj project: -o is required$' $T/err
expect_status 2 $XPROJ align --subs s -o o
expect_grep 'xproj align: --transcript is required$' $T/err

# an unknown command: the nearest one
expect_status 2 $XPROJ valdate x
expect_grep "did you mean 'xproj validate'" $T/err

# --json where a summary is printed
expect_status 1 $XPROJ validate --json $FIX/conll/unclosed.conll $FIX/conll/nested.conll
expect_grep '^{"ok":false,"strict":false,"files":\[{"path":"tests/fixtures/conll/unclosed.conll","errors":1,"warnings":0,"problems":\[{"file":"tests/fixtures/conll/unclosed.conll","line":3,"severity":"error",' $T/out
expect_grep '{"path":"tests/fixtures/conll/nested.conll","errors":0,"warnings":0,"problems":\[\]}\]}$' $T/out
expect_status 0 $XPROJ check-align --json --bitext $W/pairs.txt $W/ok.pharaoh
expect_grep '^{"alignment":"tests/fixtures/walign/ok.pharaoh","ok":true,"sentence_pairs":3,"links":10,"probabilities":false}$' $T/out
expect_status 1 $XPROJ check-align --json --bitext $W/pairs.txt $W/range.pharaoh
expect_grep '"ok":false,"error":{"file":"tests/fixtures/walign/range.pharaoh","line":3,' $T/out
finish
