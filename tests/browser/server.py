#!/usr/bin/python3
"""tests/browser/server.py — harness.Server keeps its port across a restart
(papercuts.py's and polish.py's page stays open on it) where no other
suite's server can take it: each check fails on the Server before, which
took a port of the kernel's (--port 0) and started again on it once.

- the port is below the kernel's ephemeral range, the one `--port 0`
  servers (every other suite's) and outgoing connections are given;
- a restart while another program holds the port for 1 s waits for it and
  serves on the same port (before: "xproj serve said: cannot listen");
- a restart whose port stays held fails within Server.RESTART_SECS and says
  which port, rather than hang or move the page's server elsewhere;
- a first start whose port is taken takes another.

usage: server.py XPROJ DB
"""
import socket
import sys
import threading
import time
import urllib.request

import harness
from harness import Server, check, finish

xproj, db = sys.argv[1:3]


def answers(srv):
    with urllib.request.urlopen(srv.url + "api/runs", timeout=10) as r:
        return r.status == 200


def hold(port):
    """a listening socket on port, as another program's server"""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", int(port)))
    s.listen()
    return s


with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
    low = int(f.read().split()[0])
srv = Server(xproj, db)
port = srv.port
check(int(port) < low and answers(srv), "the server's port %s is below the ephemeral range (%d) and answers" % (port, low))
srv.stop()
h = hold(port)
threading.Timer(1, h.close).start()
t = time.time()
try:
    srv.start()
    check(srv.port == port and answers(srv), "a restart while the port is held for 1 s serves on it again (%.1f s)" % (time.time() - t))
    srv.stop()
except RuntimeError as e:
    check(False, "a restart while the port is held for 1 s: %s" % e)
h = hold(port)
srv.RESTART_SECS = 1
t = time.time()
try:
    srv.start()
    check(False, "a restart on a port held all along fails")
    srv.stop()
except RuntimeError as e:
    check("port %s is taken" % port in str(e) and time.time() - t < 10,
          "a restart on a port held all along fails, naming it, in %.1f s: %s" % (time.time() - t, e))
h.close()
# the first start: the first port tried is taken, the next one is free
h = hold(0)
taken = h.getsockname()[1]
harness.fixed_ports = lambda: range(taken, taken + 1)
harness.random.sample = lambda r, k: [taken, 0]
srv = Server(xproj, db)
check(srv.port not in (str(taken), "0") and answers(srv), "a first start on a taken port takes another: %s, not %d" % (srv.port, taken))
srv.stop()
h.close()
finish()
