# xproj mention-pairs on MMC dev (134 scenes).  1. Exactness: the English
# gold as its own "target", every cluster whose label is 1 mod 3 removed,
# every 7th sentence dropped, the remaining labels renumbered in order as
# MMC renumbers a target's clusters; every pair written must then read the
# same on both sides.  2. MMC's Farsi and Chinese silver: the counts, and
# floors on the pairs written (measured: self 2362, 0 differing; fa 3306;
# zh 4165).
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
D=$DATA/mmc
bad=0

awk '
	/^#begin/ { s = 0; print; next }
	/^#end/ { print; next }
	/^$/ { if (keep) print; s++; next }
	{
		keep = s % 7 != 3
		if (!keep) next
		n = split($NF, p, "|"); out = ""
		for (k = 1; k <= n; k++) {
			if (p[k] == "-") continue
			l = p[k]; gsub(/[()]/, "", l); l += 0
			if (l % 3 == 1) continue
			r = l - int((l + 1) / 3)
			q = p[k]; sub(/[0-9]+/, r, q)
			out = out (out == "" ? "" : "|") q
		}
		$NF = out == "" ? "-" : out
		print
	}' $D/dev.english.v4_gold_conll > $T/self.conll
if $XPROJ mention-pairs --source $D/dev.english.v4_gold_conll --target $T/self.conll --lang en -o $T/self.pairs 2>$T/self.err; then
	sed -n 's/^  target mentions: /  self: /p' $T/self.err
	diff=$(awk -F' \\|\\|\\| ' '$1 != $2' $T/self.pairs | wc -l)
	n=$(wc -l < $T/self.pairs)
	echo "  self: $n pairs, $diff whose sides differ"
	[ "$diff" -le 2 ] && [ "$n" -ge 2200 ] || { echo "  self: wrong pairs or too few"; bad=1; }
else
	cat $T/self.err; bad=1
fi

for l in fa zh; do
	case $l in fa) name=farsi o="" floor=3200;; zh) name=chinese o="--tokens words" floor=4000;; esac
	if $XPROJ mention-pairs --source $D/dev.english.v4_gold_conll --target $D/dev.$name.v4_gold_conll --lang $l $o \
		-o $T/$l.pairs 2>$T/$l.err; then
		sed -n 's/^  target /  '$l': target /p' $T/$l.err
		n=$(wc -l < $T/$l.pairs)
		[ "$n" -ge $floor ] || { echo "  $l: $n pairs, floor $floor"; bad=1; }
	else
		cat $T/$l.err; bad=1
	fi
done
grep -q '^Sheldon ||| شلدون$' $T/fa.pairs || { echo "  fa: no Sheldon ||| شلدون"; bad=1; }
exit $bad
