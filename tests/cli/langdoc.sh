# docs/languages.md's rule tables are the packs' (scripts/lang-doc, `make
# lang-doc`): the committed file equals what the packs generate, so a rule
# added, renamed, switched or described anew shows there or this fails.
. tests/cli/lib
cp docs/languages.md $T/languages.md
DOC=$T/languages.md sh scripts/lang-doc "$XPROJ" || { echo "FAIL: scripts/lang-doc"; fails=$((fails + 1)); }
if ! cmp -s docs/languages.md $T/languages.md; then
	echo "FAIL: docs/languages.md is stale (make lang-doc rewrites its tables):"
	diff docs/languages.md $T/languages.md | head -20
	fails=$((fails + 1))
fi
# every pack's table is there: the generic pack's and each of a file
# lang/CODE.c (a new pack's section and markers are written by hand)
for c in generic $(sed -n 's/^[[:space:]]*\.code = "\([a-z]*\)",$/\1/p' lang/*.c); do
	grep -q "^<!-- rules $c -->\$" docs/languages.md || { echo "FAIL: no table for $c"; fails=$((fails + 1)); }
done
finish
