# xproj score --by: partitioned mention and p-link scores, gender Bias,
# user labels; fixtures: the worked examples of tests/unit/test_partition.c
# (document gum: p-link's, gap: Bias's) in CoNLL.
. tests/cli/lib
K=$FIX/score/by.key.conll R=$FIX/score/by.response.conll

expect_status 0 $XPROJ score --metric muc --by sentence $K $R
expect_grep '^question  *100.00% (1/1)  *100.00% (1/1)  *100.00%  *50.00% (0.5/1.0)  *100.00% (0.5/0.5)  *66.67%$' $T/out
# gum's decl is owed 2 and gets 1.5; gap's four decl links all found (4.5/6 in all)
expect_grep '^declarative  *88.89% (8/9)  .*75.00% (4.5/6.0)' $T/out
expect_grep '^imperative ' $T/out
expect_status 0 $XPROJ score --json --metric muc --by gender $K $R
expect_grep '"by":{"partition":"gender","partitions":\[{"name":"masculine","mentions":{"recall":\[5,5\]' $T/out
expect_grep '"bias":{"plink":0.583333333333333,"mentions":0.666666666666667}' $T/out
expect_status 0 $XPROJ score --by gender $K $R
expect_grep '^Bias (F1 feminine / F1 masculine, GAP): p-link 0.5833, mentions 0.6667$' $T/out
expect_grep '^(in no partition: 3 key and 3 response mentions)$' $T/out
expect_status 0 $XPROJ score --by type --lang en $K $R
expect_grep '^pronoun  *85.71% (6/7)' $T/out
expect_grep '^name  *100.00% (3/3)' $T/out
expect_status 0 $XPROJ score --by document $K $R
expect_grep '^gap part 0  ' $T/out
expect_status 0 $XPROJ score --by speaker --metric mentions $K $R
expect_grep '^Ross  *80.00% (4/5)' $T/out
expect_status 0 $XPROJ score --by length --json --metric mentions $K $R
expect_grep '"name":"1-5 tokens","mentions":{"recall":\[4,4\]' $T/out

# the user's labels: a file, or a column of the key
printf 'gum\t0\t3\tlast line\ngap\t0\t0\t0\t1\tjohn\n' > $T/labels.tsv
expect_status 0 $XPROJ score --by file:$T/labels.tsv --metric mentions $K $R
expect_grep '^last line  *100.00% (1/1) .*  0.00% (0.0/0.5)' $T/out
expect_grep '^john  *100.00% (1/1)' $T/out
expect_grep '^(in no partition: 8 key and 7 response mentions)$' $T/out
expect_status 0 $XPROJ score --by column:10 --metric mentions $K $R
expect_grep '^Joey  *100.00% (5/5)' $T/out
printf 'gum\t0\tx\tL\n' > $T/bad.tsv
expect_status 1 $XPROJ score --by file:$T/bad.tsv $K $R
expect_grep 'bad.tsv:1: a document id, then a part, sentence as non-negative numbers' $T/err
expect_status 1 $XPROJ score --by column:40 $K $R
expect_grep 'by.key.conll:2: no column 40' $T/err

expect_status 2 $XPROJ score --by nope $K $R
expect_status 2 $XPROJ score --by column:0 $K $R
expect_status 2 $XPROJ score --lang en $K $R
expect_status 1 $XPROJ score --by gender --lang fa $K $R
expect_grep 'Farsi pronouns carry no gender' $T/err
expect_status 1 $XPROJ score --by type --lang ja $K $R
expect_grep "no type word lists for language 'ja' (these have them: en zh fa de fr pt es)" $T/err
# a pack with neither openers of a command nor gender words (Korean's) is
# refused, and the message names the packs that have them
expect_status 1 $XPROJ score --by sentence --lang ko $K $R
expect_grep "no sentence word lists for language 'ko' (these have them: en zh fa de fr pt)" $T/err
expect_status 1 $XPROJ score --by gender --lang ko $K $R
expect_grep "no gender word lists for language 'ko' (these have them: en zh fr pt es)" $T/err
# German: Er, sie (any case) are pronouns, "der Mann" is not
de() { printf 'de\t0\t%s\t%s\tna\tna\tna\tna\tna\tA\tna\tna\tna\t%s\n' "$@"; }
{ echo '#begin document (de); part 000'; de 0 Der '(0'; de 1 Mann '0)'; de 2 sagt -; de 3 , -; de 4 er '(0)'
  de 5 komme -; de 6 . -; echo; de 0 Sie '(1)'; de 1 lacht -; de 2 . -; echo '#end document'; } > $T/de.key.conll
{ echo '#begin document (de); part 000'; de 0 Der -; de 1 Mann '(0)'; de 2 sagt -; de 3 , -; de 4 er '(0)'
  de 5 komme -; de 6 . -; echo; de 0 Sie '(1)'; de 1 lacht -; de 2 . -; echo '#end document'; } > $T/de.resp.conll
expect_status 0 $XPROJ score --metric mentions --by type --lang de $T/de.key.conll $T/de.resp.conll
expect_grep '^by type (de)' $T/out
expect_grep '^pronoun  *100.00% (2/2)  *100.00% (2/2)' $T/out
expect_grep '^other  *0.00% (0/1)  *0.00% (0/1)' $T/out
# German has no gender lists (lang/de.c: sie is also "they" and the formal
# "you"): --by gender is refused, not a Bias that is no gender bias
expect_status 1 $XPROJ score --metric mentions --by gender --lang de $T/de.key.conll $T/de.resp.conll
expect_grep "no gender word lists for language 'de' (these have them: en zh fr pt es)" $T/err
# and by sentence: "Und stellen Sie sich das vor ." opens with a command
{ echo '#begin document (de); part 000'; de 0 Und -; de 1 stellen -; de 2 Sie '(0)'; de 3 sich -; de 4 das '(1)'
  de 5 vor -; de 6 . -; echo; de 0 Sie '(0)'; de 1 lacht -; de 2 . -; echo '#end document'; } > $T/de.s.conll
expect_status 0 $XPROJ score --metric mentions --by sentence --lang de $T/de.s.conll $T/de.s.conll
expect_grep '^imperative  *100.00% (2/2)' $T/out
expect_grep '^fragment  *100.00% (1/1)' $T/out
# Chinese by gender, on characters
expect_status 0 $XPROJ score --chars --by gender $FIX/score/words.zh.conll $FIX/score/chars.zh.conll
expect_grep '^by gender (zh)' $T/out
finish
