# Each command's page ends with the command's own --help, copied by
# scripts/docs-help (make docs): the page, `xproj CMD --help` and the man
# page (built from the same texts, tests/cli/help.sh) cannot disagree.  A
# help text changed without `make docs` fails here, naming the page.
. tests/cli/lib
XPROJ=$XPROJ sh scripts/docs-help --check >$T/out 2>&1 || { cat $T/out; fails=$((fails + 1)); }
# every command has its page and its block; the man page has each command's usage
for c in $($XPROJ --help | awk '/^commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 } f && /^$/ { f = 0 }'); do
	grep -q "^<!-- xproj $c --help: copied by scripts/docs-help" docs/cmd/$c.md 2>/dev/null ||
		{ echo "FAIL: docs/cmd/$c.md has no --help block (make docs)"; fails=$((fails + 1)); }
done
# --check finds a page that differs (on a copy: the test never edits the tree)
mkdir -p $T/docs/cmd $T/scripts
cp scripts/docs-help $T/scripts/
cp docs/cmd/aer.md $T/docs/cmd/
sed -i 's/counts summed over sentences/counts summed over documents/' $T/docs/cmd/aer.md
case $XPROJ in /*) X=$XPROJ ;; *) X=$(pwd)/$XPROJ ;; esac
(cd $T && XPROJ=$X sh scripts/docs-help --check) >$T/out 2>&1
expect_eq "$?" 1 "docs-help --check on a page that differs"
expect_grep "docs/cmd/aer.md: its --help block is not 'xproj aer --help'" $T/out
finish
