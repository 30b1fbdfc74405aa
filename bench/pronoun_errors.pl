#!/usr/bin/perl
# pronoun_errors.pl EN.conll REPORT.json KEY.conll [chars]: what became of
# every English pronoun mention (one word: I, my, you, it, this ...) in a
# projection, judged against the corrected target file, as counts per
# category and per English word (the error analysis behind the pronoun rules
# of `xproj project`):
#   right      its target span is a mention of the corrected file
#   bounds     its span overlaps the corrected mention standing for it, but
#              is not one
#   wrong      its span overlaps no corrected mention of its entity but one
#              exists in the sentence (the aligner picked another word)
#   spurious   the corrected file has no mention of its entity there at all
#              (the translation dropped it: the correctors deleted the span)
#   missed     no projection, but the corrected file has a mention of its
#              entity in the sentence that no projected span holds
#   null       no projection and none in the corrected file: right
# A corrected file renumbers clusters: each key cluster stands for the
# English cluster whose projected spans it shares most often (a projection
# that is mostly right is enough to find it).  With "chars", the key's words
# are counted in characters, as `project --chars` writes its spans.  The
# report's target sentences are the key's, in order, per document.
use strict;
use warnings;
use JSON::PP;
binmode STDOUT, ':encoding(UTF-8)';
my ($en, $rep, $key, $chars) = @ARGV;
die "usage: pronoun_errors.pl EN.conll REPORT.json KEY.conll [chars]\n" unless $key;
my %pron = map { $_ => 1 } qw(i me my mine myself you your yours yourself yourselves he him his himself
	she her hers herself it its itself we us our ours ourselves they them their theirs themselves
	this that these those);

# read_conll FILE CHARS: {doc => [sentence => {w => [words], m => [[start, end, cluster]]}]}
sub read_conll {
	my ($file, $c) = @_;
	my (%d, $doc, @open, $pos, $cur);
	open my $fh, '<:encoding(UTF-8)', $file or die "$file: $!\n";
	while (<$fh>) {
		chomp;
		if (/^#begin document \((.*?)\)/) { $doc = $1; $d{$doc} = []; undef $cur; next }
		next if /^#/;
		if (/^\s*$/) { undef $cur; next }
		unless ($cur) { $cur = {w => [], m => []}; push @{$d{$doc}}, $cur; $pos = 0; @open = () }
		my @f = split ' ';
		my $n = $c ? length($f[3]) : 1;
		push @{$cur->{w}}, $f[3];
		for my $p (split /\|/, $f[-1]) {
			next if $p eq '-';
			if ($p =~ /^\((\d+)\)$/) { push @{$cur->{m}}, [$pos, $pos + $n, $1] }
			elsif ($p =~ /^\((\d+)$/) { push @{$open[$1]}, $pos }
			elsif ($p =~ /^(\d+)\)$/ && @{$open[$1] || []}) { push @{$cur->{m}}, [pop(@{$open[$1]}), $pos + $n, $1] }
		}
		$pos += $n;
	}
	return \%d;
}
my $E = read_conll($en, 0);
my $K = read_conll($key, $chars);
open my $fh, '<', $rep or die "$rep: $!\n";
my $r = decode_json(do { local $/; <$fh> });
close $fh;

my (%cat, %byw, %rule);
for my $d (@{$r->{documents}}) {
	my $doc = $d->{doc};
	my $ks = $K->{$doc} or next;
	my @det = @{$d->{detail}};
	my %e2t;
	$e2t{$d->{tgt_to_en}[$_]} = $_ for 0 .. $#{$d->{tgt_to_en}};
	# key cluster -> English cluster, by the projected spans they share
	my (%votes, %kmap, %ours);
	for my $m (grep { $_->{fate} eq 'projected' } @det) {
		my ($t, $a, $b) = @{$m->{tgt}};
		$ours{"$t|$a|$b"} = 1;
		next unless $ks->[$t];
		$votes{$_->[2]}{$m->{cluster}}++ for grep { $_->[0] == $a && $_->[1] == $b } @{$ks->[$t]{m}};
	}
	for my $c (keys %votes) {
		my ($best) = sort { $votes{$c}{$b} <=> $votes{$c}{$a} || $a <=> $b } keys %{$votes{$c}};
		$kmap{$c} = $best;
	}
	for my $m (@det) {
		my ($u, $s, $e) = @{$m->{en}};
		next unless $e == $s + 1;
		my $w = lc $E->{$doc}[$u]{w}[$s];
		next unless $pron{$w};
		my $t = $e2t{$u};
		next unless defined $t && $ks->[$t];
		my @km = @{$ks->[$t]{m}};
		my @mine = grep { defined $kmap{$_->[2]} && $kmap{$_->[2]} == $m->{cluster} } @km;
		my $c;
		if ($m->{fate} eq 'projected') {
			my (undef, $a, $b) = @{$m->{tgt}};
			if (grep { $_->[0] == $a && $_->[1] == $b } @km) { $c = 'right' }
			elsif (grep { $_->[0] < $b && $a < $_->[1] } @mine) { $c = 'bounds' }
			elsif (@mine) { $c = 'wrong' }
			else { $c = 'spurious' }
			my @rules = grep { $m->{rules}{$_} } sort keys %{$m->{rules} || {}};
			push @rules, 'prodrop' if $m->{prodrop};
			$rule{@rules ? join('+', @rules) : 'links'}{$c}++;
		} else {
			$c = (grep { !$ours{"$t|$_->[0]|$_->[1]"} } @mine) ? 'missed' : 'null';
		}
		$cat{$c}++;
		$byw{$w}{$c}++;
	}
}
my @cats = qw(right bounds wrong spurious missed null);
my $line = sub { my $h = shift; join ' ', map { sprintf '%s %d', $_, $h->{$_} || 0 } @cats };
my $n = 0;
$n += $_ for values %cat;
print "English pronoun mentions: $n; ", $line->(\%cat), "\n";
print "by word:\n";
for my $w (sort { my ($x, $y) = (0, 0); $x += $_ for values %{$byw{$a}}; $y += $_ for values %{$byw{$b}}; $y <=> $x || $a cmp $b } keys %byw) {
	printf "  %-10s %s\n", $w, $line->($byw{$w});
}
print "projected spans by what placed them:\n";
for my $k (sort keys %rule) {
	printf "  %-28s %s\n", $k, join ' ', map { sprintf '%s %d', $_, $rule{$k}{$_} || 0 } qw(right bounds wrong spurious);
}
