#!/bin/sh
# bench/xguard.sh — what the crossing guard (correct/cross.c) costs an edit,
# in instructions (callgrind: the process's inside xp_db_edit, and whole),
# this build against BASE's, in the same run, on the same store: the long
# scene of the browser tests (tests/browser/longscene.py: tools/sample's
# dialogue 8 times over as one document, 320 utterances, 736 mentions),
# made by BASE's pipeline (so that either build opens it; this one
# migrates its copy first, outside the count).  Each build modifies the
# same mention of its own copy: `db modify --mention KEY --span SPAN`.
# usage: BASE=OLD/build/xproj [XPROJ=build/xproj] [KEY=...] [SPAN=...] sh bench/xguard.sh
set -eu
: "${XPROJ:=build/xproj}" "${PYTHON:=/usr/bin/python3}" "${KEY:=s01e01c00x|1}" "${SPAN:=0:3:5}"
[ -n "${BASE:-}" ] || { echo "BASE=an older build's xproj, to compare with" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir $T/long
"$PYTHON" tests/browser/longscene.py $T/long 8
"$BASE" pipeline --source $T/long/long.conll --subs $T/long/en.srt --tgt-subs $T/long/zh.srt --tgt-lang zh \
	--lowercase --seed 1 -o $T/p --quiet
# Ir of one modify: inside xp_db_edit (the edit and its guard), and the whole process
ir() {
	cp $T/p/corrections.db $T/c.db
	"$1" db check $T/c.db > /dev/null 2>&1 || true   # a newer schema: migrated here, not counted
	valgrind --tool=callgrind --toggle-collect=xp_db_edit --callgrind-out-file=$T/in.cg \
		"$1" db modify $T/c.db --mention "$KEY" --span "$SPAN" > /dev/null 2>&1
	cp $T/p/corrections.db $T/c.db
	"$1" db check $T/c.db > /dev/null 2>&1 || true
	valgrind --tool=callgrind --callgrind-out-file=$T/all.cg \
		"$1" db modify $T/c.db --mention "$KEY" --span "$SPAN" > /dev/null 2>&1
	echo "$(awk '/^(summary|totals):/ {print $2; exit}' $T/in.cg) $(awk '/^(summary|totals):/ {print $2; exit}' $T/all.cg)"
}
b=$(ir "$BASE")
n=$(ir "$XPROJ")
echo "$b $n" | awk '{printf "one db modify, 736-mention document: instructions in xp_db_edit / whole process\n  base %.1f M / %.1f M\n  this %.1f M / %.1f M\n  ratio this/base %.3f / %.3f\n", $1/1e6, $2/1e6, $3/1e6, $4/1e6, $3/$1, $4/$2}'
