/* base/failpoint.c — see failpoint.h. */
#define _POSIX_C_SOURCE 200809L
#include "failpoint.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void xp_failpoint(const char *name)
{
	static long count;
	const char *fp = getenv("XP_FAILPOINT");
	size_t n = strlen(name);
	if (!fp || strncmp(fp, name, n) || fp[n] != ':')
		return;
	char *end;
	if (++count >= strtol(fp + n + 1, &end, 10))
		kill(getpid(), !strcmp(end, ":TERM") ? SIGTERM : !strcmp(end, ":STOP") ? SIGSTOP : SIGKILL);
}
