import sys, json
sys.path.insert(0, __import__('os').path.dirname(__file__))
from data import SCENES
OUT = sys.argv[1]

def detok(t):
    s = t.replace(" ,", ",").replace(" .", ".").replace(" ?", "?").replace(" !", "!").replace(" 's", "'s")
    return s.replace("can not", "can't").replace("I am", "I'm")

# --- English CoNLL
lines = []
for doc, part, S in SCENES:
    lines.append("#begin document (%s); part %03d" % (doc, part))
    for spk, en, zh, fa, ments, extra in S:
        toks = en.split()
        col = [[] for _ in toks]
        opens = [[] for _ in toks]; closes = [[] for _ in toks]; singles = [[] for _ in toks]
        for (a, b, c, _, _) in sorted(ments, key=lambda m: (m[0], -m[1])):
            if b == a + 1: singles[a].append("(%d)" % c)
            else: opens[a].append("(%d" % c); closes[b-1].append("%d)" % c)
        for i, w in enumerate(toks):
            items = opens[i] + singles[i] + closes[i]
            lines.append("\t".join([doc, str(part), str(i), w, "na", "na", "na", "na", "na", spk, "na", "na", "na", "|".join(items) or "-"]))
        lines.append("")
    lines.append("#end document")
open(OUT + "/dialogue.conll", "w").write("\n".join(lines) + "\n")

# --- English SRT: splits, a dash merge, a song and a sound block; times 2.5 s an utterance
def ts(ms):
    return "%02d:%02d:%02d,%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)
utts = [(doc, u) for doc, part, S in SCENES for u in S]
blocks = []  # (start, end, text)
t = 4000
blocks.append((1000, 3500, "\u266a Friends, hungry friends \u266a"))
times = []
for k, (doc, u) in enumerate(utts):
    text = detok(u[1])
    times.append(t)
    if text.startswith("I'm not angry."):
        blocks.append((t, t + 1200, "I'm not angry."))
        blocks.append((t + 1300, t + 2400, "I'm hungry."))
    elif text.startswith("Sam, you need"):
        blocks.append((t, t + 1200, "Sam, you need to"))
        blocks.append((t + 1300, t + 2400, "call your mother."))
    elif text.startswith("This is Maya."):
        blocks.append((t, t + 1100, "This is Maya."))
        blocks.append((t + 1200, t + 2400, "She made the cake."))
    elif text == "Take my umbrella.":
        nxt = detok(utts[k + 1][1][1])
        blocks.append((t, t + 4900, "- Take my umbrella.\n- " + nxt))
    elif text == "Thanks, Priya.":
        pass   # merged above
    else:
        blocks.append((t, t + 2400, text))
    if k == 12:
        blocks.append((t + 2500, t + 4000, "[thunder]"))
        t += 1500
    t += 2500
with open(OUT + "/en.srt", "w") as f:
    for i, (a, b, x) in enumerate(blocks, 1):
        f.write("%d\n%s --> %s\n%s\n\n" % (i, ts(a), ts(b), x))

# --- Chinese SRT: its own timing (a little late), two utterances in one block
with open(OUT + "/zh.srt", "w") as f:
    n = 1
    k = 0
    while k < len(utts):
        doc, u = utts[k]
        a = times[k] + 150
        text = u[2]
        if u[1] == "Then let 's eat the cake .":
            pass
        if u[1] == "Who wants cake ?":   # the last two in one block
            text = u[2] + "\n" + utts[k + 1][1][2]
            f.write("%d\n%s --> %s\n%s\n\n" % (n, ts(a), ts(times[k + 1] + 2300), text))
            n += 1
            k += 2
            continue
        f.write("%d\n%s --> %s\n%s\n\n" % (n, ts(a), ts(a + 2300), text))
        n += 1
        k += 1

# --- OPUS: English and Farsi sentences, XCES links (one 2:1, one 1:2, one 1:0)
def opus(path, sents):
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<document id="sample">\n')
        for sid, (a, b, words) in enumerate(sents, 1):
            f.write('  <s id="%d">\n    <time id="T%dS" value="%s" />\n' % (sid, sid, ts(a)))
            for j, w in enumerate(words, 1):
                w = w.replace("&", "&amp;").replace("<", "&lt;")
                f.write('    <w id="%d.%d">%s</w>\n' % (sid, j, w))
            f.write('    <time id="T%dE" value="%s" />\n  </s>\n' % (sid, ts(b)))
        f.write('  <meta><source>written for xproj</source></meta>\n</document>\n')
en_s, fa_s, links = [], [], []
k = 0
while k < len(utts):
    doc, u = utts[k]
    a = times[k]
    if u[1] == "Thanks , Priya .":   # English says it twice as long: 1 English : 2 Farsi
        en_s.append((a, a + 2400, ["Thanks", ",", "Priya", "."]))
        fa_s.append((a, a + 1200, ["ممنون"])); fa_s.append((a + 1200, a + 2400, ["،", "پریا", "."]))
        links.append(([len(en_s)], [len(fa_s) - 1, len(fa_s)]))
    elif u[1] == "Twice . She wants to see you tonight .":   # 2 English : 1 Farsi
        en_s.append((a, a + 1000, ["Twice", "."])); en_s.append((a + 1000, a + 2400, "She wants to see you tonight .".split()))
        fa_s.append((a, a + 2400, u[3].split()))
        links.append(([len(en_s) - 1, len(en_s)], [len(fa_s)]))
    else:
        en_s.append((a, a + 2400, detok(u[1]).replace("?", " ?").replace(".", " .").replace(",", " ,").replace("!", " !").split()))
        fa_s.append((a, a + 2400, u[3].split()))
        links.append(([len(en_s)], [len(fa_s)]))
    k += 1
en_s.append((times[-1] + 2500, times[-1] + 4000, ["[", "thunder", "]"]))
links.append(([len(en_s)], []))
opus(OUT + "/en.xml", en_s)
opus(OUT + "/fa.xml", fa_s)
with open(OUT + "/en-fa.xml", "w") as f:
    f.write('<?xml version="1.0" encoding="utf-8"?>\n<cesAlign version="1.0">\n')
    f.write('<linkGrp targType="s" fromDoc="en/sample/en.xml" toDoc="fa/sample/fa.xml">\n')
    order = list(range(len(links)))
    order[2], order[3] = order[3], order[2]   # not sorted, as OPUS files need not be
    for i in order:
        s, t = links[i]
        f.write('<link id="SL%d" xtargets="%s;%s" />\n' % (i, " ".join(map(str, s)), " ".join(map(str, t))))
    f.write('</linkGrp>\n</cesAlign>\n')
print("ok", len(blocks), "English blocks")
