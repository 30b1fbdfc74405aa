# The English mentions as the word aligner's soft constraints (docs/rules.md,
# "Which links make a span"): `bitext --source --spans` writes each pair's
# mention spans (a record joining two utterances with the second's shifted),
# `wordalign --src-spans --span-factor` reads them; factor 1 is the aligner
# without them, byte for byte; spans that do not fit the pairs are refused
# with their line and nothing is written.  The pipeline writes them and
# aligns with them as the target language's pack says (no pack today: the
# Farsi gain of bench/quality.sh did not hold through the pipeline) or as
# --span-factor says, for any language.
. tests/cli/lib
printf '#begin document (d); part 000\nd\t0\t0\tThe\t(1\nd\t0\t1\tbig\t-\nd\t0\t2\thouse\t1)\nd\t0\t3\tis\t-\nd\t0\t4\there\t-\n\nd\t0\t0\tIt\t(1)|(2\nd\t0\t1\tis\t-\nd\t0\t2\tred\t2)\n\nd\t0\t0\tMy\t(3(4)\nd\t0\t1\tdog\t3)\n\nd\t0\t0\tYes\t-\n#end document\n' > $T/en.conll
{
	printf '{"doc":"d","part":0,"utt":0,"speaker":"","src":["The","big","house","is","here"],"tgt_lang":"de","tgt_text":"x","tgt":["das","grosse","haus","ist","hier"]}\n'
	printf '{"doc":"d","part":0,"utt":1,"speaker":"","src":["It","is","red","My","dog"],"src_utts":[1,2],"tgt_lang":"de","tgt_text":"x","tgt":["es","ist","rot","mein","hund"]}\n'
	printf '{"doc":"d","part":0,"utt":3,"speaker":"","src":["Yes"],"tgt_lang":"de","tgt_text":"","tgt":[]}\n'
} > $T/al.jsonl
expect_status 0 $XPROJ bitext $T/al.jsonl -o $T/p.pairs --source $T/en.conll --spans $T/p.spans
expect_eq "$(cat $T/p.spans)" "$(printf '0-2\n0-0 0-2 3-3 3-4')" "spans: inclusive, one line a pair, the joined utterance's shifted"
expect_eq "$(wc -l < $T/p.pairs)" 2 "two pairs (the record without a target has no line)"
# --spans needs --source; a source that is not the records' is refused, nothing written
expect_status 2 $XPROJ bitext $T/al.jsonl -o $T/q.pairs --spans $T/q.spans
expect_grep 'go together' $T/err
printf '#begin document (d); part 000\nd\t0\t0\tThe\t(1)\nd\t0\t1\thouse\t-\n#end document\n' > $T/other.conll
expect_status 1 $XPROJ bitext $T/al.jsonl -o $T/q.pairs --source $T/other.conll --spans $T/q.spans
expect_grep 'al.jsonl:2: .*not in the source' $T/err
[ -e $T/q.pairs ] || [ -e $T/q.spans ] && { echo "FAIL: a refused bitext wrote a file"; fails=$((fails + 1)); }

# wordalign: training pairs so that the links are not all chance
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
	printf 'the big house is here ||| das grosse haus ist hier\nit is red ||| es ist rot\nmy dog is here ||| mein hund ist hier\n'
done > $T/train.pairs
wa() { # OUT options...
	out=$1; shift
	expect_status 0 $XPROJ wordalign $T/p.pairs --train $T/train.pairs --threads 1 --seed 2 --no-names \
		-o $T/$out.pharaoh --probs $T/$out.probs "$@"
}
wa plain
wa one --src-spans $T/p.spans --span-factor 1
wa four --src-spans $T/p.spans --span-factor 4
expect_eq "$(cat $T/one.pharaoh $T/one.probs)" "$(cat $T/plain.pharaoh $T/plain.probs)" "factor 1: the links without spans"
# the posteriors move with a factor (the links may not, on pairs this clear)
[ "$(cat $T/four.probs)" != "$(cat $T/plain.probs)" ] || { echo "FAIL: factor 4 changed no posterior"; fails=$((fails + 1)); }
# the default: spans only for the languages whose pack has the trait (none
# today), which wordalign says; --span-factor X applies them to any
wa dflt --src-spans $T/p.spans
expect_eq "$(cat $T/dflt.probs)" "$(cat $T/plain.probs)" "the default: no spans for a German target"
expect_grep 'English mention spans: 0 blocks held together (factor 2); not for this target language' $T/err
wa fa --src-spans $T/p.spans --tgt-lang fa
expect_eq "$(cat $T/fa.probs)" "$(cat $T/plain.probs)" "the default: no spans for a Farsi target"
wa two --src-spans $T/p.spans --span-factor 2 --tgt-lang fa
expect_grep 'English mention spans: 3 blocks held together (factor 2)$' $T/err
[ "$(cat $T/two.probs)" != "$(cat $T/plain.probs)" ] || { echo "FAIL: Farsi at --span-factor 2 changed no posterior"; fails=$((fails + 1)); }
wa fa1 --src-spans $T/p.spans --tgt-lang fa --span-factor 1
expect_eq "$(cat $T/fa1.probs)" "$(cat $T/plain.probs)" "Farsi at factor 1: no spans"
wa fa0 --src-spans $T/p.spans --tgt-lang fa --no-spans
expect_eq "$(cat $T/fa0.probs)" "$(cat $T/plain.probs)" "Farsi with --no-spans: no spans"
# refused: a line short, a span past its pair, a bad factor; nothing written
printf '0-2\n' > $T/short.spans
expect_status 1 $XPROJ wordalign $T/p.pairs --src-spans $T/short.spans --span-factor 4 --threads 1 -o $T/x.pharaoh
expect_grep 'short.spans: the source spans have 1 lines for 2 sentence pairs' $T/err
printf '0-2\n3-5\n' > $T/past.spans
expect_status 1 $XPROJ wordalign $T/p.pairs --src-spans $T/past.spans --span-factor 4 --threads 1 -o $T/x.pharaoh
expect_grep 'past.spans:2: source span 3-5 is not within the pair' $T/err
printf '0-2\n0-x\n' > $T/garbled.spans
expect_status 1 $XPROJ wordalign $T/p.pairs --src-spans $T/garbled.spans --span-factor 4 --threads 1 -o $T/x.pharaoh
expect_grep 'garbled.spans:2' $T/err
[ -e $T/x.pharaoh ] && { echo "FAIL: a refused wordalign wrote its output"; fails=$((fails + 1)); }
expect_status 2 $XPROJ wordalign $T/p.pairs --src-spans $T/p.spans --span-factor 0 -o $T/x.pharaoh
expect_grep 'span-factor' $T/err
# the pipeline aligns with the English mentions of its bitext as the
# target's pack says or --span-factor X asks, and writes them (pairs.spans,
# as `bitext --source --spans` does) when it did: by default neither Farsi
# nor Chinese (byte for byte the run with --no-spans, no pairs.spans)
S=tools/sample
pl() { # OUT LANG options...
	out=$1 l=$2; shift 2
	expect_status 0 $XPROJ pipeline --config $S/$l.conf --threads 1 --no-db -o $T/$out "$@"
}
pl fa fa
pl fa0 fa --no-spans
for f in alignments.pharaoh alignments.probs projected.conll projected.jsonlines; do
	cmp -s $T/fa/$f $T/fa0/$f || { echo "FAIL: Farsi's default $f is not the run without spans"; fails=$((fails + 1)); }
done
[ -e $T/fa/pairs.spans ] && { echo "FAIL: pairs.spans for Farsi by default"; fails=$((fails + 1)); }
grep -q '^  aligner ' $T/fa/summary.txt && { echo "FAIL: Farsi's default: the summary says spans"; fails=$((fails + 1)); }
pl fa2 fa --span-factor 2
expect_grep '^  aligner      [1-9][0-9]* blocks of English mentions held together (factor 2;' $T/fa2/summary.txt
expect_status 0 $XPROJ bitext $T/fa2/aligned.jsonl -o $T/fa.pairs --source $S/dialogue.conll --spans $T/fa.spans
expect_eq "$(cat $T/fa2/pairs.spans)" "$(cat $T/fa.spans)" "pipeline's pairs.spans: bitext --spans's"
expect_eq "$(wc -l < $T/fa2/pairs.spans)" "$(wc -l < $T/fa2/pairs.txt)" "pairs.spans: a line per pair"
cmp -s $T/fa2/alignments.probs $T/fa/alignments.probs && { echo "FAIL: pipeline --span-factor 2 changed nothing"; fails=$((fails + 1)); }
pl fa1 fa --span-factor 1
expect_eq "$(cat $T/fa1/alignments.probs)" "$(cat $T/fa0/alignments.probs)" "--span-factor 1 is --no-spans"
pl zh zh
pl zh0 zh --no-spans
[ -e $T/zh/pairs.spans ] && { echo "FAIL: pairs.spans for Chinese, whose aligner does not use it"; fails=$((fails + 1)); }
for f in alignments.pharaoh alignments.probs projected.conll projected.jsonlines; do
	cmp -s $T/zh/$f $T/zh0/$f || { echo "FAIL: Chinese's default $f is not the run without spans"; fails=$((fails + 1)); }
done
grep -q '^  aligner ' $T/zh/summary.txt && { echo "FAIL: Chinese: the summary says spans"; fails=$((fails + 1)); }
pl zh4 zh --span-factor 4
[ -s $T/zh4/pairs.spans ] || { echo "FAIL: --span-factor 4: no pairs.spans"; fails=$((fails + 1)); }
cmp -s $T/zh4/alignments.probs $T/zh/alignments.probs && { echo "FAIL: pipeline --span-factor 4 changed nothing"; fails=$((fails + 1)); }
finish
