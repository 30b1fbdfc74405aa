# The noun phrase and name rules of xproj project (lang/np.h), each with
# its switch (--np / --no-np).  tests/fixtures/np: Janice -> 丝 only (珍妮 beside it); "a
# lesbian" -> 女同志 with 个 before it; "my dad" -> پدر with من after it;
# Howard -> 霍 with 尔 beside it, linked from the comma after Howard;
# "something" -> چیزی with یه before it; "the pin" -> میخ 0.99 and فرو 0.50
# with رو between (a stray link).
. tests/cli/lib
P=$FIX/np
PROJ_OPTS="--probs $P/pairs.probs"

proj all --np all
expect_grep "$(line z 3 珍妮 '(2')" $T/all.conll                 # zh_name
expect_grep "$(line z 2 个 '(3')" $T/all.conll                   # zh_classifier
expect_grep "$(line z 2 尔 '4)')" $T/all.conll                   # zh_name: a comma's link is no word
expect_grep "$(line f 1 من '(1)|2)')" $T/all.conll              # fa_possessor; "my" (unaligned) takes the free من inside it
expect_grep "$(line f 0 یه '(3')" $T/all.conll                   # fa_indef
expect_grep "$(line f 1 میخ '(5)')" $T/all.conll                 # stray: not میخ رو فرو
# the summary: the Chinese pack's rules (the corpus' first language), and the
# others that changed a span (its Farsi documents)
expect_grep 'noun phrase rules changed: 1 stray, 2 zh_name, 1 zh_classifier, 1 fa_indef, 1 fa_possessor, 0 zh_copula, 0 consist, 0 zh_words, 0 zh_de, 0 zh_name_trim, 0 zh_de_end, 0 zh_measure, 0 zh_head, 0 zh_locative, 0 zh_verb_tail, 0 zh_clause_head, 0 zh_weak_lead, 0 zh_particle, 0 names, 0 doubt, 0 ef1, 0 phrases$' $T/err
expect_grep '"np_rules":{"stray":1,"zh_name":2,"zh_classifier":1,"fa_indef":1,"fa_possessor":1,"fa_compound":0,"fa_dem":0,"fa_ra":0,"zh_copula":0,"consist":0,"zh_words":0,"zh_de":0,"zh_name_trim":0,"fa_verb_edge":0,"fa_clause":0,"fa_ezafe":0,"fa_head":0,"fa_edges":0,"fa_dem_noun":0,"zh_de_end":0,"zh_measure":0,"zh_head":0,"zh_locative":0,"fa_weak_det":0,"zh_verb_tail":0,"zh_clause_head":0,"zh_weak_lead":0,"fa_repeat":0,"zh_particle":0,"names":0,"doubt":0,"ef1":0,"phrases":0}' $T/all.json
expect_grep '"fate":"projected","conf":[0-9.]*,"np_rules":{"zh_name":true},' $T/all.json   # a mention's: the rules that fired (report version 3)
expect_grep '"np_rules":{"stray":true,"zh_name":true,"zh_classifier":true,"fa_indef":true,"fa_possessor":true,"fa_compound":true,"fa_dem":true,"fa_ra":true,"zh_copula":true,"consist":true,"zh_words":true,"zh_de":true,"zh_name_trim":true,"fa_verb_edge":true,"fa_clause":true,"fa_ezafe":true,"fa_head":true,"fa_edges":true,"fa_dem_noun":true,"zh_de_end":true,"zh_measure":true,"zh_head":true,"zh_locative":true,"fa_weak_det":true,"zh_verb_tail":true,"zh_clause_head":true,"zh_weak_lead":true,"fa_repeat":true,"zh_particle":true,"names":true,"doubt":true,"ef1":true,"phrases":true}}' $T/all.json

# the defaults: every rule on but zh_classifier, fa_possessor and fa_head, off since the
# rule audit (docs/quality.md)
proj def
expect_grep "$(line z 3 珍妮 '(2')" $T/def.conll
expect_grep "$(line f 0 یه '(3')" $T/def.conll
expect_grep '"fa_indef":true,"fa_possessor":false,"fa_compound":true,"fa_dem":true,"fa_ra":true,"zh_copula":true,"consist":true,"zh_words":true,"zh_de":false,"zh_name_trim":true,"fa_verb_edge":true,"fa_clause":true,"fa_ezafe":true,"fa_head":false,"fa_edges":true,"fa_dem_noun":true,"zh_de_end":true,"zh_measure":true,"zh_head":true,"zh_locative":true,"fa_weak_det":true,"zh_verb_tail":true,"zh_clause_head":true,"zh_weak_lead":true,"fa_repeat":true,"zh_particle":true,"names":true,"doubt":true,"ef1":false,"phrases":false}}' $T/def.json
proj noindef --no-np fa_indef
expect_grep "$(line f 1 چیزی '(3)')" $T/noindef.conll

proj none --no-np all
expect_grep "$(line z 4 丝 '(2)')" $T/none.conll
expect_grep "$(line z 3 女同志 '(3)')" $T/none.conll
expect_grep "$(line f 0 پدر '(2)')" $T/none.conll
expect_grep "$(line f 1 چیزی '(3)')" $T/none.conll
expect_grep "$(line f 3 فرو '5)')" $T/none.conll
expect_grep 'noun phrase rules changed: 0 zh_name, 0 zh_classifier, 0 zh_copula, 0 consist, 0 zh_words, 0 zh_de, 0 zh_name_trim, 0 zh_de_end, 0 zh_measure, 0 zh_head, 0 zh_locative, 0 zh_verb_tail, 0 zh_clause_head, 0 zh_weak_lead, 0 zh_particle, 0 names, 0 doubt, 0 ef1, 0 phrases$' $T/err

# one off, the others on; --np turns one back on
proj some --np all --no-np zh_name,stray,fa_ra,fa_verb_edge
expect_grep "$(line z 4 丝 '(2)')" $T/some.conll
expect_grep "$(line f 3 فرو '5)')" $T/some.conll
expect_grep "$(line z 2 个 '(3')" $T/some.conll
# fa_verb_edge: the preverb فرو before کردیم is a piece of the verb group, not of "the pin"
proj pv --no-np all --np fa_verb_edge
expect_grep "$(line f 2 رو '5)')" $T/pv.conll
# fa_ra: without the stray rule the span is میخ رو فرو; the object marker ends it
proj ra --no-np all --np fa_ra
expect_grep "$(line f 1 میخ '(5)')" $T/ra.conll
proj back --no-np all --np fa_indef
expect_grep "$(line f 0 یه '(3')" $T/back.conll
expect_grep "$(line z 4 丝 '(2)')" $T/back.conll

# doubt: a model that doubts every span (bias -5: confidence 0.007) leaves the
# noun phrases unprojected ("a lesbian", "my dad", "something", "the pin":
# filtered, counted as the rule's), never a pronoun or a name; a model sure of every span (+5), the
# rule switched off, or no model (--uncalibrated) keeps them (女同志 without 个: zh_classifier
# is off by default)
m() {   # m BIAS: a model of Chinese and Farsi, one bias, no weights
	printf '{"version":1,"models":{'
	for l in zh fa; do
		printf '"%s":{"projected":{"bias":%s,"weights":{}},"null":{"bias":0,"weights":{}}}' $l $1
		[ $l = zh ] && printf ','
	done
	printf '}}\n'
}
m -5 > $T/m-low.json
m 5 > $T/m-high.json
proj low --model $T/m-low.json
expect_grep "$(line z 3 女同志 -)" $T/low.conll
expect_grep "$(line f 0 پدر -)" $T/low.conll
expect_grep "$(line f 1 من '(1)')" $T/low.conll                 # "my" stays
expect_grep "$(line z 0 她 '(2)')" $T/low.conll                  # a pronoun stays
expect_grep "$(line z 3 珍妮 '(2')" $T/low.conll                 # a name stays
expect_grep '"np_rules":{.*"doubt":4,"ef1":0,"phrases":0}' $T/low.json
expect_grep '"filtered":4,' $T/low.json
expect_grep '"en":\[1,2,4\],"tgt":null,"fate":"filtered"' $T/low.json
# what the projection did is now a null: its confidence is the null model's
# (bias 0: 0.5), not the span's 0.007; the null model reads doubted = 1 and
# doubt_odds = the span's log-odds (-5): weights 2 and 0.5 give 1 - P(recoverable)
# = 1 - 1 / (1 + exp(-(2 - 2.5))) = 0.6225 ("why" pulls on the confidence)
expect_grep '"en":\[1,2,4\],"tgt":null,"fate":"filtered","conf":0.5,' $T/low.json
sed 's/"null":{"bias":0,"weights":{}}/"null":{"bias":0,"weights":{"doubted":2,"doubt_odds":0.5}}/g' $T/m-low.json > $T/m-low2.json
proj low2 --model $T/m-low2.json
expect_grep '"en":\[1,2,4\],"tgt":null,"fate":"filtered","conf":0.622[45]' $T/low2.json
expect_grep '"why":"doubt_odds=-5.00 (+2.50), doubted=1.00 (-2.00)' $T/low2.json
proj high --model $T/m-high.json
expect_grep "$(line z 3 女同志 '(3)')" $T/high.conll
expect_grep '"doubt":0,"ef1":0,"phrases":0}' $T/high.json
proj lowoff --model $T/m-low.json --rules -doubt
expect_grep "$(line z 3 女同志 '(3)')" $T/lowoff.conll
proj unc --uncalibrated
expect_grep "$(line z 3 女同志 '(3)')" $T/unc.conll

# a rule that does not exist is a usage error that lists the rules
expect_status 2 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--no-np zh_names -o $T/x.conll
expect_grep "no noun phrase rule 'zh_names' (rules: all, stray, zh_name" $T/err
expect_status 2 $XPROJ project --source $P/en.conll --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
	--np , -o $T/x.conll
finish
