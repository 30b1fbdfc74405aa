# bench/transfer.sh — does the confidence carry from one show to another?
# (issue 33: the held-out MMC test is TBBT, mmc-tune is Friends, and the
# queue's first quarter held 56.7% of the wrong projections there against
# ~66% on mmc-tune.)  MMC dev has 107 TBBT scenes (names ending in t) and 27
# Friends ones (f, fe); the confidence model is fitted as bench/calibrate.sh
# fits the compiled-in one (the projected model on a projection without the
# rule doubt, the null model on the nulls that model's doubts leave, the
# Chinese nulls' level on mmc-tune's corrections), on a part of MMC dev
# against its silver, and judged on another part (`judge --loose`: the
# silver, read as agreement, not truth) and on mmc-tune (the corrected
# files; never fitted on):
#
#   fit on           judged on
#   TBBT dev         Friends dev, mmc-tune
#   Friends dev      TBBT dev (the held-out test's proxy), mmc-tune
#   all of dev       mmc-tune (the compiled-in recipe)
#   5 folds of dev   each fold by the model of the other four: the TBBT and
#                    the Friends scenes of dev as a model of all of dev sees
#                    a scene it was not fitted on (the held-out case)
#
# and prints for each the share of the wrong projections in the first 10 /
# 25 / 50% of the projected mentions in `db triage`'s order (lowest
# confidence first), the projected mentions' ECE and worst gap in bins of
# >= 30 items, and each kind's own first quarter (pronouns, names, other
# noun phrases) (bench/transfer.pl); then the dev figures in the two other
# views of judge's third label, "unmarked" (the silver marks no mention
# overlapping the span: its misses, and spans a corrector would delete):
# those left out (--marked) and counted as right (--unmarked-right), with
# the candidate's bootstrap against the baseline in each.  mmc-tune is
# judged against corrections: its unmarked are real errors (spans a
# corrector deleted), so it is given in the first view only.  The alignments are bench/triage.sh's
# (seeds 1, 7, 11 of the mmc-tune and MMC dev pairs): TRIAGE_DIR keeps them
# and reuses them (computing them is the slow part); the fits and their
# projections go to $TRIAGE_DIR/transfer (TRANSFER_DIR: elsewhere).
#
# A candidate against a baseline, back to back on the same alignment, with a
# scene bootstrap of each difference (90% interval): BASE=path/to/xproj (a
# build without a feature: it projects and fits the baseline),
# BASE_CALIB_OPTS (options of the baseline's calibrate, e.g.
# --drop-features F), CALIB_OPTS and PROJECT_OPTS (the candidate's).
#
#   DATA=../shared/data TRIAGE_DIR=DIR [LANGS="zh fa"] [BASE=...] [CALIB_OPTS=...]
#       [RESAMPLES=1000] sh bench/transfer.sh
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}"
case $XPROJ in /*) ;; *) XPROJ=$(pwd)/$XPROJ;; esac
case $DATA in /*) D=$DATA;; *) D=$(pwd)/$DATA;; esac
if [ -n "${TRIAGE_DIR:-}" ]; then T=$TRIAGE_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi
case $T in /*) ;; *) T=$(pwd)/$T;; esac
W=${TRANSFER_DIR:-$T/transfer}
mkdir -p $W
EN=$D/mmc-tune/tune.english.v4_gold_conll
DEV=$D/mmc/dev.english.v4_gold_conll
FOLDS=5
variants=cand
if [ -n "${BASE:-}${BASE_CALIB_OPTS:-}${BASE_PROJECT_OPTS:-}" ]; then
	variants="base cand"
	: "${BASE:=$XPROJ}"
	case $BASE in /*) ;; *) BASE=$(pwd)/$BASE;; esac
fi

# subset SRC OUT AWK-TEST: the documents of SRC whose index i (0, 1, ...)
# and name id pass the test
subset() {
	awk -v folds=$FOLDS "
		/^#begin document/ { id = \$0; sub(/^[^(]*\\(/, \"\", id); sub(/\\).*/, \"\", id); on = ($3); i++ }
		on { print }" "$1" > "$2"
}

# proj XP LANG SET SRC OUT [OPTS]: OUT.conll and OUT.report.json (the
# functions' variables are global: each has its own prefix)
proj() {
	p_xp=$1 p_l=$2 p_s=$3 p_src=$4 p_out=$5; shift 5
	case $p_l in zh) p_lo="--chars --skip-articles";; fa) p_lo="--prodrop --skip-articles";; esac
	$p_xp project --source $p_src --aligned $T/$p_l.$p_s.jsonl --alignments $T/$p_l.$p_s.pharaoh \
		--probs $T/$p_l.$p_s.probs --alt-alignments $T/$p_l.$p_s.alt1.pharaoh \
		--alt-alignments $T/$p_l.$p_s.alt2.pharaoh --map $T/$p_l.$p_s.map $p_lo "$@" \
		-o $p_out.conll --report $p_out.report.json 2>/dev/null
}

# fit V XP LANG NAME KEY: $W/V.LANG.NAME.json, fitted as bench/calibrate.sh
# does on the dev scenes KEY holds; the projections with its projected model
# (dev and, unless NAME is a fold, tune) are V.LANG.NAME.{dev,tune}.*
fit() {
	f_v=$1 f_xp=$2 f_l=$3 f_n=$4 f_key=$5
	case $f_v in base) f_co=${BASE_CALIB_OPTS:-} f_po=${BASE_PROJECT_OPTS:-};;
		*) f_co=${CALIB_OPTS:-} f_po=${PROJECT_OPTS:-};; esac
	f_o=$W/$f_v.$f_l.$f_n
	$f_xp calibrate --report $W/$f_v.$f_l.nodoubt.report.json --projected $W/$f_v.$f_l.nodoubt.conll \
		--key $f_key --pu-agreeing --loose $f_co --note "bench/transfer.sh: $f_n" -o $f_o.base.json > $f_o.fit.log 2>&1
	proj $f_xp $f_l dev $DEV $f_o.dev --model $f_o.base.json $f_po
	f_level=
	case $f_n in fold*) ;; *)
		proj $f_xp $f_l tune $EN $f_o.tune --model $f_o.base.json $f_po
		[ $f_l = zh ] && f_level="--level-report $f_o.tune.report.json --level-projected $f_o.tune.conll
			--level-key $D/mmc-tune/tune.chinese.corrected.v4_gold_conll";;
	esac
	$f_xp calibrate --report $f_o.dev.report.json --projected $f_o.dev.conll --key $f_key $f_level --pu-agreeing \
		--loose --null-only $f_o.base.json $f_co --note "bench/transfer.sh: $f_n" -o $f_o.json >> $f_o.fit.log 2>&1
}

# judge XP PREFIX SET MODEL KEY [--loose]: PREFIX.SET.model.labels.tsv,
# projection PREFIX.SET (made with MODEL's projected model) judged by MODEL
# against KEY
judge() {
	j_xp=$1 j_o=$2 j_s=$3 j_m=$4 j_key=$5; shift 5
	j_t=$j_o.$j_s.model
	$j_xp judge --report $j_o.$j_s.report.json --projected $j_o.$j_s.conll --key $j_key --model $j_m "$@" \
		--labels $j_t.labels.tsv > $j_t.judge
}

for l in ${LANGS:-zh fa}; do
	case $l in zh) name=chinese;; fa) name=farsi;; esac
	[ -s $T/$l.dev.alt2.pharaoh ] || LANGS=$l TRIAGE_DIR=$T PREP_ONLY=1 DATA=$DATA XPROJ=$XPROJ sh bench/triage.sh > /dev/null
	S=$D/mmc/dev.$name.v4_gold_conll
	TK=$D/mmc-tune/tune.$name.corrected.v4_gold_conll
	subset $S $W/$l.key.tbbt.conll 'id ~ /t$/'
	subset $S $W/$l.key.friends.conll 'id !~ /t$/'
	k=0
	while [ $k -lt $FOLDS ]; do
		subset $S $W/$l.key.fold$k.conll "i % folds == $k"
		subset $S $W/$l.key.not$k.conll "i % folds != $k"
		k=$((k + 1))
	done
	for v in $variants; do
		case $v in base) xp=$BASE po=${BASE_PROJECT_OPTS:-};; *) xp=$XPROJ po=${PROJECT_OPTS:-};; esac
		proj $xp $l dev $DEV $W/$v.$l.nodoubt --rules -doubt $po
		fit $v $xp $l tbbt $W/$l.key.tbbt.conll
		fit $v $xp $l friends $W/$l.key.friends.conll
		fit $v $xp $l dev $S
		o=$W/$v.$l
		judge $xp $o.tbbt dev $o.tbbt.json $W/$l.key.friends.conll --loose
		judge $xp $o.friends dev $o.friends.json $W/$l.key.tbbt.conll --loose
		for n in tbbt friends dev; do judge $xp $o.$n tune $o.$n.json $TK; done
		k=0 cv=
		while [ $k -lt $FOLDS ]; do
			fit $v $xp $l fold$k $W/$l.key.not$k.conll
			judge $xp $o.fold$k dev $o.fold$k.json $W/$l.key.fold$k.conll --loose
			cv=$cv${cv:+,}$o.fold$k.dev.model.labels.tsv
			k=$((k + 1))
		done
		eval "sets_$v=\"--set $v:friends-fit:tbbt-dev=$o.friends.dev.model.labels.tsv --set $v:cv:tbbt-dev=$cv@tbbt
			--set $v:tbbt-fit:friends-dev=$o.tbbt.dev.model.labels.tsv --set $v:cv:friends-dev=$cv@friends
			--set $v:friends-fit:tune=$o.friends.tune.model.labels.tsv --set $v:tbbt-fit:tune=$o.tbbt.tune.model.labels.tsv
			--set $v:dev-fit:tune=$o.dev.tune.model.labels.tsv\""
	done
	echo "== $l: wrong projections in the first 10 / 25 / 50% of the projected mentions (fit:judged)"
	vs=
	if [ "$variants" != cand ]; then
		for s in friends-fit:tbbt-dev cv:tbbt-dev tbbt-fit:friends-dev cv:friends-dev friends-fit:tune \
			tbbt-fit:tune dev-fit:tune; do
			vs="$vs --vs cand:$s=base:$s"
		done
	fi
	# shellcheck disable=SC2086
	perl bench/transfer.pl --resamples ${RESAMPLES:-1000} --types ${sets_base:-} $sets_cand $vs
	# the dev sets in judge's two other views of the unmarked (the silver marks nothing there)
	devsets=$(echo ${sets_base:-} $sets_cand | tr ' ' '\n' | grep -e '-dev=' | sed 's/^/--set /')
	devvs=$(echo $vs | tr ' ' '\n' | grep -e '-dev=' | sed 's/^/--vs /')
	echo "== $l: the same, MMC dev's unmarked wrong projections left out (--marked)"
	# shellcheck disable=SC2086
	perl bench/transfer.pl --resamples ${RESAMPLES:-1000} --types --marked $devsets $devvs
	echo "== $l: the same, MMC dev's unmarked wrong projections counted as right (--unmarked-right)"
	# shellcheck disable=SC2086
	perl bench/transfer.pl --resamples ${RESAMPLES:-1000} --types --unmarked-right $devsets $devvs
done
