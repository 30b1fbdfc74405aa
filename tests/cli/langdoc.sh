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
# every pack's table is there
for c in generic zh fa; do
	grep -q "^<!-- rules $c -->\$" docs/languages.md || { echo "FAIL: no table for $c"; fails=$((fails + 1)); }
done
finish
