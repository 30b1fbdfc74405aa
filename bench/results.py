#!/usr/bin/env python3
"""bench/results.py NAME TSV LOAD0 LOAD1 START OUT: a bench's figures
(bench/record.sh's lines) as JSON, with the machine, the load and the
commit, and each figure's ratios to the baseline or peer it names."""
import json, os, platform, shlex, subprocess, sys

name, tsv, load0, load1, start, out = sys.argv[1:7]


def machine():
    model, mem = '', 0
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                model = line.split(':', 1)[1].strip()
                break
        for line in open('/proc/meminfo'):
            if line.startswith('MemTotal'):
                mem = int(line.split()[1]) // 1024
    except OSError:
        pass
    return {'cpu': model, 'cores': os.cpu_count(), 'memory_mb': mem, 'system': platform.platform()}


def git(*a):
    try:
        return subprocess.run(('git',) + a, capture_output=True, text=True).stdout.strip()
    except OSError:
        return ''


def num(s):
    try:
        return float(s)
    except ValueError:
        return None


figs, by = [], {}
for line in open(tsv, encoding='utf-8'):
    key, kind, wall, cpu, kb, value, unit, vs, status, cmd = line.rstrip('\n').split('\t')
    f = {'key': key}
    if kind == 'run':
        f.update(cpu_s=num(cpu), wall_s=num(wall), peak_mb=round(num(kb) / 1024, 1) if num(kb) else None,
                 command=cmd)
        if status != '0':
            f['exit'] = int(status)
    else:
        f.update(value=num(value) if num(value) is not None else value, unit=unit)
    if vs:
        f['vs'] = vs
    figs.append(f)
    by[key] = f
for f in figs:
    b = by.get(f.get('vs'))
    if not b:
        continue
    r = {}
    for k, rk in (('cpu_s', 'cpu'), ('wall_s', 'wall'), ('peak_mb', 'memory'), ('value', 'value')):
        if f.get(k) is not None and b.get(k):
            r[rk] = float('%.4g' % (f[k] / b[k]))
    f['ratio'] = r
# how to run it again: the bench with the settings it was given
knobs = ' '.join('%s=%s' % (k, shlex.quote(os.environ[k])) for k in ('SIZES', 'SERVE_SIZES', 'SERVE_N', 'BASE', 'BASE_MAX', 'IMPORT_MAX', 'NAME', 'THREADS', 'EFLOMAL', 'SCORER',
                                                                     'LANGS', 'RULES', 'SETS', 'SEEDS', 'ALIGN_PARTS', 'SAMPLES',
                                                                     'GOLD_SAMPLES', 'ROUNDS', 'SAMPLERS', 'SADAPT', 'SHARDS', 'WAYS', 'SWEEPS',
                                                                     'FIRST', 'DOCS', 'LAYOUTS', 'BASE_V3', 'WHOLE_MAX')
                 if os.environ.get(k))
json.dump({'bench': name, 'started': start, 'run': (knobs + ' ' if knobs else '') + 'sh bench/%s.sh' % (os.environ.get('REC_SCRIPT') or name), 'commit': os.environ.get('REC_COMMIT') or git('rev-parse', '--short', 'HEAD'),
           'dirty': bool(git('status', '--porcelain', '--untracked-files=no')),
           'machine': machine(), 'load_before': load0, 'load_after': load1,
           'figures': figs}, open(out, 'w'), indent=1)
