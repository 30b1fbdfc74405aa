#!/usr/bin/env python3
"""bench/kill_points.py -- SIGKILL, SIGTERM and SIGINT at random instants of
the commands that replace outputs or write a store (docs/nothing-lost.md,
eighth round):

    python3 bench/kill_points.py [N] [SEED] [wa,pl,imp,merge]

(XPROJ=build/xproj; N trials a command, default 20.)  Each trial sets up a
directory holding the outputs of an earlier run, starts the command that
replaces them (other seed: other bytes), sends one of the three signals
after a random delay, then checks:

- the outputs are all as before or all as an uninterrupted run writes them
  (never a mix);
- the store opens, `db check` is clean, and it holds the new run exactly
  when the outputs are new (no run without its files, no files without it);
- a rerun completes with an uninterrupted run's outputs and leaves no
  temporary file (`.NAME.xproj-XXXXXX`).

The child's SIGINT is reset to its default: a shell starts a background job
with SIGINT ignored, which the child would inherit.  Prints a line a command
with (signal, outcome) counts, each bad trial, and "bad N" (exit 1 if any).
Run from the repository (tools/sample)."""
import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

X = os.path.abspath(os.environ.get("XPROJ", "build/xproj"))
N = int(sys.argv[1]) if len(sys.argv) > 1 else 20
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
WHICH = sys.argv[3].split(",") if len(sys.argv) > 3 else ["wa", "pl", "imp", "merge"]
S = os.path.abspath("tools/sample")
CONF = S + "/zh.conf"
SIGS = [signal.SIGKILL, signal.SIGTERM, signal.SIGINT]
W = tempfile.mkdtemp(prefix="xproj-kills-")


def h(p):
    try:
        with open(p, "rb") as f:
            return hashlib.md5(f.read()).hexdigest()
    except FileNotFoundError:
        return None


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def store(db):
    """(runs, db check's exit status): runs -1 when db runs fails"""
    r = subprocess.run([X, "db", "runs", db, "--json"], capture_output=True, text=True)
    c = subprocess.run([X, "db", "check", db], capture_output=True, text=True)
    if r.returncode:
        return -1, c.returncode
    import json
    j = json.loads(r.stdout)
    return len(j["runs"] if isinstance(j, dict) else j), c.returncode


def trial(name, setup, cmd, outs, maxdelay, db=None):
    d = W + "/ref-" + name
    os.makedirs(d)
    setup(d)
    old = {o: h(d + "/" + o) for o in outs}
    p = run(cmd(d))
    assert p.returncode == 0, p.stderr
    new = {o: h(d + "/" + o) for o in outs}
    stats, bad = {}, []
    for _ in range(N):
        d = W + "/" + name
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        setup(d)
        r0 = store(d + "/" + db)[0] if db else 0
        sig, delay = random.choice(SIGS), random.uniform(0, maxdelay)
        p = subprocess.Popen(cmd(d), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        time.sleep(delay)
        p.send_signal(sig)
        _, err = p.communicate()
        cur = {o: h(d + "/" + o) for o in outs}
        state = "old" if cur == old else "new" if cur == new else "MIX"
        if db:
            r1, ck = store(d + "/" + db)
            dn = r1 - r0
            if r1 < 0 or ck:
                state += "+BADSTORE"
            elif not outs:
                state = {0: "none", 1: "done"}.get(dn, "RUNS%d" % dn)
            elif (state == "old") != (dn == 0) or dn not in (0, 1):
                state += "+RUNS%d" % dn
        p2 = run(cmd(d))
        if p2.returncode or {o: h(d + "/" + o) for o in outs} != new:
            state += "+RERUNFAIL"
        if any(".xproj-" in f for f in os.listdir(d) + os.listdir(os.path.dirname(d + "/" + (db or "x")))):
            state += "+TEMPLEFT"
        key = (signal.Signals(sig).name, state)
        stats[key] = stats.get(key, 0) + 1
        if state not in ("old", "new", "none", "done"):
            bad.append((signal.Signals(sig).name, round(delay, 3), p.returncode, state, err.decode()[-300:]))
    print(name, " ".join("%s:%s %d" % (k[0], k[1], v) for k, v in sorted(stats.items())))
    for b in bad[:5]:
        print("  BAD", b)
    return bad


R = W + "/runs"
for seed in ("1", "2"):
    p = run([X, "pipeline", "--config", CONF, "-o", R + seed, "--quiet", "--seed", seed])
    assert p.returncode == 0, p.stderr


def wa_setup(d):
    shutil.copy(R + "1/pairs.txt", d + "/pairs.txt")
    run([X, "wordalign", d + "/pairs.txt", "-o", d + "/A.pharaoh", "--probs", d + "/A.probs",
         "--save-model", d + "/M", "--seed", "1"])


def wa_cmd(d):
    return [X, "wordalign", d + "/pairs.txt", "-o", d + "/A.pharaoh", "--probs", d + "/A.probs",
            "--save-model", d + "/M", "--seed", "2"]


def pl_setup(d):
    run([X, "pipeline", "--config", CONF, "-o", d + "/o", "--save-model"])


def pl_cmd(d):
    return [X, "pipeline", "--config", CONF, "-o", d + "/o", "--seed", "2", "--save-model"]


def imp_cmd(d):
    return [X, "db", "import", d + "/c.db", "--source", S + "/dialogue.conll", "--aligned",
            R + "1/aligned.jsonl", "--report", R + "1/report.json"]


def imp_setup(d):
    run(imp_cmd(d))


def merge_setup(d):
    imp_setup(d)
    shutil.copy(R + "2/corrections.db", d + "/in.db")


def merge_cmd(d):
    return [X, "db", "merge", d + "/c.db", d + "/in.db"]


PL = ["o/" + f for f in ("aligned.jsonl", "pairs.txt", "pairs.map", "alignments.pharaoh", "alignments.probs",
                         "projected.conll", "projected.jsonlines", "report.json", "wordalign.model")]
allbad = []
if "wa" in WHICH:
    allbad += trial("wordalign", wa_setup, wa_cmd, ["A.pharaoh", "A.probs", "M", "A.names"], 2.5)
if "pl" in WHICH:
    allbad += trial("pipeline", pl_setup, pl_cmd, PL, float(os.environ.get("PLMAX", "4")), db="o/corrections.db")
if "imp" in WHICH:
    allbad += trial("import", imp_setup, imp_cmd, [], 0.08, db="c.db")
if "merge" in WHICH:
    allbad += trial("merge", merge_setup, merge_cmd, [], 0.1, db="c.db")
print("bad", len(allbad))
shutil.rmtree(W, ignore_errors=True)
sys.exit(1 if allbad else 0)
