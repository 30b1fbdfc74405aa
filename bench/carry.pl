# bench/carry.pl — the arithmetic of bench/carry.sh: the per-document scores
# (`xproj score --per-doc --json`) of the baseline and of each fold's
# projection, per aligner seed; a scene is taken from the fold that held it
# out (its place modulo the number of folds).  Prints mention and CoNLL F1
# of the baseline and of the folds together (means of the seeds), the
# difference (each seed's too), and its scene-bootstrap 90% interval:
# bench/audit.pl's resampling (the same 32-bit LCG, counts summed over a
# resample before dividing, the gain's mean over the seeds, 5th..95th
# percentile).
#
#   perl bench/carry.pl --lang L --set NAME --seeds "1 7" --folds K --dir DIR --resamples N [--boot-seed S]
# DIR/L.SEED.base.json and DIR/L.SEED.NAME.FOLD.json
use strict;
use warnings;
use JSON::PP;
use Getopt::Long;

my ($lang, $set, $nres, $bseed, $seeds, $nf, $dir) = ('', '', 1000, 33, '1', 4, '.');
GetOptions('lang=s' => \$lang, 'set=s' => \$set, 'resamples=i' => \$nres, 'boot-seed=i' => \$bseed,
	   'seeds=s' => \$seeds, 'folds=i' => \$nf, 'dir=s' => \$dir) or die "carry.pl: bad options\n";
my @seeds = split ' ', $seeds;
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

# per seed: the baseline's scenes, and each scene from the fold that held it out
my (@base, @cv);
for my $s (@seeds) {
	my $b = load("$dir/$lang.$s.base.json");
	my @fd = map { load("$dir/$lang.$s.$set.$_.json") } 0 .. $nf - 1;
	my @v = map { my $i = $_; $fd[$i % $nf][$i] // die "carry.pl: fold " . ($i % $nf) . ": no scene $i\n" } 0 .. $#$b;
	$v[$_][0] eq $b->[$_][0] or die "carry.pl: scene $_ differs: $v[$_][0], $b->[$_][0]\n" for 0 .. $#$b;
	push @base, $b;
	push @cv, \@v;
}
my @all = 0 .. $#{$base[0]};
sub means {   # (base mention, base CoNLL, with mention, with CoNLL) over the seeds, scenes idx
	my ($idx) = @_;
	my @m = (0) x 4;
	for my $k (0 .. $#seeds) {
		my @b = scores($base[$k], $idx);
		my @v = scores($cv[$k], $idx);
		$m[$_] += $b[$_] / @seeds for 0, 1;
		$m[$_ + 2] += $v[$_] / @seeds for 0, 1;
	}
	return @m;
}
my ($bm, $bc, $vm, $vc) = means(\@all);
my $per = join '/', map { my @b = scores($base[$_], \@all); my @v = scores($cv[$_], \@all); sprintf '%+.2f', $v[0] - $b[0] } 0 .. $#seeds;
my $x = $bseed % 4294967296;
my (@gm, @gc);
for (1 .. $nres) {
	my @r = map { $x = (1664525 * $x + 1013904223) % 4294967296; int($x / 4294967296 * @all) } @all;
	my ($m0, $c0, $m1, $c1) = means(\@r);
	push @gm, $m1 - $m0;
	push @gc, $c1 - $c0;
}
sub interval { my @b = sort { $a <=> $b } @_; return ($b[int(0.05 * @b)], $b[int(0.95 * @b) - (@b >= 20 ? 1 : 0)]) }
my ($ml, $mh) = interval(@gm);
my ($cl, $ch) = interval(@gc);
my $moved = grep { my $i = $_; grep { join(',', @{$base[$_][$i][1]{mentions}}) ne join(',', @{$cv[$_][$i][1]{mentions}}) } 0 .. $#seeds } @all;
printf "%s %-5s mention F1 %.2f -> %.2f (%+.2f; seeds %s: %s; 90%% %+.2f .. %+.2f)   CoNLL F1 %.2f -> %.2f (%+.2f, 90%% %+.2f .. %+.2f)   %d of %d scenes moved\n",
	$lang, $set, $bm, $vm, $vm - $bm, join('/', @seeds), $per, $ml, $mh, $bc, $vc, $vc - $bc, $cl, $ch, $moved, scalar @all;
