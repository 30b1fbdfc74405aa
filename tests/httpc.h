/*
 * tests/httpc.h — a small HTTP/1.1 client for the workbench's tests and
 * benchmark (tests/unit/test_serve.c, bench/serve_bench.c): one request per
 * connection to 127.0.0.1, the whole reply read into memory.  Test code only.
 */
#ifndef XP_HTTPC_H
#define XP_HTTPC_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

typedef struct httpc_reply {
	int status;
	char *head;         /* the status line and headers */
	char *body;         /* NUL-terminated */
	size_t nbody;
} httpc_reply;

static inline void httpc_free(httpc_reply *r)
{
	free(r->head);
	free(r->body);
	memset(r, 0, sizeof *r);
}

/* Seconds a send or receive may wait before the exchange fails (0: no
 * limit); the load tests set it so that a server that hangs fails the test
 * instead of hanging it. */
static int httpc_timeout_s;

/* method path on 127.0.0.1:port; headers: extra "Name: value\r\n" lines (or
 * NULL); body: sent as application/json unless headers set a Content-Type.
 * Returns 0, or -1 if the exchange failed. */
static inline int httpc(int port, const char *method, const char *path, const char *headers, const char *body,
			httpc_reply *r)
{
	memset(r, 0, sizeof *r);
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return -1;
	int one = 1;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (httpc_timeout_s > 0) {
		struct timeval tv = {httpc_timeout_s, 0};
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	}
	struct sockaddr_in a = {0};
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof a)) {
		close(fd);
		return -1;
	}
	size_t nb = body ? strlen(body) : 0, cap = 1024 + nb + (headers ? strlen(headers) : 0);
	char *req = malloc(cap);
	int has_type = headers && strstr(headers, "Content-Type:"), has_host = headers && strstr(headers, "Host:");
	char host[64] = "";
	if (!has_host)
		snprintf(host, sizeof host, "Host: 127.0.0.1:%d\r\n", port);
	int n = snprintf(req, cap, "%s %s HTTP/1.1\r\n%sConnection: close\r\n%s%s", method, path, host,
			 headers ? headers : "", body && !has_type ? "Content-Type: application/json\r\n" : "");
	if (body)
		n += snprintf(req + n, cap - (size_t)n, "Content-Length: %zu\r\n", nb);
	n += snprintf(req + n, cap - (size_t)n, "\r\n");
	memcpy(req + n, body ? body : "", nb);
	size_t len = (size_t)n + nb, off = 0;
	while (off < len) {
		ssize_t w = send(fd, req + off, len - off, MSG_NOSIGNAL);
		if (w <= 0)
			break;   /* the server may answer before reading it all (413) */
		off += (size_t)w;
	}
	free(req);
	size_t got = 0, rcap = 4096;
	char *buf = malloc(rcap);
	for (;;) {
		if (got + 2048 > rcap)
			buf = realloc(buf, rcap *= 2);
		ssize_t k = recv(fd, buf + got, rcap - got - 1, 0);
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	close(fd);
	buf[got] = '\0';
	char *sep = strstr(buf, "\r\n\r\n");
	if (!sep || sscanf(buf, "HTTP/1.%*d %d", &r->status) != 1) {
		free(buf);
		return -1;
	}
	*sep = '\0';
	r->head = buf;
	r->nbody = got - (size_t)(sep + 4 - buf);
	r->body = malloc(r->nbody + 1);
	memcpy(r->body, sep + 4, r->nbody);
	r->body[r->nbody] = '\0';
	return 0;
}

#endif
