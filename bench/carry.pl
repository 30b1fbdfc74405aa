# bench/carry.pl — the arithmetic of bench/carry.sh: the per-document scores
# (`xproj score --per-doc --json`) of the baseline and of each fold's
# projection; a scene is taken from the fold that held it out (its place
# modulo the number of folds).  Prints mention and CoNLL F1 of the baseline
# and of the folds together, the difference, and its scene-bootstrap 90%
# interval: bench/audit.pl's resampling (the same 32-bit LCG, counts summed
# over a resample before dividing, 5th..95th percentile).
#
#   perl bench/carry.pl --lang L --set NAME --resamples N [--boot-seed S] --base B.json F0.json F1.json ...
use strict;
use warnings;
use JSON::PP;
use Getopt::Long;

my ($lang, $set, $nres, $bseed, $basef) = ('', '', 1000, 33, '');
GetOptions('lang=s' => \$lang, 'set=s' => \$set, 'resamples=i' => \$nres, 'boot-seed=i' => \$bseed,
	   'base=s' => \$basef) or die "carry.pl: bad options\n";
my @folds = @ARGV or die "carry.pl: no fold scores\n";
my @metrics = qw(mentions muc bcub ceafe);

sub load {   # [[doc, {metric => [rn, rd, pn, pd]}], ...] in file order
	my ($f) = @_;
	open my $fh, '<', $f or die "carry.pl: $f: $!\n";
	my $j = decode_json(do { local $/; <$fh> });
	close $fh;
	return [map { my $x = $_; ["$x->{doc}|$x->{part}", {map { $_ => [@{$x->{$_}{recall}}, @{$x->{$_}{precision}}] } @metrics}] }
		@{$j->{documents}}];
}

sub f1 {
	my ($c) = @_;
	my $r = $c->[1] ? $c->[0] / $c->[1] : 0;
	my $p = $c->[3] ? $c->[2] / $c->[3] : 0;
	return $r + $p > 0 ? 200 * $r * $p / ($r + $p) : 0;
}

sub scores {   # (mention F1, CoNLL F1) of the scenes idx (with repeats)
	my ($d, $idx) = @_;
	my %s;
	for my $i (@$idx) { for my $k (@metrics) { $s{$k}[$_] += $d->[$i][1]{$k}[$_] for 0 .. 3 } }
	return (f1($s{mentions}), (f1($s{muc}) + f1($s{bcub}) + f1($s{ceafe})) / 3);
}

my $base = load($basef);
my @fd = map { load($_) } @folds;
# each scene from the fold that held it out
my @cv = map { my $i = $_; $fd[$i % @fd][$i] // die "carry.pl: $folds[$i % @fd]: no scene $i\n" } 0 .. $#$base;
$cv[$_][0] eq $base->[$_][0] or die "carry.pl: scene $_ differs: $cv[$_][0], $base->[$_][0]\n" for 0 .. $#$base;
my @all = 0 .. $#$base;
my ($bm, $bc) = scores($base, \@all);
my ($vm, $vc) = scores(\@cv, \@all);
my $x = $bseed % 4294967296;
my (@gm, @gc);
for (1 .. $nres) {
	my @r = map { $x = (1664525 * $x + 1013904223) % 4294967296; int($x / 4294967296 * @all) } @all;
	my ($m0, $c0) = scores($base, \@r);
	my ($m1, $c1) = scores(\@cv, \@r);
	push @gm, $m1 - $m0;
	push @gc, $c1 - $c0;
}
sub interval { my @b = sort { $a <=> $b } @_; return ($b[int(0.05 * @b)], $b[int(0.95 * @b) - (@b >= 20 ? 1 : 0)]) }
my ($ml, $mh) = interval(@gm);
my ($cl, $ch) = interval(@gc);
my $moved = grep { join(',', @{$base->[$_][1]{mentions}}) ne join(',', @{$cv[$_][1]{mentions}}) } @all;
printf "%s %-5s mention F1 %.2f -> %.2f (%+.2f, 90%% %+.2f .. %+.2f)   CoNLL F1 %.2f -> %.2f (%+.2f, 90%% %+.2f .. %+.2f)   %d of %d scenes moved\n",
	$lang, $set, $bm, $vm, $vm - $bm, $ml, $mh, $bc, $vc, $vc - $bc, $cl, $ch, $moved, scalar @all;
