# MMC's silver against its human corrections on mmc-tune, as MMC compares
# them (README of ../shared/data): Chinese on characters with `score --chars`
# (silver: one character per token, corrected: words), no conversion script;
# Farsi with plain `score` (same tokens).  Expected: zh 82.60 / 78.18,
# fa 72.54 / 65.84 mention / CoNLL F1.
set -u
TUNE=$DATA/mmc-tune
bad=0
# check LANG WANT OPTS: "mention conll" as score prints them
check() {
	got=$($XPROJ score $3 $TUNE/tune.$1.corrected.v4_gold_conll $TUNE/tune.$1.silver.v4_gold_conll |
		awk '$1=="mentions"{m=$NF} $1=="conll"{c=$NF} END{print m, c}')
	echo "$1 silver vs corrected ${3:-(tokens)}: mention F1 / CoNLL F1 = $got"
	[ "$got" = "$2" ] || { echo "MISMATCH: wanted $2"; bad=1; }
}
check chinese "82.60% 78.18%" --chars
check farsi "72.54% 65.84%" ""
check farsi "72.54% 65.84%" --chars
exit $bad
