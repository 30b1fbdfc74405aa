# xproj project on the fixtures: outputs, the report, errors.
. tests/cli/lib
P=$FIX/project

expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --jsonlines $T/zh.jsonl --report $T/r.json
expect_grep '5 mentions, 3 projected (60.0%); null: 1 empty target, 0 unaligned' $T/err
expect_grep '^{"mentions":5,"projected":3,"null":{"empty_target":1,"unaligned":0,"filtered":0,"out_of_range":0},"clusters":2,"collisions":1,"prodrop_recovered":0,' $T/r.json
expect_grep '"tgt_to_en":\[0,1\]' $T/r.json
expect_grep 'language rules changed: 0 spans by ignoring articles, 0 Chinese pronouns, 0 Chinese possessives, 0 free pronouns, 0 pronouns moved to a free one, 0 Chinese pronouns dropped, 0 Chinese demonstratives taken, 0 Chinese interrogatives taken$' $T/err   # the Chinese pack's rules only
expect_grep '"language_rules":{"articles":0,"zh_pronoun":0,"fa_attach":0,"zh_possessive":0,"free_pronoun":0,"fa_clitic":0,"fa_verb":0,"pronoun_move":0,"pronoun_drop":0,"fa_light_verb":0,"fa_possessive":0,"fa_verb_move":0,"fa_case":0,"fa_homograph":0,"fa_verb_final":0,"zh_demonstrative":0,"zh_interrogative":0,"fa_demonstrative":0}' $T/r.json
expect_grep '"language_rules":{"articles":false,"zh_pronoun":true,"fa_attach":true,"zh_possessive":true,"free_pronoun":true,"fa_clitic":true,"fa_verb":true,"pronoun_move":true,"pronoun_drop":true,"fa_light_verb":true,"fa_possessive":true,"fa_verb_move":true,"fa_case":true,"fa_homograph":true,"fa_verb_final":true,"zh_demonstrative":true,"zh_interrogative":true,"fa_demonstrative":true}' $T/r.json
# --skip-articles: "the" -> 那辆 no longer widens "the big red car" (target zh;
# the classifier rule of np.h would take 那辆 back as the phrase's demonstrative)
expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--skip-articles --no-zh-pronouns --no-fa-attach --no-np zh_classifier -o $T/a.conll --report $T/a.json
expect_grep 'language rules changed: 1 spans by ignoring articles' $T/err
expect_grep "$(printf '^d\t0\t4\t红色\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(2$')" $T/a.conll
expect_grep '"fate":"collided","conf":' $T/r.json
expect_eq "$(grep -c '^d' $T/zh.conll)" 13 "token lines: 9 + 4, 'Really ?' left out"
expect_grep "$(printf '^d\t0\t3\t那辆\tna\tna\tna\tna\tna\t-\tna\tna\tna\t(2$')" $T/zh.conll
expect_grep '"mention_ids":\[\[' $T/zh.jsonl
expect_grep '"confidence":\[\[' $T/zh.jsonl

# the same through --chars: spans counted in characters
expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh --chars -o $T/c.conll
expect_eq "$(grep -c '^d' $T/c.conll)" 17 "character lines"

# an alignment that does not fit its sentence pair names the file and line
printf '0-0\n0-9\n' > $T/bad.pharaoh
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $T/bad.pharaoh -o $T/x.conll
expect_grep 'bad.pharaoh:2: link 0-9 is outside the sentence pair (4 source, 4 target tokens)' $T/err
[ -e $T/x.conll ] && { echo "FAIL: output after an error"; fails=$((fails + 1)); }
printf '0-0\n' > $T/short.pharaoh
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $T/short.pharaoh -o $T/x.conll
expect_grep 'the alignment has 1 lines, the aligned corpus 2 sentence pairs' $T/err
expect_status 2 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh --rule widest -o $T/x.conll
# an aligned corpus of other documents is an error, not a run of zeros
sed 's/"doc":"d"/"doc":"S01E01"/' $P/aligned.jsonl > $T/other.jsonl
expect_status 1 $XPROJ project --source $P/en.conll --aligned $T/other.jsonl --alignments $P/pairs.pharaoh -o $T/x.conll
expect_grep "no utterance of the source's documents" $T/err
# the same utterance twice in the aligned corpus is an error, not a shifted
# lookup, said at its line (a blank line before it, which the reader skips:
# not its record's number, 4)
(cat $P/aligned.jsonl; echo; head -1 $P/aligned.jsonl) > $T/dup.jsonl
(cat $P/pairs.pharaoh; head -1 $P/pairs.pharaoh) > $T/dup.pharaoh
expect_status 1 $XPROJ project --source $P/en.conll --aligned $T/dup.jsonl --alignments $T/dup.pharaoh -o $T/x.conll
expect_grep "^xproj project: $T/dup.jsonl:5: utterance d part 0 #0 is in the aligned corpus twice (first at line 1)$" $T/err
# English mentions of one cluster that cross (a jsonlines source), projected
# one word to one: the CoNLL output would read them back as other spans
# (0-2 and 1-1).  The projection keeps one (the more confident, here the
# first) and counts the other a collision (project/collide.c uncross);
# before, both were written, exit 0, and read back as 0-2 and 1-1
echo '{"doc_key":"x_0","sentences":[["a","b","c","d"]],"speakers":[["S","S","S","S"]],"clusters":[[[0,1],[1,2]]]}' > $T/pc.jsonlines
echo '{"doc":"x","part":0,"utt":0,"speaker":"S","src":["a","b","c","d"],"tgt_lang":"fr","tgt_text":"w x y z","tgt":["w","x","y","z"],"score":1.0}' > $T/pc.jsonl
echo "0-0 1-1 2-2 3-3" > $T/pc.pharaoh
expect_status 0 $XPROJ project --source $T/pc.jsonlines --aligned $T/pc.jsonl --alignments $T/pc.pharaoh \
	-o $T/pc.conll --report $T/pc.report.json
expect_grep "1 collisions (1 dropped" $T/err
printf '(0\n0)\n-\n-\n' > $T/pc.want
awk 'NF > 1 && !/^#/ { print $NF }' $T/pc.conll | cmp -s - $T/pc.want || { echo "FAIL: crossing: not the first mention alone"; fails=$((fails + 1)); }
[ "$(grep -c '"fate":"collided"' $T/pc.report.json)" = 1 ] || { echo "FAIL: crossing: no collided mention in the report"; fails=$((fails + 1)); }
# the same crossing pair given to convert (a corpus, not a projection) is refused
expect_status 1 $XPROJ convert $T/pc.jsonlines $T/pc2.conll
expect_grep "mentions 0-1 and 1-2 of cluster 0 cross" $T/err
# an aligned corpus with a target token that is empty or holds a tab (made
# by hand or another tool; no tokenizer makes one): the target's CoNLL
# cannot hold it.  Before, project and db export wrote an empty column or
# '_' for the tab, exit 0, nothing said (convert says it of its own input)
for tok in '""' '"li\\tvre"'; do
	sed "1s/\"tgt\":\[\"\([^\"]*\)\"/\"tgt\":[$tok/" $P/aligned.jsonl > $T/badtok.jsonl
	expect_status 1 $XPROJ project --source $P/en.conll --aligned $T/badtok.jsonl --alignments $P/pairs.pharaoh -o $T/badtok.conll
	expect_grep 'badtok.jsonl:1: a "tgt" token is empty or holds a tab or line break' $T/err
	expect_status 1 $XPROJ db import $T/badtok.db --source $P/en.conll --aligned $T/badtok.jsonl --report $T/r.json
	expect_grep 'badtok.jsonl:1: a "tgt" token is empty' $T/err
done
finish
