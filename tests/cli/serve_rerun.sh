# xproj serve across a rerun, and the writes it refuses (issue 32): a POST
# to a run a rerun superseded is refused with 409 and the latest run unless
# it says old_run (D3), and `db runs` says which run is the latest and what
# an older one holds that no export shows; every action carries the version
# it was decided on (D11: none, negative or not a number is 400, never a
# write that skips the check); `serve --host NAME` answers at the address it
# prints (D13).  Over HTTP with curl (skipped without it).
. tests/cli/lib
command -v curl >/dev/null || { echo "skipped: no curl"; exit 0; }
S=tools/sample
D=$T/p/corrections.db
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/p --quiet

# start_serve [OPTION...]: serve $D on a free port, its address in $url
start_serve() {
	rm -f $T/url   # not the last server's address, read before this one writes its own
	$XPROJ serve $D --port 0 "$@" > $T/url 2>&1 &
	pid=$!
	i=0
	while [ $i -lt 300 ]; do
		i=$((i + 1))
		grep -qs http $T/url && break
		sleep 0.1
	done
	url=$(grep -o 'http://[^ ]*' $T/url)
}
stop_serve() { kill -TERM $pid; wait $pid; }
# post PATH JSON: the status in $T/code, the body in $T/body
post() {
	curl -s --max-time $(limit 20) -o $T/body -w '%{http_code}' -H 'Content-Type: application/json' \
		--data-binary "$2" "${url}api/$1" > $T/code
}
version() { curl -s --max-time $(limit 20) "${url}api/mention?key=$1&run=$2" | grep -o '"version":[0-9]*' | cut -d: -f2; }

start_serve
K='s01e01c00x%7C2' k='s01e01c00x|2'
# D11: an action without its version, or with one that is not one
post edit '{"run":1,"key":"'$k'","annotator":"ann","action":"delete"}'
expect_eq "$(cat $T/code)" 400 "an edit without a version"
expect_grep 'version' $T/body
post edit '{"run":1,"key":"'$k'","annotator":"ann","action":"delete","version":-1}'
expect_eq "$(cat $T/code)" 400 "an edit with version -1"
post edit '{"run":1,"key":"'$k'","annotator":"ann","action":"keep","version":"0"}'
expect_eq "$(cat $T/code)" 400 "an edit with version \"0\""
post edit '{"key":"'$k'","annotator":"ann","action":"keep","version":0}'
expect_eq "$(cat $T/code)" 400 "an edit without its run"
post undo '{"run":1,"annotator":"ann"}'
expect_eq "$(cat $T/code)" 400 "an undo without the mention and version it takes back"
post position '{"run":1,"annotator":"ann","key":"'$k'"}'
expect_eq "$(cat $T/code)" 200 "a place in the queue (no version: it is the annotator's own)"
expect_eq "$(version $K 1)" 0 "nothing was written by the refused edits"
# ann modifies on version 0; bob's delete on version 0 is a conflict
post edit '{"run":1,"key":"'$k'","annotator":"ann","action":"modify","version":0,"span":[0,5,6]}'
expect_eq "$(cat $T/code)" 200 "ann's modify on version 0"
post edit '{"run":1,"key":"'$k'","annotator":"bob","action":"delete","version":0}'
expect_eq "$(cat $T/code)" 409 "bob's delete decided on version 0"
# undo: what it would take back, then that, on that version
curl -s "${url}api/undo?run=1&annotator=ann" > $T/next
expect_grep '"undo":"modify s01e01c00x|2","key":"s01e01c00x|2","version":1' $T/next
post undo '{"run":1,"annotator":"ann","key":"'$k'","version":0}'
expect_eq "$(cat $T/code)" 409 "an undo on an old version"
post undo '{"run":1,"annotator":"ann","key":"s01e01c00x|3","version":1}'
expect_eq "$(cat $T/code)" 409 "an undo of another mention than the newest action's"
post edit '{"run":1,"key":"'$k'","annotator":"ann","action":"modify","version":1,"span":[0,4,6]}'
expect_eq "$(cat $T/code)" 200 "ann's second modify"
stop_serve

# D3: the page stays open across a rerun
start_serve
expect_status 0 $XPROJ pipeline --config $S/zh.conf --alignments $S/zh.pharaoh -o $T/p --quiet
sleep 1   # db runs counts what was done after the rerun's import, to the second
curl -s "${url}api/runs" > $T/runs
expect_grep '"latest":2' $T/runs
post edit '{"run":1,"key":"s01e01c00x|7","annotator":"ann","action":"delete","version":0}'
expect_eq "$(cat $T/code)" 409 "an edit to run 1 after the rerun"
expect_grep '"error":"stale run"' $T/body
expect_grep '"latest":2' $T/body
expect_eq "$(version 's01e01c00x%7C7' 1)" 0 "run 1 unchanged"
post undo '{"run":1,"annotator":"ann","key":"'$k'","version":2}'
expect_eq "$(cat $T/code)" 409 "an undo in run 1 after the rerun"
post edit '{"run":2,"key":"s01e01c00x|7","annotator":"ann","action":"delete","version":0}'
expect_eq "$(cat $T/code)" 200 "the same edit to run 2"
post edit '{"run":1,"key":"s01e01c00x|8","annotator":"ann","action":"keep","version":0,"old_run":true}'
expect_eq "$(cat $T/code)" 200 "an edit to run 1 that says it means run 1"
post edit '{"run":1,"key":"s01e01c00x|8","annotator":"ann","action":"keep","version":1,"old_run":"yes"}'
expect_eq "$(cat $T/code)" 400 "old_run is a boolean"
# a realign (a target edit) to run 1 that says so: counted with the rest
# of what run 1 holds and no export shows (db runs left it out)
post edit '{"run":1,"key":"s01e01c00x|10","annotator":"ann","action":"realign","blocks":[1,2],"version":0}'
expect_eq "$(cat $T/code)" 409 "a realign in run 1 after the rerun"
post edit '{"run":1,"key":"s01e01c00x|10","annotator":"ann","action":"realign","blocks":[1,2],"version":0,"old_run":true}'
expect_eq "$(cat $T/code)" 200 "a realign in run 1 that says it means run 1"
stop_serve
expect_status 0 $XPROJ db runs $D
expect_grep '^run 1 (zh, .*): 3 documents, 92 mentions, 85 projected; 2 live corrections, 1 reviews$' $T/out
expect_grep '^  superseded by run 2: 2 corrections, reviews and target edits made since its import are in this run only' $T/out
expect_grep '^run 2 (zh, .*): 3 documents, 92 mentions, 85 projected; 2 live corrections, 0 reviews$' $T/out
expect_grep '^  latest run of zh: db export, stats and triage act on it$' $T/out
# a server started on run 1 (--run 1) writes there: the user named it
start_serve --run 1
post edit '{"run":1,"key":"s01e01c00x|9","annotator":"ann","action":"keep","version":0}'
expect_eq "$(cat $T/code)" 200 "an edit to run 1 on a server started with --run 1"
stop_serve

# D13: --host NAME answers at the address it prints, NAME being this
# machine's name when it resolves to a loopback address (on Debian it does)
h=$(hostname 2>/dev/null)
addr=$(getent hosts "$h" 2>/dev/null | awk '{ print $1; exit }')
case "$addr" in
127.*|::1)
	start_serve --host "$h"
	expect_grep "on http://$h:[0-9]*/ (Ctrl-C stops)" $T/url
	expect_eq "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${url}api/runs")" 200 "GET ${url}api/runs"
	expect_eq "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${url}")" 200 "GET $url"
	# another name for the same address is still refused (DNS rebinding)
	expect_eq "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H 'Host: evil.example' "${url}api/runs")" 403 \
		"a request to another name"
	stop_serve ;;
*) echo "(--host $h: not a loopback name here, skipped)" ;;
esac
finish
