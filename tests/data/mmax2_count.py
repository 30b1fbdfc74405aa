#!/usr/bin/env python3
"""tests/data/mmax2_count.py — counts of an MMAX2 directory, computed apart
from xproj's reader (Python's ElementTree, the file names MMAX2 projects use
by default), for tests/data/mmax2.sh to hold `xproj stats --json` against.

Prints one JSON object: documents, tokens, sentences, mentions and the
"mmax2" counts (markables, chains, unclassed, discontinuous, cross_sentence),
under the policy docs/formats.md states: a discontinuous markable is one
whose parts leave a gap; it is read as its covering span; a markable whose
covering span crosses a sentence boundary is dropped; a markable in no set
is a singleton; the same span twice in one set is one mention.  With
--repair, a document whose words file is missing is skipped, sentences
overlapping an earlier one start after it (or go, when inside it), and words
in no sentence form a sentence of their own."""
import glob, json, os, sys
import xml.etree.ElementTree as ET


def parts(span, pos):
    out = []
    for p in span.split(','):
        a, _, b = p.strip().partition('..')
        out.append((pos[a], pos[b or a]))
    return sorted(out)


def gap(ps):
    end = ps[0][1]
    for a, b in ps[1:]:
        if a > end + 1:
            return True
        end = max(end, b)
    return False


def main():
    repair = '--repair' in sys.argv
    d = [a for a in sys.argv[1:] if not a.startswith('--')][0]
    T = dict(documents=0, sentences=0, tokens=0, mentions=0)
    M = dict(markables=0, chains=0, unclassed=0, discontinuous=0, cross_sentence=0)
    for mm in sorted(glob.glob(os.path.join(d, '*.mmax'))):
        name = os.path.basename(mm)[:-5]
        wfile = ET.parse(mm).getroot().find('words').text.strip()
        wpath = os.path.join(d, 'Basedata', wfile)
        if not os.path.exists(wpath):
            if not repair:
                sys.exit(f'{wpath} is missing')
            continue
        T['documents'] += 1
        ids = [w.get('id') for w in ET.parse(wpath).getroot().iter('word')]
        pos = {w: i for i, w in enumerate(ids)}
        T['tokens'] += len(ids)
        sl = ET.parse(os.path.join(d, 'Markables', name + '_sentence_level.xml')).getroot()
        ss = sorted((p[0][0], p[-1][1]) for p in (parts(m.get('span'), pos) for m in sl) if p)
        ss.sort(key=lambda r: (r[0], -r[1]))
        sent, at = [], 0
        for lo, hi in ss + [(len(ids), len(ids))]:
            if lo > at:
                sent.append((at, lo - 1))
                at = lo
            if lo == len(ids):
                break
            if lo < at:
                if hi < at:
                    continue
                lo = at
            sent.append((lo, hi))
            at = hi + 1
        T['sentences'] += len(sent)
        sid = {}
        for i, (lo, hi) in enumerate(sent):
            for w in range(lo, hi + 1):
                sid[w] = i
        classes, seen = set(), set()
        cl = ET.parse(os.path.join(d, 'Markables', name + '_coref_level.xml')).getroot()
        for m in cl:
            M['markables'] += 1
            ps = parts(m.get('span'), pos)
            c = m.get('coref_class')
            if not c or c == 'empty':
                M['unclassed'] += 1
                c = None
            else:
                classes.add(c)
            if gap(ps):
                M['discontinuous'] += 1
            lo, hi = ps[0][0], max(b for a, b in ps)
            if sid[lo] != sid[hi]:
                M['cross_sentence'] += 1
                continue
            if c is None:
                T['mentions'] += 1
            elif (lo, hi, c) not in seen:
                seen.add((lo, hi, c))
                T['mentions'] += 1
        M['chains'] += len(classes)
    T['mmax2'] = M
    print(json.dumps(T, sort_keys=True))


main()
