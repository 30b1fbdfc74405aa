# bench/calib_inputs.sh — sourced: what a compiled-in confidence model
# (lang/calib/CODE.json) was fitted on, recorded and checked.  The model's
# features are read off a projection, and the projection off the word
# aligner's links: when the aligner's defaults change (Farsi's learned stems
# changed its links, and the Farsi model, fitted before them, went from a
# worst gap of 0.082 to 0.174 on mmc-tune), the model describes links no
# run makes any more.  bench/calibrate.sh writes one line a language to
# lang/calib/fitted-on; tests/data/calib_inputs.sh (`make check-data`)
# fails when the models or this build's default alignment are not the ones
# recorded.
#
# The fingerprint is of the mmc-tune and MMC dev pairs (bench/mmc_pairs.sh)
# aligned together by this xproj with the options every bench gives
# (`wordalign --lowercase`, the default seed 1; the same --seed gives the
# same links for any --threads): the first 16 hex digits of the SHA-256 of
# the pairs and their links.  For Farsi that is the alignment the model is
# fitted on (bench/triage.sh aligns the same pairs with the same options);
# Chinese's fit also trains on the 92k bitext, which the fingerprint leaves
# out to stay cheap (seconds, not minutes): it tells the aligner's defaults
# and the pairing apart, not the bitext.  The links, not their posteriors:
# a posterior's last printed digit may differ with another libm, a link
# seldom does.  What the projection's rules do is not in it (the rule audit
# decides whether a rule change needs a refit: docs/triage.md).
#
#   calib_fingerprint LANG DIR   prints LANG's fingerprint (DIR: scratch)
#   calib_model_sum FILE         prints the first 16 hex digits of FILE's SHA-256
#
# Needs DATA and XPROJ (and bench/mmc_pairs.sh sourced).

calib_model_sum() {
	sha256sum < "$1" | cut -c1-16
}

calib_fingerprint() {
	mkdir -p "$2/fp"
	mmc_pairs $1 "$2/fp" || return 1
	cat "$2/fp/$1.tune.pairs" "$2/fp/$1.dev.pairs" > "$2/fp/$1.pairs"
	$XPROJ wordalign --lowercase --threads 2 "$2/fp/$1.pairs" -o "$2/fp/$1.pharaoh" \
		> "$2/fp/$1.log" 2>&1 || { cat "$2/fp/$1.log" >&2; return 1; }
	cat "$2/fp/$1.pairs" "$2/fp/$1.pharaoh" | sha256sum | cut -c1-16
}
