#!/usr/bin/python3
"""tests/browser/annotator.py — the workbench through an annotator's eyes
(brief item 4, h-wb5): a correction session on the sample's stores at the
sizes laptops have, each check one papercut seen there that fails on the
page before.

- The overview (o) then the queue (q): the run's figures stayed under the
  mention (the overview's own display beat its hidden attribute).
- The scene's heading names the document as the data writes it: the
  heading's capitals turned s01e01c01x into S01E01C01X, which is no key.
- The key strip holds one line at 1366 x 768 (two: 53 px of the height).
- At 150% zoom of 1366 x 768 (910 x 512 CSS px): the header on one line
  with ? inside the window (the run's label above its menu, ? cut at the
  edge), no key strip (? help instead) and the queue's list more than a
  row or two (111 px: the filters and the strip took the rest).
- A queue row's reason, cut to the row, is whole in its tooltip (the
  tooltip had only the figures).
- The scene's list starts at a line's edge (centred to the pixel, its top
  line showed its lower half), on a document's last line too (the list,
  scrolled as far as it went, stopped mid-line).
- Chinese tokens of one character each read as the queue reads them:
  "你妈妈打电话", not "你 妈 妈 打 电 话", in the facts and the toast.
- "1 mention", not "1 mentions".
- A form open on one mention (r, n) closes when a click on the queue opens
  another (the relink form stayed, offering the first one's entities for
  the second, and the keys stayed in it).
- Shift+arrow on a projected span narrows or widens it at its end (the
  cursor on its last token); it started a new selection at its first.
- A filter chosen, then set back, keeps the mention on screen and its place
  in the queue (the queue's first mention opened).
- The overview's import time in UTC as the history's (it was ISO's
  2026-11-30T18:11:06Z); a relink's toast says u undoes it.
- u after a relink says "Undone: relink KEY → “its words”" (it said
  "modify KEY", the form the store keeps a relink in).
- m on a span as it is saves nothing and says so (h-edits: it was stored
  and counted as a correction); a narrowed span is saved, its words in the
  toast as the queue gives them, and u takes it back as "modify KEY".
- With `long` (the Farsi sample, its first subtitle's words sixteen times
  over): a line of 96 words set smaller leaves the actions on screen at
  1366 x 768 (at 22 px their foot was at 836 px, under the key strip's 715);
  a short line keeps its 22 px.
- With `unbroken` (the corrector store: an entity named by a 70-character
  token): the relink form's menu stays in the mention's column, not over
  the scene beside it.
Screenshots under SHOTS (annotator-LANG-*.png).

usage: annotator.py URL SHOTS LANG|unbroken|long
"""
import re
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import Page, check, finish

URL, SHOTS, LANG = sys.argv[1], sys.argv[2], sys.argv[3]
page = Page(URL, SHOTS)
d = page.d


idle, size, shown, rect, open_key = page.idle, page.size, page.shown, page.rect, page.open_key


def overview_then_queue():
    page.press("o")
    page.wait_for(lambda: "language" in page.text("#view-overview"), "o shows the overview")
    t = page.text("#view-overview")
    check("UTC" in t and not re.search(r"\d\dT\d\d:", t), "the overview's import time says UTC, not ISO's T and Z")
    page.press("q")
    time.sleep(0.4)
    page.shot("annotator-%s-back-from-overview.png" % LANG)
    check(not shown("#view-overview"), "o then q: the overview is gone from under the mention")
    check(shown("#view-mention"), "o then q: the mention is shown")


def heading():
    m = page.mention(page.current())
    t = page.text("#scene-doc")
    check(t.startswith(m["doc"]), "the scene's heading names the document as written: %r (document %r)" % (t, m["doc"]))


def key_strip():
    size(1366, 768)
    h = rect("#keys")["height"]
    page.shot("annotator-%s-1366x768.png" % LANG)
    check(h <= 36, "1366 x 768: the key strip holds one line (%.0f px high)" % h)


def zoomed():
    size(1366, 768, 1.5)
    page.shot("annotator-%s-zoom150.png" % LANG)
    vw = d.execute_script("return innerWidth")
    top, help_btn, q = rect("#top"), rect("#help-btn"), rect("#queue")
    check(top["height"] <= 50 and help_btn["right"] <= vw, "150%% zoom: the header on one line (%.0f px), ? inside the window (right %.0f of %d)"
          % (top["height"], help_btn["right"], vw))
    check(not shown("#keys"), "150% zoom: the key strip gives way to ? help")
    check(q["height"] >= 200, "150%% zoom: the queue's list shows more than a row or two (%.0f px)" % q["height"])
    size(1366, 768)


def queue_tooltips():
    rows = d.execute_script("return [...document.querySelectorAll('#queue li')].slice(0, 10).map((li) => {"
                            "var w = li.querySelector('.why'); return [w.textContent, w.title]; })")
    check(rows and all(t.startswith(r) for r, t in rows if r),
          "a queue row's reason is whole in its tooltip: %r" % (rows[:1],))


def scene_edges():
    cut = []
    for _ in range(6):
        k = page.current()
        g = d.execute_script("var sc = document.getElementById('scene');"
                             "return {top: sc.scrollTop, max: sc.scrollHeight - sc.clientHeight,"
                             " edges: [...sc.children].map((li) => li.offsetTop)}")
        if g["top"] < g["max"] - 1 and not any(abs(g["top"] - e) <= 1 for e in g["edges"]):
            cut.append(k)
        page.press("j")
        page.wait_for(lambda: page.current() != k and idle(), "j moves on")
    check(not cut, "the scene's list starts at a line's edge on six mentions (cut: %s)" % cut)


def scene_end():
    """a mention on a document's last line: the list, scrolled as far as it
    goes, stopped mid-line and cut its top line (seen and not fixed then:
    docs/history/serve-rounds.md, "What annotators see"); it now starts at
    a line's edge there too, the mention's line in view"""
    items = page.api("queue?limit=500")["items"]
    last = None
    for it in items:
        m = page.mention(it["key"])
        if m["english"]["utt"] == m["scene"]["utts"] - 1:
            last = it["key"]
            break
    check(last is not None, "a mention on a document's last line")
    if last is None:
        return
    size(1366, 600)   # a list shorter than the scene: it scrolls
    open_key(last)
    time.sleep(0.3)
    g = d.execute_script("var sc = document.getElementById('scene'), li = sc.querySelector('li.self');"
                         "return {top: sc.scrollTop, h: sc.clientHeight, over: sc.scrollHeight > sc.clientHeight + 1,"
                         " edges: [...sc.children].map((l) => l.offsetTop), a: li.offsetTop, b: li.offsetTop + li.offsetHeight}")
    page.shot("annotator-%s-scene-end.png" % LANG)
    check(g["over"], "the scene of %s is longer than its list (%d px): it scrolls" % (last, g["h"]))
    check(any(abs(g["top"] - e) <= 1 for e in g["edges"]),
          "a mention on a document's last line: the scene's list starts at a line's edge (%.0f; edges %s)" % (g["top"], g["edges"]))
    check(g["a"] >= g["top"] - 1 and g["b"] <= g["top"] + g["h"] + 1, "the mention's line in view (%.0f-%.0f of %.0f-%.0f)"
          % (g["a"], g["b"], g["top"], g["top"] + g["h"]))
    size(1366, 768)


def cjk_words():
    """zh: a span's tokens as the queue's rows give them"""
    items = page.api("queue?limit=200")["items"]
    it = next((i for i in items if i["target"] and len(i["target"]) >= 2 and " " not in i["target"]), None)
    check(it is not None, "a Chinese mention of two characters or more")
    if it is None:
        return
    open_key(it["key"])
    facts = page.text("#facts")
    check(it["target"] in facts, "the facts give the span as the queue does: %r in %r" % (it["target"], facts))
    m = page.mention(it["key"])
    v = m["version"]
    # m on the span as it is changes nothing: refused, nothing written
    # (h-edits; it was stored and counted as a correction)
    page.press("m")
    page.wait_for(lambda: page.text("#toast").startswith("Not saved"), "m on the span as it is says it saved nothing")
    t = page.text("#toast")
    page.shot("annotator-zh-unchanged.png")
    check("already: nothing was written" in t and "keep it" in t, "the refusal says the span is unchanged and k keeps it: %r" % t)
    time.sleep(0.3)
    check(page.mention(it["key"])["version"] == v, "nothing was written for an unchanged span")
    page.console_clean("status of 422")   # the refusal itself, logged by the browser
    # a real change (the span narrowed at its end) is saved, its words in the toast
    _, a, b = m["current"]["span"]
    words = "".join(m["target"]["tokens"][a:b - 1])
    if not narrowed(it["key"]):
        return
    page.press("m")
    page.wait_for(lambda: page.text("#toast").startswith("modify"), "m says what it saved")
    t = page.text("#toast")
    page.shot("annotator-zh-toast.png")
    check(("→ " + words + " —") in t, "the toast gives the span's words as the queue does (%r): %r" % (words, t))
    page.wait_for(lambda: idle(), "saved")
    page.press("u")
    page.wait_for(lambda: page.text("#toast").startswith("Undone"), "u takes it back")
    time.sleep(0.3)
    check(page.mention(it["key"])["version"] > v, "the modify was saved and undone")


def narrowed(key):
    """key's span, of two tokens or more, selected less its last token
    (Shift+← left to right, Shift+→ right to left): a modify that changes
    something (an unchanged span is refused)"""
    _, a, b = page.mention(key)["current"]["span"]
    check(b - a >= 2, "%s's span has two tokens or more to narrow" % key)
    if b - a < 2:
        return False
    rtl = d.execute_script("return document.getElementById('tokens').getAttribute('dir') === 'rtl'")
    ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT if rtl else Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
    sel = d.execute_script("return S.sel")
    check(sel == [a, b - 1], "%s's span narrowed to [%d,%d): %s" % (key, a, b - 1, sel))
    return sel == [a, b - 1]


def plural():
    items = page.api("queue?limit=200")["items"]
    one = next((i["key"] for i in items if page.mention(i["key"])["scene"]["cluster_size"] == 1), None)
    if one is None:
        return
    open_key(one)
    chips = [c.text for c in d.find_elements(By.CSS_SELECTOR, "#mhead .chip")]
    check(any(c.endswith("1 mention") for c in chips), "an entity of one mention says \"1 mention\": %s" % chips)


def forms_follow():
    """a form open on one mention (r, n) is closed when a click on the
    queue opens another: the relink form stayed, with the first mention's
    entities, and Enter sent one of them for the second"""
    items = page.api("queue?limit=20")["items"]
    key = next(i["key"] for i in items if i["target"] is not None)
    open_key(key)
    for k, form in [("r", "#relink-form"), ("n", "#note-form")]:
        page.press(k)
        page.wait_for(lambda: shown(form), "%s opens %s" % (k, form))
        row = next(li for li in d.find_elements(By.CSS_SELECTOR, "#queue li") if "cur" not in li.get_attribute("class"))
        other = row.find_element(By.CSS_SELECTOR, ".key").text
        row.click()
        page.wait_for(lambda: page.current() == other and idle(), "a click on the queue opens %s" % other)
        page.shot("annotator-%s-form-after-click.png" % LANG)
        check(not shown(form), "%s: the form of the mention before is closed once %s opens" % (form, other))
        inform = d.execute_script("return !!(document.activeElement && document.activeElement.closest('form'))")
        check(not inform, "%s: the keys are the page's again" % form)
        page.press("j")
        page.wait_for(lambda: page.current() != other, "j moves on after it")
        open_key(key)


def long_line():
    """the long-line store: subtitle 1's Farsi words sixteen times over (96
    words) under s01e01c00x|0, at 1366 x 768"""
    size(1366, 768)
    open_key("s01e01c00x|0")
    time.sleep(0.3)
    n = len(page.mention("s01e01c00x|0")["target"]["tokens"])
    acts, keys = rect("#actions"), rect("#keys")
    px = d.execute_script("return parseFloat(getComputedStyle(document.getElementById('tokens')).fontSize)")
    page.shot("annotator-long-line.png")
    check(n >= 70, "the mention's target line is long (%d tokens)" % n)
    check(acts["bottom"] <= keys["top"], "a %d-token line leaves the actions on screen (their foot at %.0f, the key strip at %.0f; type %.0f px)"
          % (n, acts["bottom"], keys["top"], px))
    short = next(i["key"] for i in page.api("queue?limit=20")["items"]
                 if i["target"] is not None and len((page.mention(i["key"])["target"] or {}).get("tokens", [])) < 20)
    open_key(short)
    px2 = d.execute_script("return parseFloat(getComputedStyle(document.getElementById('tokens')).fontSize)")
    check(px2 == 22, "a short line keeps its 22 px type (%.0f)" % px2)


def undo_words():
    """u after a relink says it took back the relink (it said "Undone:
    modify KEY", the form the store keeps a relink in); after a modify,
    modify"""
    key = next(i["key"] for i in page.api("queue?limit=20")["items"] if i["target"] is not None)
    open_key(key)
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens the relink form")
    page.press(Keys.ENTER)
    page.wait_for(lambda: page.text("#toast").startswith("relink") and idle(), "the relink saved")
    t = page.text("#toast")
    check(t.endswith("(u undoes)"), "the relink's toast says u undoes it: %r" % t)
    page.press("u")
    page.wait_for(lambda: page.text("#toast").startswith("Undone") and idle(), "u takes it back")
    t = page.text("#toast")
    page.shot("annotator-%s-undo-relink.png" % LANG)
    check(t.startswith("Undone: relink " + page.named(key) + " → ") and "cluster" not in t, "the undo of a relink names it: %r" % t)
    # a modify that changes the span (m on the span as it is saves nothing)
    # (the last such of the page: narrow_span takes the first, and should
    # find it as the run made it)
    key = next((i["key"] for i in reversed(page.api("queue?limit=100")["items"]) if i["target"] is not None
                and (lambda s: s and s[2] - s[1] >= 2)(page.mention(i["key"])["current"]["span"])), key)
    open_key(key)
    if not narrowed(key):
        return
    page.press("m")
    page.wait_for(lambda: page.text("#toast").startswith("modify") and idle(), "a modify saved")
    page.press("u")
    page.wait_for(lambda: page.text("#toast").startswith("Undone") and idle(), "u takes it back")
    t = page.text("#toast")
    check(t == "Undone: modify " + page.named(key), "the undo of a modify says modify: %r" % t)


def narrow_span():
    """Shift+arrow on a projected span of several tokens narrows it at its
    end (Shift+← left to right, Shift+→ right to left) and widens it back;
    it started a new selection from the span's first token ([6,12) became
    [6,8))"""
    items = page.api("queue?limit=100")["items"]
    key = next((i["key"] for i in items if i["target"] is not None
                and (lambda s: s and s[2] - s[1] >= 2)(page.mention(i["key"])["current"]["span"])), None)
    check(key is not None, "a mention whose span has two tokens or more")
    if key is None:
        return
    open_key(key)
    _, a, b = page.mention(key)["current"]["span"]
    rtl = d.execute_script("return document.getElementById('tokens').getAttribute('dir') === 'rtl'")
    back, on = (Keys.ARROW_RIGHT, Keys.ARROW_LEFT) if rtl else (Keys.ARROW_LEFT, Keys.ARROW_RIGHT)
    sel = lambda: d.execute_script("return S.sel")
    ActionChains(d).key_down(Keys.SHIFT).send_keys(back).key_up(Keys.SHIFT).perform()
    page.shot("annotator-%s-narrowed.png" % LANG)
    check(sel() == [a, b - 1], "Shift+%s narrows %s's span [%d,%d) at its end: %s" % ("→" if rtl else "←", key, a, b, sel()))
    ActionChains(d).key_down(Keys.SHIFT).send_keys(on).key_up(Keys.SHIFT).perform()
    check(sel() == [a, b], "and Shift+%s widens it back: %s" % ("←" if rtl else "→", sel()))
    page.press(Keys.ESCAPE)


def place_kept():
    """a filter chosen and then undone keeps the mention on screen and its
    place in the queue (the queue's first mention opened: the place was
    lost); a mention the filter leaves out gives way to the first"""
    items = page.api("queue?limit=50")["items"]
    seen, k = set(), None
    for i in items:
        if i["pos"] >= 3 and i["type"] in seen:
            k = i
            break
        seen.add(i["type"])
    check(k is not None, "a mention past the third with one of its type before it")
    if k is None:
        return
    open_key(k["key"])
    for value, what in [(k["type"], "its type"), ("all", "all types again")]:
        Select(d.find_element(By.CSS_SELECTOR, '#filters select[name="type"]')).select_by_visible_text(value)
        time.sleep(0.8)
        page.wait_for(idle, "the queue read again")
        cur = page.text("#queue li.cur .key")
        check(page.current() == k["key"] and cur == k["key"],
              "the type filter set to %s: %s stays open, the queue's current row (%s, %s)" % (what, k["key"], page.current(), cur))
    page.shot("annotator-%s-place-kept.png" % LANG)
    other = next(t for t in ["pronoun", "name", "nominal"] if t != k["type"])
    Select(d.find_element(By.CSS_SELECTOR, '#filters select[name="type"]')).select_by_visible_text(other)
    first = page.api("queue?limit=1&type=" + other)["items"][0]["key"]
    page.wait_for(lambda: page.current() == first and idle(), "a filter that leaves the mention out opens its first (%s)" % first)
    Select(d.find_element(By.CSS_SELECTOR, '#filters select[name="type"]')).select_by_visible_text("all")
    time.sleep(0.8)


def relink_width():
    """the corrector store: an entity named by a 70-character token"""
    size(1366, 768)
    # the long token's mentions lost their spans; another mention of their
    # document, with a span, is offered their entity
    docs = {i["key"].split("|")[0] for i in page.api("queue?limit=200&q=cake-that")["items"]}
    key = next((i["key"] for i in page.api("queue?limit=200")["items"] if i["target"] is not None and i["key"].split("|")[0] in docs), None)
    check(key is not None, "a mention with a span in the long token's document")
    if key is None or not open_key(key):
        return
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens the relink form")
    opts = d.execute_script("return [...document.getElementById('relink-select').options].map((o) => o.text)")
    sel, col = rect("#relink-select"), rect("#target-box")
    page.shot("annotator-relink-long.png")
    check(any("cake-that" in o for o in opts), "an entity named by the long token is offered")
    check(sel["right"] <= col["right"] + 1, "the relink menu stays in the mention's column (right %.0f, column %.0f)" % (sel["right"], col["right"]))
    page.press(Keys.ESCAPE)


page.sign_in("annotator")
page.wait_for(lambda: idle(), "a mention shown")
walks = [("relink width", relink_width)] if LANG == "unbroken" else [("long line", long_line)] if LANG == "long" else [
    ("overview", overview_then_queue), ("heading", heading), ("key strip", key_strip), ("zoom", zoomed),
    ("queue tooltips", queue_tooltips), ("scene edges", scene_edges), ("scene end", scene_end), ("plural", plural), ("forms", forms_follow), ("undo words", undo_words), ("narrow a span", narrow_span), ("place kept", place_kept)]
if LANG == "zh":
    walks.append(("words", cjk_words))
page.walk(walks, "annotator-%s" % LANG)
page.console_clean()
d.quit()
finish()
