# bench/pipeline_mem.sh — issue 37: `xproj pipeline` projects and imports a
# document at a time (pipeline/run.c, project_streamed) against BASE (an
# xproj whose pipeline holds the projection and the report whole, e.g.
# main's) and this build's whole path (XPROJ_PIPELINE_WHOLE=1), in the same
# run: CPU seconds, peak memory, and whether every file of the output
# directory is BASE's byte for byte (summary.txt without its directory and
# seconds) and the store BASE's row for row (sqlite3 .dump, timestamps
# masked).  The word alignment is given (--alignments, --probs), so that the
# figures are the pipeline's own stages, not the aligner's:
#
#   - MMC dev, Chinese and Farsi (LANGS): MMC's target text paired with its
#     English (`xproj pair`, as bench/mmc_pairs.sh) written as subtitles, a
#     cue per record at the same times on both sides (as
#     bench/pipeline_spans.sh); the alignment is the one this build's
#     built-in aligner gives (seed 1, one thread), whose run is measured too;
#   - SIZES synthetic mentions (default 160000 640000): documents of 100
#     one-token mentions, 50 to an episode, the subtitles a cue a sentence,
#     the target the English renamed, the alignment its diagonal.
#
#   BASE=old/xproj sh bench/pipeline_mem.sh
#
# Figures into bench/results/NAME.json (NAME: pipeline_mem).  Needs sqlite3
# (the shell) and python3.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${LANGS:=zh fa}" "${SIZES:=160000 640000}"
: "${BASE:=}" "${NAME:=pipeline_mem}"
T=$(mktemp -d "${TMPDIR:-/tmp}/xp-pmem.XXXXXX"); trap 'rm -rf "$T"' EXIT
. bench/record.sh
rec_begin "$NAME"
rows() { sqlite3 "$1" .dump | sed -E "s/'[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z'/'T'/g"; }
# same A B: every file of directory A is B's (the summary without its
# directory and seconds, the store row for row)
same() {
	[ -s $1/summary.txt ] && [ "$(cd $1 && ls -A)" = "$(cd $2 && ls -A)" ] || return 1
	for f in $(cd $1 && ls); do
		case $f in
		summary.txt) [ "$(sed -e "s|$1|D|g" -e '/^  seconds/d' $1/$f)" = "$(sed -e "s|$2|D|g" -e '/^  seconds/d' $2/$f)" ] ;;
		corrections.db) [ "$(rows $1/$f | cksum)" = "$(rows $2/$f | cksum)" ] ;;
		*) cmp -s $1/$f $2/$f ;;
		esac || return 1
	done
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
# three WHAT ARGS...: base, whole and new on the same inputs, into $T/{base,whole,new}
three() {
	what=$1; shift
	rm -rf $T/base $T/whole $T/new
	vs=""
	if [ -n "$BASE" ]; then
		rec_run "base: pipeline $what" nice -n 10 "$BASE" pipeline --quiet "$@" -o $T/base
		bcpu=$REC_CPU bkb=$REC_KB vs="base: pipeline $what"
	fi
	rec_run "whole: pipeline $what" ${vs:+--vs "$vs"} env XPROJ_PIPELINE_WHOLE=1 nice -n 10 "$XPROJ" pipeline --quiet "$@" -o $T/whole
	REC_ERR=$T/err rec_run "new: pipeline $what" ${vs:+--vs "$vs"} env XPROJ_PIPELINE_WHOLE=0 nice -n 10 "$XPROJ" pipeline --quiet "$@" -o $T/new
	grep -q 'not streamed' $T/err && s=no || s=yes
	rec_value "$what: streamed" $s ""
	same $T/new $T/whole && s=yes || s=no
	rec_value "$what: every file and row the whole path's" $s ""
	if [ -n "$BASE" ]; then
		same $T/new $T/base && s=yes || s=no
		rec_value "$what: every file and row the base's" $s ""
		rec_value "new/base peak memory $what" "$(ratio "$REC_KB" "$bkb")" x
		rec_value "new/base CPU $what" "$(ratio "$REC_CPU" "$bcpu")" x
	fi
}

# --- MMC dev -------------------------------------------------------------------
# subs DIR RECORDS: DIR/{en,tg}/{tbbt,friends}/SxxEyy.srt (bench/records_srt.py)
subs() { python3 bench/records_srt.py "$1" "$2" tg; }
en=$DATA/mmc/dev.english.v4_gold_conll
for l in $LANGS; do   # LANGS= for the synthetic corpora alone
	case $l in zh) name=chinese popts="--tokens words" c=--chars ;; fa) name=farsi popts="" c="" ;; esac
	"$XPROJ" pair --source $en --target $DATA/mmc/dev.$name.v4_gold_conll --lang $l $popts -o $T/$l.jsonl 2>/dev/null
	subs $T/$l $T/$l.jsonl
	in="--source $en --subs t=$T/$l/en/tbbt,f=$T/$l/en/friends --tgt-subs t=$T/$l/tg/tbbt,f=$T/$l/tg/friends --tgt-lang $l"
	echo "== MMC dev $l"
	rec_run "built-in aligner: pipeline dev $l" nice -n 10 "$XPROJ" pipeline --quiet $in --seed 1 --threads 1 --no-db -o $T/$l.b
	three "dev $l" $in --alignments $T/$l.b/alignments.pharaoh --probs $T/$l.b/alignments.probs $c
done

# --- synthetic -------------------------------------------------------------------
# synth N DIR: N mentions in documents of 100 (20 sentences of 5 one-token
# mentions), 50 documents an episode, 50 episodes a season: DIR/en.conll, DIR/{en,tg}/SxxEyy.srt (a
# cue a sentence, at the same times on both sides), DIR/diag.pharaoh
synth() {
	mkdir -p $2/en $2/tg
	awk -v n="$1" -v dir="$2" 'BEGIN {
		en = dir "/en.conll"; ph = dir "/diag.pharaoh"; docs = int((n + 99) / 100); made = 0
		for (d = 0; d < docs; d++) {
			ep = int(d / 50) % 50 + 1; se = int(d / 2500) + 1; sc = d % 50 + 1
			id = sprintf("s%02de%02dc%02dt", se, ep, sc)
			if (sc == 1) {
				if (f1) { close(f1); close(f2) }
				f1 = sprintf("%s/en/S%02dE%02d.srt", dir, se, ep); f2 = sprintf("%s/tg/S%02dE%02d.srt", dir, se, ep); k = 0
			}
			printf "#begin document (%s); part 000\n", id > en
			for (u = 0; u < 20 && made < n; u++) {
				for (t = 0; t < 5; t++)
					printf "%s\t0\t%d\tw%d\tna\tna\tna\tna\tna\tS\tna\tna\tna\t(%d)\n", id, t, t, u * 5 + t > en
				made += 5; print "" > en
				k++; s = 4 * k
				tm = sprintf("%02d:%02d:%02d,000 --> %02d:%02d:%02d,000", int(s / 3600), int(s / 60) % 60, s % 60,
					     int((s + 2) / 3600), int((s + 2) / 60) % 60, (s + 2) % 60)
				printf "%d\n%s\nw0 w1 w2 w3 w4\n\n", k, tm > f1
				printf "%d\n%s\nv0 v1 v2 v3 v4\n\n", k, tm > f2
				print "0-0 1-1 2-2 3-3 4-4" > ph
			}
			print "#end document" > en
		}
	}'
}
for n in $SIZES; do
	rm -rf $T/syn; synth $n $T/syn
	echo "== $n mentions, $((n / 100)) documents"
	three "$n" --source $T/syn/en.conll --subs t=$T/syn/en --tgt-subs t=$T/syn/tg --tgt-lang de --alignments $T/syn/diag.pharaoh
done
rec_end
