# What align and pipeline say about the episodes they read: an episode whose
# scenes are not consecutive in the transcript is one episode (it was
# counted once per run of its scenes), and without --tgt-lang the target
# language is guessed from all the target text and said (it was the last
# episode's guess: "unknown language" when that one had no subtitles); a
# target text whose script names no language asks for --tgt-lang.
. tests/cli/lib
S=tools/sample
WA='--samplers 1 --iters 2 --threads 1 --scenes-only'   # a quick aligner: its links are not what is tested
mkdir -p $T/en $T/zh $T/fr
cp $S/en.srt $T/en/S01E01.srt; cp $S/zh.srt $T/zh/S01E01.srt
# the sample's three scenes as episodes 1, 2, 1: two episodes, the second without subtitles
# (renamed as TBBT's, t: the show's letter the directory is given for)
sed 's/s01e01c00x/s01e01c00t/; s/s01e01c01x/s01e02c00t/; s/s01e01c02x/s01e01c01t/' $S/dialogue.conll > $T/split.conll
expect_status 0 $XPROJ pipeline --source $T/split.conll --subs t=$T/en --tgt-subs t=$T/zh $WA \
	--no-db -o $T/p1
expect_grep '^  episodes     2 (1 without subtitles)$' $T/out
expect_grep 'split.conll -> zh (guessed from the Han script of all the target text; --tgt-lang to say)' $T/out
expect_status 0 $XPROJ align --transcript $T/split.conll --subs t=$T/en --tgt-subs t=$T/zh -o $T/a.jsonl
expect_grep 'align: 2 episode(s) (1 without subtitles)' $T/err
expect_grep 'target language zh, guessed from the script (Han) of all the target text' $T/err
# the last scene's episode has no subtitles: still zh, from the others' text
sed 's/s01e01c00x/s01e01c00t/; s/s01e01c01x/s01e01c01t/; s/s01e01c02x/s01e02c00t/' $S/dialogue.conll > $T/last.conll
expect_status 0 $XPROJ pipeline --source $T/last.conll --subs t=$T/en --tgt-subs t=$T/zh $WA \
	--no-db -o $T/p2
expect_grep 'last.conll -> zh (guessed' $T/out
expect_grep '^  episodes     2 (1 without subtitles)$' $T/out
# the same projection as with --tgt-lang zh said
expect_status 0 $XPROJ pipeline --source $T/last.conll --subs t=$T/en --tgt-subs t=$T/zh $WA \
	--no-db --tgt-lang zh -o $T/p3
expect_eq "$(cksum < $T/p2/projected.conll)" "$(cksum < $T/p3/projected.conll)" "guessed zh projects as --tgt-lang zh"
# Latin letters name no language: --tgt-lang is asked for, nothing is written
cp $S/en.srt $T/fr/S01E01.srt
expect_status 1 $XPROJ pipeline --source $T/last.conll --subs t=$T/en --tgt-subs t=$T/fr $WA \
	--no-db -o $T/p4
expect_grep 'fr/S01E01.srt: the target text is in Latin script, which names no language: say which with --tgt-lang CODE' $T/err
[ -e $T/p4/projected.conll ] && { echo "FAIL: output written without a target language"; fails=$((fails + 1)); }
expect_status 0 $XPROJ pipeline --source $T/last.conll --subs t=$T/en --tgt-subs t=$T/fr $WA \
	--no-db --tgt-lang fr -o $T/p5
expect_grep 'last.conll -> fr$' $T/out
# pipeline --help explains the per-show form of --subs
expect_status 0 $XPROJ pipeline --help
expect_grep "'t=DIR1,f=DIR2': a directory per show" $T/out
# two files of one episode in a directory (S01E01.srt and S01E01.srt.gz: two
# versions of its subtitles): the first by extension is read, as before,
# and the other said (before: nothing said, adversarial round 10)
mkdir -p $T/en2
cp $S/en.srt $T/en2/S01E01.srt
head -60 $S/en.srt | gzip >$T/en2/S01E01.srt.gz
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $T/en2 --tgt-subs $T/zh --tgt-lang zh -o $T/two.jsonl
expect_grep "episode S01E01: two files of $T/en2 name S01E01: $T/en2/S01E01.srt read, $T/en2/S01E01.srt.gz not" $T/err
expect_status 0 $XPROJ align --transcript $S/dialogue.conll --subs $T/en --tgt-subs $T/zh --tgt-lang zh -o $T/one.jsonl
expect_eq "$(cksum <$T/two.jsonl)" "$(cksum <$T/one.jsonl)" "two files of an episode: the .srt read"
# an episode split into two jobs (its scenes not consecutive: 1, 2, 1) is
# still one episode: what is said about it is said once (the note on its
# two files was printed once per job), and its subtitles are read and
# counted once (the removed song markers and cues were counted twice)
expect_status 0 $XPROJ align --transcript $T/split.conll --subs t=$T/en2 --tgt-subs t=$T/zh --tgt-lang zh -o $T/split2.jsonl
expect_eq "$(grep -c 'episode S01E01: two files of' $T/err)" 1 "a split episode's note said once"
expect_grep "removed 1 line's song markers, 1 hearing-impaired cue" $T/err
sed 's/s01e01c00x/s01e02c00t/; s/s01e01c01x/s01e01c00t/; s/s01e01c02x/s01e02c01t/' $S/dialogue.conll > $T/nosubs2.conll
expect_status 0 $XPROJ align --transcript $T/nosubs2.conll --subs t=$T/en --tgt-subs t=$T/zh --tgt-lang zh -o $T/ns.jsonl
expect_eq "$(grep -c 'no subtitles for episode S01E02' $T/err)" 1 "a split episode without subtitles said once"
expect_status 0 $XPROJ pipeline --source $T/split.conll --subs t=$T/en2 --tgt-subs t=$T/zh $WA --no-db -o $T/p6
expect_eq "$(grep -c 'episode S01E01: two files of' $T/err)" 1 "pipeline: a split episode's note said once"
finish
