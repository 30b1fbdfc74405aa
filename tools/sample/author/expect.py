import sys, json
sys.path.insert(0, __import__('os').path.dirname(__file__))
from data import SCENES
lang, aligned, out_ph, out_conll = sys.argv[1:5]
LI = 3 if lang == 'zh' else 4          # position of the target spec in a mention tuple
XI = 1 if lang == 'zh' else 2          # and in an extra link
recs = [json.loads(l) for l in open(aligned)]
spec = {(d, i): u for d, p, S in SCENES for i, u in enumerate(S)}

def locate(r, s):
    """token indices of the k-th occurrence of text s ('text#k') in the target:
    whole tokens for Farsi, characters for Chinese"""
    text, _, k = s.partition('#')
    k = int(k or 0)
    if lang == 'fa':
        want, toks, hits = text.split(), r['tgt'], []
        for j in range(len(toks) - len(want) + 1):
            if toks[j:j + len(want)] == want:
                hits.append(list(range(j, j + len(want))))
        return hits[k]
    pos = -1
    for _ in range(k + 1):
        pos = r['tgt_text'].index(text, pos + 1)
    offs, p = [], 0
    for t in r['tgt']:
        p = r['tgt_text'].index(t, p); offs.append((p, p + len(t))); p += len(t)
    return [j for j, (a, b) in enumerate(offs) if a < pos + len(text) and b > pos]

ph, expected = [], {}
for r in recs:
    u = spec[(r['doc'], r['utt'])]
    if not r['tgt'] or not r['src']:
        continue
    ments = [(x[0], x[1], x[2], x[LI]) for x in u[4]]
    links = set()
    for i in range(len(r['src'])):
        # the innermost mention that holds token i; none, or no target: no link
        inner = [m for m in ments if m[0] <= i < m[1]]
        if not inner:
            continue
        a, b, c, s = min(inner, key=lambda m: m[1] - m[0])
        if not s:
            continue
        toks = set(locate(r, s))
        for (a2, b2, c2, s2) in ments:   # less the tokens of mentions inside it
            if s2 and a <= a2 and b2 <= b and (a2, b2) != (a, b):
                toks -= set(locate(r, s2))
        links |= {(i, j) for j in toks}
    for x in u[5]:
        if x[XI]:
            links |= {(x[0], j) for j in locate(r, x[XI])}
    ph.append(' '.join('%d-%d' % l for l in sorted(links)))
    key = (r['doc'], r['part'])
    sent = expected.setdefault(key, [])
    spans = [(locate(r, m[3]), m[2]) for m in ments if m[3]]
    sent.append((u[0], r['tgt'], [(min(t), max(t) + 1, c) for t, c in spans]))
open(out_ph, 'w').write('\n'.join(ph) + '\n')
lines = []
for (doc, part), sents in expected.items():
    lines.append('#begin document (%s); part %03d' % (doc, part))
    for spk, toks, spans in sents:
        opens = [[] for _ in toks]; singles = [[] for _ in toks]; closes = [[] for _ in toks]
        for a, b, c in sorted(spans, key=lambda x: (x[0], -x[1])):
            if b == a + 1: singles[a].append('(%d)' % c)
            else: opens[a].append('(%d' % c); closes[b - 1].append('%d)' % c)
        for i, w in enumerate(toks):
            col = '|'.join(opens[i] + singles[i] + closes[i]) or '-'
            lines.append('\t'.join([doc, str(part), str(i), w, 'na', 'na', 'na', 'na', 'na', spk, 'na', 'na', 'na', col]))
        lines.append('')
    lines.append('#end document')
open(out_conll, 'w').write('\n'.join(lines) + '\n')
print(lang, len(ph), 'pairs')
