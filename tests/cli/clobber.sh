# No command writes over one of its inputs (the same file: device and inode,
# so also through a symbolic or hard link) or writes two outputs to one
# file: it refuses before reading anything, and the file is left as it was.
. tests/cli/lib
P=$FIX/project
S=tools/sample
cp $P/en.conll $P/aligned.jsonl $P/pairs.pharaoh $P/pairs.probs $T/
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--probs $P/pairs.probs -o $T/zh.conll --report $T/r.json 2>/dev/null
$XPROJ bitext $P/aligned.jsonl -o $T/pairs.txt --map $T/pairs.map 2>/dev/null
D=$T/c.db
$XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null
ln -s c.db $T/link.db
ln $T/en.conll $T/hard.conll
ln -s en.conll $T/soft.conll

refused_same "db export -o DB" $D $XPROJ db export $D -o $D
refused_same "db export --jsonlines DB" $D $XPROJ db export $D -o $T/x.conll --jsonlines $D
refused_same "db export -o through a link" $D $XPROJ db export $T/link.db -o $D
refused_same "db export-tasa -o DB" $D $XPROJ db export-tasa $D -o $D
refused_same "db export -o and --jsonlines one file" $T/en.conll $XPROJ db export $D -o $T/en.conll --jsonlines $T/en.conll
refused_same "db import --source DB" $D $XPROJ db import $D --source $D --aligned $T/aligned.jsonl --report $T/r.json
refused_same "db import-corrections DB DB" $D $XPROJ db import-corrections $D $D
refused_same "project -o source" $T/en.conll $XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl \
	--alignments $T/pairs.pharaoh -o $T/en.conll
refused_same "project -o a hard link to the source" $T/en.conll $XPROJ project --source $T/hard.conll \
	--aligned $T/aligned.jsonl --alignments $T/pairs.pharaoh -o $T/en.conll
refused_same "project --jsonlines aligned" $T/aligned.jsonl $XPROJ project --source $T/en.conll \
	--aligned $T/aligned.jsonl --alignments $T/pairs.pharaoh -o $T/o.conll --jsonlines $T/aligned.jsonl
refused_same "project --report alignments" $T/pairs.pharaoh $XPROJ project --source $T/en.conll \
	--aligned $T/aligned.jsonl --alignments $T/pairs.pharaoh -o $T/o.conll --report $T/pairs.pharaoh
refused_same "project -o = --report" $T/zh.conll $XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl \
	--alignments $T/pairs.pharaoh -o $T/zh.conll --report $T/zh.conll
refused_same "convert IN IN" $T/en.conll $XPROJ convert $T/en.conll $T/en.conll
refused_same "convert through a symbolic link" $T/en.conll $XPROJ convert $T/soft.conll $T/en.conll
refused_same "bitext -o input" $T/aligned.jsonl $XPROJ bitext $T/aligned.jsonl -o $T/aligned.jsonl
refused_same "bitext --map input" $T/aligned.jsonl $XPROJ bitext $T/aligned.jsonl -o $T/p.txt --map $T/aligned.jsonl
refused_same "wordalign -o input" $T/pairs.txt $XPROJ wordalign $T/pairs.txt -o $T/pairs.txt
refused_same "wordalign --probs input" $T/pairs.txt $XPROJ wordalign $T/pairs.txt -o $T/w.ph --probs $T/pairs.txt
refused_same "wordalign -o --train" $T/pairs.txt $XPROJ wordalign $T/aligned.jsonl --train $T/pairs.txt -o $T/pairs.txt
refused_same "symmetrize -o forward" $T/pairs.pharaoh $XPROJ symmetrize -o $T/pairs.pharaoh $T/pairs.pharaoh $P/pairs.pharaoh
refused_same "align -o transcript" $T/en.conll $XPROJ align --transcript $T/en.conll --subs $FIX/subs/bilingual.srt -o $T/en.conll
cp $S/dialogue.conll $T/pl-src.conll
mkdir -p $T/pl && cp $S/dialogue.conll $T/pl/projected.conll
refused_same "pipeline DIR/projected.conll as --source" $T/pl/projected.conll $XPROJ pipeline --quiet \
	--source $T/pl/projected.conll --subs $S/en.srt --tgt-subs $S/zh.srt --alignments $S/zh.pharaoh -o $T/pl

# an output that is not an input is fine, and "-" is never a clash
expect_status 0 $XPROJ convert $T/en.conll -
expect_status 0 $XPROJ db export $D -o $T/fine.conll
finish
