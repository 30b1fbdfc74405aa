# Every link of README.md, CHANGELOG.md and docs/ (its pages, cmd/ and history/) that stays inside the repository
# reaches something: the file exists, and a #fragment names a heading of the
# target Markdown file, by the anchor GitHub gives a heading (lower case,
# every character but letters, digits, spaces, '-' and '_' dropped, spaces
# made '-', a repeated anchor suffixed -1, -2 ...).  So moving or renaming a
# section cannot leave the table of contents or a cross-reference dangling.
. tests/cli/lib

# anchors FILE: the anchors of FILE's headings (not those in fenced blocks), one a line
anchors() {
	awk '
		/^```/ { fence = !fence; next }
		fence || !/^#+ / { next }
		{
			h = $0; sub(/^#+ +/, "", h); h = tolower(h)
			gsub(/[^a-z0-9 _-]/, "", h); gsub(/ /, "-", h)
			n = seen[h]++; print (n ? h "-" n : h)
		}' "$1"
}

for f in README.md CHANGELOG.md docs/*.md docs/cmd/*.md docs/history/*.md; do
	dir=$(dirname "$f")
	# ](target): inline links and images, outside fenced blocks
	awk '/^```/ { fence = !fence; next } !fence' "$f" | grep -o '](\([^)]*\))' | sed 's/^](//; s/)$//' |
		while IFS= read -r l; do
			case $l in http://*|https://*|mailto:*) continue ;; esac
			path=${l%%#*}; frag=
			case $l in *'#'*) frag=${l#*#} ;; esac
			if [ -z "$path" ]; then target=$f; else target=$dir/$path; fi
			[ -e "$target" ] || { echo "FAIL: $f links to $l: $target does not exist"; echo x >>"$T/bad"; continue; }
			[ -z "$frag" ] && continue
			case $target in *.md) ;; *) continue ;; esac
			anchors "$target" | grep -qx -- "$frag" ||
				{ echo "FAIL: $f links to $l: no heading of $target has the anchor #$frag"; echo x >>"$T/bad"; }
		done
done
# The tests' comments name the page, and the section in quotes, that says
# what they check: `docs/history/serve-rounds.md, "Spans proposed again
# after a realign"` (on one line or across two).  The page must exist and
# one of its headings, or a paragraph's bold title (**The control pooled
# ...**), start with the section's words: sections moved to docs/history/
# left comments naming docs/serve.md's "Re-projection".
for f in tests/cli/*.sh tests/unit/*.c tests/browser/*.py; do
	# the comments' lines joined, their markers dropped
	sed 's/^[[:space:]]*\(#\|\*\|\/\*\|\/\/\)\{0,1\}[[:space:]]*//' "$f" | tr '\n' ' ' |
		grep -o 'docs/[a-z0-9_/.-]*\(README\)\{0,1\}\.md\(, "[^"]*"\)\{0,1\}' | sort -u |
		while IFS= read -r ref; do
			page=${ref%%,*}
			[ -e "$page" ] || { echo "FAIL: $f names $page, which does not exist"; echo x >>"$T/bad"; continue; }
			case $ref in *', "'*) ;; *) continue ;; esac
			sec=${ref#*, \"}; sec=${sec%\"}
			SEC=$sec awk '/^```/ { fence = !fence; next }
				fence || !/^(#+ |\*\*)/ { next }
				{ sub(/^(#+ +|\*\*)/, "") } index($0, ENVIRON["SEC"]) == 1 { found = 1 }
				END { exit !found }' "$page" ||
				{ echo "FAIL: $f names $page, \"$sec\": no heading of it starts so"; echo x >>"$T/bad"; }
		done
done
[ -e "$T/bad" ] && fails=$(wc -l <"$T/bad")
# the anchors are what GitHub makes of these headings
printf '# `xproj db …`: the correction workflow\n## Projection quality\n# A b\n# A b\n' >"$T/h.md"
expect_eq "$(anchors "$T/h.md" | tr '\n' ' ')" "xproj-db--the-correction-workflow projection-quality a-b a-b-1 " "anchors"
finish
