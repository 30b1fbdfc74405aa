#!/bin/sh
# bench/adversarial.sh — issue 32's whole adversarial run with one command:
# the readers over hostile files, the pipeline, store and metrics under
# hostile inputs, kills and concurrent writers, and the workbench under
# load, slow clients and a held lock (each script's header says what it
# counts).  Everything runs on this machine; the server only on loopback.
#
#   sh bench/adversarial.sh            (from the repository's root, after make)
#
# Exit 0 when every part met its expectations; the parts' own totals are
# printed as they finish, then one line per part.
set -u
cd "$(dirname "$0")/.."
make -s build/xproj build/bench/adversarial_server >/dev/null || exit 2
fail=0 summary=
for part in readers store server; do
	echo "== adversarial_$part"
	start=$(date +%s)
	if sh bench/adversarial_$part.sh; then r=ok; else r=FAILED; fail=1; fi
	summary="$summary$(printf '%-8s %-6s %ss' "$part" "$r" "$(( $(date +%s) - start ))")
"
done
echo "== adversarial: each part"
printf '%s' "$summary"
exit $fail
