# bench/audit.sh — a second opinion before a rule stays (issue 33): every
# rule of the Chinese and Farsi packs, measured from the SAME word
# alignments with the rule and without it, on mmc-tune (against the
# corrected files, with a scene-level bootstrap interval for the gain) and on
# MMC dev (against MMC's dev silver: agreement with another aligner, not
# truth), one table row a rule, with a verdict.
#
# The alignments are made once per language and aligner seed (the mmc-tune
# and MMC dev pairs aligned together, Chinese trained with the 92k TV4Dialog
# bitext too (`--train`), as bench/seeds.sh does: no span pairs of the
# dev silver, so the dev label never trained the aligner) and cached in
# AUDIT_DIR; every projection after that reads them (`project` is cheap).
# bench/triage.sh's alignments are not these: it aligns the bitext with
# the pairs (every line decoded) instead of training on it, which gives
# other Chinese links for the same seed (the Farsi ones, no bitext, are
# the same).  So each seed's log (LANG.SEED.wordalign.log) starts with the
# recipe that made it, and a cached seed without audit.sh's log, or with
# another recipe's, is said on stderr (kept, not aligned again).
#
# The baseline is the benchmarks' rule set: the pack's defaults with
# `articles` on (`--rules +articles`, what bench/quality.sh's --skip-articles
# says; Chinese with --chars).  For a rule the baseline has on, the variant
# is `--rules +articles,-RULE` and the gain is baseline minus variant; for
# a rule it has off, `+RULE`, and the gain is what turning it on does.
#
# Scores: mention F1 and CoNLL F1 (`xproj score --per-doc --json`, Chinese
# on characters).  The bootstrap resamples the 28 mmc-tune scenes with
# replacement (RESAMPLES times, a fixed generator seed), sums each metric's
# counts over the resample, and takes the gain's mean over the aligner
# seeds; the interval is the 5th..95th percentile (90%).  Verdict (mention
# F1): KEEP when the interval's low end is above zero and the dev gain is
# >= -TOL; otherwise DOUBT.  Halves (an independent view): mmc-tune by
# episode (S01E13 / S01E14) and MMC dev by document order (odd / even, as
# bench/mention_pairs.sh splits it).
#
# MMC dev by show (issue 33): the held-out test is TBBT, which no rule was
# tuned on (mmc-tune is Friends only), so every row also gives the gain on
# dev's TBBT scenes (their names end in t, 107) with a scene-bootstrap
# interval of their own, and on its Friends scenes (27); the TBBT check
# says "loses" when that interval lies wholly below zero, and "remove" when
# the tune interval reaches zero too.  The line before the last names the
# rules to remove by it.
#
# Environment: DATA, XPROJ; AUDIT_DIR (cache and outputs; default a
# temporary directory, alignments lost); LANGS (default "zh fa"); SEEDS
# (default "1 7 11"); RESAMPLES (1000); BOOT_SEED (33); TOL (0.05);
# AUDIT_JOBS=1 projects the seeds one after the other (default: together);
# AUDIT_ALIGN_ONLY=1 makes the alignments and stops; AUDIT_RULES="r1 r2"
# audits only those rules (the others' rows are left out).
# AUDIT_SPANS="2 4": also audit the aligner's English mention spans
# (`wordalign --src-spans`, `bitext --spans`) at each factor: the pairs are
# aligned again with them (cached as LANG.SEED.spanF.*, with the names
# that run learned, as the baseline's cache has its own: before, the spans'
# run wrote none while the baseline's had one, and a Chinese spanF row held
# the rule `names`' loss too) and projected with the baseline's rules; row
# `spanF`, its gain what the spans do.  AUDIT_RULES=none with it audits the spans alone.
# AUDIT_ALL_LINKS=1: the aligner also writes every candidate link with its
# posterior (`wordalign --all-links`, LANG.SEED.SET.all.{pharaoh,probs}),
# and every projection reads them (the rule ef1's input; the others ignore
# them); a cache made without them is aligned again.
# AUDIT_DICT=FILE: also audit a bilingual dictionary as the aligner's prior
# (`wordalign --dict FILE`, dictd's or CEDICT's: docs/rules.md): the pairs
# aligned again with it (cached as LANG.SEED.dict.*, with the names that
# run learned) and projected with the baseline's rules; row dict, its gain
# what the dictionary does.  AUDIT_RULES=none with it audits it alone.
# AUDIT_DICT_OPTS="OPTIONS": more of wordalign's options for the
# dictionary's run (a variant of how its pairs are given: --dict-rare K,
# measured and reverted, docs/rules.md), in the recipe line, so a cache of
# another variant is said, not silently reused.
# AUDIT_ZH_TRAIN=none: Chinese trained on the tune and dev pairs alone, no
# TV4Dialog bitext (a small bitext, where a prior should matter more; the
# recipe line says so: use another AUDIT_DIR than the 92k one's).
# AUDIT_PHRASES=1: the aligner also writes the target phrases it learned
# for English word runs from every pair it aligns or trains on
# (`wordalign --phrases`, LANG.SEED.phrases), and every projection reads
# them (the rule phrases' input); a cache made without them is aligned again.
# AUDIT_WA_OFF="--no-closed-prior --no-name-prior": kept settings of the
# aligner, each turned off by the wordalign option named: the pairs aligned
# again with it (cached as LANG.SEED.OPT.*, OPT the option without its
# dashes) and projected with the baseline's rules; row OPT, a setting the
# baseline has on (gain = with it minus without), KEEP or DOUBT against
# the control.
# AUDIT_WA_ON="--samplers 6 --iters 48": settings of the aligner turned on
# (or set), each by the wordalign option named, with its value if it takes
# one (a letters-digits-dot word, no dash: the option is what follows one):
# the pairs aligned again with it (cached as LANG.SEED.TAG.*, TAG the option
# and its value without dashes or space: samplers6) and projected with the
# baseline's rules; row TAG, a setting the baseline has off (gain = with it
# minus without), read against the control as the other aligner rows.
# Every aligner run's CPU seconds (user + sys, the shell's `times`) end its
# log (`# cpu: ...`) and its "aligned in" line: a setting's cost is read
# against the baseline's runs of the same session (the control's).
# AUDIT_MP=1: the span pairs of MMC's dev silver (`xproj mention-pairs`,
# as bench/quality.sh gives Farsi's: once, `wordalign --train-lex`): row
# mp, its tune gain from the pairs aligned with every dev scene's span
# pairs (LANG.SEED.mpall.*), its dev gain held out: each half of MMC dev
# by document order (bench/mention_pairs.sh's halves) scored from the
# pairs aligned with the other half's span pairs only (LANG.SEED.mpA.*,
# .mpB.*), so no dev scene is scored by an aligner its silver trained.
#
# The control (issue 33 item 1; docs/quality.md, "Aligner rows and their
# control"): a row aligned again (spanF, dict, a setting of AUDIT_WA_OFF,
# mp) moves the sampler's chain as well as the links, and the scene
# bootstrap, which holds the alignments fixed, cannot see that noise.  With
# such a row the baseline is also aligned at CTL_SEEDS (below; cached as
# LANG.SEED.*, as the baseline) and projected as the
# baseline: row ctl, the baseline at those seeds against the baseline at
# SEEDS, what a new chain alone does.  An aligner row then passes only when
# its tune interval is above zero, its tune gain is beyond the control's
# interval (max(|lo|, |hi|)) and its dev gain >= -(TOL + |the control's
# dev gain|); bench/audit.pl prints each beside the control.  CTL_SEEDS
# holds triples, comma-separated, and the control is pooled over them
# (docs/quality.md, "The control pooled over several triples"; default
# "2 3 5,13 17 19,23 29 31": 9 more alignments a recipe, each triple as
# many seeds as SEEDS, no seed in SEEDS or twice; one triple, "2 3 5",
# the control of one draw, as before).
# CTL_SEEDS=none: no control (the aligner rows say so).
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=zh fa}" "${SEEDS:=1 7 11}"
: "${RESAMPLES:=1000}" "${BOOT_SEED:=33}" "${TOL:=0.05}" "${AUDIT_JOBS:=0}" "${CTL_SEEDS:=2 3 5,13 17 19,23 29 31}"
# the rows aligned again: the spans, the dictionary, the settings turned off
# or on, the span pairs
ALIGNER="${AUDIT_SPANS:-}${AUDIT_DICT:-}${AUDIT_WA_OFF:-}${AUDIT_WA_ON:-}${AUDIT_MP:-}"
for o in ${AUDIT_WA_OFF:-}; do
	case $o in --[a-z]*) ;; *) echo "audit.sh: AUDIT_WA_OFF: $o is no wordalign option (--name)" >&2; exit 2;; esac
	case ${o#--} in *[!a-z0-9-]*) echo "audit.sh: AUDIT_WA_OFF: $o: one option without a value, letters, digits and dashes" >&2; exit 2;; esac
	n=0; for w in ${AUDIT_WA_OFF:-}; do [ "$w" = "$o" ] && n=$((n + 1)); done
	[ $n = 1 ] || { echo "audit.sh: AUDIT_WA_OFF: $o is given twice: one row an option" >&2; exit 2; }
done
# AUDIT_WA_ON as words, an option and its value joined by _ (--samplers_6)
WA_ON=""
for o in ${AUDIT_WA_ON:-}; do
	case $o in
	--[a-z]*)
		case ${o#--} in *[!a-z0-9-]*) echo "audit.sh: AUDIT_WA_ON: $o: an option is letters, digits and dashes (its value follows it after a space)" >&2; exit 2;; esac
		# the audit's own: --seed 5 aligned every row's seeds at seed 5
		# (the last --seed wins), a row of one chain thrice
		case $o in --seed) echo "audit.sh: AUDIT_WA_ON: $o is the audit's own (each row is aligned at every seed of SEEDS): not a setting to audit" >&2; exit 2;; esac
		# one option twice (two rows of one name, one cache), or turned
		# both on and off (AUDIT_WA_OFF: two rows of one name, gains of
		# opposite signs, from one cache): which is meant?
		for w in $WA_ON ${AUDIT_WA_OFF:-}; do
			[ "${w%%_*}" = "$o" ] && { echo "audit.sh: AUDIT_WA_ON: $o is given twice (in AUDIT_WA_ON or AUDIT_WA_OFF): one row an option" >&2; exit 2; }
		done
		WA_ON="$WA_ON${WA_ON:+ }$o" ;;
	-*|"") echo "audit.sh: AUDIT_WA_ON: $o is no wordalign option (--name [value])" >&2; exit 2 ;;
	*)
		[ -n "$WA_ON" ] || { echo "audit.sh: AUDIT_WA_ON: $o follows no option" >&2; exit 2; }
		case ${WA_ON##* } in *_*) echo "audit.sh: AUDIT_WA_ON: ${WA_ON##* }: $o: one value an option" >&2; exit 2;; esac
		case $o in *[!A-Za-z0-9.]*) echo "audit.sh: AUDIT_WA_ON: $o: a value is letters, digits and dots" >&2; exit 2;; esac
		WA_ON="${WA_ON}_$o" ;;
	esac
done
# watag OPT: the row's name and cache tag of a wordalign option (--samplers_6: samplers6)
watag() { echo "${1#--}" | tr -d _; }
# the control's seeds (CTL: every triple's, CTLT: the triples as given):
# only with an aligner row; each triple as many as SEEDS, none of them, no seed twice
CTL="" CTLT=""
if [ -n "$ALIGNER" ] && [ "$CTL_SEEDS" != none ]; then
	CTLT=$CTL_SEEDS
	CTL=$(echo "$CTLT" | tr ',' ' ')
	for t in $(echo "$CTLT" | tr ' ,' '_ '); do
		t=$(echo $t | tr _ ' ')
		[ $(echo $t | wc -w) = $(echo $SEEDS | wc -w) ] ||
			{ echo "audit.sh: CTL_SEEDS ($t) needs as many seeds as SEEDS ($SEEDS)" >&2; exit 2; }
	done
	for c in $CTL; do
		case " $SEEDS " in *" $c "*) echo "audit.sh: control seed $c is one of SEEDS ($SEEDS)" >&2; exit 2;; esac
		[ $(echo $CTL | tr " " "\n" | grep -cx "$c") = 1 ] ||
			{ echo "audit.sh: control seed $c is given twice in CTL_SEEDS ($CTLT)" >&2; exit 2; }
	done
fi
TUNE=$DATA/mmc-tune
EN_tune=$TUNE/tune.english.v4_gold_conll
EN_dev=$DATA/mmc/dev.english.v4_gold_conll
. bench/mmc_pairs.sh
if [ -n "${AUDIT_DIR:-}" ]; then T=$AUDIT_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi
now() { date +%s; }
start=$(now)

# align LANG SEED [FACTOR|dict|--OPT[_VALUE]|mpall|mpA|mpB]:
# DIR/LANG.SEED.{tune,dev}.{pharaoh,probs}, once; with FACTOR, the English
# mention spans at that factor: LANG.SEED.spanF.*; with dict, AUDIT_DICT's
# dictionary: LANG.SEED.dict.*; with --OPT, that wordalign option:
# LANG.SEED.TAG.* (watag); with mpall, mpA, mpB, the span pairs of every dev scene's
# silver, of half A's, of half B's (--train-lex): LANG.SEED.mpX.*
align() {
	l=$1 s=$2 v=${3:+.span$3} dict="" opt="" mp=""
	case ${3:-} in
	dict) v=.dict dict=$AUDIT_DICT ;;
	--*) v=.$(watag $3) opt=$(echo $3 | tr _ ' ') ;;
	mpall|mpA|mpB) v=.$3 mp=$3 ;;
	esac
	train=""; [ $l = zh ] && [ "${AUDIT_ZH_TRAIN:-}" != none ] && train=$DATA/bitext/zh-en.tv4dialog.94k.pairs.gz
	# what makes the links (the extra outputs, --all-links and --phrases,
	# do not change them; the paths do not either)
	recipe="# audit.sh recipe: wordalign --lowercase --threads 2 --seed $s${train:+ --train ${train##*/}}${dict:+ --dict ${dict##*/}${AUDIT_DICT_OPTS:+ $AUDIT_DICT_OPTS}}"
	recipe="$recipe${opt:+ $opt}${mp:+ --train-lex the dev silver's span pairs, $(echo $mp | sed 's/mpall/every scene/; s/mp\(.\)/half \1/')}"
	[ -z "$dict$opt$mp" ] && recipe="$recipe${3:+ --span-factor $3}"
	log=$T/$l.$s$v.wordalign.log
	what=${3:+ spans $3}; [ -n "$dict" ] && what=" with the dictionary"
	[ -n "$opt" ] && what=" with $opt"
	[ -n "$mp" ] && what=" with the span pairs ($mp)"
	if [ -s $T/$l.$s$v.dev.probs ] && { [ -z "${AUDIT_ALL_LINKS:-}" ] || [ -s $T/$l.$s$v.dev.all.probs ]; } &&
		{ [ -z "${AUDIT_PHRASES:-}" ] || [ -n "$v" ] || [ -s $T/$l.$s.phrases ]; }; then
		# a log of audit.sh from before the recipe line has none: not said
		if [ ! -e $log ]; then
			echo "audit.sh: $l seed $s$what: cached alignments in $T without audit.sh's log $log (copied from another recipe? bench/triage.sh's gives other Chinese links): kept" >&2
		elif grep -q '^# audit.sh recipe: ' $log && ! grep -qxF "$recipe" $log; then
			echo "audit.sh: $l seed $s$what: cached alignments made by '$(grep '^# audit.sh recipe: ' $log | cut -c20-)', not '$(echo "$recipe" | cut -c20-)': kept" >&2
		fi
		return 0
	fi
	extra=${train:+--train $train}
	if [ -n "$dict" ]; then
		extra="$extra --dict $dict ${AUDIT_DICT_OPTS:-}"
	elif [ -n "$opt" ]; then
		extra="$extra $opt"
	elif [ -n "$mp" ]; then
		extra="$extra --train-lex $T/$l.$mp.mp"
	elif [ -n "$v" ]; then
		extra="$extra --src-spans $T/$l.all.spans --span-factor $3"
	fi
	[ -n "${AUDIT_PHRASES:-}" ] && [ -z "$v" ] && extra="$extra --phrases $T/$l.$s.phrases"
	outs="pharaoh probs"
	[ -n "${AUDIT_ALL_LINKS:-}" ] && outs="$outs all.pharaoh all.probs" &&
		extra="$extra --all-links $T/$l.$s$v.all.all.pharaoh --all-probs $T/$l.$s$v.all.all.probs"
	cat $T/$l.tune.pairs $T/$l.dev.pairs > $T/$l.all.pairs
	echo "$recipe" > $log
	a=$(now)
	# (in a subshell, whose `times` second line is its children's: the aligner's)
	cpu=$( (nice -n 10 $XPROJ wordalign --lowercase --threads 2 --seed $s $T/$l.all.pairs $extra \
		-o $T/$l.$s$v.all.pharaoh --probs $T/$l.$s$v.all.probs >> $log 2>&1 || exit $?; times) |
		awk 'NR == 2 { n = 0; for (i = 1; i <= 2; i++) { split($i, p, /m/); n += p[1] * 60 + p[2] } printf "%.1f", n }')
	[ -n "$cpu" ] || { echo "audit.sh: $l seed $s: wordalign failed (its log: $log)" >&2; exit 1; }
	echo "# cpu: $cpu s (user + sys)" >> $log
	nt=$(wc -l < $T/$l.tune.pairs) nd=$(wc -l < $T/$l.dev.pairs)
	for x in $outs; do
		head -n $nt $T/$l.$s$v.all.$x > $T/$l.$s$v.tune.$x
		sed -n "$((nt + 1)),$((nt + nd))p" $T/$l.$s$v.all.$x > $T/$l.$s$v.dev.$x.tmp
		mv $T/$l.$s$v.dev.$x.tmp $T/$l.$s$v.dev.$x
	done
	rm -f $T/$l.$s$v.all.pharaoh $T/$l.$s$v.all.probs $T/$l.$s$v.all.all.pharaoh $T/$l.$s$v.all.all.probs
	# the names wordalign learned (from every pair: the bitext's too) stand
	# next to both halves' alignments, where project reads them
	if [ -e $T/$l.$s$v.all.names ]; then
		cp $T/$l.$s$v.all.names $T/$l.$s$v.tune.names
		mv $T/$l.$s$v.all.names $T/$l.$s$v.dev.names
	fi
	echo "  $l seed $s$what: aligned in $(( $(now) - a )) s, $cpu s of CPU" >&2
}

# the English mention spans of each pair, tune then dev (bitext --spans)
spans() {
	[ -s $T/$1.all.spans ] && return 0
	$XPROJ bitext $T/$1.tune.jsonl -o $T/$1.tune.pairs.chk --source $EN_tune --spans $T/$1.tune.spans 2>/dev/null
	$XPROJ bitext $T/$1.dev.jsonl -o $T/$1.dev.pairs.chk --source $EN_dev --spans $T/$1.dev.spans 2>/dev/null
	cmp -s $T/$1.tune.pairs.chk $T/$1.tune.pairs && cmp -s $T/$1.dev.pairs.chk $T/$1.dev.pairs ||
		{ echo "audit.sh: bitext --spans wrote other pairs" >&2; exit 1; }
	rm -f $T/$1.tune.pairs.chk $T/$1.dev.pairs.chk
	cat $T/$1.tune.spans $T/$1.dev.spans > $T/$1.all.spans
}

# dhalf FILE OUT PARITY: the documents of FILE whose place (from 0) has
# that parity (bench/mention_pairs.sh's halves; audit.pl's dev halves A, B)
dhalf() {
	awk -v p="$3" '/^#begin document/ { n++ } (n - 1) % 2 == p' "$1" > "$2"
}
# the span pairs of MMC's dev silver, as bench/quality.sh makes them:
# LANG.mpall.mp (every scene), LANG.mpA.mp, LANG.mpB.mp (each half's)
mpairs() {
	[ -s $T/$1.mpB.mp ] && return 0
	tg=$DATA/mmc/dev.$name.v4_gold_conll popts=""; [ $1 = zh ] && popts="--tokens words"
	dhalf $EN_dev $T/en.devA.conll 0; dhalf $EN_dev $T/en.devB.conll 1
	dhalf $tg $T/$1.devA.conll 0; dhalf $tg $T/$1.devB.conll 1
	$XPROJ mention-pairs --source $EN_dev --target $tg --lang $1 $popts -o $T/$1.mpall.mp 2>/dev/null
	for h in A B; do
		$XPROJ mention-pairs --source $T/en.dev$h.conll --target $T/$1.dev$h.conll --lang $1 $popts \
			-o $T/$1.mp$h.mp.tmp 2>/dev/null
		mv $T/$1.mp$h.mp.tmp $T/$1.mp$h.mp
	done
	echo "  $1: span pairs of the dev silver: $(wc -l < $T/$1.mpall.mp), half A $(wc -l < $T/$1.mpA.mp), half B $(wc -l < $T/$1.mpB.mp)" >&2
}

for l in $LANGS; do
	case $l in zh|fa) ;; *) echo "audit.sh: no audit for language $l" >&2; exit 2;; esac
	mmc_pairs $l $T
	for s in $SEEDS $CTL; do align $l $s; done
	[ -n "${AUDIT_SPANS:-}" ] && spans $l
	for f in ${AUDIT_SPANS:-}; do
		for s in $SEEDS; do align $l $s $f; done
	done
	[ -n "${AUDIT_DICT:-}" ] && for s in $SEEDS; do align $l $s dict; done
	for o in ${AUDIT_WA_OFF:-} $WA_ON; do
		for s in $SEEDS; do align $l $s $o; done
	done
	if [ -n "${AUDIT_MP:-}" ]; then
		case $l in zh) name=chinese;; fa) name=farsi;; esac
		mpairs $l
		for s in $SEEDS; do for h in mpall mpA mpB; do align $l $s $h; done; done
	fi
done
[ -n "${AUDIT_ALIGN_ONLY:-}" ] && exit 0

echo "Rule audit: each rule from the same alignments (seeds $SEEDS), mmc-tune against the corrected files,"
echo "MMC dev against its silver; gain = baseline (--rules +articles) minus without the rule (or with it, for"
echo "rules off by default); mention F1 points, ${RESAMPLES} scene resamples, 90% interval; KEEP: interval > 0"
echo "and dev gain >= -$TOL"
# project_seed LANG SEED SPEC TAG [ALIGNMENTS]: DIR/LANG.SEED.{tune,dev}.TAG.json
# (ALIGNMENTS: the tag of other alignments, LANG.SEED.ALIGNMENTS.*)
project_seed() {
	for set in tune dev; do
		out=$T/$1.$2.$set.$4 A=$T/$1.$2${5:+.$5}.$set
		[ -s $out.json ] && [ $out.json -nt $XPROJ ] && continue
		eval "en=\$EN_$set"
		case $set in tune) key=$TUNE/tune.$name.corrected.v4_gold_conll;;
			     dev) key=$DATA/mmc/dev.$name.v4_gold_conll;; esac
		all=""; [ -n "${AUDIT_ALL_LINKS:-}" ] && all="--all-links $A.all.pharaoh --all-probs $A.all.probs"
		[ -n "${AUDIT_PHRASES:-}" ] && [ -z "${5:-}" ] && all="$all --phrases $T/$1.$2.phrases"
		# (the names of the run over both halves: named, since their "# links"
		# are the whole run's, not this half's, and project refuses them unnamed)
		[ -e $A.names ] && all="$all --names $A.names"
		nice -n 10 $XPROJ project --source $en --aligned $T/$1.$set.jsonl --alignments $A.pharaoh \
			--probs $A.probs --map $T/$1.$set.map $c --rules $3 $all -o $out.conll 2>/dev/null
		nice -n 10 $XPROJ score $c --per-doc --json $key $out.conll > $out.json.tmp 2>/dev/null
		mv $out.json.tmp $out.json
		rm -f $out.conll
	done
}

for l in $LANGS; do
	case $l in
	zh) name=chinese c=--chars ;;
	fa) name=farsi c="" ;;
	esac
	# the pack's rules: "name baseline kind pack-default"
	$XPROJ project --list-rules --lang $l --json > $T/$l.rules.pack.json
	$XPROJ project --list-rules --lang $l --rules +articles --json > $T/$l.rules.json
	perl -MJSON::PP -e 'sub rd { open my $f, "<", $_[0] or die "$_[0]: $!\n"; local $/; decode_json(<$f>)->{rules} }
		my @p = @{rd($ARGV[0])}; my @b = @{rd($ARGV[1])};
		printf "%s %s %s %s\n", $b[$_]{name}, $b[$_]{default} ? "on" : "off", $b[$_]{kind},
			$p[$_]{default} ? "on" : "off" for 0 .. $#b' $T/$l.rules.pack.json $T/$l.rules.json > $T/$l.rules
	# a cache aligned before wordalign wrote names (or copied without them):
	# the rule names then has nothing to read, and its row says no effect
	if grep -q '^names ' $T/$l.rules; then
		for s in $SEEDS; do
			[ -e $T/$l.$s.tune.names ] || echo "audit.sh: $l seed $s: no names file in $T (aligned without one): the rule names reads nothing" >&2
		done
	fi
	: > $T/$l.runs
	while read -r r def kind pdef; do
		case " ${AUDIT_RULES:-$r} " in *" $r "*) ;; *) continue;; esac
		case $def in on) v=-$r;; *) v=+$r;; esac
		for tag in base "$v"; do
			[ $tag = base ] && { spec=+articles; f=base; } || { spec=+articles,$tag; f=$r; }
			grep -q "^$f " $T/$l.runs && continue
			# the seeds in parallel (AUDIT_JOBS=1: one after the other); a
			# score newer than the xproj binary is kept
			for s in $SEEDS; do
				project_seed $l $s $spec $f &
				[ "$AUDIT_JOBS" = 1 ] && wait
			done
			wait
			echo "$f $def $kind" >> $T/$l.runs
		done
	done < $T/$l.rules
	# the aligner's spans: the baseline's rules from the spans' alignments;
	# the control: the baseline's at the control's seeds
	for f in ${ALIGNER:+base} ${AUDIT_SPANS:-} ${AUDIT_DICT:+dict} ${AUDIT_WA_OFF:-} $WA_ON ${AUDIT_MP:+mpall mpA mpB} ${CTL:+ctl}; do
		case $f in base|ctl) tag=$f a="";; dict|mpall|mpA|mpB) tag=$f a=$f;; --*) tag=$(watag $f) a=$tag;; *) tag=span$f a=span$f;; esac
		grep -q "^$tag " $T/$l.runs && continue
		ss=$SEEDS; [ $f = ctl ] && ss=$CTL
		for s in $ss; do
			if [ $f = ctl ]; then project_seed $l $s +articles base &
			else project_seed $l $s +articles $tag $a &
			fi
			[ "$AUDIT_JOBS" = 1 ] && wait
		done
		wait
		echo "$tag off aligner" >> $T/$l.runs
	done
	# the row mp: mmc-tune from every scene's span pairs, each dev half
	# from the other half's (held out)
	[ -n "${AUDIT_MP:-}" ] && for s in $SEEDS; do
		cp $T/$l.$s.tune.mpall.json $T/$l.$s.tune.mp.json
		perl -MJSON::PP -e 'sub rd { open my $f, "<", $_[0] or die "audit.sh: $_[0]: $!\n"; local $/; decode_json(<$f>) }
			my ($a, $b) = map { rd($_)->{documents} } @ARGV;
			@$a == @$b or die "audit.sh: the dev halves scored other scenes\n";
			# place i even (half A): from the run of half B'"'"'s pairs; odd: of half A'"'"'s
			print encode_json({documents => [map { $_ % 2 ? $a->[$_] : $b->[$_] } 0 .. $#$a]}), "\n"' \
			$T/$l.$s.dev.mpA.json $T/$l.$s.dev.mpB.json > $T/$l.$s.dev.mp.json.tmp
		mv $T/$l.$s.dev.mp.json.tmp $T/$l.$s.dev.mp.json
	done
	echo
	sel=$T/$l.rules
	[ -n "${AUDIT_RULES:-}" ] && { sel=$T/$l.rules.sel; for r in $AUDIT_RULES; do grep "^$r " $T/$l.rules; done > $sel || :; }
	if [ -n "$ALIGNER" ]; then
		[ $sel = $T/$l.rules ] && { cp $T/$l.rules $T/$l.rules.sel; sel=$T/$l.rules.sel; }
		[ -n "$CTL" ] && echo "ctl off control off" >> $sel
		for f in ${AUDIT_SPANS:-}; do echo "span$f off aligner off" >> $sel; done
		[ -n "${AUDIT_DICT:-}" ] && echo "dict off aligner off" >> $sel
		for o in ${AUDIT_WA_OFF:-}; do echo "${o#--} on aligner on" >> $sel; done
		for o in $WA_ON; do echo "$(watag $o) off aligner off" >> $sel; done
		[ -n "${AUDIT_MP:-}" ] && echo "mp off aligner off" >> $sel
	fi
	rm -f $T/$l.verdicts $T/$l.tbbt $T/$l.aligner
	perl bench/audit.pl --lang $l --dir $T --seeds "$SEEDS" --resamples $RESAMPLES --boot-seed $BOOT_SEED \
		--tol $TOL --rules $sel ${CTLT:+--ctl-seeds "$CTLT"}
done
echo
# the verdicts, counted (KEEP: on and passes; DOUBT: on and does not; off: off in the packs)
k=0 d=0 o=0 per=""
for l in $LANGS; do
	[ -s $T/$l.verdicts ] || continue   # (AUDIT_RULES named none of its rules)
	read -r k1 d1 o1 < $T/$l.verdicts
	k=$((k + k1)) d=$((d + d1)) o=$((o + o1)) per="$per${per:+; }$l $k1/$d1/$o1"
done
# the rules the TBBT check would remove (TBBT interval below zero, tune within noise)
tb=""
for l in $LANGS; do
	[ -e $T/$l.tbbt ] || continue
	read -r x < $T/$l.tbbt || x=""
	tb="$tb${tb:+; }$l ${x:-none}"
done
# the aligner rows' verdicts against the control
al=""
for l in $LANGS; do
	[ -s $T/$l.aligner ] || continue
	al="$al${al:+; }$l $(awk '{ n = $1; $1 = ""; printf "%s%s:%s", (NR > 1 ? ", " : ""), n, $0 }' $T/$l.aligner)"
done
echo "audit.sh: $(( $(now) - start )) s"
[ -n "$al" ] && echo "audit.sh: aligner rows against the control (seeds $CTLT): $al"
echo "audit.sh: TBBT check, to remove: ${tb:-none}"
echo "audit.sh: KEEP $k DOUBT $d (off $o; KEEP/DOUBT/off by language: $per)"
