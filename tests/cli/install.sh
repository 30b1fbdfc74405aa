# make install / make uninstall into a scratch DESTDIR, and a program built
# against the installed tree with pkg-config alone (tests/install/use_xproj.c).
. tests/cli/lib
: "${BUILD:=build}"
# staged in DESTDIR, then moved to its PREFIX as a package manager would
S=$T/stage
P=$T/prefix
# the build under test, as `make check` was given it (SAN, CC and B on its
# command line reach us in the environment): `make check SAN=1 CC=clang
# B=build/csan` installs that build, and links to it with clang's runtime
san="B=$BUILD"
[ "${SAN:-}" = 1 ] || [ "$BUILD" = build/san ] && san="$san SAN=1"
[ -n "${CC:-}" ] && san="$san CC=$CC"
# a make of its own: not the jobserver of the `make check` that runs us
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory "$@" $san; }
expect_status 0 mk install DESTDIR=$S PREFIX=$P
[ ! -e "$P" ] || { echo "FAIL: install wrote outside DESTDIR"; fails=$((fails + 1)); }
mkdir -p "$(dirname "$P")" && mv "$S$P" "$P"
D=

# what is installed: the binary, both libraries, xproj.pc, the man page and
# the public headers; no internal header
for f in bin/xproj lib/libxproj.a lib/libxproj.so.0 lib/libxproj.so lib/pkgconfig/xproj.pc share/man/man1/xproj.1 \
	include/xproj/xproj.h include/xproj/base/error.h include/xproj/correct/db.h include/xproj/base/version.h; do
	[ -e "$D$P/$f" ] || { echo "FAIL: $P/$f not installed"; fails=$((fails + 1)); }
done
for f in correct/store.h base/failpoint.h eval/metrics.h project/collide.h align/gibbs.h; do
	[ ! -e "$D$P/include/xproj/$f" ] || { echo "FAIL: internal header $f installed"; fails=$((fails + 1)); }
done
expect_eq "$(readelf -d "$D$P/lib/libxproj.so.0" | sed -n 's/.*soname: \[\(.*\)\]/\1/p')" libxproj.so.0 soname
expect_eq "$(nm -D --defined-only "$D$P/lib/libxproj.so.0" | awk '$3 !~ /^xp_/' | head -3)" "" "exported names that are not xp_"

# every public header: includes only public headers (relative, inside the
# tree) and standard C headers, and compiles on its own with nothing but the
# include directory (no dependency's headers)
inc=$D$P/include
for h in $(cd "$inc" && find xproj -name '*.h' | sort); do
	for s in $(sed -n 's/^#include <\([^>]*\)>.*/\1/p' "$inc/$h"); do
		case $s in std*.h|string.h|limits.h) ;; *) echo "FAIL: $h includes <$s>"; fails=$((fails + 1)) ;; esac
	done
	for q in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$inc/$h"); do
		[ -e "$(dirname "$inc/$h")/$q" ] || { echo "FAIL: $h includes \"$q\", which is not installed"; fails=$((fails + 1)); }
	done
	echo "#include <$h>" | cc -std=c17 -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$inc" -x c - 2>"$T/err" ||
		{ echo "FAIL: <$h> does not compile alone:"; head -5 "$T/err"; fails=$((fails + 1)); }
done

# the umbrella is usable from C++ too (extern "C"; build-essential brings c++)
if command -v c++ >/dev/null 2>&1; then
	echo '#include <xproj/xproj.h>' | c++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I"$inc" -x c++ - 2>"$T/err" ||
		{ echo "FAIL: <xproj/xproj.h> does not compile as C++:"; head -5 "$T/err"; fails=$((fails + 1)); }
fi

# a program built with pkg-config only (under SAN=1 also with the sanitizers
# the library was built with), linked to the shared library
pc() { PKG_CONFIG_PATH=$P/lib/pkgconfig pkg-config "$@"; }
expect_eq "$(pc --modversion xproj)" "$($XPROJ --version | sed 's/^xproj //')" "pkg-config --modversion"
sanflags=
case $san in *SAN=1*) sanflags="-fsanitize=address,undefined -fno-omit-frame-pointer" ;; esac
expect_status 0 sh -c "${CC:-cc} -std=c17 -Wall -Wextra -Werror $sanflags -o $T/use tests/install/use_xproj.c \$(PKG_CONFIG_PATH=$P/lib/pkgconfig pkg-config --cflags --libs xproj)"
readelf -d "$T/use" | grep -q 'NEEDED.*libxproj\.so\.0' || { echo "FAIL: use_xproj is not linked to libxproj.so.0"; fails=$((fails + 1)); }
expect_status 0 env LD_LIBRARY_PATH=$D$P/lib "$T/use" $FIX/score/key.conll
$XPROJ stats --json $FIX/score/key.conll >"$T/stats"
want_docs=$(sed 's/.*"documents":\([0-9]*\).*/\1/' "$T/stats")
want_ment=$(sed 's/.*"mentions":\([0-9]*\).*/\1/' "$T/stats")
want_clus=$(sed 's/.*"clusters":\([0-9]*\).*/\1/' "$T/stats")
expect_grep "^version $(pc --modversion xproj)\$" $T/out
expect_grep "^documents $want_docs, mentions $want_ment, clusters $want_clus\$" $T/out
expect_grep '^self CoNLL F1 100.00$' $T/out
expect_grep '^missing file: not found$' $T/out
expect_grep '^malformed file: bad input (line 2)$' $T/out
# the installed command runs with its man page beside it
expect_status 0 "$D$P/bin/xproj" --version
expect_grep '^\.TH XPROJ 1' "$D$P/share/man/man1/xproj.1"

# uninstall leaves no file behind, from its PREFIX or a DESTDIR
expect_status 0 mk uninstall PREFIX=$P
expect_eq "$(find "$P" -type f -o -type l)" "" "files left after make uninstall"
expect_status 0 mk install DESTDIR=$S PREFIX=/usr/local
expect_status 0 mk uninstall DESTDIR=$S PREFIX=/usr/local
expect_eq "$(find "$S" -type f -o -type l)" "" "files left after make uninstall DESTDIR=..."
finish
