# The bundled sample (tools/sample, what `make demo` runs): the whole
# pipeline with the built-in word aligner, for Chinese and Farsi, scored
# against the projection made from hand word alignments
# (tools/sample/expected.LANG.conll): mention and CoNLL F1, recorded in
# bench/results/sample.json (bench/record.sh).  Needs no ../shared/data.
set -eu
: "${XPROJ:=build/xproj}"
. bench/record.sh
rec_begin "${NAME:-sample}"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for l in zh fa; do
	rec_run "$l: pipeline" "$XPROJ" pipeline --config tools/sample/$l.conf -o $T/$l
	set -- $("$XPROJ" score tools/sample/expected.$l.conll $T/$l/projected.conll |
		awk '$1 == "mentions" { m = $NF } $1 == "conll" { c = $NF } END { sub("%", "", m); sub("%", "", c); print m, c }')
	rec_value "$l: mention F1 against hand alignments" "$1" %
	rec_value "$l: CoNLL F1 against hand alignments" "$2" %
done
rec_end
