# bench/audit_null.sh — how often chain noise alone passes bench/audit.sh's
# verdicts (issue 33 item 1): a null aligner row, a change that changes
# nothing but the sampler's chain, put to the rule rows' test and to the
# aligner rows' test against the control (docs/quality.md, "Aligner rows
# and their control").
#
# The baseline is aligned at four triples of seeds (TRIPLES; bench/audit.sh's
# recipe and cache, AUDIT_DIR) and projected with the baseline's rules.  For
# each ordered choice of three triples (a, b, c), bench/audit.pl reads the
# baseline at a as the audit's seeds, the baseline at b as a "row aligned
# again" (kind aligner: what a new chain alone does, the null) and the
# baseline at c as the control: 24 null rows a language from 12 seeds (not
# independent: 4 chains' draws each).  A null row that passes a test is a
# false pass; the line per language counts them, and the bar (the far end
# of the control's tune interval from zero) says how much one control draw
# moves.  Then the pooled control (docs/quality.md, "The control pooled
# over several triples"): for each ordered choice of an audit triple a and a
# null row's triple b, every other triple pooled as the control: 12 null
# rows a language from the same four triples.
#
#   DATA=../shared/data AUDIT_DIR=/tmp/audit-fa sh bench/audit_null.sh
# Environment: LANGS (default fa: the MMC pairs alone, 12 alignments of some
# 20 s each); AUDIT_ZH_TRAIN (bench/audit.sh's: none for the small Chinese
# recipe); TRIPLES (default "1 7 11,2 3 5,13 17 19,23 29 31"); RESAMPLES
# (1000), TOL (0.05).
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=fa}" "${RESAMPLES:=1000}" "${TOL:=0.05}"
: "${TRIPLES:=1 7 11,2 3 5,13 17 19,23 29 31}"
if [ -n "${AUDIT_DIR:-}" ]; then T=$AUDIT_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi
all=$(echo "$TRIPLES" | tr ',' ' ')
n=$(echo "$TRIPLES" | tr ',' '\n' | wc -l)
[ "$n" -ge 3 ] || { echo "audit_null.sh: TRIPLES needs three triples at least" >&2; exit 2; }
# the alignments: bench/audit.sh's, cached in AUDIT_DIR
DATA=$DATA XPROJ=$XPROJ LANGS=$LANGS SEEDS="$all" AUDIT_DIR=$T AUDIT_ALIGN_ONLY=1 sh bench/audit.sh
# nullrow A B C: the null row (baseline at B) against the baseline at A,
# the control at C (triples with _ for spaces; C may hold several, by
# commas: pooled); prints its table line and counts it
nullrow() {
	a=$1 b=$2 cc=$3
	# a scratch directory of links: the null row's files at a's seeds are
	# the baseline's at b's
	d=$T/null.$a.$b; rm -rf $d; mkdir -p $d
	set -- $(echo $b | tr _ ' ')
	for s in $(echo $a | tr _ ' '); do
		for set in tune dev; do
			ln -s $T/$l.$s.$set.base.json $d/$l.$s.$set.base.json
			ln -s $T/$l.$1.$set.base.json $d/$l.$s.$set.null.json
		done
		shift
	done
	for s in $(echo $cc | tr '_,' '  '); do
		for set in tune dev; do ln -s $T/$l.$s.$set.base.json $d/$l.$s.$set.base.json; done
	done
	perl bench/audit.pl --lang $l --dir $d --seeds "$(echo $a | tr _ ' ')" --ctl-seeds "$(echo $cc | tr _ ' ')" \
		--resamples $RESAMPLES --boot-seed 33 --tol $TOL --rules $T/null.rules > $d/out
	# the table of the aligner rows: null's line, and the bar
	row=$(grep '^| `null` | [+-]' $d/out | tail -1)
	bar=$(sed -n 's/.*tune gain > \([0-9.]*\) (the far end.*/\1/p' $d/out)
	echo "$row" | awk -F' [|] ' -v a="$a" -v b="$b" -v c="$cc" -v bar="$bar" '{
		gsub(/_/, " ", a); gsub(/_/, " ", b); gsub(/_/, " ", c); gsub(/,/, ", ", c); sub(/ [|]$/, "", $11)
		printf "| %s | %s | %s | %s (%s) | %s | %s (%s) | %s | %s | %s |\n", a, b, c, $2, $3, $6, $4, $5, bar, $10, $11 }' |
		sed 's/ ([+-][0-9.]*\/[^)]*)//g'
	rows=$((rows + 1)) bars="$bars $bar"
	echo "$row" | grep -q '| would pass on | [^|]* |$' && old=$((old + 1))
	echo "$row" | grep -q '| would pass on |$' && new=$((new + 1))
	rm -rf $d
}
for l in $LANGS; do
	case $l in zh) name=chinese c=--chars ;; fa) name=farsi c="" ;; esac
	# the baseline's projection at every seed (bench/audit.sh's project_seed
	# for the tag base: the same files, kept while newer than the binary)
	for s in $all; do
		for set in tune dev; do
			out=$T/$l.$s.$set.base A=$T/$l.$s.$set
			[ -s $out.json ] && [ $out.json -nt $XPROJ ] && continue
			case $set in
			tune) en=$DATA/mmc-tune/tune.english.v4_gold_conll key=$DATA/mmc-tune/tune.$name.corrected.v4_gold_conll ;;
			dev) en=$DATA/mmc/dev.english.v4_gold_conll key=$DATA/mmc/dev.$name.v4_gold_conll ;;
			esac
			names=""; [ -e $A.names ] && names="--names $A.names"
			nice -n 10 $XPROJ project --source $en --aligned $T/$l.$set.jsonl --alignments $A.pharaoh \
				--probs $A.probs --map $T/$l.$set.map $c --rules +articles $names -o $out.conll 2>/dev/null
			nice -n 10 $XPROJ score $c --per-doc --json $key $out.conll > $out.json.tmp 2>/dev/null
			mv $out.json.tmp $out.json
			rm -f $out.conll
		done
	done
	echo
	echo "$l: null aligner rows (the baseline at seeds b read as a row aligned again, against the baseline at a, with the control at c); mention F1 on mmc-tune, $RESAMPLES scene resamples"
	echo "| a (audit) | b (null row) | c (control) | null tune gain (90% interval) | null dev gain | control tune gain (90% interval) | bar | rule rows' test | against the control |"
	echo "|---|---|---|---|---|---|---|---|---|"
	printf 'ctl off control off\nnull off aligner off\n' > $T/null.rules
	old=0 new=0 rows=0 bars=""
	i=0
	for a in $(echo "$TRIPLES" | tr ' ,' '_ '); do
		i=$((i + 1)) j=0
		for b in $(echo "$TRIPLES" | tr ' ,' '_ '); do
			j=$((j + 1)) k=0
			for cc in $(echo "$TRIPLES" | tr ' ,' '_ '); do
				k=$((k + 1))
				[ $i = $j ] || [ $i = $k ] || [ $j = $k ] && continue
				nullrow $a $b $cc
			done
		done
	done
	echo "$l: $rows null rows: the rule rows' test passes $old, the test against the control $new; bars (tune) $(echo $bars | tr ' ' '\n' | sort -n | head -1) .. $(echo $bars | tr ' ' '\n' | sort -n | tail -1)"
	# the control pooled: every triple but a and b
	echo
	echo "$l: the same null rows against the pooled control (every other triple)"
	echo "| a (audit) | b (null row) | c (control, pooled) | null tune gain (90% interval) | null dev gain | control tune gain (90% interval) | bar | rule rows' test | against the control |"
	echo "|---|---|---|---|---|---|---|---|---|"
	old=0 new=0 rows=0 bars=""
	i=0
	for a in $(echo "$TRIPLES" | tr ' ,' '_ '); do
		i=$((i + 1)) j=0
		for b in $(echo "$TRIPLES" | tr ' ,' '_ '); do
			j=$((j + 1)) k=0 cc=""
			[ $i = $j ] && continue
			for c in $(echo "$TRIPLES" | tr ' ,' '_ '); do
				k=$((k + 1))
				[ $i = $k ] || [ $j = $k ] || cc="$cc${cc:+,}$c"
			done
			nullrow $a $b $cc
		done
	done
	echo "$l: $rows null rows, pooled control: the rule rows' test passes $old, the test against the control $new; bars (tune) $(echo $bars | tr ' ' '\n' | sort -n | head -1) .. $(echo $bars | tr ' ' '\n' | sort -n | tail -1)"
done
