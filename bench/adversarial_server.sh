# The workbench under hostile load, on loopback only (issue 32, deliver 4):
# `xproj serve` on a store of the bundled sample (no shared data needed),
# then bench/adversarial_server.c's three phases against it: 8 clients of
# the page's calls, 104 slow or lying clients beside a normal one, and
# another process holding the store's write lock while 12 POSTs wait.  Prints
# counts and latencies; exit 1 if an expectation fails (see the .c file).
# Every loop is bounded in count and time: SECONDS (default 8) a phase, some
# 30 s in all.  XPROJ, BUILD as for make bench; BASE=DIR runs the same
# against an older build's xproj first (its own store), for comparison.
#
#   sh bench/adversarial_server.sh          (after make build/bench/adversarial_server)
set -u
: "${XPROJ:=build/xproj}" "${BUILD:=build}" "${SECONDS_PER_PHASE:=8}"
B=$BUILD/bench/adversarial_server
[ -x "$B" ] || make -s "$B" >/dev/null || { echo "cannot build $B"; exit 1; }
T=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$T"' EXIT
st=0
one() { # XPROJ LABEL
	rm -rf $T/p
	"$1" pipeline --config tools/sample/zh.conf --alignments tools/sample/zh.pharaoh -o $T/p --quiet || return 1
	"$1" serve $T/p/corrections.db --host 127.0.0.1 --port 0 > $T/url 2>&1 &
	pid=$!
	i=0
	while [ $i -lt 100 ] && ! grep -q http $T/url; do i=$((i + 1)); sleep 0.1; done
	port=$(grep -o 'http://127.0.0.1:[0-9]*/' $T/url | grep -o ':[0-9]*' | tr -d :)
	[ -n "$port" ] || { cat $T/url; return 1; }
	echo "== $2 ($1)"
	timeout 300 "$B" "$port" $T/p/corrections.db "$SECONDS_PER_PHASE"
	r=$?
	kill $pid; wait $pid 2>/dev/null; pid=
	return $r
}
if [ -n "${BASE:-}" ]; then
	one "$BASE/xproj" "BASE" || echo "(BASE failed the expectations)"
fi
one "$XPROJ" "this build" || st=1
exit $st
