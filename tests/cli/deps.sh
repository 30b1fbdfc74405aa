# `make` where only make exists: the missing build dependencies are installed
# first (scripts/install-deps, when we may: root or sudo), else the exact
# apt-get line is printed.  Simulated with a PATH that has make and a shell
# but no compiler and no pkg-config, and a stand-in for install-deps.
. tests/cli/lib
mkdir -p $T/bin
for c in sh make id sed cat env; do ln -s "$(command -v $c)" $T/bin/$c; done
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL PATH=$T/bin make -s --no-print-directory demo "$@"; }

# may not install: the exact line, nothing attempted
expect_status 2 mk XP_CAN_INSTALL=n XP_INSTALL_DEPS=$T/stub
expect_grep 'missing: cc pkg-config libxml-2.0' $T/err
expect_grep 'Run:  sudo apt-get install -y build-essential .*pkg-config' $T/err
[ ! -e $T/installed ] || { echo "FAIL: install-deps ran without permission"; fails=$((fails + 1)); }

# may install: install-deps runs (without the browser tests' packages)
# before pkg-config is asked anything; here it installs nothing, so the
# line follows
printf '#!/bin/sh\necho "NO_BROWSER=$NO_BROWSER" > %s/installed\n' "$T" >$T/stub
chmod +x $T/stub
expect_status 2 mk XP_CAN_INSTALL=y XP_INSTALL_DEPS=$T/stub
expect_grep '^xproj: installing missing build dependencies: build-essential .*pkg-config' $T/out
expect_eq "$(cat $T/installed 2>/dev/null)" "NO_BROWSER=1" "install-deps ran, for the build only"
expect_grep 'Run:  sudo apt-get install -y build-essential' $T/err
finish
