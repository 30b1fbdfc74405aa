#!/usr/bin/env python3
# records_srt.py OUT RECORDS TGT: subtitles made from `xproj pair`'s records,
# one SRT per episode and side, OUT/{en,TGT}/{tbbt,friends}/SxxEyy.srt, so a
# bench can run `pipeline` or the workflow on MMC (whose subtitles do not
# ship) with lines that pair one to one.  Each record takes a 2-second cue
# 4 seconds after the last; a side with no text takes no cue.
import json, os, re, sys

out, recs, tgt = sys.argv[1], [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")], sys.argv[3]
eps = {}
for r in recs:
    m = re.match(r"s(\d+)e(\d+)c\d+([a-z])", r["doc"])
    show = {"t": "tbbt", "f": "friends"}[m.group(3)]
    eps.setdefault((show, "S%02dE%02d" % (int(m.group(1)), int(m.group(2)))), []).append(r)
ts = lambda s: "%02d:%02d:%02d,000" % (s // 3600, s // 60 % 60, s % 60)
for (show, ep), rs in eps.items():
    for side in ("en", tgt):
        os.makedirs(f"{out}/{side}/{show}", exist_ok=True)
        with open(f"{out}/{side}/{show}/{ep}.srt", "w", encoding="utf-8") as o:
            k = 0
            for i, r in enumerate(rs):
                text = " ".join(r["src"] if side == "en" else r["tgt"])
                if text.strip():
                    k += 1
                    o.write(f"{k}\n{ts(4 * i + 1)} --> {ts(4 * i + 3)}\n{text}\n\n")
