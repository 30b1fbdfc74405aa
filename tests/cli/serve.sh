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

# two servers with tokens on one machine (an annotator's each, or two
# stores), one browser (curl's cookie jar keeps cookies as a browser does,
# by host whatever the port): opening the second's address kept the
# first's session; both shared the cookie xproj_token, and the first's
# page got 401 from then on
if command -v curl >/dev/null; then
	$XPROJ serve $D --port 0 --token first-T0ken > $T/a.url 2>&1 &
	pa=$!
	$XPROJ serve $D --port 0 --token second-T0ken > $T/b.url 2>&1 &
	pb=$!
	i=0
	while [ $i -lt 300 ] && ! { grep -q http $T/a.url && grep -q http $T/b.url; }; do
		i=$((i + 1))
		sleep 0.1
	done
	a=$(grep -o 'http://[^ ]*' $T/a.url) b=$(grep -o 'http://[^ ]*' $T/b.url)
	code() { curl -s -c $T/jar -b $T/jar -o /dev/null -w '%{http_code}' "$1"; }
	expect_eq "$(code "$a")" 200 "the first server's address"
	expect_eq "$(code "${a%%\?*}api/runs")" 200 "the first server's API, by its cookie"
	expect_eq "$(code "$b")" 200 "the second server's address"
	expect_eq "$(code "${b%%\?*}api/runs")" 200 "the second server's API, by its cookie"
	expect_eq "$(code "${a%%\?*}api/runs")" 200 "the first server's API still, beside the second's session"
	expect_eq "$(curl -s -o /dev/null -w '%{http_code}' "${a%%\?*}api/runs")" 401 "without the cookie: 401"
	kill -TERM $pa $pb
	wait $pa $pb
fi
finish
