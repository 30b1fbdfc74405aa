# The fifteenth adversarial round (docs/history/nothing-lost-rounds.md,
# "Fifteenth round"): each check here failed on the code before it.
. tests/cli/lib
S=tools/sample

# 1. Scenes of one episode out of order in the transcript (c02x, c01x,
# c00x): the monotone utterance aligner took them as one stretch and left
# most utterances of the later scenes unaligned (15 of 40), exit 0.  Now
# each run of ascending scenes is aligned alone against the episode: the
# same lines as the file in order, its episode's pairs once.
awk '/^#begin/ { n++ } { print > "'$T'/d" n ".conll" }' $S/dialogue.conll
cat $T/d3.conll $T/d2.conll $T/d1.conll >$T/rev.conll
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt \
	--episode-pairs $T/fwd.ep -o $T/fwd.jsonl
cp $T/err $T/fwd.err
expect_status 0 $XPROJ align --transcript $T/rev.conll --subs $S/en.srt --tgt-subs $S/zh.srt \
	--episode-pairs $T/rev.ep -o $T/rev.jsonl
expect_eq "$(sort $T/rev.jsonl | cksum)" "$(sort $T/fwd.jsonl | cksum)" "scenes in reverse: the lines of the scenes in order"
expect_eq "$(cksum <$T/rev.ep)" "$(cksum <$T/fwd.ep)" "scenes in reverse: the episode's pairs once"
expect_eq "$(tail -1 $T/err)" "$(tail -1 $T/fwd.err)" "scenes in reverse: the summary of the scenes in order"
# the same through a subtitle directory (one job per episode)
mkdir $T/en $T/zh && cp $S/en.srt $T/en/S01E01.srt && cp $S/zh.srt $T/zh/S01E01.srt
expect_status 0 $XPROJ align --transcript $T/rev.conll --subs $T/en --tgt-subs $T/zh -o $T/revd.jsonl
expect_eq "$(sort $T/revd.jsonl | cksum)" "$(sort $T/fwd.jsonl | cksum)" "scenes in reverse, a directory: the lines in order"

# 2. A word aligner model of a release whose language pack normalised
# otherwise (Farsi before it took the learned `stem`): refused as "the
# target side was normalised as 'fa', the model's as 'fa' (give --tgt-lang
# fa)", naming no file; now the model, the side and the part.
awk 'BEGIN { split("cat dog house river stone tree bird road", e, " ");
	split("گربه سگ خانه رودخانه سنگ درخت پرنده جاده", f, " "); split(" ها های ی", s, " "); x = 33
	for (k = 0; k < 200; k++) { x = (x * 1103515245 + 12345) % 2147483648; n = 2 + int(x / 65536) % 4; l = ""; r = ""
		for (i = 0; i < n; i++) { x = (x * 1103515245 + 12345) % 2147483648; w = 1 + int(x / 65536) % 8
			x = (x * 1103515245 + 12345) % 2147483648; j = 1 + int(x / 65536) % 4
			l = l (i ? " " : "") e[w]; r = r " " f[w] s[j] }
		print l " |||" r } }' >$T/fa.pairs
expect_status 0 $XPROJ wordalign $T/fa.pairs --iters 4 --tgt-lang fa --save-model $T/fa.model -o $T/fa.pharaoh
# a file of that release: format version 1 (no stem method after each
# side's parts), the target's parts without `stem` (bit 11), its length
# and checksum made again
python3 - $T/fa.model $T/old.model <<'PY'
import struct, sys, zlib
b = bytearray(open(sys.argv[1], 'rb').read())
struct.pack_into('<I', b, 8, 1)
o = 8 + 4 + 8 + 4 + 4 + 4 + 4
for d in range(2):
    n, = struct.unpack_from('<I', b, o); o += 4 + n
    p, = struct.unpack_from('<I', b, o)
    if d == 1:
        struct.pack_into('<I', b, o, p & ~(1 << 11))
    o += 4
    del b[o:o + 4]
struct.pack_into('<Q', b, 12, len(b))
struct.pack_into('<I', b, len(b) - 4, zlib.crc32(bytes(b[:-4])) & 0xffffffff)
open(sys.argv[2], 'wb').write(b)
PY
expect_status 0 $XPROJ wordalign $T/fa.pairs --iters 4 --model $T/fa.model -o $T/m.pharaoh
expect_status 1 $XPROJ wordalign $T/fa.pairs --iters 4 --model $T/old.model -o $T/o.pharaoh
expect_grep "old.model: the model's target side (fa) was normalised otherwise than this xproj normalises fa (now with 'stem')" $T/err
[ ! -e $T/o.pharaoh ] || { echo "FAIL: a refused model wrote its output"; fails=$((fails + 1)); }

# 3. A file whose pairs or links are counted, named twice: `wordalign P
# --train P`, `--train a --train ./a`, a --train that is a --train-lex,
# `pipeline --train` twice (the config file's and the command line's),
# `project --alt-alignments` of --alignments itself (every link agrees
# with itself: all 92 of the sample's confidences raised): each was taken
# twice, exit 0.  Refused, nothing written; a copy is another file.
expect_status 1 $XPROJ wordalign $T/fa.pairs --iters 2 --train $T/fa.pairs -o $T/t.pharaoh
expect_grep 'PAIRS and --train name the same file' $T/err
head -n 20 $T/fa.pairs >$T/more.pairs
expect_status 1 $XPROJ wordalign $T/fa.pairs --iters 2 --train $T/more.pairs --train $T/./more.pairs -o $T/t.pharaoh
expect_grep '--train and --train name the same file' $T/err
expect_status 1 $XPROJ wordalign $T/fa.pairs --iters 2 --train $T/more.pairs --train-lex $T/more.pairs -o $T/t.pharaoh
expect_grep '--train and --train-lex name the same file' $T/err
[ ! -e $T/t.pharaoh ] || { echo "FAIL: a refused wordalign wrote its output"; fails=$((fails + 1)); }
cp $T/more.pairs $T/copy.pairs
expect_status 0 $XPROJ wordalign $T/fa.pairs --iters 2 --train $T/more.pairs --train $T/copy.pairs -o $T/t.pharaoh
{ cat $S/zh.conf; echo "train = $T/more.pairs"; } >$T/zh.conf
expect_status 1 $XPROJ pipeline --config $T/zh.conf --train $T/more.pairs -o $T/pz --quiet
expect_grep '--train and --train name the same file' $T/err
[ ! -e $T/pz ] || { echo "FAIL: a refused pipeline made its directory"; fails=$((fails + 1)); }
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/pz --quiet
pj() { $XPROJ project --source $S/dialogue.conll --aligned $T/pz/aligned.jsonl --alignments $T/pz/alignments.pharaoh \
	--map $T/pz/pairs.map -o $T/p.conll "$@"; }
expect_status 1 pj --alt-alignments $T/pz/alignments.pharaoh
expect_grep '--alignments and --alt-alignments name the same file' $T/err
expect_status 1 pj --alt-alignments $T/pz/alignments.pharaoh --alt-alignments $T/pz/./alignments.pharaoh
[ ! -e $T/p.conll ] || { echo "FAIL: a refused project wrote its output"; fails=$((fails + 1)); }

# 4. project's windows (a sentence over 1,024 tokens): a mention that runs
# past its window's core took only the target the core's links reach:
# tokens 10-700 of 1,100, linked word for word, projected onto 10-383, exit
# 0. Now onto 10-700, as in a sentence under the threshold (1,000 tokens).
long() {   # N DIR: one sentence of N tokens, linked i-i; mentions 5, 10-700, 900
	mkdir -p $2
	awk -v n=$1 -v d=$2 'BEGIN { f = d "/en.conll"; print "#begin document (d); part 000" > f
		for (i = 0; i < n; i++) {
			c = i == 10 ? "(1" : i == 700 ? "1)" : i == 5 ? "(1)" : i == 900 ? "(2)" : "-"
			printf "d\t0\t%d\tword%d\tna\tna\tna\tna\tna\tS\tna\tna\tna\t%s\n", i, i, c > f
			src = src (i ? "," : "") "\"word" i "\""; tgt = tgt (i ? "," : "") "\"kalam" i "\""
			text = text (i ? " " : "") "kalam" i; ph = ph (i ? " " : "") i "-" i }
		print "" > f; print "#end document" > f
		printf "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"speaker\":\"S\",\"src\":[%s],\"tgt_lang\":\"fa\",\"tgt_text\":\"%s\",\"tgt\":[%s],\"en_subs\":[1],\"tgt_subs\":[1],\"score\":1}\n", src, text, tgt > (d "/aligned.jsonl")
		print ph > (d "/pairs.pharaoh") }'
	expect_status 0 $XPROJ project --source $2/en.conll --aligned $2/aligned.jsonl --alignments $2/pairs.pharaoh -o $2/fa.conll
	awk -F"\t" 'NF > 3 && $NF != "-" { printf "%s%s ", $3, $NF }' $2/fa.conll
}
expect_eq "$(long 1000 $T/w1000)" "5(1) 10(1 7001) 900(2) " "a sentence of 1,000 tokens: the mentions' projections"
expect_eq "$(long 1100 $T/w1100)" "$(long 1000 $T/w1000b)" "a sentence of 1,100 tokens (windows): the same projections"

# 5. agree with one annotator named twice (`--db S --annotator a
# --annotator a`, or a, b, a) or one file twice (`agree x.conll ./x.conll`):
# an annotator compared with themselves, 100% and alpha 1.0 (a, b, a: IAA1
# 0.88 -> 0.92), exit 0.  Refused.
cp $T/pz/corrections.db $T/ag.db
expect_status 0 $XPROJ db modify $T/ag.db --mention 's01e01c00x|1' --span 0:0:1 --annotator ann1
expect_status 0 $XPROJ db delete $T/ag.db --mention 's01e01c00x|1' --annotator ann2
expect_status 0 $XPROJ agree --db $T/ag.db --annotator ann1 --annotator ann2
expect_status 2 $XPROJ agree --db $T/ag.db --annotator ann1 --annotator ann1
expect_grep "annotator 'ann1' is named twice" $T/err
expect_status 2 $XPROJ agree --db $T/ag.db --annotator ann1 --annotator ann2 --annotator ann1
expect_status 1 $XPROJ agree $FIX/agree/one.conll ./$FIX/agree/one.conll
expect_grep 'FILE and FILE name the same file' $T/err

# 6. A --config key of an option whose value is optional (`no-normalize =
# stem`): put as two arguments, getopt took --no-normalize bare (every
# part off) and "stem" as an operand, moved it to the end of argv, and the
# config's strings were freed by their old places: "wrong arguments",
# then `free(): invalid pointer`, abort (exit 134).  Now `--no-normalize=
# stem`, as the command line's; `no-normalize =` (empty) and
# `--no-normalize=` (did nothing) are refused.
{ cat $S/fa.conf; echo "no-normalize = stem"; } >$T/fa.conf
expect_status 0 $XPROJ pipeline --config $T/fa.conf -o $T/cf1 --quiet
expect_status 0 $XPROJ pipeline --config $S/fa.conf --no-normalize=stem -o $T/cf2 --quiet
expect_eq "$(cksum <$T/cf1/alignments.pharaoh)" "$(cksum <$T/cf2/alignments.pharaoh)" "no-normalize = stem: the command line's --no-normalize=stem"
{ cat $S/fa.conf; echo "no-normalize ="; } >$T/fa2.conf
expect_status 1 $XPROJ pipeline --config $T/fa2.conf -o $T/cf3 --quiet
expect_grep "fa2.conf:[0-9]*: no-normalize = needs a value" $T/err
expect_status 2 $XPROJ wordalign $T/fa.pairs --no-normalize= -o $T/t.pharaoh
expect_grep 'names no part' $T/err

finish
