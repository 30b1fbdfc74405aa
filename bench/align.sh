# Utterance alignment: agreement with TV4Dialog's tags per show, exact-truth
# F1 on synthetic subtitles at several noise levels, and time and memory
# for an episode, a season, the season ten times, and one episode made ten
# times longer.  ALIGN_PARTS=time: only the time and memory (the agreement
# figures do not change from run to run; the times are worth repeating).
# Times are CPU seconds (user + system; `align` is single-threaded), and
# the wall seconds beside them; the ratios are of CPU seconds.  The figures
# (F1 per show, raw and adjudicated; F1 per noise level; each timed run) go
# to bench/results/align.json (bench/record.sh), or with ALIGN_PARTS=time to
# align_time.json.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${BUILD:=build}"
. bench/record.sh
rec_need $BUILD/bench/synth_subs
REC_QUIET=1
if [ "${ALIGN_PARTS:-all}" = all ]; then rec_begin "${NAME:-align}"; else rec_begin "${NAME:-align_time}"; fi
# f1 FILE [PATTERN]: the F1 of the first line of FILE holding PATTERN (the
# first "F1" line, the whole set's)
f1() {
	awk -v p="${2:-precision}" 'index($0, p) && !index($0, "every link") && !done {
		for (i = 1; i < NF; i++) if ($i == "F1") { print $(i + 1); done = 1; break } }' "$1"
}
TV=$(cd "$DATA/tv4dialog" && pwd)
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

if [ "${ALIGN_PARTS:-all}" = all ]; then
echo "-- against TV4Dialog's tags (another aligner's output): raw, then with evidently wrong tags corrected"
for show in friends tbbt; do
	echo "$show:"
	$XPROJ align-eval --adjudicate --transcript $TV/xmlScript/$show --subs $TV/withSpkr/$show 2>/dev/null > $T/$show.eval
	sed 's/^/  /' $T/$show.eval
	rec_value "$show: F1 against TV4Dialog's tags" "$(f1 $T/$show.eval)" ""
	rec_value "$show: F1, evidently wrong tags corrected" "$(f1 $T/$show.eval "wrong tags corrected")" "" \
		--vs "$show: F1 against TV4Dialog's tags"
done

echo "-- synthetic subtitles with exact truth (Friends S01 and TBBT S01 transcripts; 42-char lines)"
for noise in 0 0.1 0.2 0.4; do
	rm -rf $T/s $T/x; mkdir -p $T/s $T/x
	for f in $TV/xmlScript/friends/S01E*.xml.gz $TV/xmlScript/tbbt/S01E*.xml.gz; do
		n=$(basename $(dirname $f))-$(basename $f .xml.gz)
		$BUILD/bench/synth_subs --noise $noise --seed 7 $f $T/s/$n.srt $T/x/$n.xml
	done
	printf 'noise %-4s ' $noise
	$XPROJ align-eval --transcript $T/x --subs $T/s | tee $T/noise.eval
	rec_value "synthetic subtitles, noise $noise: F1" "$(f1 $T/noise.eval)" ""
done
fi

echo "-- time and memory (xproj align, bilingual SRT, Friends)"
mkdir -p $T/season $T/tr10 $T/subs10
for f in $TV/xmlScript/friends/S01E*.xml.gz; do ln -s $f $T/season/; done
for k in 0 1 2 3 4 5 6 7 8 9; do
	for f in $TV/xmlScript/friends/S01E*.xml.gz; do
		e=$(basename $f .xml.gz)
		ln -s $f $T/tr10/K$k$e.xml.gz
		ln -s $TV/withSpkr/friends/$e.srt.gz $T/subs10/K$k$e.srt.gz
	done
done
run() { # label transcript subs
	/usr/bin/time -f '%e %U %S %M' -o $T/rss $XPROJ align --transcript $2 --subs $3 -o $T/out.jsonl 2>$T/err
	t=$(awk '{ printf "%.3f", $2 + $3 }' $T/rss); echo "$t" > $T/t.$1
	printf '%-22s %7s s CPU  %7s s wall  max RSS %6s KB  %s\n' "$1" "$t" "$(awk '{ print $1 }' $T/rss)" \
		"$(awk '{ print $4 }' $T/rss)" "$(sed 's/xproj align: //' $T/err | tail -1)"
	# (bench/record.sh's line for a timed command, the time taken above)
	rec_line "align, $1" run "$(awk '{ print $1 }' $T/rss)" "$t" "$(awk '{ print $4 }' $T/rss)" "" "" "${4:-}" 0 \
		"xproj align --transcript $2 --subs $3"
}
run "one episode" $TV/xmlScript/friends/S01E01.xml.gz $TV/withSpkr/friends/S01E01.srt.gz
run "season (22 episodes)" $T/season $TV/withSpkr/friends
run "season x10" $T/tr10 $T/subs10 "align, season (22 episodes)"
echo "time ratio, season x10 / season: $(awk -v a="$(cat "$T/t.season (22 episodes)")" -v b="$(cat "$T/t.season x10")" 'BEGIN{printf "%.2f", b/a}')"
$BUILD/bench/synth_subs --seed 3 $TV/xmlScript/friends/S01E01.xml.gz $T/long1.srt $T/long1.xml
$BUILD/bench/synth_subs --seed 3 --repeat 10 $TV/xmlScript/friends/S01E01.xml.gz $T/long10.srt $T/long10.xml
run "one episode, synthetic" $T/long1.xml $T/long1.srt
run "the same, 10x longer" $T/long10.xml $T/long10.srt "align, one episode, synthetic"
echo "time ratio, 10x longer episode / episode: $(awk -v a="$(cat "$T/t.one episode, synthetic")" -v b="$(cat "$T/t.the same, 10x longer")" 'BEGIN{printf "%.2f", b/a}')"
rec_end
