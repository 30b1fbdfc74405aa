# Every option the help texts and the manual's prose name for a command
# ("as `wordalign --src-spans`", "xproj db triage DB --list", "`project
# --model`") is one that command accepts.  tests/cli/readme_cmds.sh checks
# the manual's example lines and headings, and tests/cli/help.sh the option
# tables against each command's own --help; a help text or a paragraph that
# points at another command's option was checked by nothing, so an option
# renamed or dropped left the pointers to it behind.  An option the manual
# shows being refused ("... is not an option", docs/commands.md's common
# mistakes) is left out.
. tests/cli/lib
case $XPROJ in /*) X=$XPROJ ;; *) X=$(pwd)/$XPROJ ;; esac
cmds=$($XPROJ --help | awk '/^commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 } f && /^$/ { f = 0 }')
subs=$($XPROJ db --help | awk '/^usage:/ { u = 1 } u && /^$/ { exit } u' |
	sed -n 's/^\(usage: \)\{0,1\} *xproj db \([a-z|-]*\).*/\2/p' | tr '\n' '|' | sed 's/|$//')
[ -n "$cmds" ] && [ -n "$subs" ] || { echo "FAIL: no commands or db subcommands read"; fails=$((fails + 1)); }
alt=$(echo $cmds | tr ' ' '|')

# the texts: every command's --help, then the manual
for c in $cmds; do $XPROJ "$c" --help 2>&1; done >"$T/texts"
cat README.md docs/*.md docs/cmd/*.md >>"$T/texts"
# the options the manual shows refused: "xproj CMD: --OPT is not an option"
grep -o 'xproj [a-z -]*: --[a-z][a-z0-9-]* is not an option' "$T/texts" |
	sed 's/^xproj //; s/: / /; s/ is not an option$//' | sort -u >"$T/refused"

# "xproj CMD [OPERANDS] --OPT" or "`CMD [OPERANDS] --OPT": operands are db
# subcommands, names in capitals (DB, A.pharaoh) or file names (x.conll)
tr '\n' ' ' <"$T/texts" |
	grep -oE "(xproj |\`)($alt)( (($subs)|[A-Z][A-Z0-9._]*|[a-z0-9_./-]+\.[a-z]+))* --[a-z][a-z0-9-]*" |
	sed 's/^xproj //; s/^`//' | sort -u >"$T/refs"
[ "$(wc -l <"$T/refs")" -ge 80 ] || { echo "FAIL: too few options named in the texts ($(wc -l <"$T/refs"))"; fails=$((fails + 1)); }

while read -r c rest; do
	o=${rest##* }
	case $c in db) s=${rest%% *}; case "|$subs|" in *"|$s|"*) c="db $s" ;; esac ;; esac
	grep -qxF "$c $o" "$T/refused" && continue
	# tried with a value (an option that takes none leaves it as an operand), in the
	# scratch directory, with no other argument: every command stops at its options
	(cd "$T" && timeout $(limit 20) $X $c "$o" x </dev/null) >"$T/out" 2>&1
	grep -q 'is not an option' "$T/out" &&
		{ echo "FAIL: a help text or the manual names '$c $o', which 'xproj $c' does not have:"; cat "$T/out"; fails=$((fails + 1)); }
done <"$T/refs"
finish
