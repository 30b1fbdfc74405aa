# MMC files: counts (the paper's Table 3 dev row for English), a strict read of
# every file, and lossless round trips CoNLL -> jsonlines -> CoNLL.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
M=$DATA/mmc
bad=0
want='"documents":134,"sentences":2578,"tokens":36735,"mentions":10079,"clusters":4804,"singletons":3476'
for f in $M/dev.english.v4_gold_conll $M/dev.english.512.jsonlines; do
	got=$($XPROJ stats --json "$f") || { bad=1; continue; }
	echo "$got"
	case "$got" in *"$want"*) ;; *) echo "MISMATCH with Table 3 (dev): $f"; bad=1 ;; esac
done
for f in $M/*_conll $M/*.jsonlines; do
	[ -e "$f" ] || continue
	n=$(basename "$f")
	$XPROJ stats --json "$f" > $T/s0 || { bad=1; continue; }
	$XPROJ convert "$f" $T/$n.jsonl && $XPROJ convert $T/$n.jsonl $T/$n.conll &&
	$XPROJ convert $T/$n.conll $T/$n.2.conll || { bad=1; continue; }
	$XPROJ stats --json $T/$n.jsonl | sed 's/"path":"[^"]*"//' > $T/s1
	$XPROJ stats --json $T/$n.conll | sed 's/"path":"[^"]*"//' > $T/s2
	sed 's/"path":"[^"]*"//' $T/s0 > $T/s0n
	if cmp -s $T/s0n $T/s1 && cmp -s $T/s0n $T/s2 && cmp -s $T/$n.conll $T/$n.2.conll; then
		echo "round trip ok: $n ($(sed 's/.*"documents"/"documents"/; s/}]}//' $T/s0))"
	else
		echo "ROUND TRIP CHANGED: $n"; bad=1
	fi
	$XPROJ validate --quiet "$f" 2>$T/v || { echo "validate found errors in $n:"; head $T/v; bad=1; }
	echo "  validate: $(grep -c warning $T/v) warning(s)"
done
exit $bad
