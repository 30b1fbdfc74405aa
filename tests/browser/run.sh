#!/bin/sh
# tests/browser/run.sh — the workbench in a real browser (`make check-browser`,
# and part of `make check` where Chromium, chromium-driver and
# python3-selenium are installed; scripts/install-deps installs them).
# Builds a store from tools/sample with two HTML payloads planted in the
# English transcript (a token and a speaker), serves it on a free port, runs
# workbench.py in headless Chromium, then checks that `db export` equals
# tests/fixtures/serve/corrected.zh.conll.  Screenshots: $BUILD/browser/.
# Environment: XPROJ, BUILD; PYTHON (default /usr/bin/python3, Debian's,
# which has python3-selenium).
set -u
: "${XPROJ:=build/xproj}" "${BUILD:=build}" "${PYTHON:=/usr/bin/python3}"
T=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
S=tools/sample
sed -e "s/	Relax	/	<img\/src=x\/onerror=document.title='pwned'>	/" -e "s/	Priya	/	<b>Priya<\/b>	/" \
	$S/dialogue.conll > $T/dialogue.conll
"$XPROJ" pipeline --source $T/dialogue.conll --subs $S/en.srt --tgt-subs $S/zh.srt --tgt-lang zh \
	--alignments $S/zh.pharaoh -o $T/p --quiet || exit 1
"$XPROJ" serve $T/p/corrections.db --port 0 > $T/url 2>&1 &
pid=$!
for i in $(seq 50); do grep -q http $T/url && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' $T/url) || { cat $T/url; exit 1; }
"$PYTHON" tests/browser/workbench.py "$url" "$BUILD/browser"
st=$?
kill "$pid"; wait "$pid"; pid=
"$XPROJ" db export $T/p/corrections.db -o $T/corrected.conll > /dev/null || exit 1
if ! diff -u tests/fixtures/serve/corrected.zh.conll $T/corrected.conll; then
	echo "  FAIL  db export differs from tests/fixtures/serve/corrected.zh.conll"
	st=1
else
	echo "  ok    db export equals tests/fixtures/serve/corrected.zh.conll"
fi
exit $st
