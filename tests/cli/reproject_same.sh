# Re-projection after a realign projects as the run did (docs/serve.md,
# "Re-projection"): a pipeline run with a seed and a symmetrisation not the
# defaults records them with its model (and the names its aligner learned);
# each utterance realigned to other lines and back to its own gets, for
# every mention the run projected or left unaligned, the span the run
# itself projected.  Mentions the run's confidence filtered are left out:
# their features are the document's (the share of the cluster projected,
# of the sentence aligned), which one utterance realigned alone does not
# have; the same features move a confidence near a rule's cut (doubt's
# 0.40), so 2 of the 89 compared differ still (s01e01c01x|15 at 0.402,
# s01e01c02x|31): the test allows those 2.  With seed 1 and
# grow-diag-final-and, as before the run recorded its aligner, 23 differ.
# The run's output directory is moved first: the store finds its model
# beside it, where the run recorded it relative to the store.
. tests/cli/lib
PY=/usr/bin/python3
[ -x $PY ] || { echo "skipped: no python3"; exit 0; }
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf -o $T/p --quiet --save-model --seed 5 --sym intersect
expect_eq "$(sqlite3 $T/p/corrections.db "SELECT json_extract(wa_model, '\$.path') || ' ' ||
	json_extract(wa_model, '\$.aligner.seed') || ' ' || json_extract(wa_model, '\$.aligner.sym') FROM runs")" \
	"wordalign.model 5 intersect" "the model beside the store, relative; the seed and symmetrisation"
mv $T/p $T/moved
$XPROJ serve $T/moved/corrections.db --port 0 > $T/url 2>&1 &
pid=$!
i=0
while [ $i -lt 300 ] && ! grep -qs http $T/url; do i=$((i + 1)); sleep 0.1; done
url=$(grep -o 'http://[^ ]*' $T/url)
$PY - "$url" "$T/moved/corrections.db" > $T/same 2>&1 <<'PY'
import json, sqlite3, sys, urllib.parse, urllib.request
url, db = sys.argv[1], sys.argv[2]
def call(method, path, body=None):
    req = urllib.request.Request(url.rstrip("/") + "/api/" + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)
con = sqlite3.connect(db)
utts = con.execute("SELECT d.doc, min(m.mention), u.id FROM mentions m JOIN utterances u ON u.id = m.utterance"
                   " JOIN documents d ON d.id = u.document GROUP BY u.id ORDER BY u.id").fetchall()
fate = {(d, m): f for d, m, f in con.execute("SELECT d.doc, m.mention, p.fate FROM mentions m"
                                             " JOIN documents d ON d.id = m.document JOIN projections p ON p.mention = m.id")}
same = differ = utterances = 0
for doc, first, utt in utts:
    key = "%s|%d" % (doc, first)
    m = call("GET", "mention?key=" + urllib.parse.quote(key))
    blocks = [b["id"] for b in m["lines"]["blocks"]]
    own = [b["id"] for b in m["lines"]["blocks"] if b["chosen"]]
    if not own or len(blocks) < 2:
        continue
    other = sorted(set(own + [next(b for b in blocks if b not in own)]))
    r = call("POST", "edit", {"run": m["run"], "annotator": "t", "key": key, "action": "realign", "blocks": other,
                              "version": m["version"]})
    r = call("POST", "edit", {"run": m["run"], "annotator": "t", "key": key, "action": "realign", "blocks": own,
                              "version": r["mention"]["version"]})
    if r["reprojection"]["state"] != "proposed":
        print("not re-projected: %s: %s" % (key, r["reprojection"]))
        differ += 1
        continue
    utterances += 1
    ids = [x[0] for x in con.execute("SELECT m.mention FROM mentions m JOIN documents d ON d.id = m.document"
                                     " WHERE d.doc = ? AND m.utterance = ?", (doc, utt))]
    for i in ids:
        if fate[(doc, i)] == "filtered":
            continue
        x = call("GET", "mention?key=" + urllib.parse.quote("%s|%d" % (doc, i)))
        if x["current"]["span"] == x["silver"]["span"]:
            same += 1
        else:
            differ += 1
            print("differs: %s|%d: run %s, re-projected %s" % (doc, i, x["silver"]["span"], x["current"]["span"]))
print("utterances %d same %d differ %d" % (utterances, same, differ))
PY
kill $pid; wait $pid 2>/dev/null
n=$(sed -n 's/^utterances \([0-9]*\) same \([0-9]*\) differ \([0-9]*\)$/\1 \2 \3/p' $T/same)
set -- $n 0 0 0
[ "$1" -ge 39 ] && [ "$2" -ge 87 ] && [ "$3" -le 2 ] ||
	{ echo "FAIL: re-projected back, not the run's spans (utterances, same, differ: $n)"; cat $T/same; fails=$((fails + 1)); }
finish
