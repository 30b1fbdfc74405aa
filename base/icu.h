/*
 * base/icu.h — ICU's allocations watched.
 *
 * ICU reports most failures through UErrorCode, and the library passes
 * them on; but some of its code does without what it could not allocate
 * and says nothing.  Any-Latin, the name prior's transliterator
 * (align/prior.c), makes the transliterator of each script the first time
 * it meets the script, and if that fails it leaves the word as it is:
 * under `ulimit -v` (about 61 MB for `xproj wordalign` on the sample's
 * Farsi) names went unspelled, other links came out, exit 0.
 *
 * xp_icu_watch gives ICU an allocator that counts the allocations it
 * refused; code that must not go on after ICU did without memory compares
 * xp_icu_refusals before and after.  ICU takes an allocator only before
 * it allocates anything, so a program calls xp_icu_watch first thing
 * (the xproj command does in main); without it xp_icu_refusals stays 0.
 *
 * XP_ICU_ALLOC_FAIL=N in the environment (read by xp_icu_watch), or
 * xp_icu_fail_after(N), refuses ICU's Nth allocation from then on and
 * every one after it: the tests' way to run out of memory where ICU
 * allocates (tests/unit/test_icufail.c, tests/cli/adv16.sh).
 */
#ifndef XP_ICU_H
#define XP_ICU_H

/* 0, or -1 when ICU refuses the hooks.  Call it before anything uses ICU,
 * as xproj's main does: ICU's documentation asks for that, though ICU 72
 * installs them at any time (harmless here: the hooks allocate with
 * malloc, so memory ICU took before is freed as it was taken).  The count
 * is the process's: in `serve`, one request's refusal fails another's
 * realign too, as out of memory (on the safe side). */
int xp_icu_watch(void);
/* ICU's allocations refused since xp_icu_watch. */
unsigned long xp_icu_refusals(void);
/* Refuse ICU's allocations from the nth on (0: the next one); n < 0:
 * refuse none (the default). */
void xp_icu_fail_after(long n);

#endif
