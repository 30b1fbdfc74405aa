# tests/python.sh — sourced by tests/run and tests/data/run: `python3` in
# every test script is Debian's /usr/bin/python3 when it is installed.
# The tests need Debian's modules (python3-jieba, python3-selenium,
# scripts/install-deps), and a version manager's shim first on PATH (pyenv's
# is a shell script) costs seconds a call on a loaded machine: the 250 calls
# of bench_tables.sh once took 12 of CI's 30 minutes.  A directory holding
# only a `python3` link goes first on PATH; nothing else on PATH changes.
# Sets PYBIN (the directory; the runner removes it on exit).
PYBIN=
if [ -x /usr/bin/python3 ]; then
	PYBIN=$(mktemp -d) && ln -s /usr/bin/python3 "$PYBIN/python3" && PATH=$PYBIN:$PATH && export PATH
fi
