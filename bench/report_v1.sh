#!/bin/sh
# bench/report_v1.sh R.json: a projection report as version 1's one JSON
# object on stdout, byte for byte what an xproj before version 2 wrote for
# the same run (docs/formats.md: each line of version 2 is that object's
# piece).  A version 1 report is printed as it is.  bench/identical.sh
# compares reports through it, so a baseline of either version compares.
awk 'NR == 1 {
	if ($0 !~ /^\{"version":2,/) { v1 = 1; print; next }
	sub(/^\{"version":2,/, "{"); sub(/,"documents":[0-9]+\}$/, "")
	printf "%s,\"documents\":[", $0; next }
v1 { print; next }
{ printf "%s%s", (NR > 2 ? "," : ""), $0 }
END { if (!v1 && NR) print "]}" }' "$1"
