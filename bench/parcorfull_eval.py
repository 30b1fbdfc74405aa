#!/usr/bin/env python3
"""bench/parcorfull_eval.py — what bench/parcorfull.sh scores (standard library only).

  parcorfull_eval.py EN.conll KEY.conll ALIGNED.jsonl RESPONSE.conll LANG OUTDIR

EN is the English gold, KEY the target gold (both as `xproj convert` writes an
MMAX2 corpus), ALIGNED `xproj pair`'s n:m pairing of the two, RESPONSE
`xproj project`'s output.  Writes, for SET in all, h1, h2 (the documents in
id order, first half and second half) and TYPE in all, pronoun, name, other:
OUTDIR/key.SET.TYPE.conll and OUTDIR/resp.SET.TYPE.conll, for `xproj score`.

Why it is needed: `project` writes one target sentence per unit of the
pairing (a 1:2 link's two target sentences are one), so the response is not in
the key's sentences.  The response's mentions are put back on the key's
sentences by the words themselves: per document the two token sequences are
matched (difflib; they are the same words, the key's sentences joined, less
the 0:1 sentences left out of the pairing); a response mention whose words
fall in two key sentences is dropped (counted on stderr).

Types as bench/quality_types.c does them for MMC, by the English mention each
target mention stands for, found the same way for key and response: each
target cluster goes with the English cluster it shares most linked sentence
pairs with; a target mention is then that cluster's k-th English mention in
the English sentences its sentence is linked to (for the k-th target mention
of the cluster there), typed by its words (a one-word personal or
demonstrative pronoun; a name: every word capitalised, not after a
determiner; else other).  A target mention no English mention stands for (an
annotator's addition) is typed by its own words: a pronoun of LANG or other.
"""
import difflib
import json
import sys
from collections import defaultdict

EN_PRON = set("i me my mine myself you your yours yourself yourselves he him his himself she her "
              "hers herself it its itself we us our ours ourselves they them their theirs themselves "
              "this that these those".split())
EN_DET = set("the a an my your his her our their its this that these those some any no every all".split())
TGT_PRON = {
    'de': "ich mich mir du dich dir er ihn ihm sie ihr ihnen es wir uns euch man sich "
          "dies dieser diese dieses das der die dem den denen deren dessen was wer "
          "mein meine dein deine sein seine unser unsere euer eure",
    'fr': "je j' me m' moi tu te t' toi il elle on nous vous ils elles le l' la les lui leur leurs eux "
          "se s' soi y en ce c' ça cela ceci celui celle ceux celles qui que qu' quoi dont "
          "mon ma mes ton ta tes son sa ses notre nos votre vos",
    'pt': "eu me mim comigo tu te ti você vocês ele ela eles elas nós nos conosco o a os as lhe lhes "
          "se si isso isto aquilo este esta esse essa aquele aquela que quem meu minha seu sua nosso nossa",
}


def read_conll(path):
    """{doc: [sentence]}, a sentence being (lines, words, mentions); a mention
    (start, end, cluster) with end exclusive; the document order too."""
    docs, order = {}, []
    cur = None
    sent_lines = []

    def flush():
        if cur is not None and sent_lines:
            words = [ln.split('\t')[3] if '\t' in ln else ln.split()[3] for ln in sent_lines]
            ments, stack = [], defaultdict(list)
            for i, ln in enumerate(sent_lines):
                col = ln.split()[-1]
                if col == '-':
                    continue
                for part in col.split('|'):
                    c = part.strip('()')
                    if part.startswith('('):
                        if part.endswith(')'):
                            ments.append((i, i + 1, c))
                        else:
                            stack[c].append(i)
                    elif part.endswith(')') and stack[c]:
                        ments.append((stack[c].pop(), i + 1, c))
            docs[cur].append((list(sent_lines), words, ments))
        sent_lines.clear()

    for ln in open(path, encoding='utf-8'):
        ln = ln.rstrip('\n')
        if ln.startswith('#begin document'):
            cur = ln.split('(', 1)[1].split(')', 1)[0]
            docs[cur] = []
            order.append(cur)
        elif ln.startswith('#end document'):
            flush()
        elif not ln.strip():
            flush()
        elif not ln.startswith('#'):
            sent_lines.append(ln)
    flush()
    return docs, order


def write_conll(path, key, order, ments_of):
    """the key's documents and words, with the mentions ments_of(doc, s) gives"""
    with open(path, 'w', encoding='utf-8') as f:
        for d in order:
            f.write(f'#begin document ({d}); part 000\n')
            for s, (lines, words, _) in enumerate(key[d]):
                cols = [[] for _ in words]
                for (a, b, c) in sorted(ments_of(d, s), key=lambda m: (m[0], -m[1])):
                    if b - a == 1:
                        cols[a].append(f'({c})')
                    else:
                        cols[a].append(f'({c}')
                        cols[b - 1].append(f'{c})')
                for ln, col in zip(lines, cols):
                    parts = ln.split('\t') if '\t' in ln else ln.split()
                    parts[-1] = '|'.join(col) if col else '-'
                    f.write('\t'.join(parts) + '\n')
                f.write('\n')
            f.write('#end document\n')


def resegment(key, resp):
    """the response's mentions on the key's sentences: {doc: [[mention]]}"""
    out, lost = {}, 0
    for d, ksents in key.items():
        kpos = [(s, i) for s, (_, w, _) in enumerate(ksents) for i in range(len(w))]
        kw = [w for (_, ws, _) in ksents for w in ws]
        rsents = resp.get(d, [])
        rw = [w for (_, ws, _) in rsents for w in ws]
        rm = {}
        sm = difflib.SequenceMatcher(None, rw, kw, autojunk=False)
        for a, b, n in sm.get_matching_blocks():
            for k in range(n):
                rm[a + k] = kpos[b + k]
        res = [[] for _ in ksents]
        off = 0
        for (_, ws, ms) in rsents:
            for (a, b, c) in ms:
                p, q = rm.get(off + a), rm.get(off + b - 1)
                if p is None or q is None or p[0] != q[0]:
                    lost += 1
                    continue
                res[p[0]].append((p[1], q[1] + 1, c))
            off += len(ws)
        out[d] = res
    return out, lost


def en_type(words):
    w = [x.lower() for x in words]
    if len(w) == 1 and w[0] in EN_PRON:
        return 'pronoun'
    if w[0] in EN_DET or w[0] in EN_PRON:
        return 'other'
    if all(x[:1].isupper() or x in ("'s", '’s', '.', '-') for x in words):
        return 'name'
    return 'other'


def types(en, links, tsents, lang):
    """{(doc, sentence, start, end, cluster): type} of the target mentions
    tsents ({doc: [[mention]]}, on the key's sentences) by the English ones"""
    prons = set(TGT_PRON.get(lang, '').split())
    out = {}
    for d, sents in tsents.items():
        # English mentions by sentence and cluster
        enm = defaultdict(list)
        ens = en.get(d, [])
        for e, (_, w, ms) in enumerate(ens):
            for (a, b, c) in sorted(ms):
                enm[(e, c)].append(en_type(w[a:b]))
        # target cluster -> English cluster
        votes = defaultdict(lambda: defaultdict(int))
        for s, ms in enumerate(sents):
            for (_, _, c) in ms:
                for e in links.get((d, s), ()):
                    for (_, _, ec) in ens[e][2] if e < len(ens) else ():
                        votes[c][ec] += 1
        best = {c: max(v.items(), key=lambda kv: (kv[1], kv[0]))[0] for c, v in votes.items() if v}
        # the k-th mention of the cluster in the linked sentences: group by unit
        seen = defaultdict(int)
        for s, ms in enumerate(sents):
            unit = tuple(links.get((d, s), ()))
            for (a, b, c) in sorted(ms):
                ty = None
                if c in best:
                    cand = [t for e in unit for t in enm.get((e, best[c]), [])]
                    k = seen[(unit, c)]
                    seen[(unit, c)] += 1
                    if cand:
                        ty = cand[min(k, len(cand) - 1)]
                if ty is None:
                    words = ' '.join(sents_words[d][s][a:b]).lower()
                    ty = 'pronoun' if words in prons else 'other'
                out[(d, s, a, b, c)] = ty
    return out


if __name__ == '__main__':
    enf, keyf, alf, respf, lang, outd = sys.argv[1:7]
    en, _ = read_conll(enf)
    key, order = read_conll(keyf)
    resp, _ = read_conll(respf)
    sents_words = {d: [w for (_, w, _) in ss] for d, ss in key.items()}
    # target sentence -> the English sentences of its unit
    links = {}
    for ln in open(alf, encoding='utf-8'):
        r = json.loads(ln)
        es = r.get('src_utts') or [r['utt']]
        for t in r.get('tgt_subs', []):
            links[(r['doc'], t)] = es
    rs, lost = resegment(key, resp)
    ks = {d: [ms for (_, _, ms) in ss] for d, ss in key.items()}
    kt, rt = types(en, links, ks, lang), types(en, links, rs, lang)
    n = len(order)
    sets = {'all': order, 'h1': order[:n // 2], 'h2': order[n // 2:]}
    for name, docs in sets.items():
        for ty in ('all', 'pronoun', 'name', 'other'):
            for who, ms, tt in (('key', ks, kt), ('resp', rs, rt)):
                write_conll(f'{outd}/{who}.{name}.{ty}.conll', key, docs,
                            lambda d, s, ms=ms, tt=tt, ty=ty:
                            [m for m in ms[d][s] if ty == 'all' or tt[(d, s) + m] == ty])
    nr = sum(len(ms) for (_, _, ms) in (x for ss in resp.values() for x in ss))
    print(f'parcorfull_eval: {nr} response mentions, {lost} across key sentences or unmatched (dropped)',
          file=sys.stderr)
