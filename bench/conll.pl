# bench/conll.pl — the CoNLL reader of the error-analysis scripts
# (name_errors.pl, np_errors.pl, pronoun_errors.pl): one reader, so that
# the three count mentions and map clusters the same way.  Loaded with
# `require "$FindBin::Bin/conll.pl"`.
#
# read_conll FILE CHARS: {doc => [sentence => {w, at, u, m}]}, where w holds
# the words as written, at[i] the unit where word i starts, u the units
# themselves and m the mentions [start, end, cluster] in units (end
# exclusive).  A unit is a word, or with CHARS a character: the corrected
# Chinese files are word-segmented, and MMC compares them on characters.
# Brackets that never close make no mention.
#
# read_report FILE: the decoded `xproj project --report` JSON (version 2 or 3's
# lines as version 1's one object: the header's fields and "documents").
use strict;
use warnings;
use JSON::PP;

sub read_report {
	my ($path) = @_;
	open my $fh, '<', $path or die "$path: $!\n";
	my $first = <$fh>;
	die "$path: empty\n" unless defined $first;
	my $h = eval { decode_json($first) };
	my $r;
	if ($h && ref $h eq 'HASH' && defined $h->{version}) {   # version 2: a header, a line per document
		my @docs = map { decode_json($_) } grep { /\S/ } <$fh>;
		if ($h->{version} >= 4) {   # version 4: the totals in the last line, which must be there
			my $end = pop @docs;
			die "$path: cut short: no end line\n" unless $end && $end->{end};
			$h = {%$h, %$end};
		}
		die "$path: " . scalar(@docs) . " documents, its header says $h->{documents}\n"
			unless @docs == $h->{documents};
		$r = {%$h, documents => \@docs};
	} else {   # version 1: one JSON object
		$r = decode_json($first . do { local $/; <$fh> // '' });
	}
	close $fh;
	return $r;
}

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

# doc_maps DOC KEYDOC: three maps for one document of a projection report
# (DOC, its "documents" entry) against the reference's sentences (KEYDOC,
# read_conll's list for the same document): English utterance -> target
# sentence; reference cluster -> the English cluster whose projected spans
# it shares most (ties to the lowest number); and the set of projected
# spans as "sentence|start|end".
sub doc_maps {
	my ($d, $ks) = @_;
	my (%e2t, %votes, %kmap, %ours);
	$e2t{$d->{tgt_to_en}[$_]} = $_ for 0 .. $#{$d->{tgt_to_en}};
	for my $m (grep { $_->{fate} eq 'projected' } @{$d->{detail}}) {
		my ($t, $a, $b) = @{$m->{tgt}};
		$ours{"$t|$a|$b"} = 1;
		next unless $ks->[$t];
		$votes{$_->[2]}{$m->{cluster}}++ for grep { $_->[0] == $a && $_->[1] == $b } @{$ks->[$t]{m}};
	}
	for my $c (keys %votes) {
		my ($best) = sort { $votes{$c}{$b} <=> $votes{$c}{$a} || $a <=> $b } keys %{$votes{$c}};
		$kmap{$c} = $best;
	}
	return (\%e2t, \%kmap, \%ours);
}

1;
