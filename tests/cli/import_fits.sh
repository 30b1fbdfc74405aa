# db import refuses a report whose projected spans the aligned corpus does
# not have (a report of another aligned corpus, a document's records left
# out, a sentence cut), or whose English mentions are not the corpus's (a
# report of another version of it): the report's line and the mention,
# exit 1, no store created, an existing one unchanged.  Before, the import
# took it, exit 0, and the store's export dropped those mentions, or gave
# a mention another's projection, without a word.  Both ways
# of reading: a document at a time and whole (documents out of order).
. tests/cli/lib
for d in 0 1 2; do
	printf '#begin document (e%d); part 000\ne%d\t0\t0\tHi\t-\ne%d\t0\t1\t,\t-\ne%d\t0\t2\tJoey\t(1)\ne%d\t0\t3\t.\t-\n\ne%d\t0\t0\tJoey\t(1)\ne%d\t0\t1\tleft\t-\n\n#end document\n' \
		$d $d $d $d $d $d $d
	printf '{"doc":"e%d","part":0,"utt":0,"speaker":"","src":["Hi",",","Joey","."],"tgt_lang":"zh","tgt_text":"你好，乔伊。","tgt":["你好","，","乔伊","。"],"en_subs":[1],"tgt_subs":[1],"score":1}\n' $d >&3
	printf '{"doc":"e%d","part":0,"utt":1,"speaker":"","src":["Joey","left"],"tgt_lang":"zh","tgt_text":"乔伊走了","tgt":["乔伊","走了"],"en_subs":[2],"tgt_subs":[2],"score":1}\n' $d >&3
	echo '0-0 1-1 2-2 3-3' >&4; echo '0-0 1-1' >&4
done > $T/n.conll 3> $T/n.jsonl 4> $T/n.pharaoh
expect_status 0 $XPROJ project --source $T/n.conll --aligned $T/n.jsonl --alignments $T/n.pharaoh -o $T/p.conll \
	--report $T/r.json
expect_status 0 $XPROJ project --chars --source $T/n.conll --aligned $T/n.jsonl --alignments $T/n.pharaoh \
	-o $T/c.conll --report $T/rc.json
grep -v '"e1"' $T/n.jsonl > $T/miss.jsonl                                   # e1's records left out
sed '1 s/"你好","，","乔伊","。"/"你好","，"/' $T/n.jsonl > $T/cut.jsonl     # a sentence two tokens short
{ grep '"e2"' $T/cut.jsonl; grep -v '"e2"' $T/cut.jsonl; } > $T/whole.jsonl    # out of order: read whole

# refused A.jsonl REPORT PATTERN: no store made, and an existing one unchanged
refused() {
	expect_status 1 $XPROJ db import $T/new.db --source $T/n.conll --aligned $T/$1 --report $T/$2
	expect_grep "$3" $T/err
	[ -e $T/new.db ] && { echo "FAIL: $1: a store was created"; fails=$((fails + 1)); rm -f $T/new.db; }
	was=$(sum $T/old.db)
	expect_status 1 $XPROJ db import $T/old.db --source $T/n.conll --aligned $T/$1 --report $T/$2
	expect_eq "$(sum $T/old.db)" "$was" "$1: the existing store unchanged"
}
expect_status 0 $XPROJ db import $T/old.db --source $T/n.conll --aligned $T/n.jsonl --report $T/r.json
refused miss.jsonl r.json 'r.json:3: document e1 part 0: mention 0 is projected onto tokens 2-3 of target sentence 0, whose utterance has no record'
refused cut.jsonl r.json 'r.json:2: document e0 part 0: mention 0 is projected onto tokens 2-3 of target sentence 0, longer than'
refused whole.jsonl r.json 'r.json:2: document e0 part 0: mention 0 .* longer than'

# a corpus of another version: a mention more (the ids after it shift) or
# one fewer; the report's mentions are on other English tokens
sed 's/^e1\t0\t0\tHi\t-/e1\t0\t0\tHi\t(2)/' $T/n.conll > $T/more.conll
sed 's/^e1\t0\t2\tJoey\t(1)/e1\t0\t2\tJoey\t-/' $T/n.conll > $T/less.conll
for c in more less; do
	expect_status 1 $XPROJ db import $T/new.db --source $T/$c.conll --aligned $T/n.jsonl --report $T/r.json
	expect_grep 'r.json:3: document e1 part 0: mention 0 is on English tokens [01]:0-1 of the corpus, on English tokens 0:2-3 in the report' $T/err
	[ -e $T/new.db ] && { echo "FAIL: $c: a store was created"; fails=$((fails + 1)); rm -f $T/new.db; }
done

# the same token counts, other text: one target token (e1's second
# sentence), or one English word (e1's "Hi"), differs; read a document at a
# time and whole.  Before "text_hash" the import took them, exit 0, and
# every correction landed on other words.
sed '/"e1","part":0,"utt":1/ s/"tgt":\["乔伊"/"tgt":["钱德"/' $T/n.jsonl > $T/word.jsonl
{ grep '"e2"' $T/word.jsonl; grep -v '"e2"' $T/word.jsonl; } > $T/wordw.jsonl
cmp -s $T/word.jsonl $T/n.jsonl && { echo "FAIL: word.jsonl is n.jsonl"; fails=$((fails + 1)); }
refused word.jsonl r.json 'r.json:3: document e1 part 0: the report was projected from other text than the English and aligned corpora given'
refused wordw.jsonl r.json 'r.json:3: document e1 part 0: the report was projected from other text'
refused word.jsonl rc.json 'rc.json:3: document e1 part 0: the report was projected from other text'
sed 's/^e1\t0\t0\tHi\t-/e1\t0\t0\tYo\t-/' $T/n.conll > $T/yo.conll
expect_status 1 $XPROJ db import $T/new.db --source $T/yo.conll --aligned $T/n.jsonl --report $T/r.json
expect_grep 'r.json:3: document e1 part 0: the report was projected from other text' $T/err
[ -e $T/new.db ] && { echo "FAIL: yo.conll: a store was created"; fails=$((fails + 1)); rm -f $T/new.db; }
# the field is the only change: a report without it (written before it) is
# read as before, unchecked; one that is not 16 hex digits is refused
expect_eq "$(grep -c '"text_hash":"[0-9a-f]\{16\}",' $T/r.json)" 3 "a text_hash on every document line"
sed 's/"text_hash":"[0-9a-f]*",//' $T/r.json > $T/r3.json
expect_status 0 $XPROJ db import $T/r3.db --source $T/n.conll --aligned $T/word.jsonl --report $T/r3.json
sed '3 s/"text_hash":"[0-9a-f]*"/"text_hash":"12"/' $T/r.json > $T/rbad.json
expect_status 1 $XPROJ db import $T/new.db --source $T/n.conll --aligned $T/n.jsonl --report $T/rbad.json
expect_grep 'rbad.json:3: document e1: "text_hash" is not 16 hex digits' $T/err

# what fits still imports: the same corpus, and --chars spans (on characters)
expect_status 0 $XPROJ db import $T/ok.db --source $T/n.conll --aligned $T/n.jsonl --report $T/r.json
expect_status 0 $XPROJ db import $T/okc.db --source $T/n.conll --aligned $T/n.jsonl --report $T/rc.json
expect_status 0 $XPROJ db export $T/okc.db -o $T/okc.conll
expect_eq "$(grep -c '(1' $T/okc.conll)" 6 "--chars: every mention exported"
ls -a $T | grep -q 'xproj-' && { echo "FAIL: temporary files left:"; ls -a $T; fails=$((fails + 1)); }
finish
