#!/usr/bin/python3
"""tests/browser/bigchain.py — an entity past the scene's bounds, for the
browser tests: one document whose lines 0 and 1 are 515 tokens each, every
one a mention of one entity ("it", the target the same tokens, word for
word), and a line 2 of six tokens whose first is another entity.  GET
/api/mention lists 200 of a line's chain mentions on each side and counts
the others (mentions_more, tgt_mentions_more: 315 a line), and the
entity's 1,030 members are hashed, not listed.  Writes OUT/en.conll,
OUT/aligned.jsonl and OUT/pairs.pharaoh (`xproj project`, `db import`).

usage: bigchain.py OUT zh|fa
"""
import json
import sys

OUT, LANG = sys.argv[1], sys.argv[2]
IT = {"zh": "它", "fa": "آن"}[LANG]
with open(OUT + "/en.conll", "w", encoding="utf-8") as en, \
        open(OUT + "/aligned.jsonl", "w", encoding="utf-8") as al, \
        open(OUT + "/pairs.pharaoh", "w", encoding="utf-8") as ph:
    en.write("#begin document (d); part 000\n")
    for u, n in enumerate([515, 515, 6]):
        src = ["it"] * n if u < 2 else ["Leo", "said", "it", "is", "late", "."]
        for i, w in enumerate(src):
            mark = "(0)" if u < 2 else "(1)" if i == 0 else "-"
            en.write("d\t0\t%d\t%s\tna\tna\tna\tna\tna\tS\tna\tna\tna\t%s\n" % (i, w, mark))
        en.write("\n")
        tgt = [IT if w == "it" else w for w in src]
        al.write(json.dumps({"doc": "d", "part": 0, "utt": u, "speaker": "S", "src": src, "tgt_lang": LANG,
                             "tgt_text": ("" if LANG == "zh" else " ").join(tgt), "tgt": tgt,
                             "en_subs": [u + 1], "tgt_subs": [u + 1], "score": 1}, ensure_ascii=False) + "\n")
        ph.write(" ".join("%d-%d" % (i, i) for i in range(n)) + "\n")
    en.write("#end document\n")
