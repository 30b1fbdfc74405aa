# Every MMC dev scene alone against its whole episode's TV4Dialog subtitles,
# at the default band, aligns as the whole file does: most of its
# utterances aligned (95.2% over the 107 scenes with subtitles; 74.0% before
# the band followed the anchors, a fifth of them wrongly; --band 1000:
# 95.4%), nearly all to the blocks the whole file's run gives them.  So do
# each episode's first scene, its last, and scenes k and k + 2 in one file
# (a junction in the subtitles), by TBBT and Friends; and s07e01c07t
# (docs/cmd/pipeline.md, "One scene"), 26 of its 27 utterances.  Some
# scenes of an episode in one file, two skipped between each (scenes 0, 3,
# 6 ...: the transcript jumps over hundreds of blocks; 93.6% aligned, 96.1%
# as in the whole file, before the band spanned a jump), and s07e01c03t +
# s07e01c09t, all 26 as in the whole file (24 before).  Each group is read
# against the same scenes aligned with a band as wide as the subtitles
# (--band 1000), in this run: within a point and a half.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
EN=$DATA/mmc/dev.english.v4_gold_conll
SUBS="t=$DATA/tv4dialog/withSpkr/tbbt,f=$DATA/tv4dialog/withSpkr/friends"
$XPROJ align --transcript $EN --subs "$SUBS" -o $T/whole.jsonl 2>/dev/null || exit 1
mkdir $T/s
awk -v d=$T/s '/^#begin document/ { f = $3; gsub(/[();]/, "", f); f = d "/" f ".conll" }
	f { print > f } /^#end/ { close(f); f = "" }' $EN
# an episode's first scene, its last, and scenes k and k + 2 in one file
# and every third scene of it in one file
mkdir $T/first $T/last $T/apart $T/third
ls $T/s | sed 's/c[0-9]*[a-z]*\.conll$//' | sort -u | while read -r e; do
	set -- $(ls $T/s/$e* | sort)
	[ $# -ge 3 ] || continue
	cp $1 $T/first/; eval "cp \${$#} $T/last/"
	ls $T/s/$e* | sort | awk 'NR % 3 == 1' | xargs cat > $T/third/$e.conll
	while [ $# -ge 3 ]; do
		cat $1 $3 > $T/apart/$(basename $1 .conll)+$(basename $3)
		shift 2
	done
done
cat $T/s/s07e01c03t.conll $T/s/s07e01c09t.conll > $T/c03c09.conll
for f in $T/s/*.conll $T/first/*.conll $T/last/*.conll $T/apart/*.conll $T/third/*.conll $T/c03c09.conll; do
	$XPROJ align --transcript $f --subs "$SUBS" --allow-empty -o ${f%.conll}.jsonl 2>/dev/null &&
	$XPROJ align --transcript $f --subs "$SUBS" --allow-empty --band 1000 -o ${f%.conll}.wide 2>/dev/null || {
		echo "align failed on $f"; exit 1; }
done
python3 - "$T" <<'PY' || exit 1
import glob, json, os, sys
T = sys.argv[1]
def load(p):
    return {(o["doc"], o["utt"]): o["en_subs"] for o in map(json.loads, open(p, encoding="utf-8"))}
whole = load(T + "/whole.jsonl")
have = {d[:6] for (d, u), v in whole.items() if v}   # episodes with subtitles
bad = 0
def tally(paths, label):
    global bad
    n = al = alw = ref = same = samew = 0
    for p in paths:
        wide = load(p[:-len(".jsonl")] + ".wide")
        for k, v in load(p).items():
            if k[0][:6] not in have:
                continue
            w = whole[k]
            n += 1; al += bool(v); alw += bool(wide[k]); ref += bool(w)
            same += bool(w) and v == w; samew += bool(w) and wide[k] == w
    # within a point and a half of a band as wide as the subtitles
    ok = al >= alw - 0.015 * n and same >= samew - 0.015 * ref
    print("%-26s %4d utterances: aligned %5.1f%% (--band 1000: %5.1f%%), as in the whole file "
          "%5.1f%% (%5.1f%%)%s" % (label, n, 100 * al / max(n, 1), 100 * alw / max(n, 1),
          100 * same / max(ref, 1), 100 * samew / max(ref, 1), "" if ok else "  FAILED"))
    bad |= not ok
scenes = sorted(glob.glob(T + "/s/*.jsonl"))
tally([p for p in scenes if p.endswith("t.jsonl")], "TBBT scenes, each alone")
tally([p for p in scenes if not p.endswith("t.jsonl")], "Friends scenes, each alone")
tally(glob.glob(T + "/first/*.jsonl"), "first scenes, each alone")
tally(glob.glob(T + "/last/*.jsonl"), "last scenes, each alone")
tally(glob.glob(T + "/apart/*.jsonl"), "scenes k and k + 2")
tally(glob.glob(T + "/third/*.jsonl"), "every third scene")
n = sum(bool(v) for v in load(T + "/s/s07e01c07t.jsonl").values())
print("s07e01c07t alone: %d of 27 aligned" % n)
if n < 26:
    bad = 1
got = load(T + "/c03c09.jsonl")
n = sum(bool(v) for v in got.values())
right = sum(bool(v) and v == whole[k] for k, v in got.items())
print("s07e01c03t + s07e01c09t: %d of 26 aligned, %d as in the whole file" % (n, right))
if right < 26:
    bad = 1
sys.exit(bad)
PY
