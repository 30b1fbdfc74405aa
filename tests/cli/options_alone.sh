# Every option of every command, given alone (a value-taking one without
# its value, the others without the command's required inputs), is a
# usage error or an input error that names the command: "xproj CMD: ...",
# exit 2 or 1, never a crash, a hang or a silent exit 0.  strict.sh and
# prefixes.sh try one misspelt option a command; this tries each real one,
# as a user who forgot the rest of the line would (options come from each
# command's --help, so a new one is covered without listing it here).
. tests/cli/lib
cmds=$($XPROJ --help | awk '/^commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 } f && /^$/ { f = 0 }')
n=0
for c in $cmds; do
	for o in $($XPROJ $c --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		case "$c $o" in
		*" --help" | "project --list-rules") continue ;;   # an answer, exit 0
		esac
		n=$((n + 1))
		timeout $(limit 20) $XPROJ $c $o </dev/null >$T/out 2>$T/err
		st=$?
		case $st in 1 | 2) ;; *) echo "FAIL: 'xproj $c $o' exited $st"; fails=$((fails + 1)) ;; esac
		case "$(head -n 1 $T/err)" in
		"xproj $c: "*) ;;
		*) echo "FAIL: 'xproj $c $o': the first line does not name the command: $(head -n 1 $T/err)"
		   fails=$((fails + 1)) ;;
		esac
	done
done
[ $n -gt 150 ] || { echo "FAIL: only $n options tried (the --help layout changed?)"; fails=$((fails + 1)); }
finish
