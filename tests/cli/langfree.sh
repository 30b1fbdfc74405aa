# The core names no language (issue 30): outside lang/ (and base/ model/
# io/, below it: scripts, tokenisation, readers), no C file of project/
# align/ eval/ correct/ pipeline/ serve/ tools/ holds, in its code (comments
# are free), a language code literal ("zh", "fa", "zh-Hans", ...) or a
# literal in Han or Arabic script (also as \x escapes of its UTF-8).  They
# ask the language's pack (lang/lang.h) instead.
#
# "en" is allowed: English is the source side of every projection, not a
# target language (its word lists are the source's, model/mtype.c); so are
# identifiers that begin with en_ (en_start, en_utt: the English mention's).
# Identifiers are held to the two-letter codes only: the three-letter ones
# are English words too (per_doc).  The
# allow-list below names each other exception and says why.
#
# Nor do the tables escape as numbers or data (issue 30's debt): the code
# holds no code point of those scripts as a number (0x0647, 0x3002: the
# aligner's letter and affix tables were such), no identifier names a
# language (xp_lex_chinese) or begins with a language's code and "_"
# (zh_words, fa_last_word: a field, a feature or a hook that is one
# language's belongs to its pack, lang/lang.h), and no file of those directories but a C file
# (a JSON table, a word list) holds Han or Arabic text: a pack's data lives
# in lang/ (lang/ends/, lang/calib/).  tools/sample/ is a demo's input and
# output, text and no knowledge.  And the files that hold the machinery the
# packs' data drives (the aligner's normalisation, the lexicon) name no
# language and write no Han or Arabic even in their comments.
#
# Nor does the core spell a pack rule's switch of earlier releases
# ("no-fa-attach", even in a help text) or name one by a pack's code in an
# upper-case name (O_NO_FA_ATTACH): each rule's row in its pack carries its
# switch (lang/lang.h xp_lang_rule.off), which tools/groups.c reads.
#
# Nor does the core call into one pack by name (the language packs' debt,
# "a third language is surgery"): no identifier xp_CODE_... (a pack's
# function: xp_zh_pronoun_span) or XP_..._CODE_... (a pack's rule bit:
# XP_LR_FA_CLITIC, XP_NP_ZH_WORDS), CODE any code a pack in lang/ declares
# (.code = "..."), read from the packs rather than listed here; the source
# pack (XP_LT_SOURCE: English) is not a target and its xp_en_ words are the
# source side's.  A rule is its pack's hook (lang/lang.h xp_span_hook); a
# core that needs a rule's bit asks the pack (segmenter_rule, case_rule) or
# a neutral name of np.h / pron.h (XP_NP_DROPS).
#
# Nor does model/mtype.c, the machinery of mention and sentence types below
# lang/, hold a target language's word list, nor model/script.c, which
# counts a text's letters by script, the letters or the script of a
# language (the packs say theirs: lang/script.h): a pack's are its data
# (lang/lang.h xp_lang_pack.mtype).  And the core's comments and help texts
# spell no pack's code ("--tgt-lang zh", "zh_words", "(zh, fa, ...)"): a help
# text says "a language code", "a pack's", or names the rule that --list-rules
# shows; CODE_ALLOW below lists the examples that stay, each with why.
. tests/cli/lib
# FILE:LITERAL WHY, one a line
# (punctuation of a script is no word of a language: the full-width and
# Arabic question marks end a sentence whatever its language)
ALLOW=$(cat <<'EOF'
align/prior.c:。 full-width full stop: a sentence end in any language written in Han
align/prior.c:？ full-width question mark, likewise
align/prior.c:！ full-width exclamation mark, likewise
align/pair.c:\xD8\x9F the Arabic question mark ؟ (Arabic, Farsi, Urdu ...): a sentence end
align/norm.c:0x0640 tatweel: the Arabic script's, whatever its language (XP_NORM_MARKS)
align/norm.c:0x064B the Arabic script's vowel marks (harakat), likewise: 064B-0652
align/norm.c:0x0652 likewise
align/norm.c:0x0670 the superscript alef, a mark of the script, likewise
align/norm.h:XP_NORM_PERSIAN the part's name of earlier releases, for this release only
align/norm.h:XP_NORM_ZH_PUNCT likewise (public header, align/norm.h: an alias of XP_NORM_PUNCT)
align/norm.h:XP_NORM_FA_MORPH likewise (an alias of XP_NORM_AFFIXES)
model/mtype.c:？ the full-width question mark: a sentence type's mark in any language
model/mtype.c:؟ the Arabic question mark, likewise
model/mtype.c:！ the full-width exclamation mark, likewise
model/script.c:USCRIPT_JAPANESE ICU's script code Jpan (Han and kana together): a script, no pack's
EOF
)
# the pack-named identifiers not yet moved, FILE:IDENTIFIER WHY, one a
# line (empty when the packs' debt is paid)
PACK_ALLOW=$(cat <<'EOF'
EOF
)
ALLOW="$ALLOW
$PACK_ALLOW"
export ALLOW
# the target packs' codes, as the packs declare them (not the source's)
PACK_CODES=$(perl -0777 -ne 'while (/\.code = "(\w+)"(.*?)\n\};/gs) { my ($c, $rest) = ($1, $2); print "$c\n" unless $rest =~ /XP_LT_SOURCE/; }' lang/*.c | sort -u | tr '\n' ' ')
[ -n "$PACK_CODES" ] || { echo "FAIL: no pack code found in lang/*.c"; fails=$((fails + 1)); }
export PACK_CODES
scan() {
perl -CSD -e '
my %allow;
my $al = $ENV{ALLOW}; utf8::decode($al);
for (split /\n/, $al) { $allow{$1} = 1 if /^(\S+)/; }
my $codes = qr/(?:zh|fa|ja|ko|ar|fas|per|pes|cmn|zho|chi|yue|jpn|kor|ara|de|fr|pt|es|ru|th|lo|km)(?:[-_](?:[A-Z]{2}|[A-Z][a-z]{3}))?/;
my $script = qr/[\x{0600}-\x{06FF}\x{0750}-\x{077F}\x{FB50}-\x{FDFF}\x{FE70}-\x{FEFF}\x{3000}-\x{303F}\x{3400}-\x{4DBF}\x{4E00}-\x{9FFF}\x{FF00}-\x{FFEF}]/;
# UTF-8 of Arabic (D8-DB lead) or CJK (E3-E9 lead) written as escapes
my $esc = qr/\\x(?:d[89ab]|D[89AB]|e[3-9]|E[3-9])\\x[89ab]|\\u(?:0[67]|30|[4-9][0-9A-Fa-f]|[Ff][Ff])[0-9A-Fa-f]{2}/;
# a code point of those scripts as a number (4000 and 8000 are bit masks)
my $cp = qr/\b0x(?:0[67][0-9a-fA-F]{2}|[Ff][BbCcDd][0-9a-fA-F]{2}|[Ff][Ee][7-9a-fA-F][0-9a-fA-F]|30[0-3][0-9a-fA-F]|3[4-9a-fA-F][0-9a-fA-F]{2}|[4-9][0-9a-fA-F]{3}|[Ff][Ff][0-9a-eA-E][0-9a-fA-F])\b/;
# an identifier that begins with a target language code and "_"
my $coded = qr/(?:zh|fa|ja|ko|ar|de|fr|pt|es|ru|th|lo|km)_\w*/i;
# a function or rule bit of a pack: xp_CODE_..., XP_..._CODE_...
my @pc = split " ", ($ENV{PACK_CODES} // "");
my $pc = @pc ? join("|", @pc) : "(?!)";
my $pc_uc = @pc ? join("|", map { uc } @pc) : "(?!)";
my $packed = qr/xp_(?:$pc)_\w*|XP_[A-Z0-9]+_(?:$pc_uc)_\w*/;
# any other upper-case name with a pack code for a word: O_NO_FA_ATTACH, a
# getopt value of a pack rule\x27s switch
my $upper = qr/(?:[A-Z][A-Z0-9]*_)+(?:$pc_uc)_[A-Z0-9_]*[A-Z0-9]/;
# a pack rule\x27s switch of earlier releases ("no-fa-attach", "--no-zh-pronouns"):
# its rule\x27s row carries it (lang/lang.h xp_lang_rule.off)
my $switch = qr/(?:^|[^a-z0-9])no-(?:$pc)-[a-z]/;
my $langs = qr/chinese|farsi|persian|japanese|korean|german|french|portuguese|spanish|russian|thai/i;
my $clean = $ENV{CLEAN} // "";
my %clean = map { $_ => 1 } split " ", $clean;
my $bad = 0;
for my $f (@ARGV) {
	open my $h, "<", $f or die;
	local $/; my $s = <$h>; close $h;
	if ($clean{$f}) {
		my $ln = 0;
		for my $line (split /\n/, $s, -1) {
			$ln++;
			while ($line =~ /(\b\w*(?:$langs)\w*\b|$script)/g) {
				next if $allow{"$f:$1"};
				print "FAIL: $f:$ln: \"$1\": this file names no language, not even in a comment\n";
				$bad++;
			}
		}
	}
	# comments out, keeping the lines
	$s =~ s{/\*(.*?)\*/}{ my $c = $1; $c =~ tr/\n//cd; $c }gse;
	$s =~ s{//[^\n]*}{}g;
	my $ln = 0;
	for my $line (split /\n/, $s, -1) {
		$ln++;
		# numbers and identifiers, outside the literals
		(my $code = $line) =~ s/"(?:[^"\\]|\\.)*"|\x27(?:[^\x27\\]|\\.)+\x27/""/g;
		while ($code =~ /($cp)/g) {
			my $n = $1;
			next if $n =~ /^0x[48]000$/ || $allow{"$f:$n"};
			print "FAIL: $f:$ln: code point $n of Han or Arabic script outside lang/ (a table: data of its pack)\n";
			$bad++;
		}
		while ($code =~ /\b($packed)/g) {
			next if $allow{"$f:$1"};
			print "FAIL: $f:$ln: identifier $1 names a pack\x27s function or rule outside lang/ (a span rule is the pack\x27s hook: lang/lang.h xp_span_hook)\n";
			$bad++;
		}
		while ($code =~ /\b($upper)\b/g) {
			my $id = $1;
			next if $id =~ /^$packed$/ || $allow{"$f:$id"};   # said above
			print "FAIL: $f:$ln: identifier $id names a pack by its code outside lang/\n";
			$bad++;
		}
		while ($code =~ /\b($coded)/g) {
			next if $allow{"$f:$1"};
			print "FAIL: $f:$ln: identifier $1 begins with a language code outside lang/ (the pack\x27s: lang/lang.h)\n";
			$bad++;
		}
		while ($code =~ /\b(\w*(?:$langs)\w*)\b/g) {
			next if $allow{"$f:$1"};
			print "FAIL: $f:$ln: identifier $1 names a language outside lang/\n";
			$bad++;
		}
		while ($line =~ /"((?:[^"\\]|\\.)*)"|\x27((?:[^\x27\\]|\\.)+)\x27/g) {
			my $lit = defined $1 ? $1 : $2;
			if ($lit =~ $switch && !$allow{"$f:$lit"}) {
				print "FAIL: $f:$ln: \"$lit\": a pack rule\x27s switch outside lang/ (the rule\x27s row has it: lang/lang.h xp_lang_rule.off)\n";
				$bad++;
				next;
			}
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
# the files whose comments are held to it too
CLEAN="align/norm.c align/norm.h project/lexicon.c project/lexicon.h project/confidence.c project/confidence.h"
export CLEAN
scan $(ls project/*.[ch] align/*.[ch] eval/*.[ch] correct/*.[ch] pipeline/*.[ch] serve/*.[ch] tools/*.[ch] \
	model/mtype.[ch] model/script.[ch] 2>/dev/null) || fails=$((fails + 1))
# a pack's code in the core's comments and string literals (help texts):
# FILE:CODE WHY, one a line
CODE_ALLOW=$(cat <<'EOF'
io/epmap.h:fa the format's example, an OPUS path
align/wamodel.c:zh-en a measurement's corpus (the zh-en bitext's shard)
correct/import.c:zh an example of a code, an alias and subtags, in a comment on how runs are named
correct/import.c:zh-Hant likewise
correct/import.c:zh-Hans likewise
tools/cmd_db.c:zh an example of a run's label, and of an alias
correct/queue.c:de pinyin: the particle de (of the feature pron_de), no code
EOF
)
export CODE_ALLOW
codes_scan() {
perl -e '
my %allow;
for (split /\n/, $ENV{CODE_ALLOW}) { $allow{$1} = 1 if /^(\S+)/; }
my $codes = join "|", split " ", $ENV{PACK_CODES};
my $bad = 0;
for my $f (@ARGV) {
	open my $h, "<", $f or die; local $/; my $s = <$h>; close $h;
	# comments and literals; a code stands alone, or opens an identifier or
	# an option ("zh_words", "--zh-tokens", "zh-Hans"): not "pt/pc", "ja[i]"
	while ($s =~ m{(/\*.*?\*/|//[^\n]*|"(?:[^"\\\n]|\\.)*"|\x27(?:[^\x27\\\n]|\\.)+\x27)}gs) {
		my ($t, $end) = ($1, pos($s));
		my $off = $end - length $t;
		while ($t =~ /(?:(?<=--)|(?<![\w\-\/.]))((?:$codes)(?:[_\-][\w\-]*)?)(?![\w\[\/])/g) {
			my $c = $1;
			next if $allow{"$f:$c"};
			my $ln = 1 + (substr($s, 0, $off + pos($t)) =~ tr/\n//);
			print "FAIL: $f:$ln: \"$c\": a pack\x27s code in a comment or help text of the core (say \"a language code\", or what --list-rules names)\n";
			$bad++;
		}
	}
}
exit($bad ? 1 : 0);
' "$@"
}
codes_scan $(ls project/*.[ch] align/*.[ch] eval/*.[ch] correct/*.[ch] pipeline/*.[ch] serve/*.[ch] tools/*.[ch] \
	io/*.[ch] model/*.[ch] | grep -v '^align/norm\.') || fails=$((fails + 1))
# data: no file of the core but its C files holds Han or Arabic text
for f in $(find project align eval correct pipeline serve tools -type f ! -name '*.[ch]' ! -path 'tools/sample/*' | sort); do
	perl -CSD -ne 'if (/[\x{0600}-\x{06FF}\x{0750}-\x{077F}\x{3000}-\x{303F}\x{3400}-\x{4DBF}\x{4E00}-\x{9FFF}]/) { print "FAIL: $ARGV:$.: Han or Arabic text in a data file outside lang/ (a pack'"'"'s data: lang/)\n"; $bad = 1; last } END { exit($bad ? 1 : 0) }' "$f" ||
		fails=$((fails + 1))
done
# and the check finds what it is for (a comment is free, code is not)
printf '%s\n' '/* "fa" and "的" in a comment */' 'static int f(const char *l) { return !strncmp(l, "fa", 2); }' > $T/a.c
printf '%s\n' 'static const char *de = "\xe7\x9a\x84";' > $T/b.c
printf '%s\n' 'static const char *const w[] = {"我", "zh-Hant", NULL};' > $T/c.c
# the tables as numbers, an identifier, a comment of a clean file
printf '%s\n' 'static const unsigned short t[] = {0x0646, 0x0645, 0};' > $T/e.c
printf '%s\n' 'static const char *p(unsigned c) { return c == 0x3002 ? "." : ""; }' > $T/f.c
printf '%s\n' 'extern const int xp_lex_chinese;' > $T/g.c
printf '%s\n' '/* the Farsi affixes */' 'int x;' > $T/clean.c
# an option field, a feature's hook named by a language's code
printf '%s\n' 'struct o { const char *zh_words; };' > $T/i.c
printf '%s\n' 'static float fa_number(const float *x) { return x[0]; }' > $T/j.c
printf '%s\n' 'enum { DE_CASES = 4 };' > $T/k.c
# a pack's function, a pack's rule bit, a rule of a pack that is not zh/fa
printf '%s\n' 'static int f(void) { return xp_zh_pronoun_span(0, 0, 0, 0, 0); }' > $T/m.c
printf '%s\n' 'static unsigned r(unsigned x) { return x & XP_LR_FA_CLITIC; }' > $T/n.c
printf '%s\n' 'enum { XP_F_ZH_OLD = 1 };' > $T/o.c
printf '%s\n' 'static unsigned long q(unsigned long x) { return x & XP_NP_DE_SOME; }' > $T/p.c
# a pack rule's switch in an option table, its getopt value, in a help text
printf '%s\n' 'static const struct option o[] = {{"no-zh-pronouns", no_argument, 0, 1}, {0, 0, 0, 0}};' > $T/q.c
printf '%s\n' 'enum { O_RULE = 416, O_NO_FA_CASE };' > $T/r.c
printf '%s\n' 'static const char usage[] = "  --skip-articles, --no-fa-attach\\n";' > $T/s.c
for f in a b c e f g i j k m n o p q r s clean; do
	CLEAN=$T/clean.c scan $T/$f.c > $T/scan.out && { echo "FAIL: the check passed $f.c:"; cat $T/$f.c; fails=$((fails + 1)); }
done
printf '%s\n' '/* the Farsi affixes: a comment of a file not held to it */' 'static const unsigned m = 0x8000, z = 0x200C;' > $T/h.c
scan $T/h.c > $T/scan.out || { echo "FAIL: the check refused h.c:"; cat $T/scan.out; fails=$((fails + 1)); }
# the English mention's fields, a code inside an identifier, a feature's name as data
printf '%s\n' 'struct m { unsigned en_start, pron_de, per_doc; };' 'static const char *n = "zh_last_word";' \
	'static int e(const char *w) { return xp_en_article(w, 0) && xp_zhseg_ok && XP_NP_DROPS; }' > $T/l.c
scan $T/l.c > $T/scan.out || { echo "FAIL: the check refused l.c:"; cat $T/scan.out; fails=$((fails + 1)); }
# a pack's code in a help text, an option's example, a comment's
printf '%s\n' 'static const char u[] = "  --tgt-lang L  (zh, fa, ...)\\n";' > $T/t.c
printf '%s\n' 'static const char u[] = "  --rules none,zh_words, --zh-tokens\\n";' > $T/u.c
printf '%s\n' '/* a model fitted for "fa" serves "fas" */' 'int x;' > $T/v.c
for f in t u v; do
	codes_scan $T/$f.c > $T/scan.out && { echo "FAIL: the code check passed $f.c:"; cat $T/$f.c; fails=$((fails + 1)); }
done
printf '%s\n' '/* ja[i] at pt/pc, the Arabic script, lang/zh.c, CODE-Hans */' 'int ja, pt;' > $T/w.c
codes_scan $T/w.c > $T/scan.out || { echo "FAIL: the code check refused w.c:"; cat $T/scan.out; fails=$((fails + 1)); }
printf '%s\n' '/* "fa" and "的" in a comment */' 'static const char *s = "zh-punct";' > $T/d.c
scan $T/d.c > $T/scan.out || { echo "FAIL: the check refused d.c:"; cat $T/scan.out; fails=$((fails + 1)); }
finish
