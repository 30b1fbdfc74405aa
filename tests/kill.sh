# tests/kill.sh — sourced: kill -9 at random moments, for tests/cli/crash.sh
# and bench/adversarial_store.sh.  Uses and advances $seed.
#
#   rnd S               a random number of seconds in [0, S), three decimals
#   killat SECONDS CMD  start CMD, kill -9 it after SECONDS (it may be done by then)

rnd() { seed=$((seed + 1)); awk -v s="$1" -v r=$seed 'BEGIN { srand(r); printf "%.3f", rand() * s }'; }
# CMD is a program, not a shell function: killing the subshell that runs a
# function would leave its xproj running.
killat() {
	d=$1; shift
	"$@" >/dev/null 2>&1 &
	p=$!
	sleep "$d"
	kill -9 $p 2>/dev/null
	wait $p 2>/dev/null
	return 0
}
