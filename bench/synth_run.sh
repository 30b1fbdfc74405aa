# bench/synth_run.sh — sourced: synthetic inputs whose size is one number,
# for growth tests (bench/growth.sh) and the regression test of the readers'
# complexity (tests/cli/growth.sh).  Every English token is a one-token
# mention of its own cluster; the target is the English, token for token.
#
#   synth_labels N FILE           one sentence of N distinct one-token labels
#   synth_crossing N FILE         N brackets opened, then closed in the same order
#   synth_run N DOCS DIR          DOCS documents holding N mentions in all, in
#                                 sentences of 5 tokens: DIR/en.conll,
#                                 DIR/aligned.jsonl, DIR/pairs.pharaoh

synth_labels() {
	awk -v n="$1" 'BEGIN { print "#begin document (d); part 000"
		for (i = 0; i < n; i++) printf "d\t0\t%d\tw\tna\tna\tna\tna\tna\tS\tna\tna\tna\t(%d)\n", i, i
		print ""; print "#end document" }' > "$2"
}

synth_crossing() {
	awk -v n="$1" 'BEGIN { print "#begin document (d); part 000"
		for (i = 0; i < n; i++) printf "d\t0\t%d\tw\tna\tna\tna\tna\tna\tS\tna\tna\tna\t(%d\n", i, i
		for (i = 0; i < n; i++) printf "d\t0\t%d\tw\tna\tna\tna\tna\tna\tS\tna\tna\tna\t%d)\n", n + i, i
		print ""; print "#end document" }' > "$2"
}

synth_run() {
	awk -v n="$1" -v docs="$2" -v dir="$3" 'BEGIN {
		en = dir "/en.conll"; al = dir "/aligned.jsonl"; ph = dir "/pairs.pharaoh"
		per = int((n + docs - 1) / docs); made = 0
		for (d = 0; d < docs && made < n; d++) {
			printf "#begin document (doc%d); part 000\n", d > en
			for (u = 0; made < n && u * 5 < per; u++) {
				src = ""
				for (t = 0; t < 5; t++) {
					printf "doc%d\t0\t%d\tw%d\tna\tna\tna\tna\tna\tS\tna\tna\tna\t(%d)\n", d, t, t, u * 5 + t > en
					src = src (t ? "," : "") "\"w" t "\""
				}
				made += 5
				print "" > en
				printf "{\"doc\":\"doc%d\",\"part\":0,\"utt\":%d,\"speaker\":\"S\",\"src\":[%s],\"tgt_lang\":\"zh\",\"tgt_text\":\"x\",\"tgt\":[%s],\"en_subs\":[1],\"tgt_subs\":[1],\"score\":1}\n", d, u, src, src > al
				print "0-0 1-1 2-2 3-3 4-4" > ph
			}
			print "#end document" > en
		}
	}'
}

# synth_sentence N LANG DIR: one document of one sentence of N English
# tokens, every one a one-token mention (50 clusters), and its LANG (zh or
# fa) target of N tokens: pronouns, names, nouns, a possessive, verbs
# agreeing with a pronoun, an interrogative, punctuation; every seventh
# token unaligned (the rules that place a pronoun without a link), the
# others linked to their twin with a posterior.  The features and rules
# that read the whole sentence per mention (bench/growth.sh) see all of it.
#   DIR/en.conll, DIR/aligned.jsonl, DIR/pairs.pharaoh, DIR/pairs.probs
synth_sentence() {
	awk -v n="$1" -v lang="$2" -v dir="$3" 'BEGIN {
		split("I you it John dog this what my he . we they", en, " ")
		if (lang == "zh") split("我 你 它 约翰 狗 这 什么 我的 他 。 我们 他们", tg, " ")
		else split("من تو این جان سگ میدونم چی دوستم میره . میریم میرن", tg, " ")
		ne = 12; sep = lang == "zh" ? "" : " "
		f = dir "/en.conll"; print "#begin document (d); part 000" > f
		src = ""; tgt = ""; text = ""; ph = ""; pr = ""
		for (i = 0; i < n; i++) {
			k = i % ne + 1
			printf "d\t0\t%d\t%s\tna\tna\tna\tna\tna\tS\tna\tna\tna\t%s\n", i, en[k], en[k] == "." ? "-" : "(" (i % 50) ")" > f
			src = src (i ? "," : "") "\"" en[k] "\""
			tgt = tgt (i ? "," : "") "\"" tg[k] "\""
			text = text (i ? sep : "") tg[k]
			if (i % 7 != 3) {
				ph = ph (ph == "" ? "" : " ") i "-" i
				pr = pr (pr == "" ? "" : " ") (i % 3 == 0 ? "0.45" : "0.9")
			}
		}
		print "" > f; print "#end document" > f
		printf "{\"doc\":\"d\",\"part\":0,\"utt\":0,\"speaker\":\"S\",\"src\":[%s],\"tgt_lang\":\"%s\",\"tgt_text\":\"%s\",\"tgt\":[%s],\"en_subs\":[1],\"tgt_subs\":[1],\"score\":1}\n", src, lang, text, tgt > (dir "/aligned.jsonl")
		print ph > (dir "/pairs.pharaoh"); print pr > (dir "/pairs.probs")
	}'
}
