# bench/audit.pl — the arithmetic of bench/audit.sh: reads the per-document
# scores (`xproj score --per-doc --json`) of the baseline and of each rule's
# variant, per aligner seed, for mmc-tune and MMC dev, and prints one row a
# rule: the tune gain (mean over seeds) with its scene-bootstrap interval,
# the CoNLL F1 gain, the dev gain, the verdict; then, for the rules in
# doubt, what removing them does on each half of the scenes.
#
# MMC dev is also read by show (issue 33: the held-out test is TBBT, which
# no rule was tuned on; mmc-tune is Friends only): a document whose name
# ends in `t` is a TBBT scene, in `f` or `fe` a Friends one.  The columns after the
# verdict give the dev gain on each show, the TBBT one with its own
# scene-bootstrap interval (RESAMPLES resamples of the TBBT dev scenes,
# drawn after the tune ones from the same generator, so the tune columns
# are those of a run without them), and the TBBT check: "loses" when the
# TBBT interval lies wholly below zero, and then "remove" when the tune
# interval reaches zero too (the tune gain is within noise).
#
# Aligner rows and their control (issue 33 item 1): a row of kind
# `aligner` (spanF, dict, mp, a setting turned off: the pairs aligned
# again) moves the sampler's chain as well as the links, which the scene
# bootstrap (alignments held fixed) cannot see.  The row `ctl` (kind
# `control`) is the baseline at other seeds (--ctl-seeds, the k-th paired
# with the k-th of --seeds): its "gain" is what a new chain alone does,
# read through the same resamples.  --ctl-seeds may hold several triples,
# comma-separated ("2 3 5,13 17 19,23 29 31"): the control is then pooled
# (docs/quality.md, "The control pooled over several triples"): its
# interval the percentiles of every triple's resample gains together, its
# gain the triples' mean, its dev allowance the mean of the triples' |dev
# gain|; one triple gives the figures of one.  With it, an aligner row
# passes when its tune interval is above zero, its tune gain above
# max(|lo|, |hi|) of the control's interval, and its dev gain >= -(TOL +
# the dev allowance) (docs/quality.md, "Aligner rows and their control");
# a table after the rows puts each beside the control, with both
# verdicts, and DIR/L.aligner gets one "name verdict" line a row for
# audit.sh's summary.  An aligner row the baseline has on (a kept setting
# turned off, gain = with it minus without) is KEEP or DOUBT by the same
# test.
#
# Every figure sums a metric's numerators and denominators over the scenes
# it covers before dividing, as the scorer does over a corpus: a resample is
# scored as one corpus of the scenes drawn.  The generator is a 32-bit LCG
# written here, so the resamples are the same on every machine and Perl.
#
# With --talks (bench/parcorfull.sh AUDIT=1): one set of documents, the
# talks of ParCorFull, DIR/L.SEED.talks.{base,NAME}.json, no dev set: a row
# a rule gives the gain (mention F1, the seeds' mean) with its talk-bootstrap
# interval, the CoNLL F1 gain with its own, the gain on each half (the first
# floor(n/2) documents in file order, the rest), the talks whose seed-mean
# gain is above / exactly / below zero, and the verdict of docs/quality.md
# "The talk audit": KEEP when the gain is above zero, the interval's low end
# at least zero, neither half below -TOL and more talks up than down;
# DIR/L.talks.verdicts gets one "name verdict" line a rule.
#
#   perl bench/audit.pl --lang L --dir DIR --seeds "1 7 11" --resamples N
#        --boot-seed S --tol T --rules FILE [--ctl-seeds "2 3 5[,13 17 19...]"]
#   perl bench/audit.pl --talks [--label TEXT] --lang L --dir DIR --seeds ... --rules FILE
# FILE: "name baseline-on|off kind pack-default-on|off" lines; DIR/L.SEED.{tune,dev}.{base,NAME}.json
# (the row ctl reads DIR/L.CTLSEED.{tune,dev}.base.json).
use strict;
use warnings;
use JSON::PP;
use Getopt::Long;

my ($lang, $dir, $seeds, $nres, $bseed, $tol, $rules, $cseeds) = ('', '', '1', 1000, 33, 0.05, '', '');
my ($talks, $label) = (0, '');
GetOptions('lang=s' => \$lang, 'dir=s' => \$dir, 'seeds=s' => \$seeds, 'resamples=i' => \$nres,
	   'boot-seed=i' => \$bseed, 'tol=f' => \$tol, 'rules=s' => \$rules, 'ctl-seeds=s' => \$cseeds,
	   'talks' => \$talks, 'label=s' => \$label)
	or die "audit.pl: bad options\n";
die "audit.pl: --talks has no control row (--ctl-seeds)\n" if $talks && $cseeds ne '';
my @seeds = split ' ', $seeds;
# the control's triples: each as many seeds as --seeds, none of those, no
# seed twice
my @ctrip = map { [split ' '] } grep { /\S/ } split /,/, $cseeds;
my @cseeds = map { @$_ } @ctrip;
for my $t (@ctrip) { die "audit.pl: --ctl-seeds needs as many seeds as --seeds\n" if @$t != @seeds }
for my $c (@cseeds) { die "audit.pl: control seed $c is one of --seeds\n" if grep { $_ eq $c } @seeds }
{ my %n; $n{$_}++ && die "audit.pl: control seed $_ given twice\n" for @cseeds }
# the control triple vload reads for the row ctl
my $ct = 0;
my @metrics = qw(mentions muc bcub ceafe);

# load SET TAG SEED: [[doc, {metric => [rn, rd, pn, pd]}], ...] in file order
my %cache;
sub load {
	my ($set, $tag, $s) = @_;
	my $f = "$dir/$lang.$s.$set.$tag.json";
	return $cache{$f} if $cache{$f};
	open my $fh, '<', $f or die "audit.pl: $f: $!\n";
	my $j = decode_json(do { local $/; <$fh> });
	close $fh;
	my @d;
	for my $x (@{$j->{documents}}) {
		my %m;
		for my $k (@metrics) {
			my $v = $x->{$k} or die "audit.pl: $f: no $k\n";
			$m{$k} = [@{$v->{recall}}, @{$v->{precision}}];
		}
		push @d, ["$x->{doc}|$x->{part}", \%m];
	}
	return $cache{$f} = \@d;
}

sub f1 {   # f1 [rn, rd, pn, pd] -> percent
	my ($c) = @_;
	my $r = $c->[1] ? $c->[0] / $c->[1] : 0;
	my $p = $c->[3] ? $c->[2] / $c->[3] : 0;
	return $r + $p > 0 ? 200 * $r * $p / ($r + $p) : 0;
}

# scores DOCS IDX: (mention F1, CoNLL F1) of the scenes IDX (with repeats)
sub scores {
	my ($d, $idx) = @_;
	my %s;
	for my $i (@$idx) {
		my $m = $d->[$i][1];
		for my $k (@metrics) { $s{$k}[$_] += $m->{$k}[$_] for 0 .. 3 }
	}
	return (f1($s{mentions}), (f1($s{muc}) + f1($s{bcub}) + f1($s{ceafe})) / 3);
}

my %base;

# an interval's end: exactly 0 (the resample missed every scene the rule
# moves) is told apart from a gain that rounds to 0.00
sub bound { abs($_[0]) < 1e-9 ? '0' : sprintf '%+.2f', $_[0] }

sub interval {   # the 5th and 95th percentiles
	my @b = sort { $a <=> $b } @_;
	return ($b[int(0.05 * @b)], $b[int(0.95 * @b) - (@b >= 20 ? 1 : 0)]);
}

# vload SET TAG K: the variant's scores at the K-th seed (the row ctl: the
# baseline at the K-th seed of the control triple $ct)
sub vload {
	my ($set, $tag, $k) = @_;
	return $tag eq 'ctl' ? load($set, 'base', $ctrip[$ct][$k]) : load($set, $tag, $seeds[$k]);
}

# gain SET TAG SIGN IDX: mean over seeds of SIGN * (base - variant), mention and CoNLL
sub gain {
	my ($set, $tag, $sign, $idx) = @_;
	my ($gm, $gc) = (0, 0);
	for my $k (0 .. $#seeds) {
		my $s = $seeds[$k];
		# the baseline's scores of a resample are the same for every rule
		my ($bm, $bc) = @{$base{"$set|$s|$idx"} //= [scores(load($set, 'base', $s), $idx)]};
		my ($vm, $vc) = scores(vload($set, $tag, $k), $idx);
		$gm += $sign * ($bm - $vm);
		$gc += $sign * ($bc - $vc);
	}
	return ($gm / @seeds, $gc / @seeds);
}

sub per_seed {   # the mention gain at each seed, "+0.10/-0.02/..." (ctl: each triple's, "; ")
	my ($set, $tag, $sign, $idx) = @_;
	return join '; ', map { $ct = $_; per_seed1($set, $tag, $sign, $idx) } 0 .. $#ctrip if $tag eq 'ctl';
	return per_seed1($set, $tag, $sign, $idx);
}
sub per_seed1 {
	my ($set, $tag, $sign, $idx) = @_;
	return join '/', map {
		my ($bm) = scores(load($set, 'base', $seeds[$_]), $idx);
		my ($vm) = scores(vload($set, $tag, $_), $idx);
		sprintf '%+.2f', $sign * ($bm - $vm)
	} 0 .. $#seeds;
}

# the generator: a 32-bit LCG; draw(N) is the next index below N
my $x = $bseed % 4294967296;
sub draw { $x = (1664525 * $x + 1013904223) % 4294967296; return int($x / 4294967296 * $_[0]) }

talks() if $talks;

# the scenes: every seed and variant must hold the same, in the same order
my $tb = load('tune', 'base', $seeds[0]);
my $db = load('dev', 'base', $seeds[0]);
my @tall = 0 .. $#$tb;
my @dall = 0 .. $#$db;
# halves: mmc-tune by episode (the scene name's sNNeMM), dev by document order
my %ep;
for my $i (@tall) { my ($e) = $tb->[$i][0] =~ /(s\d+e\d+)/i; push @{$ep{lc($e // 'other')}}, $i }
my @eps = sort keys %ep;
my @dA = grep { $_ % 2 == 0 } @dall;
my @dB = grep { $_ % 2 == 1 } @dall;
# dev by show, from the scene name's end: s07e01c00t is TBBT, s01e01c00f and
# s06e09c03fe Friends (the three `fe` scenes are Friends S06E09's)
my @dT = grep { $db->[$_][0] =~ /c\d+t\|/ } @dall;
my @dF = grep { $db->[$_][0] =~ /c\d+f[a-z]?\|/ } @dall;

# the resamples: drawn once, the same for every rule (paired)
my @res;
for (1 .. $nres) {
	push @res, [map { draw(scalar @tall) } @tall];
}
# the TBBT dev resamples: the same generator, after the tune ones
my @tres;
for (1 .. (@dT ? $nres : 0)) {
	push @tres, [map { $dT[draw(scalar @dT)] } @dT];
}

open my $rf, '<', $rules or die "audit.pl: $rules: $!\n";
my @rules = map { [split] } grep { /\S/ } <$rf>;
close $rf;

my ($bm0, $bc0, $dm0) = (0, 0, 0);
for my $s (@seeds) {
	my ($m, $c) = scores(load('tune', 'base', $s), \@tall);
	my ($dm) = scores(load('dev', 'base', $s), \@dall);
	$bm0 += $m / @seeds; $bc0 += $c / @seeds; $dm0 += $dm / @seeds;
}
printf "%s: baseline (--rules +articles) mmc-tune %.2f mention / %.2f CoNLL F1, MMC dev %.2f mention F1 (means of seeds %s; %d + %d scenes)\n",
	$lang, $bm0, $bc0, $dm0, join(' / ', @seeds), scalar @tall, scalar @dall;
my ($tT, $tF) = (0, 0);
for my $s (@seeds) {
	$tT += (scores(load('dev', 'base', $s), \@dT))[0] / @seeds if @dT;
	$tF += (scores(load('dev', 'base', $s), \@dF))[0] / @seeds if @dF;
}
printf "%s: MMC dev by show, mention F1: TBBT %.2f (%d scenes), Friends %.2f (%d scenes); mmc-tune is Friends\n",
	$lang, $tT, scalar @dT, $tF, scalar @dF;
printf "| rule | kind | default | tune gain, mention (seeds %s) | 90%% interval | tune scenes moved | tune gain, CoNLL (90%% interval) | dev gain, mention / CoNLL | verdict | dev-tbbt gain, mention (90%% interval) | dev-friends gain, mention | TBBT check |\n",
	join(' / ', @seeds);
print "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
my @tloss;
my @doubt;
my %count = (KEEP => 0, DOUBT => 0, off => 0);
# every row's figures first: an aligner row's verdict reads the control's
my %st;
sub far { abs($_[0]) > abs($_[1]) ? abs($_[0]) : abs($_[1]) }   # far END END: the end farther from zero
for my $r (@rules) {
	my ($name, $def, $kind) = @$r;
	die "audit.pl: the row ctl needs --ctl-seeds\n" if $name eq 'ctl' && !@cseeds;
	my $sign = $def eq 'on' ? 1 : -1;
	my %x = (sign => $sign);
	# the row ctl: each control triple in turn, pooled (one triple: its own figures)
	my (@g, @tg, @dabs, @bars);
	for my $t ($name eq 'ctl' ? 0 .. $#ctrip : 0) {
		$ct = $t;
		my ($tm, $tc) = gain('tune', $name, $sign, \@tall);
		my ($dm, $dc) = gain('dev', $name, $sign, \@dall);
		$x{tm} += $tm; $x{tc} += $tc; $x{dm} += $dm; $x{dc} += $dc;
		push @dabs, abs($dm);
		my @gt = map { [gain('tune', $name, $sign, $_)] } @res;
		push @bars, far(interval(map { $_->[0] } @gt));
		push @g, @gt;
		# the scenes whose mention counts the rule changes at some seed
		$x{moved} ||= grep { my $i = $_; grep { join(',', @{load('tune', 'base', $seeds[$_])->[$i][1]{mentions}}) ne
			join(',', @{vload('tune', $name, $_)->[$i][1]{mentions}}) } 0 .. $#seeds } @tall;
		# by show: the TBBT gain with its interval, the Friends gain
		$x{Tm} += @dT ? (gain('dev', $name, $sign, \@dT))[0] : 0;
		$x{Fm} += @dF ? (gain('dev', $name, $sign, \@dF))[0] : 0;
		push @tg, map { (gain('dev', $name, $sign, $_))[0] } @tres if @dT;
	}
	my $n = @bars;
	$x{$_} /= $n for qw(tm tc dm dc Tm Fm);
	$x{dabs} = 0; $x{dabs} += $_ / $n for @dabs;
	$x{bars} = \@bars;
	@x{qw(lo hi)} = interval(map { $_->[0] } @g);
	@x{qw(clo chi)} = interval(map { $_->[1] } @g);
	@x{qw(Tlo Thi)} = @dT ? interval(@tg) : (0, 0);
	$st{$name} = \%x;
}
my $ctl = $st{ctl};
# the control's bar: the far end of its (pooled) tune interval from zero;
# the dev allowance: the mean of the triples' |dev gain|
my $bar = $ctl ? far($ctl->{lo}, $ctl->{hi}) : 0;
my $dfloor = $ctl ? -($tol + $ctl->{dabs}) : 0;
my (@aligner, %rowtest);
for my $r (@rules) {
	my ($name, $def, $kind, $pdef) = @$r;
	$pdef //= $def;
	my $x = $st{$name};
	my ($tm, $tc, $dm, $dc, $lo, $hi, $clo, $chi, $moved, $Tm, $Fm, $Tlo, $Thi) =
		@$x{qw(tm tc dm dc lo hi clo chi moved Tm Fm Tlo Thi)};
	my $none = !grep { abs($_) > 1e-9 } $tm, $tc, $dm, $dc, $lo, $hi;
	my $v;
	$none ||= !$moved && !grep { abs($_) > 1e-9 } $dm, $dc;
	# the rule rows' test
	my $pass = $lo > 0 && $dm >= -$tol;
	if ($kind eq 'control') {
		# what a new chain alone does; were it a rule, would it pass?
		$v = 'control: ' . ($pass ? 'the chain alone passes the rule rows\' test' : 'the chain alone');
	} elsif ($kind eq 'aligner' && $ctl && $def eq 'on') {
		# a kept setting of the aligner: KEEP only against the control too
		$rowtest{$name} = $pass ? 'KEEP' : 'DOUBT';
		$v = $lo > 0 && $tm > $bar && $dm >= $dfloor ? 'KEEP' : $pass ? "DOUBT (within the aligner's noise)" : 'DOUBT';
		$v .= ' (no effect)' if $none;
		push @doubt, $r if $v =~ /DOUBT/;
		push @aligner, $name;
	} elsif ($def eq 'on') {
		$v = $pass ? 'KEEP' : 'DOUBT';
		$v .= ' (no effect)' if $none;
		$v .= ' (moves no tune scene)' if !$moved && !$none;
		push @doubt, $r if $v =~ /DOUBT/;
	} elsif ($kind eq 'aligner' && $ctl) {
		$rowtest{$name} = $pass ? 'would pass on' : 'stays off';
		$v = $lo > 0 && $tm > $bar && $dm >= $dfloor ? 'off; would pass on'
			: $pass ? "off; within the aligner's noise" : 'off; stays off';
		$v = 'off; no effect' if $none;
		push @aligner, $name;
	} else {
		$v = $pass ? 'off; would pass on' : 'off; stays off';
		$v = 'off; no effect' if $none;
		$v .= ' (no control)' if $kind eq 'aligner';
	}
	$v .= ' (no control)' if $kind eq 'aligner' && !$ctl && $def eq 'on';
	$x->{v} = $v;
	$count{$v =~ /^(KEEP|DOUBT)/ ? $1 : 'off'}++ unless $kind eq 'control';
	# the TBBT check
	my $chk = !@dT ? 'no TBBT scenes' : $Thi < 0 ? ($lo <= 0 ? 'loses; remove (tune within noise)' : 'loses; tune gain holds')
		: $Tlo > 0 ? 'gains' : 'within noise';
	$chk = 'no effect' if $none && abs($Tm) < 1e-9 && abs($Tlo) < 1e-9 && abs($Thi) < 1e-9;
	if ($def ne 'on' && $chk =~ /^loses/) { $chk = 'loses turned on' }
	$chk = 'the chain alone: ' . ($Thi < 0 ? 'below zero' : $Tlo > 0 ? 'above zero' : 'within noise')
		if $kind eq 'control';
	push @tloss, $name if $def eq 'on' && $chk =~ /remove/;
	printf "| `%s` | %s | %s | %+.2f (%s) | %s .. %s | %d | %+.2f (%s .. %s) | %+.2f / %+.2f | %s | %+.2f (%s .. %s) | %+.2f | %s |\n",
		$name, $kind,
		$kind eq 'control' ? 'seeds ' . join(', ', map { join ' / ', @$_ } @ctrip) . (@ctrip > 1 ? ' (pooled; ' : ' (')
			. 'gain: against seeds ' . join(' / ', @seeds) . ')'
		: $def eq 'on' ? ($pdef eq 'on' ? 'on' : 'off (on in the benchmarks)') : 'off (gain: turned on)', $tm, per_seed('tune', $name, $x->{sign}, \@tall),
		bound($lo), bound($hi), $moved, $tc, bound($clo), bound($chi), $dm, $dc, $v,
		$Tm, bound($Tlo), bound($Thi), $Fm, $chk;
}
# each aligner row beside the control, both verdicts
if (@aligner) {
	printf "\n%s: aligner rows against the control (the baseline at seeds %s, paired with %s): mention F1; pass: interval > 0, tune gain > %.2f (the far end of the control's interval from zero), dev gain >= %+.2f (-(TOL + |control's dev gain|%s))%s\n",
		$lang, join(', ', map { join ' / ', @$_ } @ctrip), join(' / ', @seeds), $bar, $dfloor,
		@ctrip > 1 ? ', the mean of the triples\'' : '',
		@ctrip > 1 ? sprintf('; pooled over %d triples, whose own bars are %s and dev gains %s', scalar @ctrip,
			join(', ', map { sprintf '%.2f', $_ } @{$ctl->{bars}}),
			join(', ', map { $ct = $_; sprintf '%+.2f', (gain('dev', 'ctl', $ctl->{sign}, \@dall))[0] } 0 .. $#ctrip)) : '';
	print "| row | tune gain (seeds) | 90% interval | control: tune gain (seeds) | control: 90% interval | dev gain | control: dev gain | dev-tbbt gain (90% interval) | control: dev-tbbt gain (90% interval) | the rule rows' test | against the control |\n";
	print "|---|---|---|---|---|---|---|---|---|---|---|\n";
	for my $n (@aligner) {
		my $x = $st{$n};
		printf "| `%s` | %+.2f (%s) | %s .. %s | %+.2f (%s) | %s .. %s | %+.2f | %+.2f | %+.2f (%s .. %s) | %+.2f (%s .. %s) | %s | %s |\n",
			$n, $x->{tm}, per_seed('tune', $n, $x->{sign}, \@tall), bound($x->{lo}), bound($x->{hi}),
			$ctl->{tm}, per_seed('tune', 'ctl', $ctl->{sign}, \@tall), bound($ctl->{lo}), bound($ctl->{hi}),
			$x->{dm}, $ctl->{dm}, $x->{Tm}, bound($x->{Tlo}), bound($x->{Thi}),
			$ctl->{Tm}, bound($ctl->{Tlo}), bound($ctl->{Thi}), $rowtest{$n}, $x->{v} =~ s/^off; //r;
	}
}
# the aligner rows' verdicts against the control, for audit.sh's summary
if (open my $cf, '>', "$dir/$lang.aligner") {
	print $cf "$_ ", $st{$_}{v} =~ s/^off; //r, "\n" for @aligner;
	close $cf;
}
# the rules the TBBT check would remove, for audit.sh's summary
if (open my $cf, '>', "$dir/$lang.tbbt") { print $cf join(' ', @tloss), "\n"; close $cf }
# the counts, for audit.sh's last line
if (open my $cf, '>', "$dir/$lang.verdicts") { print $cf "$count{KEEP} $count{DOUBT} $count{off}\n"; close $cf }
exit 0 unless @doubt;
printf "\n%s: removing each rule in doubt (variant minus baseline, mention F1, means of the seeds): all scenes and each half\n", $lang;
printf "| rule | mmc-tune | %s | MMC dev | dev half A (even places) | dev half B (odd places) | dev-tbbt (%d scenes) | dev-friends (%d scenes) |\n",
	join(' | ', map { "mmc-tune $_ (" . scalar(@{$ep{$_}}) . ' scenes)' } @eps), scalar @dT, scalar @dF;
print '|---' x (7 + @eps), "|\n";
for my $r (@doubt) {
	my $n = $r->[0];
	my @c = map { sprintf '%+.2f', -(gain(@$_))[0] }
		['tune', $n, 1, \@tall], (map { ['tune', $n, 1, $ep{$_}] } @eps), ['dev', $n, 1, \@dall],
		['dev', $n, 1, \@dA], ['dev', $n, 1, \@dB], ['dev', $n, 1, \@dT], ['dev', $n, 1, \@dF];
	print "| `$n` | ", join(' | ', @c), " |\n";
}

# talks: the rows of --talks (ParCorFull's talks: bench/parcorfull.sh AUDIT=1)
sub talks {
	my $d0 = load('talks', 'base', $seeds[0]);
	my @all = 0 .. $#$d0;
	my $n = @all;
	die "audit.pl: $dir/$lang.$seeds[0].talks.base.json: fewer than two documents\n" if $n < 2;
	my @h1 = @all[0 .. int($n / 2) - 1];
	my @h2 = @all[int($n / 2) .. $#all];
	my $names = join ' ', map { $_->[0] } @$d0;
	my @res = map { [map { draw($n) } @all] } 1 .. $nres;
	# each talk alone (kept: gain caches the baseline's scores by the list's address)
	my @one = map { [$_] } @all;
	open my $rf, '<', $rules or die "audit.pl: $rules: $!\n";
	my @rules = map { [split] } grep { /\S/ } <$rf>;
	close $rf;
	# every seed and variant: the same talks in the same order
	for my $t ('base', map { $_->[0] } @rules) {
		for my $s (@seeds) {
			my $got = join ' ', map { $_->[0] } @{load('talks', $t, $s)};
			die "audit.pl: $dir/$lang.$s.talks.$t.json: other documents than $dir/$lang.$seeds[0].talks.base.json\n"
				if $got ne $names;
		}
	}
	my ($bm, $bc) = (0, 0);
	my @per;
	for my $s (@seeds) {
		my ($m, $c) = scores(load('talks', 'base', $s), \@all);
		$bm += $m / @seeds; $bc += $c / @seeds;
		push @per, sprintf '%.2f', $m;
	}
	my $who = $label ne '' ? $label : $lang;
	printf "%s: baseline %.2f mention / %.2f CoNLL F1 (means of seeds %s: %s mention F1); %d talks, halves %d + %d\n",
		$who, $bm, $bc, join(' / ', @seeds), join(' / ', @per), $n, scalar @h1, scalar @h2;
	printf "| rule | default | gain, mention (seeds %s) | 90%% interval | gain, CoNLL (90%% interval) | half 1; half 2 | talks up / unchanged / down | verdict |\n",
		join(' / ', @seeds);
	print "|---|---|---|---|---|---|---|---|\n";
	my @out;
	for my $r (@rules) {
		my ($name, $def) = @$r;
		my $sign = $def eq 'on' ? 1 : -1;
		my ($gm, $gc) = gain('talks', $name, $sign, \@all);
		my @g = map { [gain('talks', $name, $sign, $_)] } @res;
		my ($lo, $hi) = interval(map { $_->[0] } @g);
		my ($clo, $chi) = interval(map { $_->[1] } @g);
		my ($g1) = gain('talks', $name, $sign, \@h1);
		my ($g2) = gain('talks', $name, $sign, \@h2);
		my ($up, $eq, $down, $moved) = (0, 0, 0, 0);
		for my $i (@all) {
			my ($tm, $tc) = gain('talks', $name, $sign, $one[$i]);
			$tm > 1e-9 ? $up++ : $tm < -1e-9 ? $down++ : $eq++;
			# moved: some seed changes the talk's mention or CoNLL F1
			$moved++ if grep {
				my ($a1, $a2) = scores(load('talks', 'base', $_), [$i]);
				my ($b1, $b2) = scores(load('talks', $name, $_), [$i]);
				abs($a1 - $b1) > 1e-9 || abs($a2 - $b2) > 1e-9
			} @seeds;
		}
		my $pass = $gm > 1e-9 && $lo >= -1e-9 && $g1 >= -$tol && $g2 >= -$tol && $up > $down;
		my $v;
		if ($def eq 'on') {
			$v = $pass ? 'KEEP' : 'DOUBT';
			$v .= ' (no effect)' if !$moved;
		} else {
			$v = !$moved ? 'off; no effect' : $pass ? 'off; would pass on' : 'off; stays off';
		}
		push @out, "$name $v";
		printf "| `%s` | %s | %+.2f (%s) | %s .. %s | %+.2f (%s .. %s) | %+.2f; %+.2f | %d / %d / %d | %s |\n",
			$name, $def eq 'on' ? 'on' : 'off (gain: turned on)', $gm,
			join('/', map { my $s = $_; sprintf '%+.2f', $sign * ((scores(load('talks', 'base', $s), \@all))[0]
				- (scores(load('talks', $name, $s), \@all))[0]) } @seeds),
			bound($lo), bound($hi), $gc, bound($clo), bound($chi), $g1, $g2, $up, $eq, $down, $v;
	}
	if (open my $cf, '>', "$dir/$lang.talks.verdicts") { print $cf "$_\n" for @out; close $cf }
	exit 0;
}
