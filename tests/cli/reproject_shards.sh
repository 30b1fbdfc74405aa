# The workbench on the stores of a workflow's shards merged into one (one
# episode each, one language; adv18.sh, 3): no shard's run is superseded
# (a later run holds none of its documents), so each is edited as the
# latest is, and each one's word-aligner model is read from the server's
# start.  Before, the server kept the old rule (any later run of the
# language) for its models: the first shard's was "on first realign" and
# read by a corrector's first realign there, while the store (db runs, a
# POST's check) had it live.  A line of the first shard's run realigned
# is re-projected with its model.
. tests/cli/lib
PY=/usr/bin/python3
[ -x $PY ] || { echo "skipped: no python3"; exit 0; }
S=tools/sample
sed 's/s01e01/s01e02/g' $S/dialogue.conll >$T/ep2.conll
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/e1 --quiet --save-model
expect_status 0 $XPROJ pipeline --config $S/zh.conf --source $T/ep2.conll -o $T/e2 --quiet --save-model
expect_status 0 $XPROJ db merge $T/m.db $T/e1/corrections.db $T/e2/corrections.db
serve_start $T/m.db
[ -n "$url" ] || { echo "FAIL: serve gave no URL:"; cat $T/url; fails=$((fails + 1)); }
# the models' states once the loader is done ("reading" while it reads)
$PY - "$url" >$T/states <<'PY'
import json, sys, time, urllib.request
for _ in range(600):
    runs = json.load(urllib.request.urlopen(sys.argv[1] + "api/runs"))["runs"]
    st = {r["run"]: (r["wa_model"] or {}).get("state") for r in runs}
    if "reading" not in st.values():
        break
    time.sleep(0.1)
for r in runs:
    print("run %d latest %s model %s" % (r["run"], r["latest"], st[r["run"]]))
PY
expect_grep '^run 1 latest True model ready$' $T/states
expect_grep '^run 2 latest True model ready$' $T/states
# a line of the first shard's run realigned to one more line: written
# (no 409: the run is not superseded) and re-projected with its model
$PY - "$url" 's01e01c00x|2' >$T/realign <<'PY'
import json, sys, urllib.parse, urllib.request
def call(method, path, body=None):
    req = urllib.request.Request(sys.argv[1] + "api/" + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)
_, m = call("GET", "mention?run=1&key=" + urllib.parse.quote(sys.argv[2]))
blocks = [b["id"] for b in m["lines"]["blocks"]]
own = [b["id"] for b in m["lines"]["blocks"] if b["chosen"]]
other = sorted(set(own + [next(b for b in blocks if b not in own)]))
code, r = call("POST", "edit", {"run": 1, "annotator": "t", "key": sys.argv[2], "action": "realign",
                                "blocks": other, "version": m["version"]})
print(code, r.get("reprojection", {}).get("state"), r.get("error"))
PY
expect_grep '^200 proposed None$' $T/realign
kill $pid; wait $pid 2>/dev/null
expect_eq "$(sqlite3 $T/m.db "SELECT count(*) FROM tedits WHERE run = 1 AND kind = 'realign'")" 1 \
	"the realign written on the first shard's run"
finish
