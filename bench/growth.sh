# Growth: CPU seconds of the readers and the store at 20k, 40k and 80k of
# one thing (distinct cluster labels, brackets, mentions in one document,
# documents), and the growth from 40k to 80k as an exponent (time ~ n^e:
# 1 is linear, n log n gives about 1.1, quadratic 2).  The CoNLL reader is
# too fast at those sizes for an exponent: it is also timed at ten times
# them.  Synthetic inputs (bench/synth_run.sh); needs no data.
set -eu
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
cpu() { # seconds of user+system CPU of CMD, to 1/100 s
	/usr/bin/time -f '%U %S' -o $T/time "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
	awk '{ printf "%.2f", $1 + $2 }' $T/time
}
row() { # WHAT T20 T40 T80
	awk -v w="$1" -v a=$2 -v b=$3 -v c=$4 'BEGIN {
		e = (b > 0.02 && c > 0) ? log(c / b) / log(2) : 0
		printf "  %-44s %6.2f %6.2f %6.2f s   exponent %s\n", w, a, b, c, (b > 0.02 ? sprintf("%.2f", e) : "(too fast to tell)") }'
}
echo "  (CPU seconds at N = 20k, 40k, 80k; the CoNLL reader also at 200k, 400k, 800k)"
for what in labels crossing; do
	for scale in 1 10; do
		t=""
		for n in 20000 40000 80000; do
			synth_$what $((n * scale)) $T/in.conll
			t="$t $(cpu $XPROJ stats $T/in.conll)"
		done
		k=$([ $scale = 1 ] && echo N || echo 10N)
		[ $what = labels ] && row "stats: $k distinct labels in one sentence" $t ||
			row "stats: $k brackets closed in opening order" $t
	done
done
for docs in 1 many; do
	tp="" ti="" tt=""
	for n in 20000 40000 80000; do
		rm -rf $T/r; mkdir $T/r
		synth_run $n $([ $docs = 1 ] && echo 1 || echo $((n / 10))) $T/r
		tp="$tp $(cpu $XPROJ project --source $T/r/en.conll --aligned $T/r/aligned.jsonl \
			--alignments $T/r/pairs.pharaoh -o $T/r/zh.conll --report $T/r/r.json)"
		ti="$ti $(cpu $XPROJ db import $T/r/c.db --source $T/r/en.conll --aligned $T/r/aligned.jsonl --report $T/r/r.json)"
		tt="$tt $(cpu $XPROJ db export-tasa $T/r/c.db --only-flagged -o $T/r/t.csv)"
	done
	d=$([ $docs = 1 ] && echo "N mentions in one document" || echo "N mentions, 10 per document")
	row "project: $d" $tp
	row "db import: $d" $ti
	row "db export-tasa --only-flagged: $d" $tt
done
# One sentence of N one-token mentions (synth_sentence: pronouns, names, an
# interrogative, every seventh token unaligned; every rule on), against the
# same N in sentences of 12 tokens (the baseline, measured here): a
# sentence over 1024 tokens is projected in windows (project/project.c
# utt_window), so its cost grows as the short sentences' does, a constant
# times theirs (main: quadratic, 5.5 s at 4k in Chinese, 18 s in Farsi).
for l in zh fa; do
	o=$([ $l = zh ] && echo "--chars --skip-articles" || echo "--prodrop --skip-articles")
	ts="" tb="" ratio=""
	for n in 20000 40000 80000; do
		rm -rf $T/s $T/b; mkdir $T/s $T/b
		synth_sentence $n $l $T/s
		# the baseline: the same tokens, a sentence per 12 (awk cuts the one line)
		awk -v n=$n 'BEGIN { FS = OFS = "\t" } /^#end/ { print; next }
			NF > 3 { if ($3 > 0 && $3 % 12 == 0) print ""; $3 = $3 % 12; print; next } { print }' \
			$T/s/en.conll > $T/b/en.conll
		python3 - $T/s $T/b <<'PY'
import json, sys
s, b = sys.argv[1], sys.argv[2]
r = json.loads(open(s + "/aligned.jsonl").read())
ph = [tuple(map(int, x.split("-"))) for x in open(s + "/pairs.pharaoh").read().split()]
pr = open(s + "/pairs.probs").read().split()
with open(b + "/aligned.jsonl", "w") as a, open(b + "/pairs.pharaoh", "w") as p, open(b + "/pairs.probs", "w") as q:
    k = 0
    for u in range(0, len(r["src"]), 12):
        x = dict(r, utt=u // 12, src=r["src"][u:u + 12], tgt=r["tgt"][u:u + 12])
        x["tgt_text"] = ("" if r["tgt_lang"] == "zh" else " ").join(x["tgt"])
        a.write(json.dumps(x, ensure_ascii=False) + "\n")
        links, probs = [], []
        while k < len(ph) and ph[k][0] < u + 12:
            links.append("%d-%d" % (ph[k][0] - u, ph[k][1] - u)); probs.append(pr[k]); k += 1
        p.write(" ".join(links) + "\n"); q.write(" ".join(probs) + "\n")
PY
		for d in s b; do
			t=$(cpu $XPROJ project --source $T/$d/en.conll --aligned $T/$d/aligned.jsonl --alignments $T/$d/pairs.pharaoh \
				--probs $T/$d/pairs.probs $o --np all -o $T/$d/out.conll --report $T/$d/r.json)
			[ $d = s ] && ts="$ts $t" || tb="$tb $t"
		done
	done
	row "project: one sentence of N mentions ($l)" $ts
	row "project: N mentions, 12 per sentence ($l)" $tb
	set -- $ts; a=$3; set -- $tb
	awk -v a=$a -v b=$3 -v l=$l 'BEGIN { printf "  %-44s %6.1f times the baseline at 80k\n", "project: one sentence (" l ")", (b > 0 ? a / b : 0) }'
done
