# Mention pairs as aligner training, held out: MMC dev (134 scenes, MMC's
# silver as the only label) split in two halves by document order (odd and
# even scenes).  The English dev gold is projected onto MMC's dev target
# text as bench/triage.sh does it for its held-out check (pair -> bitext ->
# wordalign over the dev pairs with the tune pairs, and Chinese the 92k
# TV4Dialog bitext, as training -> project) and scored against the dev
# silver of each half:
#   base      no mention pairs
#   from A    plus the span pairs (`xproj mention-pairs`) of half A's silver
#             MENTION_PAIRS times, the sweeps of the sentence pairs alone
#             (as bench/quality.sh adds the whole dev silver's for Farsi,
#             as `wordalign --train-lex`; MENTION_PAIRS_AS=train: --train):
#             scored on half B only, and the other way
# so that the silver a score is taken against never trained the aligner.
# Chinese is scored on characters.  Prints mention and CoNLL F1 per half.
#
# Environment: DATA, XPROJ; SEEDS (default "1"): the aligner seeds, each
# printed; MENTION_PAIRS=K (default 1); LANGS (default "zh fa"); WA_OPTS adds
# wordalign options (e.g. --no-normalize); MP_DIR keeps the outputs there.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SEEDS:=1}" "${MENTION_PAIRS:=1}"
DEV=$DATA/mmc
. bench/mmc_pairs.sh
if [ -n "${MP_DIR:-}" ]; then T=$MP_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi

# half FILE OUT PARITY: the documents of FILE whose place (from 0) has that parity
half() {
	awk -v p="$3" '/^#begin document/ { n++ } (n - 1) % 2 == p' "$1" > "$2"
}

# score KEY RESPONSE LANG: "mentionF1 conllF1"
score() {
	c=""; [ "$3" = zh ] && c=--chars
	$XPROJ score $c "$1" "$2" 2>/dev/null |
		awk '$1=="mentions"{m=$NF} $1=="conll"{c=$NF} END{sub("%","",m); sub("%","",c); printf "%6.2f %6.2f", m, c}'
}

half $DEV/dev.english.v4_gold_conll $T/en.A.conll 0
half $DEV/dev.english.v4_gold_conll $T/en.B.conll 1
for l in ${LANGS:-zh fa}; do
	case $l in
	zh) opts="--chars --skip-articles" ;;
	fa) opts="--skip-articles" ;;
	esac
	mmc_pairs $l $T
	tgt=$DEV/dev.$name.v4_gold_conll
	half $tgt $T/$l.A.conll 0
	half $tgt $T/$l.B.conll 1
	extra="--train $T/$l.tune.pairs"
	[ $l = zh ] && extra="$extra --train $DATA/bitext/zh-en.tv4dialog.94k.pairs.gz"
	for h in A B; do
		$XPROJ mention-pairs --source $T/en.$h.conll --target $T/$l.$h.conll --lang $l $popts -o $T/$l.$h.mp \
			2>$T/$l.$h.mp.log
	done
	# the sweeps of the sentence pairs alone, as quality.sh
	n=$(( $(wc -l < $T/$l.dev.pairs) + $(wc -l < $T/$l.tune.pairs) ))
	[ $l = zh ] && n=$(( n + $(gzip -dc $DATA/bitext/zh-en.tv4dialog.94k.pairs.gz | wc -l) ))
	k=$MENTION_PAIRS
	iters=$(awk -v n=$n 'BEGIN { i = int(5000 / sqrt(n) + 0.5); print (i < 16 ? 16 : (i > 1000 ? 1000 : i)) }')
	echo "$l: span pairs from half A $(wc -l < $T/$l.A.mp), half B $(wc -l < $T/$l.B.mp), $k times; $iters sweeps"
	for s in $SEEDS; do
		for run in base A B; do
			mp=""
			[ $run != base ] && for i in $(seq $k); do
				if [ "${MENTION_PAIRS_AS:-lex}" = train ]; then mp="$mp --train $T/$l.$run.mp"; else mp="$mp --train-lex $T/$l.$run.mp"; fi
			done
			$XPROJ wordalign --lowercase --threads 2 --seed $s --iters $iters ${WA_OPTS:-} $T/$l.dev.pairs $extra $mp -o $T/$l.$run.pharaoh \
				--probs $T/$l.$run.probs > $T/$l.$run.wordalign.log 2>&1
			$XPROJ project --source $DEV/dev.english.v4_gold_conll --aligned $T/$l.dev.jsonl \
				--alignments $T/$l.$run.pharaoh --probs $T/$l.$run.probs --map $T/$l.dev.map $opts \
				-o $T/$l.proj.$run.conll 2>/dev/null
		done
		printf '  %s seed %s  half A: base %s  from B %s   half B: base %s  from A %s\n' $l $s \
			"$(score $T/$l.A.conll $T/$l.proj.base.conll $l)" "$(score $T/$l.A.conll $T/$l.proj.B.conll $l)" \
			"$(score $T/$l.B.conll $T/$l.proj.base.conll $l)" "$(score $T/$l.B.conll $T/$l.proj.A.conll $l)"
	done
done
