#!/usr/bin/env python3
"""A dictd dictionary (FreeDict's, as Debian installs them) as 'english |||
target' pairs on stdout, for `xproj wordalign --train-lex` (bench/dict.sh).

usage: dict_pairs.py /usr/share/dictd/freedict-eng-fra [--lowercase] [--seen PAIRS]

The rule (the one io/'s reader would keep): entries named 00database* or
00-database-* are the dictionary's own header, skipped.  An entry's first
line is its headword (and its pronunciation, /.../, and part of speech,
<...>), skipped: the headword is the index's.  Every following line that
starts in column 0 (or with a sense number "1. ") holds translations,
separated by ',' or ';'; indented lines are examples, notes, synonyms and
cross-references, skipped.  From a translation, grammar labels <...>, usage
labels [...] and glosses (...) are taken out, and a translation left empty
or longer than 4 words is dropped.  Multiword headwords and translations are
kept; ellipses (... and U+2026) are taken out.  --seen PAIRS keeps only the
pairs every word of which (lower-cased) occurs on its side of the bitext
PAIRS ('src ||| tgt' lines), the pairs that can ever meet in it.  Only ever run on the installed file: the data (GPL) is read at run
time, never copied."""
import gzip, re, sys

B64 = {c: i for i, c in enumerate(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}


def b64(s):
    n = 0
    for c in s:
        n = n * 64 + B64[c]
    return n


def pairs(base):
    with gzip.open(base + ".dict.dz", "rb") as f:
        data = f.read()
    seen = set()
    for line in open(base + ".index", encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 3:
            continue
        head, off, size = parts[0], b64(parts[1]), b64(parts[2])
        if head.startswith("00database") or head.startswith("00-database-"):
            continue
        head = " ".join(head.split())
        if not head:
            continue
        text = data[off:off + size].decode("utf-8", "replace").split("\n")
        for l in text[1:]:
            if not l.strip() or l[0] in " \t":
                continue
            l = re.sub(r"^\d+\.\s*", "", l)
            l = re.sub(r"<[^>]*>|\[[^\]]*\]|\([^)]*\)", " ", l)
            l = l.replace("\u2026", " ").replace("...", " ")
            for t in re.split(r"[,;]", l):
                t = " ".join(t.split())
                if not t or len(t.split()) > 4:
                    continue
                if (head, t) in seen:
                    continue
                seen.add((head, t))
                yield head, t


def vocab(path):
    src, tgt = set(), set()
    for line in open(path, encoding="utf-8"):
        s, _, t = line.partition("|||")
        src.update(s.lower().split())
        tgt.update(t.lower().split())
    return src, tgt


def main():
    lower = "--lowercase" in sys.argv
    seen = None
    if "--seen" in sys.argv:
        seen = vocab(sys.argv[sys.argv.index("--seen") + 1])
    for h, t in pairs(sys.argv[1]):
        if seen and not (set(h.lower().split()) <= seen[0]
                         and set(t.lower().split()) <= seen[1]):
            continue
        if lower:
            h, t = h.lower(), t.lower()
        print(f"{h} ||| {t}")


main()
