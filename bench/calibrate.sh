# Refit the compiled-in confidence models (lang/calib/zh.json, fa.json) without
# human labels: MMC dev (134 scenes, none of them in mmc-tune) projected as
# bench/triage.sh does, each projection judged against MMC's own dev silver
# (a noisy reference: MMC's fine-tuned aligner, not a person), one pair of
# logistic models per language.  Pronouns projected onto a word that stands
# for them by its ending only (the verb of a dropped subject, a verb or
# clitic the links chose: pron_agree) are positive-unlabelled
# (--pu-agreeing): MMC's silver seldom marks such words, so its "wrong" says
# little there; its "right" is trusted, the share of right ones it marks is
# estimated on dev (Elkan and Noto's estimator: 0.36 for Farsi; measured,
# not fitted, on mmc-tune the silver marks 0.34 of those the correctors
# keep), and the model is fitted by EM.  --loose: where the silver writes a
# mention by another convention than the corrected files, the projection is
# judged by the silver's: a Farsi verb is right when the silver has it
# without its prefix می/نمی (the silver marks کنم where the corrected files
# keep می کنم: without this the prefixed verbs were "wrong" 19 times in 20
# and got confidence 0.18 where correctors keep 56%), a Chinese possessive
# when it has it without its 的 (你 for 你的; this replaces --pu-possessive:
# with it the silver marks 162 of dev's 166 such projections), a Farsi noun
# phrase with its indefinite یه when it has it without (چیزی for یه چیزی), a
# determiner and light noun when it has either alone (چی for چی کار, این for
# این کارو): strictly, the silver called 74 of the 78 spans the projection's
# fa_indef / fa_compound / fa_dem_noun rules make wrong, correctors keep 18
# of 24 on mmc-tune.
#
# One parameter a language comes from human labels (docs/triage.md): the
# level of the Chinese null model, and of Farsi's agreeing class.  Correctors add a mention for a dropped or
# unlinked personal pronoun (on its verb, a particle: zero pronouns) that
# MMC's silver, a projection itself, never has, so a null model fitted on the
# silver says 0.23 where 0.34 of mmc-tune's pronoun nulls are recoverable.
# --level-*: after the fit, the null model's log-odds are shifted by the one
# constant that makes its mean prediction over mmc-tune's Chinese nulls the
# share the correctors recovered (whole-set, one number; the model file
# records it).  Farsi's --level-kinds agreeing: the projected model's
# log-odds for the positive-unlabelled class alone (a pronoun on a verb or
# clitic that agrees with it) shifted so that its mean over mmc-tune's such
# projections is the share the correctors keep: read through the fit, dev's
# silver puts the class lower (0.696 where the correctors keep 0.773 of
# mmc-tune's 286; the label frequency alone did not move it).  Nothing else
# of mmc-tune is fitted on but the aligner's unlabelled sentence pairs;
# bench/triage.sh measures on it afterwards.
#
# LEVELS_ONLY=1 fits nothing: the models of DIR/LANG.json are kept to the
# digit and only their levels set anew (xproj calibrate --levels-only), on
# mmc-tune projected with that model; fitted-on records it as "level".
#
# The rule doubt (np.h) reads the projected model: a noun phrase it gives
# < 0.4 becomes a null, whose confidence the null model gives (features
# doubted, doubt_odds).  So the two models are fitted on two projections,
# never on what the model being fitted decided: the projected model on MMC
# dev projected with --rules -doubt (every span, as before the rule), then
# dev projected again with that model (doubt deciding by it), and the null
# model alone on its nulls (xproj calibrate --null-only: the projected model
# is kept to the digit).  NULL_ONLY=1 keeps the projected model of the
# current DIR/LANG.json (the doubts it decides stay as they are: the mention
# F1 does not move) and refits the null model alone.
#
#   DATA=../shared/data [NULL_ONLY=1] [LANGS=fa] [TRIAGE=1] sh bench/calibrate.sh [DIR]
#   DATA=../shared/data KEPT=1 LANGS=zh sh bench/calibrate.sh
#   DATA=../shared/data LEVELS_ONLY=1 LANGS=fa sh bench/calibrate.sh
#
# writes DIR/zh.json and DIR/fa.json (DIR: lang/calib by default; LANGS:
# only those), each pack's own model (lang/lang.h calibration; a language's
# fit reads only its own sets, so fitting them apart gives the weights one
# run over both gave), and each one's line of DIR/fitted-on: the model's
# SHA-256, the fingerprint of the alignment it was fitted on
# (bench/calib_inputs.sh), which `make check-data` compares with what this
# build's aligner gives, and "fitted".  KEPT=1 fits nothing: it records the
# model file as it is, "kept", on this build's alignment -- only after a
# refit on that alignment was measured against it and lost (bench/triage.sh
# with PROJECT_OPTS="--model REFIT.json", bench/quality.sh; docs/triage.md
# says which and why).  Then `make` compiles the new models in; TRIAGE=1
# does that here and measures them at once (bench/triage.sh on the same
# alignments, recorded in bench/results/triage.json): after a change to the
# aligner's defaults, the one command that refits and re-measures.
# Deterministic: the same data and xproj give the same file (the aligner's
# seed is fixed, Newton's optimum is unique).  TRIAGE_DIR as in
# bench/triage.sh.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=zh fa}"
. bench/mmc_pairs.sh
. bench/calib_inputs.sh
OUT=${1:-lang/calib}
case $OUT in /*) ;; *) OUT=$(pwd)/$OUT;; esac
case $XPROJ in /*) ;; *) XPROJ=$(pwd)/$XPROJ;; esac
if [ -n "${TRIAGE_DIR:-}" ]; then T=$TRIAGE_DIR; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi
case $DATA in /*) D=$DATA;; *) D=$(pwd)/$DATA;; esac
case $T in /*) ;; *) T=$(pwd)/$T;; esac
# relative names, so the model file records the same sources wherever it ran
ln -sf "$D/mmc/dev.chinese.v4_gold_conll" $T/dev.chinese.silver.conll
ln -sf "$D/mmc/dev.farsi.v4_gold_conll" $T/dev.farsi.silver.conll
ln -sf "$D/mmc-tune/tune.chinese.corrected.v4_gold_conll" $T/tune.chinese.corrected.conll
ln -sf "$D/mmc-tune/tune.farsi.corrected.v4_gold_conll" $T/tune.farsi.corrected.conll
NOTE="bench/calibrate.sh: MMC dev projected as bench/triage.sh does, judged against MMC's dev silver"
# record LANG fitted|kept: LANG's line of $OUT/fitted-on, the others' kept
record() {
	fp=$(calib_fingerprint $1 "$T") || { echo "calibrate.sh: no fingerprint of $1's alignment" >&2; exit 1; }
	rec="$1 $(calib_model_sum "$OUT/$1.json") $fp $(git rev-parse --short HEAD 2>/dev/null || echo unknown) $2"
	others=; [ -f "$OUT/fitted-on" ] && others=$(grep -v -e '^#' -e "^$1 " "$OUT/fitted-on" || true)
	{ echo "# lang/calib/fitted-on: written by bench/calibrate.sh, checked by tests/data/calib_inputs.sh"
	  echo "# (make check-data): language, the model file's SHA-256 (16 hex digits), the fingerprint of"
	  echo "# the alignment it was fitted on (bench/calib_inputs.sh), the commit of the xproj that fitted"
	  echo "# it, fitted (by that run), kept (a refit on that alignment measured against it and lost) or"
	  echo "# level (its models kept, their human-label levels set by that run: LEVELS_ONLY=1)"
	  { [ -z "$others" ] || echo "$others"; echo "$rec"; } | sort; } > "$T/fitted-on"
	cp "$T/fitted-on" "$OUT/fitted-on"
}
if [ -n "${KEPT:-}" ]; then
	for l in $LANGS; do record $l kept; done
	exit 0
fi
for l in $LANGS; do
	case $l in zh) name=chinese level="--level-report zh.tune.report.json --level-projected zh.tune.conll
		--level-key tune.chinese.corrected.conll";; fa) name=farsi level="--level-report fa.tune.report.json
		--level-projected fa.tune.conll --level-key tune.farsi.corrected.conll --level-kinds agreeing";; esac
	if [ -n "${LEVELS_ONLY:-}" ]; then
		# mmc-tune projected with the model as it is, its levels set anew on it
		cp "$OUT/$l.json" $T/kept.$l.json
		LANGS=$l TRIAGE_DIR=$T PREP_ONLY=1 PROJECT_OPTS="--model $T/kept.$l.json" DATA=$DATA XPROJ=$XPROJ \
			sh bench/triage.sh > /dev/null
		(cd "$T" && $XPROJ calibrate --levels-only kept.$l.json $level -o "$OUT/$l.json")
		record $l level
		continue
	fi
	if [ -n "${NULL_ONLY:-}" ]; then
		base=kept.$l.json
		cp "$OUT/$l.json" $T/$base
	else
		# the projected model, on every span (no doubt)
		base=before-doubt.$l.json
		LANGS=$l TRIAGE_DIR=$T PREP_ONLY=1 PROJECT_OPTS="--rules -doubt" DATA=$DATA XPROJ=$XPROJ \
			sh bench/triage.sh > /dev/null
		(cd "$T" && $XPROJ calibrate --report $l.dev.report.json --projected $l.dev.conll \
			--key dev.$name.silver.conll --pu-agreeing --loose --note "$NOTE (projected model: --rules -doubt)" \
			-o $base)
	fi
	# the null model, on the nulls the doubts of that projected model left
	LANGS=$l TRIAGE_DIR=$T PREP_ONLY=1 PROJECT_OPTS="--model $T/$base" DATA=$DATA XPROJ=$XPROJ \
		sh bench/triage.sh > /dev/null
	(cd "$T" && $XPROJ calibrate --report $l.dev.report.json --projected $l.dev.conll --key dev.$name.silver.conll \
		$level --pu-agreeing --loose --null-only $base --note "$NOTE" -o "$OUT/$l.json")
	record $l fitted
done
if [ -n "${TRIAGE:-}" ]; then
	# the new models compiled in, then measured on the alignments just made
	[ "$OUT" = "$(pwd)/lang/calib" ] && [ "$XPROJ" = "$(pwd)/build/xproj" ] ||
		{ echo "calibrate.sh: TRIAGE=1 compiles lang/calib's models into build/xproj, and measures that" >&2; exit 2; }
	make -j2 > "$T/make.log" 2>&1 || { tail -20 "$T/make.log" >&2; exit 1; }
	# both languages, whatever LANGS refitted: the figures bench/results/triage.json records
	LANGS= TRIAGE_DIR=$T DATA=$DATA XPROJ=$XPROJ sh bench/triage.sh
fi
