#!/bin/sh
# tests/browser/run.sh — the workbench in a real browser (`make check-browser`,
# and part of `make check` where Chromium, chromium-driver and
# python3-selenium are installed; scripts/install-deps installs them).
# Usage: tests/browser/run.sh [1|2] — one part, or both one after the other
# (no argument, `make check-browser`).  The two parts take about the same
# time and share nothing (each builds the stores it needs in a temporary
# directory of its own, its servers on ports of their own): `make check`
# (tests/run) runs them as two suites, side by side.
# Part 1 builds a store from tools/sample with two HTML payloads planted in
# the English transcript (a token and a speaker), serves it on a free port,
# runs workbench.py in headless Chromium, then checks that `db export` equals
# tests/fixtures/serve/corrected.zh.conll; then a page open across a rerun
# (rerun.py), and the others below.  Screenshots: $BUILD/browser/.
# Environment: XPROJ, BUILD; PYTHON (default /usr/bin/python3, Debian's,
# which has python3-selenium).
set -u
: "${XPROJ:=build/xproj}" "${BUILD:=build}" "${PYTHON:=/usr/bin/python3}"
T=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
# serve store $1 on a free port: $pid, $url
serve() {
	rm -f $T/url
	"$XPROJ" serve "$1" --port 0 > $T/url 2>&1 &
	pid=$!
	# up to 120 s, as tests/cli/lib: a loaded machine (suites run side by side) starts it late
	for i in $(seq 1200); do grep -qs http $T/url && break; sleep 0.1; done
	url=$(grep -o 'http://[^ ]*' $T/url) || { cat $T/url; exit 1; }
}
S=tools/sample
st=0

# the store of tools/sample's English with markup planted (a token, a
# speaker, the subtitles), made in DIR; and $T/dialogue.conll, its source
markup_store() {
	sed -e "s/	Relax	/	<img\/src=x\/onerror=document.title='pwned'>	/" -e "s/	Priya	/	<b>Priya<\/b>	/" \
		$S/dialogue.conll > $T/dialogue.conll
	"$XPROJ" pipeline --source $T/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh --uncalibrated \
		--alignments $S/zh.pharaoh -o $1 --quiet --no-db || exit 1
	# subtitles holding a script and an image that runs one: the SRT reader
	# drops markup, but an aligned corpus from elsewhere (or an OPUS XML file's
	# &lt;script&gt;) can carry them; planted in the aligned corpus, which
	# `db import` then takes into the store as any other
	"$PYTHON" - $1/aligned.jsonl <<-'EOF' || { echo "could not plant the subtitles"; exit 1; }
	import json, sys
	rows, n = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")], 0
	for r in rows:
	    if r["tgt_text"] == "放松，蛋糕没事。":
	        r["tgt_text"] += '<script>document.title="pwned"</script>'
	        r["en_sub_text"] = [t + ' <script>document.title="pwned"</script>' for t in r["en_sub_text"]]
	        r["tgt_sub_text"] = [t + "<img src=x onerror=\"document.title='pwned'\">" for t in r["tgt_sub_text"]]
	        n += 1
	with open(sys.argv[1], "w", encoding="utf-8") as f:
	    for r in rows:
	        f.write(json.dumps(r, ensure_ascii=False) + "\n")
	sys.exit(n != 1)
	EOF
	"$XPROJ" db import $1/corrections.db --source $T/dialogue.conll --aligned $1/aligned.jsonl \
		--report $1/report.json --lang zh > /dev/null || exit 1
}

# part 1: the store workbench.py works on, a rerun, realign, the scene,
# annotator and seat on fresh stores, a narrow window
part1() {
	markup_store $T/p
	serve $T/p/corrections.db
	"$PYTHON" tests/browser/workbench.py "$url" "$BUILD/browser" || st=1
	# the queue list on the store workbench.py worked on: text, search, reading order
	"$PYTHON" tests/browser/queuelist.py "$url" "$BUILD/browser" || st=1
	kill "$pid"; wait "$pid"; pid=
	"$XPROJ" db export $T/p/corrections.db -o $T/corrected.conll > /dev/null || exit 1
	if ! diff -u tests/fixtures/serve/corrected.zh.conll $T/corrected.conll; then
		echo "  FAIL  db export differs from tests/fixtures/serve/corrected.zh.conll"
		st=1
	else
		echo "  ok    db export equals tests/fixtures/serve/corrected.zh.conll"
	fi
	# a rerun of the pipeline on the same inputs keeps all of it: run 2 carries
	# every touched mention over and exports the same corrected CoNLL
	"$XPROJ" pipeline --source $T/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh \
		--alignments $S/zh.pharaoh -o $T/p --quiet || exit 1
	"$XPROJ" db runs $T/p/corrections.db > $T/runs || exit 1
	"$XPROJ" db export $T/p/corrections.db -o $T/rerun.conll > $T/out || exit 1
	if grep -q '^run 2 ' $T/out && grep -q ', 0 not carried' $T/runs && cmp -s $T/corrected.conll $T/rerun.conll; then
		echo "  ok    a rerun carries the work over: $(grep '^from run 1' $T/runs)"
	else
		echo "  FAIL  after a rerun: $(cat $T/out $T/runs)"
		st=1
	fi
	# a page open across a rerun (issue 32, D3): tests/browser/rerun.py
	"$XPROJ" pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/q --quiet || exit 1
	serve $T/q/corrections.db
	"$PYTHON" tests/browser/rerun.py "$url" "$BUILD/browser" \
		"'$XPROJ' pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o '$T/q' --quiet" || st=1
	kill "$pid"; wait "$pid"; pid=
	# a correction of a mention the rerun does not have ("I", removed from
	# the English: every later id moves down one): tests/browser/lost.py
	P=tests/fixtures/project
	sed '2s/(1)$/-/' $P/en.conll > $T/en2.conll
	for k in 1 2; do
		src=$P/en.conll; [ $k = 2 ] && src=$T/en2.conll
		"$XPROJ" project --source $src --aligned $P/aligned.jsonl --alignments $P/pairs.pharaoh \
			-o $T/lost$k.conll --report $T/lost$k.json 2>/dev/null || exit 1
		"$XPROJ" db import $T/lost.db --source $src --aligned $P/aligned.jsonl --report $T/lost$k.json > /dev/null || exit 1
		[ $k = 1 ] && { "$XPROJ" db delete $T/lost.db --mention 'd|0' --annotator ana > /dev/null &&
			"$XPROJ" db modify $T/lost.db --mention 'd|1' --span 0:4:8 --annotator ana > /dev/null || exit 1; }
	done
	serve $T/lost.db
	"$PYTHON" tests/browser/lost.py "$url" "$BUILD/browser" || st=1
	kill "$pid"; wait "$pid"; pid=
	# fixing the cause (issue 34): tests/browser/realign.py on the sample with
	# every fifth utterance's pairing doubted (as align/uconf.c would write it)
	# and markup in a subtitle line around one of them
	"$XPROJ" pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/r --quiet --no-db || exit 1
	"$PYTHON" - $T/r/aligned.jsonl <<-'EOF' || { echo "could not plant the doubts"; exit 1; }
	import json, sys
	rows, n = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")], 0
	for k, r in enumerate(rows):
	    if r["utt"] % 5 == 2 and r["tgt_subs"]:
	        r["aconf"], r["doubt"] = 0.1, ["time", "order"]
	        n += 1
	        if n == 1 and k + 1 < len(rows) and rows[k + 1].get("tgt_sub_text"):
	            rows[k + 1]["tgt_sub_text"][0] += "<img src=x onerror=\"document.title='pwned'\">"
	with open(sys.argv[1], "w", encoding="utf-8") as f:
	    for r in rows:
	        f.write(json.dumps(r, ensure_ascii=False) + "\n")
	sys.exit(n == 0)
	EOF
	# a word aligner's model of the sample's pairs, recorded with the run: a
	# realign then proposes the utterance's spans in the new lines
	"$XPROJ" wordalign --lowercase $T/r/pairs.txt --save-model $T/r/wa.model -o $T/r/wa.pharaoh 2>/dev/null || exit 1
	"$XPROJ" db import $T/r/corrections.db --source $S/dialogue.conll --aligned $T/r/aligned.jsonl \
		--report $T/r/report.json --lang zh --wa-model $T/r/wa.model > /dev/null || exit 1
	serve $T/r/corrections.db
	"$PYTHON" tests/browser/realign.py "$url" "$BUILD/browser" "$XPROJ" $T/r/corrections.db || st=1
	kill "$pid"; wait "$pid"; pid=
	# the scene panel, reading and keyboard focus (issue 34): tests/browser/scene.py
	# on a Chinese and a Farsi store (screenshots scene-zh.png, scene-fa.png);
	# the fonts they are drawn in are scripts/install-deps' (said when missing)
	for f in "Noto Sans CJK" "Noto Naskh Arabic"; do
		fc-list 2>/dev/null | grep -q "$f" || echo "  NOTE  font $f is not installed (scripts/install-deps): the screenshots fall back"
	done
	# then, on a copy of the store as made, the workbench through an annotator's
	# eyes (h-wb5): the sizes laptops have, 150% zoom, the overview and back,
	# the queue's tooltips, Chinese words (tests/browser/annotator.py)
	for l in zh fa; do
		"$XPROJ" pipeline --config $S/$l.conf --alignments $S/$l.pharaoh -o $T/s$l --quiet || exit 1
		cp -r $T/s$l $T/a$l
		cp -r $T/s$l $T/w$l
		for t in scene:s annotator:a seat:w; do
			serve $T/${t#*:}$l/corrections.db
			"$PYTHON" tests/browser/${t%:*}.py "$url" "$BUILD/browser" $l || st=1
			kill "$pid"; wait "$pid"; pid=
		done
	done
	# an annotator's seat: a narrow window, a scene of 320 utterances (Chinese)
	# and the Farsi sample right to left: tests/browser/narrow.py, then
	# tests/browser/ents.py on the same store
	mkdir -p $T/long
	"$PYTHON" tests/browser/longscene.py $T/long 8 || exit 1
	"$XPROJ" pipeline --source $T/long/long.conll --subs $T/long/en.srt --tgt-subs $T/long/zh.srt --tgt-lang zh \
		--lowercase --seed 1 -o $T/long/p --quiet || exit 1
	for l in zh fa; do
		db=$T/long/p/corrections.db
		[ $l = fa ] && db=$T/sfa/corrections.db
		serve $db
		"$PYTHON" tests/browser/narrow.py "$url" "$BUILD/browser" $l || st=1
		# round five: merge an entity, the toast, the queue's foot, more of the scene
		"$PYTHON" tests/browser/ents.py "$url" "$BUILD/browser" $l || st=1
		# a document of 128 entities: the menus name some, typing finds the others (h-wb6)
		[ $l = zh ] && { "$PYTHON" tests/browser/seat.py "$url" "$BUILD/browser" long || st=1; }
		kill "$pid"; wait "$pid"; pid=
	done
}

# part 2: a corrector's seat, a long line, a document in two parts, `make
# demo`'s stores, papercuts, online and polish, undone, a chain past 200
# mentions
part2() {
	markup_store $T/pm   # for demo.py's markup walk and papercuts.py's markup store
	# a corrector's seat, round six: a speaker's name and a token with no break
	# in them, right to left; keys that cannot act (tests/browser/corrector.py)
	sed -e "s/	Priya	/	Priyadarshini_Venkataraman_Subramaniam_the_Third_of_Chennai	/" \
		-e "s/	cake	/	cake-that-nobody-ever-asked-for-and-everybody-ate-anyway-at-the-party	/" $S/dialogue.conll > $T/unbroken.conll
	"$XPROJ" pipeline --config $S/fa.conf --source $T/unbroken.conll -o $T/u --quiet || exit 1
	serve $T/u/corrections.db
	"$PYTHON" tests/browser/corrector.py "$url" "$BUILD/browser" || st=1
	# an entity named by the 70-character token: the relink menu in its column
	"$PYTHON" tests/browser/annotator.py "$url" "$BUILD/browser" unbroken || st=1
	kill "$pid"; wait "$pid"; pid=
	# a long target line: subtitle 1's Farsi words sixteen times over (96 words,
	# as long as a TED talk's sentence of two subtitle lines joined); the OPUS
	# links name the file by its path's tail, fa/sample/fa.xml
	mkdir -p $T/lf/fa/sample
	"$PYTHON" - $S/fa.xml $T/lf/fa/sample/fa.xml <<-'EOF' || { echo "could not make the long line"; exit 1; }
	import re, sys
	x = open(sys.argv[1], encoding="utf-8").read()
	a, z = x.index('<w id="1.1">'), x.index('<time id="T1E"')
	words = re.findall(r'<w id="1\.\d+">([^<]*)</w>', x[a:z])
	more = "".join('<w id="1.%d">%s</w>\n    ' % (k + 1, w) for k, w in enumerate(words * 16))
	open(sys.argv[2], "w", encoding="utf-8").write(x[:a] + more + x[z:])
	EOF
	"$XPROJ" pipeline --config $S/fa.conf --tgt-subs $T/lf/fa/sample/fa.xml -o $T/lf/p --quiet || exit 1
	serve $T/lf/p/corrections.db
	"$PYTHON" tests/browser/annotator.py "$url" "$BUILD/browser" long || st=1
	# r on that line leaves the mention's key where it was (h-wb6)
	"$PYTHON" tests/browser/seat.py "$url" "$BUILD/browser" line || st=1
	kill "$pid"; wait "$pid"; pid=
	# a document in two parts (schema 11): tests/browser/parts.py
	sed 's/s01e01c01x/s01e01c00x/g' $S/dialogue.conll > $T/two.conll
	"$XPROJ" pipeline --config $S/zh.conf --alignments $S/zh.pharaoh --source $T/two.conll -o $T/t --quiet || exit 1
	serve $T/t/corrections.db
	"$PYTHON" tests/browser/parts.py "$url" "$BUILD/browser" || st=1
	kill "$pid"; wait "$pid"; pid=
	# `make demo`'s stores, as an annotator meets them (h-wb8): the toasts'
	# words, undo's words from the server, a split's names, the scene's
	# heading at four sizes, a realign with the model the demo records
	# (tests/browser/demo.py); then the speaker "<b>Priya</b>" in the toasts
	XPROJ="$XPROJ" OUT=$T/demo sh tools/sample/demo > $T/demo.out 2>&1 || { cat $T/demo.out; exit 1; }
	for l in zh fa; do
		serve $T/demo/$l/corrections.db
		"$PYTHON" tests/browser/demo.py "$url" "$BUILD/browser" $l || st=1
		kill "$pid"; wait "$pid"; pid=
	done
	serve $T/pm/corrections.db
	"$PYTHON" tests/browser/demo.py "$url" "$BUILD/browser" markup || st=1
	kill "$pid"; wait "$pid"; pid=
	# an annotator's half hour (h-wb9): the realign form on the line's own
	# pairing, refusals in words, the server stopped and started again under
	# the page (the test runs xproj serve itself), on copies of the demo's
	# stores and of the store with markup in its tokens and subtitles
	# (tests/browser/papercuts.py; on the Farsi store, then polish.py's tour,
	# below); then a chain past the 200 mentions a line lists, its line saying
	# how many more (tests/browser/bigchain.py)
	cp -r $T/demo/zh $T/hz; cp -r $T/demo/fa $T/hf; mkdir -p $T/hm
	# markup in the target's tokens too (pm has it in an English token, a
	# speaker and the subtitles): every "蛋" an image that runs a script,
	# every "派" a closing tag and a bold name
	"$PYTHON" - $T/pm/aligned.jsonl $T/hm/aligned.jsonl <<-'EOF' || { echo "could not plant the tokens"; exit 1; }
	import json, sys
	rows, n = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")], 0
	plant = {"蛋": "<img src=x onerror=\"document.title='pwned'\">", "派": "</span><b>Priya</b>"}
	for r in rows:
	    n += sum(t in plant for t in r["tgt"])
	    r["tgt"] = [plant.get(t, t) for t in r["tgt"]]
	with open(sys.argv[2], "w", encoding="utf-8") as f:
	    for r in rows:
	        f.write(json.dumps(r, ensure_ascii=False) + "\n")
	sys.exit(n == 0)
	EOF
	"$XPROJ" project --source $T/dialogue.conll --aligned $T/hm/aligned.jsonl --alignments $S/zh.pharaoh \
		-o $T/hm/out.conll --report $T/hm/report.json 2>/dev/null || exit 1
	"$XPROJ" db import $T/hm/corrections.db --source $T/dialogue.conll --aligned $T/hm/aligned.jsonl \
		--report $T/hm/report.json --lang zh > /dev/null || exit 1
	# the server they stop and start again under the page keeps its port, one
	# no other suite's server is given meanwhile (tests/browser/server.py)
	cp -r $T/demo/zh $T/sv
	"$PYTHON" tests/browser/server.py "$XPROJ" $T/sv/corrections.db || st=1
	for x in hz:zh hf:fa hm:markup; do
		"$PYTHON" tests/browser/papercuts.py seat "$XPROJ" $T/${x%:*}/corrections.db "$BUILD/browser" ${x#*:} || st=1
	done
	# the server answering again while a mention is being opened: it is
	# opened once, the one asked for (h-wb10, tests/browser/online.py; the test
	# runs xproj serve itself).  Then, in its session, the polish round
	# (h-wb11, tests/browser/polish.py's walks): the toast never over the
	# history's last line; a mention that cannot be opened once the server is
	# back said, the view before kept; each main view at 1280 x 800 and
	# 800 x 600, looked at (Farsi's tour: in papercuts.py's seat, above).  In
	# sessions of their own they cost a browser's and a server's start each.
	cp -r $T/demo/zh $T/oz
	"$PYTHON" tests/browser/online.py "$XPROJ" $T/oz/corrections.db "$BUILD/browser" || st=1
	# what an undo leaves: the entity's name after a re-pairing, a merge and
	# their undos; the history in u's order (tests/browser/undone.py)
	cp -r $T/demo/zh $T/uz
	serve $T/uz/corrections.db
	"$PYTHON" tests/browser/undone.py "$url" "$BUILD/browser" || st=1
	kill "$pid"; wait "$pid"; pid=
	for l in zh fa; do
		mkdir -p $T/big$l
		"$PYTHON" tests/browser/bigchain.py $T/big$l $l || exit 1
		"$XPROJ" project --source $T/big$l/en.conll --aligned $T/big$l/aligned.jsonl --alignments $T/big$l/pairs.pharaoh \
			-o $T/big$l/out.conll --report $T/big$l/r.json 2>/dev/null || exit 1
		"$XPROJ" db import $T/big$l/c.db --source $T/big$l/en.conll --aligned $T/big$l/aligned.jsonl \
			--report $T/big$l/r.json --lang $l > /dev/null || exit 1
		serve $T/big$l/c.db
		"$PYTHON" tests/browser/papercuts.py chain "$url" "$BUILD/browser" $l || st=1
		kill "$pid"; wait "$pid"; pid=
	done
}

case ${1:-all} in
1) part1 ;;
2) part2 ;;
all) part1; part2 ;;
*) echo "usage: tests/browser/run.sh [1|2]" >&2; exit 2 ;;
esac
exit $st
