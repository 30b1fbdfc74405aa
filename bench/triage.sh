# The correction queue and the confidence, measured against human
# corrections (mmc-tune).  The English gold is projected onto MMC's Chinese
# and Farsi text as bench/quality.sh does (pair -> bitext -> wordalign with
# extra training pairs -> project; the aligner also trained on MMC's dev
# pairs, and Chinese on the 92k TV4Dialog bitext), imported into a store, and
# `xproj db triage --list` gives the queue.  `xproj judge` marks each projected
# mention right (the corrected file has its span) or wrong and each null
# projection recoverable (the corrected file has a mention standing for it)
# or not, and prints the share of each found in the first 10/25/50% of the
# queue, the area under the precision-recall curve, the fixes a corrector
# makes in the queue's first 15/30/60 minutes at db triage's time model (and
# by other orders), and the calibration of the stored confidence (ten bins;
# the plot goes to $T/LANG.calibration.svg).  The pairs are aligned three
# times (seeds 1, 7, 11): project --alt-alignments compares the other two
# runs' spans with the first's (the confidence's seed_agree).
#
# MMC dev (134 scenes, disjoint from mmc-tune) is projected the same way and
# judged against MMC's dev silver: no human label, a noisy reference, which
# is what `xproj calibrate` fits the confidence model on (bench/calibrate.sh).
#
# Environment: TRIAGE_DIR keeps the outputs there (and reuses an alignment
# found there); MODEL=M.json judges the confidences that model file gives;
# BASE=path/to/xproj also measures another build's queue (project with the
# same --alt-alignments, db import, db triage by that xproj, on the same
# alignment), e.g. main before a change;
# PREP_ONLY=1 stops after the projections (bench/calibrate.sh fits on them).
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}"
TUNE=$DATA/mmc-tune
EN=$TUNE/tune.english.v4_gold_conll
DEV=$DATA/mmc/dev.english.v4_gold_conll
. bench/mmc_pairs.sh
if [ -n "${TRIAGE_DIR:-}" ]; then T=$TRIAGE_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi

# align LANG: tune and dev pairs aligned in one run with the extra pairs
align() {
	l=$1
	[ -s "$T/$l.dev.probs" ] && [ -s "$T/$l.dev.alt2.pharaoh" ] && return 0
	mmc_pairs $l $T
	nt=$(wc -l < $T/$l.tune.pairs); nd=$(wc -l < $T/$l.dev.pairs)
	{ cat $T/$l.tune.pairs $T/$l.dev.pairs
	  [ $l = zh ] && zcat $DATA/bitext/zh-en.tv4dialog.94k.pairs.gz; true; } > $T/$l.all.pairs
	$XPROJ wordalign --lowercase --threads 2 $T/$l.all.pairs -o $T/$l.all.pharaoh --probs $T/$l.all.probs \
		> $T/$l.wordalign.log 2>&1
	# the same pairs with two other seeds: the confidence's seed_agree
	$XPROJ wordalign --lowercase --threads 2 --seed 7 $T/$l.all.pairs -o $T/$l.all.alt1.pharaoh >> $T/$l.wordalign.log 2>&1
	$XPROJ wordalign --lowercase --threads 2 --seed 11 $T/$l.all.pairs -o $T/$l.all.alt2.pharaoh >> $T/$l.wordalign.log 2>&1
	for x in pharaoh probs alt1.pharaoh alt2.pharaoh; do
		head -n $nt $T/$l.all.$x > $T/$l.tune.$x
		sed -n "$((nt + 1)),$((nt + nd))p" $T/$l.all.$x > $T/$l.dev.$x
	done
	rm -f $T/$l.all.pairs
}

# project LANG SET SOURCE: SET.conll and SET.report.json
project() {
	case $1 in zh) opts="--chars --skip-articles";; fa) opts="--prodrop --skip-articles";; esac
	$XPROJ project --source $3 --aligned $T/$1.$2.jsonl --alignments $T/$1.$2.pharaoh --probs $T/$1.$2.probs \
		--alt-alignments $T/$1.$2.alt1.pharaoh --alt-alignments $T/$1.$2.alt2.pharaoh \
		--map $T/$1.$2.map $opts -o $T/$1.$2.conll --report $T/$1.$2.report.json 2>/dev/null
}

echo "mmc-tune: the triage queue (xproj db triage) against the corrected files"
for l in zh fa; do
	case $l in zh) name=chinese;; fa) name=farsi;; esac
	align $l
	project $l tune $EN
	project $l dev $DEV
	[ -n "${PREP_ONLY:-}" ] && continue
	rm -f $T/$l.db
	$XPROJ db init $T/$l.db >/dev/null
	$XPROJ db import $T/$l.db --source $EN --aligned $T/$l.tune.jsonl --report $T/$l.tune.report.json \
		--lang $l >/dev/null
	$XPROJ db triage $T/$l.db --list > $T/$l.queue
	if [ -n "${BASE:-}" ]; then
		case $l in zh) opts="--chars --skip-articles";; fa) opts="--prodrop --skip-articles";; esac
		$BASE project --source $EN --aligned $T/$l.tune.jsonl --alignments $T/$l.tune.pharaoh \
			--probs $T/$l.tune.probs --alt-alignments $T/$l.tune.alt1.pharaoh \
			--alt-alignments $T/$l.tune.alt2.pharaoh --map $T/$l.tune.map $opts -o $T/$l.base.conll \
			--report $T/$l.base.report.json 2>/dev/null
		rm -f $T/$l.base.db
		$BASE db init $T/$l.base.db >/dev/null
		$BASE db import $T/$l.base.db --source $EN --aligned $T/$l.tune.jsonl \
			--report $T/$l.base.report.json --lang $l >/dev/null
		$BASE db triage $T/$l.base.db --top 100000 | sed -n 's/^ *[0-9][0-9]*  [0-9.]*  \([^ ]*\) .*/\1/p' \
			> $T/$l.base.queue
		echo "== $l: db triage of $BASE"
		$XPROJ judge --report $T/$l.base.report.json --projected $T/$l.base.conll \
			--key $TUNE/tune.$name.corrected.v4_gold_conll --order $T/$l.base.queue | sed 's/^/  /'
	fi
	m=; [ -n "${MODEL:-}" ] && m="--model $MODEL"
	echo "== $l: db triage"
	$XPROJ judge --report $T/$l.tune.report.json --projected $T/$l.tune.conll \
		--key $TUNE/tune.$name.corrected.v4_gold_conll --order $T/$l.queue $m \
		--plot $T/$l.calibration.svg --title "mmc-tune, $l: confidence against the corrected file" |
		sed 's/^/  /'
done
