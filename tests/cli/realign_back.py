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


if __name__ == "__main__":
    {"back": back, "away": away}[sys.argv[1]](sys.argv[2], sys.argv[3])
