# The manual's examples on real data (README.md and docs/): tests/cli/readme.sh with $DATA's files linked in under the
# names the pages give them (mmc/, mmc-tune/, tv4dialog/, word-alignment-gold/), so that the
# examples on MMC, mmc-tune, TV4Dialog and the gold alignments print what the pages show (about
# 45 s CPU, MMC dev through the pipeline among them; the 92k bitext examples name paths
# that are not linked and are left out).
# readme.sh links the files from its own scratch directory: a relative
# $DATA (make's default, ../shared/data) would make every link dangle there.
case $DATA in /*) D=$DATA ;; *) D=$(pwd)/$DATA ;; esac
README_DATA=$D sh tests/cli/readme.sh
