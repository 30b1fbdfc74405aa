# A bilingual dictionary as the word aligner's prior (issue 33 item 4): does
# a FreeDict dictionary (Debian's dict-freedict-eng-*, dictd format, read at
# run time from DICTD, never copied) given to the lexical model (`wordalign
# --train-lex`, as bench/dict_pairs.py turns it into 'english ||| target'
# pairs) help where the bitext is small?  Measured, each against the same
# run without it, seeds SEEDS:
#   1. AER of the enfr gold (bench/wordalign.sh's recipe: the 447 test pairs
#      alone, lower-cased, gdfa), with every pair of the dictionary ("all")
#      and with the pairs whose words all occur in the bitext ("seen");
#   2. the growth check: the enfr gold's first 100 and 200 pairs alone (less
#      bitext: where a dictionary should matter most), and the 447 with the
#      1,664 IWSLT TED segments of ParCorFull's French talks as --train
#      (more bitext; tokenised here by a plain rule);
#   3. projection on ParCorFull TED DE/FR/PT (bench/parcorfull.sh: mention
#      and CoNLL F1, all and by the English mention's type, both halves),
#      once without, once with each variant (PARCORFULL_LEX);
#   4. the same projection with each talk aligned on its own bitext (150-190
#      pairs: one show's subtitles, the case the dictionary is for), the
#      dictionary's pairs filtered by the talk's words, without and with
#      ("talk": the aligner run per talk by this script, --no-names on both
#      sides, the projections made again from those links with REUSE=1).
#   DATA=../shared/data sh bench/dict.sh
# Environment: SEEDS (default "1 7 11"), DICTD (default /usr/share/dictd),
# PARTS (default "aer growth parcorfull talk"; talk needs parcorfull's
# baseline directories), VARIANTS (ParCorFull's: default
# "all seen").
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SEEDS:=1 7 11}" "${DICTD:=/usr/share/dictd}"
: "${PARTS:=aer growth parcorfull talk}"
G=$DATA/word-alignment-gold
for l in fra deu por; do
	[ -f $DICTD/freedict-eng-$l.index ] || { echo "bench/dict: no $DICTD/freedict-eng-$l (apt-get install dict-freedict-eng-$l)"; exit 0; }
done
command -v python3 >/dev/null || { echo "bench/dict: no python3"; exit 0; }
T=${DICT_DIR:-$(mktemp -d)}; mkdir -p $T
[ -n "${DICT_DIR:-}" ] || trap 'rm -rf "$T"' EXIT
# the pack's rows of bench/parcorfull.sh's table (all, half h1, half h2), 8
# figures each: mention and CoNLL F1 of all mentions, pronouns, names, other NPs
pick() { sed -n 's/^  \([a-z][a-z]\) *pack (default options) */\1 all /p; s/^  \([a-z][a-z]\) *pack, half \(h[12]\) */\1 \2 /p' $1; }
# diffs SEED LABEL NONE.txt WITH.txt OUT: the pack's rows of WITH less
# NONE's, printed and added to OUT
diffs() {
	pick $3 > $T/a; pick $4 > $T/b
	paste -d' ' $T/a $T/b | awk -v s=$1 -v v=$2 '{ printf "  seed %-3s %-4s %s %-3s", s, v, $1, $2
		for (i = 3; i <= 10; i++) printf " %+6.2f", $(i + 10) - $i; printf "\n" }' | tee -a $5
}
heading() { echo; echo "$1"; echo "  (mention F1, CoNLL F1: all; pronouns; names; other NPs)"; }
# means FILE: the mean over the seeds of each row of diffs' FILE
means() {
	echo "  mean over seeds:"
	awk '{ k = $3 " " $4 " " $5; if (!(k in n)) order[++m] = k; n[k]++; for (i = 6; i <= 13; i++) d[k, i] += $i }
		END { for (j = 1; j <= m; j++) { k = order[j]; printf "  %-18s", k; for (i = 6; i <= 13; i++) printf " %+6.2f", d[k, i] / n[k]; printf "\n" } }' $1
}
aer() { $XPROJ aer --json --gold $1 --one-based-gold $2 | sed 's/.*"aer":\([0-9.]*\).*/\1/' | awk '{printf "%.2f", 100*$1}'; }

# row NAME PAIRS GOLD [--train F]: AER without, with all, with seen; seed by seed
row() {
	name=$1 pairs=$2 gold=$3; shift 3
	python3 bench/dict_pairs.py $DICTD/freedict-eng-fra > $T/all.lex
	python3 bench/dict_pairs.py $DICTD/freedict-eng-fra --seen $pairs > $T/seen.lex
	printf '%-22s (dictionary pairs: all %s, seen %s)\n' "$name" $(wc -l < $T/all.lex) $(wc -l < $T/seen.lex)
	: > $T/rows
	for s in $SEEDS; do
		line=""
		for v in none all seen; do
			lex=""; [ $v = none ] || lex="--train-lex $T/$v.lex"
			$XPROJ wordalign --seed $s --lowercase --threads 2 "$@" $lex $pairs -o $T/out.$v 2>/dev/null
			line="$line $(aer $gold $T/out.$v)"
		done
		echo "$line" | awk -v s=$s '{ printf "  seed %-3s AER none %6.2f  all %6.2f (%+.2f)  seen %6.2f (%+.2f)\n", s, $1, $2, $2-$1, $3, $3-$1 }'
		echo "$line" >> $T/rows
	done
	awk '{ n++; a += $1; b += $2; c += $3 } END { printf "  mean      AER none %6.2f  all %6.2f (%+.2f)  seen %6.2f (%+.2f)\n", a/n, b/n, (b-a)/n, c/n, (c-a)/n }' $T/rows
}

case " $PARTS " in *" aer "*)
	echo "enfr gold, AER % (lower is better), gdfa, threads 2"
	row "enfr 447" $G/enfr.src-tgt $G/enfr.gold
esac
case " $PARTS " in *" growth "*)
	for n in 100 200; do
		head -n $n $G/enfr.src-tgt > $T/enfr.$n.pairs
		head -n $n $G/enfr.gold > $T/enfr.$n.gold
		row "enfr first $n" $T/enfr.$n.pairs $T/enfr.$n.gold
	done
	# the TED talks' segments, tokenised: punctuation split off, French
	# elisions (l', qu') and English clitics ('s, n't) apart, lower-cased
	S=$DATA/parcorfull-ted/FR/Source/IWSLT13.TED.tst2010.en-fr
	python3 - $S.en.xml $S.fr.xml > $T/ted.pairs <<'PY'
import html, re, sys
def segs(p):
    return [html.unescape(m) for m in re.findall(r"<seg[^>]*>(.*?)</seg>", open(p, encoding="utf-8").read(), re.S)]
def tok(s):
    s = re.sub(r"([A-Za-zÀ-ÿ]')", r"\1 ", s)
    s = re.sub(r"(n't|'s|'re|'ve|'ll|'d|'m)\b", r" \1", s)
    s = re.sub(r"([.,!?;:\"()«»…-])", r" \1 ", s)
    return " ".join(s.lower().split())
for e, f in zip(segs(sys.argv[1]), segs(sys.argv[2])):
    e, f = tok(e), tok(f)
    if e and f:
        print(e, "|||", f)
PY
	cat $G/enfr.src-tgt $T/ted.pairs > $T/both.pairs
	python3 bench/dict_pairs.py $DICTD/freedict-eng-fra --seen $T/both.pairs > $T/seen.ted.lex
	printf '%-22s (%s TED pairs; seen over both: %s)\n' "enfr 447 + TED" $(wc -l < $T/ted.pairs) $(wc -l < $T/seen.ted.lex)
	: > $T/ted.rows
	for s in $SEEDS; do
		line=""
		for v in none all seen.ted; do
			lex=""; [ $v = none ] || lex="--train-lex $T/$v.lex"
			$XPROJ wordalign --seed $s --lowercase --threads 2 --train $T/ted.pairs $lex $G/enfr.src-tgt -o $T/out.$v 2>/dev/null
			line="$line $(aer $G/enfr.gold $T/out.$v)"
		done
		echo "$line" | awk -v s=$s '{ printf "  seed %-3s AER none %6.2f  all %6.2f (%+.2f)  seen %6.2f (%+.2f)\n", s, $1, $2, $2-$1, $3, $3-$1 }'
		echo "$line" >> $T/ted.rows
	done
	awk '{ n++; a += $1; b += $2; c += $3 } END { printf "  mean      AER none %6.2f  all %6.2f (%+.2f)  seen %6.2f (%+.2f)\n", a/n, b/n, (b-a)/n, c/n, (c-a)/n }' $T/ted.rows
esac
case " $PARTS " in *" parcorfull "*)
	# pcf SEED VARIANT: bench/parcorfull.sh's table, the aligner given the
	# variant's pairs (none: nothing)
	pcf() {
		lex=""; [ $2 = none ] || lex="$T/%s.$2.lex"
		RESULTS=$T/results XPROJ=$XPROJ PARCORFULL_DIR=$T/pcf.$1.$2 PARCORFULL_SEED=$1 PARCORFULL_LEX=$lex \
			sh bench/parcorfull.sh > $T/pcf.$1.$2.txt 2>&1
	}
	mkdir -p $T/results
	heading "ParCorFull TED, the pack's projection (default options): with the dictionary - without, by seed"
	: > $T/pcf.diffs
	for s in $SEEDS; do
		pcf $s none
		for l in de fr pt; do
			case $l in de) d=deu;; fr) d=fra;; pt) d=por;; esac
			python3 bench/dict_pairs.py $DICTD/freedict-eng-$d > $T/$l.all.lex
			python3 bench/dict_pairs.py $DICTD/freedict-eng-$d --seen $T/pcf.$s.none/$l.pairs > $T/$l.seen.lex
		done
		for v in ${VARIANTS:-all seen}; do
			pcf $s $v
			diffs $s $v $T/pcf.$s.none.txt $T/pcf.$s.$v.txt $T/pcf.diffs
		done
	done
	means $T/pcf.diffs
	for s in $SEEDS; do printf '  seed %s without: ' $s; pick $T/pcf.$s.none.txt | awk '$2 == "all" { printf "%s %s %s  ", $1, $3, $4 }'; echo; done
	for l in de fr pt; do printf '  dictionary pairs %s: all %s, seen (last seed) %s\n' $l $(wc -l < $T/$l.all.lex) $(wc -l < $T/$l.seen.lex); done
esac
case " $PARTS " in *" talk "*)
	# talk SEED VARIANT: every talk of each language aligned alone (the
	# lines of one document of the map), the links put back in order
	talk() {
		d=$T/pcf.$1.talk.$2
		rm -rf $d; mkdir -p $d
		for f in $T/pcf.$1.none/*; do
			[ -f $f ] || continue
			case $f in *.pharaoh|*.probs|*.names) ;; *) cp $f $d/;; esac
		done
		for l in de fr pt; do
			case $l in de) dn=deu;; fr) dn=fra;; pt) dn=por;; esac
			: > $d/$l.pharaoh; : > $d/$l.probs
			for doc in $(cut -f1 $d/$l.map | uniq); do
				paste $d/$l.map $d/$l.pairs | awk -F'\t' -v D=$doc '$1 == D { print $4 }' > $d/t.pairs
				lex=""
				if [ $2 != none ]; then
					python3 bench/dict_pairs.py $DICTD/freedict-eng-$dn --seen $d/t.pairs > $d/t.lex
					lex="--train-lex $d/t.lex"
				fi
				$XPROJ wordalign --threads 2 --seed $1 --no-names $lex $d/t.pairs -o $d/t.pharaoh --probs $d/t.probs 2>/dev/null
				cat $d/t.pharaoh >> $d/$l.pharaoh; cat $d/t.probs >> $d/$l.probs
			done
		done
		RESULTS=$T/results XPROJ=$XPROJ PARCORFULL_DIR=$d REUSE=1 sh bench/parcorfull.sh > $T/pcf.$1.talk.$2.txt 2>&1
	}
	mkdir -p $T/results
	heading "ParCorFull TED, each talk aligned alone: with the dictionary (seen) - without, by seed"
	: > $T/talk.diffs
	for s in $SEEDS; do
		talk $s none
		talk $s seen
		diffs $s talk $T/pcf.$s.talk.none.txt $T/pcf.$s.talk.seen.txt $T/talk.diffs
	done
	means $T/talk.diffs
	for s in $SEEDS; do printf '  seed %s without: ' $s; pick $T/pcf.$s.talk.none.txt | awk '$2 == "all" { printf "%s %s %s  ", $1, $3, $4 }'; echo; done
esac
