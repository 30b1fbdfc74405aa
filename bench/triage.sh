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
# PREP_ONLY=1 stops after the projections (bench/calibrate.sh fits on them);
# PROJECT_OPTS: more options for this xproj's project (--model M.json,
# --rules -doubt); LANGS: zh, fa or both (default); SETS: the sets judged
# (default "tune dev": MMC dev against its silver, judge --loose, queue and
# plot as LANG.dev.*).
#
# Per language and set, the share of wrong projections in the queue's first
# quarter and in the first tenth, quarter and half of its projected
# mentions, its PR AUC (against random) and the calibration's worst gap (bins
# of at least 30 items) and ECE go to bench/results/triage.json
# (bench/record.sh; with BASE, the base's beside them) unless LANGS, MODEL
# or PROJECT_OPTS is set (then only with NAME=FILE).
set -eu
. bench/record.sh
REC_QUIET=1
rec_begin "${NAME:-triage}"
for v in LANGS MODEL PROJECT_OPTS PREP_ONLY; do
	eval "[ -z \"\${$v:-}\" ]" || rec_skip "$v is set"
done
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

# project LANG SET SOURCE: SET.conll and SET.report.json (PROJECT_OPTS: more
# options, e.g. --model M.json to project with a model file not compiled in)
project() {
	case $1 in zh) opts="--chars --skip-articles";; fa) opts="--prodrop --skip-articles";; esac
	$XPROJ project --source $3 --aligned $T/$1.$2.jsonl --alignments $T/$1.$2.pharaoh --probs $T/$1.$2.probs \
		--alt-alignments $T/$1.$2.alt1.pharaoh --alt-alignments $T/$1.$2.alt2.pharaoh \
		--map $T/$1.$2.map $opts ${PROJECT_OPTS:-} -o $T/$1.$2.conll --report $T/$1.$2.report.json 2>/dev/null
}

# judged WHO JUDGE [--vs WHO2]: the figures of judge's output JUDGE recorded
# as "WHO: ..." (WHO2: the same figures of the base): the whole queue's first
# quarter, the projected mentions' first tenth, quarter and half (the wrong
# projections in db triage's order of the projected mentions alone), PR AUC,
# calibration
judged() {
	w=$1 j=$2; shift 2
	jvs=""; [ "${1:-}" = --vs ] && jvs=$2
	set -- $(awk 'function pc(x) { sub("%", "", x); return x }
		$1 == "wrong" && $2 == "projections" && ++n == 1 { q = pc($11); auc = $17; r = $19; sub("\\)", "", r) }
		$1 == "wrong" && $2 == "projections" && n == 2 { p10 = pc($8); p25 = pc($11); p50 = pc($14) }
		/worst gap in bins of >= 30 items/ { g = $9; sub(";", "", g); e = $11; sub(",", "", e) }
		END { print q, auc, r, g, e, p10, p25, p50 }' $j)
	[ $# = 8 ] || { echo "triage.sh: no figures in $j" >&2; return 0; }
	for f in "quarter:wrong projections in the queue's first quarter:$1:%" "auc:wrong projections, PR AUC:$2:" \
		"gap:calibration, worst gap (bins >= 30 items):$4:" "ece:calibration, ECE:$5:" \
		"p10:wrong projections in the first tenth of the projected mentions:$6:%" \
		"p25:wrong projections in the first quarter of the projected mentions:$7:%" \
		"p50:wrong projections in the first half of the projected mentions:$8:%"; do
		IFS=: read -r id what v u <<-EOT
		$f
		EOT
		if [ -n "$jvs" ]; then rec_value "$w: $what" "$v" "$u" --vs "$jvs: $what"
		elif [ $id = auc ]; then rec_value "$w: $what" "$v" "$u" --vs "$w: $what of a random order"
		else rec_value "$w: $what" "$v" "$u"; fi
	done
	rec_value "$w: wrong projections, PR AUC of a random order" "$3" ""
}

# queue XPROJ LANG SET SOURCE REPORT OUT: OUT.db and OUT.queue, db triage's
# order of the projection REPORT (by that xproj)
queue() {
	rm -f $6.db
	$1 db init $6.db >/dev/null
	$1 db import $6.db --source $4 --aligned $T/$2.$3.jsonl --report $5 --lang $2 >/dev/null
	$1 db triage $6.db --list > $6.queue
}

echo "the triage queue (xproj db triage): mmc-tune against the corrected files, MMC dev against its silver"
# SETS: mmc-tune against the corrected files (human labels), then MMC dev
# against its silver (judge --loose: the silver's conventions; no human
# label, read it as agreement) -- the set the confidence model is fitted on
for l in ${LANGS:-zh fa}; do
	case $l in zh) name=chinese;; fa) name=farsi;; esac
	align $l
	project $l tune $EN
	project $l dev $DEV
	[ -n "${PREP_ONLY:-}" ] && continue
	for s in ${SETS:-tune dev}; do
		case $s in
		tune) src=$EN key=$TUNE/tune.$name.corrected.v4_gold_conll loose= o=$T/$l
		      what="mmc-tune, $l: confidence against the corrected file";;
		dev) src=$DEV key=$DATA/mmc/dev.$name.v4_gold_conll loose=--loose o=$T/$l.dev
		     what="MMC dev, $l: confidence against its silver";;
		*) echo "triage.sh: SETS: tune or dev, not $s" >&2; exit 2;;
		esac
		queue $XPROJ $l $s $src $T/$l.$s.report.json $o
		if [ -n "${BASE:-}" ]; then
			case $l in zh) opts="--chars --skip-articles";; fa) opts="--prodrop --skip-articles";; esac
			$BASE project --source $src --aligned $T/$l.$s.jsonl --alignments $T/$l.$s.pharaoh \
				--probs $T/$l.$s.probs --alt-alignments $T/$l.$s.alt1.pharaoh \
				--alt-alignments $T/$l.$s.alt2.pharaoh --map $T/$l.$s.map $opts -o $T/$l.$s.base.conll \
				--report $T/$l.$s.base.report.json 2>/dev/null
			queue $BASE $l $s $src $T/$l.$s.base.report.json $T/$l.$s.base
			echo "== $l, $s: db triage of $BASE"
			$XPROJ judge --report $T/$l.$s.base.report.json --projected $T/$l.$s.base.conll \
				--key $key $loose --order $T/$l.$s.base.queue > $T/$l.$s.base.judge
			sed 's/^/  /' $T/$l.$s.base.judge
			judged "base: $l $s" $T/$l.$s.base.judge
		fi
		m=; [ -n "${MODEL:-}" ] && m="--model $MODEL"
		echo "== $l, $s: db triage"
		$XPROJ judge --report $T/$l.$s.report.json --projected $T/$l.$s.conll --key $key $loose \
			--order $o.queue $m --plot $o.calibration.svg --title "$what" > $o.judge
		sed 's/^/  /' $o.judge
		if [ -n "${BASE:-}" ]; then judged "$l $s" $o.judge --vs "base: $l $s"; else judged "$l $s" $o.judge; fi
	done
done
rec_end
