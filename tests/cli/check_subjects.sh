#!/bin/sh
# scripts/check-subjects on a scratch repository: subjects of at most 72
# characters (a UTF-8 one counted in characters), of the form `area: what
# changed`; the three ways to give the commits (REF, A..B, -n N); merges not
# checked; exit 1 with the offenders named, 2 on a bad ref or usage.
. tests/cli/lib
command -v git >/dev/null || { echo "skipped: no git"; exit 77; }
CS=$(pwd)/scripts/check-subjects
R=$T/repo
git init -q -b main "$R" 2>/dev/null || { git init -q "$R" && git -C "$R" checkout -q -b main; }
g() { git -C "$R" -c user.name=t -c user.email=t@t -c commit.gpgsign=false "$@"; }
commit() { g commit -q --allow-empty -m "$1"; }
commit "Initial import of everything, long ago, before the rule was made, far too long for it"
g checkout -q -b topic
# 72 characters exactly: fine; the UTF-8 one is 72 characters in 80 bytes
commit "io/subs: $(printf '%063d' 0)"
commit "lang: a name in Chinese 中文名字 counts by its characters, not its bytes, ok"
commit "db import, align: two areas"
commit "io/subs: $(printf '%064d' 0)"
commit "no area in this subject at all"
commit "db: "
commit "a sentence that has a colon: after its fifth word"
run() { (cd "$R" && sh "$CS" "$@") >$T/out 2>$T/err; echo $?; }

# since the merge base with main (the default), and with a ref named
expect_eq "$(run)" 1 "default range: exit"
sed -n 's/^  [0-9a-f]* //p' $T/out >$T/out.s
expect_grep '^scripts/check-subjects: 7 commits checked (since the merge base with main .*), 4 with a bad subject$' $T/out
expect_grep 'longer than 72 characters (73)' $T/out
expect_eq "$(grep -c 'not of the form' $T/out)" 3 "three subjects not of the form"
for ok in "io/subs: $(printf '%063d' 0)" "lang: a name in Chinese 中文名字 counts by its characters, not its bytes, ok" \
	"db import, align: two areas"; do
	grep -qxF "$ok" $T/out.s && { echo "FAIL: '$ok' named as bad:"; cat $T/out; fails=$((fails + 1)); }
done
expect_eq "$(grep -c '^  [0-9a-f]' $T/out)" 4 "four offenders named"
grep -q 'Initial import' $T/out && { echo "FAIL: a commit before the merge base was checked"; fails=$((fails + 1)); }
expect_eq "$(run main)" 1 "REF: exit"
# the last N commits; a range
expect_eq "$(run -n 2)" 1 "-n 2: exit"
expect_grep '2 commits checked (the last 2 of HEAD' $T/out
expect_eq "$(run HEAD~7..HEAD~4)" 0 "a range of good subjects: exit"
expect_grep '3 commits checked (HEAD~7..HEAD~4' $T/out
# a merge is not checked
g checkout -q main
commit "base: a fix on main"
g checkout -q topic
g merge -q --no-edit main >/dev/null
expect_eq "$(g log -1 --format=%s)" "Merge branch 'main' into topic" "the merge's subject is git's"
expect_eq "$(run HEAD~1..HEAD)" 0 "a merge and main's commit: exit"
expect_grep '1 commit checked (HEAD~1..HEAD' $T/out
expect_eq "$(run HEAD)" 0 "since the merge base with HEAD itself: exit"
expect_grep 'no commits to check' $T/out
# errors
expect_eq "$(run nosuch)" 2 "a bad ref: exit"
expect_grep 'no such ref: nosuch' $T/err
expect_eq "$(run -n x)" 2 "-n x: exit"
expect_eq "$(run a b)" 2 "two refs: exit"
finish
