# README's examples on real data: tests/cli/readme.sh with $DATA's files linked in under the
# names README gives them (mmc/, mmc-tune/, tv4dialog/, word-alignment-gold/), so that the
# examples on MMC, mmc-tune, TV4Dialog and the gold alignments print what README shows (about
# 50 s, 20 s CPU; the heavy ones, MMC dev through the pipeline or the 92k bitext, name paths
# that are not linked and are left out).
# readme.sh links the files from its own scratch directory: a relative
# $DATA (make's default, ../shared/data) would make every link dangle there.
case $DATA in /*) D=$DATA ;; *) D=$(pwd)/$DATA ;; esac
README_DATA=$D sh tests/cli/readme.sh
