# workflow/Snakefile on the bundled sample (Chinese and Farsi): with one
# aligner per shard it writes what `xproj pipeline` writes; with a model per
# language it runs through (stores merged, exported, scored); a run killed
# half-way resumes and ends with the same outputs.  Skipped, loudly (exit
# 77, which tests/run reports as a skip), without Debian's snakemake.
. tests/cli/lib
if ! command -v snakemake >/dev/null 2>&1; then
	echo "SKIP: snakemake is not installed (apt-get install snakemake, or scripts/install-deps): workflow/Snakefile untested"
	exit 77
fi
R=$(pwd)
X=$R/$XPROJ
case $XPROJ in /*) X=$XPROJ ;; esac
. tests/cli/sample_config
config() { # OUT MODEL [MORE OPTIONS...]
	_c_out=$1 _c_model=$2
	shift 2
	sample_config "$X" "$_c_out" "$_c_model" "lowercase: true" "$@"
}
sm() { # CONFIG [ARGS...]
	c=$1; shift
	(cd $T && snakemake -s $R/workflow/Snakefile --configfile $c --cores 2 -q "$@")
}
same_links() { # SHARD PIPELINE WHAT: a shard's links, probabilities and projection as the pipeline's
	for _f in alignments.pharaoh alignments.probs projected.conll; do
		cmp -s $1/$_f $2/$_f || { echo "FAIL: $_f $3 differs from the pipeline's"; fails=$((fails + 1)); }
	done
}

# one aligner per shard: the pipeline's outputs, file for file, the
# English mention spans given to the aligner, which uses them where the
# target's pack says (no pack today: both ignore them), in both (the
# JSON files carry link probabilities, which the probs file between the
# commands rounds, and the report prints 4 decimals: compared as numbers
# within 2e-4)
config $T/a false > $T/a.yaml
expect_status 0 sm $T/a.yaml
for lang in zh fa; do
	expect_status 0 $XPROJ pipeline --config tools/sample/$lang.conf -o $T/p$lang
	for f in aligned.jsonl pairs.txt pairs.map pairs.spans alignments.pharaoh alignments.probs projected.conll; do
		# (the pipeline writes the spans only where its aligner used them)
		[ $f = pairs.spans ] && continue
		cmp -s $T/a/$lang/sample/S01E01/$f $T/p$lang/$f ||
			{ echo "FAIL: $lang $f differs from the pipeline's"; fails=$((fails + 1)); }
	done
	cmp -s $T/a/$lang/projected.conll $T/p$lang/projected.conll ||
		{ echo "FAIL: $lang projected.conll differs from the pipeline's"; fails=$((fails + 1)); }
	python3 - $T/a/$lang/sample/S01E01/report.json $T/p$lang/report.json <<'PY' || fails=$((fails + 1))
import json, math, sys
def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, rel_tol=1e-3, abs_tol=2e-4)
    if isinstance(a, dict):
        # (the settings' "inputs": the workflow's project read the names from
        # the file wordalign wrote, the pipeline has them from its aligner)
        a = {k: v for k, v in a.items() if k != "inputs"}
        b = {k: v for k, v in b.items() if k != "inputs"} if isinstance(b, dict) else b
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a if k not in ("files", "seconds"))
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b
a, b = ([json.loads(l) for l in open(p)] for p in sys.argv[1:])   # JSON Lines: a header, a line per document
if not same(a, b):
    print("FAIL: %s differs from the pipeline's beyond rounding" % sys.argv[1]); sys.exit(1)
PY
	expect_status 0 $XPROJ db export $T/p$lang/corrections.db -o $T/p$lang.exp.conll
	cmp -s $T/a/$lang/corrected.conll $T/p$lang.exp.conll ||
		{ echo "FAIL: $lang corrected.conll differs from the pipeline store's export"; fails=$((fails + 1)); }
	expect_status 0 $XPROJ score tools/sample/expected.$lang.conll $T/p$lang/projected.conll
	cmp -s $T/a/$lang/score.txt $T/out || { echo "FAIL: $lang score differs"; fails=$((fails + 1)); }
done
for lang in zh fa; do
	expect_grep 'English mention spans: 0 blocks .*not for this target language' $T/a/$lang/sample/S01E01/wordalign.log
	[ -e $T/p$lang/pairs.spans ] && { echo "FAIL: $lang: the pipeline wrote spans its aligner did not use"; fails=$((fails + 1)); }
done

# options.db-pairs: a store's confirmed pairs train each language's
# aligner.  One aligner per shard: each takes them as `pipeline --db-pairs`
# does, link for link; a language the store has no run of (fa) aligns as
# without them; and they change Chinese links
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf -o $T/ps --quiet
expect_status 0 $XPROJ db modify $T/ps/corrections.db --mention 's01e01c00x|2' --span 0:5:6 --annotator ann
expect_status 0 $XPROJ db add $T/ps/corrections.db --mention 's01e01c00x|3' --span 1:0:1 --annotator ann
mkdir $T/pd && cp $T/ps/corrections.db $T/pd/corrections.db
config $T/e false "db-pairs: $T/ps/corrections.db" > $T/e.yaml
expect_status 0 sm $T/e.yaml
expect_eq "$(wc -l < $T/e/zh/db.pairs)" 2 "the store's 2 span pairs of zh"
expect_grep "^the cake ||| 蛋$" $T/e/zh/db.pairs
expect_grep "2 pairs for the lexical model only (--train-lex)" $T/e/zh/sample/S01E01/wordalign.log
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --db-pairs -o $T/pd --quiet
expect_grep "learned      2 span pairs a person confirmed" $T/pd/summary.txt
same_links $T/e/zh/sample/S01E01 $T/pd "of zh with db-pairs (pipeline --db-pairs)"
cmp -s $T/e/zh/sample/S01E01/alignments.pharaoh $T/a/zh/sample/S01E01/alignments.pharaoh &&
	{ echo "FAIL: the store's pairs changed no zh link"; fails=$((fails + 1)); }
[ -e $T/e/fa/db.pairs ] && [ ! -s $T/e/fa/db.pairs ] || { echo "FAIL: fa: not an empty db.pairs"; fails=$((fails + 1)); }
expect_grep "no span pair to write: 0 run(s) of fa" $T/e/fa/db.pairs.log
grep -q 'train-lex' $T/e/fa/sample/S01E01/wordalign.log && { echo "FAIL: fa trained on no pairs"; fails=$((fails + 1)); }
cmp -s $T/e/fa/sample/S01E01/alignments.pharaoh $T/a/fa/sample/S01E01/alignments.pharaoh ||
	{ echo "FAIL: fa aligned otherwise with a store of no fa run"; fails=$((fails + 1)); }
# with a model per language, the model learns them
config $T/f true "db-pairs: $T/ps/corrections.db" > $T/f.yaml
expect_status 0 sm $T/f.yaml
expect_grep "2 pairs for the lexical model only (--train-lex)" $T/f/zh/model/train.log
[ -s $T/f/zh/score.txt ] || { echo "FAIL: no zh score with db-pairs and a model"; fails=$((fails + 1)); }

# languages.L.dict: a dictionary as the language's prior.  One aligner per
# shard: each takes it as `pipeline --dict` does, link for link; a language
# without one (zh) aligns as without; and it changes Farsi links
D=$R/tests/fixtures/dictd
lang_dict() { sed "s|^    links: .*|&\n    dict: $D/fa|"; }   # (fa's last key before options)
config $T/g false | lang_dict > $T/g.yaml
expect_status 0 sm $T/g.yaml
expect_grep "4 pairs of the dictionary $D/fa for the lexical model (--dict; 4 more" $T/g/fa/sample/S01E01/wordalign.log
expect_status 0 $XPROJ pipeline --config tools/sample/fa.conf --dict $D/fa -o $T/pg --quiet
expect_grep "learned      4 pairs of the dictionary $D/fa" $T/pg/summary.txt
same_links $T/g/fa/sample/S01E01 $T/pg "of fa with dict (pipeline --dict)"
cmp -s $T/g/fa/sample/S01E01/alignments.pharaoh $T/a/fa/sample/S01E01/alignments.pharaoh &&
	{ echo "FAIL: the dictionary changed no fa link"; fails=$((fails + 1)); }
grep -q 'dictionary' $T/g/zh/sample/S01E01/wordalign.log && { echo "FAIL: zh was given fa's dictionary"; fails=$((fails + 1)); }
cmp -s $T/g/zh/sample/S01E01/alignments.pharaoh $T/a/zh/sample/S01E01/alignments.pharaoh ||
	{ echo "FAIL: zh aligned otherwise with a dictionary for fa only"; fails=$((fails + 1)); }
# with db-pairs too: the store's pairs, then the dictionary's, as
# `pipeline --db-pairs --dict` gives them (a Chinese dictionary of two
# entries, written here: car 车, cake 蛋糕)
printf 'car\tA\tI\ncake\tI\tM\n' > $T/zh.index
printf 'car\n车\ncake\n蛋糕\n' > $T/zh.dict
config $T/k false "db-pairs: $T/ps/corrections.db" | sed "s|^    key: .*/expected.zh.conll\$|&\n    dict: $T/zh|" > $T/k.yaml
expect_status 0 sm $T/k.yaml
expect_grep "1 pair of the dictionary $T/zh for the lexical model (--dict; 1 more" $T/k/zh/sample/S01E01/wordalign.log
mkdir $T/pk && cp $T/ps/corrections.db $T/pk/corrections.db
expect_status 0 $XPROJ pipeline --config tools/sample/zh.conf --db-pairs --dict $T/zh -o $T/pk --quiet
same_links $T/k/zh/sample/S01E01 $T/pk "of zh with db-pairs and dict (pipeline --db-pairs --dict)"
# with a model per language, the model's training learns them (and the
# shards, aligned with the model, do not take them a second time)
config $T/h true | lang_dict > $T/h.yaml
expect_status 0 sm $T/h.yaml
expect_grep "pairs of the dictionary $D/fa for the lexical model (--dict" $T/h/fa/model/train.log
grep -q 'dictionary' $T/h/fa/sample/S01E01/wordalign.log && { echo "FAIL: fa shard took the dictionary besides the model"; fails=$((fails + 1)); }
[ -s $T/h/fa/score.txt ] || { echo "FAIL: no fa score with dict and a model"; fails=$((fails + 1)); }

# a model per language, trained on a sample, aligning every shard
config $T/b true > $T/b.yaml
expect_status 0 sm $T/b.yaml
for lang in zh fa; do
	for f in model/aligner.model.gz corrections.db projected.conll corrected.conll score.txt; do
		[ -s $T/b/$lang/$f ] || { echo "FAIL: no $lang/$f"; fails=$((fails + 1)); }
	done
	expect_grep 'aligned with the model' $T/b/$lang/sample/S01E01/wordalign.log
	expect_eq "$(wc -l < $T/b/$lang/model/sample.spans)" "$(wc -l < $T/b/$lang/model/sample.pairs)" "$lang: a spans line per sample pair"
	expect_status 0 $XPROJ db check $T/b/$lang/corrections.db
	expect_grep '^ok' $T/out
done
expect_grep '^mentions' $T/b/zh/score.txt
# the model's training and each shard's alignment are given the spans
expect_grep 'English mention spans' $T/b/fa/model/train.log
expect_grep 'English mention spans' $T/b/fa/sample/S01E01/wordalign.log

# rounds of merged counts: each shard's counts, merged, every shard aligned
# with the merge less its own
config $T/r true "model-rounds: 3" > $T/r.yaml
expect_status 0 sm $T/r.yaml
for lang in zh fa; do
	for f in rounds/schedule rounds/merged.1.gz rounds/merged.2.gz sample/S01E01/counts.1.gz sample/S01E01/counts.2.gz \
		corrections.db projected.conll corrected.conll score.txt; do
		[ -s $T/r/$lang/$f ] || { echo "FAIL: no $lang/$f"; fails=$((fails + 1)); }
	done
	expect_grep 'aligned with the model .*/rounds/merged.2.gz' $T/r/$lang/sample/S01E01/wordalign.log
	expect_grep 'samplers 3 --iters' $T/r/$lang/rounds/schedule
	expect_grep 'English mention spans' $T/r/$lang/sample/S01E01/counts.1.log
	[ -e $T/r/$lang/model ] && { echo "FAIL: $lang: a model trained besides the rounds"; fails=$((fails + 1)); }
done
expect_grep '^mentions' $T/r/zh/score.txt

# shards in sync: 3 rounds (the one run's stages), each shard continuing
# its links (--state) against the merge less its own; the last round's
# links read off
config $T/y true "sync-rounds: 3" > $T/y.yaml
expect_status 0 sm $T/y.yaml
for lang in zh fa; do
	for f in sync/schedule sync/merged.1 sync/merged.2 sample/S01E01/sync.state.2 sample/S01E01/sync.counts.2 \
		sample/S01E01/alignments.pharaoh corrections.db projected.conll score.txt; do
		[ -s $T/y/$lang/$f ] || { echo "FAIL: no $lang/$f"; fails=$((fails + 1)); }
	done
	expect_eq "$(wc -l < $T/y/$lang/sync/schedule)" 4 "$lang: the samplers and 3 rounds"
	expect_grep '^--stage 3 --adapt-sweeps' $T/y/$lang/sync/schedule
	expect_grep 'links of .*/sync.state.2 continued, .* stage 2, written to it; no links read off' \
		$T/y/$lang/sample/S01E01/sync.2.log
	expect_grep 'links of .*/sync.state.2.last continued, .* stage 3' $T/y/$lang/sample/S01E01/wordalign.log
	expect_eq "$(wc -l < $T/y/$lang/sample/S01E01/alignments.pharaoh)" "$(wc -l < $T/y/$lang/sample/S01E01/pairs.txt)" \
		"$lang: a line of links per pair"
	[ -e $T/y/$lang/model ] && { echo "FAIL: $lang: a model trained besides the rounds"; fails=$((fails + 1)); }
done
expect_grep '^mentions' $T/y/zh/score.txt

# killed after the first shard's alignment, then resumed: the same outputs
config $T/c true > $T/c.yaml
(cd $T && exec snakemake -s $R/workflow/Snakefile --configfile $T/c.yaml --cores 1 -q > $T/kill.log 2>&1) &
pid=$!
for k in $(seq 1 $(limit 300)); do
	[ -s $T/c/zh/sample/S01E01/pairs.txt ] || [ -s $T/c/fa/sample/S01E01/pairs.txt ] && break
	sleep 0.2
done
kill -TERM $pid 2>/dev/null
# Snakemake 7.21 sometimes stops scheduling on SIGTERM and never exits (seen
# under load: "Select jobs to execute..." and then nothing): after 20 s the
# run is killed hard, its jobs with it, and its lock is released as a user
# resuming after a kill -9 would (--unlock); the resume must then end the same
killtree() { for c in $(pgrep -P $1); do killtree $c; done; kill -KILL $1 2>/dev/null; }
for k in $(seq 1 100); do kill -0 $pid 2>/dev/null || break; sleep 0.2; done
if kill -0 $pid 2>/dev/null; then
	echo "(note: snakemake did not stop on SIGTERM within 20 s: killed)"
	killtree $pid
	wait $pid
	expect_status 0 sm $T/c.yaml --unlock
fi
wait $pid
[ -e $T/c/zh/score.txt ] && [ -e $T/c/fa/score.txt ] && echo "(note: the run ended before the kill)"
expect_status 0 sm $T/c.yaml --rerun-incomplete
for lang in zh fa; do
	for f in projected.conll corrected.conll score.txt; do
		cmp -s $T/c/$lang/$f $T/b/$lang/$f || { echo "FAIL: resumed $lang/$f differs"; fails=$((fails + 1)); }
	done
done
# nothing left to do
expect_status 0 sm $T/c.yaml -n
expect_grep 'Nothing to be done' $T/out
# a subtitle file edited in place (the same path, another line) is a
# change the rerun acts on: before, "Nothing to be done", every output of
# the old lines, exit 0 (the files were named only in the commands)
cp tools/sample/zh.srt $T/zh.srt
config $T/d false | sed "s|tgt-subs: .*/zh.srt|tgt-subs: $T/zh.srt|" > $T/d.yaml
expect_status 0 sm $T/d.yaml
sed -i 's/放在车里了/放在家里了/' $T/zh.srt
(cd $T && snakemake -s $R/workflow/Snakefile --configfile $T/d.yaml --cores 1 -n) > $T/out 2>&1
expect_grep "Updated input files: $T/zh.srt" $T/out
expect_status 0 sm $T/d.yaml
expect_grep '家里' $T/d/zh/sample/S01E01/aligned.jsonl
finish
