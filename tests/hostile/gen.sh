#!/bin/sh
# tests/hostile/gen.sh DIR [MiB] — hostile inputs for the readers, written
# into DIR: entity expansion in every XML reader's format, decompression
# bombs (gzip, a gzipped zip member, a deflated zip member), charsets that
# used to be guessed silently, truncated and cut files.  MiB (default 300)
# is what a bomb inflates to: a gzip member of 1 MiB of zeros is 1 KB, so
# the bombs are MiB concatenated members (gzip reads them as one stream);
# the deflated zip member is DEFLATE_MIB (default 300) MiB of spaces.
# tests/cli/hostile.sh checks each file's answer; bench/adversarial_readers.sh
# runs every reader over all of them with a larger MiB.  Needs iconv and
# gzip; zip for the archive ones (skipped without it).  HOSTILE_QUICK=1
# leaves out the deflated zip member (seconds of zip -9).
set -u
D=$1
MIB=${2:-300}
S=${XPROJ_SRC:-.}/tools/sample
mkdir -p "$D" || exit 1

# laughs ROOT-OPEN BODY ROOT-CLOSE: a document declaring l0 = "ha", each
# l(k) ten l(k-1)s (l9: a thousand million), then the body
laughs() {
	echo '<?xml version="1.0"?>'
	echo "<!DOCTYPE $1 ["
	echo '<!ENTITY l0 "ha">'
	for i in 1 2 3 4 5 6 7 8 9; do
		printf '<!ENTITY l%d "' $i
		for j in 1 2 3 4 5 6 7 8 9 10; do printf '&l%d;' $((i - 1)); done
		echo '">'
	done
	echo ']>'
	echo "$2"
}
laughs document '<document><s id="1"><w>&l9;</w></s></document>' > "$D/laughs-text.xml"
laughs document '<document><s id="&l9;"><w>ha</w></s></document>' > "$D/laughs-attr.xml"
laughs cesAlign '<cesAlign><linkGrp fromDoc="&l9;" toDoc="fa/sample/fa.xml"><link xtargets="1;1"/></linkGrp></cesAlign>' \
	> "$D/laughs-links.xml"
gzip -c "$D/laughs-links.xml" > "$D/laughs-links.xml.gz"
mkdir -p "$D/tv4"
laughs script '<script><scene id="1"><utterance uid="1-1"><speaker>A</speaker><content>&l9;</content></utterance></scene></script>' \
	> "$D/tv4/S01E01.xml"

# quadratic blow-up: no nesting, one 20 KB entity referenced 20,000 times,
# in text; then in an attribute, where libxml2's own guard lets it through
# and the attribute's value is 400 MB made by repeated concatenation
tenfold() { # N WORD: WORD 10 N times
	i=0; while [ $i -lt $1 ]; do printf '%s%s%s%s%s%s%s%s%s%s' $2 $2 $2 $2 $2 $2 $2 $2 $2 $2; i=$((i + 1)); done
}
quadratic() { # BEFORE AFTER: the references between them
	echo '<?xml version="1.0"?>'
	printf '<!DOCTYPE document [<!ENTITY a "'; tenfold 1000 ha; echo '">]>'
	printf '%s' "$1"; tenfold 2000 '&a;'; echo "$2"
}
quadratic '<document><s id="1"><w>' '</w></s></document>' > "$D/quadratic.xml"
quadratic '<document><s id="' '"><w>ha</w></s></document>' > "$D/quadratic-attr.xml"

# an entity of an external DTD (never loaded): its text would be lost
{
	echo '<?xml version="1.0"?>'
	echo '<!DOCTYPE document SYSTEM "http://example.invalid/x.dtd">'
	echo '<document><s id="1"><w>a&nbsp;b</w></s></document>'
} > "$D/extdtd.xml"

# an external entity: never read (no network, no file, no DTD loading)
{
	echo '<?xml version="1.0"?>'
	echo '<!DOCTYPE document [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
	echo '<document><s id="1"><w>&x;</w></s></document>'
} > "$D/xxe.xml"

# a gzip bomb: MIB members of 1 MiB of zeros
head -c 1048576 /dev/zero | gzip -9 > "$D/mib.gz"
i=0; while [ $i -lt "$MIB" ]; do cat "$D/mib.gz"; i=$((i + 1)); done > "$D/bomb.srt.gz"
cp "$D/bomb.srt.gz" "$D/bomb.conll.gz"
cp "$D/bomb.srt.gz" "$D/bomb.xml.gz"
rm -f "$D/mib.gz"

# an XCES file (streamed, so no size limit) holding a 64 MiB text node:
# libxml2's limit on a text node (10 MB without XML_PARSE_HUGE) refuses it
{ printf '<cesAlign>'; head -c 67108864 /dev/zero | tr '\000' ' '; printf '</cesAlign>'; } | gzip -1 > "$D/spaces-links.xml.gz"

# charsets: English in UTF-16 without a byte order mark (ASCII with every
# other byte NUL: "valid UTF-8"), UTF-8 Chinese with one GBK word
iconv -f UTF-8 -t UTF-16LE "$S/en.srt" > "$D/en.utf16le.srt"
iconv -f UTF-8 -t UTF-16BE "$S/en.srt" > "$D/en.utf16be.srt"
{
	sed -n 1,20p "$S/zh.srt"
	printf '1000\n00:10:00,000 --> 00:10:01,000\n\304\343\272\303\n\n'   # 你好 in GBK
	sed -n '21,$p' "$S/zh.srt"
} > "$D/zh.mixed.srt"
# NUL bytes in what is otherwise ASCII, in no UTF-16 pattern
printf '1\n00:00:01,000 --> 00:00:02,000\nHello\000there\000\000\000x\n\n' > "$D/nul.srt"

# cut short: subtitles mid-block, XML mid-element, gzip mid-stream
head -c 300 "$S/en.srt" > "$D/cut.srt"
head -c 700 "$S/en.xml" > "$D/cut.xml"
head -c 500 "$S/en-fa.xml" > "$D/cut-links.xml"
gzip -c "$S/en.srt" > "$D/full.srt.gz"
n=$(wc -c < "$D/full.srt.gz")
head -c $((n - 20)) "$D/full.srt.gz" > "$D/cut.srt.gz"
rm -f "$D/full.srt.gz"
: > "$D/empty.srt"
: > "$D/empty.xml"

# archives: the gzip bomb as a member, a deflated member of MIB MiB of
# spaces, and an archive cut short
if command -v zip >/dev/null 2>&1; then
	(cd "$D" && cp bomb.srt.gz m.srt.gz && rm -f bomb.zip && zip -q -0 bomb.zip m.srt.gz && rm -f m.srt.gz)
	if [ -z "${HOSTILE_QUICK:-}" ]; then   # a few seconds of deflating
		head -c $((${DEFLATE_MIB:-300} * 1048576)) /dev/zero | tr '\000' ' ' > "$D/big.srt"
		(cd "$D" && rm -f deflate.zip && zip -q -9 deflate.zip big.srt && rm -f big.srt)
	fi
	cp "$S/en.srt" "$D/en.srt"
	(cd "$D" && rm -f ok.zip && zip -q ok.zip en.srt && rm -f en.srt)
	n=$(wc -c < "$D/ok.zip")
	head -c $((n / 2)) "$D/ok.zip" > "$D/cut.zip"
	rm -f "$D/ok.zip"
fi
exit 0
