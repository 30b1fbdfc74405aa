#!/usr/bin/python3
"""tests/browser/narrow.py — the workbench from an annotator's seat: a long
scene in a narrow window.

Driven by tests/browser/run.sh on a store of one scene of hundreds of
utterances (tools/sample's dialogue, repeated) in Chinese or Farsi.  In a
window of 420 x 820: the page does not scroll sideways and the mention
keeps the window's width and its target sentence is on screen (the queue
goes under it; side by side, its
330px left the mention a sliver of 90px); the target sentence is on
screen; j walks the queue and the scene follows the mention, its line in
the scene panel's view; r offers the entities to merge with nearest
first, each named by its nearest mention (a relink, then undone); the
keys still work (delete, undo).  Screenshots
under SHOTS (narrow-LANG*.png).

usage: narrow.py URL SHOTS LANG
"""
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import Page, check, finish

URL, SHOTS, LANG = sys.argv[1], sys.argv[2], sys.argv[3]
page = Page(URL, SHOTS)
d = page.d
try:
    d.set_window_size(420, 820)
    page.sign_in("narrow")
    page.wait_for(lambda: page.current(), "a mention shown")
    check(len(d.find_elements(By.CSS_SELECTOR, "#queue li")) > 0, "the queue lists mentions")
    qh = d.execute_script("return document.getElementById('queue').getBoundingClientRect().height")
    check(qh >= 120, "the queue's list is on screen, not squeezed out by its filters (%dpx high)" % qh)
    time.sleep(0.5)
    page.shot("narrow-%s.png" % LANG)
    sw, iw = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(sw <= iw, "a window 420px wide does not scroll sideways (page %dpx, window %dpx)" % (sw, iw))
    mw = d.execute_script("return document.getElementById('main').getBoundingClientRect().width")
    check(mw >= 0.9 * iw, "the mention keeps the window's width (%dpx of %dpx)" % (mw, iw))
    tok = d.execute_script("var r = document.getElementById('tokens').getBoundingClientRect();"
                           "return [r.left, r.right, r.width, r.bottom, window.innerHeight]")
    check(tok[0] >= 0 and tok[1] <= iw and tok[2] >= 0.5 * iw, "the target sentence is inside the window: %s" % tok)
    check(0 < tok[3] <= tok[4], "the target sentence is on screen without scrolling (bottom %dpx of %dpx)" % (tok[3], tok[4]))
    # j through the queue: the scene follows the mention, its line in view
    first = page.current()
    for _ in range(4):
        k = page.current()
        page.press("j")
        page.wait_for(lambda: page.current() and page.current() != k and page.settled(),
                      "j shows the next mention")
    check(page.current() != first, "j walked the queue: %s -> %s" % (first, page.current()))
    lis = d.find_elements(By.CSS_SELECTOR, "#scene li")
    check(len(lis) >= 5, "the long scene's panel shows lines around the mention (%d)" % len(lis))
    inview = d.execute_script(
        "var s = document.querySelector('#scene li.self'); if (!s) return null;"
        "var b = document.getElementById('scene').getBoundingClientRect(), r = s.getBoundingClientRect();"
        "return r.top >= b.top - 1 && r.bottom <= b.bottom + 1")
    check(inview is True, "the mention's line is in the scene panel's view")
    # merging clusters in a long scene: r offers the entities nearest
    # first, each named by its nearest mention's words (not the first
    # line's "Leo" of eight entities so named, in the order of their numbers)
    d.set_window_size(1360, 900)
    k = page.current()
    m = page.mention(k)
    if m["current"]["span"]:
        page.press("r")
        page.wait_for(lambda: d.find_element(By.ID, "relink-form").is_displayed(), "the relink form opens")
        opts = [(o.get_attribute("value"), o.text) for o in d.find_elements(By.CSS_SELECTOR, "#relink-select option")]
        near = {e["cluster"]: e.get("near") for e in m["scene"]["entities"]}
        ds = [near.get(int(v)) for v, _ in opts[:-1]]
        check(len(ds) >= 2 and None not in ds and ds == sorted(ds) and ds[0] <= 3,
              "the entities to merge with come nearest first (lines away: %s)" % ds[:8])
        check(all(("line" in t) for _, t in opts[:-1]), "each says how far it is: %r" % [t for _, t in opts[:3]])
        page.shot("narrow-%s-relink.png" % LANG)
        to = int(opts[0][0])
        page.press(Keys.ENTER)
        page.wait_for(lambda: page.mention(k)["scene"]["tgt_cluster"] == to, "the relink merges it into cluster %d" % to)
        page.wait_for(lambda: page.settled(), "the page idle after the relink")
        page.press("u")
        page.wait_for(lambda: page.mention(k)["scene"]["tgt_cluster"] == m["scene"]["tgt_cluster"], "u undoes the relink")
        page.wait_for(lambda: page.current() == k and page.settled(), "on the mention after undo")
    d.set_window_size(420, 820)
    # the keys: delete, then undo
    k = page.current()
    v = page.mention(k)["version"]
    page.press("d")
    page.wait_for(lambda: page.mention(k)["version"] > v, "d deletes")
    # and the page moved on (u pressed while it read the next mention opened
    # two mentions at once)
    page.wait_for(page.idle, "d moves on")
    page.shot("narrow-%s-deleted.png" % LANG)
    page.press("u")
    page.wait_for(lambda: page.mention(k)["status"] == "open", "u undoes the delete")
    page.console_clean()
except Exception as e:
    page.stopped(e, "the narrow walk", "narrow-%s-stopped.png" % LANG)
d.quit()
finish()
