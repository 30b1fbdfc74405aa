# The compiled-in confidence models (lang/calib/CODE.json) belong to the
# alignment this build's aligner gives by default: each model's line of
# lang/calib/fitted-on (bench/calibrate.sh writes it) names the model
# file's SHA-256 and the fingerprint of the alignment it was fitted on, or
# kept on after a refit on it was measured and lost (bench/calib_inputs.sh:
# the mmc-tune and MMC dev pairs aligned with wordalign's defaults, the
# pairs and their links hashed; about 15 s of CPU a language).  Fails when
# a model has no line, when a model file changed without bench/calibrate.sh,
# and when the aligner's defaults or the pairing changed since (Farsi's
# learned stems did, and its model stayed the one fitted before them
# unnoticed): then `DATA=../shared/data TRIAGE=1 sh bench/calibrate.sh`
# refits and measures.
set -eu
. bench/mmc_pairs.sh
. bench/calib_inputs.sh
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
REC=${CALIB_DIR:-lang/calib}/fitted-on
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
[ -f "$REC" ] || { echo "FAIL: $REC missing (bench/calibrate.sh writes it)"; exit 1; }
for m in ${CALIB_DIR:-lang/calib}/*.json; do
	l=$(basename "$m" .json)
	set -- $(awk -v l="$l" '$1 == l { print $2, $3, $4, $5 }' "$REC")
	if [ $# != 4 ]; then fail "$m: no line in $REC (refit: DATA=../shared/data TRIAGE=1 sh bench/calibrate.sh)"; continue; fi
	sum=$(calib_model_sum "$m")
	[ "$sum" = "$1" ] || fail "$m is not the model $REC records (SHA-256 $sum, recorded $1): a model file changes by bench/calibrate.sh only"
	fp=$(calib_fingerprint $l "$T")
	if [ "$fp" = "$2" ]; then
		echo "  $l: $m $4 on this build's default alignment (fingerprint $fp, by xproj $3)"
	else
		fail "$m belongs to another alignment than this build's aligner gives by default (fingerprint $fp; the model was $4 on $2 by xproj $3): refit and re-measure with DATA=../shared/data TRIAGE=1 sh bench/calibrate.sh"
	fi
done
[ $fails = 0 ]
