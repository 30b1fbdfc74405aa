# wordalign --model refuses a model of another language pair, or of the
# pair the other way round, naming PAIRS, the side and both languages; no
# output.  Before, it aligned with it, exit 0: each side normalised as the
# model's language, and the links were noise.  A model of the pair still
# aligns, also on text its script's guess calls another language.
. tests/cli/lib
P=$FIX/project
$XPROJ bitext $P/aligned.jsonl -o $T/p1.txt 2>/dev/null
for i in 1 2 3 4 5 6; do cat $T/p1.txt; done > $T/pairs.txt
awk -F' \\|\\|\\| ' '{ print $2 " ||| " $1 }' $T/pairs.txt > $T/rev.txt
sed 's/ ||| .*/ ||| من او را دیدم ./' $T/pairs.txt > $T/fa.txt
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/a.pharaoh --save-model $T/zh.gz --threads 1
expect_status 0 $XPROJ wordalign $T/rev.txt -o $T/r.pharaoh --save-model $T/rev.gz --threads 1
expect_status 0 $XPROJ wordalign $T/fa.txt -o $T/f.pharaoh --save-model $T/fa.gz --threads 1
other() {   # MODEL PAIRS PATTERN
	rm -f $T/o.pharaoh
	expect_status 1 $XPROJ wordalign $T/$2 -o $T/o.pharaoh --model $T/$1 --threads 1
	expect_grep "$3" $T/err
	[ -e $T/o.pharaoh ] && { echo "FAIL: $1 on $2: written"; fails=$((fails + 1)); }
}
other rev.gz pairs.txt "pairs.txt: its source side is in the Latin script, the model .*rev.gz was trained on zh"
other fa.gz pairs.txt "pairs.txt: its target side is in the Han script (zh), the model .*fa.gz was trained on fa"
other zh.gz fa.txt "fa.txt: its target side is in the Arabic script (fa), the model .*zh.gz was trained on zh"
other zh.gz rev.txt "rev.txt: its source side is in the Han script (zh), the model .*zh.gz was trained on en"
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/o.pharaoh --model $T/zh.gz --threads 1
# Farsi typed with the Arabic yeh and kaf (script.h reads it as Arabic) is
# still Farsi's script: a Farsi model aligns it (MMC dev's subtitles do)
sed 's/ ||| .*/ ||| كي او را ديد ./' $T/pairs.txt > $T/fa_ar.txt
expect_status 0 $XPROJ wordalign $T/fa_ar.txt -o $T/o.pharaoh --model $T/fa.gz --threads 1
finish
