# Every command names itself in its errors, as git's do: "xproj CMD: "
# (a db subcommand "xproj db SUB: "), then the library's "file:line:
# reason".  Library errors said "xproj: file: reason" while the same
# command's usage errors and notes said "xproj CMD: ", so a log of a
# pipeline of commands did not say which one failed.  Each command of
# `xproj --help` (and each db subcommand of the table below) is run on a
# missing input, a malformed one and a misspelt option; the test fails when
# a command is added to xproj without being listed here.
. tests/cli/lib
N=$T/missing.conll
printf 'garbage\n' > $T/bad.conll
mkdir $T/d

# first WANT: the first line of $T/err begins with WANT (fixed text)
first() {
	got=$(head -n 1 $T/err)
	case $got in
	"$1"*) ;;
	*) printf 'FAIL: first line of stderr\n  got:  %s\n  want: %s...\n' "$got" "$1"; fails=$((fails + 1)) ;;
	esac
}

# CMD, then its arguments with IN for the input (run on a missing file)
cmds='stats|IN
convert|IN OUT
validate|IN
score|IN IN
agree|IN tests/fixtures/agree/one.conll
align|--transcript IN --subs IN -o OUT
align-eval|--transcript IN --subs IN
pair|--source IN --target IN -o OUT
mention-pairs|--source IN --target IN -o OUT
bitext|IN -o OUT
wordalign|IN -o OUT
check-align|--bitext IN IN
project|--source IN --aligned IN --alignments IN -o OUT
judge|--report IN --projected IN --key IN
calibrate|--report IN --projected IN --key IN -o OUT
db|stats IN
pipeline|--source IN --subs IN -o OUT
serve|IN
symmetrize|IN IN
aer|--gold IN IN'

# every command of the overview has its line above
for c in $($XPROJ --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 { print $1 }'); do
	printf '%s\n' "$cmds" | grep -q "^$c|" || { echo "FAIL: $c: not covered by tests/cli/prefixes.sh"; fails=$((fails + 1)); }
done

printf '%s\n' "$cmds" | while IFS='|' read -r c args; do
	pre="xproj $c: "
	[ $c = db ] && pre="xproj db stats: "
	# a missing input: the command, then the library's file and reason
	expect_status 1 $XPROJ $c $(echo $args | sed "s|IN|$N|g; s|OUT|$T/d/out|g")
	first "$pre$N: "
	# a malformed one: status 1 and the same prefix (not a store, which is
	# no text; validate lists a file's problems as its output, each
	# "file:line: error: reason", as a compiler does)
	case $c in db | serve | validate) ;;
	*)
		expect_status 1 $XPROJ $c $(echo $args | sed "s|IN|$T/bad.conll|g; s|OUT|$T/d/out|g")
		first "$pre$T/bad.conll:1: " ;;
	esac
	# a usage error: the same prefix, and the hint
	if [ $c != db ]; then
		expect_status 2 $XPROJ $c --no-such-option
		first "xproj $c: "
		expect_grep "^'xproj $c --help' lists the options" $T/err
	fi
	echo "$fails" > $T/fails
done
fails=$(cat $T/fails)
# validate: its listing, then the command's verdict
expect_status 1 $XPROJ validate $T/bad.conll
first "$T/bad.conll:1: error: "

# a line of a malformed file: "xproj CMD: file:line: reason"
printf '#begin document (d); part 000\nd 0 0 Hi\n' > $T/cols.conll
expect_status 1 $XPROJ stats $T/cols.conll
first "xproj stats: $T/cols.conll:2: "

# every db subcommand names itself, from the store on (given the options
# it cannot go without: without them it stops before, below)
for s in init import add modify delete import-corrections export export-tasa stats runs log undo triage show \
	check pairs; do
	case $s in
	import) arg="--source $N --aligned $N --report $N";;
	add | modify) arg="--mention d|1 --span 0:0:1";;
	delete) arg="--mention d|1";;
	import-corrections) arg=$N;;
	export | export-tasa | pairs) arg="-o $T/x.out";;
	show) arg="d|1";;
	*) arg=;;
	esac
	expect_status 1 $XPROJ db $s $T/nodir/s.db $arg
	first "xproj db $s: "
done
# a required option missing: a usage error, as every command's (exit 2, the
# hint), found before the store is looked at
for s in import add modify delete export export-tasa show pairs; do
	expect_status 2 $XPROJ db $s $T/nodir/s.db
	first "xproj db $s: "
	expect_grep "^'xproj db --help' lists the options.$" $T/err
done
expect_status 1 $XPROJ db merge $T/d/m.db $N
first "xproj db merge: $N: "
# a usage error of db itself keeps its usage line
expect_status 2 $XPROJ db
first "xproj db: wrong arguments; usage:"
# no command at all: only then "xproj: "
expect_status 2 $XPROJ stat $N
first "xproj: 'stat' is not a command; did you mean 'xproj stats'?"
finish
