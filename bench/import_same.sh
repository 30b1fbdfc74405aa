# bench/import_same.sh — issue 37: `db import` a document at a time makes
# the store BASE (an xproj that reads the corpora whole, e.g. main's) makes,
# on MMC dev (Chinese with --chars, Farsi): every table's rows (sqlite3
# .dump, timestamps masked) and `db check`, with CPU seconds and peak
# memory of both, and of this build's whole path (XPROJ_IMPORT_WHOLE=1).
# The projections come from bench/audit.sh's cached alignments (seed 1),
# each build importing its own report (a BASE of report version 3 cannot
# read version 4's): both projections and stores must be the same.
#
#   AUDIT_DIR=dir BASE=old/xproj sh bench/import_same.sh
#
# (run `AUDIT_DIR=dir AUDIT_ALIGN_ONLY=1 SEEDS=1 sh bench/audit.sh` first).
# Figures into bench/results/NAME.json (NAME: import_same).
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=zh fa}" "${NAME:=import_same}"
[ -n "${AUDIT_DIR:-}" ] && [ -n "${BASE:-}" ] || { echo "import_same.sh: AUDIT_DIR and BASE are needed" >&2; exit 2; }
A=$AUDIT_DIR
T=$(mktemp -d "${TMPDIR:-/tmp}/xp-isame.XXXXXX"); trap 'rm -rf "$T"' EXIT
. bench/record.sh
rec_begin "$NAME"
dump() { sqlite3 "$1" .dump | sed -E "s/'[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z'/'T'/g" | cksum; }
en=$DATA/mmc/dev.english.v4_gold_conll
for l in $LANGS; do
	c=""; [ $l = zh ] && c=--chars
	# BASE first: its own report, imported, then this build's under the same
	# name (the store records the report's path)
	for who in base new; do
		x=$XPROJ; [ $who = base ] && x=$BASE
		nice -n 10 "$x" project --source $en --aligned $A/$l.dev.jsonl --alignments $A/$l.1.dev.pharaoh \
			--probs $A/$l.1.dev.probs --map $A/$l.dev.map $c -o $T/p.$who.conll --report $T/$l.json 2>/dev/null
		[ $who = new ] && break
		cp $T/$l.json $T/$l.base.json
		echo "== MMC dev $l"
		rec_run "base: db import dev $l" nice -n 10 "$BASE" db import $T/base.$l.db --source $en \
			--aligned $A/$l.dev.jsonl --report $T/$l.json
	done
	cmp -s $T/p.new.conll $T/p.base.conll && same=yes || same=no
	rec_value "dev $l: projections the base's" $same ""
	sh bench/report_v3.sh $T/$l.json | cmp -s - $T/$l.base.json && same=yes || same=no
	rec_value "dev $l: the report, as version 3's bytes, the base's" $same ""
	i="--source $en --aligned $A/$l.dev.jsonl --report $T/$l.json"
	rec_run "whole: db import dev $l" --vs "base: db import dev $l" env XPROJ_IMPORT_WHOLE=1 nice -n 10 "$XPROJ" db import $T/whole.$l.db $i
	REC_ERR=$T/err rec_run "new: db import dev $l" --vs "base: db import dev $l" env XPROJ_IMPORT_WHOLE=0 nice -n 10 "$XPROJ" db import $T/new.$l.db $i
	grep -q 'not streamed' $T/err && s=no || s=yes
	rec_value "dev $l: streamed" $s ""
	"$XPROJ" db check $T/new.$l.db > /dev/null && ok=yes || ok=no
	rec_value "dev $l: db check of the new store" $ok ""
	[ "$(dump $T/new.$l.db)" = "$(dump $T/base.$l.db)" ] && same=yes || same=no
	rec_value "dev $l: every row the base's" $same ""
	[ "$(dump $T/whole.$l.db)" = "$(dump $T/base.$l.db)" ] && same=yes || same=no
	rec_value "dev $l: whole path, every row the base's" $same ""
done
rec_end
