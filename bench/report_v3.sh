#!/bin/sh
# bench/report_v3.sh R.json: a projection report of version 4 as version
# 3's bytes on stdout, what an xproj of version 3 wrote for the same run
# (docs/formats.md: version 4 is version 3 with the header's run counts,
# rules, gender and document count moved to its last line, {"end":true,
# ...}, in the order version 3's header held them).  Any other report is
# printed as it is.  A version 4 report without its end line is refused
# (exit 1), as xproj refuses it.  Reads the file twice (its last line
# first), holding no more than a line.  A document's "text_hash" and "out_hash"
# (added to version 4 later; version 3 never had them) are left out.
set -eu
if ! head -c 13 "$1" | grep -q '^{"version":4,'; then
	cat "$1"
	exit 0
fi
tail -n 1 "$1" | perl -e '
	my $end = <STDIN>; open my $fh, "<", $ARGV[0] or die "$ARGV[0]: $!\n"; my $head = <$fh>;
	chomp $end; chomp $head;
	$end =~ /^\{"end":true,(.*)(,"gender":.*)$/ or die "$ARGV[0]: no end line: cut short\n";
	my ($counts, $tail) = ($1, $2);
	$head =~ s/^\{"version":4,//; $head =~ s/\}$//;
	print "{\"version\":3,$counts,$head$tail\n";' "$1"
sed '1d;$d;s/,"text_hash":"[0-9a-fA-F]*"//;s/,"out_hash":"[0-9a-fA-F]*"//' "$1"
