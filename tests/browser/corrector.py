#!/usr/bin/python3
"""tests/browser/corrector.py — the workbench from a corrector's seat, round
six: text with no break in it, and keys that cannot act.

Driven by tests/browser/run.sh on the Farsi sample (right to left) whose
transcript has a speaker named with 56 characters and no space
(Priyadarshini_Venkataraman_...) and a token of 70 ("cake" as
cake-that-nobody-...).

- Such a name or token wraps: the scene, the English line and the queue do
  not scroll sideways, at 1360 x 900 and at 420 x 820 (the scene's lines were
  cut under a sideways scroll bar).
- A key whose button is greyed out says why in the corrector's terms and
  saves nothing: a on a mention that has a span ("press m to modify it";
  it said "Select the tokens first"), m and d on one with none.
Screenshots under SHOTS (corrector-*.png).

usage: corrector.py URL SHOTS
"""
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import Page, check, finish

URL, SHOTS = sys.argv[1], sys.argv[2]
page = Page(URL, SHOTS)
d = page.d


def idle():
    return page.current() and not d.execute_script("return S.busy")


def search(q):
    """the queue filtered to q, its first mention open"""
    d.execute_script("var f = document.getElementById('filters'); f.elements.q.value = arguments[0];"
                     "f.dispatchEvent(new Event('change'))", q)
    page.wait_for(lambda: idle() and d.execute_script("return S.page.items.length > 0 && S.page.items[0].key === S.mention.key"),
                  "the search for %r opens its first mention" % q)


def open_key(key):
    d.execute_script("openKey(arguments[0])", key)
    return page.wait_for(lambda: page.current() == key and idle(), "open %s" % key)


def unbroken():
    """long names and tokens wrap: nothing scrolls sideways"""
    search("cake-that")
    for w, h in [(1360, 900), (420, 820)]:
        d.set_window_size(w, h)
        time.sleep(0.4)
        g = d.execute_script(
            "var o = (id) => { var e = document.getElementById(id); return e.scrollWidth - e.clientWidth; };"
            "return {page: document.documentElement.scrollWidth - innerWidth, scene: o('scene'), en: o('en-line'),"
            " main: o('main'), names: [...document.querySelectorAll('#scene .spk')].filter((s) => s.textContent.length > 50).length}")
        page.shot("corrector-unbroken-%dx%d.png" % (w, h))
        check(g["names"] > 0, "%d x %d: the scene holds the long name" % (w, h))
        check(max(g["page"], g["scene"], g["en"], g["main"]) <= 1,
              "%d x %d: a 56-character name and a 70-character token wrap, nothing scrolls sideways (px over: %s)" % (w, h, g))
    d.set_window_size(1360, 900)
    time.sleep(0.3)


def said(key, want, what):
    """press key: a red toast holding want, and nothing saved"""
    k = page.current()
    v = page.mention(k)["version"]
    d.execute_script("document.getElementById('toast').hidden = true")
    page.press(key)
    page.wait_for(lambda: d.find_element(By.ID, "toast").is_displayed(), "%s: %s says something" % (k, key))
    t = page.text("#toast")
    check(want in t and t.startswith("Not saved") and "bad" in d.find_element(By.ID, "toast").get_attribute("class"),
          "%s %s: %r" % (what, key, t))
    time.sleep(0.3)
    check(page.mention(k)["version"] == v and page.current() == k, "%s: nothing saved, the page stays" % k)


def greyed():
    """keys that cannot act on the mention say why"""
    q = page.api("queue?limit=200")["items"]
    with_span = next(i["key"] for i in q if i["target"] is not None)
    without = next(i["key"] for i in q if i["target"] is None and page.mention(i["key"])["target"])
    if open_key(with_span):
        check(d.find_element(By.CSS_SELECTOR, '#actions button[data-act="add"]').get_attribute("disabled") is not None,
              "Add is greyed out on a mention with a span")
        page.press(Keys.ARROW_RIGHT, Keys.SPACE)   # a selection: a would have been sent
        said("a", "has a span already; select the right tokens and press m", "a on a mention with a span")
        page.shot("corrector-add-refused.png")
    if open_key(without):
        said("d", "no span in the target to delete", "d on a mention with no span")
        page.press(Keys.SPACE)
        said("m", "no span yet; select its tokens and press a", "m on a mention with no span")
    page.press(Keys.ESCAPE)


for name, f in [("long names", unbroken), ("greyed-out keys", greyed)]:
    try:
        if name == "long names":
            page.sign_in("corrector")
            page.wait_for(lambda: page.current(), "a mention shown")
        f()
    except Exception as e:
        page.stopped(e, name, "corrector-stopped.png")
page.console_clean()
d.quit()
finish()
