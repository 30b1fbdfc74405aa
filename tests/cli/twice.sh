# An option given twice (tools/opts.c, xp_cli_getopt): getopt kept the last
# value and dropped the first without a word (`db import --source a.conll
# --source b.conll` imported b alone, exit 0).  Now a single-value option
# given twice with two values is a usage error naming both (exit 2, nothing
# read or written), one test per kind of command: a db subcommand, a
# command with its own table, one built from the shared groups, an alias
# and a short option.  The options that gather (XP_OPT_MANY in the table)
# take every value; the same value again is taken; the command line
# overrides a --config file's value, as it always did.
. tests/cli/lib
S=tools/sample
A=tests/fixtures/agree
P=tests/fixtures/project

# a db subcommand: refused before the store is touched
expect_status 2 $XPROJ db import $T/c.db --source a.conll --source b.conll --aligned x --report y
expect_eq "$(head -1 $T/err)" "xproj db import: --source given twice (a.conll, b.conll): give it once" "db import --source twice"
expect_grep "^'xproj db --help' lists the options.$" $T/err
[ -e $T/c.db ] && { echo "FAIL: a refused import created the store"; fails=$((fails + 1)); }
# one option under two names (--run-report is --report)
expect_status 2 $XPROJ db import $T/c.db --source a.conll --aligned x --report r1.json --run-report r2.json
expect_grep '^xproj db import: --report and --run-report are one option, given twice (r1.json, r2.json): give it once$' $T/err
# --wa-span-factor 2 --wa-span-factor 3 recorded 3
expect_status 2 $XPROJ db import $T/c.db --source a --aligned x --report y --wa-model m --wa-span-factor 2 --wa-span-factor 3
expect_grep '^xproj db import: --wa-span-factor given twice (2, 3): give it once$' $T/err

# a command with its own table; a short option and its long form are one
expect_status 2 $XPROJ score --metric muc --metric bcub $A/one.conll $A/two.conll
expect_grep '^xproj score: --metric given twice (muc, bcub): give it once$' $T/err
expect_status 2 $XPROJ score -m muc --metric=lea $A/one.conll $A/two.conll
expect_grep '^xproj score: -m and --metric are one option, given twice (muc, lea): give it once$' $T/err
expect_status 2 $XPROJ serve --port 1 --port 2 $T/c.db
expect_grep '^xproj serve: --port given twice (1, 2): give it once$' $T/err
# the same value again, and a switch twice: nothing dropped, taken
expect_status 0 $XPROJ score --metric muc --metric muc -j --json $A/one.conll $A/two.conll
expect_grep '"muc"' $T/out

# commands built from the shared groups (tools/groups.h): an option of a
# group, one of the command's own
expect_status 2 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--gap 1 --gap 2 -o $T/o.conll
expect_grep '^xproj project: --gap given twice (1, 2): give it once$' $T/err
expect_status 2 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/o.conll --output $T/p.conll
expect_grep '^xproj project: -o and --output are one option, given twice (.*/o.conll, .*/p.conll): give it once$' $T/err
[ -e $T/o.conll ] || [ -e $T/p.conll ] && { echo "FAIL: a refused projection wrote"; fails=$((fails + 1)); }
# the calibration said twice, by its two options: --uncalibrated took it
# and --model was read, recorded in the report's recipe, and unused
expect_status 2 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--model lang/calib/zh.json --uncalibrated -o $T/o.conll --report $T/r.json
expect_grep '^xproj project: --model and --uncalibrated both say how confidences are calibrated (lang/calib/zh.json, none): give one$' $T/err
[ -e $T/o.conll ] || [ -e $T/r.json ] && { echo "FAIL: a refused projection wrote"; fails=$((fails + 1)); }
expect_status 2 $XPROJ wordalign $T/pairs.txt --seed 1 --seed 7 -o $T/w.pharaoh
expect_grep '^xproj wordalign: --seed given twice (1, 7): give it once$' $T/err
expect_status 2 $XPROJ pipeline --source a --subs b --subs c -o $T/x
expect_grep '^xproj pipeline: --subs given twice (b, c): give it once$' $T/err
expect_status 2 $XPROJ align-eval --transcript a --subs b --band 3 --band 4
expect_grep '^xproj align-eval: --band given twice (3, 4): give it once$' $T/err
# a value shown as the untrusted text it is: a control character escaped
expect_status 2 $XPROJ db export $T/c.db -o "$(printf 'a\033b')" -o b
expect_grep '^xproj db export: -o given twice (a\\x1bb, b): give it once$' $T/err

# the options that gather take every value
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/p --no-db --quiet
expect_status 0 $XPROJ wordalign --schedule $T/p/pairs.txt --train $T/p/pairs.txt
expect_grep '^pairs: 78$' $T/out
expect_status 0 $XPROJ wordalign --schedule $T/p/pairs.txt --train $T/p/pairs.txt --train $T/p/pairs.txt
expect_grep '^pairs: 117$' $T/out
expect_status 0 $XPROJ project --list-rules --lang zh --rules -zh_pronoun --rules +articles
expect_grep '^  articles  *pronoun  on ' $T/out
expect_grep '^  zh_pronoun  *pronoun  off ' $T/out

# a --config file's value, given again on the command line: overridden,
# as before; two values on the command line are refused there too
sed 's/^tgt-lang = zh$/tgt-lang = fa/' $S/zh.conf > $T/fa.conf
expect_status 1 $XPROJ pipeline --config $T/fa.conf --alignments $S/zh.pharaoh -o $T/r --no-db --quiet
expect_grep 'which --tgt-lang fa is not written in' $T/err
expect_status 0 $XPROJ pipeline --config $T/fa.conf --alignments $S/zh.pharaoh --tgt-lang zh -o $T/r --no-db --quiet
cmp -s $T/p/projected.conll $T/r/projected.conll || { echo "FAIL: --tgt-lang zh did not override the file's fa"; fails=$((fails + 1)); }
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh --seed 5 -o $T/q --no-db --quiet
expect_status 2 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh --seed 5 --seed 6 -o $T/q --no-db
expect_grep '^xproj pipeline: --seed given twice (5, 6): give it once$' $T/err
# the file's own key twice, said with its lines (tools/config.c); one
# that gathers (rules) is taken
(cat $S/zh.conf; printf 'seed = 7\n') > $T/two.conf
expect_status 1 $XPROJ pipeline --config $T/two.conf -o $T/x
expect_grep 'two.conf:10: seed given twice, here and on line 9, with other values' $T/err
(cat $S/zh.conf; printf 'rules = -zh_pronoun\nrules = +articles\n') > $T/rules.conf
expect_status 0 $XPROJ pipeline --config $T/rules.conf --alignments $S/zh.pharaoh -o $T/s --no-db --quiet
finish
