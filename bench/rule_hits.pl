#!/usr/bin/perl
# rule_hits.pl REPORT.json KEY.conll [chars]: for each language rule of
# `xproj project` (and pro-drop), how many mentions it created or changed and
# how many of those spans the corrected file holds (any cluster: the mention
# F1 view); for a rule that drops a span (pronoun_drop, np_zh_particle), how many of the
# dropped spans the corrected file does not hold.  With "chars", the key's words are counted in characters, as the
# projection wrote them with --chars.  The report's target sentences are
# matched to the key's by their order within each document (MMC's files hold
# the same sentences in the same order).
use strict;
use warnings;
use JSON::PP;
use FindBin;
require "$FindBin::Bin/conll.pl";   # read_report: either version of the report
binmode STDOUT, ':encoding(UTF-8)';
my ($rep, $key, $chars) = @ARGV;
my $r = read_report($rep);
my $fh;
# key spans: "doc|sentence|start|end" (ends exclusive)
my (%span, @open, $doc, $s, $pos);
open $fh, '<:encoding(UTF-8)', $key or die "$key: $!\n";
while (<$fh>) {
	chomp;
	if (/^#begin document \((.*?)\)/) { $doc = $1; $s = 0; $pos = 0; @open = (); next }
	next if /^#/;
	if (/^\s*$/) { $s++ if $pos; $pos = 0; @open = (); next }
	my @f = split / /, $_, -1;
	my $w = $f[3];
	my $n = $chars ? scalar(grep { !/\s/ } split //, $w) || 1 : 1;
	my $c = $f[-1];
	if ($c ne '-') {
		for my $p (split /\|/, $c) {
			if ($p =~ /^\((\d+)\)$/) { $span{"$doc|$s|$pos|" . ($pos + $n)} = 1 }
			elsif ($p =~ /^\((\d+)$/) { push @{$open[$1]}, $pos }
			elsif ($p =~ /^(\d+)\)$/ && @{$open[$1] || []}) { $span{"$doc|$s|" . pop(@{$open[$1]}) . "|" . ($pos + $n)} = 1 }
		}
	}
	$pos += $n;
}
close $fh;
my (%made, %hit);
for my $d (@{$r->{documents}}) {
	for my $m (@{$d->{detail}}) {
		if ($m->{dropped}) {
			my ($t, $a, $b) = @{$m->{dropped}};
			for my $k ((grep { $m->{rules}{$_} } keys %{$m->{rules} || {}}),
				   ($m->{np_rules}{zh_particle} ? ('np_zh_particle') : ())) {
				$made{$k}++;
				$hit{$k}++ unless $span{"$d->{doc}|$t|$a|$b"};
			}
			next;
		}
		next unless $m->{fate} eq 'projected';
		my @rules = grep { $m->{rules}{$_} } sort keys %{$m->{rules} || {}};
		push @rules, map { "np_$_" } grep { $m->{np_rules}{$_} } sort keys %{$m->{np_rules} || {}};
		push @rules, 'prodrop' if $m->{prodrop};
		my ($t, $a, $b) = @{$m->{tgt}};
		for my $k (@rules) { $made{$k}++; $hit{$k}++ if $span{"$d->{doc}|$t|$a|$b"} }
	}
}
print join('; ', map { sprintf '%s %d (%d confirmed)', $_, $made{$_}, $hit{$_} || 0 } sort keys %made), "\n";
