# The reference scorer's test cases: every metric row of expected.tsv.
"$BUILD/tests/scorer_cases" "$DATA/coref-scorer-cases"
