# README's examples on real data: tests/cli/readme.sh with $DATA's files linked in under the
# names README gives them (mmc/, mmc-tune/, tv4dialog/, word-alignment-gold/), so that the
# examples on MMC, mmc-tune, TV4Dialog and the gold alignments print what README shows (about
# 50 s, 20 s CPU; the heavy ones, MMC dev through the pipeline or the 92k bitext, name paths
# that are not linked and are left out).
README_DATA=$DATA sh tests/cli/readme.sh
