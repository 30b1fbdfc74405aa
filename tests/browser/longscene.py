#!/usr/bin/python3
"""tests/browser/longscene.py — a scene of hundreds of utterances for the
browser tests: tools/sample's three scenes as one document, REP times over
(clusters apart per repetition), with its English and Chinese subtitles
repeated 120 s apart.  Writes OUT/long.conll, OUT/en.srt, OUT/zh.srt.

usage: longscene.py OUT REP
"""
import re, sys
S = "tools/sample/"
REP = int(sys.argv[2]); out = sys.argv[1]
# conll: every scene's sentences as one document, REP times, clusters apart per repetition
sents, cur = [], []
for line in open(S + "dialogue.conll", encoding="utf-8"):
    if line.startswith("#"): continue
    if not line.strip():
        if cur: sents.append(cur); cur = []
        continue
    cur.append(line.rstrip("\n").split("\t"))
if cur: sents.append(cur)
with open(out + "/long.conll", "w", encoding="utf-8") as f:
    f.write("#begin document (s01e01c00x); part 000\n")
    for r in range(REP):
        for s in sents:
            for c in s:
                c = c[:]; c[0] = "s01e01c00x"; c[1] = "0"
                c[-1] = re.sub(r"\d+", lambda m: str(int(m.group()) + 40 * r), c[-1])
                f.write("\t".join(c) + "\n")
            f.write("\n")
    f.write("#end document\n")
def srt(name):
    blocks = open(S + name, encoding="utf-8").read().strip().split("\n\n")
    def t(s): h, m, x = s.split(":"); sec, ms = x.split(","); return ((int(h) * 60 + int(m)) * 60 + int(sec)) * 1000 + int(ms)
    def f(v): return "%02d:%02d:%02d,%03d" % (v // 3600000, v // 60000 % 60, v // 1000 % 60, v % 1000)
    o, n = [], 0
    for r in range(REP):
        for b in blocks:
            ls = b.split("\n"); a, z = ls[1].split(" --> "); n += 1
            o.append("%d\n%s --> %s\n%s" % (n, f(t(a) + r * 120000), f(t(z) + r * 120000), "\n".join(ls[2:])))
    open(out + "/" + name, "w", encoding="utf-8").write("\n\n".join(o) + "\n")
srt("en.srt"); srt("zh.srt")
