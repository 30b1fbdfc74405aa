# The readers cost linear time in the number of distinct cluster labels,
# open brackets and mentions per document (a quadratic one took minutes):
# sizes where a quadratic reader needs tens of seconds and a linear one a
# fraction of a second, under a limit between the two.  bench/growth.sh
# measures the growth itself.
. tests/cli/lib
. bench/synth_run.sh
# The limit is on CPU seconds (ulimit -St), not wall time: the machine may be
# shared by other jobs, and a busy neighbour must not make a linear reader
# look quadratic.  A wall-clock timeout ten times larger still stops a hang
# (a process waiting on nothing uses no CPU).
within() { # SECONDS WHAT CMD...
	s=$1 what=$2; shift 2
	(ulimit -St "$s"; exec timeout $((s * 10)) "$@") >$T/out 2>$T/err; st=$?
	[ $st = 0 ] || { echo "FAIL: $what: exit $st (152: over ${s} s CPU, 124: over $((s * 10)) s wall)"; cat $T/err; fails=$((fails + 1)); }
}
synth_labels 150000 $T/labels.conll
within 6 "stats, 150000 labels in one sentence" $XPROJ stats $T/labels.conll
expect_grep ' 150000 *150000 *150000 ' $T/out
synth_crossing 100000 $T/crossing.conll
within 6 "stats, 100000 brackets closed in the order they opened" $XPROJ stats $T/crossing.conll
expect_grep ' 200000 *100000 *100000 ' $T/out

mkdir $T/r
synth_run 30000 1 $T/r
within 6 "project, 30000 mentions in one document" $XPROJ project --source $T/r/en.conll \
	--aligned $T/r/aligned.jsonl --alignments $T/r/pairs.pharaoh -o $T/r/zh.conll --report $T/r/r.json
# project, one sentence of 6000 one-token mentions: each mention's rules
# and features searched the whole sentence (main: 12 to 14 s of CPU here,
# quadratic); a sentence over 1024 tokens is projected in windows
# (project/project.c utt_window): 1.5 to 2 s; the sanitizers' and
# valgrind's slowdown (lib's limit) on both
rm -rf $T/s; mkdir $T/s
synth_sentence 6000 zh $T/s
within $(limit 6) "project, one sentence of 6000 mentions" $XPROJ project --source $T/s/en.conll --aligned $T/s/aligned.jsonl \
	--alignments $T/s/pairs.pharaoh --probs $T/s/pairs.probs --chars --skip-articles --np all -o $T/s/zh.conll \
	--report $T/s/r.json
expect_grep '5500 mentions, 54[0-9][0-9] projected' $T/err
# db import of that sentence: the queue (correct/queue.c xp_queue_store)
# parsed the sentence's tokens once per mention (main: 13 to 16 s of CPU
# here, quadratic); now once per utterance: 0.3 s
within $(limit 4) "db import, one sentence of 5500 mentions" $XPROJ db import $T/s/c.db --source $T/s/en.conll \
	--aligned $T/s/aligned.jsonl --report $T/s/r.json
expect_eq "$(sqlite3 $T/s/c.db "SELECT count(*), count(DISTINCT en), count(tgt) FROM queue")" \
	"$(sqlite3 $T/s/c.db "SELECT count(*), 11, count(tgt_start) FROM projections")" "db import, one sentence: its queue"
within 6 "db import, 30000 mentions in one document" $XPROJ db import $T/r/c.db --source $T/r/en.conll \
	--aligned $T/r/aligned.jsonl --report $T/r/r.json
expect_grep 'run 1 imported: 1 documents' $T/out
# db triage --top 50: the queue's first 50 kept as the run goes by
# (correct/view.c xp_db_triage_top), not the whole run ranked (0.65 KB a
# mention: main needs 90 to 100 MB of address space here, this 55 to 60),
# and the first 50 of the whole queue in their order.  Under ASan or
# valgrind the limit is lifted (wa_passes.sh's way).
MEM=80000
sh -c "ulimit -v $MEM; $XPROJ --version; exit \$?" >/dev/null 2>&1 || MEM=unlimited
# db import of the document's report line a mention at a time
# (io/report.c split_detail), not as one tree of jansson's (3 KB a mention:
# the import needed 170 to 180 MB of address space here, now 88 to 92),
# the store the same
IMEM=$([ "$MEM" = unlimited ] && echo unlimited || echo 120000)
expect_status 0 sh -c "ulimit -v $IMEM; exec $XPROJ db import $T/r/m.db --source $T/r/en.conll \
	--aligned $T/r/aligned.jsonl --report $T/r/r.json"
expect_eq "$(sqlite3 $T/r/m.db "SELECT count(*), sum(tgt_start), sum(confidence) FROM projections")" \
	"$(sqlite3 $T/r/c.db "SELECT count(*), sum(tgt_start), sum(confidence) FROM projections")" \
	"db import under $IMEM kB: the store's projections"
expect_status 0 sh -c "ulimit -v $MEM; exec $XPROJ db triage $T/r/c.db --top 50 --list > $T/top50"
$XPROJ db triage $T/r/c.db --list | head -50 > $T/all50
expect_eq "$(wc -l < $T/top50)" 50 "db triage --top 50 --list: 50 lines under $MEM kB"
cmp -s $T/top50 $T/all50 || { echo "FAIL: db triage --top 50: not the whole queue's first 50"; fails=$((fails + 1)); }
# bitext --spans: a record's mentions by an index of its document's
# (io/aligned.c), not by a walk over the document's mentions a record
# (main: 8 s here, 0.6 s now)
rm -rf $T/r; mkdir $T/r
synth_run 500000 1 $T/r
within 4 "bitext --spans, 500000 mentions in one document" $XPROJ bitext $T/r/aligned.jsonl -o $T/r/p.txt \
	--source $T/r/en.conll --spans $T/r/p.spans
expect_eq "$(wc -l < $T/r/p.spans)" 100000 "bitext --spans: a line per record"
# convert a document at a time (tools/pstream.h xp_pstream_corpus): 300k
# mentions in 100-mention documents under 80 MB of address space (main
# read the corpus whole: 100 to 110 MB; this 55 to 60), both ways, the
# bytes those of the whole path (stdin takes it)
rm -rf $T/r; mkdir $T/r
synth_run 300000 3000 $T/r
expect_status 0 sh -c "ulimit -v $MEM; exec $XPROJ convert $T/r/en.conll $T/r/c.jsonl"
expect_status 0 sh -c "ulimit -v $MEM; exec $XPROJ convert $T/r/c.jsonl $T/r/c.conll"
$XPROJ convert --from conll - $T/r/w.jsonl < $T/r/en.conll
$XPROJ convert --from jsonlines - $T/r/w.conll < $T/r/w.jsonl
cmp -s $T/r/c.jsonl $T/r/w.jsonl && cmp -s $T/r/c.conll $T/r/w.conll ||
	{ echo "FAIL: convert a document at a time: not the whole path's bytes"; fails=$((fails + 1)); }
finish
