# bench/transfer.pl — the arithmetic of bench/transfer.sh (issue 33: a
# confidence that transfers across shows).  Reads `xproj judge --labels`
# files (rank, DOC|ID, fate, label, conf) and prints, per set of projected
# mentions, what `db triage`'s order of them (lowest confidence first, as
# judge's default order) finds: the share of the wrong projections in its
# first 10 / 25 / 50% (judge's arithmetic: the first ceil(share * n)
# items), and the calibration of the projected mentions (ten equal-width
# bins: ECE, and the worst gap in bins of >= 30 items, -1 when none has 30).
#
#   perl bench/transfer.pl [--resamples N] [--boot-seed S] [--types]
#        --set NAME=FILE[,FILE...][@SHOW] ... [--vs NAME=BASENAME ...]
#
# A set is the projected mentions of its files (several: the folds of a
# cross-fit, each judged by its own model, merged and ordered by confidence)
# of one show's scenes (SHOW: tbbt, a scene whose name ends in t, or
# friends, in f or fe).  --vs compares two sets of the same
# mentions (two models, two builds) on a scene bootstrap: N resamples of the
# scenes (drawn with repeats; a scene drawn twice counts its mentions
# twice), each resample's queue ordered afresh, and the difference of each
# figure with its 90% interval.  judge labels a wrong projection "unmarked"
# where the reference marks no mention overlapping its span (on characters,
# in its sentence: docs/cmd/judge.md; a silver's misses, and spans a
# corrector would delete); by default they count as wrong, --marked leaves
# them out, --unmarked-right counts them as right (the three views of
# issue 33).
# --types prints each kind of mention's own
# first quarter (the report's features pronoun and name: the report of
# P.M.labels.tsv, the projection P judged by model M, is P.report.json).  The generator is a
# 32-bit LCG written here, so the resamples are the same on every machine.
use strict;
use warnings;
use Getopt::Long;
use POSIX qw(ceil);
$SIG{__DIE__} = sub { print STDERR $_[0]; exit 2 };   # bad input: exit 2, as a usage error

my ($nres, $bseed, $types, $marked, $uright, @sets, @vs) = (1000, 33, 0, 0, 0);
GetOptions('resamples=i' => \$nres, 'boot-seed=i' => \$bseed, 'types' => \$types, 'marked' => \$marked,
	   'unmarked-right' => \$uright, 'set=s' => \@sets, 'vs=s' => \@vs) or die "transfer.pl: bad options\n";
@sets or die "transfer.pl: no --set\n";
!($marked && $uright) or die "transfer.pl: --marked or --unmarked-right, not both\n";

# kinds FILE: {DOC|ID => p (pronoun), n (name), o (other noun phrase)}
my %kcache;
sub kinds {
	my ($f) = @_;
	(my $r = $f) =~ s/\.[^.\/]+\.labels\.tsv$/.report.json/;
	return $kcache{$r} if $kcache{$r};
	require JSON::PP;
	# the report: one JSON object, or (as xproj writes it) its head and then
	# a line a document
	open my $fh, '<', $r or die "transfer.pl: $r: $!\n";
	my @lines = <$fh>;
	close $fh;
	my $j = @lines > 1 ? JSON::PP::decode_json(shift @lines) : JSON::PP::decode_json($lines[0] // '');
	my @docs = @lines ? map { JSON::PP::decode_json($_) } grep { /\S/ } @lines : @{$j->{documents} // []};
	my ($ip, $in);
	my $names = $j->{features} or die "transfer.pl: $r: no features\n";
	for my $i (0 .. $#$names) {
		$ip = $i if $names->[$i] eq 'pronoun';
		$in = $i if $names->[$i] eq 'name';
	}
	defined $ip && defined $in or die "transfer.pl: $r: no pronoun / name feature\n";
	my %k;
	for my $d (@docs) {
		for my $m (@{$d->{detail}}) {
			my $f = $m->{f} or next;   # by name (xproj's reports), or in the order of "features"
			my ($p, $n) = ref $f eq 'HASH' ? ($f->{pronoun}, $f->{name}) : ($f->[$ip], $f->[$in]);
			# judge's key: DOC|ID, or DOC|PART:ID for a document's later part
			for my $id ("$d->{doc}|$m->{id}", "$d->{doc}|" . ($d->{part} // 0) . ":$m->{id}") {
				$k{$id} = $p ? 'p' : $n ? 'n' : 'o';
			}
		}
	}
	return $kcache{$r} = \%k;
}

# the sets: NAME => {scenes => [doc, ...], items => {doc => [[conf, wrong, kind, order], ...]}}
my (%set, @order);
for my $spec (@sets) {
	my ($name, $files, $show) = $spec =~ /^([^=]+)=([^@]+)(?:@(tbbt|friends))?$/ or die "transfer.pl: bad --set $spec\n";
	my (%items, @scenes);
	my $n = 0;
	for my $f (split /,/, $files) {
		my $k = $types ? kinds($f) : undef;
		open my $fh, '<', $f or die "transfer.pl: $f: $!\n";
		while (<$fh>) {
			chomp;
			my ($rank, $key, $fate, $label, $conf) = split /\t/;
			next if $rank eq 'rank' || ($label ne 'right' && $label ne 'wrong' && $label ne 'unmarked');
			my ($doc) = $key =~ /^(.*)\|/;
			next if defined $show && ($doc =~ /t$/ ? 'tbbt' : 'friends') ne $show;
			next if $label eq 'unmarked' && $marked;
			$label = $label eq 'unmarked' ? ($uright ? 'right' : 'wrong') : $label;
			push @scenes, $doc unless $items{$doc};
			my $kind = $k ? ($k->{$key} // 'o') : 'o';
			push @{$items{$doc}}, [$conf, $label eq 'wrong' ? 1 : 0, $kind, $n++];
		}
		close $fh;
	}
	@scenes or die "transfer.pl: $spec: no projected mention\n";
	$set{$name} = {scenes => \@scenes, items => \%items};
	push @order, $name;
}

# figures ITEMS: (top10, top25, top50, ece, worst, n, wrong) of a list of
# [conf, wrong, kind, order], ordered lowest confidence first (ties: order)
sub figures {
	my ($it) = @_;
	my @q = sort { $a->[0] <=> $b->[0] || $a->[3] <=> $b->[3] } @$it;
	my $n = @q;
	my $pos = 0;
	$pos += $_->[1] for @q;
	my @top = (0, 0, 0);
	my @at = (0.10, 0.25, 0.50);
	my $found = 0;
	for my $i (0 .. $#q) {
		$found += $q[$i][1];
		for my $k (0 .. 2) {
			$top[$k] = $pos ? 100 * $found / $pos : 0 if $i + 1 == ceil($at[$k] * $n - 1e-9);
		}
	}
	my (@bn, @bp, @bo);
	for my $x (@q) {
		my $b = int($x->[0] * 10);
		$b = 9 if $b > 9;
		$b = 0 if $b < 0;
		$bn[$b]++, $bp[$b] += $x->[0], $bo[$b] += 1 - $x->[1];
	}
	my ($ece, $worst) = (0, -1);
	for my $b (0 .. 9) {
		next unless $bn[$b];
		my $g = abs($bp[$b] - $bo[$b]) / $bn[$b];
		$ece += $bn[$b] * $g;
		$worst = $g if $bn[$b] >= 30 && $g > $worst;
	}
	return (@top, $n ? $ece / $n : 0, $worst, $n, $pos);
}

sub all_items {
	my ($s, $scenes) = @_;
	return [map { @{$s->{items}{$_} // []} } @$scenes];
}

for my $name (@order) {
	my $s = $set{$name};
	my @f = figures(all_items($s, $s->{scenes}));
	printf "%s: %d scenes, %d projected, %d wrong: first 10 / 25 / 50%% %.1f / %.1f / %.1f%%, ECE %.3f, worst gap %s\n",
		$name, scalar @{$s->{scenes}}, $f[5], $f[6], @f[0 .. 3], $f[4] < 0 ? 'none (no bin of 30)' : sprintf '%.3f', $f[4];
	next unless $types;
	my @t;
	for my $k (['p', 'pronouns'], ['n', 'names'], ['o', 'other noun phrases']) {
		my @g = figures([grep { $_->[2] eq $k->[0] } @{all_items($s, $s->{scenes})}]);
		push @t, sprintf '%s %.1f%% (%d wrong of %d)', $k->[1], $g[1], $g[6], $g[5];
	}
	print "  each kind's own first quarter: ", join(', ', @t), "\n";
}

# the generator: a 32-bit LCG (Numerical Recipes' constants)
my $state = $bseed;
sub draw {   # draw N: 0 .. N-1
	$state = (1664525 * $state + 1013904223) % 4294967296;
	return int($state / 4294967296 * $_[0]);
}

for my $v (@vs) {
	my ($na, $nb) = $v =~ /^([^=]+)=(.+)$/ or die "transfer.pl: bad --vs $v\n";
	my ($sa, $sb) = ($set{$na}, $set{$nb});
	$sa && $sb or die "transfer.pl: --vs $v: no such set\n";
	my @sc = @{$sa->{scenes}};
	my @fa = figures(all_items($sa, \@sc));
	my @fb = figures(all_items($sb, \@sc));
	my @d = map { $fa[$_] - $fb[$_] } 0 .. 3;
	my @r;
	for (1 .. $nres) {
		my @pick = map { $sc[draw(scalar @sc)] } @sc;
		my @xa = figures(all_items($sa, \@pick));
		my @xb = figures(all_items($sb, \@pick));
		push @{$r[$_]}, $xa[$_] - $xb[$_] for 0 .. 3;
	}
	my @iv;
	for my $k (0 .. 3) {
		my @s = sort { $a <=> $b } @{$r[$k]};
		push @iv, [$s[int(0.05 * $nres)], $s[int(0.95 * $nres) - 1]];
	}
	printf "%s against %s (%d scenes, %d resamples): first 10%% %+.1f (%+.1f .. %+.1f), 25%% %+.1f (%+.1f .. %+.1f), "
		. "50%% %+.1f (%+.1f .. %+.1f) points; ECE %+.3f (%+.3f .. %+.3f)\n",
		$na, $nb, scalar @sc, $nres, map { ($d[$_], @{$iv[$_]}) } 0 .. 3;
}
