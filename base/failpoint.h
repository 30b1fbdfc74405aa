/*
 * base/failpoint.h — named points where the reliability tests kill the
 * process, to prove that a kill there loses nothing.
 *
 * XP_FAILPOINT=name:N in the environment kills the process (SIGKILL, which
 * nothing can catch or clean up after) the Nth time `name` is passed.
 * name:N:TERM sends SIGTERM instead; name:N:STOP stops the process
 * (SIGSTOP) there, for a test that does something in that moment (another
 * writer's sweep in a commit: tests/unit/test_outputs.c) and then sends
 * SIGCONT.  Without the variable a failpoint costs one getenv.
 */
#ifndef XP_FAILPOINT_H
#define XP_FAILPOINT_H

void xp_failpoint(const char *name);

#endif
