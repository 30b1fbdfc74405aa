#!/bin/sh
# tests/valgrind.sh — `make check-valgrind`: the tests again under valgrind's
# memcheck.  Usage: tests/valgrind.sh [NAME...]; a NAME is a CLI test
# (tests/cli/NAME.sh), a unit test (test_file) or a fuzz replay
# (replay_fuzz_gzip); none: all of them (hours: name the ones you want).
# Environment: XPROJ (the binary under test), BUILD (its build directory).
#
# A CLI test runs with XPROJ set to a wrapper that runs the real binary
# under valgrind, so every xproj the script starts is checked.  Any error
# (an invalid read or write, a use of uninitialised memory, a leak that is
# definitely or indirectly lost) fails the test, whatever the script said:
# each process writes its report to $BUILD/valgrind/NAME.PID.log, and a
# report that is not empty is a finding.  A process killed by a signal
# (crash.sh's kill -9, a SIGTERM) has its memory still in use when it dies:
# its leak records are not findings, its other errors are.
set -u
: "${XPROJ:=build/xproj}" "${BUILD:=build}"
command -v valgrind >/dev/null || { echo "valgrind is not installed: sudo apt-get install -y valgrind"; exit 1; }
L=$BUILD/valgrind
rm -rf "$L"
mkdir -p "$L/bin"
L=$(cd "$L" && pwd)
real=$(cd "$(dirname "$XPROJ")" && pwd)/$(basename "$XPROJ")
VG="valgrind -q --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect"
VG="$VG --error-exitcode=97 --track-origins=yes --num-callers=30"
cat > "$L/bin/xproj" <<EOF
#!/bin/sh
exec $VG --log-file="$L/\${XPROJ_VG_TEST:-xproj}.%p.log" "$real" "\$@"
EOF
chmod +x "$L/bin/xproj"

names=$*
[ -n "$names" ] || names="$(ls $BUILD/tests/ | grep -E '^(test_|replay_)' | tr '\n' ' ') $(ls tests/cli/*.sh | sed 's|.*/||; s|\.sh$||' | tr '\n' ' ')"
pass=0 fail=0
for n in $names; do
	case $n in
	test_*) XPROJ_VG_TEST=$n $VG --log-file="$L/$n.%p.log" "$BUILD/tests/$n" >"$L/$n.out" 2>&1 ;;
	replay_fuzz_*) XPROJ_VG_TEST=$n $VG --log-file="$L/$n.%p.log" "$BUILD/tests/$n" "tests/fixtures/${n#replay_fuzz_}" \
			>"$L/$n.out" 2>&1 ;;
	*) [ -e "tests/cli/$n.sh" ] || { echo "  ????  $n: no such test"; fail=$((fail + 1)); continue; }
	   XPROJ_VG_TEST=$n XPROJ="$L/bin/xproj" sh "tests/cli/$n.sh" >"$L/$n.out" 2>&1 ;;
	esac
	st=$?
	procs=$(ls "$L" | grep -c "^$n\.[0-9]*\.log$")
	bad=0
	for f in "$L/$n".*.log; do
		[ -s "$f" ] || continue
		if grep -q 'Process terminating with default action of signal' "$f"; then
			# killed: only what is not a leak record counts
			grep -v -e 'are definitely lost' -e 'are indirectly lost' "$f" | grep -q '== Invalid\|== Conditional\|== Use of\|== Syscall param\|== Mismatched' ||
				continue
		fi
		bad=$((bad + 1))
		echo "  --- $f"; sed 's/^/        /' "$f" | head -40
	done
	if [ "$st" = 0 ] && [ "$bad" = 0 ]; then
		pass=$((pass + 1)); printf '  ok    %s (%s processes)\n' "$n" "$procs"
	else
		fail=$((fail + 1)); printf '  FAIL  %s (exit %s, %s of %s processes with findings)\n' "$n" "$st" "$bad" "$procs"
		tail -20 "$L/$n.out" | sed 's/^/        /'
	fi
done
echo "$pass passed, $fail failed (reports in $L)"
[ "$fail" = 0 ]
