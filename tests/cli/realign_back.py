#!/usr/bin/python3
"""tests/cli/realign_back.py — realigns in a running `xproj serve`, for the
re-projection tests (reproject_same.sh, reproject_recipe.sh).

  realign_back.py back URL DB   each utterance with a mention and another
      subtitle line near it is paired with one more line, then with its
      own lines again; every mention of it the run did not filter must get
      the run's span back.  Prints each that differs, then "utterances U
      same S differ D notes N" (N: realigns whose reply said what the
      re-projection went without: "recipe" or "left_out").
  realign_back.py away URL KEY  the mention's utterance paired with one
      more line; prints the reply's state and its "recipe" note.
  realign_back.py again URL DB  each live realign of the latest run (a
      rerun carried them) made again from the workbench: to its first
      line, then to its lines again; prints, per mention, the proposal
      the rerun gave ("carried") and the one the run's model gives now,
      "same KEY SPAN" or "differs KEY carried SPAN now SPAN", then "mentions
      M same S differ D".
"""
import json
import sqlite3
import sys
import urllib.parse
import urllib.request


def call(url, method, path, body=None):
    req = urllib.request.Request(url.rstrip("/") + "/api/" + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def realign(url, key, m, blocks):
    return call(url, "POST", "edit", {"run": m["run"], "annotator": "t", "key": key, "action": "realign",
                                      "blocks": blocks, "version": m["version"]})


def lines(m):
    """the mention's blocks: its own, and its own with the first other one"""
    blocks = [b["id"] for b in m["lines"]["blocks"]]
    own = [b["id"] for b in m["lines"]["blocks"] if b["chosen"]]
    if not own or len(blocks) < 2:
        return own, None
    return own, sorted(set(own + [next(b for b in blocks if b not in own)]))


def back(url, db):
    con = sqlite3.connect(db)
    utts = con.execute("SELECT d.doc, min(m.mention), u.id FROM mentions m JOIN utterances u ON u.id = m.utterance"
                       " JOIN documents d ON d.id = u.document GROUP BY u.id ORDER BY u.id").fetchall()
    fate = {(d, m): f for d, m, f in con.execute("SELECT d.doc, m.mention, p.fate FROM mentions m JOIN documents d"
                                                 " ON d.id = m.document JOIN projections p ON p.mention = m.id")}
    same = differ = utterances = notes = 0
    for doc, first, utt in utts:
        key = "%s|%d" % (doc, first)
        m = call(url, "GET", "mention?key=" + urllib.parse.quote(key))
        own, other = lines(m)
        if not other:
            continue
        r = realign(url, key, m, other)
        r = realign(url, key, r["mention"], own)
        if r["reprojection"]["state"] != "proposed":
            print("not re-projected: %s: %s" % (key, r["reprojection"]))
            differ += 1
            continue
        notes += "recipe" in r["reprojection"] or "left_out" in r["reprojection"]
        utterances += 1
        ids = [x[0] for x in con.execute("SELECT m.mention FROM mentions m JOIN documents d ON d.id = m.document"
                                         " WHERE d.doc = ? AND m.utterance = ?", (doc, utt))]
        for i in ids:
            if fate[(doc, i)] == "filtered":
                continue
            x = call(url, "GET", "mention?key=" + urllib.parse.quote("%s|%d" % (doc, i)))
            if x["current"]["span"] == x["silver"]["span"]:
                same += 1
            else:
                differ += 1
                print("differs: %s|%d: run %s, re-projected %s" % (doc, i, x["silver"]["span"], x["current"]["span"]))
    print("utterances %d same %d differ %d notes %d" % (utterances, same, differ, notes))


def away(url, key):
    m = call(url, "GET", "mention?key=" + urllib.parse.quote(key))
    r = realign(url, key, m, lines(m)[1])
    p = r["reprojection"]
    print(p["state"], p.get("recipe", p.get("why", "(no note)")))


def again(url, db):
    def props(tedit):
        with sqlite3.connect(db) as c:
            return {m: (a, z) for m, a, z in c.execute(
                "SELECT m.mention, r.tgt_start, r.tgt_end FROM reproj r JOIN mentions m ON m.id = r.mention"
                " WHERE r.tedit = ?", (tedit,))}
    con = sqlite3.connect(db)
    run = con.execute("SELECT max(id) FROM runs").fetchone()[0]
    rows = con.execute("SELECT t.id, t.utterance, d.doc, (SELECT min(m.mention) FROM mentions m WHERE m.utterance ="
                       " t.utterance) FROM tedits t JOIN utterances u ON u.id = t.utterance JOIN documents d"
                       " ON d.id = u.document WHERE t.run = ? AND t.kind = 'realign' AND t.undone = 0 ORDER BY t.id",
                       (run,)).fetchall()
    con.close()
    same = differ = 0
    for tedit, utt, doc, first in rows:
        old = props(tedit)
        key = "%s|%d" % (doc, first)
        m = call(url, "GET", "mention?run=%d&key=%s" % (run, urllib.parse.quote(key)))
        blocks = [b["id"] for b in m["lines"]["blocks"] if b["chosen"]]
        for bl in (blocks[:1], blocks):
            r = call(url, "POST", "edit", {"run": run, "annotator": "again", "key": key, "action": "realign",
                                           "blocks": bl, "version": m["version"]})
            m = r["mention"]
        with sqlite3.connect(db) as c:
            now = props(c.execute("SELECT max(id) FROM tedits WHERE utterance = ? AND kind = 'realign' AND undone = 0",
                                  (utt,)).fetchone()[0])
        for i in sorted(set(old) | set(now)):
            if old.get(i) == now.get(i):
                same += 1
                print("same %s|%d %s" % (doc, i, old.get(i)))
            else:
                differ += 1
                print("differs %s|%d carried %s now %s" % (doc, i, old.get(i), now.get(i)))
    print("mentions %d same %d differ %d" % (same + differ, same, differ))


if __name__ == "__main__":
    {"back": back, "away": away, "again": again}[sys.argv[1]](sys.argv[2], sys.argv[3])
