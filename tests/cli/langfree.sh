# The core names no language (issue 30): outside lang/ (and base/ model/
# io/, below it: scripts, tokenisation, readers), no C file of project/
# align/ eval/ correct/ pipeline/ serve/ tools/ holds, in its code (comments
# are free), a language code literal ("zh", "fa", "zh-Hans", ...) or a
# literal in Han or Arabic script (also as \x escapes of its UTF-8).  They
# ask the language's pack (lang/lang.h) instead.
#
# "en" is allowed: English is the source side of every projection, not a
# target language (its word lists are the source's, model/mtype.h).  The
# allow-list below names each other exception and says why.
. tests/cli/lib
# FILE:LITERAL WHY, one a line
# (punctuation of a script is no word of a language: the full-width and
# Arabic question marks end a sentence whatever its language)
ALLOW=$(cat <<'EOF'
align/prior.c:。 full-width full stop: a sentence end in any language written in Han
align/prior.c:？ full-width question mark, likewise
align/prior.c:！ full-width exclamation mark, likewise
align/pair.c:\xD8\x9F the Arabic question mark ؟ (Arabic, Farsi, Urdu ...): a sentence end
EOF
)
export ALLOW
scan() {
perl -CSD -e '
my %allow;
my $al = $ENV{ALLOW}; utf8::decode($al);
for (split /\n/, $al) { $allow{$1} = 1 if /^(\S+)/; }
my $codes = qr/(?:zh|fa|ja|ko|ar|fas|per|pes|cmn|zho|chi|yue|jpn|kor|ara|de|fr|pt|es|ru|th|lo|km)(?:[-_](?:[A-Z]{2}|[A-Z][a-z]{3}))?/;
my $script = qr/[\x{0600}-\x{06FF}\x{0750}-\x{077F}\x{FB50}-\x{FDFF}\x{FE70}-\x{FEFF}\x{3000}-\x{303F}\x{3400}-\x{4DBF}\x{4E00}-\x{9FFF}\x{FF00}-\x{FFEF}]/;
# UTF-8 of Arabic (D8-DB lead) or CJK (E3-E9 lead) written as escapes
my $esc = qr/\\x(?:d[89ab]|D[89AB]|e[3-9]|E[3-9])\\x[89ab]/;
my $bad = 0;
for my $f (@ARGV) {
	open my $h, "<", $f or die;
	local $/; my $s = <$h>; close $h;
	# comments out, keeping the lines
	$s =~ s{/\*(.*?)\*/}{ my $c = $1; $c =~ tr/\n//cd; $c }gse;
	$s =~ s{//[^\n]*}{}g;
	my $ln = 0;
	for my $line (split /\n/, $s, -1) {
		$ln++;
		while ($line =~ /"((?:[^"\\]|\\.)*)"|\x27((?:[^\x27\\]|\\.)+)\x27/g) {
			my $lit = defined $1 ? $1 : $2;
			my $why = $lit =~ /^$codes$/ ? "language code" : $lit =~ $script ? "Han/Arabic literal" :
				  $lit =~ $esc ? "Han/Arabic escape" : "";
			next unless $why;
			# a help text line of tools/ is documentation, as a comment is
			next if $f =~ m{^tools/} && $lit =~ /\\n$/ && $why ne "language code";
			next if $allow{"$f:$lit"};
			print "FAIL: $f:$ln: $why \"$lit\" outside lang/ (ask the pack: lang/lang.h)\n";
			$bad++;
		}
	}
}
exit($bad ? 1 : 0);
' "$@"
}
scan $(ls project/*.[ch] align/*.[ch] eval/*.[ch] correct/*.[ch] pipeline/*.[ch] serve/*.[ch] tools/*.[ch] 2>/dev/null) ||
	fails=$((fails + 1))
# and the check finds what it is for (a comment is free, code is not)
printf '%s\n' '/* "fa" and "的" in a comment */' 'static int f(const char *l) { return !strncmp(l, "fa", 2); }' > $T/a.c
printf '%s\n' 'static const char *de = "\xe7\x9a\x84";' > $T/b.c
printf '%s\n' 'static const char *const w[] = {"我", "zh-Hant", NULL};' > $T/c.c
for f in a b c; do
	scan $T/$f.c > $T/scan.out && { echo "FAIL: the check passed $f.c:"; cat $T/$f.c; fails=$((fails + 1)); }
done
printf '%s\n' '/* "fa" and "的" in a comment */' 'static const char *s = "zh-punct";' > $T/d.c
scan $T/d.c > $T/scan.out || { echo "FAIL: the check refused d.c:"; cat $T/scan.out; fails=$((fails + 1)); }
finish
