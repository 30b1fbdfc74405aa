# The consistency rule of xproj project (project/consist.h; --no-np consist
# switches it off).  tests/fixtures/consist: "Joey" said three times in a
# scene, aligned twice (乔伊, جویی) and unaligned the third time, in a
# sentence that has 乔伊, or جوییه (Joey and the enclitic "is").
. tests/cli/lib
P=$FIX/consist
proj() { # LANG OUT options...
	l=$1 out=$2; shift 2
	expect_status 0 $XPROJ project --source $P/en.conll --aligned $P/$l.jsonl --alignments $P/$l.pharaoh "$@" \
		-o $T/$out.conll --report $T/$out.json
}

proj zh zh
expect_grep "$(line z 2 乔伊 '(1)')" $T/zh.conll
expect_grep '1 consist, 0 zh_words,' $T/err
expect_grep '"fate":"projected","conf":[0-9.]*,"np_rules":{[^}]*"consist":true[,}]' $T/zh.json
proj zh zh-off --no-np consist
expect_grep "$(line z 2 乔伊 -)" $T/zh-off.conll
expect_grep '0 consist, 0 zh_words, 0 zh_de, 0 zh_name_trim, 0 zh_de_end, 0 zh_measure, 0 zh_head, 0 zh_locative, 0 zh_verb_tail, 0 zh_clause_head, 0 zh_weak_lead, 0 zh_particle, 0 names, 0 doubt, 0 ef1, 0 phrases$' $T/err

# only where the target's pack lists it: not a language without a pack, not
# German (ParCorFull's talk audit, docs/quality.md), though it is on
for l in nl de; do
	sed 's/"tgt_lang":"[a-z]*"/"tgt_lang":"'$l'"/' $P/zh.jsonl > $T/$l.jsonl
	expect_status 0 $XPROJ project --source $P/en.conll --aligned $T/$l.jsonl --alignments $P/zh.pharaoh \
		--rules default,+consist -o $T/$l.conll
	expect_grep "$(line z 2 乔伊 -)" $T/$l.conll
	# the summary counts the rules of the target's pack: consist is not among them
	grep -q ' consist\(,\|$\)' $T/err && { echo "FAIL: consist counted for $l"; fails=$((fails + 1)); }
	expect_grep "^  --rules consist: no rule of $l's pack" $T/err
done

proj fa fa
expect_grep "$(line f 0 جوییه '(1)')" $T/fa.conll
proj fa fa-off --no-np consist
expect_grep "$(line f 0 جوییه -)" $T/fa-off.conll
finish
