# bench/mmc_pairs.sh — sourced: MMC's released target text paired with its
# English, as a user re-projecting a release does it (xproj pair, then xproj
# bitext), for the benches that align the mmc-tune and MMC dev scenes
# together (triage.sh, seeds.sh, mention_pairs.sh).  Only defines a function:
# bench/run, which runs every bench/*.sh, finds nothing to measure here.
#
#   mmc_pairs LANG DIR   DIR/LANG.tune.{jsonl,pairs,map} (the tune English
#                        gold with MMC's tune silver text: the corrected files
#                        are only ever the key) and DIR/LANG.dev.{jsonl,pairs,
#                        map}; sets name (chinese, farsi) and popts (the pair
#                        options of LANG).  Needs DATA and XPROJ.
mmc_pairs() {
	case $1 in
	zh) name=chinese; popts="--tokens words" ;;
	fa) name=farsi; popts="" ;;
	*) echo "mmc_pairs: unknown language $1" >&2; return 2 ;;
	esac
	$XPROJ pair --source $DATA/mmc-tune/tune.english.v4_gold_conll \
		--target $DATA/mmc-tune/tune.$name.silver.v4_gold_conll --lang $1 $popts -o $2/$1.tune.jsonl 2>/dev/null
	$XPROJ bitext $2/$1.tune.jsonl -o $2/$1.tune.pairs --map $2/$1.tune.map 2>/dev/null
	$XPROJ pair --source $DATA/mmc/dev.english.v4_gold_conll \
		--target $DATA/mmc/dev.$name.v4_gold_conll --lang $1 $popts -o $2/$1.dev.jsonl 2>/dev/null
	$XPROJ bitext $2/$1.dev.jsonl -o $2/$1.dev.pairs --map $2/$1.dev.map 2>/dev/null
}
