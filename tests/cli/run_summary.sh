# make check's last line names what it skipped: "N passed, N failed" and,
# when a suite was skipped, ", K skipped (SUITE: WHY)" on the same line, the
# one people and CI read (the browser tests' skip used to be a line above).
# The static analysis's suite: its line, a new finding failing it, LINT=no.
. tests/cli/lib
printf '#!/bin/sh\nexit 0\n' > $T/pass.sh
TEST_TIMES= BROWSER=no CLI_TESTS=$T/pass.sh XPROJ=$XPROJ sh tests/run -- >$T/out 2>&1
expect_eq "$(tail -1 $T/out)" "1 passed, 0 failed, 2 skipped (browser: BROWSER=no)" "last line with a skipped suite"
expect_grep '^  skip  workbench in headless chromium, parts 1 and 2 (BROWSER=no;' $T/out
printf '#!/bin/sh\nexit 3\n' > $T/fail.sh
TEST_TIMES= BROWSER=no CLI_TESTS="$T/pass.sh $T/fail.sh" XPROJ=$XPROJ sh tests/run -- >$T/out 2>&1
expect_eq "$?" 1 "tests/run exits 1 when a test failed"
expect_eq "$(tail -1 $T/out)" "1 passed, 1 failed, 2 skipped (browser: BROWSER=no)" "last line with a failure"

# The static analysis as a suite (make check gives LINT_SRC): a clean file
# passes; a NULL dereference after an unchecked malloc is a new finding,
# which fails the suite and names it; LINT=no leaves the suite out.
mkdir $T/src
printf '#include <stdlib.h>\nint *one(void) { int *p = malloc(sizeof *p); if (p) *p = 1; return p; }\n' >$T/src/clean.c
printf '#include <stdlib.h>\nint *one(void) { int *p = malloc(sizeof *p); *p = 1; return p; }\n' >$T/src/bad.c
lint_run() { # LINT SOURCES
	TEST_TIMES= BROWSER=no CLI_TESTS=$T/pass.sh XPROJ=$XPROJ BUILD=$T/b LINT=$1 LINT_SRC=$2 LINT_CFLAGS='-O2 -std=c17' \
		sh tests/run -- >$T/out 2>&1
}
if command -v gcc >/dev/null && command -v cppcheck >/dev/null; then
	lint_run auto $T/src/clean.c
	expect_eq "$?" 0 "tests/run with the analysis of a clean file"
	expect_grep '^  ok    scripts/lint, gcc -fanalyzer and cppcheck (1 files, 0 distinct findings, 0 new)$' $T/out
	expect_eq "$(tail -1 $T/out)" "2 passed, 0 failed, 2 skipped (browser: BROWSER=no)" "last line with the analysis"
	lint_run auto "$T/src/clean.c $T/src/bad.c"
	expect_eq "$?" 1 "tests/run exits 1 on a new finding"
	expect_grep '^  FAIL  scripts/lint, gcc -fanalyzer and cppcheck (2 files, [1-9][0-9]* distinct findings, [1-9][0-9]* new)$' $T/out
	expect_grep "gcc $T/src/bad.c 'one': dereference of possibly-NULL 'p'" $T/out
	expect_eq "$(tail -1 $T/out)" "1 passed, 1 failed, 2 skipped (browser: BROWSER=no)" "last line with a new finding"
else
	lint_run auto $T/src/clean.c
	expect_eq "$?" 0 "tests/run with the analysis skipped"
	expect_grep '^  skip  scripts/lint: .*(apt-get install ' $T/out
	lint_run yes $T/src/clean.c
	expect_eq "$?" 1 "LINT=yes without the tools fails"
	expect_grep 'scripts/lint: [a-z]* not found (apt-get install ' $T/out
fi
lint_run no $T/src/bad.c
expect_eq "$?" 0 "LINT=no: no analysis"
expect_eq "$(tail -1 $T/out)" "1 passed, 0 failed, 2 skipped (browser: BROWSER=no)" "last line with LINT=no"
grep -q 'static analysis' $T/out && { echo "FAIL: LINT=no ran the analysis"; fails=$((fails + 1)); }
finish
