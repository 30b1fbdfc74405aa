# The shared library exports exactly the functions and objects the public
# headers (the Makefile's PUBLIC_HEADERS) declare: none is missing (declared
# and never defined), none is extra (a name of the library's own, which
# would become API by accident).  scripts/public-symbols reads the headers;
# the Makefile's version script is built from the same list.
. tests/cli/lib
: "${BUILD:=build}"
so=$BUILD/libxproj.so.0
[ -e "$so" ] || { echo "FAIL: no $so"; exit 1; }
H=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -p -n all 2>/dev/null | sed -n 's/^PUBLIC_HEADERS := //p' | head -1)
[ -n "$H" ] || { echo "FAIL: no PUBLIC_HEADERS in the Makefile"; exit 1; }
sh scripts/public-symbols $H > $T/declared
nm -D --defined-only "$so" | awk '$3 ~ /^xp_/ { print $3 }' | sort -u > $T/exported
for s in xp_project xp_read_corpus xp_proj_rules xp_db_open xp_wordalign xp_score_corpus; do
	grep -qx "$s" $T/declared || { echo "FAIL: $s not found among the declared names"; fails=$((fails + 1)); }
done
comm -23 $T/declared $T/exported > $T/missing
comm -13 $T/declared $T/exported > $T/extra
[ -s $T/missing ] && { echo "FAIL: declared in a public header, not exported:"; cat $T/missing; fails=$((fails + 1)); }
[ -s $T/extra ] && { echo "FAIL: exported, declared in no public header:"; cat $T/extra; fails=$((fails + 1)); }
expect_eq "$(nm -D --defined-only "$so" | awk '$3 !~ /^xp_/ && $2 ~ /[TDRBV]/ { print $3 }' | head -3)" "" \
	"exported names that are not xp_"
finish
