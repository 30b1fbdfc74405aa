/*
 * base/assign.h — the assignment problem: the one-to-one pairing of rows
 * with columns of a weight matrix that maximises the total weight.  The
 * scorer's CEAF (eval/ceaf.c) pairs key with response entities by it, the
 * correction store (correct/derive.c) a corrected file's entities and
 * mentions with a run's clusters and English mentions.
 */
#ifndef XP_ASSIGN_H
#define XP_ASSIGN_H

/* Maximum total weight of a one-to-one assignment of the rows of the
 * n x m matrix w (row-major, n <= m) to its columns, into *best;
 * col_of_row (n entries, may be NULL) gets each row's column.  -1 on OOM. */
int xp_assign_max(const double *w, int n, int m, double *best, int *col_of_row);

#endif
