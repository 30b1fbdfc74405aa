# score --format reference: the reference scorer's (scorer.pl v8.01) totals
# layout, which scripts parse with regular expressions (e2e-coref's below).
. tests/cli/lib
S=$FIX/score
tab=$(printf '\t')
expect_status 0 $XPROJ score --format reference $S/key.conll $S/response.conll
expect_grep '^METRIC muc:$' $T/out
expect_grep "^Identification of Mentions: Recall: (4 / 5) 80%${tab}Precision: (4 / 4) 100%${tab}F1: 88.88%\$" $T/out
expect_grep "^Coreference: Recall: (2 / 3) 66.66%${tab}Precision: (2 / 2) 100%${tab}F1: 80%\$" $T/out
expect_grep "^Coreference: Recall: (0.666666666666667 / 2) 33.33%${tab}Precision: (0.666666666666667 / 2) 33.33%${tab}F1: 33.33%\$" $T/out
expect_grep "^BLANC: Recall: (0.333333333333333 / 1) 33.33%${tab}Precision: (1 / 1) 100%${tab}F1: 50%\$" $T/out
expect_eq "$(grep -c '^--------------------------------------------------------------------------$' $T/out)" 14 "ShowRPF rules: 2 a metric, 4 for BLANC"
expect_eq "$(grep '^METRIC' $T/out | tr '\n' ' ')" "METRIC muc: METRIC bcub: METRIC ceafm: METRIC ceafe: METRIC blanc: METRIC lea: " "metrics in scorer.pl's order"
# e2e-coref's COREF_RESULTS_REGEX over one metric's output gives the
# figures the table shows (recall, precision as n/d and %, F1)
expect_status 0 $XPROJ score --format reference --metric muc $S/key.conll $S/response.conll
got=$(tr '\n' ' ' <$T/out | sed -nE "s/.*Coreference: Recall: \(([0-9.]+) \/ ([0-9.]+)\) ([0-9.]+)%${tab}Precision: \(([0-9.]+) \/ ([0-9.]+)\) ([0-9.]+)%${tab}F1: ([0-9.]+)%.*/\1 \2 \3 \4 \5 \6 \7/p")
expect_eq "$got" "2 3 66.66 2 2 100 80" "e2e-coref's regular expression"
expect_eq "$(grep -c '^METRIC' $T/out)" 1 "one metric"
# the totals only, as scorer.pl with 'none'
expect_status 2 $XPROJ score --format reference --per-doc $S/key.conll $S/response.conll
expect_grep 'prints the totals' $T/err
expect_status 2 $XPROJ score --format tabel $S/key.conll $S/response.conll
expect_grep "did you mean table" $T/err
expect_status 2 $XPROJ score --metric mucc $S/key.conll $S/response.conll
expect_grep "did you mean muc" $T/err
finish
