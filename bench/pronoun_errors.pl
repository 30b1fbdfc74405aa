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
use utf8;
use warnings;
use JSON::PP;
use FindBin;
require "$FindBin::Bin/conll.pl";   # read_conll, read_report, doc_maps
binmode STDOUT, ':encoding(UTF-8)';
my ($en, $rep, $key, $chars) = @ARGV;
die "usage: pronoun_errors.pl EN.conll REPORT.json KEY.conll [chars]\n" unless $key;
my %pron = map { $_ => 1 } qw(i me my mine myself you your yours yourself yourselves he him his himself
	she her hers herself it its itself we us our ours ourselves they them their theirs themselves
	this that these those);

# standing_for MENTION DETAIL ENGLISH-SENTENCE KEY-SENTENCE MINE: the corrected
# mention of its entity in the sentence that stands for the English pronoun:
# the one our span overlaps, else the one of the same rank among the
# entity's mentions when both sentences hold as many, else the one nearest
# its relative position; undef if there is none
sub standing_for {
	my ($m, $det, $es, $ks, $mine) = @_;
	return undef unless @$mine;
	if ($m->{fate} eq 'projected') {
		my (undef, $a, $b) = @{$m->{tgt}};
		my ($o) = grep { $_->[0] < $b && $a < $_->[1] } @$mine;
		return $o if $o;
	}
	my ($u, $s) = @{$m->{en}};
	my @same = sort { $a <=> $b } map { $_->{en}[1] } grep { $_->{en}[0] == $u && $_->{cluster} == $m->{cluster} } @$det;
	my @k = sort { $a->[0] <=> $b->[0] } @$mine;
	if (@same == @k) {
		my ($r) = grep { $same[$_] == $s } 0 .. $#same;
		return $k[$r];
	}
	my $ne = @{$es->{w}};
	my $nk = $ks->{at}[-1] + 1;
	my ($best, $bd);
	for my $x (@k) {
		my $d = abs($x->[0] / $nk - $s / $ne);
		($best, $bd) = ($x, $d) if !defined $bd || $d < $bd;
	}
	return $best;
}

# the Farsi and Chinese pronouns, demonstratives and reflexives (Arabic
# yeh/kaf folded to Persian before the look-up)
my %fa_free = map { $_ => 1 } qw(من منو خودم ما مارو مارا خودمون خودمان تو تورو شما شمارو شمارا خودت خودتون خودتان
	او اون اونو آن آنرا وی ایشان ایشون خودش اونا آنها اونها اونارو آنهارو خودشون خودشان این اینو اینا اینها اینارو
	همین همینو همون همونو همان اینجا اونجا);
my %zh_free = map { $_ => 1 } qw(我 你 您 他 她 它 我们 你们 您们 他们 她们 它们 咱 咱们 自己 我自己 你自己 他自己 她自己
	这 那 这个 那个 这些 那些 这样 那样 这儿 那儿 这里 那里 此 大家 人家);
my %person = (i => 1, me => 1, my => 1, mine => 1, myself => 1, you => 2, your => 2, yours => 2, yourself => 2,
	yourselves => 5, he => 3, him => 3, his => 3, himself => 3, she => 3, her => 3, hers => 3, herself => 3,
	it => 3, its => 3, itself => 3, this => 3, that => 3, we => 4, us => 4, our => 4, ours => 4, ourselves => 4,
	they => 6, them => 6, their => 6, theirs => 6, themselves => 6, these => 6, those => 6);
my %subject = map { $_ => 1 } qw(i you he she it we they this that these those);

# form WORD KEY-SENTENCE KEY-MENTION: what the corrected mention is: a free
# pronoun (or demonstrative), a word ending in the English pronoun's clitic,
# a verb whose ending agrees with it (subjects), another word, a phrase
sub form {
	my ($w, $s, $k) = @_;
	my @i = grep { $s->{at}[$_] >= $k->[0] && $s->{at}[$_] < $k->[1] } 0 .. $#{$s->{w}};
	my @t = map { my $x = $s->{w}[$_]; $x =~ tr/\x{64A}\x{643}/\x{6CC}\x{6A9}/; $x } @i;
	my $text = join '', @t;
	if ($text =~ /\p{Han}/) {
		return 'free' if $zh_free{$text};
		return 'clitic' if $text =~ /的$/ && $zh_free{substr $text, 0, -1};   # 我的: the possessive
		return @t == 1 && length $text <= 2 ? 'word' : 'phrase';
	}
	return 'free' if @t == 1 && $fa_free{$t[0]};
	return 'phrase' if @t != 1;
	my $p = $person{$w} || 0;
	my $x = $t[0];
	my $verb = length $x >= 3 && ($p == 1 ? $x =~ /م$/ && $x !~ /یم$/ : $p == 2 ? ($x =~ /ی$/ && $x !~ /ای$/) || $x =~ /ید$/
		: $p == 3 ? ($x =~ /[دت]$/ && $x !~ /(?:ند|ید)$/) || $x =~ /^(?:است|هست|نیست|بود|شد|میشه|میکنه)$/ || $x =~ /ه$/
		: $p == 4 ? $x =~ /یم$/ : $p == 5 ? $x =~ /ید$/ : $p == 6 ? $x =~ /ند$/ : 0);
	my $clitic = length $x >= 3 && ($p == 1 ? $x =~ /مو?$/ : $p == 2 ? $x =~ /(?:ت|تو|تون|تونو)$/ : $p == 3 ? $x =~ /شو?$/
		: $p == 4 ? $x =~ /مونو?$/ : $p == 5 ? $x =~ /تونو?$/ : $p == 6 ? $x =~ /شونو?$/ : 0);
	return 'verb' if $subject{$w} && $verb;
	return 'clitic' if $clitic;
	return 'verb' if $verb;
	return 'word';
}

my $E = read_conll($en, 0);
my $K = read_conll($key, $chars);
my $r = read_report($rep);

my (%cat, %byw, %rule, %form, %formw, %verbs);
for my $d (@{$r->{documents}}) {
	my $doc = $d->{doc};
	my $ks = $K->{$doc} or next;
	my @det = @{$d->{detail}};
	my ($e2t, $kmap, $ours) = doc_maps($d, $ks);
	my %e2t = %$e2t; my %kmap = %$kmap; my %ours = %$ours;
	# a key cluster no projected span found stands for the English cluster
	# no other key cluster stands for that it shares most sentences with
	# (as bench/quality_types does), so that "nothing" means nothing
	my (%seen, %taken);
	$taken{$_} = 1 for values %kmap;
	for my $t (0 .. $#{$ks}) {
		my $u = $d->{tgt_to_en}[$t];
		next unless defined $u && $u >= 0 && $ks->[$t];
		my %ec = map { $_->{cluster} => 1 } grep { $_->{en}[0] == $u && !$taken{$_->{cluster}} } @det;
		my %kc = map { $_->[2] => 1 } grep { !defined $kmap{$_->[2]} } @{$ks->[$t]{m}};
		for my $c (keys %kc) { $seen{$c}{$_}++ for keys %ec }
	}
	for my $c (sort { $a <=> $b } keys %seen) {
		my ($best) = sort { $seen{$c}{$b} <=> $seen{$c}{$a} || $a <=> $b } grep { !$taken{$_} } keys %{$seen{$c}};
		next unless defined $best;
		$kmap{$c} = $best;
		$taken{$best} = 1;
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
		# the corrected file's mention for it, and its form
		my %mapped = map { $_ => 1 } values %kmap;
		my $k = standing_for($m, \@det, $E->{$doc}[$u], $ks->[$t], \@mine);
		my $f = $k ? form($w, $ks->[$t], $k) : $mapped{$m->{cluster}} ? 'nothing' : 'unknown';
		my $o;
		if ($m->{fate} eq 'projected') {
			my (undef, $a, $b) = @{$m->{tgt}};
			$o = (grep { $_->[0] == $a && $_->[1] == $b } @km) ? 'exact'
			   : !$k ? 'spurious' : ($k->[0] < $b && $a < $k->[1]) ? 'span' : 'place';
		} else {
			# its corrected mention held by another projected span costs no
			# mention F1 (two English "I" for the one 我 of the translation)
			$o = !$k ? 'none' : $ours{"$t|$k->[0]|$k->[1]"} ? 'held' : 'null';
		}
		$form{$f}{$o}++;
		if ($ENV{PRON_DUMP} && "$f $o" =~ /$ENV{PRON_DUMP}/) {   # the cases behind a cell, to read
			my $ksn = $ks->[$t];
			my $mark = sub { my ($x, $y, $l, $r) = @_; join ' ', map { my $p = $ksn->{at}[$_];
				($p == $x ? $l : '') . $ksn->{w}[$_] . ($p < $y && ($_ == $#{$ksn->{w}} || $ksn->{at}[$_ + 1] >= $y) ? $r : '') } 0 .. $#{$ksn->{w}} };
			my $tx = $k ? $mark->($k->[0], $k->[1], '[', ']') : join ' ', @{$ksn->{w}};
			my $ours = $m->{fate} eq 'projected' ? join(' ', @{$ksn->{w}}[grep { $ksn->{at}[$_] >= $m->{tgt}[1] && $ksn->{at}[$_] < $m->{tgt}[2] } 0 .. $#{$ksn->{w}}]) : '-';
			my @ew = @{$E->{$doc}[$u]{w}};
			$ew[$s] = "<$ew[$s]>";
			my $why = join "+", $m->{fate}, grep { $m->{rules}{$_} } sort keys %{$m->{rules} || {}};
			print "# $f $o ($why): @ew\n#   key: $tx\n#   ours: $ours\n";
		}
		$formw{$w}{$f}{n}++;
		$formw{$w}{$f}{$o}++;
		if ($f eq 'verb') {
			my $s = $ks->[$t];
			my ($i) = grep { $s->{at}[$_] == $k->[0] } 0 .. $#{$s->{w}};
			my $pre = defined $i && $i > 0 && $s->{w}[$i - 1] =~ /^(?:ن?می|ن?مي)$/ ? 'mi+' : '';
			my $lv = defined $i && $i > 0 && $s->{w}[$i - ($pre ? 2 : 1)] && !$pron{lc $s->{w}[$i - ($pre ? 2 : 1)]} ? '' : '';
			$verbs{"$pre$o"}++;
		}
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
my @forms = qw(free clitic verb word phrase nothing unknown);
my @outs = qw(exact span place null held spurious none);
print "the corrected file's mention for it (rows) x what the projection did (columns):\n";
printf "  %-8s %5s %s\n", 'form', 'n', join ' ', map { sprintf '%8s', $_ } @outs;
for my $f (@forms) {
	my $t = 0;
	$t += $_ for values %{$form{$f} || {}};
	next unless $t;
	printf "  %-8s %5d %s\n", $f, $t, join ' ', map { sprintf '%8d', $form{$f}{$_} || 0 } @outs;
}
print "  verbs (c): ", join(', ', map { "$_ $verbs{$_}" } sort keys %verbs), " (mi+: after a separate می/نمی)\n" if %verbs;
print "by English word: form total/exact\n";
for my $w (sort { my ($x, $y) = (0, 0); $x += $_->{n} for values %{$formw{$a}}; $y += $_->{n} for values %{$formw{$b}}; $y <=> $x || $a cmp $b } keys %formw) {
	printf "  %-10s %s\n", $w, join ' ', map { sprintf '%s %d/%d', $_, $formw{$w}{$_}{n}, $formw{$w}{$_}{exact} || 0 } grep { $formw{$w}{$_} } @forms;
}
print "projected spans by what placed them:\n";
for my $k (sort keys %rule) {
	printf "  %-28s %s\n", $k, join ' ', map { sprintf '%s %d', $_, $rule{$k}{$_} || 0 } qw(right bounds wrong spurious);
}
