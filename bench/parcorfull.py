#!/usr/bin/env python3
"""bench/parcorfull.py — ParCorFull's TED talks for bench/pair.sh (standard library only).

  parcorfull.py [--perturb SEED] conll LANGDIR TALK...
      The talks of one language as CoNLL (document TALK, part 0, one sentence per
      markable of Markables/TALK_sentence_level.xml in document order, speaker "-",
      coreference of the coref_level markables that are contiguous and inside one
      sentence; what is left out is counted on stderr).  A stand-in for io/'s MMAX2
      reader while it is not there: the sentences are what pair sees either way.

  parcorfull.py [--perturb SEED] score ENDIR FRDIR IWSLT_EN IWSLT_FR ALIGNED.jsonl[,...] TALK...
      Link precision and recall of the sentence pairing in ALIGNED.jsonl (xproj pair's
      output on the CoNLL above) against the IWSLT segmentation.  Each ParCorFull
      sentence, English and French, is mapped to the IWSLT segments that hold its
      characters (the talk's text with blanks removed, aligned character by character
      with difflib, so that tokenisation and quotes may differ; a sentence is in a
      segment when it holds 3 or more of the segment's characters and a tenth of those
      matched, so that a stray match across a boundary makes no link); IWSLT segments are
      one-to-one English-French by construction (same seg id).  A sentence pair (e, f)
      is in the reference when e and f share a segment id; a predicted link E:F gives
      the pairs E x F.  Precision = predicted pairs in the reference / predicted pairs;
      recall = reference pairs predicted / reference pairs.  Also the exact links: the
      reference's links are the connected components of the pairs, and a predicted
      link is right when it is one of them (same sentences both sides).

  --perturb SEED re-segments the second language (FRDIR; see perturb()) the same way
  in both commands.
"""
import difflib
import html
import json
import re
import sys
import xml.etree.ElementTree as ET


def words(d, talk):
    root = ET.parse(f'{d}/Basedata/{talk}_words.xml').getroot()
    return [(w.get('id'), w.text or '') for w in root.iter('word')]


def markables(d, talk, level):
    root = ET.parse(f'{d}/Markables/{talk}_{level}_level.xml').getroot()
    return [m.attrib for m in root if m.tag.endswith('markable')]


def span_ids(span):
    """word ids of an MMAX2 span: word_3..word_5,word_9"""
    out = []
    for part in span.split(','):
        a, _, b = part.partition('..')
        ia, ib = int(a.split('_')[1]), int((b or a).split('_')[1])
        out.extend(range(ia, ib + 1))
    return out


def perturb(sents, ws, seed):
    """A translator's segmentation, simulated: with a fixed seed, 12% of the sentences
    joined to the next, 12% split at the comma nearest their middle, 3% dropped (their
    words are then in no sentence), so that the pairing meets 2:1, 1:2 and 1:0 links
    whose truth the IWSLT segments still give."""
    import random
    rng = random.Random(seed)
    text = {int(i.split('_')[1]): t for i, t in ws}
    out, k = [], 0
    while k < len(sents):
        s, x = list(sents[k]), rng.random()
        if x < 0.03:
            k += 1
            continue
        if x < 0.15 and k + 1 < len(sents):
            out.append(s + list(sents[k + 1]))
            k += 2
            continue
        commas = [i for i in range(2, len(s) - 2) if text.get(s[i]) == ',']
        if x < 0.27 and commas:
            c = min(commas, key=lambda i: abs(i - len(s) / 2))
            out += [s[:c + 1], s[c + 1:]]
        else:
            out.append(s)
        k += 1
    return out


def sentences(d, talk, seed=None):
    """the sentences as lists of word numbers, in document order, and the words"""
    ws = words(d, talk)
    sents = []
    for m in markables(d, talk, 'sentence'):
        ids = span_ids(m['span'])
        sents.append(range(min(ids), max(ids) + 1))
    sents.sort(key=lambda r: r.start)
    if seed is not None:
        sents = perturb(sents, ws, seed)
    return sents, ws


def conll(d, talks, seed=None):
    left = {'words outside sentences': 0, 'discontinuous mentions': 0, 'cross-sentence mentions': 0,
            'mentions without a set': 0}
    out = sys.stdout
    for talk in talks:
        sents, ws = sentences(d, talk, seed)
        num = {int(i.split('_')[1]): k for k, (i, _) in enumerate(ws)}
        where = {}
        for s, ids in enumerate(sents):
            for k, w in enumerate(ids):
                where[w] = (s, k)
        left['words outside sentences'] += sum(1 for w in num if w not in where)
        opens, closes = {}, {}
        sets = {}
        for m in markables(d, talk, 'coref'):
            cls = m.get('coref_class', '')
            if not cls.startswith('set_'):
                left['mentions without a set'] += 1
                continue
            ids = span_ids(m['span'])
            if ids != list(range(min(ids), max(ids) + 1)):
                left['discontinuous mentions'] += 1
                continue
            a, b = min(ids), max(ids)
            if a not in where or b not in where or where[a][0] != where[b][0] or \
                    where[b][1] - where[a][1] != b - a:
                left['cross-sentence mentions'] += 1
                continue
            c = sets.setdefault(cls, len(sets))
            if a == b:
                opens.setdefault(a, []).append(f'({c})')
            else:
                opens.setdefault(a, []).append(f'({c}')
                closes.setdefault(b, []).append(f'{c})')
        out.write(f'#begin document ({talk}); part 000\n')
        for s, ids in enumerate(sents):
            for k, w in enumerate(ids):
                text = ws[num[w]][1] if w in num else '_'
                text = re.sub(r'\s+', '_', text.strip()) or '_'
                tags = opens.get(w, []) + closes.get(w, [])
                out.write(f'{talk}\t0\t{k}\t{text}\tna\tna\tna\tna\tna\t-\tna\tna\tna\t{"|".join(tags) or "-"}\n')
            out.write('\n')
        out.write('#end document\n')
    for k, v in left.items():
        if v:
            print(f'parcorfull.py: {d}: {v} {k} left out', file=sys.stderr)


def iwslt(path, docid):
    text = open(path, encoding='utf-8').read()
    m = re.search(r'<doc docid="%s".*?</doc>' % docid, text, re.S)
    if not m:
        sys.exit(f'parcorfull.py: {path}: no talk {docid}')
    return [(int(i), html.unescape(s)) for i, s in re.findall(r'<seg id="(\d+)">(.*?)</seg>', m.group(0), re.S)]


def seg_sets(d, talk, iwslt_path, seed=None):
    """per ParCorFull sentence, the IWSLT segment ids holding its characters
    (kept in $PARCORFULL_CACHE, a directory, when set: difflib takes a while)"""
    import os
    cache = os.environ.get('PARCORFULL_CACHE')
    if cache:
        f = os.path.join(cache, '%s_%s_%s.json' % (d.rstrip('/').split('/')[-1], talk, seed))
        if os.path.exists(f):
            v = json.load(open(f))
            return [set(x) for x in v[0]], v[1], v[2]
        out, un, n = seg_sets_of(d, talk, iwslt_path, seed)
        json.dump([[sorted(x) for x in out], un, n], open(f, 'w'))
        return out, un, n
    return seg_sets_of(d, talk, iwslt_path, seed)


def seg_sets_of(d, talk, iwslt_path, seed):
    sents, ws = sentences(d, talk, seed)
    num = {int(i.split('_')[1]): t for i, t in ws}
    a, owner = [], []
    for s, ids in enumerate(sents):
        for w in ids:
            for ch in re.sub(r'\s', '', num.get(w, '')):
                a.append(ch)
                owner.append(s)
    b, seg = [], []
    for i, t in iwslt(iwslt_path, talk.split('_')[1]):
        for ch in re.sub(r'\s', '', t):
            b.append(ch)
            seg.append(i)
    # the release writes `` and '' where IWSLT has "
    norm = lambda v: ['"' if c in '`\'' else c for c in v]
    sm = difflib.SequenceMatcher(None, norm(a), norm(b), autojunk=False)
    # a sentence is in a segment when it holds 3 or more of the segment's characters and a
    # tenth of those matched: a few characters matched across a boundary make no link, a
    # short sentence joined to a long one (its whole segment) does
    held = [{} for _ in sents]
    size = {}
    for blk in sm.get_matching_blocks():
        for k in range(blk.size):
            h, g = held[owner[blk.a + k]], seg[blk.b + k]
            h[g] = h.get(g, 0) + 1
            size[g] = size.get(g, 0) + 1
    out = [{g for g, c in h.items() if c >= 3 and 10 * c >= size[g]} for h in held]
    unmatched = len(a) - sum(blk.size for blk in sm.get_matching_blocks())
    return out, unmatched, len(a)


def components(pairs):
    """the links of a set of (e, f) pairs: its connected components"""
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for e, f in pairs:
        parent[find(('e', e))] = find(('f', f))
    comp = {}
    for x in list(parent):
        comp.setdefault(find(x), set()).add(x)
    return {(frozenset(i for s, i in c if s == 'e'), frozenset(i for s, i in c if s == 'f')) for c in comp.values()}


def score(endir, frdir, ien, ifr, aligned, talks, seed=None):
    refs = {}
    for talk in talks:
        se, ue, ne = seg_sets(endir, talk, ien)
        sf, uf, nf = seg_sets(frdir, talk, ifr, seed)
        print(f'{talk}: {len(se)} English, {len(sf)} French sentences; characters not found in IWSLT: '
              f'{ue} of {ne} English, {uf} of {nf} French', file=sys.stderr)
        refs[talk] = {(e, f) for e in range(len(se)) for f in range(len(sf)) if se[e] & sf[f]}
    for path in aligned.split(','):
        score_one(path, talks, refs)


def score_one(aligned, talks, refs):
    pred = {}
    for line in open(aligned, encoding='utf-8'):
        if not line.strip():
            continue
        r = json.loads(line)
        es = r.get('src_utts') or [r['utt']]
        pred.setdefault(r['doc'], []).append((frozenset(es), frozenset(r['tgt_subs'])))
    tp = npred = nref = 0
    lk_right = lk_pred = lk_ref = 0
    nulls = 0
    for talk in talks:
        ref = refs[talk]
        pp = set()
        for es, fs in pred.get(talk, []):
            nulls += not fs
            pp |= {(e, f) for e in es for f in fs}
        tp += len(pp & ref)
        npred += len(pp)
        nref += len(ref)
        rl = components(ref)
        pl = {(es, fs) for es, fs in pred.get(talk, []) if es and fs}
        lk_right += len(pl & rl)
        lk_pred += len(pl)
        lk_ref += len(rl)
    p = tp / npred if npred else 0
    r = tp / nref if nref else 0
    f = 2 * p * r / (p + r) if p + r else 0
    lp = lk_right / lk_pred if lk_pred else 0
    lr = lk_right / lk_ref if lk_ref else 0
    print(f'{aligned}: pairs P {100 * p:.2f} R {100 * r:.2f} F1 {100 * f:.2f} ({tp} right of {npred} predicted, '
          f'{nref} in the reference); links P {100 * lp:.2f} R {100 * lr:.2f} ({lk_right} exact of {lk_pred} '
          f'predicted, {lk_ref} in the reference); {nulls} English sentences linked to nothing')


if __name__ == '__main__':
    seed = None
    if len(sys.argv) > 3 and sys.argv[1] == '--perturb':
        seed = int(sys.argv[2])
        del sys.argv[1:3]
    if len(sys.argv) > 3 and sys.argv[1] == 'conll':
        conll(sys.argv[2], sys.argv[3:], seed)
    elif len(sys.argv) > 7 and sys.argv[1] == 'score':
        score(*sys.argv[2:7], sys.argv[7:], seed)
    else:
        sys.exit(__doc__)
