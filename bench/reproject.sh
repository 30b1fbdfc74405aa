#!/bin/sh
# bench/reproject.sh — what a realign costs the workbench's server when it
# re-projects (serve/reproject.c): the server's CPU (utime + stime from
# /proc) over N realigns each undone, with the run's model and without
# one, the first realign (the model's read) apart, and the server's
# resident memory.  The store: tools/sample's, its run recording a model of
# the sample's pairs (default) or MODEL=M (a larger model: its cost), or
# STORE=DB with KEY=DOC|ID, a mention with at least two lines to take.
# usage: [N=20] [MODEL=M] [XPROJ=build/xproj] sh bench/reproject.sh
set -eu
: "${XPROJ:=build/xproj}" "${N:=20}" "${PYTHON:=/usr/bin/python3}"
T=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
if [ -z "${STORE:-}" ]; then
	S=tools/sample
	"$XPROJ" pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/r --quiet --no-db
	if [ -n "${MODEL:-}" ]; then cp "$MODEL" $T/model
	else "$XPROJ" wordalign --lowercase $T/r/pairs.txt --save-model $T/model -o $T/wa.pharaoh 2>/dev/null; fi
	for m in with without; do
		opt=; [ $m = with ] && opt="--wa-model $T/model"
		"$XPROJ" db import $T/$m.db --source $S/dialogue.conll --aligned $T/r/aligned.jsonl \
			--report $T/r/report.json $opt > /dev/null
	done
	KEY='s01e01c01x|3'
else
	cp "$STORE" $T/with.db   # its latest run records a model (db import --wa-model)
fi
for m in with without; do
	[ -f $T/$m.db ] || continue
	rm -f $T/url
	"$XPROJ" serve $T/$m.db --port 0 > $T/url 2>&1 &
	pid=$!
	for i in $(seq 50); do grep -qs http $T/url && break; sleep 0.1; done
	url=$(grep -o 'http://[^ ]*' $T/url)
	"$PYTHON" - "$url" "$KEY" "$N" "$pid" "$m" <<'PY'
import json, sys, urllib.parse, urllib.request
url, key, n, pid, name = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
hz = 100
def ticks():
    f = open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()
    return int(f[11]) + int(f[12])
def rss():
    return next(int(l.split()[1]) for l in open("/proc/%s/status" % pid) if l.startswith("VmRSS"))
def call(method, path, body=None):
    req = urllib.request.Request(url.rstrip("/") + "/api/" + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)
m = call("GET", "mention?key=" + urllib.parse.quote(key))
run = m["run"]
blocks = [b["id"] for b in m["lines"]["blocks"]]
chosen = [b["id"] for b in m["lines"]["blocks"] if b["chosen"]]
pick = sorted(set(chosen + [next(b for b in blocks if b not in chosen)]))
def cycle():
    v = call("GET", "mention?key=" + urllib.parse.quote(key))["version"]
    r = call("POST", "edit", {"run": run, "annotator": "bench", "key": key, "action": "realign", "blocks": pick, "version": v})
    u = call("GET", "undo?annotator=bench&run=%d" % run)
    call("POST", "undo", {"run": run, "annotator": "bench", "key": u["key"], "version": u["version"]})
    return r.get("reprojection")
r0, t0 = rss(), ticks()
first = cycle()
t1 = ticks()
for _ in range(n):
    cycle()
t2 = ticks()
print("%s model: first realign (+ undo) %.3f s CPU; then %.4f s CPU per realign + undo over %d; RSS %d -> %d KB; %s"
      % (name, (t1 - t0) / hz, (t2 - t1) / hz / n, n, r0, rss(), json.dumps(first)))
PY
	kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
