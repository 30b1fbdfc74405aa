#!/usr/bin/perl
# link_errors.pl EN.conll REPORT.json KEY.conll ALIGNED.jsonl MAP SYM SYM.probs FWD REV [chars] [examples]:
# which word-alignment links make a projected span wrong, judged against
# the corrected target file (the analysis behind the link rules that were
# measured for `wordalign --sym` and `project`; README, Which links make a
# span).  SYM is the symmetrised alignment `project` read (with its
# --probs), FWD and REV the two directions (`wordalign --forward/--reverse`;
# a link of SYM that only one of them holds has half its posterior in
# SYM.probs, one that both hold the mean of the two).  For every projected
# mention whose English side has two words or more, and whose span overlaps
# a corrected mention (the one of most overlap), it prints:
#   edges   the first and last target token of the span the links alone make
#           (the smallest span over the mention's links, before any rule),
#           when two tokens or more are linked: inside the corrected mention
#           or not, by the link that holds it (both directions, or one
#           direction with its posterior >= 0.5 or below)
#   words   the English words whose links land outside the corrected mention
#           most often (with how many of their links do)
#   missing the tokens a too-short span lacks: linked to the mention by one
#           direction only (the symmetrisation dropped it), linked to another
#           English word, or not linked at all
# With "chars", the key's words are counted in characters, as `project
# --chars` writes its spans (Chinese); "examples" prints each bad edge and
# each missing token with its sentence.
use strict;
use warnings;
use JSON::PP;
use FindBin;
require "$FindBin::Bin/conll.pl";   # read_conll, read_report
binmode STDOUT, ':encoding(UTF-8)';
my ($en, $rep, $key, $jsonl, $map, $sym, $probs, $fwd, $rev, @opt) = @ARGV;
die "usage: link_errors.pl EN.conll REPORT.json KEY.conll ALIGNED.jsonl MAP SYM SYM.probs FWD REV [chars] [examples]\n"
	unless $rev;
my %opt = map { $_ => 1 } @opt;
my $chars = $opt{chars};

sub lines { open my $fh, '<:encoding(UTF-8)', $_[0] or die "$_[0]: $!\n"; my @l = <$fh>; chomp @l; return @l }
# one alignment file: per line, {"i-j" => posterior (1 without probs)}
sub links {
	my ($file, $pf) = @_;
	my @a = lines($file);
	my @p = $pf ? lines($pf) : ();
	my @out;
	for my $k (0 .. $#a) {
		my @l = split ' ', $a[$k];
		my @q = $pf ? split(' ', $p[$k] // '') : ();
		push @out, {map { $l[$_] => ($pf ? $q[$_] // 0 : 1) } 0 .. $#l};
	}
	return \@out;
}
my $S = links($sym, $probs);
my $F = links($fwd);
my $R = links($rev);
my (%line, %rec);
my @m = lines($map);
$line{$m[$_] =~ s/\t/|/gr} = $_ for 0 .. $#m;
my $J = JSON::PP->new;
for (lines($jsonl)) {
	my $x = $J->decode($_);
	$rec{"$x->{doc}|$x->{part}|$x->{utt}"} = $x;
}
my $K = read_conll($key, $chars);
my $r = read_report($rep);

my (%edge, %bad, %all, %miss, @ex);
for my $d (@{$r->{documents}}) {
	my $ks = $K->{$d->{doc}} or next;
	for my $m (grep { $_->{fate} eq 'projected' } @{$d->{detail}}) {
		my ($u, $es, $ee) = @{$m->{en}};
		my ($t, $sa, $sb) = @{$m->{tgt}};
		next if $ee - $es < 2 || !$ks->[$t];
		my $id = "$d->{doc}|$d->{part}|$u";
		my ($x, $n) = ($rec{$id}, $line{$id});
		next unless $x && defined $n && $S->[$n];
		my @c0 = (0);   # each target token's first unit
		push @c0, $c0[-1] + ($chars ? length $_ : 1) for @{$x->{tgt}};
		my ($k, $best) = (undef, 0);
		for my $y (@{$ks->[$t]{m}}) {
			my $o = ($sb < $y->[1] ? $sb : $y->[1]) - ($sa > $y->[0] ? $sa : $y->[0]);
			($k, $best) = ($y, $o) if $o > $best;
		}
		next unless $k;
		my ($ka, $kb) = @$k;
		my $inside = sub { $c0[$_[0]] >= $ka && $c0[$_[0] + 1] <= $kb };
		my $sent = join ' ', @{$x->{tgt}};
		my $eng = join ' ', @{$x->{src}}[$es .. $ee - 1];
		# the mention's links, and the strongest support of each target token
		my %sup;
		for my $l (keys %{$S->[$n]}) {
			my ($i, $j) = split /-/, $l;
			next if $i < $es || $i >= $ee || $j >= @{$x->{tgt}};
			my $both = exists $F->[$n]{$l} && exists $R->[$n]{$l};
			my $s = $both ? 2 : 2 * $S->[$n]{$l} >= 0.5 ? 1 : 0;
			$sup{$j} = $s if !defined $sup{$j} || $s > $sup{$j};
			my $w = lc $x->{src}[$i];
			$all{$w}++;
			$bad{$w}++ unless $inside->($j);
		}
		my @js = sort { $a <=> $b } keys %sup;
		if (@js >= 2) {
			for my $j ($js[0], $js[-1]) {
				my $lab = ('one direction < 0.5', 'one direction >= 0.5', 'both directions')[$sup{$j}];
				my $ok = $inside->($j) ? 'inside' : 'outside';
				$edge{$lab}{$ok}++;
				push @ex, "edge $ok ($lab): $eng -> $x->{tgt}[$j] | $sent" if $ok eq 'outside';
			}
		}
		# a too-short span: the key's tokens it lacks
		next unless $ka <= $sa && $sb <= $kb && ($ka < $sa || $sb < $kb);
		for my $j (0 .. $#{$x->{tgt}}) {
			next unless $c0[$j] < $kb && $c0[$j + 1] > $ka && ($c0[$j + 1] <= $sa || $c0[$j] >= $sb);
			my ($to_m, $dir_m, $other) = (0, 0, 0);
			for my $l (keys %{$S->[$n]}) {
				my ($i, $jj) = split /-/, $l;
				next unless $jj == $j;
				($i >= $es && $i < $ee) ? $to_m++ : $other++;
			}
			for my $l (keys %{$F->[$n]}, keys %{$R->[$n]}) {
				my ($i, $jj) = split /-/, $l;
				$dir_m++ if $jj == $j && $i >= $es && $i < $ee;
			}
			my $why = $to_m ? 'linked to the mention (a rule cut it)' : $dir_m ? 'one direction links it to the mention'
				: $other ? 'linked to another English word' : 'not linked';
			$miss{$why}++;
			push @ex, "missing ($why): $eng -> $x->{tgt}[$j] | $sent";
		}
	}
}
print "edge tokens of spans over two linked tokens or more (inside / outside the corrected mention):\n";
for my $lab ('both directions', 'one direction >= 0.5', 'one direction < 0.5') {
	printf "  %-22s %4d / %4d\n", $lab, $edge{$lab}{inside} || 0, $edge{$lab}{outside} || 0;
}
my @w = sort { ($bad{$b} || 0) <=> ($bad{$a} || 0) || $a cmp $b } grep { $all{$_} >= 4 } keys %all;
@w = @w[0 .. 14] if @w > 15;
print "English words whose links land outside the corrected mention (outside/all): ",
	join(' ', map { "$_=" . ($bad{$_} || 0) . "/$all{$_}" } @w), "\n";
print "tokens too-short spans lack: ", join('; ', map { "$_ $miss{$_}" } sort keys %miss), "\n";
if ($opt{examples}) { print "$_\n" for sort @ex }
