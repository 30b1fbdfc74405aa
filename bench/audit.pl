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
# Every figure sums a metric's numerators and denominators over the scenes
# it covers before dividing, as the scorer does over a corpus: a resample is
# scored as one corpus of the scenes drawn.  The generator is a 32-bit LCG
# written here, so the resamples are the same on every machine and Perl.
#
#   perl bench/audit.pl --lang L --dir DIR --seeds "1 7 11" --resamples N
#        --boot-seed S --tol T --rules FILE
# FILE: "name baseline-on|off kind pack-default-on|off" lines; DIR/L.SEED.{tune,dev}.{base,NAME}.json.
use strict;
use warnings;
use JSON::PP;
use Getopt::Long;

my ($lang, $dir, $seeds, $nres, $bseed, $tol, $rules) = ('', '', '1', 1000, 33, 0.05, '');
GetOptions('lang=s' => \$lang, 'dir=s' => \$dir, 'seeds=s' => \$seeds, 'resamples=i' => \$nres,
	   'boot-seed=i' => \$bseed, 'tol=f' => \$tol, 'rules=s' => \$rules) or die "audit.pl: bad options\n";
my @seeds = split ' ', $seeds;
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

# gain SET TAG SIGN IDX: mean over seeds of SIGN * (base - variant), mention and CoNLL
sub gain {
	my ($set, $tag, $sign, $idx) = @_;
	my ($gm, $gc) = (0, 0);
	for my $s (@seeds) {
		# the baseline's scores of a resample are the same for every rule
		my ($bm, $bc) = @{$base{"$set|$s|$idx"} //= [scores(load($set, 'base', $s), $idx)]};
		my ($vm, $vc) = scores(load($set, $tag, $s), $idx);
		$gm += $sign * ($bm - $vm);
		$gc += $sign * ($bc - $vc);
	}
	return ($gm / @seeds, $gc / @seeds);
}

sub per_seed {   # the mention gain at each seed, "+0.10/-0.02/..."
	my ($set, $tag, $sign, $idx) = @_;
	return join '/', map {
		my ($bm) = scores(load($set, 'base', $_), $idx);
		my ($vm) = scores(load($set, $tag, $_), $idx);
		sprintf '%+.2f', $sign * ($bm - $vm)
	} @seeds;
}

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
my $x = $bseed % 4294967296;
my @res;
for (1 .. $nres) {
	push @res, [map { $x = (1664525 * $x + 1013904223) % 4294967296; int($x / 4294967296 * @tall) } @tall];
}
# the TBBT dev resamples: the same generator, after the tune ones
my @tres;
for (1 .. (@dT ? $nres : 0)) {
	push @tres, [map { $x = (1664525 * $x + 1013904223) % 4294967296; $dT[int($x / 4294967296 * @dT)] } @dT];
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
for my $r (@rules) {
	my ($name, $def, $kind, $pdef) = @$r;
	$pdef //= $def;
	my $sign = $def eq 'on' ? 1 : -1;
	my ($tm, $tc) = gain('tune', $name, $sign, \@tall);
	my ($dm, $dc) = gain('dev', $name, $sign, \@dall);
	my @g = map { [gain('tune', $name, $sign, $_)] } @res;
	my ($lo, $hi) = interval(map { $_->[0] } @g);
	my ($clo, $chi) = interval(map { $_->[1] } @g);
	# the scenes whose mention counts the rule changes at some seed
	my $moved = grep { my $i = $_; grep { join(',', @{load('tune', 'base', $_)->[$i][1]{mentions}}) ne
		join(',', @{load('tune', $name, $_)->[$i][1]{mentions}}) } @seeds } @tall;
	my $none = !grep { abs($_) > 1e-9 } $tm, $tc, $dm, $dc, $lo, $hi;
	my $v;
	$none ||= !$moved && !grep { abs($_) > 1e-9 } $dm, $dc;
	if ($def eq 'on') {
		$v = ($lo > 0 && $dm >= -$tol) ? 'KEEP' : 'DOUBT';
		$v .= ' (no effect)' if $none;
		$v .= ' (moves no tune scene)' if !$moved && !$none;
		push @doubt, $r if $v =~ /DOUBT/;
	} else {
		$v = ($lo > 0 && $dm >= -$tol) ? 'off; would pass on' : 'off; stays off';
		$v = 'off; no effect' if $none;
	}
	$count{$v =~ /^(KEEP|DOUBT)/ ? $1 : 'off'}++;
	# by show: the TBBT gain with its interval, the Friends gain, the check
	my ($Tm) = @dT ? gain('dev', $name, $sign, \@dT) : (0);
	my ($Fm) = @dF ? gain('dev', $name, $sign, \@dF) : (0);
	my ($Tlo, $Thi) = @dT ? interval(map { (gain('dev', $name, $sign, $_))[0] } @tres) : (0, 0);
	my $chk = !@dT ? 'no TBBT scenes' : $Thi < 0 ? ($lo <= 0 ? 'loses; remove (tune within noise)' : 'loses; tune gain holds')
		: $Tlo > 0 ? 'gains' : 'within noise';
	$chk = 'no effect' if $none && abs($Tm) < 1e-9 && abs($Tlo) < 1e-9 && abs($Thi) < 1e-9;
	if ($def ne 'on' && $chk =~ /^loses/) { $chk = 'loses turned on' }
	push @tloss, $name if $def eq 'on' && $chk =~ /remove/;
	printf "| `%s` | %s | %s | %+.2f (%s) | %s .. %s | %d | %+.2f (%s .. %s) | %+.2f / %+.2f | %s | %+.2f (%s .. %s) | %+.2f | %s |\n",
		$name, $kind,
		$def eq 'on' ? ($pdef eq 'on' ? 'on' : 'off (on in the benchmarks)') : 'off (gain: turned on)', $tm, per_seed('tune', $name, $sign, \@tall),
		bound($lo), bound($hi), $moved, $tc, bound($clo), bound($chi), $dm, $dc, $v,
		$Tm, bound($Tlo), bound($Thi), $Fm, $chk;
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
