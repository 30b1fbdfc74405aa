# Every command has --help; the man page is built from the same text.
. tests/cli/lib
for c in stats convert validate score align align-eval bitext wordalign symmetrize aer check-align project db; do
	expect_status 0 $XPROJ $c --help
	expect_grep "^usage: xproj $c" $T/out
done
# Every long option a command's table accepts is named in its --help (the
# table is the truth: an option added there and not to the text is one no
# user finds).  tools/cmd_align.c holds align-eval's table too; groups.c's
# shared groups all reach pipeline; --output may be written -o.
for f in tools/cmd_*.c tools/groups.c; do
	c=$(basename "$f" .c); c=$(echo "${c#cmd_}" | tr _ -)
	case $c in groups) hs=pipeline ;; align) hs="align align-eval" ;; *) hs=$c ;; esac
	for h in $hs; do $XPROJ "$h" --help; done > "$T/help" 2>&1
	for o in $(grep -o '{"[a-z0-9-]*", *[a-z]*_argument' "$f" | sed 's/{"\([^"]*\)".*/\1/'); do
		grep -q -e "--$o\b" "$T/help" && continue
		[ "$o" = output ] && grep -q -e '-o ' "$T/help" && continue
		echo "FAIL: $f accepts --$o, which 'xproj $hs --help' does not name"; fails=$((fails + 1))
	done
done
expect_status 0 $XPROJ --man
expect_grep '^\.TH XPROJ 1' $T/out
expect_grep '^\.SS validate' $T/out
expect_status 2 $XPROJ no-such-command
# `xproj help CMD` is CMD's --help; a CMD that is none is an error, not the overview
expect_status 0 $XPROJ help db
expect_grep '^usage: xproj db init DB' $T/out
# `xproj help help` is the overview, `xproj db help` the db page (both were errors)
expect_status 0 $XPROJ help help
expect_grep '^usage: xproj COMMAND' $T/out
expect_status 0 $XPROJ db help
expect_grep '^usage: xproj db init DB' $T/out
# the overview names --version and --man, which only the README named
expect_status 0 $XPROJ --help
expect_grep "^'xproj --version' prints the version, 'xproj --man' the manual page" $T/out
# a help text is a manual, not a history: pipeline's said "(or its old name:
# this release)" without the name, "as before" and "(none today)"
for c in pipeline align project; do
	expect_status 0 $XPROJ $c --help
	for s in 'old name: this release' 'as before' 'none today'; do
		! grep -q -e "$s" $T/out || { echo "FAIL: 'xproj $c --help' says '$s'"; fails=$((fails + 1)); }
	done
done
expect_status 2 $XPROJ help valdate
expect_grep "'valdate' is not a command; did you mean 'xproj validate'" $T/err
finish
