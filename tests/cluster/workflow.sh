# tests/cluster/workflow.sh — `make check-cluster`: workflow/Snakefile
# through its Slurm profile (workflow/profiles/slurm: Snakemake's own
# --slurm executor, every rule an sbatch job) on a single-node Slurm that
# scripts/slurm-local starts on this machine (munged, slurmctld, slurmd,
# all in a scratch directory, on free ports) and ends at exit.  The
# bundled sample in Chinese and Farsi, a model per language: every output
# the Slurm run writes is the same, byte for byte, as the local run's
# (`snakemake --cores 2`), the rules ran as Slurm jobs, and a second run
# finds nothing to do.  Not in `make check` (it installs nothing and CI
# has no Slurm); it fails, naming the packages, when they are missing.
. tests/cli/lib
for b in snakemake munged slurmctld slurmd sbatch; do
	command -v $b >/dev/null 2>&1 || [ -x /usr/sbin/$b ] || {
		echo "FAIL: no $b: apt-get install snakemake slurm-wlm munge (or CLUSTER=1 scripts/install-deps)"
		exit 1
	}
done
R=$(pwd)
X=$R/$XPROJ
case $XPROJ in /*) X=$XPROJ ;; esac
# Snakemake's Slurm executor guesses an account from $USER
USER=${USER:-$(id -un)}
export USER
trap 'sh $R/scripts/slurm-local stop $T/slurm >/dev/null 2>&1; rm -rf "$T"' EXIT
. tests/cli/sample_config
config() { # OUT
	sample_config "$X" "$1" true
}
config $T/local > $T/local.yaml
config $T/cluster > $T/cluster.yaml
mkdir -p $T/l $T/c
(cd $T/l && snakemake -s $R/workflow/Snakefile --configfile $T/local.yaml --cores 2 -q) > $T/local.log 2>&1 ||
	{ echo "FAIL: the local run:"; tail -20 $T/local.log; exit 1; }

sh scripts/slurm-local start $T/slurm > $T/up.log 2>&1 || { echo "FAIL: no single-node Slurm:"; cat $T/up.log; exit 1; }
. $T/slurm/env
# the profile as it is; status checked every second (the executor's own
# default, once every 33 s, is for a busy cluster's controller)
(cd $T/c && timeout $(limit 900) snakemake -s $R/workflow/Snakefile --configfile $T/cluster.yaml \
	--profile $R/workflow/profiles/slurm --max-status-checks-per-second 1) > $T/cluster.log 2>&1 ||
	{ echo "FAIL: the Slurm run:"; tail -40 $T/cluster.log; fails=$((fails + 1)); }

# the same files, the same bytes; logs aside (they name the paths), and
# the stores compared by what they hold (SQLite pages are not canonical)
(cd $T/local && find . -type f ! -name '*.log' | sort) > $T/files.local
(cd $T/cluster && find . -type f ! -name '*.log' | sort) > $T/files.cluster
cmp -s $T/files.local $T/files.cluster || { echo "FAIL: other files:"; diff $T/files.local $T/files.cluster; fails=$((fails + 1)); }
n=0
for f in $(cat $T/files.local); do
	case $f in
	*.db)
		$XPROJ db export $T/local/$f -o $T/a.conll >/dev/null 2>&1 &&
			$XPROJ db export $T/cluster/$f -o $T/b.conll >/dev/null 2>&1 &&
			cmp -s $T/a.conll $T/b.conll || { echo "FAIL: $f holds other annotations"; fails=$((fails + 1)); } ;;
	*)
		cmp -s $T/local/$f $T/cluster/$f || { echo "FAIL: $f differs"; fails=$((fails + 1)); } ;;
	esac
	n=$((n + 1))
done
[ $n -ge 30 ] || { echo "FAIL: only $n outputs"; fails=$((fails + 1)); }
echo "$n outputs the same in both runs"
# every rule but `all` ran in a job of this Slurm: a shard's steps in the
# profile's group jobs (both languages' shards of a group in one job)
for r in rule_split group_pairs rule_sample rule_train group_shard rule_merge rule_projected rule_export rule_score; do
	ls $T/c/.snakemake/slurm_logs/$r/*.log >/dev/null 2>&1 ||
		{ echo "FAIL: $r did not run as a Slurm job"; fails=$((fails + 1)); }
done
for r in align bitext wordalign project db_import; do
	grep -q "^rule $r:" $T/c/.snakemake/slurm_logs/group_*/*.log ||
		{ echo "FAIL: rule $r ran in no group job"; fails=$((fails + 1)); }
done
jobs=$(ls $T/c/.snakemake/slurm_logs/*/*.log | wc -l)
expect_grep "submitted with SLURM jobid" $T/cluster.log
echo "$jobs Slurm jobs"
# resumable: the same command again has nothing to do
(cd $T/c && snakemake -s $R/workflow/Snakefile --configfile $T/cluster.yaml --profile $R/workflow/profiles/slurm -n) > $T/out 2>&1
expect_grep 'Nothing to be done' $T/out
sh scripts/slurm-local stop $T/slurm
finish
