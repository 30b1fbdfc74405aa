#!/bin/sh
# bench/reproject.sh — what a realign costs the workbench's server when it
# re-projects (serve/reproject.c): the server's CPU (utime + stime from
# /proc) over N realigns each undone, with the run's model and without
# one, the first realign apart; the model's read at the server's start (a
# thread of its own since the model is read in the background: the CPU
# and wall time from the start until GET /api/runs says it is ready; an
# xproj that reads it on the first realign says nothing there and the
# read is in the first realign's figure); the p99 of GET /api/queue
# requests made while the first realign is in flight, against the p99 of
# as many made with nothing else going on (a ratio in the same run); and
# the server's resident memory.  The store: tools/sample's, its run
# recording a model of the sample's pairs (default) or MODEL=M (a larger
# model: its cost), or STORE=DB with KEY=DOC|ID, a mention with at least
# two lines to take.  EARLY=1: the first realign is sent at once, not
# after the model is ready (it then waits for the read).
# REPEAT=R: all of it R times (a first realign happens once a server: its
# CPU at the clock's 10 ms is a figure to average).
# usage: [N=20] [MODEL=M] [EARLY=1] [REPEAT=R] [XPROJ=build/xproj] sh bench/reproject.sh
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
# each store served twice: the CPU figures with nothing else asked, then
# the queue's latency (whose requests cost the server CPU too)
for mp in $(for r in $(seq ${REPEAT:-1}); do echo with:cpu with:p99 without:cpu without:p99; done); do
	m=${mp%:*} pass=${mp#*:}
	[ -f $T/$m.db ] || continue
	rm -f $T/url
	"$XPROJ" serve $T/$m.db --port 0 > $T/url 2>&1 &
	pid=$!
	for i in $(seq 50); do grep -qs http $T/url && break; sleep 0.1; done
	url=$(grep -o 'http://[^ ]*' $T/url)
	"$PYTHON" - "$url" "$KEY" "$N" "$pid" "$m" "${EARLY:-0}" "$pass" <<'PY'
import json, sys, threading, time, urllib.parse, urllib.request
url, key, n, pid, name, early, pass_ = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], \
    sys.argv[6] == "1", sys.argv[7]
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
w0, c0 = time.monotonic(), ticks()
state = None
while not early:
    runs = call("GET", "runs")["runs"]
    state = (runs[-1].get("wa_model") or {}).get("state")
    if state != "reading":
        break
    time.sleep(0.005)
read = "model read at start: %.3f s CPU, ready after %.3f s (%s)" % ((ticks() - c0) / hz, time.monotonic() - w0, state) \
    if state else "model read at start: none said"
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
def p99(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.99 * len(xs)))] if xs else float("nan")
lat, going = [], [True]
def queue_load():
    while going[0]:
        t = time.monotonic()
        call("GET", "queue?run=%d&limit=50" % run)
        lat.append(time.monotonic() - t)
if pass_ == "cpu":
    r0, t0 = rss(), ticks()
    first = cycle()
    t1 = ticks()
    for _ in range(n):
        cycle()
    t2 = ticks()
    print("%s model: %s; first realign (+ undo) %.3f s CPU; then %.4f s CPU per realign + undo over %d; "
          "RSS %d -> %d KB; %s" % (name, read, (t1 - t0) / hz, (t2 - t1) / hz / n, n, r0, rss(), json.dumps(first)))
else:
    q = threading.Thread(target=queue_load)
    q.start()
    first = cycle()
    going[0] = False
    q.join()
    busy, quiet = lat[:], []
    for _ in range(max(len(busy), 20)):
        t = time.monotonic()
        call("GET", "queue?run=%d&limit=50" % run)
        quiet.append(time.monotonic() - t)
    print("%s model: queue p99 during the first realign %.1f ms (%d requests) vs %.1f ms after (%d): %.2fx"
          % (name, p99(busy) * 1e3, len(busy), p99(quiet) * 1e3, len(quiet), p99(busy) / p99(quiet)))
PY
	kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
