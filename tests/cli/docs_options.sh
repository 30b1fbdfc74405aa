# No command's page names an option that does not exist.  docs_help.sh
# proves each page holds its command's --help (so every option is
# documented); the prose above that block is written by hand and outlives
# what it describes: an option renamed or removed stays in a sentence
# nobody reruns.  Each --option a page's prose names must be one its
# command's --help names, one the command still accepts (an alias of an
# earlier release, kept out of --help), or one another command's --help
# names (a cross-reference: "as `wordalign --seed`").  Link targets
# (`](file.md#anchor--with-dashes)`) are not prose.
. tests/cli/lib
cmds=$($XPROJ --help | awk '/^commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 } f && /^$/ { f = 0 }')
[ -n "$cmds" ] || { echo "FAIL: no commands in 'xproj --help'"; exit 1; }
mkdir $T/h
for c in $cmds; do $XPROJ $c --help > $T/h/$c 2>&1; done
cat $T/h/* | grep -o -- '--[a-z][a-z0-9-]*' | sort -u > $T/all

n=0
for c in $cmds; do
	page=docs/cmd/$c.md
	[ -e $page ] || continue   # docs_help.sh names a missing page
	awk '/^<!-- xproj .* --help: copied/ { s = 1 } !s; /^<!-- end of xproj/ { s = 0 }' $page |
		sed 's/\]([^)]*)/]/g' | grep -o -- '--[a-z][a-z0-9-]*' | sort -u > $T/named
	while read -r o; do
		n=$((n + 1))
		grep -q -e "$o\b" $T/h/$c && continue
		grep -qx -e "$o" $T/all && continue
		# an alias the command still takes: anything but "not an option"
		[ $c = db ] && set -- db stats $T/none.db "$o" || set -- $c "$o"
		$XPROJ "$@" >/dev/null 2>$T/err </dev/null
		grep -q -e "$o is not an option" -e "unrecognized option" $T/err || continue
		echo "FAIL: $page names $o, which no command has: $(grep -n -m1 -e "$o\b" $page | cut -c1-120)"
		fails=$((fails + 1))
	done < $T/named
done
[ $n -gt 100 ] || { echo "FAIL: only $n options read from docs/cmd/ (the page layout changed?)"; fails=$((fails + 1)); }

# the check finds a stale option (on a copy of the page's prose, by hand)
printf 'Use `--no-such-switch`; see [x](a.md#b--not-an-option).\n' > $T/p.md
expect_eq "$(sed 's/\]([^)]*)/]/g' $T/p.md | grep -o -- '--[a-z][a-z0-9-]*')" "--no-such-switch" "options read from prose"
$XPROJ stats --no-such-switch >/dev/null 2>$T/err
expect_grep "no-such-switch is not an option" $T/err
finish
