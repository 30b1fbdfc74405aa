# Inputs that once hit undefined behaviour that release builds hide; the
# outcome is checked here, the UB itself under `make check SAN=1` (qsort with
# NULL is reported by GCC's and clang's UBSan; NULL + 0 by clang's only, which
# is why `make fuzz` replays tests/fixtures/project/no-mentions.txt first).
. tests/cli/lib
P=$FIX/project

# a document without mentions: NULL + 0 in project/project.c
sed '/^d/s/[-(0-9)]*$/-/' $P/en.conll > $T/none.conll
expect_status 0 $XPROJ project --source $T/none.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	-o $T/zh.conll --report $T/r.json
expect_grep '0 mentions, 0 projected' $T/err
expect_grep '#begin document (d); part 000' $T/zh.conll

# a first utterance with no word (its token bag empty): qsort(NULL, 0) in align/norm.c
printf 'doc\tutt\tspeaker\ttext\nep1\t1\tRoss\t...\nep1\t2\tRachel\tHi, everybody.\n' > $T/t.tsv
printf '1\n00:00:01,000 --> 00:00:02,000\n...\n\n2\n00:00:03,000 --> 00:00:04,000\nHi, everybody.\n' > $T/s.srt
expect_status 0 $XPROJ align --transcript $T/t.tsv --subs $T/s.srt -o $T/a.jsonl
expect_grep '"Hi"' $T/a.jsonl

# an empty transcript directory: qsort(NULL, 0) in align/batch.c (cppcheck, `make lint`)
mkdir $T/tr $T/subs
expect_status 1 $XPROJ align --transcript $T/tr --subs $T/subs -o $T/b.jsonl
expect_grep 'no utterances' $T/err

# an episode map with an empty subtitle directory: qsort(NULL, 0) in
# io/archive.c's listing of it (cppcheck, `make lint`); the episode's
# utterances get an empty target
mkdir $T/en1 $T/none
cp tools/sample/en.srt $T/en1/S01E01.srt
printf 'S01E01.srt\tS01E01\n' > $T/map.tsv
expect_status 0 $XPROJ align --transcript tools/sample/dialogue.conll --subs $T/en1 --tgt-subs $T/none \
	--episodes $T/map.tsv -o $T/c.jsonl
expect_grep '1 episode(s) (0 without subtitles), 40 utterances, 40 aligned (100.0%), 40 with an empty target' $T/err
finish
