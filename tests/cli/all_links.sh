# Candidate links (docs/formats.md): `wordalign --all-links A --all-probs P`
# writes every link the aligner weighed with its posterior, kept or not;
# `project --all-links` reads them for the rule ef1 (lang/np.h XP_NP_EF1).
. tests/cli/lib

expect_status 0 $XPROJ bitext $FIX/aligned/small.jsonl -o $T/pairs.txt
cat $FIX/walign/pairs.txt >> $T/pairs.txt
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/a.pharaoh --probs $T/a.probs --seed 3 --threads 1 --no-names
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/b.pharaoh --probs $T/b.probs --seed 3 --threads 2 --no-names \
	--all-links $T/all.pharaoh --all-probs $T/all.probs
# the kept links are the same bytes with and without them
cmp -s $T/a.pharaoh $T/b.pharaoh || { echo "FAIL: --all-links changed -o"; fails=$((fails + 1)); }
cmp -s $T/a.probs $T/b.probs || { echo "FAIL: --all-links changed --probs"; fails=$((fails + 1)); }
expect_eq "$(wc -l < $T/all.pharaoh)" "$(wc -l < $T/pairs.txt)" "a line per pair"
# and with bench/audit.sh's options (--lowercase, a --train file, names
# written): the kept links, posteriors and names the same bytes too
expect_status 0 $XPROJ bitext $FIX/aligned/small.jsonl -o $T/few.txt
for w in without with; do
	all=""; [ $w = with ] && all="--all-links $T/t.all.pharaoh --all-probs $T/t.all.probs"
	expect_status 0 $XPROJ wordalign --lowercase --threads 2 --seed 1 $T/few.txt --train $FIX/walign/pairs.txt \
		$all -o $T/t.$w.pharaoh --probs $T/t.$w.probs
done
for x in pharaoh probs names; do
	cmp -s $T/t.without.$x $T/t.with.$x || { echo "FAIL: --all-links with --train changed $x"; fails=$((fails + 1)); }
done
expect_status 0 $XPROJ check-align --bitext $T/pairs.txt --probs $T/all.probs $T/all.pharaoh
expect_grep 'links with probabilities: ok' $T/out
# more candidates than kept links; each at least the floor, at most 1;
# sorted by (source, target), no repeats
expect_eq "$(awk '{ n += NF } END { print (n > 0) }' $T/all.probs)" 1 "some candidates"
expect_eq "$(awk 'NR == FNR { k += NF; next } { n += NF } END { print (n > k) }' $T/a.pharaoh $T/all.pharaoh)" 1 \
	"more candidates than kept links"
expect_eq "$(awk '{ for (i = 1; i <= NF; i++) if ($i < 0.05 || $i > 1) bad++ } END { print bad + 0 }' $T/all.probs)" 0 \
	"every posterior in [0.05, 1]"
expect_eq "$(awk '{ for (i = 2; i <= NF; i++) { split($(i - 1), p, "-"); split($i, q, "-");
	if (p[1] + 0 > q[1] + 0 || (p[1] == q[1] && p[2] + 0 >= q[2] + 0)) bad++ } } END { print bad + 0 }' $T/all.pharaoh)" 0 \
	"sorted, no repeats"
# a kept link is a candidate, its posterior at least its --probs value (that
# one counts 0 for a direction whose best link is elsewhere)
paste -d '|' $T/a.pharaoh $T/a.probs $T/all.pharaoh $T/all.probs > $T/joined
expect_eq "$(awk -F'|' '{ n = split($1, l, " "); split($2, p, " "); m = split($3, c, " "); split($4, q, " ");
	delete at; for (i = 1; i <= m; i++) at[c[i]] = q[i];
	for (i = 1; i <= n; i++) if (p[i] >= 0.05 && (!(l[i] in at) || at[l[i]] < p[i] - 1e-5)) bad++ }
	END { print bad + 0 }' $T/joined)" 0 "kept links among the candidates"
# a higher floor keeps fewer
expect_status 0 $XPROJ wordalign $T/pairs.txt -o $T/c.pharaoh --seed 3 --no-names --all-links $T/c.all.pharaoh \
	--all-probs $T/c.all.probs --probs-floor 0.5
expect_eq "$(awk '{ for (i = 1; i <= NF; i++) if ($i < 0.5) bad++ } END { print bad + 0 }' $T/c.all.probs)" 0 \
	"--probs-floor 0.5"
expect_eq "$(awk 'NR == FNR { k += NF; next } { n += NF } END { print (n < k) }' $T/all.pharaoh $T/c.all.pharaoh)" 1 \
	"fewer above 0.5"
# they go together; the floor is a posterior
expect_status 2 $XPROJ wordalign $T/pairs.txt -o $T/d.pharaoh --all-links $T/d.all
expect_grep 'go together' $T/err
expect_status 2 $XPROJ wordalign $T/pairs.txt -o $T/d.pharaoh --probs-floor 0.1
expect_grep 'go together' $T/err
expect_status 2 $XPROJ wordalign $T/pairs.txt -o $T/d.pharaoh --all-links $T/d.a --all-probs $T/d.p --probs-floor 0
expect_grep 'probs-floor' $T/err
[ -e $T/d.pharaoh ] && { echo "FAIL: a refused run wrote -o"; fails=$((fails + 1)); }

# project: "my dad" -> پدر (dad 0.9); my -> من is a candidate (0.7) that was
# not kept.  ef1 grows the noun phrase's span over it; without the rule,
# the candidates change nothing
P=$FIX/np
cp $P/pairs.pharaoh $T/np.all.pharaoh
cp $P/pairs.probs $T/np.all.probs
sed -i '4s/$/ 0-1/' $T/np.all.pharaoh
sed -i '4s/$/ 0.7/' $T/np.all.probs
PROJ_OPTS="--probs $P/pairs.probs"
proj base --rules none
proj cand --rules none --all-links $T/np.all.pharaoh --all-probs $T/np.all.probs
cmp -s $T/base.conll $T/cand.conll || { echo "FAIL: the candidates alone changed the projection"; fails=$((fails + 1)); }
expect_grep "$(line f 0 پدر '(2)')" $T/base.conll
proj ef1 --rules none,ef1 --all-links $T/np.all.pharaoh --all-probs $T/np.all.probs
expect_grep "$(line f 0 پدر '(2')" $T/ef1.conll
expect_grep "$(line f 1 من '2)')" $T/ef1.conll
expect_grep ', 1 ef1, 0 phrases$' $T/err
expect_grep '"np_rules":{"ef1":true}' $T/ef1.json
# no candidates given: the rule does nothing
proj ef1none --rules none,ef1
cmp -s $T/base.conll $T/ef1none.conll || { echo "FAIL: ef1 without candidates changed the projection"; fails=$((fails + 1)); }
# they go together, and line for line with --alignments
expect_status 2 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--all-links $T/np.all.pharaoh -o $T/x.conll
expect_grep 'go together' $T/err
head -n 3 $T/np.all.pharaoh > $T/short.pharaoh
head -n 3 $T/np.all.probs > $T/short.probs
expect_status 1 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--all-links $T/short.pharaoh --all-probs $T/short.probs -o $T/x.conll
expect_grep 'short.pharaoh: 3 sentence pairs, --alignments has 6' $T/err
[ -e $T/x.conll ] && { echo "FAIL: a refused run wrote -o"; fails=$((fails + 1)); }
finish
