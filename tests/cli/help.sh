# Every command has --help; the man page is built from the same text.
. tests/cli/lib
for c in stats convert validate score align align-eval bitext wordalign symmetrize aer check-align project db; do
	expect_status 0 $XPROJ $c --help
	expect_grep "^usage: xproj $c" $T/out
done
expect_status 0 $XPROJ --man
expect_grep '^\.TH XPROJ 1' $T/out
expect_grep '^\.SS validate' $T/out
expect_status 2 $XPROJ no-such-command
finish
