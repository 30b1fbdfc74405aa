# The figures of README.md's headline table and of docs/'s generated tables
# are what the committed bench/results/*.json make (scripts/bench-tables,
# `make bench-docs`, bench/tables.spec): a table edited by hand, or a result
# re-measured without `make bench-docs`, fails here.  Every row names
# results and figures that exist, and the generator refuses a row that names
# none or a missing one, leaving the pages as they were.
. tests/cli/lib
command -v python3 >/dev/null || { echo "skipped: no python3"; exit 77; }

# pages: the files bench/tables.spec writes, and docs/benchmarks.md
pages="docs/benchmarks.md $(sed -n 's/^table: [^ ]* in //p' bench/tables.spec | sort -u)"
copy() {   # copy DIR: the pages into DIR
	for f in $pages; do mkdir -p $1/$(dirname $f); cp $f $1/$f; done
}

# the committed tables, made again into a copy: the same bytes
copy $T/r
expect_status 0 python3 scripts/bench-tables --root $T/r
for f in $pages; do
	if ! cmp -s $f $T/r/$f; then
		echo "FAIL: $f is not what bench/results/*.json make (run \`make bench-docs\` and commit):"
		diff $f $T/r/$f | head -20; fails=$((fails + 1))
	fi
done
expect_status 0 python3 scripts/bench-tables --check

# every result a row names exists, with the figure named (one python3 for
# all 250 references: a call each cost minutes where python3 starts slowly)
grep '^figure:' bench/tables.spec | grep -o '{[^{}]*}' | sed 's/^{//; s/}$//; s/ *|.*//' | sort -u |
	python3 -c 'import json, os, sys
bad = 0
for ref in sys.stdin.read().splitlines():
    r, k = ref.split("/", 1)
    p = "bench/results/%s.json" % r
    if not os.path.isfile(p):
        print("FAIL: bench/tables.spec names %s: no %s" % (r, p)); bad = 1; continue
    if not any(f["key"] == k for f in json.load(open(p))["figures"]):
        print("FAIL: no figure \"%s\" in %s" % (k, p)); bad = 1
sys.exit(bad)' || fails=$((fails + 1))
# README.md: the headline table, one line per row of the spec
n=$(sed -n '/^table: headline in/,/^table:/p' bench/tables.spec | grep -c '^row:')
expect_eq "$(sed -n '/bench:headline begin/,/bench:headline end/p' README.md | grep '^| ' | grep -vc '^| what | figure')" "$n" \
	"headline rows in README.md"

# a stale table: one figure edited by hand; --check fails, a run mends it
copy $T/s
sed 's/^\(| projection, mmc-tune mention F1[^|]*| Chinese \*\*\)[0-9.]*/\199.99/' README.md > $T/s/README.md
expect_eq "$(cmp -s README.md $T/s/README.md && echo same)" "" "the edit made"
expect_status 1 python3 scripts/bench-tables --check --root $T/s
expect_grep "README.md is not what.*make bench-docs" $T/err
expect_status 0 python3 scripts/bench-tables --root $T/s
expect_eq "$(cmp -s README.md $T/s/README.md && echo same)" same "README.md mended by a run"

# a result re-measured, the pages not made again: stale
mkdir $T/res; cp bench/results/*.json $T/res/
python3 -c 'import json, sys
p = sys.argv[1]; j = json.load(open(p))
for f in j["figures"]:
    if f["key"] == "zh: mention F1": f["value"] = 12.34
json.dump(j, open(p, "w"))' $T/res/quality.json
expect_status 1 env RESULTS=$T/res python3 scripts/bench-tables --check
expect_status 0 env RESULTS=$T/res python3 scripts/bench-tables --root $T/s
expect_grep 'Chinese \*\*12.34\*\*' $T/s/README.md
expect_grep '^| Chinese, xproj | \*\*12.34 / ' $T/s/docs/quality.md

# a row naming a missing result or figure, or none: refused with the spec's
# line, every page left as it was
# (README.md's copy stale, so that a run would write it)
copy $T/u; cp $T/s/README.md $T/u/README.md
sed -i 's/^| German, pack `de` | \*\*[0-9.]*/| German, pack `de` | **1.00/' $T/u/docs/quality.md
s=$(sum $T/u/README.md $T/u/docs/quality.md)
refused() { # NAME SPEC-TEXT MESSAGE: the spec refused (exit 2) with MESSAGE
	printf "$2" > $T/$1
	expect_status 2 env TABLES=$T/$1 python3 scripts/bench-tables --root $T/u
	expect_grep "$3" $T/err
}
head='table: headline in README.md\ncolumns: what | figure | command\n\nrow: a\n'
refused spec1 "${head}figure: {nosuch/x}\n" "spec1:4: no result"
refused spec2 "${head}figure: {quality/no such}\n" 'spec2:4: no figure "no such"'
refused spec3 "${head}figure: 81.45 by hand\n" "names no result"
refused spec4 'table: headline in README.md\ncolumns: what | x | y | command\n\nrow: a\nfigure: {quality/zh: mention F1}\n' \
	"has 3 column(s), the table 4"
expect_eq "$(sum $T/u/README.md $T/u/docs/quality.md)" "$s" "pages left as they were"
# README.md without the markers
grep -v 'bench:headline' README.md > $T/u/README.md; s=$(sum $T/u/README.md $T/u/docs/quality.md)
expect_status 2 python3 scripts/bench-tables --root $T/u
expect_grep 'no "<!-- bench:headline begin -->"' $T/err
expect_eq "$(sum $T/u/README.md $T/u/docs/quality.md)" "$s" "pages left as they were"
finish
