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
# the table of packs at the top is written by hand: each rule a row names
# (`det`) is one of its pack's, and its "N rules (M on by default" are
# what the pack lists (the counts had fallen behind: 24 for Chinese's 27)
sed -n '/^| `[a-z][a-z]`/p' docs/languages.md | while IFS='|' read -r _ code _ _ has _; do
	c=$(echo "$code" | sed 's/^ *`\([a-z]*\)`.*/\1/')
	$XPROJ project --list-rules --lang "$c" --markdown >$T/rules.md 2>/dev/null || continue
	names=$(sed -n 's/^| `\([a-z0-9_]*\)` |.*/\1/p' $T/rules.md | tr '\n' ' ')
	on=$(grep -c '^| `[a-z0-9_]*` | [a-z]* | on |' $T/rules.md)
	for r in $(printf '%s\n' "$has" | sed 's/^[^;]*;//' | grep -o '`[a-z0-9_]*`' | tr -d '`'); do
		case " $names " in *" $r "*) ;; *) echo "FAIL: docs/languages.md's row of $c names \`$r\`, no rule of its pack"; echo x >>$T/bad ;; esac
	done
	n=$(printf '%s\n' "$has" | sed -n 's/^ *\([0-9][0-9]*\) rules[ ,].*/\1/p')
	[ -z "$n" ] || [ "$n" = "$(echo $names | wc -w)" ] ||
		{ echo "FAIL: docs/languages.md's row of $c says $n rules, its pack lists $(echo $names | wc -w)"; echo x >>$T/bad; }
	n=$(printf '%s\n' "$has" | sed -n 's/^ *[0-9][0-9]* rules (\([0-9][0-9]*\) on by default.*/\1/p')
	[ -z "$n" ] || [ "$n" = "$on" ] ||
		{ echo "FAIL: docs/languages.md's row of $c says $n rules on by default, its pack $on"; echo x >>$T/bad; }
done
[ -f $T/bad ] && fails=$((fails + $(wc -l <$T/bad)))
finish
