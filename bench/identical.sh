# bench/identical.sh — "nothing moves": the Chinese and Farsi outputs of this
# build, from FIXED word alignments, against a saved baseline, byte for byte.
# A refactoring that is meant to change no output (issue 30, the language
# packs) runs it after every step.
#
#   IDENT_DIR=DIR SAVE=1 sh bench/identical.sh   with DIR/LANG.SET.{pharaoh,
#       probs,alt1.pharaoh,alt2.pharaoh} there (any alignment of the pairs
#       mmc_pairs writes: bench/triage.sh's, or a quicker one), writes the
#       baseline outputs into DIR/base/
#   IDENT_DIR=DIR sh bench/identical.sh          writes this build's into
#       DIR/new/ and cmp's each against DIR/base/; exit 1 on any difference
#
# What is compared, for zh and fa, on mmc-tune (tune) and MMC dev (dev):
# xproj pair's jsonl and xproj bitext's pairs and map (the target's
# tokenisation and normalisation); xproj project's CoNLL, jsonlines and
# report with bench/triage.sh's options (zh: --chars --skip-articles; fa:
# --prodrop --skip-articles) and with the defaults, with --probs and two
# --alt-alignments (the confidence's features); db import + triage --list
# of the tune projection (the store's language handling); judge, --loose
# and not, against the corrected files and MMC's dev silver; and a short
# wordalign of the tune pairs (the aligner's normalisation and priors).
# Reports are compared as version 1's bytes (bench/report_v1.sh): a
# baseline from before the streamed report (issue 37) still compares.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}"
[ -n "${IDENT_DIR:-}" ] || { echo "identical.sh: set IDENT_DIR" >&2; exit 2; }
D=$IDENT_DIR
. bench/mmc_pairs.sh
if [ -n "${SAVE:-}" ]; then O=$D/base; else O=$D/new; fi
rm -rf "$O"; mkdir -p "$O"
EN_tune=$DATA/mmc-tune/tune.english.v4_gold_conll
EN_dev=$DATA/mmc/dev.english.v4_gold_conll

for l in zh fa; do
	mmc_pairs $l $O
	for s in tune dev; do
		eval "en=\$EN_$s"
		case $l in zh) opts="--chars --skip-articles"; dflt="--chars";; fa) opts="--prodrop --skip-articles"; dflt="";; esac
		for v in triage default all; do
			[ $v = default ] && opts=$dflt
			# every rule on, the opt-in ones too (their code paths); a
			# baseline from a build with rules since removed switches
			# those off with IDENT_ALL ("--np all --no-np NAME,NAME")
			[ $v = all ] && opts="$dflt --skip-articles ${IDENT_ALL:---np all}"
			# the pairs of this build are the ones aligned: DIR's own
			$XPROJ project --source $en --aligned $O/$l.$s.jsonl --alignments $D/$l.$s.pharaoh \
				--probs $D/$l.$s.probs --alt-alignments $D/$l.$s.alt1.pharaoh \
				--alt-alignments $D/$l.$s.alt2.pharaoh --map $O/$l.$s.map $opts \
				-o $O/$l.$s.$v.conll --jsonlines $O/$l.$s.$v.jsonl --report $O/$l.$s.$v.report.json \
				> $O/$l.$s.$v.out 2>&1 || echo "exit $?" >> $O/$l.$s.$v.out
		done
	done
	# the judge: against the corrected files (tune) and the silver (dev),
	# with the reference's conventions of the language (--loose) and without
	case $l in zh) name=chinese;; fa) name=farsi;; esac
	for s in tune dev; do
		case $s in tune) key=$DATA/mmc-tune/tune.$name.corrected.v4_gold_conll;; dev) key=$DATA/mmc/dev.$name.v4_gold_conll;; esac
		for loose in "" --loose; do
			$XPROJ judge --report $O/$l.$s.triage.report.json --projected $O/$l.$s.triage.conll --key $key \
				--labels $O/$l.$s.judge$loose.tsv $loose > $O/$l.$s.judge$loose.out 2>&1 || true
		done
	done
	$XPROJ db init $O/$l.db >/dev/null
	$XPROJ db import $O/$l.db --source $EN_tune --aligned $O/$l.tune.jsonl \
		--report $O/$l.tune.triage.report.json --lang $l > $O/$l.db.out 2>&1
	$XPROJ db triage $O/$l.db --list > $O/$l.queue 2>&1
	rm -f $O/$l.db $O/$l.db-shm $O/$l.db-wal
	$XPROJ wordalign --lowercase --threads 2 --iters 4 --samplers 2 $O/$l.tune.pairs -o $O/$l.wa.pharaoh \
		--probs $O/$l.wa.probs > /dev/null 2>&1
done

[ -n "${SAVE:-}" ] && { echo "baseline saved in $O: $(ls $O | wc -l) files"; exit 0; }
n=0 bad=0
for f in $D/base/*; do
	b=${f##*/}
	n=$((n + 1))
	# a summary (*.out) may name the language pack it used: that line
	# only is left out of the comparison
	g=$O/$b
	# (on both sides: a baseline saved by a build with packs has it too)
	h=$f
	case $b in *.out)
		grep -v '^  language pack' "$g" > $D/cmp.tmp || true; g=$D/cmp.tmp
		grep -v '^  language pack' "$f" > $D/cmp.base || true; h=$D/cmp.base;;
	*.report.json)   # the report's layout may differ (version 1 or 2): its bytes as version 1's
		sh bench/report_v1.sh "$g" > $D/cmp.tmp; g=$D/cmp.tmp
		sh bench/report_v1.sh "$f" > $D/cmp.base; h=$D/cmp.base;;
	esac
	if ! cmp -s "$h" "$g"; then
		echo "DIFFERS: $b"; bad=$((bad + 1))
	fi
done
for f in $O/*; do [ -e "$D/base/${f##*/}" ] || { echo "NEW: ${f##*/}"; bad=$((bad + 1)); }; done
echo "identical.sh: $((n - bad)) of $n files byte-identical"
[ $bad = 0 ]
