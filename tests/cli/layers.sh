# The module graph is a DAG of layers: a module includes only modules below
# it (README, Architecture).  Public headers (the installed ones, listed in
# the Makefile's PUBLIC_HEADERS) are checked by install.sh.
. tests/cli/lib
# module: the modules it may include
allowed() {
	case $1 in
	base) echo "" ;;
	model) echo "base" ;;
	io) echo "base model" ;;
	lang) echo "base model io" ;;
	eval) echo "base model io lang" ;;
	align) echo "base model io lang" ;;
	project) echo "base model io lang" ;;
	correct) echo "base model io lang" ;;
	pipeline) echo "base model io lang eval align project correct" ;;
	serve) echo "base model io lang eval align project correct pipeline" ;;
	*) echo "?" ;;
	esac
}
for m in base model io lang eval align project correct pipeline serve; do
	[ -d "$m" ] || continue
	ok=$(allowed $m)
	for f in $m/*.[ch]; do
		[ -e "$f" ] || continue
		for dep in $(sed -n 's|^#include "\.\./\([a-z]*\)/.*|\1|p' "$f" | sort -u); do
			case " $ok " in
			*" $dep "*) ;;
			*) echo "FAIL: $f includes $dep/, which is not below $m"; fails=$((fails + 1)) ;;
			esac
		done
	done
done
finish
