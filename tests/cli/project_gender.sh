# xproj project --report: projection rates of English gendered pronouns.
# The fixture with I -> He (projected), mine -> hers (collides with He's
# span: dropped) and Really -> She (its utterance has no target text).
. tests/cli/lib
P=$FIX/project
sed 's/\tI\t/\tHe\t/; s/\tmine\t/\thers\t/; s/\tReally\t/\tShe\t/' $P/en.conll > $T/en.conll
sed 's/\["I",/["He",/; s/"mine"/"hers"/; s/\["Really"/["She"/' $P/aligned.jsonl > $T/al.jsonl
expect_status 0 $XPROJ project --source $T/en.conll --aligned $T/al.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json
expect_grep '^  English pronouns projected: masculine 1 of 1 (100.0%), feminine 0 of 2 (0.0%)$' $T/err
expect_grep '"gender":{"masculine":{"mentions":1,"projected":1,"rate":1.0,"fates":{"projected":1,' $T/r.json
expect_grep '"feminine":{"mentions":2,"projected":0,"rate":0.0,"fates":{"projected":0,"empty_target":1,"unaligned":0,"filtered":0,"out_of_range":0,"same_span":0,"collided":1}},"rate_ratio":0.0}' $T/r.json
# no gendered pronoun: rates null, no summary line
expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh2.conll --report $T/r2.json
expect_grep '"gender":{"masculine":{"mentions":0,"projected":0,"rate":null,' $T/r2.json
expect_grep '"rate_ratio":null}' $T/r2.json
if grep -q 'English pronouns' $T/err; then echo "FAIL: a gender line without gendered pronouns"; fails=$((fails + 1)); fi
finish
