# Every example of the manual (README.md, then the pages README's command
# table links to in its order, then the other pages of docs/, in the order of
# DOC_PAGES below) whose inputs ship with xproj runs as written and prints
# what the page shows, so the manual cannot go stale.
#
# An example is a "$ COMMAND" line in a fenced block (a trailing backslash
# continues it), followed by the output shown for it.  The examples run in
# order, in one scratch directory that holds the repository's tools/ and
# tests/ (so a later example may read what an earlier one wrote), with
# `xproj` the binary under test.  The shown lines must appear in the output
# (stdout and stderr together), in the order shown, each right after the
# one shown before it in its stream (blank lines aside), and none printed
# after the last (unless the page shows no output); a line "..." stands
# for any lines, so a page leaves nothing out silently, and in a line that
# gives times (seconds, "0.4 s") the numbers may differ.  An example is left
# out when it names a file that does not ship (data in ../shared/data, a
# made-up en.conll), an UPPER-CASE placeholder, or runs a server; a file under tools/ or tests/ that does not
# exist is a failure (the README names a file that is gone).  With the shared
# data linked in (README_DATA), an example whose files still do not exist
# must say "# illustrative" in its comment: every example runs or is marked.
. tests/cli/lib
R=$(pwd)
W=$T/work
mkdir -p "$W/bin" && ln -s "$R/tools" "$R/tests" "$W/"
case $XPROJ in /*) ln -s "$XPROJ" "$W/bin/xproj" ;; *) ln -s "$R/$XPROJ" "$W/bin/xproj" ;; esac
# README_DATA=DIR (tests/data/readme.sh, `make check-data`: ../shared/data): its files are
# linked into the scratch directory under the names README gives them, so that the examples
# on MMC, mmc-tune, TV4Dialog and the gold word alignments run and are checked too
if [ -n "${README_DATA:-}" ]; then
	for f in "$README_DATA"/mmc/* "$README_DATA"/mmc-tune/* "$README_DATA"/word-alignment-gold/*; do
		ln -s "$f" "$W/"
	done
	ln -s "$README_DATA/mmc-tune" "$README_DATA/tv4dialog" "$README_DATA/tv4dialog/withSpkr" "$README_DATA/tv4dialog/xmlScript" "$W/"
fi
# the pages, in the order their examples run (a later one may read what an earlier one wrote)
DOC_PAGES="README.md docs/commands.md $(sed -n 's/^| \[`[a-z-]*`\](\(docs\/cmd\/[a-z-]*\.md\)).*/\1/p' README.md | tr '\n' ' ')"
DOC_PAGES="$DOC_PAGES docs/formats.md docs/testing.md docs/architecture.md docs/benchmarks.md docs/quality.md docs/rules.md docs/triage.md docs/nothing-lost.md"
for f in docs/cmd/*.md; do
	case " $DOC_PAGES " in *" $f "*) ;; *) echo "FAIL: $f is not in README's table of commands"; fails=$((fails + 1)) ;; esac
done
X=$T/ex
mkdir -p "$X"

# cmd.N: example N's command line; exp.N: the lines shown for it
awk -v dir="$X" '
	FNR == 1 { page = FILENAME; inblk = 0; cur = 0 }
	/^```/ { if (inblk) { inblk = 0 } else { inblk = 1; cur = 0; blk++ } next }
	!inblk { next }
	/^\$ / {
		line = substr($0, 3)
		while (line ~ /\\$/ && (getline nxt) > 0) { sub(/^[ \t]+/, "", nxt); line = substr(line, 1, length(line) - 1) " " nxt }
		cur = ++n
		print line > (dir "/cmd." n); printf "" > (dir "/exp." n); print blk > (dir "/blk." n); print page > (dir "/page." n)
		next
	}
	cur { print > (dir "/exp." cur) }
	END { print n + 0 > (dir "/count") }' $DOC_PAGES

# Does every file the command reads exist?  0 yes, 1 leave it out, 2 a shipped file is gone,
# 3 leave it out: it names an UPPER-CASE placeholder (illustrative by its look).
inputs_exist() {
	set -f
	# convert's last operand is what it writes
	out=; case $1 in 'xproj convert '*) out=${1##* } ;; esac
	# db import's store is made when missing
	case $1 in 'xproj db import '*) out=$(printf '%s' "$1" | cut -d' ' -f4) ;; esac
	prev= first= script=
	for w in $1; do
		w=$(printf '%s' "$w" | tr -d "'\"")
		# t=DIR,f=DIR (--subs): each DIR
		case $w in [a-z]=*) w=$(printf '%s' "$w" | sed 's/^[a-z]=//; s/,.*//') ;; esac
		[ -z "$first" ] && first=$w
		case $w in
		'#'*) break ;;
		'|'|'<'|'>') prev=$w; continue ;;
		-*) prev=$w; continue ;;
		esac
		case $prev in -o|--output|--map|--report|--jsonlines|--forward|--reverse|--episode-pairs|'>') prev=$w; continue ;; esac
		# sed's script: its first word that is not an option (sed -n 'SCRIPT' FILE)
		[ "$first" = sed ] && [ "$w" != sed ] && [ -z "$script" ] && { script=$w; prev=$w; continue; }
		[ "$prev" = --probs ] && [ "$first" = xproj ] && case $1 in *wordalign*) prev=$w; continue ;; esac
		prev=$w
		[ -n "$out" ] && [ "$w" = "$out" ] && continue
		if printf '%s' "$w" | grep -Eq '^[A-Z][A-Z_]*$'; then set +f; return 3; fi
		printf '%s' "$w" | grep -Eq '/|\.[A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]*$' || continue
		[ -e "$W/$w" ] && continue
		case $w in tools/*|tests/*) set +f; return 2 ;; esac
		set +f
		return 1
	done
	set +f
	return 0
}

# mask the numbers of a line that gives times, with the spaces that pad them
# (a longer time takes a space less), dates, and a run's id (random)
mask() {
	if printf '%s' "$1" | grep -Eq 'seconds|[0-9] ?m?s\b'; then printf '%s' "$1" | sed 's/ *[0-9][0-9.]*/ #/g'
	else printf '%s' "$1" | sed 's/[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]T[0-9:]*Z/DATE/g; s/, id [0-9a-f]\{8\})/, id ID)/g'; fi
}

# find LINE FILE FROM: the first line after FROM of FILE equal to LINE (masked); prints its number
find_line() {
	tail -n +$(($3 + 1)) "$2" | {
		k=$3
		while IFS= read -r line; do
			k=$((k + 1))
			[ "$(mask "$line")" = "$1" ] && { echo $k; exit 0; }
		done
		exit 1
	}
}

ran=0 left=0 skipblk=
n=$(cat "$X/count")
i=0
while [ "$i" -lt "$n" ]; do
	i=$((i + 1))
	cmd=$(cat "$X/cmd.$i")
	# once an example is left out, so are the rest of its block (they may read what it wrote)
	[ "$(cat "$X/blk.$i")" = "$skipblk" ] && { left=$((left + 1)); continue; }
	skipblk=$(cat "$X/blk.$i")
	case $cmd in xproj\ serve*|xproj\ *--help*|xproj\ *) ;; esac
	case $cmd in xproj\ serve*) left=$((left + 1)); continue ;; esac
	case $cmd in xproj\ *|cat\ *|iconv\ *|sed\ *|cmp\ *) ;; *) left=$((left + 1)); continue ;; esac
	inputs_exist "$cmd"; st=$?
	if [ $st = 2 ]; then
		echo "FAIL: $(cat "$X/page.$i") example '$cmd' names a file under tools/ or tests/ that does not exist"
		fails=$((fails + 1)); continue
	fi
	# with the shared data linked in, an example that still cannot run says so: "# illustrative"
	if [ $st = 1 ] && [ -n "${README_DATA:-}" ]; then
		case $cmd in *'#'*illustrative*) ;; *)
			echo "FAIL: $(cat "$X/page.$i") example '$cmd' cannot run on ../shared/data either: mark it '# illustrative'"
			fails=$((fails + 1)) ;;
		esac
	fi
	[ $st = 1 ] || [ $st = 3 ] && { left=$((left + 1)); [ -n "${README_VERBOSE:-}" ] && echo "left out: $cmd"; continue; }
	skipblk=
	ran=$((ran + 1))
	(cd "$W" && PATH="$W/bin:$PATH" sh -c "$cmd") >"$T/out1" 2>"$T/err1"
	# the shown lines, in order, as a subsequence of the output (each stream
	# in its order: how the two interleave on a terminal is not the program's)
	# A shown line follows the one shown before it in its stream (blank lines
	# between aside) unless a "..." line between them says lines are left out:
	# an example leaves nothing out silently.
	ko=0 ke=0 ok=1 want_line= dots=0 gap=
	while IFS= read -r want; do
		case $(printf '%s' "$want" | tr -d ' \t') in '') continue ;; ...) dots=1; continue ;; esac
		m=$(mask "$want")
		if k=$(find_line "$m" "$T/out1" $ko); then from=$ko f=$T/out1 ko=$k
		elif k=$(find_line "$m" "$T/err1" $ke); then from=$ke f=$T/err1 ke=$k
		else ok=0; want_line=$want; break; fi
		if [ $dots = 0 ] && [ $k -gt $((from + 1)) ] && [ -z "$gap" ] &&
			sed -n "$((from + 1)),$((k - 1))p" "$f" | grep -q '[^[:space:]]'; then
			gap=$want
		fi
		dots=0
	done <"$X/exp.$i"
	# and nothing after the last line shown, in either stream, unless it is "..."
	# (an example that shows no output shows none: it claims nothing)
	if [ $ok = 1 ] && [ -z "$gap" ] && [ $dots = 0 ] && [ -s "$X/exp.$i" ]; then
		if tail -n +$((ko + 1)) "$T/out1" | grep -q '[^[:space:]]'; then gap="(the end of the output)"
		elif tail -n +$((ke + 1)) "$T/err1" | grep -q '[^[:space:]]'; then gap="(the end of its stderr)"; fi
	fi
	if [ $ok = 1 ] && [ -n "$gap" ]; then
		echo "FAIL: $(cat "$X/page.$i") example: \$ $cmd"
		echo "  printed lines the page leaves out without a '...' line, before: $gap"
		echo "  printed:"; cat "$T/out1" "$T/err1" | sed 's/^/    /' | head -30
		fails=$((fails + 1))
	fi
	cat "$T/out1" "$T/err1" >"$T/got"
	if [ $ok = 0 ]; then
		echo "FAIL: $(cat "$X/page.$i") example: \$ $cmd"
		echo "  shown, but not printed (in this order): $want_line"
		echo "  printed:"; sed 's/^/    /' "$T/got" | head -30
		fails=$((fails + 1))
	fi
done
echo "manual examples ($(echo $DOC_PAGES | wc -w) pages): $ran run, $left left out (their inputs do not ship)"
least=15; [ -n "${README_DATA:-}" ] && least=40
[ "$ran" -ge $least ] || { echo "FAIL: only $ran examples of the manual ran"; fails=$((fails + 1)); }
finish
