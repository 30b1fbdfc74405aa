#!/usr/bin/python3
"""tests/browser/polish.py — the workbench's polish round (h-wb11); each
check of the first two walks fails on the page before.

- toast: a mention with eight notes, its history's last line (the note just
  saved) at the foot of the history's box; the toast saying "saved" is
  never over that line, at 1280 x 800 and at 800 x 600 (the page scrolled
  to the history).  Before, at 1280 x 800 it sat on it: the action just done
  could be neither read nor clicked while the toast showed.
- failed: the page opened while the mention's reads fail (the server does
  not answer them), then the server answers again and the mention's read
  answers an error: the page says which mention, why, and how to go on
  (a "Try again" button, j and k), shows no empty panels of a mention and
  no action on; "Try again" opens it.  Before, the page showed a mention's
  empty panels with every action button on.  Then, a mention on screen,
  the server stopped and started again, and the next mention's read
  answers an error: the mention shown stays, its actions with it (Enter
  keeps it), and the banner names both.
- tour: each main view (the queue and a mention with the chain on both
  sides, the scene list, the history, the realign form, the overview) at
  1280 x 800 and 800 x 600: nothing wider than its column, the scene's list
  and the queue keep rows in view, the target text in the language's
  direction and fonts.  Screenshots polish-LANG-WxH-VIEW.png, looked at.

usage: polish.py XPROJ DB SHOTS zh|fa   (the test runs xproj serve on DB;
       fa: the tour alone)

tests/browser/run.sh runs these walks in sessions it opens anyway, to spare
a browser's and a server's start (about 20 s each under CI's load): zh's
after online.py's (the same `make demo` store; online.py imports walks()),
fa's tour after papercuts.py's seat on the Farsi demo store.
"""
import sys
import time

from harness import Page, Server, check, finish
from selenium.webdriver.common.keys import Keys

# set by walks(): the session the walks run in
page = d = js = srv = LANG = None
# what the console may say of these walks: the reads failed on purpose, the server stopped
CONSOLE_OK = ("api/mention", "Failed to load resource", "ERR_CONNECTION_REFUSED")


# the mention's reads answer 500 with the server's words while window.__fail
FAIL = """
if (!window.__failing) {
  window.__failing = true;
  const f = window.fetch;
  window.fetch = function (u, o) {
    if (window.__fail && String(u).includes('/api/mention?'))
      return Promise.resolve(new Response(JSON.stringify({error: 'internal', message: 'the store could not be read'}),
                                          {status: 500, headers: {'Content-Type': 'application/json'}}));
    return f.apply(this, arguments);
  };
}
window.__fail = arguments[0];"""


def overlap(a, b):
    """the area two boxes share (px²)"""
    return max(0, min(a["right"], b["right"]) - max(a["left"], b["left"])) * \
        max(0, min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]))


def last_history_line():
    """the history's last line, as far as its box and the window show it"""
    return js("var l = document.getElementById('history').lastElementChild, b = document.querySelector('.hist-box');"
              "if (!l) return null; var r = l.getBoundingClientRect(), c = b.getBoundingClientRect();"
              "return {left: r.left, right: r.right, top: Math.max(r.top, c.top, 0),"
              " bottom: Math.min(r.bottom, c.bottom, innerHeight), text: l.textContent}")


def note(text):
    page.press("n")
    page.wait_for(lambda: page.shown("#note-form"), "n opens the note")
    d.find_element("id", "note-input").send_keys(text, Keys.ENTER)
    page.wait_for(lambda: page.text("#toast").startswith("note") and page.idle() and text in page.text("#history"),
                  "the note %r saved, in the history" % text)


def covers(what, last):
    """the history's last line (holding last) in view, the toast shown and not over it"""
    line, t = last_history_line(), page.rect("#toast")
    check(line and last in line["text"] and line["bottom"] > line["top"],
          "%s: the history's last line is the note just saved, in view: %r" % (what, line and line["text"]))
    if not line:
        return
    check(page.shown("#toast") and overlap(t, line) == 0,
          "%s: the toast (%.0f-%.0f) is not over it (%.0f-%.0f)" % (what, t["top"], t["bottom"], line["top"], line["bottom"]))
    # and a click on it reaches it, not the toast
    x, y = (line["left"] + line["right"]) / 2, (line["top"] + line["bottom"]) / 2
    hit = js("var e = document.elementFromPoint(arguments[0], arguments[1]); return !!e && e.closest('#history li') === "
             "document.getElementById('history').lastElementChild", x, y)
    check(hit, "%s: what is at the line's place is the line, not the toast" % what)


def toast():
    page.size(1280, 800)
    page.sign_in("ann")
    page.wait_for(page.idle, "the first mention opened")
    keys = [i["key"] for i in page.api("queue?limit=5")["items"]]
    # eight notes on it, as a corrector's (the API: the page's n is walked below)
    for k in range(8):
        m = page.mention(keys[1])
        st, r = page.post("edit", {"run": m["run"], "annotator": "ann", "key": keys[1], "action": "note",
                                   "note": "checked %d" % (k + 1), "version": m["version"]})
        check(st == 200, "note %d saved: %s" % (k + 1, r))
    page.open_key(keys[1])
    for w, h in ((1280, 800), (800, 600)):
        page.size(w, h)
        # the history's foot in view: the box scrolled to its end, the page to the box
        js("var b = document.querySelector('.hist-box'); b.scrollTop = b.scrollHeight;"
           "b.scrollIntoView({block: 'end'})")
        time.sleep(0.3)
        note("at %d" % w)
        covers("%d x %d, a note saved" % (w, h), "at %d" % w)
        page.shot("polish-%s-%dx%d-toast-history.png" % (LANG, w, h))
        # a refusal's longer toast (two lines at 800 px): m on the span as it is
        page.press("m")
        page.wait_for(lambda: page.text("#toast").startswith("Not saved"), "m on the span as it is: refused")
        covers("%d x %d, a refusal" % (w, h), "at %d" % w)
        page.shot("polish-%s-%dx%d-toast-refused.png" % (LANG, w, h))


def failed():
    page.size(1280, 800)
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/mention?*"]})
    js("localStorage.clear()")
    page.sign_in("fails")
    page.wait_for(lambda: page.shown("#offline"), "the mention not read: the page says the server does not answer")
    page.wait_for(lambda: page.text("#queue li"), "the queue listed")
    first = js("return document.querySelector('#queue li .key').textContent")
    check(not page.shown("#target-box") and not page.shown(".scene-box") and not page.shown(".hist-box"),
          "no mention read: no empty panels of a mention")
    check(js("return document.querySelector('#actions button[data-act=keep]').disabled"), "and Keep is off")
    # the server answers again; the mention's read answers an error
    js(FAIL, True)
    d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    js("checkRuns()")   # the page's poll of every 5 s, now
    page.wait_for(lambda: not page.shown("#offline") and page.text("#banner").startswith("Cannot open"),
                  "the server answers again: the mention it opens fails, said", secs=12)
    time.sleep(1)   # what the page would do meanwhile
    b = page.text("#banner")
    check(b.startswith("Cannot open %s: the store could not be read." % first) and "Try again" in b and "j and k" in b,
          "the banner names the mention, the server's reason and the way on: %r" % b)
    check(page.shown("#banner") and not page.shown("#target-box") and not page.shown(".scene-box"),
          "it stays, and no empty panels of a mention are shown")
    off = js("return [...document.querySelectorAll('#actions button')].filter(b => !b.disabled).map(b => b.dataset.act)")
    check(off == ["undo", "next"], "the actions on are j's Next and u's Undo (the annotator's last action): %r" % off)
    page.shot("polish-%s-open-failed.png" % LANG)
    # Try again, the read answering: the mention opens, the banner goes
    js(FAIL, False)
    d.find_element("css selector", "#banner .retry").click()
    page.wait_for(lambda: page.current() == first and page.idle(), "Try again opens %s" % first)
    check(not page.shown("#banner") and page.shown("#target-box") and page.shown(".hist-box"),
          "the banner gone, the mention's panels back")
    # a mention on screen; the server stopped and started again; the next one fails
    shown = page.current()
    srv.stop()
    js("checkRuns()")
    page.wait_for(lambda: page.shown("#offline"), "the server stopped: said", secs=8)
    srv.start()
    js("checkRuns()")
    page.wait_for(lambda: not page.shown("#offline"), "started again: the banner goes", secs=8)
    js(FAIL, True)
    page.press("j")
    page.wait_for(lambda: page.text("#banner").startswith("Cannot open"), "j: the next mention fails, said")
    time.sleep(1)
    b = page.text("#banner")
    check(page.current() == shown and page.shown("#target-box") and page.shown(".scene-box"),
          "the mention shown before stays, its panels with it: %s" % page.current())
    check("This is still" in b and "its actions act on it" in b, "the banner says which is still shown: %r" % b)
    check(not js("return document.querySelector('#actions button[data-act=keep]').disabled"), "its Keep is on")
    page.shot("polish-%s-open-failed-kept.png" % LANG)
    js(FAIL, False)
    page.press(Keys.ENTER)
    page.wait_for(lambda: page.mention(shown)["status"] == "kept", "Enter keeps the mention shown, %s" % shown)
    d.execute_cdp_cmd("Network.disable", {})


def tour():
    if not js("return typeof S !== 'undefined' && !!S.annotator"):
        page.sign_in("tour")
        page.wait_for(page.idle, "the first mention opened")
    js(FAIL, False)
    keys = [i["key"] for i in page.api("queue?limit=50")["items"]]
    # a mention with a chain in the target and subtitle lines to re-pair
    key = next(k for k in keys if page.mention(k)["current"]["span"] and (page.mention(k).get("lines") or {}).get("blocks"))
    page.open_key(key)
    rtl = LANG == "fa"
    for w, h in ((1280, 800), (800, 600)):
        page.size(w, h)
        js("document.getElementById('toast').hidden = true; document.getElementById('main').scrollTop = 0")
        time.sleep(0.3)
        wide = js("return [...document.querySelectorAll('#main, #scene, #queue, #target-box, .hist-box')]"
                  ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.id || e.className)")
        check(not wide, "%d x %d: nothing scrolls sideways: %r" % (w, h, wide))
        page.shot("polish-%s-%dx%d-mention.png" % (LANG, w, h))
        if w >= 1200:
            k = page.rect("#keys")
            check(k["height"] <= 32, "%d x %d: the key strip is one line (%.0f px)" % (w, h, k["height"]))
        rows = js("var q = document.getElementById('queue').getBoundingClientRect();"
                  "return [...document.querySelectorAll('#queue li')].filter(l => { var r = l.getBoundingClientRect();"
                  " return r.top >= q.top - 1 && r.bottom <= Math.min(q.bottom, innerHeight) + 1 }).length")
        check(rows >= 4, "%d x %d: the queue shows %d whole rows (at least 4)" % (w, h, rows))
        # the scene: lines in view, the target's in its direction and font
        js("document.getElementById('scene').scrollIntoView({block: 'nearest'})")
        time.sleep(0.2)
        lines = js("var s = document.getElementById('scene').getBoundingClientRect();"
                   "return [...document.querySelectorAll('#scene li')].filter(l => { var r = l.getBoundingClientRect();"
                   " return r.top >= s.top - 1 && r.bottom <= s.bottom + 1 }).length")
        check(lines >= 3, "%d x %d: the scene's list shows %d whole lines (at least 3)" % (w, h, lines))
        # (a line with no target is empty: no direction to read)
        dirs = js("return [...document.querySelectorAll('#scene .tgt, .sub-text[lang=' + arguments[0] + '], #tokens')].filter(e => e.textContent.trim())"
                  ".map(e => [e.className || e.id, getComputedStyle(e).direction, getComputedStyle(e).fontFamily.split(',')[0]])", LANG)
        want = ("rtl", '"Noto Naskh Arabic"') if rtl else ("ltr", '"Noto Sans CJK SC"')
        bad = sorted(set(tuple(x) for x in dirs if (x[1], x[2]) != want))
        check(dirs and not bad, "%d x %d: the target's text (%d lines) reads %s, in %s: %r" % (w, h, len(dirs), want[0], want[1], bad))
        page.shot("polish-%s-%dx%d-scene.png" % (LANG, w, h))
        js("document.querySelector('.hist-box').scrollIntoView({block: 'end'})")
        time.sleep(0.2)
        page.shot("polish-%s-%dx%d-history.png" % (LANG, w, h))
        js("document.getElementById('main').scrollTop = 0")
        page.press("l")
        page.wait_for(lambda: page.shown("#realign-form"), "l opens the lines")
        time.sleep(0.2)
        r, v = page.rect("#realign-form button[type=submit]"), js("return innerHeight")
        check(r["bottom"] <= v, "%d x %d: the lines' Re-pair button is in the window (%.0f of %d)" % (w, h, r["bottom"], v))
        bdirs = js("return [...document.querySelectorAll('#realign-blocks span[lang]')].map(e => getComputedStyle(e).direction)")
        check(bdirs and all(x == ("rtl" if rtl else "ltr") for x in bdirs), "%d x %d: the subtitle lines read %s" % (w, h, "rtl" if rtl else "ltr"))
        page.shot("polish-%s-%dx%d-realign.png" % (LANG, w, h))
        page.press(Keys.ESCAPE)
        page.press("o")
        page.wait_for(lambda: page.shown("#view-overview") and page.text("#view-overview"), "o: the overview")
        time.sleep(0.3)
        page.shot("polish-%s-%dx%d-overview.png" % (LANG, w, h))
        page.press("q")
        page.wait_for(lambda: page.shown("#view-mention"), "q: the mention again")
    check(js("return document.title") == "xproj workbench", "nothing of the data ran: the title is the page's")


def walks(page_, srv_, lang):
    """the walks for lang, on page_ (a Page) served by srv_ (a Server, which
    failed() stops and starts again; the tour alone needs none): a list for
    page_.walk(), then page_.console_clean(*CONSOLE_OK)"""
    global page, d, js, srv, LANG
    page, d, srv, LANG = page_, page_.d, srv_, lang
    js = d.execute_script
    # the toast and a failed open are the same in any language: walked on zh's store
    return ([("toast", toast), ("failed", failed)] if LANG == "zh" else []) + [("tour", tour)]


if __name__ == "__main__":
    xproj, db, shots, lang = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    server = Server(xproj, db)
    p = Page(server.url, shots)
    try:
        p.walk(walks(p, server, lang), "polish-" + lang)
        p.console_clean(*CONSOLE_OK)
    except Exception as e:
        p.stopped(e, "the polish walk", "polish-stopped.png")
    p.d.quit()
    server.stop()
    finish()
