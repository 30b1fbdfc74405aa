# The manual documents every command and every long option: each command
# that `xproj --help` lists has its page, docs/cmd/CMD.md, holding an example
# ("$ xproj CMD ..." in a fenced block), and each long option its --help
# defines (in its usage lines, or opening one of its option lines) is named
# on that page; every `db` subcommand of `xproj db --help` has an example on
# db's page.  So a command or an option cannot land undocumented.  The other
# way round, every option the manual (README.md, docs/*.md, docs/cmd/*.md)
# gives a command in a heading or an example line (fenced, "$ xproj CMD ..."
# or "xproj CMD ...") is one the command accepts (it is tried alone: the
# command must not call it "not an option"), so the manual names no option
# that is gone (tests/cli/readme.sh runs the examples whose inputs ship).  And
# every confidence feature a report lists is named in docs/triage.md, so a
# user reading a report's "why" finds what each one is.  An option the help
# gives with a short form (-o, --output) may be named by either.
. tests/cli/lib
R=README.md
PAGES="README.md $(ls docs/*.md docs/cmd/*.md)"
case $XPROJ in /*) X=$XPROJ ;; *) X=$(pwd)/$XPROJ ;; esac
cmds=$($XPROJ --help | awk '/^commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 } f && /^$/ { f = 0 }')
[ -n "$cmds" ] || { echo "FAIL: no commands in 'xproj --help'"; fails=$((fails + 1)); }

# section CMD: CMD's page, docs/cmd/CMD.md, fenced lines prefixed with "F"
section() {
	[ -f "docs/cmd/$1.md" ] || return 0
	# without the --help block scripts/docs-help copies in: the page's own text must name each option
	awk '/^<!-- xproj .* --help: copied by scripts\/docs-help/ { gen = 1 } /^<!-- end of xproj / { gen = 0; next }
		gen { next } /^```/ { fence = !fence; next } { print (fence ? "F" : " ") $0 }' "docs/cmd/$1.md"
}

# options HELP: the long options a --help text defines, one a line; "-x --long" for a pair
options() {
	awk '
		/^usage:/ { u = 1 }
		u && /^$/ { u = 0 }
		u { print; next }
		/^ +(-[A-Za-z], )?--[a-z]/ { print }' "$1" |
		grep -o -- '--[a-z][a-z0-9-]*' | sort -u |
		while read -r o; do
			s=$(grep -o -- "-[A-Za-z], $o\b" "$1" | head -1 | cut -c1-2)
			echo "$s $o"
		done
}

# named TEXT OPTION: OPTION appears in TEXT as a whole word
named() { grep -Eq -- "(^|[^A-Za-z0-9-])$2([^A-Za-z0-9-]|$)" "$1"; }

for c in $cmds; do
	section "$c" >"$T/sec"
	if ! [ -s "$T/sec" ]; then
		echo "FAIL: 'xproj $c' has no page (docs/cmd/$c.md)"
		fails=$((fails + 1)); continue
	fi
	grep -Eq "^F\\\$ xproj $c( |$)" "$T/sec" ||
		{ echo "FAIL: docs/cmd/$c.md has no example ('\$ xproj $c ...' in a fenced block)"; fails=$((fails + 1)); }
	$XPROJ "$c" --help >"$T/help" 2>&1 || { echo "FAIL: 'xproj $c --help' failed"; fails=$((fails + 1)); continue; }
	options "$T/help" >"$T/opts"
	while read -r s o; do
		[ -z "$o" ] && { o=$s; s=; }
		named "$T/sec" "$o" && continue
		[ -n "$s" ] && named "$T/sec" "$s" && continue
		echo "FAIL: docs/cmd/$c.md does not name $o (from 'xproj $c --help')"
		fails=$((fails + 1))
	done <"$T/opts"
done

# db's subcommands, from the lines of its usage ("xproj db add|modify DB ...")
section db >"$T/sec"
$XPROJ db --help | awk '/^usage:/ { u = 1 } u && /^$/ { exit } u' |
	sed -n 's/^\(usage: \)\{0,1\} *xproj db \([a-z|-]*\).*/\2/p' | tr '|' '\n' >"$T/subs"
[ "$(wc -l <"$T/subs")" -ge 10 ] || { echo "FAIL: too few db subcommands read from 'xproj db --help'"; fails=$((fails + 1)); }
while read -r s; do
	grep -Eq "^F\\\$ xproj db $s( |$)" "$T/sec" ||
		{ echo "FAIL: docs/cmd/db.md has no example of 'db $s' ('\$ xproj db $s ...' in a fenced block)"; fails=$((fails + 1)); }
done <"$T/subs"

# README's options, "CMD OPTION" (CMD "db SUB" for db): from the headings and the example lines
# (an example whose output README shows saying "is not an option" shows that very error)
awk '
	function flush() { if (pend != "") print pend; pend = "" }
	/^```/ { flush(); fence = !fence; next }
	/^#+ / {
		while (match($0, /`xproj [a-z][a-z-]*[^`]*`/)) {
			print substr($0, RSTART + 1, RLENGTH - 2); $0 = substr($0, RSTART + RLENGTH)
		}
		next
	}
	!fence { next }
	/is not an option/ { pend = ""; next }
	/^xproj [a-z-]+:|^xproj db [a-z-]+:/ { next }   # what a command printed
	/^(\$ )?xproj [a-z][a-z-]*( |$)/ {
		flush()
		l = $0
		while (l ~ /\\$/ && (getline n) > 0) { sub(/^[ \t]+/, "", n); l = substr(l, 1, length(l) - 1) " " n }
		sub(/^\$ /, "", l); sub(/ #.*/, "", l); sub(/[|].*/, "", l)
		pend = l; next
	}
	/^\$ / { flush() }
	END { flush() }' $PAGES | while read -r x c rest; do
	[ "$c" = db ] && { set -- $rest; c="db ${1:-}"; }
	for o in $(printf '%s\n' "$rest" | grep -o -- '--[a-z][a-z0-9-]*'); do echo "$c $o"; done
done | sort -u >"$T/named"
[ "$(wc -l <"$T/named")" -ge 100 ] || { echo "FAIL: too few options read from the manual's headings and examples"; fails=$((fails + 1)); }
while read -r c o; do
	# tried with a value (an option that takes none leaves it as an operand), in the scratch
	# directory, with no other argument: every command stops at the options or the operands
	case $c in db\ *) set -- $c; (cd "$T" && timeout $(limit 20) "$X" db "$2" "$o" x </dev/null) >"$T/out" 2>&1 ;;
	*) (cd "$T" && timeout $(limit 20) "$X" "$c" "$o" x </dev/null) >"$T/out" 2>&1 ;; esac
	grep -q 'is not an option' "$T/out" &&
		{ echo "FAIL: the manual gives 'xproj $c' the option $o, which it does not have:"; cat "$T/out"; fails=$((fails + 1)); }
done <"$T/named"

# the features of the confidence, as a report lists them
P=$FIX/project
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null ||
	{ echo "FAIL: project on the fixtures failed"; fails=$((fails + 1)); }
cat docs/triage.md >"$T/triage"
grep -o '"features": *\[[^]]*\]' $T/r.json | grep -o '"[a-z_]*"' | tr -d '"' | grep -v '^features$' >"$T/feat"
[ "$(wc -l <"$T/feat")" -ge 40 ] || { echo "FAIL: too few features read from the report"; fails=$((fails + 1)); }
while read -r f; do
	grep -q "\`$f\`" "$T/triage" ||
		{ echo "FAIL: docs/triage.md does not name the feature $f (the report's \"features\")"; fails=$((fails + 1)); }
done <"$T/feat"
finish
