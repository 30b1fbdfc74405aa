/* base/version.c — see version.h. */
#include "version.h"

const char *xp_version(void)
{
	return XP_VERSION_STRING;
}
