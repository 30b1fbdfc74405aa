/*
 * base/assign.c — the assignment problem (Kuhn 1955, Munkres 1957) in the
 * O(n^2 m) shortest-augmenting-path form with row and column potentials:
 * each row in turn is added by a Dijkstra-like search over reduced costs.
 * Weights are maximised by minimising their negation.
 */
#include "assign.h"

#include <float.h>
#include <stdlib.h>

int xp_assign_max(const double *w, int n, int m, double *best, int *col_of_row)
{
	double *u = calloc((size_t)n + 1, sizeof *u), *v = calloc((size_t)m + 1, sizeof *v);
	double *minv = malloc(((size_t)m + 1) * sizeof *minv);
	int *p = calloc((size_t)m + 1, sizeof *p), *way = calloc((size_t)m + 1, sizeof *way);
	char *used = malloc((size_t)m + 1);
	int rc = -1;
	if (!u || !v || !minv || !p || !way || !used)
		goto out;
	/* p[j]: the row (1-based) assigned to column j; column 0 is a sentinel */
	for (int i = 1; i <= n; i++) {
		p[0] = i;
		int j0 = 0;
		for (int j = 0; j <= m; j++)
			minv[j] = DBL_MAX, used[j] = 0;
		do {
			used[j0] = 1;
			int i0 = p[j0], j1 = 0;
			double delta = DBL_MAX;
			for (int j = 1; j <= m; j++) {
				if (used[j])
					continue;
				double cur = -w[(size_t)(i0 - 1) * m + (j - 1)] - u[i0] - v[j];
				if (cur < minv[j])
					minv[j] = cur, way[j] = j0;
				if (minv[j] < delta)
					delta = minv[j], j1 = j;
			}
			for (int j = 0; j <= m; j++) {
				if (used[j])
					u[p[j]] += delta, v[j] -= delta;
				else
					minv[j] -= delta;
			}
			j0 = j1;
		} while (p[j0] != 0);
		do {
			int j1 = way[j0];
			p[j0] = p[j1];
			j0 = j1;
		} while (j0);
	}
	double total = 0;
	for (int j = 1; j <= m; j++)
		if (p[j])
			total += w[(size_t)(p[j] - 1) * m + (j - 1)];
	if (col_of_row)
		for (int j = 1; j <= m; j++)
			if (p[j])
				col_of_row[p[j] - 1] = j - 1;
	*best = total;
	rc = 0;
out:
	free(u);
	free(v);
	free(minv);
	free(p);
	free(way);
	free(used);
	return rc;
}
