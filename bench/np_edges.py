#!/usr/bin/env python3
"""bench/np_edges.py — a learned edge model for other noun phrases (issue 33
item 3), measured outside `xproj project` (standard library only).

  np_edges.py --lang L --dir DIR --seed S [--chars] [--tag edges]
              [--data ../shared/data] [--xproj build/xproj] [--dump]

Reads, as bench/audit.sh lays them out in DIR: L.SEED.{tune,dev}.base.conll
and .base.report.json (`project --rules +articles` with its report), the
alignments L.SEED.SET.{pharaoh,probs} and the pairing L.SET.{jsonl,map}.
Writes L.SEED.SET.TAG.conll (the baseline with the edits made) and
L.SEED.SET.TAG.json (`xproj score --per-doc --json`), the files
bench/audit.pl reads for a row TAG against base.

What it does: for every projected span of an English "other" noun phrase
(not a one-word pronoun, not a name: as bench/np_errors.pl), the candidate
edits of each edge: extend or shrink by one aligner token, or extend to the
next punctuation (only when that is two tokens or more).  A candidate is
scored by a logistic model, one per edit kind and side, over features that
name no language: the moved token's and the new outside neighbour's identity
as a smoothed log-odds learned from the training spans (leave-one-out on the
training data itself), whether the mention's links reach the moved tokens and
their strongest posterior, whether other English words' links reach them,
whether another projected mention holds them, punctuation, whether the edit
crosses the English head's link, the span's length against the English one
before and after, the moved token's length, the mention's confidence.  A
candidate is right when the new edge is the reference's (the reference
mention overlapping the span most, overlap / union, that no other projected
span matches exactly); an edge takes its most probable candidate when that
is above 1/2.

Fitted on MMC dev's silver.  MMC dev is judged by 5-fold cross-validation
over its documents (fit on four fifths, edit the fifth); mmc-tune by the
model fitted on all of dev.  The reference for scoring: the corrected files
for mmc-tune, the silver for dev (as audit.sh).  --dump prints every edit
made on mmc-tune with its verdict against the corrected file.

Variants (each measured and dropped: docs/rules.md, "A learned edge model"):
--step (a one-token edit is right when it moves the edge toward the
reference's, not only onto it) with --rounds N (edits made again from the
edited span, an edge never turning back); --no-lex (without the tokens'
identities); --cut P (the probability an edit must pass); --tune-cv tune
(mmc-tune judged by 5-fold cross-validation over its scenes, fitted on the
other folds' corrected spans: learning from a user's own corrections) or
--tune-cv both (those and dev's silver); --oracle (every
right candidate taken: what the candidates could give at most).  Each run
also prints the ranking's AUC on MMC dev (by fold) and on mmc-tune.

To measure: bench/audit.sh's alignments (AUDIT_DIR, AUDIT_ALIGN_ONLY=1),
then per seed `project --rules +articles [--chars] --names ... -o
L.SEED.SET.base.conll --report L.SEED.SET.base.report.json` and `score
--per-doc --json` into L.SEED.SET.base.json, this script, and
`perl bench/audit.pl --lang L --dir DIR --seeds "1 7 11" --rules R` with
R holding the line "edges off np off".
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import unicodedata
from collections import defaultdict

PRON = set("""i me my mine myself you your yours yourself yourselves he him his himself
she her hers herself it its itself we us our ours ourselves they them their theirs themselves
this that these those ya y'all""".split())
DET = set("the a an my your his her our their its this that these those some any no every all".split())
STOPS = set("of in on at with for from to who that which whose about like than 's ’s".split())
KINDS = [("ext", "L"), ("ext", "R"), ("shr", "L"), ("shr", "R"), ("pun", "L"), ("pun", "R")]


def en_type(w):
    if len(w) == 1 and w[0].lower() in PRON:
        return "pronoun"
    if w[0].lower() in DET or w[0].lower() in PRON:
        return "other"
    for x in w:
        if not (x[:1].isupper() or x in ("'s", "’s", ".", "-")):
            return "other"
    return "name"


def en_head(w):
    """index of the English head: the last word before a preposition or
    relative word (not the first word), else the last word"""
    end = len(w)
    for k in range(1, len(w)):
        if w[k].lower() in STOPS:
            end = k
            break
    k = end - 1
    while k > 0 and all(unicodedata.category(c)[0] == "P" for c in w[k]):
        k -= 1
    return k


def is_punct(t):
    return t != "" and all(unicodedata.category(c)[0] in "PS" for c in t)


def read_conll(path, chars):
    """{doc: {"part": part, "sents": [{"w": [units], "lines": [...], "m": [(c, a, b)]}]}}
    (units: characters with chars, else words; lines kept for rewriting)"""
    docs, doc, cur = {}, None, None
    order = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#begin document"):
                doc = line[line.index("(") + 1:line.index(")")]
                docs[doc] = {"head": line, "sents": []}
                order.append(doc)
                cur, opened = None, {}
                continue
            if line.startswith("#"):
                continue
            if not line.strip():
                cur = None
                continue
            if cur is None:
                cur = {"w": [], "lines": [], "m": [], "at": []}
                docs[doc]["sents"].append(cur)
                opened = defaultdict(list)
            f_ = line.split()
            word = f_[3]
            pos = len(cur["w"])
            units = list(word) if chars else [word]
            cur["at"].append(pos)
            cur["lines"].append(f_)
            for p in f_[-1].split("|"):
                if p == "-":
                    continue
                c = int(p.strip("()"))
                if p.startswith("("):
                    opened[c].append(pos)
                if p.endswith(")"):
                    a = opened[c].pop()
                    cur["m"].append((c, a, pos + len(units)))
            cur["w"].extend(units)
    return docs, order


def write_conll(path, docs, order):
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        for d in order:
            f.write(docs[d]["head"] + "\n")
            for s in docs[d]["sents"]:
                starts, ends, single = defaultdict(list), defaultdict(list), defaultdict(list)
                for (c, a, b) in s["m"]:
                    # positions are units; rows are the conll's tokens
                    ra = max(k for k, o in enumerate(s["at"]) if o <= a)
                    rb = max(k for k, o in enumerate(s["at"]) if o < b)
                    if ra == rb:
                        single[ra].append(c)
                    else:
                        starts[ra].append((rb, c))
                        ends[rb].append((ra, c))
                for k, fl in enumerate(s["lines"]):
                    parts = [f"({c}" for (_, c) in sorted(starts[k], reverse=True)]
                    parts += [f"({c})" for c in single[k]]
                    parts += [f"{c})" for (_, c) in sorted(ends[k], reverse=True)]
                    fl = fl[:-1] + ["|".join(parts) if parts else "-"]
                    f.write("\t".join(fl) + "\n")
                f.write("\n")
            f.write("#end document\n")
    os.replace(path + ".tmp", path)


def read_report(path):
    with open(path, encoding="utf-8") as f:
        lines = [l for l in f if l.strip()]
    return [json.loads(l) for l in lines[1:-1]]


class Set:
    """one language's set (tune or dev) at one seed: every candidate edit of
    every projected other noun phrase, with its features and label"""

    def __init__(self, a, name):
        d, l, s = a.dir, a.lang, a.seed
        en_path = {"tune": f"{a.data}/mmc-tune/tune.english.v4_gold_conll",
                   "dev": f"{a.data}/mmc/dev.english.v4_gold_conll"}[name]
        lname = {"zh": "chinese", "fa": "farsi"}[l]
        key_path = {"tune": f"{a.data}/mmc-tune/tune.{lname}.corrected.v4_gold_conll",
                    "dev": f"{a.data}/mmc/dev.{lname}.v4_gold_conll"}[name]
        self.name, self.key_path = name, key_path
        self.en, _ = read_conll(en_path, False)
        self.key, _ = read_conll(key_path, a.chars)
        self.out, self.order = read_conll(f"{d}/{l}.{s}.{name}.base.conll", a.chars)
        rep = read_report(f"{d}/{l}.{s}.{name}.base.report.json")
        # the aligner's pairs: (doc, utt) -> tokens, links, posteriors
        jl = [json.loads(x) for x in open(f"{d}/{l}.{name}.jsonl", encoding="utf-8")]
        mp = [x.split("\t") for x in open(f"{d}/{l}.{name}.map", encoding="utf-8").read().split("\n") if x]
        ph = open(f"{d}/{l}.{s}.{name}.pharaoh").read().split("\n")
        pr = open(f"{d}/{l}.{s}.{name}.probs").read().split("\n")
        byutt = {(j["doc"], j["utt"]): j for j in jl}
        pairs = {}
        for k, (doc, part, utt) in enumerate(mp):
            links = [tuple(map(int, x.split("-"))) for x in ph[k].split()]
            probs = [float(x) for x in pr[k].split()] if pr[k].strip() else [1.0] * len(links)
            pairs[(doc, int(utt))] = (byutt.get((doc, int(utt))), links, probs)
        self.cands = []     # [mention record, [candidate dicts]]
        self.skipped = 0
        for r in rep:
            doc = r["doc"]
            if doc not in self.out or doc not in self.key:
                continue
            osents = self.out[doc]["sents"]
            ksents = self.key[doc]["sents"]
            for m in r["detail"]:
                if m["fate"] != "projected":
                    continue
                u, es, ee = m["en"]
                ew = self.en[doc]["sents"][u]["w"][es:ee]
                if en_type(ew) != "other":
                    continue
                t, ta, tb = m["tgt"]
                if t >= len(osents):
                    continue
                S = osents[t]
                if not any(c == m["cluster"] and x == ta and y == tb for (c, x, y) in S["m"]):
                    self.skipped += 1
                    continue
                p = pairs.get((doc, r["tgt_to_en"][t]))
                if not p or not p[0]:
                    self.skipped += 1
                    continue
                j, links, probs = p
                toks = j["tgt"]
                if "".join(toks).replace(" ", "") != "".join(S["w"]).replace(" ", "") or \
                        (not a.chars and len(toks) != len(S["w"])):
                    self.skipped += 1
                    continue
                # the aligner's tokens as unit ranges
                grid, o = [], 0
                for x in toks:
                    n = len(x) if a.chars else 1
                    grid.append((o, o + n))
                    o += n
                rec = self.mention(a, doc, t, m, ew, S, ksents[t] if t < len(ksents) else None,
                                   grid, toks, links, probs, r)
                if rec:
                    self.cands.append(rec)

    def mention(self, a, doc, t, m, ew, S, K, grid, toks, links, probs, r):
        u, es, ee = m["en"]
        ta, tb = m["tgt"][1], m["tgt"][2]
        nt = len(grid)
        tok_of = {}
        for k, (x, y) in enumerate(grid):
            for q in range(x, y):
                tok_of[q] = k
        # links: mention's, others'
        mine, other = defaultdict(float), defaultdict(float)
        headw = es + en_head(ew)
        headtoks = []
        for (i, jj), pp in zip(links, probs):
            if es <= i < ee:
                mine[jj] = max(mine[jj], pp)
                if i == headw:
                    headtoks.append(jj)
            else:
                other[jj] = max(other[jj], pp)
        held = set()   # tokens another projected span holds (not this one)
        for (c, x, y) in S["m"]:
            if (c, x, y) == (m["cluster"], ta, tb):
                continue
            for q in range(x, y):
                if q in tok_of:
                    held.add(tok_of[q])
        # the reference mention: overlap / union, not exactly another projected span
        ref = None
        if K is not None and "".join(K["w"]) == "".join(S["w"]):
            ours = {(x, y) for (c, x, y) in S["m"] if (x, y) != (ta, tb)}
            best = 0.0
            for (c, x, y) in K["m"]:
                if (x, y) in ours:
                    continue
                ov = min(tb, y) - max(ta, x)
                if ov <= 0:
                    continue
                ov /= max(tb, y) - min(ta, x)
                if ov > best:
                    best, ref = ov, (x, y)
        en_len = ee - es

        def gen(ta, tb):
            if ta not in tok_of or tb - 1 not in tok_of:
                return []
            return cands_of(ta, tb)

        def cands_of(ta, tb):
            la, lb = tok_of[ta], tok_of[tb - 1]
            cands = []

            def add(kind, side, na, nb, moved):
                if na >= nb or na < 0 or nb > grid[-1][1] or (na, nb) == (ta, tb) or not moved:
                    return
                if side == "L":
                    out_tok = tok_of[na - 1] if na > 0 else None
                    lab = ref is not None and na == ref[0] and ta != ref[0]
                    if STEP and ref is not None and kind != "pun":
                        lab = ref[0] <= na < ta if kind == "ext" else ta < na <= ref[0]
                else:
                    out_tok = tok_of[nb] if nb < grid[-1][1] else None
                    lab = ref is not None and nb == ref[1] and tb != ref[1]
                    if STEP and ref is not None and kind != "pun":
                        lab = tb < nb <= ref[1] if kind == "ext" else ref[1] <= nb < tb
                new_toks = (tok_of[nb - 1] - tok_of[na] + 1) if na in tok_of and nb - 1 in tok_of else 1
                old_toks = lb - la + 1
                ht = [h for h in headtoks]
                crosses = 1.0 if ht and kind == "shr" and any(k in moved for k in ht) else 0.0
                hdist = 0.0
                if ht and kind != "shr":
                    h = sorted(ht)[len(ht) // 2]
                    hdist = math.log1p(min(abs(k - h) for k in moved))
                f = {
                    "reach": sum(1 for k in moved if k in mine) / len(moved),
                    "post": max((mine.get(k, 0.0) for k in moved), default=0.0),
                    "other": sum(1 for k in moved if k in other) / len(moved),
                    "other_post": max((other.get(k, 0.0) for k in moved), default=0.0),
                    "held": sum(1 for k in moved if k in held) / len(moved),
                    "punct": 1.0 if any(is_punct(toks[k]) for k in moved) else 0.0,
                    "out_punct": 1.0 if out_tok is None or is_punct(toks[out_tok]) else 0.0,
                    "edge": 1.0 if out_tok is None else 0.0,
                    "nohead": 0.0 if ht else 1.0,
                    "cross_head": crosses,
                    "head_dist": hdist,
                    "ratio_new": math.log(new_toks / en_len),
                    "ratio_old": math.log(old_toks / en_len),
                    "n_moved": math.log(len(moved)),
                    "tok_len": math.log(sum(len(toks[k]) for k in moved) / len(moved)),
                    "conf": m.get("conf", 0.5),
                }
                lex = [toks[k].lower() for k in moved]
                outw = toks[out_tok].lower() if out_tok is not None else "<s>"
                cands.append({"kind": kind, "side": side, "span": (na, nb), "f": f, "lex": lex,
                              "out": outw, "y": 1 if lab else 0})
            # one token
            if la > 0:
                add("ext", "L", grid[la - 1][0], tb, [la - 1])
            if lb + 1 < nt:
                add("ext", "R", ta, grid[lb + 1][1], [lb + 1])
            if la < lb or (grid[la][1] < tb):
                add("shr", "L", grid[la][1], tb, [la])
                add("shr", "R", ta, grid[lb][0], [lb])
            # to the next punctuation (two tokens or more)
            k = la - 1
            while k >= 0 and not is_punct(toks[k]):
                k -= 1
            if la - 1 - k >= 2:
                add("pun", "L", grid[k + 1][0], tb, list(range(k + 1, la)))
            k = lb + 1
            while k < nt and not is_punct(toks[k]):
                k += 1
            if k - lb - 1 >= 2:
                add("pun", "R", ta, grid[k - 1][1], list(range(lb + 1, k)))
            return cands

        return {"doc": doc, "t": t, "cluster": m["cluster"], "span": (ta, tb), "ref": ref,
                "en": " ".join(ew), "tgt": S["w"], "cands": gen(ta, tb), "gen": gen}


FEATS = ["reach", "post", "other", "other_post", "held", "punct", "out_punct", "edge", "nohead",
         "cross_head", "head_dist", "ratio_new", "ratio_old", "n_moved", "tok_len", "conf",
         "lex", "lex_out"]
ALPHA = 2.0
STEP = False   # --step: a one-token edit is right when it moves the edge toward the reference


class Lex:
    """per-token log-odds of a candidate being right, per kind and side"""

    def __init__(self, recs):
        self.n = defaultdict(lambda: [0, 0])
        self.base = {}
        tot = defaultdict(lambda: [0, 0])
        for r in recs:
            for c in r["cands"]:
                ks = c["kind"] + c["side"]
                for w in set(c["lex"]):
                    self.n[(ks, "m", w)][0] += c["y"]
                    self.n[(ks, "m", w)][1] += 1
                self.n[(ks, "o", c["out"])][0] += c["y"]
                self.n[(ks, "o", c["out"])][1] += 1
                tot[ks][0] += c["y"]
                tot[ks][1] += 1
        for ks, (p, n) in tot.items():
            self.base[ks] = (p + 1) / (n + 2)

    def odds(self, ks, which, w, y=None):
        p, n = self.n.get((ks, which, w), (0, 0))
        if y is not None:   # leave one out: the training candidate itself
            p, n = p - y, n - 1
        b = self.base.get(ks, 0.1)
        q = (p + ALPHA * b) / (n + ALPHA)
        return math.log(q / (1 - q)) - math.log(b / (1 - b))

    def feats(self, c, loo):
        ks = c["kind"] + c["side"]
        y = c["y"] if loo else None
        lx = sum(self.odds(ks, "m", w, y) for w in c["lex"]) / len(c["lex"])
        return lx, self.odds(ks, "o", c["out"], y)


NOLEX = False  # --no-lex: without the tokens' identities
CUT = 0.5  # --cut: an edge takes its best candidate above it
ORACLE = False  # --oracle: every right candidate taken (the ceiling of the candidates)


def vec(c, lex, loo):
    lx, lo = (0.0, 0.0) if NOLEX else lex.feats(c, loo)
    f = dict(c["f"], lex=lx, lex_out=lo)
    return [f[k] for k in FEATS]


def fit(X, Y, l2=1.0, iters=150, lr=0.5):
    n, d = len(X), len(X[0]) if X else 0
    mu = [sum(x[k] for x in X) / n for k in range(d)]
    sd = [math.sqrt(sum((x[k] - mu[k]) ** 2 for x in X) / n) or 1.0 for k in range(d)]
    Z = [[(x[k] - mu[k]) / sd[k] for k in range(d)] for x in X]
    w, b = [0.0] * d, 0.0
    # Adam on the mean log loss with an L2 penalty
    m1, v1 = [0.0] * (d + 1), [0.0] * (d + 1)
    for it in range(1, iters + 1):
        g, gb = [l2 * wk / n for wk in w], 0.0
        for z, y in zip(Z, Y):
            s = b + sum(wk * zk for wk, zk in zip(w, z))
            p = 1 / (1 + math.exp(-max(-30, min(30, s))))
            e = (p - y) / n
            gb += e
            for k in range(d):
                g[k] += e * z[k]
        g.append(gb)
        for k in range(d + 1):
            m1[k] = 0.9 * m1[k] + 0.1 * g[k]
            v1[k] = 0.999 * v1[k] + 0.001 * g[k] * g[k]
            step = lr * 0.1 * (m1[k] / (1 - 0.9 ** it)) / (math.sqrt(v1[k] / (1 - 0.999 ** it)) + 1e-8)
            if k < d:
                w[k] -= step
            else:
                b -= step
    return {"w": w, "b": b, "mu": mu, "sd": sd}


def prob(model, x):
    s = model["b"] + sum(wk * (xk - m) / sd for wk, xk, m, sd in zip(model["w"], x, model["mu"], model["sd"]))
    return 1 / (1 + math.exp(-max(-30, min(30, s))))


def train(recs):
    lex = Lex(recs)
    models = {}
    for kind, side in KINDS:
        X, Y = [], []
        for r in recs:
            for c in r["cands"]:
                if c["kind"] == kind and c["side"] == side:
                    X.append(vec(c, lex, True))
                    Y.append(c["y"])
        if len(X) >= 20 and 0 < sum(Y) < len(Y):
            models[kind + side] = fit(X, Y)
    return lex, models


def decide(recs, lex, models, rounds=1):
    """{id(rec): (new span, [chosen candidates])}; with rounds > 1 the edits
    are made again from the edited span (one token at a time), an edge never
    turning back"""
    out = {}
    for r in recs:
        a, b = r["span"]
        chosen, way = [], {}
        cands = r["cands"]
        for rnd in range(rounds):
            best = {}
            for c in cands:
                md = models.get(c["kind"] + c["side"])
                if not md or way.get(c["side"], c["kind"]) != c["kind"]:
                    continue
                p = (0.9 if c["y"] else 0.1) if ORACLE else prob(md, vec(c, lex, False))
                c["p"] = p
                if p > CUT and (c["side"] not in best or p > best[c["side"]]["p"]):
                    best[c["side"]] = c
            if not best:
                break
            na, nb = a, b
            if "L" in best:
                na = best["L"]["span"][0]
            if "R" in best:
                nb = best["R"]["span"][1]
            if na >= nb:
                break
            a, b = na, nb
            chosen += best.values()
            for c in best.values():
                way[c["side"]] = c["kind"]
            cands = r["gen"](a, b)
        if chosen:
            out[id(r)] = ((a, b), chosen)
    return out


def apply(st, recs, dec, path):
    n = 0
    for r in recs:
        if id(r) not in dec:
            continue
        (a, b), _ = dec[id(r)]
        S = st.out[r["doc"]]["sents"][r["t"]]
        if any(x == a and y == b for (c, x, y) in S["m"]):
            continue   # another mention has that span already
        old = (r["cluster"], r["span"][0], r["span"][1])
        if old in S["m"]:
            S["m"][S["m"].index(old)] = (r["cluster"], a, b)
            n += 1
    write_conll(path, st.out, st.order)
    return n


def score(a, key, conll, js):
    c = ["--chars"] if a.chars else []
    with open(js + ".tmp", "w") as f:
        subprocess.run([a.xproj, "score"] + c + ["--per-doc", "--json", key, conll], stdout=f,
                       stderr=subprocess.DEVNULL, check=True)
    os.replace(js + ".tmp", js)


def auc(recs, lex, models):
    """the area under the ROC curve of the candidates' probabilities (the
    original spans' candidates), by kind: does the ranking transfer?"""
    res = {}
    for kind in ("ext", "shr"):
        ps = []
        for r in recs:
            for c in r["cands"]:
                md = models.get(c["kind"] + c["side"])
                if md and c["kind"] == kind:
                    ps.append((prob(md, vec(c, lex, False)), c["y"]))
        ps.sort()
        npos = sum(y for _, y in ps)
        nneg = len(ps) - npos
        if not npos or not nneg:
            continue
        rank, acc = 0, 0.0
        for k, (p, y) in enumerate(ps):
            if y:
                acc += k - rank
                rank += 1
        res[kind] = (acc / (npos * nneg), npos, len(ps))
    return res


def crossval(recs, folds, extra, rounds):
    """recs judged by k-fold cross-validation over their documents (each fold
    by a model fitted on the other folds and extra): the edits and each
    fold's AUC"""
    docs = sorted({r["doc"] for r in recs})
    fold = {d: k % folds for k, d in enumerate(docs)}
    dec, aucs = {}, []
    for k in range(folds):
        lex, models = train([r for r in recs if fold[r["doc"]] != k] + extra)
        held = [r for r in recs if fold[r["doc"]] == k]
        aucs.append(auc(held, lex, models))
        dec.update(decide(held, lex, models, rounds))
    return dec, aucs


def tally(recs, dec):
    """edits made: right (the reference's span after), wrong (exact before),
    other; by kind"""
    t = defaultdict(lambda: [0, 0, 0])
    for r in recs:
        if id(r) not in dec:
            continue
        span, cs = dec[id(r)]
        k = "+".join(sorted(c["kind"] + c["side"] for c in cs))
        if r["ref"] == span:
            t[k][0] += 1
        elif r["ref"] == r["span"]:
            t[k][1] += 1
        else:
            t[k][2] += 1
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--chars", action="store_true")
    ap.add_argument("--tag", default="edges")
    ap.add_argument("--data", default="../shared/data")
    ap.add_argument("--xproj", default="build/xproj")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--dump", action="store_true")
    ap.add_argument("--step", action="store_true")
    ap.add_argument("--no-lex", action="store_true")
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--cut", type=float, default=0.5)
    ap.add_argument("--tune-cv", choices=["tune", "both"])
    ap.add_argument("--rounds", type=int, default=1)
    a = ap.parse_args()
    global STEP, NOLEX, ORACLE, CUT
    STEP, NOLEX, ORACLE, CUT = a.step, a.no_lex, a.oracle, a.cut
    dev = Set(a, "dev")
    tune = Set(a, "tune")
    pre = f"{a.dir}/{a.lang}.{a.seed}"
    for st in (dev, tune):
        npos = sum(1 for r in st.cands for c in r["cands"] if c["y"])
        nc = sum(len(r["cands"]) for r in st.cands)
        ex = sum(1 for r in st.cands if r["ref"] == r["span"])
        print(f"{a.lang} seed {a.seed} {st.name}: {len(st.cands)} other NPs ({ex} exact, "
              f"{st.skipped} skipped), {nc} candidate edits, {npos} right", file=sys.stderr)
    # dev: k-fold over documents
    dec, aucs = crossval(dev.cands, a.folds, [], a.rounds)
    n = apply(dev, dev.cands, dec, f"{pre}.dev.{a.tag}.conll")
    score(a, dev.key_path, f"{pre}.dev.{a.tag}.conll", f"{pre}.dev.{a.tag}.json")
    td = tally(dev.cands, dec)
    print(f"{a.lang} seed {a.seed} dev (cross-validated): {n} spans edited; by edit right / was exact / other: "
          + ", ".join(f"{k} {v[0]}/{v[1]}/{v[2]}" for k, v in sorted(td.items())), file=sys.stderr)
    print(f"{a.lang} seed {a.seed} dev AUC by fold: " + "; ".join(
        ", ".join(f"{k} {v[0]:.3f}" for k, v in sorted(x.items())) for x in aucs), file=sys.stderr)
    # tune: fitted on all of dev
    lex, models = train(dev.cands)
    print(f"{a.lang} seed {a.seed} tune AUC (fitted on dev): " + ", ".join(
        f"{k} {v[0]:.3f} ({v[1]} right of {v[2]})" for k, v in sorted(auc(tune.cands, lex, models).items())),
        file=sys.stderr)
    for k, md in sorted(models.items()):
        print(f"  model {k}: " + " ".join(f"{f}={w:+.2f}" for f, w in zip(FEATS, md["w"])) +
              f" bias={md['b']:+.2f}", file=sys.stderr)
    dec = decide(tune.cands, lex, models, a.rounds)
    if a.tune_cv:
        # a user's own corrections: mmc-tune judged by cross-validation over
        # its scenes, fitted on the other folds' corrected spans (with dev's
        # silver too for "both")
        dec, _ = crossval(tune.cands, a.folds, dev.cands if a.tune_cv == "both" else [], a.rounds)
    n = apply(tune, tune.cands, dec, f"{pre}.tune.{a.tag}.conll")
    score(a, tune.key_path, f"{pre}.tune.{a.tag}.conll", f"{pre}.tune.{a.tag}.json")
    tt = tally(tune.cands, dec)
    print(f"{a.lang} seed {a.seed} tune (fitted on {a.tune_cv + ' (cv)' if a.tune_cv else 'dev'}): {n} spans edited; by edit right / was exact / other: "
          + ", ".join(f"{k} {v[0]}/{v[1]}/{v[2]}" for k, v in sorted(tt.items())), file=sys.stderr)
    if a.dump:
        sep = "" if a.chars else " "
        for r in tune.cands:
            if id(r) not in dec:
                continue
            span, cs = dec[id(r)]
            v = "right" if r["ref"] == span else ("was exact" if r["ref"] == r["span"] else "other")
            w = r["tgt"]
            f = lambda s: sep.join(w[s[0]:s[1]])
            print(f"{v:9} {r['en']} | {f(r['span'])} -> {f(span)} | ref {f(r['ref']) if r['ref'] else '-'} | "
                  + " ".join(f"{c['kind']}{c['side']}:{c['p']:.2f}" for c in cs))


if __name__ == "__main__":
    main()
