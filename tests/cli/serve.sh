# xproj serve: options, refusals, the printed address, a clean stop on
# SIGTERM.  (The API itself is tested over HTTP in tests/unit/test_serve.c,
# the page in a real browser by tests/browser/.)
. tests/cli/lib
S=tools/sample
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/p --quiet
D=$T/p/corrections.db
expect_status 1 $XPROJ serve $T/none.db --port 0
expect_grep 'no such database' $T/err
[ -e $T/none.db ] && { echo "FAIL: serve created a store"; fails=$((fails + 1)); }
expect_status 1 $XPROJ serve $D --host 0.0.0.0 --port 0
expect_grep 'is not a loopback address: serving it needs --token SECRET' $T/err
expect_status 1 $XPROJ serve $D --port 0 --token abc
expect_grep 'a token is 8 to 200 of' $T/err
expect_status 1 $XPROJ serve $D --port 0 --run 9
expect_grep 'there is no run 9' $T/err
expect_status 2 $XPROJ serve $D --port http
expect_status 2 $XPROJ serve

$XPROJ serve $D --port 0 > $T/url 2>&1 &
pid=$!
i=0
while [ $i -lt 300 ]; do   # up to 30 s (under valgrind it takes seconds)
	i=$((i + 1))
	grep -q http $T/url && break
	sleep 0.1
done
expect_grep "^xproj serve: $D on http://127.0.0.1:[0-9]*/ (Ctrl-C stops)$" $T/url
if command -v curl >/dev/null; then
	url=$(grep -o 'http://[^ ]*' $T/url)
	expect_eq "$(curl -s -o /dev/null -w '%{http_code}' "${url}api/runs")" 200 "GET /api/runs"
	expect_eq "$(curl -s -o /dev/null -w '%{http_code}' "${url}etc/passwd")" 404 "GET /etc/passwd"
fi
kill -TERM $pid
wait $pid
expect_eq $? 0 "exit status after SIGTERM"
finish
