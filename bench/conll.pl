# bench/conll.pl — the CoNLL reader of the error-analysis scripts
# (name_errors.pl, np_errors.pl, pronoun_errors.pl): one reader, so that
# the three count mentions the same way.  Loaded with
# `require "$FindBin::Bin/conll.pl"`.
#
# read_conll FILE CHARS: {doc => [sentence => {w, at, u, m}]}, where w holds
# the words as written, at[i] the unit where word i starts, u the units
# themselves and m the mentions [start, end, cluster] in units (end
# exclusive).  A unit is a word, or with CHARS a character: the corrected
# Chinese files are word-segmented, and MMC compares them on characters.
# Brackets that never close make no mention.
use strict;
use warnings;

sub read_conll {
	my ($file, $c) = @_;
	my (%d, $doc, @open, $pos, $cur);
	open my $fh, '<:encoding(UTF-8)', $file or die "$file: $!\n";
	while (<$fh>) {
		chomp;
		if (/^#begin document \((.*?)\)/) { $doc = $1; $d{$doc} = []; undef $cur; next }
		next if /^#/;
		if (/^\s*$/) { undef $cur; next }
		unless ($cur) { $cur = {w => [], at => [], u => [], m => []}; push @{$d{$doc}}, $cur; $pos = 0; @open = () }
		my @f = split ' ';
		my @u = $c ? split(//, $f[3]) : ($f[3]);
		push @{$cur->{w}}, $f[3];
		push @{$cur->{at}}, $pos;
		push @{$cur->{u}}, @u;
		for my $p (split /\|/, $f[-1]) {
			next if $p eq '-';
			if ($p =~ /^\((\d+)\)$/) { push @{$cur->{m}}, [$pos, $pos + @u, $1] }
			elsif ($p =~ /^\((\d+)$/) { push @{$open[$1]}, $pos }
			elsif ($p =~ /^(\d+)\)$/ && @{$open[$1] || []}) { push @{$cur->{m}}, [pop(@{$open[$1]}), $pos + @u, $1] }
		}
		$pos += @u;
	}
	return \%d;
}

1;
