# workflow/Snakefile on MMC dev in Chinese and Farsi: the English gold
# split by episode (15 episodes, 134 scenes), each paired with MMC's own
# target text (xproj pair), aligned with one model per language trained on
# every shard's pairs (SAMPLE_EVERY=N: every Nth; a corpus of 2k pairs has
# no pairs to spare; MODEL_ROUNDS=R: R rounds of merged counts instead),
# projected, imported, merged, exported and scored
# against MMC dev's silver.  Checks that every shard ran (15 runs per
# merged store, every English mention imported: 10079), the merged stores
# pass db check, the aligner was given the English mention spans and used
# them as the target's pack says (no pack today), and prints the scores.  Skipped without snakemake.
set -u
command -v snakemake >/dev/null 2>&1 || { echo "skip: snakemake is not installed"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
R=$(pwd)
D=$(cd "$DATA/mmc" && pwd)
X=$XPROJ; case $X in /*) ;; *) X=$R/$X ;; esac
cat > $T/config.yaml <<CONF
xproj: $X
out: $T/out
sources:
  dev: $D/dev.english.v4_gold_conll
languages:
  zh:
    target: $D/dev.chinese.v4_gold_conll
    pair-options: "--tokens words"
    project-options: "--chars --skip-articles"
    key: $D/dev.chinese.v4_gold_conll
  fa:
    target: $D/dev.farsi.v4_gold_conll
    project-options: "--prodrop --skip-articles"
    key: $D/dev.farsi.v4_gold_conll
options:
  seed: 1
  lowercase: true
  model: true
  sample-every: ${SAMPLE_EVERY:-1}
  model-samplers: 3
  model-rounds: ${MODEL_ROUNDS:-0}
CONF
start=$(date +%s)
(cd $T && nice snakemake -s $R/workflow/Snakefile --configfile $T/config.yaml --cores 2 -q > $T/log 2>&1) ||
	{ tail -20 $T/log; exit 1; }
bad=0
for l in zh fa; do
	n=$($XPROJ db runs --json $T/out/$l/corrections.db | grep -o '"run":' | wc -l)
	m=$($XPROJ db runs --json $T/out/$l/corrections.db | grep -o '"mentions":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s }')
	[ "$n" = 15 ] && [ "$m" = 10079 ] || { echo "$l: $n runs, $m mentions"; bad=1; }
	$XPROJ db check $T/out/$l/corrections.db > $T/check || { echo "$l: db check:"; cat $T/check; bad=1; }
	# the English mention spans go to every wordalign; no pack uses them today
	want='not for this target language'
	for f in $T/out/$l/model/train.log $T/out/$l/dev/S01E01/wordalign.log; do
		[ -e $f ] && ! grep -q "English mention spans: .*$want" $f && { echo "$l: $f: spans not as the pack says"; bad=1; }
	done
	how="model of $(cat $T/out/$l/model/sample.pairs 2>/dev/null | wc -l) pairs"
	[ "${MODEL_ROUNDS:-0}" -gt 0 ] && how="$MODEL_ROUNDS rounds of merged counts"
	printf '%s: 15 shards, %s; against MMC dev silver: %s\n' $l "$how" \
		"$(grep -E '^(mentions|conll)' $T/out/$l/score.txt | tr -s ' ' | tr '\n' ' ')"
done
echo "workflow on MMC dev, zh + fa: $(( $(date +%s) - start )) s wall"
exit $bad
