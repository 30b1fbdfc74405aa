#!/usr/bin/perl
# name_errors.pl EN.conll REPORT.json KEY.conll [chars] [all]: what became of every
# English name mention (capitalised words: Joey, Mr. Geller, Central Perk's)
# in a projection, judged against the corrected target file, as counts per
# category (the error analysis behind the name prior and the cluster
# consistency rule of `xproj project`):
#   right      its target span is a mention of the corrected file
#   long       its span holds the corrected mention of its entity and more
#   short      its span lies inside the corrected mention of its entity
#   bounds     it overlaps the corrected mention of its entity otherwise
#   wrong      it overlaps no corrected mention of its entity but one exists
#              in the sentence (the aligner picked another word)
#   unmatched  it overlaps a corrected mention of a cluster that no
#              projected span matched exactly (often the same entity with
#              a corrector's sloppy span: 乔伊同 for Joey)
#   spurious   the corrected file has no mention of its entity there
#   missed     no projection, but the corrected file has a mention of its
#              entity in the sentence that no projected span holds
#   null       no projection and none in the corrected file: right
# For each category, two more counts:
#   key-str    the corrected file's usual spelling of this English name (its
#              most frequent span string over every document) occurs in the
#              target sentence at all
#   proj-str   the projection's usual spelling of this English name in the
#              same document (most frequent over its OTHER mentions there)
#              occurs in the sentence and is the corrected span: what a
#              cluster-consistency relink could fix
# With "all", every mention but a lone pronoun is counted, named by its
# lower-cased English words (the scope of the consistency rule: names and
# repeated noun phrases).  Clusters of the corrected file are matched to English clusters as in
# pronoun_errors.pl (by the projected spans they share).  With "chars", the
# key's words are counted in characters, as `project --chars` writes spans.
use strict;
use warnings;
use JSON::PP;
use FindBin;
require "$FindBin::Bin/conll.pl";   # read_conll, read_report, doc_maps
binmode STDOUT, ':encoding(UTF-8)';
my ($en, $rep, $key, @opt) = @ARGV;
die "usage: name_errors.pl EN.conll REPORT.json KEY.conll [chars] [all]\n" unless $key;
my $chars = grep { $_ eq 'chars' } @opt;
my $all = grep { $_ eq 'all' } @opt;
# the English mention types of bench/quality_types.c: a pronoun is one of
# these words alone; a name is not opened by a determiner or pronoun and
# has every word capitalised (or 's, ., -)
my %pron = map { $_ => 1 } qw(i me my mine myself you your yours yourself yourselves he him his himself
	she her hers herself it its itself we us our ours ourselves they them their theirs themselves
	this that these those ya y'all);
my %det = map { $_ => 1 } qw(the a an my your his her our their its this that these those some any no every all);

my $E = read_conll($en, 0);
my $K = read_conll($key, $chars);
my $r = read_report($rep);
my $sep = $chars ? '' : ' ';
sub str { my ($s, $a, $b) = @_; join $sep, @{$s->{u}}[$a .. $b - 1] }
sub has { my ($s, $x) = @_; my $t = join $sep, @{$s->{u}}; index("$sep$t$sep", "$sep$x$sep") >= 0 || ($chars && index($t, $x) >= 0) }

# the English name of a mention, or undef
sub name_of {
	my ($doc, $u, $s, $e) = @_;
	my @w = @{$E->{$doc}[$u]{u}}[$s .. $e - 1];
	return undef if @w == 1 && $pron{lc $w[0]};
	return lc join ' ', @w if $all;
	return undef if $det{lc $w[0]} || $pron{lc $w[0]};
	for (@w) { return undef unless /^[A-Z]/ || /^['’]s$/ || /^[.-]$/ }
	return lc join ' ', @w;
}

my (%cat, %kstr, %pstr, %keyspell, @todo);
for my $d (@{$r->{documents}}) {
	my $doc = $d->{doc};
	my $ks = $K->{$doc} or next;
	my @det = @{$d->{detail}};
	my ($e2t, $kmap, $ours) = doc_maps($d, $ks);
	my %e2t = %$e2t; my %kmap = %$kmap; my %ours = %$ours;
	my %projspell;   # English name -> target string -> [mention ids]
	for my $m (@det) {
		my ($u, $s, $e) = @{$m->{en}};
		my $n = name_of($doc, $u, $s, $e) // next;
		my $t = $e2t{$u};
		next unless defined $t && $ks->[$t];
		my @km = @{$ks->[$t]{m}};
		my @mine = grep { defined $kmap{$_->[2]} && $kmap{$_->[2]} == $m->{cluster} } @km;
		$keyspell{$n}{str($ks->[$t], @$_)}++ for @mine;
		my $c;
		if ($m->{fate} eq 'projected') {
			my (undef, $a, $b) = @{$m->{tgt}};
			push @{$projspell{$n}{str($ks->[$t], $a, $b)}}, $m->{id};
			if (grep { $_->[0] == $a && $_->[1] == $b } @km) { $c = 'right' }
			elsif (grep { $a <= $_->[0] && $_->[1] <= $b } @mine) { $c = 'long' }
			elsif (grep { $_->[0] <= $a && $b <= $_->[1] } @mine) { $c = 'short' }
			elsif (grep { $_->[0] < $b && $a < $_->[1] } @mine) { $c = 'bounds' }
			elsif (@mine) { $c = 'wrong' }
			elsif (grep { $_->[0] < $b && $a < $_->[1] && !defined $kmap{$_->[2]} } @km) { $c = 'unmatched' }
			else { $c = 'spurious' }
		} else {
			$c = (grep { !$ours{"$t|$_->[0]|$_->[1]"} } @mine) ? 'missed' : 'null';
		}
		$cat{$c}++;
		if ($ENV{SHOW} && $c =~ /$ENV{SHOW}/) { my $ps = $m->{fate} eq "projected" ? str($ks->[$t], $m->{tgt}[1], $m->{tgt}[2]) : "-"; print STDERR "$c\t$n\tproj=$ps\tkey=", join("/", map { str($ks->[$t], @$_) } @mine), "\t", join(" ", @{$ks->[$t]{u}}), "\n"; }
		push @todo, [$c, $n, $ks->[$t], \@mine, $m->{id}, \%projspell];
	}
}
for my $x (@todo) {
	my ($c, $n, $s, $mine, $id, $ps) = @$x;
	my ($ks) = sort { $keyspell{$n}{$b} <=> $keyspell{$n}{$a} || $a cmp $b } keys %{$keyspell{$n} || {}};
	$kstr{$c}++ if defined $ks && has($s, $ks);
	my %cnt;
	for my $sp (keys %{$ps->{$n} || {}}) { $cnt{$sp} = grep { $_ != $id } @{$ps->{$n}{$sp}} }
	my ($p) = sort { $cnt{$b} <=> $cnt{$a} || $a cmp $b } grep { $cnt{$_} } keys %cnt;
	$pstr{$c}++ if defined $p && has($s, $p) && grep { str($s, @$_) eq $p } @$mine;
}
my @cats = qw(right long short bounds wrong unmatched spurious missed null);
my $n = 0;
$n += $_ for values %cat;
my $bad = 0;
$bad += ($kstr{$_} || 0) for grep { $_ ne 'right' && $_ ne 'null' } @cats;
print "English ", $all ? "non-pronoun" : "name", " mentions: $n; ", join(' ', map { sprintf '%s %d', $_, $cat{$_} || 0 } @cats),
	"; the usual target string is in the sentence for $bad of the wrong ones\n";
printf "  %-9s %5s %8s %9s\n", 'category', 'n', 'key-str', 'proj-str';
printf "  %-9s %5d %8d %9d\n", $_, $cat{$_} || 0, $kstr{$_} || 0, $pstr{$_} || 0 for @cats;
