# The correction store on a translation paired n:m: ParCorFull's German TED
# talks (../shared/data/parcorfull-ted), English gold -> German through the
# commands a user runs (pair -> bitext -> wordalign -> project, as
# bench/parcorfull.sh), then `db import` and `db export`.  Nine of the ten
# talks have a 2:1 or 2:2 link (two English sentences joined into one unit),
# which the store refused before.  Checked: every talk is imported, the
# untouched run exports byte for byte what `project` wrote, a correction
# shows in the export and is carried over by a rerun of the same run.
#
# The store keeps what became of each English mention (the report's), and
# the target mentions the German pack's rules `marked` and `relative` write
# with no English mention behind them (es, ", die": the report's "tonly",
# schema 15): the byte comparison is made on a projection without those two
# rules and on the default one.
set -u
P=$DATA/parcorfull-ted
[ -d "$P/DE" ] || { echo "  $P/DE not found: skipped"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
bad=0
# the talks English has, as a corpus directory (as bench/parcorfull.sh)
G=$T/DE; mkdir $G
for f in $P/DE/*; do
	case $f in *.mmax) [ -f $P/EN/${f##*/} ] || continue;; esac
	ln -s "$(cd "$(dirname $f)" && pwd)/${f##*/}" $G/
done
$XPROJ pair --repair --source $P/EN --target $G --lang de -o $T/de.jsonl 2>$T/pair.log &&
$XPROJ bitext $T/de.jsonl -o $T/de.pairs --map $T/de.map 2>/dev/null &&
$XPROJ wordalign --threads 2 --seed 1 $T/de.pairs -o $T/de.a --probs $T/de.p 2>/dev/null &&
$XPROJ project --source $P/EN --aligned $T/de.jsonl --alignments $T/de.a --probs $T/de.p --map $T/de.map \
	--rules -marked,-relative -o $T/de.conll --report $T/de.report.json 2>/dev/null &&
$XPROJ project --source $P/EN --aligned $T/de.jsonl --alignments $T/de.a --probs $T/de.p --map $T/de.map \
	-o $T/dd.conll --report $T/dd.report.json 2>/dev/null || { echo "  the projection failed"; exit 1; }
# talks with a joined unit (a record naming two English sentences)
joined=$(grep '"src_utts"' $T/de.jsonl | sed 's/^{"doc":"\([^"]*\)".*/\1/' | sort -u | wc -l)
links=$(sed -n 's/^xproj pair: n:m links: //p' $T/pair.log)
echo "  pair: $links; $joined talks with a 2:1 or 2:2 link"
[ "$joined" -ge 1 ] || { echo "  no talk has a joined unit: nothing checked"; bad=1; }
if ! $XPROJ db import $T/db --source $P/EN --aligned $T/de.jsonl --report $T/de.report.json > $T/import.out 2>&1; then
	echo "  db import refused the run:"; sed 's/^/    /' $T/import.out; exit 1
fi
docs=$(sed -n 's/^run 1 imported: \([0-9]*\) documents.*/\1/p' $T/import.out)
ntalks=$(grep -c '^#begin document' $T/de.conll)
echo "  db import: $docs of $ntalks talks"
[ "$docs" = "$ntalks" ] && [ "$ntalks" = 10 ] || { echo "  not every talk imported"; bad=1; }
$XPROJ db export $T/db -o $T/export.conll >/dev/null 2>&1 || { echo "  db export failed"; exit 1; }
if cmp -s $T/export.conll $T/de.conll; then
	echo "  db export of the untouched run: byte-identical to project's CoNLL ($(wc -l < $T/de.conll) lines)"
else
	echo "  db export differs from project's CoNLL:"; diff $T/de.conll $T/export.conll | head -10; bad=1
fi
# the English as CoNLL: the import reads it a document at a time (streamed)
$XPROJ convert $P/EN $T/en.conll 2>/dev/null &&
$XPROJ project --source $T/en.conll --aligned $T/de.jsonl --alignments $T/de.a --probs $T/de.p --map $T/de.map \
	--rules -marked,-relative -o $T/ds.conll --report $T/ds.report.json 2>/dev/null &&
$XPROJ db import $T/ds.db --source $T/en.conll --aligned $T/de.jsonl --report $T/ds.report.json > $T/ds.out 2>&1 &&
$XPROJ db export $T/ds.db -o $T/ds.export.conll >/dev/null 2>&1 || { echo "  from CoNLL: import or export failed"; bad=1; }
if grep -q 'not streamed' $T/ds.out || ! cmp -s $T/ds.conll $T/ds.export.conll; then
	echo "  from CoNLL (streamed): not streamed, or the export differs"; bad=1
else
	echo "  from CoNLL (streamed): the export is project's CoNLL byte for byte"
fi
# the default rules: the target mentions `marked` and `relative` write with
# no English mention behind them (es, ", die") are in the report's "tonly"
# and stored as the run's target-only mentions: the export is project's
# CoNLL byte for byte, with them (before schema 15 it lacked 412)
$XPROJ db import $T/dd.db --source $P/EN --aligned $T/de.jsonl --report $T/dd.report.json >/dev/null 2>&1 &&
$XPROJ db export $T/dd.db -o $T/dd.export.conll >/dev/null 2>&1 || { echo "  default rules: import or export failed"; bad=1; }
nt=$(grep -o '"rule":"\(marked\|relative\)"' $T/dd.report.json | sort | uniq -c | awk '{printf "%s%s %s", s, $1, $2; s=", "}')
ns=$(sqlite3 $T/dd.db "SELECT count(*) FROM tedits WHERE rule IS NOT NULL AND kind = 'tadd'")
echo "  default rules (marked, relative on): the report lists $nt; the store keeps $ns as the run's"
[ "$ns" -gt 0 ] || { echo "  no target-only mention stored"; bad=1; }
if cmp -s $T/dd.conll $T/dd.export.conll; then
	echo "  db export of the untouched run: byte-identical to project's CoNLL ($(wc -l < $T/dd.conll) lines)"
else
	echo "  default rules: db export differs from project's CoNLL:"; diff $T/dd.conll $T/dd.export.conll | head -6; bad=1
fi
# a rerun of the same run replaces them (the rerun's own), carries none
$XPROJ db import $T/dd.db --source $P/EN --aligned $T/de.jsonl --report $T/dd.report.json >/dev/null 2>&1 &&
$XPROJ db export $T/dd.db -o $T/dd.export2.conll >/dev/null 2>&1 || { echo "  default rules: the rerun failed"; bad=1; }
n2=$(sqlite3 $T/dd.db "SELECT count(*) FROM tedits WHERE rule IS NOT NULL AND run = (SELECT max(id) FROM runs)")
c2=$(sqlite3 $T/dd.db "SELECT count(*) FROM tedits WHERE carried_from IS NOT NULL")
echo "  rerun: $n2 of the rerun's own, $c2 carried"
[ "$n2" = "$ns" ] && [ "$c2" = 0 ] && cmp -s $T/dd.conll $T/dd.export2.conll ||
	{ echo "  the rerun did not replace them"; bad=1; }
# a correction on a mention inside a joined unit: its target sentence is the
# unit's; deleting it must show in the export and survive a rerun
j=$(awk 'index($0, "\"src_utts\"") {print; exit}' $T/de.jsonl |
	sed 's/^{"doc":"\([^"]*\)","part":\([0-9]*\),"utt":\([0-9]*\),.*/\1 \2 \3/')
set -- $j
doc=$1 part=$2 first=$3
# the last projected mention of that unit (its tokens run on into the second sentence)
m=$(sqlite3 $T/db "SELECT m.mention FROM mentions m JOIN documents d ON d.id = m.document
	JOIN utterances u ON u.id = m.utterance JOIN projections p ON p.mention = m.id
	WHERE d.doc = '$doc' AND d.part = $part AND u.en_idx = $first AND p.fate = 'projected'
	ORDER BY m.start DESC LIMIT 1")
if [ -n "$m" ]; then
	$XPROJ db delete $T/db --mention "$doc|$m" >/dev/null 2>&1 || { echo "  db delete $doc|$m failed"; bad=1; }
	$XPROJ db export $T/db -o $T/export2.conll >/dev/null 2>&1
	n=$(diff $T/de.conll $T/export2.conll | grep -c '^[<>]')
	$XPROJ db import $T/db --source $P/EN --aligned $T/de.jsonl --report $T/de.report.json > $T/rerun.out 2>&1 ||
		{ echo "  the rerun's import failed:"; sed 's/^/    /' $T/rerun.out; bad=1; }
	$XPROJ db export $T/db -o $T/export3.conll >/dev/null 2>&1
	carried=$(sed -n 's/^from run 1: \([0-9]*\) corrected mentions carried over.*/\1/p' $T/rerun.out)
	echo "  deleted $doc|$m (in a joined unit): $n export lines changed; rerun carried $carried"
	[ "$n" -ge 1 ] && [ "$carried" = 1 ] && cmp -s $T/export2.conll $T/export3.conll ||
		{ echo "  the correction did not show, or was not carried over"; bad=1; }
else
	echo "  no projected mention in the second sentence of a joined unit"; bad=1
fi
exit $bad
