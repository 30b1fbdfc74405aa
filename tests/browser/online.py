#!/usr/bin/python3
"""tests/browser/online.py — the server answers again (h-wb10): the
request that gets through first opens the mention once.

The page comes back from "the server does not answer" in offline(false),
which, with no mention on screen, started the page over (resume: the
annotator's place in the queue, opened).  When the request that got
through was itself the opening of a mention (j, a click on a row of the
queue), the page opened two: the same mention twice (two reads, two
places saved, the panel drawn twice), or the row clicked and then the
annotator's saved place over it, so the mention shown was not the one
clicked.  Now a mention being opened is left to open; the page starts over
only when nothing is.

The mention's reads fail as a network does (Chromium's blocked URLs: the
fetch rejects, as when the server is stopped) while the page opens its
first mention: the page says so, and shows no mention.  Then the reads go
through again and:
- `j` opens the queue's first row, once (one GET /api/mention, one POST
  /api/position);
- the same with a click on the queue's fourth row: it is the mention
  shown, opened once, and the annotator's place is that row.
Screenshots under SHOTS (online-*.png).

Then, in the same browser and on the same server (DB is a copy of `make
demo`'s Chinese store, as polish.py's), tests/browser/polish.py's walks
for zh (the toast, a failed open, the tour): a browser's and a server's
start spared (polish-*.png).

usage: online.py XPROJ DB SHOTS
"""
import sys
import time

import polish
from harness import Page, check, finish

xproj, db, shots = sys.argv[1], sys.argv[2], sys.argv[3]
srv = polish.Server(xproj, db)   # polish's failed() stops it and starts it again
page = Page(srv.url, shots)
d = page.d
js = d.execute_script

# every request the page makes, counted by method and path
COUNT = """
if (!window.__calls) {
  window.__calls = [];
  const f = window.fetch;
  window.fetch = function (u, o) { window.__calls.push(((o && o.method) || 'GET') + ' ' + String(u).split('?')[0]); return f.apply(this, arguments); };
}
window.__calls.length = 0;"""


def calls(what):
    return sum(1 for c in js("return window.__calls || []") if c == what)


def down(yes):
    """the mention's reads fail (yes) or go through again"""
    d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/mention?*"] if yes else []})


def walk(name, go, want_key):
    """from a page that could not open its first mention: go() opens one"""
    down(True)
    page.sign_in("ann")
    # the 15-second poll of the mention shown reads it too (context 0): held,
    # it is not an opening, and on a loaded machine one fell between the
    # opening and the count below
    page.hold_poll()
    page.wait_for(lambda: page.shown("#offline"), "%s: the mention not read, the page says the server does not answer" % name)
    page.wait_for(lambda: page.text("#queue li"), "%s: the queue listed" % name)
    check(not page.current(), "%s: no mention shown: %r" % (name, page.current()))
    page.shot("online-%s-down.png" % name)
    down(False)
    js(COUNT)
    keys = js("return [...document.querySelectorAll('#queue li .key')].map(k => k.textContent)")
    want = want_key(keys)
    go()
    page.wait_for(lambda: page.current() and page.idle() and not page.shown("#offline"), "%s: a mention opened" % name)
    time.sleep(2)   # whatever else the page would open meanwhile
    check(page.current() == want, "%s: the mention shown is %s: %s" % (name, want, page.current()))
    check(calls("GET /api/mention") == 1, "%s: read once: %d GET /api/mention" % (name, calls("GET /api/mention")))
    check(calls("POST /api/position") == 1, "%s: its place saved once: %d POST /api/position" % (name, calls("POST /api/position")))
    cur = js("var c = document.querySelector('#queue li.cur'); return c ? c.querySelector('.key').textContent : null")
    check(cur == want, "%s: the queue marks it: %s" % (name, cur))
    check(page.api("queue?annotator=ann&limit=1")["position"]["key"] == want, "%s: the place saved is its" % name)
    page.shot("online-%s.png" % name)


try:
    d.execute_cdp_cmd("Network.enable", {})
    page.size(1366, 768)
    # j: the first row (nothing was opened: the queue's index is before it)
    walk("j", lambda: page.press("j"), lambda keys: keys[0])
    # a row clicked: that one, not the annotator's place (the first row's, just saved)
    d.execute_script("localStorage.clear()")
    walk("click", lambda: js("document.querySelectorAll('#queue li')[3].click()"), lambda keys: keys[3])
    page.console_clean("api/mention", "Failed to load resource")
except Exception as e:
    page.stopped(e, "the online walk", "online-stopped.png")
try:
    down(False)
    js("localStorage.clear()")   # polish's walks start as a new corrector (the name asked)
    page.walk(polish.walks(page, srv, "zh"), "polish-zh")
    page.console_clean(*polish.CONSOLE_OK)
except Exception as e:
    page.stopped(e, "the polish walk", "polish-stopped.png")
d.quit()
srv.stop()
finish()
