# ParCorFull's TED talks (MMAX2): xproj's counts of each language against
# counts computed apart (tests/data/mmax2_count.py, Python's ElementTree),
# and MMAX2 -> CoNLL keeping every count.  Portuguese needs --repair (a
# talk without its words file, sentences that overlap or leave words out).
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P=$DATA/parcorfull-ted
[ -d "$P" ] || { echo "no $P: skipped"; exit 0; }
bad=0
for L in EN DE FR PT; do
	r=; [ $L = PT ] && r=--repair
	python3 tests/data/mmax2_count.py $r "$P/$L" > $T/want || { bad=1; continue; }
	$XPROJ stats --json $r "$P/$L" > $T/got 2>$T/err || { cat $T/err; bad=1; continue; }
	$XPROJ convert $r "$P/$L" $T/$L.conll 2>/dev/null && $XPROJ stats --json $T/$L.conll > $T/conll || { bad=1; continue; }
	python3 - $L $T/want $T/got $T/conll <<'PY' || bad=1
import json, sys
lang, want, got, conll = sys.argv[1], *(json.load(open(f)) for f in sys.argv[2:])
got, conll = got['files'][0], conll['files'][0]
keys = ['documents', 'sentences', 'tokens', 'mentions']
diff = [k for k in keys if got[k] != want[k]] + [k for k in want['mmax2'] if got['mmax2'][k] != want['mmax2'][k]]
diff += ['conll ' + k for k in keys + ['clusters', 'singletons'] if conll[k] != got[k]]
m = want['mmax2']
print(f"{lang}: {got['documents']} documents, {got['sentences']} sentences, {got['tokens']} tokens, "
      f"{m['markables']} markables in {m['chains']} chains ({m['unclassed']} in none), "
      f"{m['discontinuous']} discontinuous, {m['cross_sentence']} across sentences dropped -> "
      f"{got['mentions']} mentions, {got['clusters']} clusters" + (f"  MISMATCH: {diff}" if diff else ""))
sys.exit(1 if diff else 0)
PY
done
# MMAX2 -> CorefUD -> CoNLL: the CoNLL of MMAX2 -> CoNLL; CorefUD -> CorefUD: the same bytes
for L in EN DE FR; do
	$XPROJ convert "$P/$L" $T/$L.conllu 2>/dev/null && $XPROJ convert $T/$L.conllu $T/$L.u.conll &&
	$XPROJ convert $T/$L.conllu $T/$L.2.conllu || { bad=1; continue; }
	if cmp -s $T/$L.conll $T/$L.u.conll && cmp -s $T/$L.conllu $T/$L.2.conllu; then
		echo "$L: MMAX2 -> CorefUD -> CoNLL and CorefUD -> CorefUD exact ($(wc -l < $T/$L.conllu) lines)"
	else
		echo "$L: CorefUD ROUND TRIP CHANGED"; bad=1
	fi
done
# strict reading of Portuguese stops at the first problem, naming it
if $XPROJ stats "$P/PT" > /dev/null 2>$T/err; then echo "PT read without --repair"; bad=1
else echo "PT strict: $(cat $T/err)"; fi
exit $bad
