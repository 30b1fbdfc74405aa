# workflow/Snakefile (adversarial round 11): a corrected store whose .keep
# is gone or is another file.  The rerun after an edited input reads
# STORE.keep (a hard link to the store) once Snakemake has deleted the
# store.  Before: a .keep deleted by hand left nothing to read, and a .keep
# that is a copy (the run's directory copied with cp -r) said "nothing done
# after its making": either way the corrected store was made again, its
# corrections gone, exit 0.  Now a missing .keep is linked again before any
# job, and one that is another file is refused.  Skipped, loudly, without
# snakemake (as workflow.sh).
. tests/cli/lib
if ! command -v snakemake >/dev/null 2>&1; then
	echo "SKIP: snakemake is not installed (apt-get install snakemake, or scripts/install-deps): workflow/Snakefile untested"
	exit 77
fi
R=$(pwd)
X=$R/$XPROJ
case $XPROJ in /*) X=$XPROJ ;; esac
D=$T/in
mkdir -p $D
cp tools/sample/dialogue.conll tools/sample/en.srt tools/sample/zh.srt $D/
config() { # OUT
	cat <<CONF
xproj: "$X"
out: "$1"
sources:
  sample: "$D/dialogue.conll"
languages:
  zh:
    subs: "$D/en.srt"
    tgt-subs: "$D/zh.srt"
options:
  seed: 1
  lowercase: true
  model: false
CONF
}
sm() { # CONFIG
	(cd $T && snakemake -s $R/workflow/Snakefile --configfile "$1" --cores 2 -q >>$T/sm.log 2>&1)
}
config $T/o > $T/a.yaml
expect_status 0 sm $T/a.yaml
S=$T/o/zh/sample/S01E01/corrections.db
[ -e $S.keep ] || { echo "FAIL: no $S.keep after the first run"; cat $T/sm.log; fails=$((fails + 1)); }

cp -r $T/o $T/copy   # (for the copy below: its .keep another file)
# the .keep deleted by hand, the store corrected, an input edited: refused
rm -f $S.keep
expect_status 0 $XPROJ db modify $S --mention "s01e01c00x|0" --span 0:0:1 --annotator ann
sed -i '0,/车里/s/车里/车内/' $D/zh.srt
: >$T/sm.log
expect_status 1 sm $T/a.yaml
expect_grep "corrections.db.keep: the store .* holds 1 action(s) done after it was made (modify" $T/sm.log
expect_status 0 $XPROJ db runs $S.keep
expect_grep "1 live corrections" $T/out

# the directory copied without its hard links: the copy's .keep is another
# file than its store; the corrected copy is refused before any job
C=$T/copy/zh/sample/S01E01/corrections.db
expect_status 0 $XPROJ db modify $C --mention "s01e01c00x|0" --span 0:0:1 --annotator ann
config $T/copy > $T/b.yaml
: >$T/sm.log
expect_status 1 sm $T/b.yaml
expect_grep "corrections.db.keep is another file than the store" $T/sm.log
expect_status 0 $XPROJ db runs $C
expect_grep "1 live corrections" $T/out
finish
