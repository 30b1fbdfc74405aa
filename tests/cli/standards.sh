# The code standards a reader relies on without checking (README, "Code"),
# checked here so that a new file cannot quietly break them:
#  - each library header opens by saying what its module owns: its first
#    comment begins " * DIR/NAME.h — " (the house form), so a reader finds a
#    module's purpose where git and SQLite put it, at the top;
#  - every name a library object defines for other files carries xp_
#    (nm on the objects, not the shared library: symbols.sh checks what the
#    .so exports, but a helper shared between two files of one module is
#    invisible there and still collides with a caller's name in a static
#    link).  No allowance: align/'s aligner internals (gibbs.h,
#    namelearn.h, phraselearn.h, prior.h, wamodel.h: "internal to align/")
#    once defined 43 wa_ names; they are xp_wa_ now (their types and
#    macros keep wa_/WA_: nm sees no type);
#  - library code never prints and never exits (base/error.h): no printf,
#    puts, perror, exit, abort or std stream outside tools/ and tests/;
#  - a comment cites what exists: each xp_ (wa_) name the C files write is
#    a name of the code (or the stem of some, as XP_CC_ is), and each path
#    of the repository a comment names is a file of the tree (a rename left
#    "align/names.h" and "xp_lang_rules()" behind, pointing nowhere).
. tests/cli/lib
: "${BUILD:=build}"
LIB="base model io lang align project correct eval pipeline serve"

for d in $LIB; do
	for h in $d/*.h; do
		[ -e "$h" ] || continue
		[ "$(sed -n 1p "$h")" = "/*" ] && sed -n 2p "$h" | grep -q "^ \* $h — ." ||
			{ echo "FAIL: $h does not open with ' * $h — what the module owns'"; fails=$((fails + 1)); }
	done
done

# the global names each library object defines
n=0
for d in $LIB gen; do
	for o in $BUILD/obj/$d/*.o; do
		[ -e "$o" ] || continue
		n=$((n + 1))
		nm -g --defined-only "$o" | awk -v o="$o" 'NF == 3 { print o, $3 }'
	done
done > $T/syms
[ $n -gt 50 ] || { echo "FAIL: only $n library objects under $BUILD/obj"; fails=$((fails + 1)); }
# (names with __ are the compiler's: ASan's __odr_asan.xp_lang_de)
awk '$2 !~ /^xp_/ && $2 !~ /^__/ { print "FAIL: " $1 " defines " $2 ", which lacks xp_" }' $T/syms > $T/bad
[ -s $T/bad ] && { cat $T/bad; fails=$((fails + 1)); }

# printing and exiting, in code (comments and string literals left out:
# correct/check.c's SQL says printf('...'); the compiler strips comments)
for d in $LIB; do
	for f in $d/*.c; do
		[ -e "$f" ] || continue
		${CC:-cc} -fpreprocessed -dD -E -P "$f" 2>/dev/null | sed 's#"\([^"\\]\|\\.\)*"#""#g' |
			grep -E '(^|[^a-z_])(printf|puts|putchar|perror|exit|_Exit|abort|vprintf)[[:space:]]*\(|std(out|err)' |
			sed "s|^|FAIL: $f prints or exits: |"
	done
done > $T/prints
[ -s $T/prints ] && { cat $T/prints; fails=$((fails + 1)); }

C=$(for d in $LIB tools; do ls $d/*.[ch]; done)
for f in $C; do ${CC:-cc} -fpreprocessed -dD -E -P "$f" 2>/dev/null; done |
	grep -oE '\b(xp|wa|XP|WA)_[A-Za-z0-9_]+' | sort -u > $T/code
cat $C | grep -oE '\b(xp|wa|XP|WA)_[A-Za-z0-9_]+' | sort -u | comm -13 $T/code - | while read -r id; do
	grep -q "^$id" $T/code || echo "FAIL: $(grep -lw "$id" $C | head -1) cites $id, which the code does not have"
done > $T/cites
for f in $C; do
	grep -oE '\b(base|model|io|lang|align|project|correct|eval|pipeline|serve|tools|docs|bench|tests|scripts|workflow)/[a-z0-9_./-]*[a-z0-9_]\.(c|h|sh|md|py|pl|json)\b' "$f" |
		sort -u | while read -r p; do [ -e "$p" ] || echo "FAIL: $f names $p, which is not in the tree"; done
done >> $T/cites
[ -s $T/cites ] && { cat $T/cites; fails=$((fails + 1)); }
finish
