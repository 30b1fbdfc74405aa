#!/bin/sh
# tests/valgrind.sh — `make check-valgrind`: the tests again under valgrind's
# memcheck.  Usage: tests/valgrind.sh [NAME...]; a NAME is a CLI test
# (tests/cli/NAME.sh), a unit test (test_file), a fuzz replay
# (replay_fuzz_gzip), `unit` (every unit test) or `replays` (every fuzz
# replay); none: all of them (hours: name the ones you want).
# Environment: XPROJ (the binary under test), BUILD (its build directory),
# VG_LOG (where the reports go, $BUILD/valgrind unless set: two runs at
# once each need their own), VG_ORIGINS=no (no --track-origins, below),
# XP_SLOWDOWN (the CLI tests' hang limits times this, 100 unless set).
#
# A CLI test runs with XPROJ set to a wrapper that runs the real binary
# under valgrind, so every xproj the script starts is checked.  Any error
# (an invalid read or write, a use of uninitialised memory, a leak that is
# definitely or indirectly lost) fails the test, whatever the script said:
# each process writes its report to $BUILD/valgrind/NAME.PID.log, and a
# report that is not empty is a finding, except the leak records of a
# process that killed itself (a failpoint: see the wrapper below).
set -u
: "${XPROJ:=build/xproj}" "${BUILD:=build}"
command -v valgrind >/dev/null || { echo "valgrind is not installed: sudo apt-get install -y valgrind"; exit 1; }
L=${VG_LOG:-$BUILD/valgrind}
rm -rf "$L"
mkdir -p "$L/bin"
# a test may run xproj as another user (dbopen.sh: nobody, on a store it
# may not write): its valgrind must still write its report here
chmod 1777 "$L"
L=$(cd "$L" && pwd)
real=$(cd "$(dirname "$XPROJ")" && pwd)/$(basename "$XPROJ")
VG="valgrind -q --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect"
# VG_ORIGINS=no drops --track-origins (about twice as fast; a use of
# uninitialised memory is still found, without where it came from)
VG="$VG --error-exitcode=97 --num-callers=30"
[ "${VG_ORIGINS:-yes}" = no ] || VG="$VG --track-origins=yes"
# The wrapper execs valgrind, so a test that kills the pid it started
# (crash.sh's kill -9, kill -TERM) kills valgrind and its xproj, not a
# shell in between.  An xproj run with XP_FAILPOINT set may instead kill
# itself (base/failpoint.c: kill(getpid(), SIGKILL)); nothing kills it from
# outside, so the wrapper waits for it, and when it died of a signal leaves
# NAME.PID.killed beside its report and dies of the same signal.  Why that
# matters: valgrind runs its leak check on a process that SIGKILLs itself
# (and prints nothing to say so, even without -q), after it has dropped the
# dying thread's registers, so a block the process still pointed to from a
# register shows as "definitely lost": xp_outputs_commit's 16-byte `old`
# array lives in r13 when its outputs-rename failpoint fires (crash.sh).
# A killed process never frees anything anyway: its leak records are not
# findings, its other errors are.  (A kill -9 from outside is no problem:
# valgrind dies at once, without a leak check.)
cat > "$L/bin/xproj" <<EOF
#!/bin/sh
log="$L/\${XPROJ_VG_TEST:-xproj}.\$\$"
[ -n "\${XP_FAILPOINT:-}" ] || exec $VG --log-file="\$log.log" "$real" "\$@"
$VG --log-file="\$log.log" "$real" "\$@"
st=\$?
[ \$st -gt 128 ] || exit \$st
echo "killed by signal \$((st - 128))" > "\$log.killed"
kill -\$((st - 128)) \$\$
exit \$st
EOF
chmod +x "$L/bin/xproj"

# a CLI test's hang limits (`timeout $(limit 60)`, tests/cli/lib) are made
# for the native binary: times 100 under memcheck (--track-origins, on a
# loaded machine; derive's 0.7 s import took over 60 s)
slow=${XP_SLOWDOWN:-100}

# NAMEs `unit` and `replays` stand for all the unit tests, all the fuzz
# replays (`make check-valgrind VG_TESTS="unit replays"`: no CLI test)
units=$(ls $BUILD/tests/ | grep -E '^test_[a-z0-9_]*$' | tr '\n' ' ')
replays=$(ls $BUILD/tests/ | grep -E '^replay_[a-z0-9_]*$' | tr '\n' ' ')
names=
for n in ${*:-unit replays $(ls tests/cli/*.sh | sed 's|.*/||; s|\.sh$||')}; do
	case $n in unit) names="$names $units" ;; replays) names="$names $replays" ;; *) names="$names $n" ;; esac
done
pass=0 fail=0 skip=0 all0=$(date +%s)
for n in $names; do
	t0=$(date +%s)
	case $n in
	growth) # what it asserts is CPU seconds of the native code (a
		# linear reader under a limit a quadratic one passes by far):
		# under valgrind, 20-50 times slower, every limit would fail.
		# Its commands (stats, project, db import) run under valgrind
		# in other tests, on smaller inputs.
		echo "  skip  $n (CPU-time limits: see tests/valgrind.sh)"; skip=$((skip + 1)); continue ;;
	esac
	case $n in
	test_*) XPROJ_VG_TEST=$n $VG --log-file="$L/$n.%p.log" "$BUILD/tests/$n" >"$L/$n.out" 2>&1 ;;
	replay_fuzz_*) XPROJ_VG_TEST=$n $VG --log-file="$L/$n.%p.log" "$BUILD/tests/$n" "tests/fixtures/${n#replay_fuzz_}" \
			>"$L/$n.out" 2>&1 ;;
	*) [ -e "tests/cli/$n.sh" ] || { echo "  ????  $n: no such test"; fail=$((fail + 1)); continue; }
	   XPROJ_VG_TEST=$n XPROJ="$L/bin/xproj" XP_SLOWDOWN=$slow sh "tests/cli/$n.sh" >"$L/$n.out" 2>&1 ;;
	esac
	st=$?
	secs=$(($(date +%s) - t0))
	procs=$(ls "$L" | grep -c "^$n\.[0-9]*\.log$")
	bad=0
	for f in "$L/$n".*.log; do
		[ -s "$f" ] || continue
		if [ -e "${f%.log}.killed" ]; then
			# killed: what is left without its leak records (each from its
			# "are definitely/indirectly lost" line to the blank line
			# after its stack) counts
			awk '/are (definitely|indirectly) lost in loss record/ { skip = 1; next }
			     skip && /^==[0-9]+== *$/ { skip = 0; next }
			     !skip && !/^==[0-9]+== *$/ { found = 1 }
			     END { exit !found }' "$f" || continue
		fi
		bad=$((bad + 1))
		echo "  --- $f"; sed 's/^/        /' "$f" | head -40
	done
	if [ "$st" = 0 ] && [ "$bad" = 0 ]; then
		pass=$((pass + 1)); printf '  ok    %s (%s processes, %s s)\n' "$n" "$procs" "$secs"
	else
		fail=$((fail + 1)); printf '  FAIL  %s (exit %s, %s of %s processes with findings, %s s)\n' "$n" "$st" "$bad" "$procs" "$secs"
		tail -20 "$L/$n.out" | sed 's/^/        /'
	fi
done
echo "$pass passed, $fail failed, $skip skipped in $(($(date +%s) - all0)) s (reports in $L)"
[ "$fail" = 0 ]
