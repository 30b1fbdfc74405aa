# bench/workflow_cost.sh — what the workflow (workflow/Snakefile) costs as
# the languages grow: 1, 2, 4, 8 synthetic "languages" at MMC size, each
# MMC dev's English gold (15 episodes, 134 scenes) paired with MMC's own
# Chinese or Farsi text (odd languages Chinese, even Farsi: `code:` in the
# YAML), so a language is 15 episode shards of real size, and the cost per
# language is what a real one of MMC's size costs.  Every xproj command the
# rules run goes through /usr/bin/time (a wrapper given as the YAML's
# `xproj`), so each shard's wall, CPU (user + system) and peak memory is
# its commands' sum (peak: the largest); the snakemake run's own wall and
# CPU (children included) is the total.  Prints a table per size, and the
# per-shard and per-language figures the projection in docs/workflow.md
# scales from.
#
# Environment: DATA, XPROJ, SIZES (default "1 2 4 8"), CORES (default 2),
# SAMPLE_EVERY (default 1: MMC's 2k pairs a language have none to spare,
# docs/workflow.md), KEEP (a directory to keep the outputs and timings in).
# On a shared machine run it under `nice -n 10`: wall times then measure
# the machine's load as much as the workflow; CPU and memory do not.
set -eu
: "${DATA:=../shared/data}" "${XPROJ:=build/xproj}" "${SIZES:=1 2 4 8}" "${CORES:=2}" "${SAMPLE_EVERY:=1}"
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)"; exit 0; }
command -v snakemake >/dev/null 2>&1 || { echo "needs snakemake (scripts/install-deps)"; exit 0; }
D=$DATA/mmc
[ -f $D/dev.english.v4_gold_conll ] || { echo "no $D/dev.english.v4_gold_conll"; exit 0; }
D=$(cd $D && pwd)
R=$(pwd)
X=$XPROJ; case $X in /*) ;; *) X=$R/$X ;; esac
if [ -n "${KEEP:-}" ]; then T=$KEEP; mkdir -p $T; else T=$(mktemp -d); trap 'rm -rf "$T"' EXIT; fi

# the wrapper: one file of timings per command, with its arguments
cat > $T/xp <<EOF
#!/bin/sh
f=\$(mktemp $T/times/XXXXXXXX)
printf '%s\n' "\$*" > \$f.args
exec /usr/bin/time -o \$f -f '%e %U %S %M' $X "\$@"
EOF
chmod +x $T/xp

config() { # N
	printf 'xproj: %s\nout: %s\nsources:\n  dev: %s\nlanguages:\n' $T/xp $T/out$1 $D/dev.english.v4_gold_conll
	for i in $(seq 1 $1); do
		if [ $((i % 2)) = 1 ]; then
			printf '  l%d:\n    code: zh\n    target: %s\n    pair-options: "--tokens words"\n' $i $D/dev.chinese.v4_gold_conll
			printf '    project-options: "--chars --skip-articles"\n    key: %s\n' $D/dev.chinese.v4_gold_conll
		else
			printf '  l%d:\n    code: fa\n    target: %s\n' $i $D/dev.farsi.v4_gold_conll
			printf '    project-options: "--prodrop --skip-articles"\n    key: %s\n' $D/dev.farsi.v4_gold_conll
		fi
	done
	printf 'options:\n  seed: 1\n  lowercase: true\n  model: true\n  sample-every: %s\n  model-samplers: 3\n' $SAMPLE_EVERY
}

for n in $SIZES; do
	rm -rf $T/times $T/out$n $T/run$n
	mkdir -p $T/times $T/run$n
	config $n > $T/config$n.yaml
	/usr/bin/time -o $T/total$n -f '%e %U %S %M' \
		sh -c "cd $T/run$n && exec snakemake -s $R/workflow/Snakefile --configfile $T/config$n.yaml --cores $CORES -q" \
		> $T/log$n 2>&1 || { tail -20 $T/log$n; exit 1; }
	# each command's timings, by what it wrote: a shard's directory
	# (OUT/LANG/SRC/EP/), a language's model (OUT/LANG/model/) or a
	# language's whole (OUT/LANG/: merge, export, score)
	for f in $T/times/*.args; do
		t=$(tail -1 ${f%.args})
		tr ' ' '\n' < $f | grep "^$T/out$n/" | grep -v "^$T/out$n/\(targets\|transcripts\)/" > $T/paths || true
		case $(head -c 9 $f) in
		pair*|align*|bitext*|wordalign|project*|"db import") kind=shard ;;
		*) kind=language ;;
		esac
		grep -q -- '--save-model' $f && kind=model
		if [ $kind = shard ]; then
			where=$(grep -o "^$T/out$n/[^/]*/[^/]*/[^/]*/" $T/paths | head -1)
		else
			where=$(grep -o "^$T/out$n/[^/]*/" $T/paths | head -1)
		fi
		echo "$kind $where $t"
	done > $T/rows$n
	awk -v n=$n -v total="$(cat $T/total$n)" '
		{ k = $1 " " $2; w[k] += $3; c[k] += $4 + $5; if ($6 > m[k]) m[k] = $6; kind[k] = $1 }
		END {
			for (k in w) { t = kind[k]; cnt[t]++; sw[t] += w[k]; sc[t] += c[k]
				if (c[k] > mc[t]) mc[t] = c[k]; if (m[k] > mm[t]) mm[t] = m[k] }
			split(total, T, " ")
			printf "%d language(s): %d shards; snakemake --cores: wall %.0f s, CPU %.0f s, peak %.0f MB (one process)\n", n, cnt["shard"], T[1], T[2] + T[3], T[4] / 1024
			printf "  %-9s %6s %12s %12s %12s %12s\n", "", "units", "CPU s total", "CPU s mean", "CPU s max", "peak MB max"
			split("shard model language", order, " ")
			for (i = 1; i <= 3; i++) { t = order[i]; if (!cnt[t]) continue
				printf "  %-9s %6d %12.1f %12.2f %12.2f %12.0f\n", t, cnt[t], sc[t], sc[t] / cnt[t], mc[t], mm[t] / 1024 }
		}' $T/rows$n
done
