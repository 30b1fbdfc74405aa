#!/usr/bin/perl
# np_errors.pl EN.conll REPORT.json KEY.conll [chars] [examples] [docs=RE]: what became
# of every English "other" noun phrase mention (neither a one-word pronoun
# nor a name: the guy, my brother, a great time) in a projection, judged
# against the corrected target file (the error analysis behind the noun
# phrase rules of project/np.c):
#   exact      its target span is the corrected mention standing for it
#   too long   its span holds that mention and more (the extra words, by side;
#              "that mention": the one of its entity that overlaps most, else
#              the free key mention that does)
#   too short  its span lies inside that mention (the missing words, by side)
#   crossing   it overlaps that mention, neither holds the other
#   wrong      it overlaps no corrected mention of its entity, but one exists
#              in the sentence (the aligner picked another word)
#   spurious   the corrected file has no mention of its entity there
#   unmatched  no corrected mention overlaps it, and its entity has no
#              corrected cluster (none of its spans is exact anywhere)
#   null       no projection, but the corrected file has one (not already
#              held by another projected span)
#   right null no projection and none in the corrected file
# A key cluster stands for the English cluster whose projected spans it
# shares most often (as pronoun_errors.pl).  With "chars", the key's words
# are counted in characters, as `project --chars` writes its spans; the
# extra / missing words are then the key's words (or pieces of them) that
# make the difference.  "examples" prints every error with its English.
# "docs=RE" reads only the documents whose name matches RE (docs=t$: MMC
# dev's TBBT scenes, the held-out show).
use strict;
use warnings;
use JSON::PP;
use FindBin;
require "$FindBin::Bin/conll.pl";   # read_conll, read_report, doc_maps
binmode STDOUT, ':encoding(UTF-8)';
my ($en, $rep, $key, @opt) = @ARGV;
die "usage: np_errors.pl EN.conll REPORT.json KEY.conll [chars] [examples] [docs=RE]\n" unless $key;
my %opt = map { $_ => 1 } grep { !/^docs=/ } @opt;
my ($docs) = map { /^docs=(.*)/ ? $1 : () } @opt;
my $chars = $opt{chars};
my %pron = map { $_ => 1 } qw(i me my mine myself you your yours yourself yourselves he him his himself
	she her hers herself it its itself we us our ours ourselves they them their theirs themselves
	this that these those ya y'all);
my %det = map { $_ => 1 } qw(the a an my your his her our their its this that these those some any no every all);


# the text of positions [a, b) of sentence s (characters or words)
sub text {
	my ($s, $a, $b) = @_;
	return '' if $a >= $b;
	my @w = @{$s->{w}};
	my $t = '';
	for my $k (0 .. $#w) {
		my $o = $s->{at}[$k];
		my $n = $chars ? length($w[$k]) : 1;
		next if $o + $n <= $a || $o >= $b;
		if (!$chars) { $t .= ($t eq '' ? '' : ' ') . $w[$k]; next }
		my $x = $a > $o ? $a - $o : 0;
		my $y = ($b < $o + $n ? $b : $o + $n) - $o;
		$t .= ($t eq '' ? '' : ' ') . substr($w[$k], $x, $y - $x);
	}
	return $t;
}

sub en_type {
	my @w = @_;
	return 'pronoun' if @w == 1 && $pron{lc $w[0]};
	return 'other' if $det{lc $w[0]} || $pron{lc $w[0]};
	for (@w) { return 'other' unless /^[A-Z]/ || /^(?:'s|’s|\.|-)$/ }
	return 'name';
}

my $E = read_conll($en, 0);
my $K = read_conll($key, $chars);
my $r = read_report($rep);

my (%cat, %side, @ex);
for my $d (@{$r->{documents}}) {
	my $doc = $d->{doc};
	next if defined $docs && $doc !~ /$docs/;
	my $ks = $K->{$doc} or next;
	my @det = @{$d->{detail}};
	my ($e2t, $kmap, $ours) = doc_maps($d, $ks);
	my %e2t = %$e2t; my %kmap = %$kmap; my %ours = %$ours;
	for my $m (@det) {
		my ($u, $s, $e) = @{$m->{en}};
		my @ew = @{$E->{$doc}[$u]{w}}[$s .. $e - 1];
		next unless en_type(@ew) eq 'other';
		my $t = $e2t{$u};
		next unless defined $t && $ks->[$t];
		my $S = $ks->[$t];
		my @km = @{$S->{m}};
		my @mine = grep { defined $kmap{$_->[2]} && $kmap{$_->[2]} == $m->{cluster} } @km;
		my ($c, $detail) = ('', '');
		if ($m->{fate} eq 'projected') {
			my (undef, $a, $b) = @{$m->{tgt}};
			# the one of its entity's mentions that overlaps most (overlap / union)
			# (of any key mention no other projected span holds exactly, when
			# its entity has none there or is not known)
			my $mapped = defined((grep { defined $kmap{$_} && $kmap{$_} == $m->{cluster} } keys %kmap)[0]);
			my @free = grep { !$ours{"$t|$_->[0]|$_->[1]"} } @km;
			my ($k, $best) = (undef, 0);
			for my $x (@mine ? @mine : @free) {
				my $o = ($b < $x->[1] ? $b : $x->[1]) - ($a > $x->[0] ? $a : $x->[0]);
				next if $o <= 0;
				$o /= ($b > $x->[1] ? $b : $x->[1]) - ($a < $x->[0] ? $a : $x->[0]);   # overlap / union
				($k, $best) = ($x, $o) if $o > $best;
			}
			if (grep { $_->[0] == $a && $_->[1] == $b } @km) { $c = 'exact' }
			elsif ($k && $a <= $k->[0] && $b >= $k->[1]) {
				$c = 'too long';
				my ($l, $rr) = (text($S, $a, $k->[0]), text($S, $k->[1], $b));
				$side{'too long'}{before}{$l}++ if $l ne '';
				$side{'too long'}{after}{$rr}++ if $rr ne '';
				$detail = "[$l] " . text($S, @$k[0, 1]) . " [$rr]";
			} elsif ($k && $a >= $k->[0] && $b <= $k->[1]) {
				$c = 'too short';
				my ($l, $rr) = (text($S, $k->[0], $a), text($S, $b, $k->[1]));
				$side{'too short'}{before}{$l}++ if $l ne '';
				$side{'too short'}{after}{$rr}++ if $rr ne '';
				$detail = "<$l> " . text($S, $a, $b) . " <$rr>";
			} elsif ($k) {
				$c = 'crossing';
				$detail = 'key ' . text($S, @$k[0, 1]);
			} elsif (@mine) {
				$c = 'wrong';
				$detail = 'key ' . join(' / ', map { text($S, @$_[0, 1]) } @mine);
			} elsif ($mapped) { $c = 'spurious' }
			else { $c = 'unmatched' }
			$detail = 'ours ' . text($S, $a, $b) . ($detail ne '' ? "; $detail" : '');
		} else {
			my @miss = grep { !$ours{"$t|$_->[0]|$_->[1]"} } @mine;
			$c = @miss ? 'null' : 'right null';
			$detail = "$m->{fate}; key " . join(' / ', map { text($S, @$_[0, 1]) } @miss) if @miss;
		}
		$cat{$c}++;
		push @ex, sprintf "%-10s %s | %s | %s", $c, join(' ', @ew), $detail, join(' ', @{$S->{w}})
			if $c ne 'exact' && $c ne 'right null';
	}
}
my @cats = ('exact', 'too long', 'too short', 'crossing', 'wrong', 'spurious', 'unmatched', 'null', 'right null');
my $n = 0;
$n += $_ for values %cat;
print "English other-NP mentions: $n; ", join('; ', map { sprintf '%s %d', $_, $cat{$_} || 0 } @cats), "\n";
for my $c ('too long', 'too short') {
	for my $where (qw(before after)) {
		my $h = $side{$c}{$where} || {};
		my @top = sort { $h->{$b} <=> $h->{$a} || $a cmp $b } keys %$h;
		my $tot = 0;
		$tot += $_ for values %$h;
		@top = @top[0 .. 14] if @top > 15;
		printf "%s, %s (%d): %s\n", $c, $where, $tot, join(' ', map { "$_=$h->{$_}" } @top);
	}
}
if ($opt{examples}) { print "$_\n" for sort @ex }
