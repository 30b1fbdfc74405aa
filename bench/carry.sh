# bench/carry.sh — priors that carry from one run to the next (issue 33,
# item 4): do a user's corrections of earlier scenes teach the aligner of
# the next run?  A scene-fold cross-validation on mmc-tune (28 Friends
# scenes), the corrected files standing for what a user's corrections of
# those scenes would be.
#
# The recipe is bench/quality.sh's (pair -> bitext with the English spans ->
# wordalign trained with the extra bitext: Chinese the 92k TV4Dialog lines,
# Farsi the MMC dev pairs and its dev silver's span pairs as --train-lex ->
# project, RULES as quality.sh's defaults), aligned once as the baseline.
# Each fold k (the scenes whose place in the file is k modulo FOLDS) is then
# aligned again with the span pairs of the OTHER folds' corrected scenes
# as a user's store gives them: the baseline's run imported into a store
# (`xproj db import`), the other folds' scenes of the corrected file
# imported as corrections (`xproj db import-corrections`), and `xproj db
# pairs` (the confirmed mentions, each with its English mention, in the
# run's tokens), added as `wordalign --train-lex`, once, and only its own scenes'
# projections are scored.  Every scene is so scored by an aligner that never
# saw its corrections.  Mention and CoNLL F1 (Chinese on characters) over the
# 28 scenes, baseline and with the pairs, with the scene-bootstrap 90%
# interval of the difference (bench/carry.pl, audit.pl's resampling).
# Growth: the same with only the first N of each fold's training scenes (in
# a fixed spread order), N in SIZES.
#
# Environment: DATA, XPROJ; LANGS (default "fa zh"); FOLDS (4); SIZES
# ("5 10"; "" skips the growth); SEEDS (aligner seeds, default "1": with
# several, every gain is the mean of the seeds' and each is printed, as
# bench/audit.sh does); RESAMPLES (1000); CARRY_DIR keeps the outputs (and
# reuses the alignments found there).
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=fa zh}" "${FOLDS:=4}" "${SIZES=5 10}"
: "${RESAMPLES:=1000}" "${SEEDS:=1}"
TUNE=$DATA/mmc-tune
EN=$TUNE/tune.english.v4_gold_conll
if [ -n "${CARRY_DIR:-}" ]; then T=$CARRY_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi

# docs FILE OUT LIST: the documents of FILE whose place (from 0) is in LIST (",1,5,")
docs() {
	awk -v keep="$3" '/^#begin document/ { n++ } n && index(keep, "," (n - 1) ",")' "$1" > "$2"
}

# align L TAG [MP]: L's tune pairs aligned at seed $seed (cached as
# T/L.TAG.{pharaoh,probs}), with MP as --train-lex
align() {
	[ -s $T/$1.$2.pharaoh ] && return 0
	lex=""; [ -n "${3:-}" ] && lex="--train-lex $3"
	nice $XPROJ wordalign --lowercase --threads 2 --seed $seed $T/$1.pairs $extra $lex --src-spans $T/$1.spans \
		-o $T/$1.$2.tmp.pharaoh --probs $T/$1.$2.tmp.probs > $T/$1.$2.wordalign.log 2>&1
	# the names it learned go beside the alignments, where project reads them
	[ ! -e $T/$1.$2.tmp.names ] || mv $T/$1.$2.tmp.names $T/$1.$2.names
	mv $T/$1.$2.tmp.probs $T/$1.$2.probs; mv $T/$1.$2.tmp.pharaoh $T/$1.$2.pharaoh
}

# projscore L TAG: project with T/L.TAG's alignments, per-document scores in T/L.TAG.json
projscore() {
	$XPROJ project --source $EN --aligned $T/$1.jsonl --alignments $T/$1.$2.pharaoh --probs $T/$1.$2.probs \
		--map $T/$1.map $opts -o $T/$1.$2.conll --report $T/$1.$2.report.json 2>/dev/null
	$XPROJ score $chars --per-doc --json $key $T/$1.$2.conll > $T/$1.$2.json 2>/dev/null
}

ndoc=$(grep -c '^#begin document' $EN)
for l in $LANGS; do
	case $l in
	zh) name=chinese; popts="--tokens words"; opts="--chars --skip-articles"; chars=--chars
	    extra="--train $DATA/bitext/zh-en.tv4dialog.94k.pairs.gz" ;;
	fa) name=farsi; popts=""; opts="--skip-articles"; chars=""
	    $XPROJ pair --source $DATA/mmc/dev.english.v4_gold_conll --target $DATA/mmc/dev.farsi.v4_gold_conll \
		-o $T/fa-dev.jsonl 2>/dev/null
	    $XPROJ bitext $T/fa-dev.jsonl -o $T/fa-dev.pairs 2>/dev/null
	    $XPROJ mention-pairs --source $DATA/mmc/dev.english.v4_gold_conll --target $DATA/mmc/dev.farsi.v4_gold_conll \
		--lang fa -o $T/fa-dev.mp 2>/dev/null
	    extra="--train $T/fa-dev.pairs --train-lex $T/fa-dev.mp" ;;
	esac
	tgt=$TUNE/tune.$name.silver.v4_gold_conll key=$TUNE/tune.$name.corrected.v4_gold_conll
	$XPROJ pair --source $EN --target $tgt --lang $l $popts -o $T/$l.jsonl 2>/dev/null
	$XPROJ bitext $T/$l.jsonl -o $T/$l.pairs --map $T/$l.map --source $EN --spans $T/$l.spans 2>/dev/null
	for seed in $SEEDS; do align $l $seed.base; projscore $l $seed.base; done
	set -- $SEEDS
	first=$1
	sets="full"; for n in $SIZES; do sets="$sets n$n"; done
	for s in $sets; do
		k=0
		while [ $k -lt $FOLDS ]; do
			# the training scenes: the other folds', in a spread order (place * 11 mod the count)
			train=$(awk -v n=$ndoc -v k=$k -v f=$FOLDS 'BEGIN { for (i = 0; i < n; i++) if (i % f != k) print (i * 11) % n, i }' |
				sort -n | awk '{ print $2 }')
			[ $s != full ] && train=$(echo "$train" | head -n ${s#n})
			list=,$(echo $train | tr ' ' ,),
			# the user's path: the run in a store, the corrected scenes
			# imported as a corrected file, the store's confirmed span pairs
			docs $key $T/$l.$s.$k.key.conll "$list"
			# (the first seed's run: the pairs are the corrected file's
			# mentions, whichever projection they correct)
			rm -f $T/$l.$s.$k.db
			$XPROJ db import $T/$l.$s.$k.db --source $EN --aligned $T/$l.jsonl --report $T/$l.$first.base.report.json \
				--lang $l > /dev/null
			$XPROJ db import-corrections $T/$l.$s.$k.db $T/$l.$s.$k.key.conll --format conll > $T/$l.$s.$k.import.log
			# (Chinese: aligned in words, projected onto characters: the
			# store holds characters, the pairs go in words)
			$XPROJ db pairs $T/$l.$s.$k.db $popts -o $T/$l.$s.$k.mp > $T/$l.$s.$k.mp.log
			for seed in $SEEDS; do align $l $seed.$s.$k $T/$l.$s.$k.mp; projscore $l $seed.$s.$k; done
			echo "$l $s fold $k: $(echo $train | wc -w) scenes, $(wc -l < $T/$l.$s.$k.mp) span pairs"
			k=$((k + 1))
		done
		perl bench/carry.pl --lang $l --set $s --seeds "$SEEDS" --folds $FOLDS --dir $T --resamples $RESAMPLES
	done
done
