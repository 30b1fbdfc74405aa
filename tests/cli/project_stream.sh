# xproj project a document at a time (tools/pstream.h) against the whole
# corpus at once: the same bytes in every output, the same summary, the
# same errors; what it cannot read as the whole path does goes to it.
. tests/cli/lib
P=$FIX/project

# both: run `xproj project ARGS -o $T/NAME.{s,w}.conll --jsonlines ...
# --report ...` streamed (it must be: XPROJ_PROJECT_WHOLE=0 says when it is
# not) and whole; every output and stderr, and the exit status, must agree
both() {
	name=$1 ext=$2; shift 2
	for m in s w; do
		case $m in s) v=0;; w) v=1;; esac
		XPROJ_PROJECT_WHOLE=$v $XPROJ project "$@" -o $T/$name.$m.$ext --jsonlines $T/$name.$m.jsonl \
			--report $T/$name.$m.json >$T/$name.$m.out 2>$T/$name.$m.err
		echo $? >$T/$name.$m.rc
		grep -v 'not streamed' $T/$name.$m.err >$T/$name.$m.msg
	done
	for f in $ext jsonl json msg rc; do
		if [ -e $T/$name.s.$f ] || [ -e $T/$name.w.$f ]; then
			cmp -s $T/$name.s.$f $T/$name.w.$f || { echo "FAIL: $name: .$f differs"; diff $T/$name.s.$f $T/$name.w.$f | head; fails=$((fails + 1)); }
		fi
	done
}
streamed() {
	grep -q 'not streamed' $T/$1.s.err && { echo "FAIL: $1 was not streamed"; fails=$((fails + 1)); }
	return 0
}

both fix conll --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh --probs $P/pairs.probs
streamed fix
expect_grep '5 mentions, 3 projected' $T/fix.s.err
both chars conll --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh --chars
streamed chars
both corefud conllu --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh
streamed corefud

# several documents, a map, other seeds' alignments and gzip: the synthetic
# run of bench/synth_run.sh, its documents' ends where the files must agree
. bench/synth_run.sh
mkdir $T/syn
synth_run 600 7 $T/syn
awk '/^\{/ { match($0, /"doc":"[^"]*"/); d = substr($0, RSTART + 7, RLENGTH - 8)
	match($0, /"utt":[0-9]+/); u = substr($0, RSTART + 6, RLENGTH - 6); printf "%s\t0\t%s\n", d, u }' \
	$T/syn/aligned.jsonl > $T/syn/pairs.map
awk '{ n = split($0, l, " "); s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") "0.9"; print s }' \
	$T/syn/pairs.pharaoh > $T/syn/pairs.probs
sed 's/ 4-4$//' $T/syn/pairs.pharaoh > $T/syn/alt.pharaoh
gzip -c $T/syn/en.conll > $T/syn/en.conll.gz
both syn conll --source $T/syn/en.conll.gz --aligned $T/syn/aligned.jsonl --alignments $T/syn/pairs.pharaoh \
	--probs $T/syn/pairs.probs --map $T/syn/pairs.map --alt-alignments $T/syn/alt.pharaoh
streamed syn
expect_grep '600 mentions, 600 projected' $T/syn.s.err

# A name rendered across documents (project/consist.h) needs them all: the
# streamed run reads them twice.  "Joey" in three documents, aligned to 乔伊
# in two, unaligned in the third, where the name's rendering places it.
for d in 0 1 2; do
	printf '#begin document (e%d); part 000\ne%d\t0\t0\tHi\t-\ne%d\t0\t1\t,\t-\ne%d\t0\t2\tJoey\t(1)\ne%d\t0\t3\t.\t-\n\n#end document\n' \
		$d $d $d $d $d
	printf '{"doc":"e%d","part":0,"utt":0,"speaker":"","src":["Hi",",","Joey","."],"tgt_lang":"zh","tgt_text":"你好，乔伊。","tgt":["你好","，","乔伊","。"],"en_subs":[1],"tgt_subs":[1],"score":1}\n' $d >&3
	[ $d = 2 ] && echo '0-0 1-1 3-3' >&4 || echo '0-0 1-1 2-2 3-3' >&4
done > $T/names.conll 3> $T/names.jsonl 4> $T/names.pharaoh
both names conll --source $T/names.conll --aligned $T/names.jsonl --alignments $T/names.pharaoh
streamed names
expect_grep ' 1 consist' $T/names.s.err
expect_grep "$(printf '^e2\t0\t2\t乔伊\t')" $T/names.s.conll

# what the streamed path does not read as the whole one does is left to
# it: the same outputs.  Documents in another order than the English ones:
sort -r $T/names.jsonl > $T/rev.jsonl
awk '{ a[NR] = $0 } END { for (i = NR; i >= 1; i--) print a[i] }' $T/names.pharaoh > $T/rev.pharaoh
both rev conll --source $T/names.conll --aligned $T/rev.jsonl --alignments $T/rev.pharaoh
expect_grep 'not streamed' $T/rev.s.err
expect_grep ' 1 consist' $T/rev.w.err

# errors: the same message, status, and no output; nothing left beside it
printf '0-0\n0-9\n' > $T/bad.pharaoh
both bad conll --source $P/en.conll --aligned $P/aligned.jsonl --alignments $T/bad.pharaoh
expect_grep 'bad.pharaoh:2: link 0-9 is outside the sentence pair' $T/bad.w.err
expect_eq "$(cat $T/bad.s.rc)" 1 "a bad link: exit 1"
[ -e $T/bad.s.conll ] || [ -e $T/bad.s.json ] && { echo "FAIL: output after an error"; fails=$((fails + 1)); }
# a bad link in the last document, after the others were written
sed '$ s/.*/0-0 1-1 2-2 3-3 4-7/' $T/syn/pairs.pharaoh > $T/late.pharaoh
both late conll --source $T/syn/en.conll --aligned $T/syn/aligned.jsonl --alignments $T/late.pharaoh
expect_grep 'late.pharaoh:120: link 4-7 is outside' $T/late.w.err
[ -e $T/late.s.conll ] && { echo "FAIL: output after a late error"; fails=$((fails + 1)); }
# a document given twice; an alignment line too many; an empty projection
cat $T/names.conll $T/names.conll > $T/twice.conll
both twice conll --source $T/twice.conll --aligned $T/names.jsonl --alignments $T/names.pharaoh
expect_grep 'is there twice' $T/twice.w.err
{ cat $T/names.pharaoh; echo '0-0'; } > $T/long.pharaoh
both long conll --source $T/names.conll --aligned $T/names.jsonl --alignments $T/long.pharaoh
expect_grep 'the alignment has 4 lines' $T/long.w.err
sed 's/.*//' $T/names.pharaoh > $T/none.pharaoh
both none conll --source $T/names.conll --aligned $T/names.jsonl --alignments $T/none.pharaoh
expect_grep 'none of the 3 mentions projected' $T/none.w.err
ls -a $T | grep -q 'xproj-' && { echo "FAIL: temporary files left:"; ls -a $T; fails=$((fails + 1)); }
finish
