# xproj serve while another process holds the store's write lock (issue 32,
# D6): GETs answer at once (they read on connections of their own, which
# WAL never makes wait for a writer), and every waiting POST gets 503 with
# Retry-After within a bound, however many there are (more than the
# server's 4 request threads), instead of the server freezing until the
# lock is released.  The lock holder is SQLite's own CLI or Python's sqlite3
# module (BEGIN IMMEDIATE, held until the POSTs are answered, at most 20 s); skipped without one of them or curl.
. tests/cli/lib
command -v curl >/dev/null || { echo "skipped: no curl"; exit 0; }
S=tools/sample
D=$T/p/corrections.db
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/p --quiet
# the holder keeps the lock until $T/release exists (at most 20 s)
if command -v sqlite3 >/dev/null; then
	{ echo "BEGIN IMMEDIATE;"; echo "SELECT 'locked';"
	  i=0; while [ ! -e $T/release ] && [ $i -lt 200 ]; do i=$((i + 1)); sleep 0.1; done
	  echo "ROLLBACK;"; } | sqlite3 $D > $T/holder 2>&1 &
elif /usr/bin/python3 -c 'import sqlite3' 2>/dev/null; then
	/usr/bin/python3 -c 'import os, sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
for i in range(200):
    if os.path.exists(sys.argv[2]):
        break
    time.sleep(0.1)' $D $T/release > $T/holder 2>&1 &
else
	echo "skipped: neither sqlite3 nor python3's sqlite3"; exit 0
fi
holder=$!
i=0
while [ $i -lt 100 ] && ! grep -q locked $T/holder; do i=$((i + 1)); sleep 0.1; done
expect_grep locked $T/holder

$XPROJ serve $D --port 0 > $T/url 2>&1 &
pid=$!
i=0
while [ $i -lt 300 ]; do
	i=$((i + 1))
	grep -qs http $T/url && break
	sleep 0.1
done
url=$(grep -o 'http://[^ ]*' $T/url)
# eight POSTs, each decided on version 0 of its own mention, all at once
for n in 1 2 3 4 5 6 7 8; do
	curl -s --max-time $(limit 20) -D $T/head$n -o $T/body$n -w '%{http_code} %{time_total}\n' \
		-H 'Content-Type: application/json' \
		--data-binary '{"run":1,"key":"s01e01c00x|'$n'","annotator":"ann","action":"keep","version":0}' \
		"${url}api/edit" > $T/post$n &
done
sleep 0.5
# the reads, while all eight wait for the lock
for p in runs stats 'queue?limit=5' 'mention?key=s01e01c00x%7C2'; do
	r=$(curl -s --max-time $(limit 20) -o /dev/null -w '%{http_code} %{time_total}' "${url}api/$p")
	set -- $r
	expect_eq "$1" 200 "GET /api/$p while the store is locked"
	expect_eq "$(echo "$2" | awk -v l=$(limit 1) '{ print ($1 < l) }')" 1 "GET /api/$p answered within $(limit 1) s (took $2 s)"
done
wait_posts() {
	for n in 1 2 3 4 5 6 7 8; do
		j=0
		while [ $j -lt $(limit 200) ] && ! [ -s $T/post$n ]; do j=$((j + 1)); sleep 0.1; done
	done
}
wait_posts
for n in 1 2 3 4 5 6 7 8; do
	set -- $(cat $T/post$n) x x
	expect_eq "$1" 503 "POST $n while the store is locked"
	# the default wait is 3 s since the request arrived; 6 s is the bound asked
	expect_eq "$(echo "$2" | awk -v l=$(limit 6) '{ print ($1 < l) }')" 1 "POST $n answered within $(limit 6) s (took $2 s)"
	grep -qi '^Retry-After: [0-9]' $T/head$n || { echo "FAIL: no Retry-After in POST $n's reply"; fails=$((fails + 1)); }
done
grep -q "another process holds" $T/body1 || { echo "FAIL: POST 1's reply does not say why:"; cat $T/body1; fails=$((fails + 1)); }
# the lock released, the same POST is written
touch $T/release
wait $holder
code=$(curl -s --max-time $(limit 20) -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
	--data-binary '{"run":1,"key":"s01e01c00x|1","annotator":"ann","action":"keep","version":0}' "${url}api/edit")
expect_eq "$code" 200 "the POST once the lock is released"
kill -TERM $pid
wait $pid
expect_eq $? 0 "exit status after SIGTERM"
finish
