/*
 * base/failpoint.h — named points where the reliability tests kill the
 * process, to prove that a kill there loses nothing.
 *
 * XP_FAILPOINT=name:N in the environment kills the process (SIGKILL, which
 * nothing can catch or clean up after) the Nth time `name` is passed.
 * Without the variable a failpoint costs one getenv.
 */
#ifndef XP_FAILPOINT_H
#define XP_FAILPOINT_H

void xp_failpoint(const char *name);

#endif
