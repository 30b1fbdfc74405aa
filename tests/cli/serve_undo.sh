# The workbench's API after undos (h-wb10), over HTTP on the Farsi sample:
# - an undo restores the entities' names: after a re-pairing of an
#   utterance, a merge of its entity into another and the undos of both,
#   every entity of the document is named as before (the merged one had
#   lost its target words, "guys · بچه‌ها" became "guys": the undone merge
#   still counted as an edit of its mentions); so after a split (a relink
#   to a new entity) undone;
# - the history lists actions in the order undo takes them back: a keep
#   made after a realign (the same second) was listed before it, so the
#   history's newest was the realign while u took back the keep;
# - "context" in a POST is read as GET /api/mention reads context=: absent
#   8, clamped to 0..400, not a whole number 400 (nothing written); a
#   refused action's reply and an undo's are drawn at it (they were drawn
#   at 8 whatever was sent).
. tests/cli/lib
S=tools/sample
PY=/usr/bin/python3
$PY -c 'import urllib.request' 2>/dev/null || { echo "skipped: no python3"; exit 0; }
expect_status 0 $XPROJ pipeline --config $S/fa.conf --save-model -o $T/p --quiet
serve_start $T/p/corrections.db
[ -n "$url" ] || { echo "FAIL: xproj serve did not start: $(cat $T/url)"; exit 1; }
$PY - "$url" > $T/py.out 2>&1 <<'EOF'
import os, sys, urllib.parse

sys.path.insert(0, os.path.join(os.getcwd(), "tests"))
import webapi  # noqa: E402  (tests/webapi.py: the browser tests' API calls too)

url, fails = sys.argv[1], []


def check(cond, what):
    if not cond:
        fails.append(what)
        print("FAIL: " + what)


def call(method, path, body=None):
    return webapi.call(url, method, path, body)


def mention(key, context=None):
    st, m = call("GET", "mention?key=" + urllib.parse.quote(key) + ("" if context is None else "&context=%d" % context))
    assert st == 200, (key, st, m)
    return m


def edit(key, action, **kw):
    body = dict(run=1, key=key, annotator="a", version=mention(key)["version"], action=action, **kw)
    return call("POST", "edit", body)


def undo(**kw):
    st, u = call("GET", "undo?run=1&annotator=a")
    assert st == 200, u
    return call("POST", "undo", dict(run=1, annotator="a", key=u["key"], version=u["version"], **kw))


def names(key):
    return {e["cluster"]: (" ".join(e["words"]), " ".join(e["tgt_words"]), e["n"])
            for e in mention(key, 400)["scene"]["entities"]}


keys = [i["key"] for i in call("GET", "queue?limit=200&annotator=a")[1]["items"]]
ms = {k: mention(k) for k in keys}
# a mention with a target span whose entity's target words name it, and
# another entity of its document
k = next(k for k, m in ms.items() if m["current"]["span"] and m["scene"]["tgt_cluster"] is not None
         and any(e["cluster"] == m["scene"]["tgt_cluster"] and e["tgt_words"] and e["n"] > 1 for e in m["scene"]["entities"]))
m = ms[k]
own = m["scene"]["tgt_cluster"]
other = next(e["cluster"] for e in m["scene"]["entities"] if e["cluster"] != own and e["tgt_words"])
before = names(k)

# re-paired (its lines and the next), merged, both undone
chosen = [b["id"] for b in m["lines"]["blocks"] if b["chosen"]]
more = [b["id"] for b in m["lines"]["blocks"] if not b["chosen"] and b["id"] > max(chosen)][:1]
st, r = edit(k, "realign", blocks=chosen + more)
check(st == 200, "realign: %d %s" % (st, r.get("message")))
m = mention(k)
st, r = call("POST", "edit", dict(run=1, key=k, annotator="a", version=m["version"], action="merge", cluster=other,
                                  members=m["scene"]["tgt_cluster_members"]))
check(st == 200 and r.get("moved", 0) > 0, "merge: %d %s" % (st, r.get("message")))
check(own not in names(k), "merged: entity %d is gone" % own)
for what in ("merge", "re-pairing"):
    st, r = undo()
    check(st == 200 and r["said"].startswith(what), "undo of the %s: %d %s" % (what, st, r.get("said") or r.get("message")))
after = names(k)
for c in before:
    check(after.get(c) == before[c], "after a re-pairing, a merge and their undos entity %d is named %s, as before: %s"
          % (c, after.get(c), before[c]))
check(set(after) == set(before), "the same entities: %s, %s" % (sorted(after), sorted(before)))

# a split (relink to a new entity) undone
nxt = mention(k)["scene"]["next_cluster"]
st, r = edit(k, "relink", cluster=nxt)
check(st == 200, "split: %d %s" % (st, r.get("message")))
st, r = undo()
check(st == 200, "undo of the split: %d %s" % (st, r.get("message")))
check(names(k) == before, "after a split undone, every entity named as before: %s" % names(k))

# the history in undo's order: a realign, then a keep, within a second
m = mention(k)
chosen = [b["id"] for b in m["lines"]["blocks"] if b["chosen"]]
other_blocks = [b["id"] for b in m["lines"]["blocks"] if not b["chosen"]][:1]
st, r = edit(k, "realign", blocks=chosen + other_blocks)
check(st == 200, "realign again: %d %s" % (st, r.get("message")))
st, r = edit(k, "keep")
check(st == 200, "keep: %d %s" % (st, r.get("message")))
acts = [a for a in mention(k)["actions"] if not a["undone"] and a["annotator"] == "a"]
st, u = call("GET", "undo?run=1&annotator=a")
check(acts and acts[-1]["kind"] == "keep" and u["undo"].startswith("keep "),
      "the history's newest is what u takes back: %s, %s" % ([a["kind"] for a in acts], u.get("undo")))
st, r = undo()
acts = [a for a in mention(k)["actions"] if not a["undone"] and a["annotator"] == "a"]
st, u = call("GET", "undo?run=1&annotator=a")
check(acts and acts[-1]["kind"] == "realign" and u["undo"].startswith("realign "),
      "then the realign, in both: %s, %s" % ([a["kind"] for a in acts], u.get("undo")))
st, r = undo()
check(st == 200 and r["said"].startswith("re-pairing"), "the realign undone: %s" % r.get("said"))


# context: as GET reads it, on a reply and on a refusal's
def width(m):
    u = [x["utt"] for x in m["scene"]["utterances"]]
    return min(u), max(u)


for c in (None, 0, 1, -3, 500):
    want = width(mention(k) if c is None else mention(k, c))
    body = dict(run=1, key=k, annotator="a", action="note", note="n")
    if c is not None:
        body["context"] = c
    st, r = call("POST", "edit", dict(body, version=mention(k)["version"]))
    check(st == 200 and width(r["mention"]) == want, "POST edit context %r: the scene of GET's: %s, %s"
          % (c, width(r["mention"]) if st == 200 else st, want))
    st, r = call("POST", "edit", dict(body, version=0))
    check(st == 409 and width(r["mention"]) == want, "a refused edit, context %r: the scene of GET's: %s, %s"
          % (c, width(r["mention"]) if "mention" in r else st, want))
st, r = undo(context=0)
check(st == 200 and width(r["mention"]) == width(mention(k, 0)), "an undo's reply at context 0: %s" % (width(r["mention"]),))
v = mention(k)["version"]
for bad in ("abc", 2.5, [1]):
    st, r = call("POST", "edit", dict(run=1, key=k, annotator="a", version=v, action="note", note="n", context=bad))
    check(st == 400 and "context" in r["message"], "context %r: 400, as GET's: %d %s" % (bad, st, r.get("message")))
check(mention(k)["version"] == v, "nothing written for a bad context")
print("%d failed" % len(fails))
sys.exit(1 if fails else 0)
EOF
st=$?
expect_eq $st 0 "the API checks ($(tail -1 $T/py.out))"
[ $st = 0 ] || cat $T/py.out
kill -TERM $pid
wait $pid
expect_eq $? 0 "the server's exit status after SIGTERM (under SAN=1: no leak, no error)"
finish
