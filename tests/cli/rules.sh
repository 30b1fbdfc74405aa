# The one rule switch (issue 30): --rules SPEC does what the old switches
# did (byte for byte), --list-rules lists each pack's rules with their
# defaults, the summary names the language pack, and a language without a
# pack is projected with the language-independent rules only.
. tests/cli/lib
L=$FIX/langrules
proj() {   # proj NAME OPTIONS...: the langrules fixture (Chinese and Farsi) projected
	n=$1; shift
	$XPROJ project --source $L/en.conll --aligned ${ALIGNED:-$L/aligned.jsonl} --alignments $L/pairs.pharaoh \
		-o $T/$n.conll --report $T/$n.json "$@" 2>$T/$n.err
}
same() {   # same A B: two projections byte-identical
	cmp -s $T/$1.conll $T/$2.conll && cmp -s $T/$1.json $T/$2.json ||
		{ echo "FAIL: $1 and $2 differ"; fails=$((fails + 1)); }
}
proj def || { echo "FAIL: project"; cat $T/def.err; fails=$((fails + 1)); }
proj def2 --rules default
same def def2
# each old switch and its --rules spelling
proj a1 --skip-articles;                    proj a2 --rules +articles;          same a1 a2
proj b1 --no-fa-attach --no-prodrop;        proj b2 --rules -fa_attach,-prodrop; same b1 b2
proj c1 --np all;                           proj c2 --rules all,-articles;      same c1 c2
proj d1 --no-np stray,consist;              proj d2 --rules=-stray,-consist;    same d1 d2
proj e1 --no-zh-pronouns --no-fa-nearest-verb; proj e2 --rules ' -zh_pronoun , -fa_verb'; same e1 e2
# left to right, later options win
proj f1 --rules none --rules default;       same def f1
proj f2 --skip-articles --rules default;    same def f2
# none changes what the rules changed
proj none --rules none
cmp -s $T/def.conll $T/none.conll && { echo "FAIL: --rules none changed nothing"; fails=$((fails + 1)); }
expect_grep ' 0 Chinese pronouns' $T/none.err
# what it does not know
expect_status 2 $XPROJ project --source $L/en.conll --aligned $L/aligned.jsonl --alignments $L/pairs.pharaoh \
	-o $T/x.conll --rules +fa_ezafee
expect_grep "'+fa_ezafee' is no rule" $T/err
[ -e $T/x.conll ] && { echo "FAIL: output written after a usage error"; fails=$((fails + 1)); }
expect_status 2 $XPROJ project --source $L/en.conll --aligned $L/aligned.jsonl --alignments $L/pairs.pharaoh \
	-o $T/x.conll --rules ''
expect_status 2 $XPROJ project --list-rules --lang
expect_status 2 $XPROJ project --source $L/en.conll --aligned $L/aligned.jsonl --alignments $L/pairs.pharaoh \
	-o $T/x.conll --json

# --list-rules: every rule, its default, what it does
expect_status 0 $XPROJ project --list-rules --lang zh
expect_grep '^Chinese (zh; also ' $T/out
expect_grep '^  zh_pronoun  *pronoun  *on  ' $T/out
expect_grep '^  articles  *pronoun  *off  ' $T/out
grep -q '^  stray ' $T/out && { echo "FAIL: stray listed for Chinese"; fails=$((fails + 1)); }
expect_status 0 $XPROJ project --list-rules --lang fa-IR --rules +articles,-fa_ezafe
expect_grep '^Farsi (fa; ' $T/out
expect_grep '^  articles  *pronoun  *on ' $T/out
expect_grep '^  fa_ezafe  *np  *off ' $T/out
expect_grep '^  prodrop  *prodrop  *on ' $T/out
expect_status 0 $XPROJ project --list-rules --lang nl
expect_grep "^no language pack for 'nl': the language-independent rules only (edge_punct)$" $T/out   # the summaries' words
# edge_punct alone: ParCorFull's talk audit, the talks of every language
# pooled, kept it and neither stray nor consist (docs/quality.md "The
# generic pack's verdict")
expect_grep '^every language (no pack): 1 rule$' $T/out
expect_grep '^  edge_punct  *np  *on ' $T/out
expect_eq "$(grep -c '^  [a-z]' $T/out)" 1 "the generic pack's rules"
# German, French, Portuguese: the determiner rules (docs/languages.md);
# stray, consist not theirs (the talk audit)
expect_status 0 $XPROJ project --list-rules --lang ger
expect_grep '^German (de; also deu, ger): 10 rules' $T/out
grep -q '^  \(stray\|consist\) ' $T/out && { echo "FAIL: stray or consist listed for German"; fails=$((fails + 1)); }
expect_grep '^  punct_next  *np  *on ' $T/out
expect_grep '^  det  *np  *on ' $T/out
expect_grep '^  shed  *np  *on ' $T/out
expect_status 0 $XPROJ project --list-rules --lang fr-FR
expect_grep '^  edge_punct  *np  *on ' $T/out
expect_status 0 $XPROJ project --list-rules --lang pt-BR
expect_grep '^Portuguese (pt; also por)' $T/out
expect_status 0 $XPROJ project --list-rules --lang zh --json
expect_grep '"pack": "zh"' $T/out
expect_grep '"name": "zh_interrogative"' $T/out
expect_status 0 $XPROJ project --list-rules --lang zh --markdown
expect_grep '^| `zh_words` | np | on | ' $T/out
expect_status 0 $XPROJ project --list-rules
for p in 'every language (no pack)' 'Chinese (zh' 'Farsi (fa'; do expect_grep "^$p" $T/out; done

# the summary names the pack; a language without one works, and says so
expect_grep '^  language pack: zh (Chinese)' $T/def.err
sed 's/"tgt_lang":"[a-z]*"/"tgt_lang":"nl"/' $L/aligned.jsonl > $T/nl.jsonl
ALIGNED=$T/nl.jsonl proj nl || { echo "FAIL: a language without a pack"; cat $T/nl.err; fails=$((fails + 1)); }
expect_grep "^  no language pack for 'nl': the language-independent rules only (edge_punct)$" $T/nl.err
# its summary counts the rules that can apply to it (the generic pack's:
# edge_punct), not every pack's at zero
expect_grep '^  language rules changed: none (no pronoun rule of the target.s pack)$' $T/nl.err
expect_grep '^  noun phrase rules changed: [0-9]* edge_punct$' $T/nl.err
grep -q 'Chinese pronouns\|Farsi\|zh_name\|fa_ezafe' $T/nl.err && { echo "FAIL: another pack's rules in nl's summary"; fails=$((fails + 1)); }
expect_grep ' 0 pro-drop;' $T/nl.err
[ -s $T/nl.conll ] || { echo "FAIL: no projection for nl"; fails=$((fails + 1)); }

# pipeline: the same switch, on its command line and in a --config file
{ cat tools/sample/zh.conf; echo 'rules = none,+zh_words'; } > $T/none.conf
expect_status 0 $XPROJ pipeline --config $T/none.conf -o $T/pc --no-db
expect_grep '^  language     pack zh (Chinese)' $T/out
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --rules none,zh_words -o $T/pl --quiet --no-db
cmp -s $T/pc/projected.conll $T/pl/projected.conll || { echo "FAIL: rules in --config and on the command line differ"; fails=$((fails + 1)); }
# a language without a pack, through the whole job (Cantonese: written in
# Han, as the sample's subtitles are; a language written otherwise is
# refused on them, tests/cli/wrong_lang.sh)
sed 's/^tgt-lang = zh/tgt-lang = yue/' tools/sample/zh.conf > $T/yue.conf
expect_status 0 $XPROJ pipeline --config $T/yue.conf -o $T/pn --no-db
expect_grep "^  language     no language pack for 'yue': the language-independent rules only (edge_punct)$" $T/out
[ -s $T/pn/projected.conll ] || { echo "FAIL: pipeline wrote no projection for yue"; fails=$((fails + 1)); }
{ cat tools/sample/zh.conf; echo 'rules = +no_such_rule'; } > $T/bad.conf
expect_status 2 $XPROJ pipeline --config $T/bad.conf -o $T/pb --quiet --no-db
expect_grep "'+no_such_rule' is no rule" $T/err
# every switch of earlier releases (docs/cmd/project.md), each now read from
# its rule's row in its pack (lang/lang.h xp_lang_rule.off, tools/groups.c):
# byte for byte the projection of its --rules -NAME, and not the default's
for p in no-zh-pronouns:zh_pronoun no-zh-possessive:zh_possessive no-fa-attach:fa_attach \
	no-free-pronouns:free_pronoun no-fa-clitics:fa_clitic no-fa-nearest-verb:fa_verb \
	no-pronoun-move:pronoun_move no-pronoun-drop:pronoun_drop no-fa-light-verb:fa_light_verb \
	no-fa-possessive:fa_possessive no-fa-verb-move:fa_verb_move no-fa-case:fa_case \
	no-fa-homograph:fa_homograph no-fa-verb-final:fa_verb_final no-zh-demonstrative:zh_demonstrative \
	no-zh-interrogative:zh_interrogative no-fa-demonstrative:fa_demonstrative no-prodrop:prodrop; do
	proj o1 --${p%%:*} || { echo "FAIL: --${p%%:*}"; cat $T/o1.err; fails=$((fails + 1)); }
	proj o2 --rules -${p#*:}
	same o1 o2
	cmp -s $T/def.json $T/o1.json && { echo "FAIL: --${p%%:*} changed nothing"; fails=$((fails + 1)); }
done
# --list-rules names each beside its rule
expect_status 0 $XPROJ project --list-rules --lang fa
expect_grep '^  fa_verb  *pronoun  *on  .* (--no-fa-nearest-verb)$' $T/out
expect_grep '^  prodrop  *prodrop  *on  .* (--no-prodrop)$' $T/out
# pipeline: one on its command line, its --rules in a --config file
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --no-zh-pronouns --no-pronoun-drop -o $T/po1 --quiet --no-db
{ cat tools/sample/zh.conf; echo 'rules = -zh_pronoun,-pronoun_drop'; } > $T/po.conf
expect_status 0 $XPROJ pipeline --config $T/po.conf -o $T/po2 --quiet --no-db
cmp -s $T/po1/projected.conll $T/po2/projected.conll || { echo "FAIL: pipeline's old switches and --rules differ"; fails=$((fails + 1)); }
# the options of earlier releases named after Chinese (the zh pack's
# old_options) are options wherever their new names are
for c in "align --zh-tokens word" "pipeline --zh-tokens word" "project --zh-words $T" "pipeline --zh-words $T" \
	"calibrate --zh-words $T" "calibrate --zh-ends $T"; do
	$XPROJ $c > $T/old.out 2>&1
	grep -q 'is not an option' $T/old.out && { echo "FAIL: xproj $c: $(head -1 $T/old.out)"; fails=$((fails + 1)); }
done
finish
