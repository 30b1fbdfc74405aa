"""workflow/episodes.py -- the episodes of a CoNLL file, and one episode's
documents of it: used by workflow/Snakefile when it reads its configuration,
and run by its split rules as a command,

    python3 workflow/episodes.py SRC EPISODE OUT

so that a split is a plain process rather than a `run:` block, which
Snakemake runs in a second Snakemake process of its own (about half a
second of CPU a job: most of the workflow's cost at MMC's size,
docs/workflow.md)."""
import gzip
import os
import re
import sys


def opener(path):
    return gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz") else open(path, encoding="utf-8")


def episode_of(doc):
    """'s01e01c03t' -> 'S01E01'; a document naming no episode is 'all'."""
    m = re.search(r"[sS](\d+)[eE](\d+)", doc)
    return "S%02dE%02d" % (int(m.group(1)), int(m.group(2))) if m else "all"


def doc_of(line):
    m = re.match(r"#begin document \(?([^);]*)\)?", line)
    return m.group(1) if m else ""


def episodes(path):
    """The episodes of a CoNLL file, in the order they come."""
    keys = []
    with opener(path) as f:
        for line in f:
            if line.startswith("#begin document"):
                k = episode_of(doc_of(line))
                if k not in keys:
                    keys.append(k)
    return keys


def documents(path):
    """The documents of a CoNLL file, each '(ID); part N' as its
    '#begin document' line names it, with the line: {key: line}."""
    docs = {}
    with opener(path) as f:
        for no, line in enumerate(f, 1):
            if line.startswith("#begin document"):
                m = re.match(r"#begin document \(?([^);]*)\)?;?\s*(?:part\s+0*(\d+))?", line)
                docs.setdefault("%s part %d" % (m.group(1), int(m.group(2) or 0)), no)
    return docs


def split_conll(src, ep, out):
    """The documents of CoNLL file src of episode ep into out, as they are
    (written under a temporary name, then renamed: all or nothing)."""
    keep = False
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    tmp = "%s.%d.tmp" % (out, os.getpid())
    with opener(src) as f, open(tmp, "w", encoding="utf-8") as o:
        for line in f:
            if line.startswith("#begin document"):
                keep = episode_of(doc_of(line)) == ep
            if keep:
                o.write(line)
    os.replace(tmp, out)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: python3 workflow/episodes.py SRC EPISODE OUT")
    split_conll(*sys.argv[1:])
