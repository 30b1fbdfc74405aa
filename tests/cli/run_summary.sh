# make check's last line names what it skipped: "N passed, N failed" and,
# when a suite was skipped, ", K skipped (SUITE: WHY)" on the same line, the
# one people and CI read (the browser tests' skip used to be a line above).
. tests/cli/lib
printf '#!/bin/sh\nexit 0\n' > $T/pass.sh
TEST_TIMES= BROWSER=no CLI_TESTS=$T/pass.sh XPROJ=$XPROJ sh tests/run -- >$T/out 2>&1
expect_eq "$(tail -1 $T/out)" "1 passed, 0 failed, 2 skipped (browser: BROWSER=no)" "last line with a skipped suite"
expect_grep '^  skip  workbench in headless chromium, parts 1 and 2 (BROWSER=no;' $T/out
printf '#!/bin/sh\nexit 3\n' > $T/fail.sh
TEST_TIMES= BROWSER=no CLI_TESTS="$T/pass.sh $T/fail.sh" XPROJ=$XPROJ sh tests/run -- >$T/out 2>&1
expect_eq "$?" 1 "tests/run exits 1 when a test failed"
expect_eq "$(tail -1 $T/out)" "1 passed, 1 failed, 2 skipped (browser: BROWSER=no)" "last line with a failure"
finish
