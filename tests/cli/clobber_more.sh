# The write paths clobber.sh and clobber_newer.sh leave out, each refused
# before anything is read (exit 1, 'same file', the file as it was): the
# aligner's other outputs over its inputs, the store's import and merge
# through a hard link, and a pipeline input inside its output directory
# under the name of one of its outputs.
. tests/cli/lib
P=$FIX/project
S=tools/sample
$XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh -o $T/zh.conll --report $T/r.json 2>/dev/null
$XPROJ bitext $P/aligned.jsonl -o $T/pairs.txt 2>/dev/null
cp $T/pairs.txt $T/p6.txt; cp $T/pairs.txt $T/tr.txt; echo 0-0 > $T/w.ph
cp $P/aligned.jsonl $P/en.conll $T/
D=$T/c.db
$XPROJ db import $D --source $P/en.conll --aligned $P/aligned.jsonl --report $T/r.json >/dev/null
ln $D $T/hard.db
refused_same "wordalign --names PAIRS" $T/p6.txt $XPROJ wordalign $T/p6.txt -o $T/w.ph --names $T/p6.txt
refused_same "wordalign --forward --train" $T/tr.txt $XPROJ wordalign $T/p6.txt --train $T/tr.txt -o $T/w.ph --forward $T/tr.txt
refused_same "wordalign --reverse -o" $T/w.ph $XPROJ wordalign $T/p6.txt -o $T/w.ph --reverse $T/w.ph
refused_same "db import --report DB" $D $XPROJ db import $D --source $T/en.conll --aligned $T/aligned.jsonl --report $D
refused_same "db import --aligned DB (hard link)" $D $XPROJ db import $D --source $T/en.conll --aligned $T/hard.db --report $T/r.json
refused_same "db import-corrections DB hard link" $D $XPROJ db import-corrections $D $T/hard.db
refused_same "db merge OUT hard link IN" $D $XPROJ db merge $T/hard.db $T/c.db
refused_same "db export -o a hard link to DB" $D $XPROJ db export $D -o $T/hard.db
mkdir -p $T/pl; $XPROJ pipeline --quiet --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/pl >/dev/null 2>&1
refused_same "pipeline --alignments DIR/alignments.pharaoh" $T/pl/alignments.pharaoh $XPROJ pipeline --quiet --config $S/zh.conf --alignments $T/pl/alignments.pharaoh -o $T/pl
refused_same "pipeline --subs DIR/pairs.txt" $T/pl/pairs.txt $XPROJ pipeline --quiet --config $S/zh.conf --alignments $S/zh.pharaoh --subs $T/pl/pairs.txt -o $T/pl
cp $S/zh.srt $T/pl/summary.txt
refused_same "pipeline --tgt-subs DIR/summary.txt" $T/pl/summary.txt $XPROJ pipeline --quiet --config $S/zh.conf --alignments $S/zh.pharaoh --tgt-subs $T/pl/summary.txt -o $T/pl
refused_same "symmetrize -o reverse" $T/w.ph $XPROJ symmetrize -o $T/w.ph $P/pairs.pharaoh $T/w.ph
finish
