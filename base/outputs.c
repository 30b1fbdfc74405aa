/* base/outputs.c — see outputs.h. */
#define _POSIX_C_SOURCE 200809L
#include "outputs.h"
#include "failpoint.h"
#include "file.h"
#include "mem.h"

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

/* --- temporary files a signal handler may remove -------------------------------------- */

/* A fixed table, so that the handler reads nothing that is being
 * allocated: a slot holds a complete path or NULL.  More live outputs than
 * slots only means the extra ones are left to the next run's sweep. */
enum { NSLOTS = 128 };
static char *volatile live[NSLOTS];

static void remember(char *tmp)
{
	for (int i = 0; i < NSLOTS; i++)
		if (!live[i]) {
			live[i] = tmp;
			return;
		}
}

static void forget(const char *tmp)
{
	for (int i = 0; i < NSLOTS; i++)
		if (live[i] == tmp)
			live[i] = NULL;
}

void xp_outputs_scratch(char *path)
{
	remember(path);
}

void xp_outputs_scratch_done(const char *path)
{
	forget(path);
}

_Static_assert(sizeof(sigset_t) <= sizeof(((xp_sighold *)0)->old), "xp_sighold holds a sigset_t");

void xp_signals_hold(xp_sighold *h)
{
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigaddset(&s, SIGTERM);
	sigaddset(&s, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &s, (sigset_t *)(void *)h->old);
}

void xp_signals_release(const xp_sighold *h)
{
	pthread_sigmask(SIG_SETMASK, (const sigset_t *)(const void *)h->old, NULL);
}

static char made_dir[4096];
static size_t made_kept;
static volatile sig_atomic_t made_set;

void xp_outputs_made_dir(const char *dir, size_t kept)
{
	made_set = 0;
	if (!dir || strlen(dir) >= sizeof made_dir)
		return;
	memcpy(made_dir, dir, strlen(dir) + 1);
	made_kept = kept;
	made_set = 1;
}

void xp_rmdir_made(const char *dir, size_t kept)
{
	char up[4096];
	size_t n = strlen(dir);
	if (n >= sizeof up)
		return;
	memcpy(up, dir, n + 1);
	while (n > kept + 1 && up[n - 1] == '/')
		up[--n] = 0;   /* "out/run/": its last part is run */
	while (n > kept && rmdir(up) == 0) {
		while (n > kept && up[n - 1] != '/')
			n--;
		while (n > kept && up[n - 1] == '/')
			n--;
		up[n] = 0;
	}
}

void xp_outputs_on_signal(void)
{
	for (int i = 0; i < NSLOTS; i++) {
		char *p = live[i];
		if (!p)
			continue;
		unlink(p);
		/* a new store's temporary file (correct/schema.c create_whole)
		 * has SQLite's files beside it: its rollback journal while the
		 * schema is made, then its log; left, they kept a fresh
		 * directory from being removed (the next creation swept them) */
		static const char *const sqlite_files[] = {"-journal", "-wal", "-shm"};
		char q[4200];
		size_t n = strlen(p);
		for (size_t k = 0; k < sizeof sqlite_files / sizeof *sqlite_files && n + 9 < sizeof q; k++) {
			memcpy(q, p, n);
			memcpy(q + n, sqlite_files[k], strlen(sqlite_files[k]) + 1);
			unlink(q);
		}
	}
	if (made_set)
		xp_rmdir_made(made_dir, made_kept);
}

/* --- writing one temporary file --------------------------------------------------------- */

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* in any case, as xp_has_ext reads a name (`X.CONLL.GZ` is CoNLL, gzipped) */
static int has_gz(const char *path)
{
	size_t n = strlen(path);
	return n >= 3 && !strcasecmp(path + n - 3, ".gz");
}

/* DIR and NAME of path ("." for a bare name). */
static void split(const char *path, char *dir, size_t n, const char **name)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, n, ".");
	else
		snprintf(dir, n, "%.*s", (int)(slash == path ? 1 : slash - path), path);
	*name = slash ? slash + 1 : path;
}

/* The part of a temporary file's name that names its destination: NAME,
 * or for a long one its first bytes and its hash.  ".NAME.xproj-XXXXXX"
 * adds 14 bytes, and then the ".old" a commit keeps beside it 4, or a new
 * store's "-journal" (SQLite's, beside the temporary store) 8; a name of
 * up to 255 bytes is a file name the system takes.  One of 242 to 255 was
 * refused ("cannot create: File name too long") though `>` would write
 * it; at 238 to 241 the old contents could not be kept (the link's name
 * too long), which a failed commit then removed instead of putting back;
 * a store of 234 or more could not be made ("unable to open database
 * file"). */
enum { STEM_MAX = 255 - 14 - 8 };

static void stem_of(const char *name, char *stem, size_t n)
{
	size_t len = strlen(name);
	if (len <= STEM_MAX) {
		snprintf(stem, n, "%s", name);
		return;
	}
	uint64_t h = 14695981039346656037ull;   /* FNV-1a */
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 1099511628211ull;
	snprintf(stem, n, "%.*s~%016llx", STEM_MAX - 17, name, (unsigned long long)h);
}

/* Temporary files of NAME in DIR left by a process that died: unlocked, and
 * older than a moment (one just made by mkstemp is locked right after). */
static void sweep(const char *dir, const char *name)
{
	char prefix[512], p[4600], stem[STEM_MAX + 1];
	stem_of(name, stem, sizeof stem);
	int k = snprintf(prefix, sizeof prefix, ".%s.xproj-", stem);
	if (k < 0 || (size_t)k >= sizeof prefix)
		return;
	DIR *d = opendir(dir);
	if (!d)
		return;
	time_t now = time(NULL);
	for (struct dirent *de; (de = readdir(d));) {
		if (strncmp(de->d_name, prefix, (size_t)k))
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
		int fd = open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		struct stat st;
		if (fd < 0)
			continue;
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && now - st.st_mtime > 2 &&
		    flock(fd, LOCK_EX | LOCK_NB) == 0)
			unlink(p);
		close(fd);
	}
	closedir(d);
}

static mode_t file_mode(void)
{
	/* mkstemp makes 0600 files; outputs should look like any other file */
	static mode_t mode;
	if (!mode) {
		mode_t um = umask(0);
		umask(um);
		mode = 0666 & ~um;
	}
	return mode;
}

static int add_entry(xp_outputs *o, xp_output x, xp_err *err)
{
	if (xp_grow(&o->v, &o->cap, o->n + 1, sizeof *o->v))
		return xp_failc(err, XP_ENOMEM, x.path, 0, "out of memory");
	o->v[o->n++] = x;
	return 0;
}

static void drop(xp_output *x)
{
	if (x->tmp) {
		forget(x->tmp);
		unlink(x->tmp);
	}
	if (x->fd >= 0)
		close(x->fd);
	free(x->tmp);
	free(x->path);
	free(x->data);
}

/* Where a generator's pieces go: the temporary file (through gzip for
 * ".gz"), or memory for stdout; the first failure is kept. */
typedef struct sink {
	xp_output *x;
	gzFile gz;
	size_t cap;
	int failed, saved;   /* a write failed, and its errno */
} sink;

static int sink_put(void *ctx, const void *data, size_t len)
{
	sink *k = ctx;
	const char *p = data;
	if (k->failed)
		return -1;
	if (!k->x->tmp) {
		if (xp_grow(&k->x->data, &k->cap, k->x->len + len + 1, 1))
			k->failed = 1, k->saved = ENOMEM;
		else {
			memcpy(k->x->data + k->x->len, p, len);
			k->x->len += len;
		}
	} else if (k->gz) {
		while (!k->failed && len) {
			unsigned chunk = len > (1u << 30) ? (1u << 30) : (unsigned)len;
			if (gzwrite(k->gz, p, chunk) != (int)chunk)
				k->failed = 1, k->saved = errno ? errno : EIO;
			p += chunk;
			len -= chunk;
		}
	} else if (write_all(k->x->fd, p, len))
		k->failed = 1, k->saved = errno;
	return k->failed ? -1 : 0;
}

typedef struct whole {
	const void *data;
	size_t len;
} whole;

static int put_whole(void *ctx, xp_put_fn put, void *pctx)
{
	const whole *w = ctx;
	return put(pctx, w->data, w->len);
}

int xp_is_device(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

int xp_outputs_put(xp_outputs *o, const char *path, const void *data, size_t len, xp_err *err)
{
	whole w = {data, len};
	return xp_outputs_stream(o, path, put_whole, &w, err);
}

int xp_outputs_stream(xp_outputs *o, const char *path, int (*gen)(void *ctx, xp_put_fn put, void *pctx), void *ctx,
		      xp_err *err)
{
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->v[i].path, path) && strcmp(path, "-"))
			return xp_failc(err, XP_EUSAGE, path, 0, "written twice by one command");
	xp_output x = {strdup(path), NULL, -1, NULL, 0, 0};
	if (!x.path)
		return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
	struct stat st;
	x.device = strcmp(path, "-") && xp_is_device(path);
	if (!strcmp(path, "-") || x.device) {
		sink k = {.x = &x};
		int rc = gen(ctx, sink_put, &k);
		if (rc || k.failed || (!x.data && !(x.data = malloc(1)))) {
			drop(&x);
			return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
		}
		if (add_entry(o, x, err)) {
			drop(&x);
			return -1;
		}
		return 0;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		free(x.path);
		return xp_failc(err, XP_EIO, path, 0, "cannot write: it is a directory");
	}
	/* A symbolic link to a file is written through, as a shell's > writes:
	 * the file it names gets the new contents (its temporary file beside
	 * it), the link stays.  Renamed over, the link became a file of its
	 * own and the file it named, which others read, kept the old contents,
	 * nothing said.  (A link to nothing is replaced, as before.) */
	char *real = lstat(path, &st) == 0 && S_ISLNK(st.st_mode) ? realpath(path, NULL) : NULL;
	if (real) {
		free(x.path);
		x.path = real;
		path = real;
	}
	char dir[4096];
	const char *name;
	split(path, dir, sizeof dir, &name);
	sweep(dir, name);
	char stem[STEM_MAX + 1];
	stem_of(name, stem, sizeof stem);
	size_t n = strlen(dir) + strlen(stem) + 16;
	x.tmp = malloc(n);
	if (!x.tmp) {
		int rc = xp_failc(err, XP_ENOMEM, path, 0, "out of memory");   /* path may be x.path */
		free(x.path);
		return rc;
	}
	snprintf(x.tmp, n, "%s/.%s.xproj-XXXXXX", dir, stem);
	/* remembered before it exists: a signal between mkstemp and remember,
	 * caught by any thread, left the file behind (tests/cli/crash.sh saw one
	 * under load); the handler's unlink of a name not yet made is harmless */
	remember(x.tmp);
	x.fd = mkstemp(x.tmp);
	if (x.fd < 0) {
		int saved = errno, rc;
		forget(x.tmp);
		/* a directory to write into that is not there: outputs never make
		 * one (a typo would scatter files), so say which and how.  (path
		 * may be x.path, a link's target: freed only after it is said.) */
		struct stat ds;
		if (saved == ENOENT && stat(dir, &ds) != 0)
			rc = xp_failc(err, XP_EIO, path, 0, "cannot create: its directory %s does not exist "
				      "(make it first: mkdir -p %s)", dir, dir);
		else if (saved == ENOTDIR)
			rc = xp_failc(err, XP_EIO, path, 0, "cannot create: %s is, or lies under, a file, not a directory",
				      dir);
		else
			rc = xp_failc(err, XP_EIO, path, 0, "cannot create: %s", strerror(saved));
		free(x.tmp), free(x.path);
		return rc;
	}
	flock(x.fd, LOCK_EX | LOCK_NB);
	/* gzclose closes its descriptor: it gets a duplicate, so that fd (and
	 * the lock on the open file it shares) stays ours */
	sink k = {.x = &x};
	if (has_gz(path)) {
		int dupfd = dup(x.fd);
		if (!(k.gz = dupfd < 0 ? NULL : gzdopen(dupfd, "wb6"))) {
			if (dupfd >= 0)
				close(dupfd);
			k.failed = 1, k.saved = errno ? errno : ENOMEM;
		}
	}
	int grc = k.failed ? 0 : gen(ctx, sink_put, &k);
	if (k.gz && gzclose(k.gz) != Z_OK && !k.failed)
		k.failed = 1, k.saved = errno ? errno : EIO;
	int rc = k.failed || grc ? -1 : 0, saved = k.saved;
	if (rc == 0 && fchmod(x.fd, file_mode()))
		rc = -1, saved = errno;
	/* On disk before it may replace anything: a write error the kernel only
	 * reports later (a full disk or quota under delayed allocation, NFS)
	 * surfaces here rather than as a short file renamed over a good one, and
	 * a power cut after commit finds the new contents or the old, not an
	 * empty file. */
	if (rc == 0 && fsync(x.fd))
		rc = -1, saved = errno;
	if (rc) {
		drop(&x);
		/* the generator's own failure (it made no text) is memory */
		if (grc && !k.failed && !saved)
			return xp_failc(err, XP_ENOMEM, path, 0, "out of memory");
		return xp_failc(err, XP_EIO, path, 0, "cannot write: %s", strerror(saved));
	}
	if (add_entry(o, x, err)) {
		drop(&x);
		return -1;
	}
	return 0;
}

static void clear(xp_outputs *o)
{
	for (size_t i = 0; i < o->n; i++)
		drop(&o->v[i]);
	free(o->v);
	memset(o, 0, sizeof *o);
}

void xp_outputs_abort(xp_outputs *o) { clear(o); }

/* An open descriptor of path's file, locked (flock), or -1: a lock some
 * other process holds (another writer's commit of the same name, whose new
 * file this is until its commit ends) is waited for a moment, then gone
 * without (that process's lock guards the file meanwhile). */
static int lock_file(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	for (int tries = 0; fd >= 0 && flock(fd, LOCK_EX | LOCK_NB); tries++) {
		if (tries == 1000) {
			close(fd);
			return -1;
		}
		nanosleep(&(struct timespec){0, 1000000}, NULL);   /* 1 ms, a second at most */
	}
	return fd;
}

/* The old contents of path kept under the name old (a hard link) for the
 * commit, the file locked before that name exists.  A second writer of the
 * same destination sweeps (above) every name ".NAME.xproj-..." it can lock:
 * unlocked, the ".old" of a commit still running looked like a dead
 * process's and went, and a failed rename after it then could not put the
 * old contents back ("cannot put the old contents back": the destination
 * left new by a command that failed).  Returns the locked descriptor (to
 * close once old is gone), -1 kept without a lock, -2 not kept (link
 * failed). */
static int keep_locked(const char *path, const char *old)
{
	int fd = lock_file(path);
	if (link(path, old)) {
		if (fd >= 0)
			close(fd);
		return -2;
	}
	/* path replaced between the open and the link (a third writer's
	 * rename): the lock is on another file than the one kept; lock that */
	struct stat a, b;
	if (fd >= 0 && (fstat(fd, &a) || lstat(old, &b) || a.st_dev != b.st_dev || a.st_ino != b.st_ino)) {
		close(fd);
		fd = lock_file(old);
	}
	return fd;
}

/* Standard output first: it cannot be taken back, so a broken pipe stops
 * the command before any file is replaced.  Then each file, its old
 * contents kept under a second name (a hard link) until all are in place;
 * a failed rename puts the old contents back on the ones already done, and
 * so does a failed then() on all of them (the pipeline's store commit: a
 * full disk there left every file of a run the store refused, exit 1). */
static int commit(xp_outputs *o, int (*then)(void *ctx, xp_err *err), void *ctx, xp_err *err)
{
	for (size_t i = 0; i < o->n; i++) {
		xp_output *x = &o->v[i];
		if (!x->tmp && !x->device && write_all(1, x->data, x->len)) {
			int saved = errno;
			clear(o);
			return xp_failc(err, XP_EIO, "<stdout>", 0, "write error: %s", strerror(saved));
		}
	}
	/* then the devices, FIFOs and sockets, as stdout: written into */
	for (size_t i = 0; i < o->n; i++) {
		xp_output *x = &o->v[i];
		if (!x->device)
			continue;
		int fd = open(x->path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
		if (fd < 0 || write_all(fd, x->data, x->len)) {
			int saved = errno;
			if (fd >= 0)
				close(fd);
			int rc = xp_failc(err, XP_EIO, x->path, 0, "cannot write: %s", strerror(saved));
			clear(o);
			return rc;
		}
		if (close(fd)) {
			int rc = xp_failc(err, XP_EIO, x->path, 0, "cannot write: %s", strerror(errno));
			clear(o);
			return rc;
		}
	}
	char **old = calloc(o->n ? o->n : 1, sizeof *old);
	int *held = malloc((o->n ? o->n : 1) * sizeof *held);   /* each old's locked descriptor, or -1 */
	if (!old || !held) {
		free(old), free(held);
		clear(o);
		return xp_failc(err, XP_ENOMEM, "", 0, "out of memory");
	}
	for (size_t i = 0; i < o->n; i++)
		held[i] = -1;
	size_t done = 0;
	int saved = 0;
	xp_sighold hold;
	xp_signals_hold(&hold);   /* every file new, or (a rename failed) every one old */
	for (; done < o->n; done++) {
		xp_output *x = &o->v[done];
		if (!x->tmp)
			continue;
		struct stat st;
		if (lstat(x->path, &st) == 0 && S_ISREG(st.st_mode) && (old[done] = malloc(strlen(x->tmp) + 5))) {
			sprintf(old[done], "%s.old", x->tmp);
			remember(old[done]);   /* before it exists, as above */
			held[done] = keep_locked(x->path, old[done]);
			if (held[done] == -2)
				forget(old[done]), free(old[done]), old[done] = NULL, held[done] = -1;
		}
		xp_failpoint("outputs-rename");   /* killed here: some outputs new, the others old */
		if (rename(x->tmp, x->path)) {
			saved = errno;
			break;
		}
		forget(x->tmp);
		free(x->tmp);
		x->tmp = NULL;
	}
	int rc = 0;
	if (done < o->n)
		rc = xp_failc(err, XP_EIO, o->v[done].path, 0, "cannot replace: %s%s", strerror(saved),
			      done ? " (the outputs before it were put back)" : "");
	else if (then && then(ctx, err))
		rc = -1;
	if (rc) {
		for (size_t i = done; i-- > 0;) {
			if (!o->v[i].path || !strcmp(o->v[i].path, "-") || o->v[i].device)
				continue;
			if (old[i])
				forget(old[i]);
			if (old[i] ? rename(old[i], o->v[i].path) : unlink(o->v[i].path))
				rc = xp_failc(err, XP_EIO, o->v[i].path, 0, "cannot put the old contents back: %s",
					      strerror(errno));
		}
	}
	for (size_t i = 0; i < o->n; i++) {
		if (old[i]) {
			forget(old[i]);
			unlink(old[i]);
		}
		if (held[i] >= 0)
			close(held[i]);   /* the lock goes with the name it guarded */
		free(old[i]);
	}
	free(old);
	free(held);
	clear(o);
	xp_signals_release(&hold);
	return rc;
}

int xp_outputs_commit(xp_outputs *o, xp_err *err) { return commit(o, NULL, NULL, err); }

int xp_outputs_commit_then(xp_outputs *o, int (*then)(void *ctx, xp_err *err), void *ctx, xp_err *err)
{
	return commit(o, then, ctx, err);
}

/* link(2) fails where the destination exists, where rename(2) would replace
 * it: what a new file that must not replace one needs (two processes
 * creating one store at once: the second must not replace the first's,
 * which may already hold a run). */
int xp_outputs_commit_new(xp_outputs *o, size_t *existed, xp_err *err)
{
	int rc = 0;
	*existed = 0;
	for (size_t i = 0; rc == 0 && i < o->n; i++) {
		xp_output *x = &o->v[i];
		if (!x->tmp)
			continue;
		xp_failpoint("outputs-link");
		if (link(x->tmp, x->path) == 0) {
			/* the new name on disk before anything is written through it
			 * (a store's first run must not outlive its name in a power cut) */
			char dir[4096];
			const char *name;
			split(x->path, dir, sizeof dir, &name);
			int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			if (dfd >= 0) {
				fsync(dfd);
				close(dfd);
			}
			continue;
		}
		if (errno == EEXIST)
			++*existed;
		else
			rc = xp_failc(err, XP_EIO, x->path, 0, "cannot create: %s", strerror(errno));
	}
	clear(o);   /* the temporary names go; the linked files stay */
	return rc;
}

int xp_write_file(const char *path, const void *data, size_t len, xp_err *err)
{
	xp_outputs o = {0};
	if (xp_outputs_put(&o, path, data, len, err)) {
		xp_outputs_abort(&o);
		return -1;
	}
	return xp_outputs_commit(&o, err);
}

int xp_mkdirs(const char *dir, xp_err *err)
{
	if (!*dir)
		return xp_failc(err, XP_EUSAGE, dir, 0, "cannot create a directory with an empty name");
	char *p = strdup(dir);
	if (!p)
		return xp_failc(err, XP_ENOMEM, dir, 0, "out of memory");
	int rc = 0;
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s)
			continue;
		char c = *s;
		*s = 0;
		if (mkdir(p, 0777) && errno != EEXIST) {
			rc = xp_failc(err, XP_EIO, p, 0, "cannot create the output directory: %s", strerror(errno));
			break;
		}
		*s = c;
		if (!c)
			break;
	}
	struct stat st;
	if (rc == 0 && (stat(p, &st) || !S_ISDIR(st.st_mode)))
		rc = xp_failc(err, XP_EIO, p, 0, "cannot create the output directory: %s", "a file has its name");
	free(p);
	return rc;
}
