# The queue kept in the store (schema 8) against the queue an older build
# computed in memory: BASE=OLD_BUILD_DIR sh bench/queue_same.sh.  On the
# bundled sample (pipeline by the old build, two deletions) and on a
# synthetic run of SAME_N mentions (default 10000), every page under seven
# filter sets at two page sizes, and around=, from the old build's `xproj
# serve`, from this build's on a copy of the same store (migrated on
# opening), and on a store this build imported: the three must be equal
# byte for byte.  Without BASE it says so and does nothing.
set -eu
[ -n "${BASE:-}" ] || { echo "queue_same: BASE=OLD_BUILD_DIR compares with an older build"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
. bench/synth_run.sh
cat > $T/dump.py <<'PY'
import json, sys, urllib.request
url, doc = sys.argv[1], sys.argv[2]
out = []
for params in ["", "&status=open", "&status=edited", "&type=pronoun", "&doc=" + doc, "&max_conf=0.6",
               "&status=open&type=pronoun&max_conf=0.5"]:
    for limit in (7, 500):
        off = 0
        while True:
            q = json.load(urllib.request.urlopen(url + "api/queue?limit=%d&offset=%d%s" % (limit, off, params)))
            out.append([params, limit, off, q["total"], q["all"], q["done"]] + [[i[k] for k in (
                "pos", "rank", "key", "risk", "why", "doc", "fate", "type", "conf", "status")] for i in q["items"]])
            off += limit
            if off >= q["total"]: break
    q = json.load(urllib.request.urlopen(url + "api/queue?limit=7&around=" + doc + "%7C5" + params))
    out.append([params, "around", q["offset"], q["found"]])
print(json.dumps(out, ensure_ascii=False))
PY
# serve DB with XPROJ and dump its queue: XPROJ DB DOC OUT
dump() {
	"$1" serve "$2" --port 0 > $T/url 2>&1 &
	p=$!
	i=0
	while [ $i -lt 300 ] && ! grep -qs http $T/url; do sleep 0.1; i=$((i + 1)); done
	python3 $T/dump.py "$(grep -o 'http://[^ ]*' $T/url)" "$3" > "$4"
	kill $p; wait $p || true
}
same() {
	if cmp -s "$1" "$2"; then echo "  same: $3 ($(wc -c < "$1") bytes of pages)"; else echo "  DIFFERENT: $3"; exit 1; fi
}
echo "the bundled sample:"
$BASE/xproj pipeline --config tools/sample/zh.conf --alignments tools/sample/zh.pharaoh -o $T/p --quiet >/dev/null 2>&1
$BASE/xproj db delete $T/p/corrections.db --mention 's01e01c00x|2' --annotator a >/dev/null
$BASE/xproj db delete $T/p/corrections.db --mention 's01e01c00x|5' --annotator a >/dev/null
cp $T/p/corrections.db $T/mig.db
dump $BASE/xproj $T/p/corrections.db s01e01c00x $T/old.json
dump $XPROJ $T/mig.db s01e01c00x $T/mig.json
same $T/old.json $T/mig.json "old build's queue = this build's on the store it migrated"
n=${SAME_N:-10000}
echo "synthetic, $n mentions:"
synth_run $n $((n / 75)) $T
$XPROJ project --source $T/en.conll --aligned $T/aligned.jsonl --alignments $T/pairs.pharaoh -o $T/zh.conll \
	--report $T/r.json 2>/dev/null
# an old build reads the report as version 1 wrote it (bench/report_v1.sh)
sh bench/report_v1.sh $T/r.json > $T/r1.json
$BASE/xproj db import $T/old.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r1.json >/dev/null 2>&1
$XPROJ db import $T/new.db --source $T/en.conll --aligned $T/aligned.jsonl --report $T/r.json >/dev/null 2>&1
rm -f $T/mig.db*   # and the sample's -wal and -shm, which SQLite would replay
cp $T/old.db $T/mig.db
dump $BASE/xproj $T/old.db doc7 $T/old.json
dump $XPROJ $T/mig.db doc7 $T/mig.json
dump $XPROJ $T/new.db doc7 $T/new.json
same $T/old.json $T/mig.json "old build's queue = this build's on the store it migrated"
same $T/old.json $T/new.json "old build's queue = this build's on a store it imported"
