#!/bin/sh
# bench/report_v1.sh R.json: a projection report as version 1's one JSON
# object on stdout, byte for byte what an xproj before version 2 wrote for
# the same run (docs/formats.md: each line of version 2 is that object's
# piece; version 3 is version 2 with each mention's "f" an object of the
# features that are not 0, whole numbers written as integers, and its
# "rules" / "np_rules" objects of the rules that fired: the dense array and
# the full maps are rebuilt from the names the header lists, in its order).
# Version 4 is read as version 3 (bench/report_v3.sh).  A version 1 report
# is printed as it is.  bench/identical.sh compares reports through it, so a
# baseline of any version compares.
# (a version 4 report without its end line is refused here, not piped on)
if head -c 13 "$1" | grep -q '^{"version":4,' && ! tail -n 1 "$1" | grep -q '^{"end":true,'; then
	echo "$1: cut short: no end line" >&2
	exit 1
fi
sh "$(dirname "$0")/report_v3.sh" "$1" | perl -ne '
if ($. == 1) {
	if (!/^\{"version":([23]),/) { $v1 = 1; print; next }
	($feat) = /"features":\[([^\]]*)\]/; @feat = $feat =~ /"([^"]*)"/g;
	# the first "language_rules" and "np_rules" are the run'"'"'s counts,
	# which name every rule a mention of version 2 lists
	($lr) = /"language_rules":\{([^}]*)\}/; @lr = $lr =~ /"([^"]*)":/g;
	($np) = /"np_rules":\{([^}]*)\}/; @np = $np =~ /"([^"]*)":/g;
	chomp; s/^\{"version":[23],/{/; s/,"documents":[0-9]+\}$//;
	print $_, ",\"documents\":["; next;
}
if ($v1) { print; next }
chomp;
s|"f":\{([^\}]*)\}|
	my %v = $1 =~ /"([^"]*)":([^,]*)/g;
	"\"f\":[" . join(",", map { !exists $v{$_} ? "0.0" : $v{$_} =~ /^-?[0-9]+$/ ? "$v{$_}.0" : $v{$_} } @feat) . "]"
|ge;
for my $k (["rules", \@lr], ["np_rules", \@np]) {
	my ($name, $all) = @$k;
	s|"$name":\{([^\}]*)\}|
		my %on = map { $_ => 1 } $1 =~ /"([^"]*)":true/g;
		"\"$name\":{" . join(",", map { "\"$_\":" . ($on{$_} ? "true" : "false") } @$all) . "}"
	|ge;
}
print $. > 2 ? "," : "", $_;
$n++;
END { print "]}\n" if !$v1 && $. }'
