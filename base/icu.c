/* base/icu.c — see icu.h. */
#include "icu.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <unicode/uclean.h>

static _Atomic long budget = -1;        /* allocations left before refusals; -1: none refused */
static _Atomic unsigned long refused;

/* 1 if this allocation is to be refused (the tests' budget spent) */
static int spent(void)
{
	long b = atomic_load(&budget);
	for (;;) {
		if (b < 0)
			return 0;
		if (b == 0)
			return 1;
		if (atomic_compare_exchange_weak(&budget, &b, b - 1))
			return 0;
	}
}

static void *U_CALLCONV icu_alloc(const void *ctx, size_t n)
{
	(void)ctx;
	void *p = spent() ? NULL : malloc(n);
	if (!p)
		atomic_fetch_add(&refused, 1);
	return p;
}

static void *U_CALLCONV icu_realloc(const void *ctx, void *old, size_t n)
{
	(void)ctx;
	void *p = spent() ? NULL : realloc(old, n);
	if (!p)
		atomic_fetch_add(&refused, 1);
	return p;
}

static void U_CALLCONV icu_free(const void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

int xp_icu_watch(void)
{
	const char *n = getenv("XP_ICU_ALLOC_FAIL");
	if (n && *n)
		xp_icu_fail_after(strtol(n, NULL, 10));
	UErrorCode e = U_ZERO_ERROR;
	u_setMemoryFunctions(NULL, icu_alloc, icu_realloc, icu_free, &e);
	return U_FAILURE(e) ? -1 : 0;
}

unsigned long xp_icu_refusals(void)
{
	return atomic_load(&refused);
}

void xp_icu_fail_after(long n)
{
	atomic_store(&budget, n < 0 ? -1 : n);
}
