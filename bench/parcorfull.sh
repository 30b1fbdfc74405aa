# Projection quality for any language with a target gold: ParCorFull's TED
# talks (../shared/data/parcorfull-ted), the English gold projected onto each
# translation (German, French, Portuguese) through the commands a user runs
# (pair -> bitext -> wordalign -> project with default options; the aligner
# trains on the talks alone), scored against the target gold with `xproj
# score`: mention F1 and CoNLL F1, overall and by the English mention's type
# (pronoun / name / other NP, as bench/quality.sh does for MMC), next to the
# generic-rules baseline (--rules none and the generic pack's rules: what a
# language without a pack gets) on the same word alignment.
#
# `project` writes one sentence per unit of the n:m pairing; the response is
# put back on the gold's sentences, and typed, by bench/parcorfull_eval.py.
# The gold marks full noun phrases with their determiners and prepositional
# contractions (im Titel, du livre, do livro ...); event antecedents (clauses)
# are in it too, and no projection of an English noun phrase reaches most.
#
# With RULES=1 each rule of the language's pack is switched (off if on by
# default, on if off) on the same alignment, and the difference printed on all
# talks and on each half (the first five talks by id, the last five): a rule
# is kept on by default when it gains on all and loses on neither half.
#   DATA=../shared/data XPROJ=build/xproj sh bench/parcorfull.sh
# Environment: LANGS="de fr pt" (any subset), PARCORFULL_DIR keeps the outputs
# (with REUSE=1 a second run there projects the alignments it holds again).
# The figures on all talks (pack and generic, mention and CoNLL F1, all and
# by type) go to bench/results/parcorfull.json (bench/record.sh) unless LANGS
# is set (then only with NAME=FILE).  PARCORFULL_ALL_LINKS=1: the aligner
# also writes every candidate link (`wordalign --all-links`) and every
# projection reads them (the rule ef1's input; RULES=1 then measures it).
# PARCORFULL_PHRASES=1: the aligner also writes the target phrases it
# learned for English word runs (`wordalign --phrases`) and every projection
# reads them (the rule phrases' input; RULES=1 then measures it).
# PARCORFULL_LEX=PATTERN: the aligner also trains its lexical model on the
# pairs of the file PATTERN names with %s the language (`wordalign
# --train-lex`: bench/dict.sh's dictionary pairs).  PARCORFULL_SEED: the
# aligner's --seed (default its own).  PARCORFULL_WA_OPTS: more wordalign
# options (an aligner setting measured: `--stem learned`).  The aligner is
# told the target's language (--tgt-lang), as a user who names it: what the
# language's pack gives the aligner (German's stems) is measured with it
# (`--stem none` without).
#
# With AUDIT=1 (docs/quality.md "The talk audit") each language is aligned at
# each of SEEDS (default "1 7 11"; seed 1 is the table's alignment) instead,
# and from each alignment projected with the pack's defaults and each of its
# rules switched, and with the generic rules and each of them off; each
# talk is scored (`xproj score --per-doc --json` on the files
# bench/parcorfull_eval.py writes, DIR/audit/L[.generic].SEED.talks.TAG.json)
# and bench/audit.pl --talks prints a row a rule: the gain (seed mean),
# its talk-bootstrap interval (RESAMPLES, default 1000; BOOT_SEED, default
# 33), CoNLL F1 beside it, each half, the talks up / unchanged / down and
# the verdict (TOL, default 0.05); the last lines name the rules that fail.
#   DATA=../shared/data AUDIT=1 sh bench/parcorfull.sh
set -eu
. bench/record.sh
REC_QUIET=1
rec_begin "${NAME:-parcorfull}"
[ -z "${LANGS:-}" ] || rec_skip "LANGS is set"
[ -z "${PARCORFULL_LEX:-}${PARCORFULL_SEED:-}${PARCORFULL_WA_OPTS:-}" ] ||
	rec_skip "PARCORFULL_LEX, PARCORFULL_SEED or PARCORFULL_WA_OPTS is set"
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=de fr pt}" "${RULES:=0}" "${AUDIT:=0}"
: "${SEEDS:=1 7 11}" "${RESAMPLES:=1000}" "${BOOT_SEED:=33}" "${TOL:=0.05}"
if [ "$AUDIT" != 0 ]; then
	rec_skip "AUDIT is set (the talk audit records no figures)"
	[ -z "${PARCORFULL_SEED:-}" ] || { echo "bench/parcorfull: AUDIT=1 aligns at SEEDS ($SEEDS), not PARCORFULL_SEED" >&2; exit 2; }
	[ "$RULES" = 0 ] || { echo "bench/parcorfull: AUDIT=1 switches every rule itself; RULES=1 is not for it" >&2; exit 2; }
	for s in $SEEDS; do
		case $s in *[!0-9]*) echo "bench/parcorfull: SEEDS: $s is no seed" >&2; exit 2;; esac
	done
fi
P=$DATA/parcorfull-ted
[ -d "$P" ] || { echo "bench/parcorfull: $P not found"; exit 0; }
command -v python3 >/dev/null || { echo "bench/parcorfull: no python3"; exit 0; }
if [ -n "${PARCORFULL_DIR:-}" ]; then T=$PARCORFULL_DIR; mkdir -p "$T"; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi
# the generic pack's rules (a language without a pack): "name on|off" lines,
# and BASE, the rule set of the generic rows: none and those on ("none"
# alone: the generic pack has none on, the links alone)
GENERIC=$($XPROJ project --list-rules --json 2>/dev/null |
	python3 -c 'import json,sys; g=[p for p in json.load(sys.stdin) if p["pack"] == ""]
assert g, "no generic pack"
[print(r["name"], "on" if r["default"] else "off") for r in g[0]["rules"]]') ||
	{ echo "bench/parcorfull: $XPROJ project --list-rules lists no generic pack" >&2; exit 2; }
BASE=none$(echo "$GENERIC" | awk '$2 == "on" { printf ",%s", $1 }')

# score KEY RESPONSE: "mentionF1 conllF1"
score() {
	$XPROJ score "$1" "$2" 2>/dev/null |
		awk '$1=="mentions"{m=$NF} $1=="conll"{c=$NF} END{sub("%","",m); sub("%","",c); printf "%6.2f %6.2f", m, c}'
}
# eval L RESPONSE DIR: the response on the gold's sentences, by type and half
evaluate() {
	mkdir -p $3
	python3 bench/parcorfull_eval.py $T/en.conll $T/$1.gold.conll $T/$1.jsonl $2 $1 $3 2>$3.log
}
row() {   # row DIR SET: all, pronoun, name, other
	printf '%s' "$(score $1/key.$2.all.conll $1/resp.$2.all.conll)"
	for ty in pronoun name other; do printf '   %s' "$(score $1/key.$2.$ty.conll $1/resp.$2.$ty.conll)"; done
}

$XPROJ convert $P/EN $T/en.conll 2>/dev/null
echo "ParCorFull TED: English gold -> each translation, scored against its gold"
echo "  (mention F1, CoNLL F1: all; by the English mention's type: pronouns; names; other NPs)"
for l in $LANGS; do
	L=$(echo $l | tr a-z A-Z)
	[ -d $P/$L ] || continue
	# the talks English has (Portuguese has one more, 009_805), as a corpus
	# directory of links; --repair: one Portuguese sentence markable overlaps
	# the one before (000_779, word_363), which the reader drops and counts
	G=$T/$L; rm -rf $G; mkdir $G
	for f in $P/$L/*; do
		case $f in *.mmax) [ -f $P/EN/${f##*/} ] || continue;; esac
		ln -s "$(cd "$(dirname $f)" && pwd)/${f##*/}" $G/
	done
	$XPROJ convert --repair $G $T/$l.gold.conll 2>$T/$l.convert.log
	if [ -z "${REUSE:-}" ] || [ ! -s $T/$l.map ]; then
		$XPROJ pair --repair --source $P/EN --target $G --lang $l -o $T/$l.jsonl 2>$T/$l.pair.log
		$XPROJ bitext $T/$l.jsonl -o $T/$l.pairs --map $T/$l.map 2>/dev/null
	fi
	# align W [SEED]: the talks' word alignment, W.pharaoh, W.probs ... (kept with REUSE=1)
	align() {
		w=$1
		[ -n "${REUSE:-}" ] && [ -s $w.probs ] && return 0
		$XPROJ wordalign --threads 2 --tgt-lang $l $T/$l.pairs -o $w.pharaoh --probs $w.probs \
			${PARCORFULL_ALL_LINKS:+--all-links $w.all.pharaoh --all-probs $w.all.probs} \
			${PARCORFULL_PHRASES:+--phrases $w.phrases} \
			${PARCORFULL_LEX:+--train-lex $(printf "$PARCORFULL_LEX" $l)} \
			${2:+--seed $2} ${PARCORFULL_WA_OPTS:-} 2>$w.wordalign.log
	}
	W=$T/$l
	# the generic rows: the pairs with a target language no pack has ("und",
	# undetermined), so that project applies the generic pack's rules and
	# nothing of the language's pack (a rule is a pack's by membership: with
	# --lang's pack, --rules +stray is nothing where that pack leaves it out)
	sed "s/\"tgt_lang\":\"$l\"/\"tgt_lang\":\"und\"/g" $T/$l.jsonl > $T/$l.und.jsonl
	proj() {   # proj OUT [--generic] RULES...: from the alignment $W
		o=$1; shift
		a=$T/$l.jsonl
		[ "${1:-}" = --generic ] && { a=$T/$l.und.jsonl; shift; }
		$XPROJ project --source $P/EN --aligned $a --alignments $W.pharaoh --probs $W.probs \
			${PARCORFULL_ALL_LINKS:+--all-links $W.all.pharaoh --all-probs $W.all.probs} \
			${PARCORFULL_PHRASES:+--phrases $W.phrases} --map $T/$l.map "$@" -o $T/$o.conll 2>$T/$o.log
		evaluate $l $T/$o.conll $T/$o
	}
	if [ "$AUDIT" != 0 ]; then
		A=$T/audit; mkdir -p $A
		# the rules: "name on|off kind on|off", the pack's and the generic pack's
		$XPROJ project --list-rules --lang $l --json 2>/dev/null |
			python3 -c 'import json,sys; [print(r["name"], "on" if r["default"] else "off", r["kind"], "on" if r["default"] else "off") for r in json.load(sys.stdin)["rules"]]' > $A/$l.rules
		echo "$GENERIC" | awk 'NF { print $1, $2, "np", $2 }' > $A/$l.generic.rules
		# talks OUT ID TAG SEED: each talk of $T/OUT scored, for audit.pl
		talks() {
			$XPROJ score --per-doc --json $T/$1/key.all.all.conll $T/$1/resp.all.all.conll > $A/$2.$4.talks.$3.json 2>/dev/null
			rm -rf $T/$1 $T/$1.conll
		}
		for s in $SEEDS; do
			W=$T/$l.s$s
			align $W $s
			proj $l.a --generic --rules $BASE; talks $l.a $l.generic base $s
			if [ "$AUDIT" != generic ]; then
				proj $l.a; talks $l.a $l base $s
				while read -r r def kind pdef; do
					[ $def = on ] && sw=-$r || sw=+$r
					proj $l.a --rules "default,$sw"; talks $l.a $l $r $s
				done < $A/$l.rules
			fi
			while read -r r def kind pdef; do
				[ $def = on ] && sw=-$r || sw=+$r
				proj $l.a --generic --rules "$BASE,$sw"; talks $l.a $l.generic $r $s
			done < $A/$l.generic.rules
			echo "  $l seed $s: aligned and projected ($(wc -l < $A/$l.rules) + $(wc -l < $A/$l.generic.rules) rules)" >&2
		done
		continue
	fi
	align $W ${PARCORFULL_SEED:-}
	proj $l.base --generic --rules $BASE
	proj $l.pack
	sed -n 's/^xproj pair: \(n:m.*\)/  pair: \1/p' $T/$l.pair.log
	sed -n 's/^  language pack: /  project: language pack /p' $T/$l.pack.log
	printf '  %-2s %-24s %s\n' $l "generic ($BASE)" "$(row $T/$l.base all)"
	printf '  %-2s %-24s %s\n' $l "pack (default options)" "$(row $T/$l.pack all)"
	for ty in all pronoun name other; do
		t=" $ty"; [ $ty = all ] && t=
		set -- $(score $T/$l.base/key.all.$ty.conll $T/$l.base/resp.all.$ty.conll) \
			$(score $T/$l.pack/key.all.$ty.conll $T/$l.pack/resp.all.$ty.conll)
		rec_value "$l: generic rules$t mention F1" $1 %
		rec_value "$l: generic rules$t CoNLL F1" $2 %
		rec_value "$l:$t mention F1" $3 % --vs "$l: generic rules$t mention F1"
		rec_value "$l:$t CoNLL F1" $4 % --vs "$l: generic rules$t CoNLL F1"
	done
	for h in h1 h2; do
		printf '  %-2s %-24s %s\n' $l "  generic, half $h" "$(row $T/$l.base $h)"
		printf '  %-2s %-24s %s\n' $l "  pack, half $h" "$(row $T/$l.pack $h)"
	done
	[ "$RULES" = 0 ] && continue
	# each rule of the pack switched, on the same alignment: mention F1 and
	# CoNLL F1 all talks, half 1, half 2, as differences from the pack's
	$XPROJ project --list-rules --lang $l --json 2>/dev/null |
		python3 -c 'import json,sys; [print(r["name"], int(r["default"])) for r in json.load(sys.stdin).get("rules",[])]' |
	while read -r name def; do
		[ $def = 1 ] && sw=-$name || sw=+$name
		proj $l.v --rules "default,$sw"
		printf '  %-2s %-24s' $l "--rules $sw"
		for h in all h1 h2; do
			printf '  %s: %s' $h "$( (score $T/$l.pack/key.$h.all.conll $T/$l.pack/resp.$h.all.conll; echo; \
				score $T/$l.v/key.$h.all.conll $T/$l.v/resp.$h.all.conll; echo) |
				awk 'NR==1{m=$1;c=$2} NR==2{printf "%+.2f %+.2f", $1-m, $2-c}')"
		done
		echo
	done
done
if [ "$AUDIT" != 0 ]; then
	echo
	echo "Talk audit (docs/quality.md \"The talk audit\"): seeds $SEEDS, $RESAMPLES talk resamples, 90% interval, mention F1;"
	echo "KEEP: gain > 0, interval's low end >= 0, neither half below -$TOL, more talks up than down"
	fails=""
	for l in $LANGS; do
		[ -s $T/audit/$l.rules ] || continue
		for id in $l $l.generic; do
			[ "$AUDIT" = generic ] && [ $id = $l ] && continue
			[ -s $T/audit/$id.rules ] || { echo; echo "$l, generic pack: no rules to audit"; continue; }
			echo
			case $id in *.generic) lab="$l, generic pack ($BASE)";; *) lab="$l, pack $l";; esac
			perl bench/audit.pl --talks --label "$lab" --lang $id --dir $T/audit --seeds "$SEEDS" \
				--resamples $RESAMPLES --boot-seed $BOOT_SEED --tol $TOL --rules $T/audit/$id.rules
			f=$(sed -n 's/^\([^ ]*\) DOUBT.*/\1/p' $T/audit/$id.talks.verdicts | tr '\n' ' ')
			fails="$fails${fails:+; }$id: ${f:-none}"
		done
	done
	# the generic pack is one mechanism for every language, so one verdict:
	# the talks of every language measured as one set (docs/quality.md "The
	# generic pack's verdict"), with the languages' rows above beside it
	set -- $LANGS
	if [ $# -gt 1 ] && [ -s $T/audit/$1.generic.rules ]; then
		cp $T/audit/$1.generic.rules $T/audit/pool.generic.rules
		for s in $SEEDS; do
			for r in base $(awk '{ print $1 }' $T/audit/pool.generic.rules); do
				python3 -c 'import json,sys
out, docs = None, []
for a in sys.argv[2:]:
	l, f = a.split("=", 1)
	d = json.load(open(f))
	out = out or d
	for doc in d["documents"]:
		doc["doc"] = l + "/" + doc["doc"]
		docs.append(doc)
out["documents"] = docs
json.dump(out, open(sys.argv[1], "w"))' $T/audit/pool.generic.$s.talks.$r.json \
					$(for l in $LANGS; do echo $l=$T/audit/$l.generic.$s.talks.$r.json; done) || exit 1
			done
		done
		echo
		perl bench/audit.pl --talks --label "$LANGS pooled, generic pack ($BASE)" --lang pool.generic --dir $T/audit \
			--seeds "$SEEDS" --resamples $RESAMPLES --boot-seed $BOOT_SEED --tol $TOL --rules $T/audit/pool.generic.rules
		f=$(sed -n 's/^\([^ ]*\) DOUBT.*/\1/p' $T/audit/pool.generic.talks.verdicts | tr '\n' ' ')
		fails="$fails; pooled generic: ${f:-none}"
	fi
	echo
	echo "parcorfull.sh: DOUBT (on, fails the talk audit): $fails"
fi
rec_end
