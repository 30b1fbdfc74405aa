# Partitioned scores and agreement on mmc-tune: MMC's silver against its
# human corrections (README "Annotation quality").  Each figure below is
# what the command printed when this check was written; a change in the
# scorer, the word lists or the readers shows up here.
#   zh by type (on characters): p-link F1 pronoun 86.77%, other 69.17%
#   zh by gender: Bias (p-link) 0.8779; p-link summed over type = MUC (464/600)
#   fa agree: IAA1 0.7633, IAA2 0.6591 over 770 mentions both marked
#   ParCorFull's gold by type, from the pronouns each pack lists (lang/de.c,
#   fr.c, pt.c): de 1745 pronouns / 1338 other, fr 1604 / 1633, pt 871 / 2584;
#   by gender and sentence (their masc, fem and command openers): masculine /
#   feminine / in a command, fr 360 / 59 / 25, pt 105 / 30 / 13; de in a command
#   42 (German has no gender lists: --by gender refused)
set -u
TUNE=$DATA/mmc-tune
ZK=$TUNE/tune.chinese.corrected.v4_gold_conll ZR=$TUNE/tune.chinese.silver.v4_gold_conll
FK=$TUNE/tune.farsi.corrected.v4_gold_conll FR=$TUNE/tune.farsi.silver.v4_gold_conll
bad=0
# want WHAT GOT WANT
want() {
	echo "$1: $2"
	[ "$2" = "$3" ] || { echo "MISMATCH: wanted $3"; bad=1; }
}
out=$($XPROJ score --chars --metric muc --by type $ZK $ZR 2>/dev/null)
want "zh p-link F1 by type (pronoun other)" \
	"$(echo "$out" | awk '$1=="pronoun"||$1=="other"{printf "%s%s", s, $NF; s=" "}')" "86.77% 69.17%"
want "zh p-link recall sums (by type; muc)" \
	"$(echo "$out" | awk '$1=="pronoun"||$1=="other"{split($8,a,"[(/)]"); n+=a[2]; d+=a[3]} $1=="muc"{m=$3} END{print n "/" d, m}')" \
	"464/600 (464/600)"
want "zh gender Bias (p-link, mentions)" \
	"$($XPROJ score --chars --by gender $ZK $ZR 2>/dev/null | sed -n 's/^Bias .*p-link \([0-9.]*\), mentions \([0-9.]*\)$/\1 \2/p')" \
	"0.8779 0.9244"
want "fa agree IAA1 IAA2 over mentions both marked" \
	"$($XPROJ agree $FK $FR | awk '/^alpha over/{n=$3} $1=="IAA1"{a=$3} $1=="IAA2"{b=$3} END{print a, b, n}')" \
	"0.7633 0.6591 770"
P=$DATA/parcorfull-ted
if [ -d "$P" ]; then
	T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
	for L in DE FR PT; do
		l=$(echo $L | tr A-Z a-z) r=; [ $L = PT ] && r=--repair
		$XPROJ convert $r "$P/$L" $T/$l.conll 2>/dev/null
		case $l in de) w="1745 1338";; fr) w="1604 1633";; pt) w="871 2584";; esac
		want "$l gold by type (pronoun other mentions)" \
			"$($XPROJ score --metric mentions --by type --lang $l $T/$l.conll $T/$l.conll 2>/dev/null |
				awk '$1=="pronoun"||$1=="other"{split($3,a,"[(/)]"); printf "%s%s", s, a[3]; s=" "}')" "$w"
		case $l in de) w="42";; fr) w="360 59 25";; pt) w="105 30 13";; esac
		want "$l gold by gender and sentence (masculine feminine imperative mentions)" \
			"$( { $XPROJ score --metric mentions --by gender --lang $l $T/$l.conll $T/$l.conll
			      $XPROJ score --metric mentions --by sentence --lang $l $T/$l.conll $T/$l.conll; } 2>/dev/null |
				awk '$1=="masculine"||$1=="feminine"||$1=="imperative"{split($3,a,"[(/)]"); printf "%s%s", s, a[3]; s=" "}')" "$w"
	done
fi
exit $bad
