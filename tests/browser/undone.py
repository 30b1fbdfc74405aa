#!/usr/bin/python3
"""tests/browser/undone.py — what an undo leaves on the page (h-wb10), on
the Chinese sample (`make demo`'s store, or one made alike):

- an utterance re-paired (l, Tab, Space, Enter), its entity merged into
  another (e, Enter), both undone (u, u): the header names the mention's
  entity as before, "guys · 我们的"; before, "guys" (the undone merge
  still counted as an edit of its mentions, whose target words then
  named nothing);
- a realign and a keep (the same second): the history's last line is the
  keep, the one u takes back, then the realign; before, the history
  listed the realign last while u took back the keep.
Screenshots under SHOTS (undone-*.png).

usage: undone.py URL SHOTS
"""
import sys
import time

from selenium.webdriver.common.keys import Keys

from harness import Page, check, finish

KEY = "s01e01c00x|17"   # "'s" of "let's" (line 7, Sam), of the entity "guys"

page = Page(sys.argv[1], sys.argv[2])
d = page.d
js = d.execute_script


def chip():
    return page.text("#mhead .chip.ent")


def toast(start):
    return lambda: page.text("#toast").startswith(start) and page.idle()


def history():
    """the history's lines, oldest first"""
    return js("return [...document.querySelectorAll('#history li')].map(li => li.textContent)")


def realign():
    """the line and the next block ticked: l, Tab, Space, Enter"""
    page.press("l")
    page.wait_for(lambda: page.shown("#realign-form"), "l opens the lines")
    page.press(Keys.TAB)
    page.press(" ")
    page.press(Keys.ENTER)
    page.wait_for(toast("re-pair"), "Enter re-pairs the line")


def names():
    page.open_key(KEY)
    was = chip()
    check("我们的" in was, "the mention's entity is named in both languages: %r" % was)
    realign()
    page.press("e")
    page.wait_for(lambda: page.shown("#merge-form"), "e opens the merge")
    page.press(Keys.ENTER)
    page.wait_for(toast("merge"), "Enter merges")
    page.shot("undone-merged.png")
    for what in ("merge", "re-pairing"):
        page.press("u")
        page.wait_for(toast("Undone: " + what), "u undoes the " + what)
        time.sleep(0.3)
    check(chip() == was, "after the undos the header names its entity as before: %r, %r" % (chip(), was))
    check(all("(undone)" in l for l in history()), "the history: every action undone: %r" % history())
    page.shot("undone-names.png")


def order():
    page.open_key(KEY)
    realign()
    page.press(Keys.ENTER)   # keep, and the page moves on
    page.wait_for(toast("keep"), "Enter keeps")
    page.open_key(KEY)
    live = [l for l in history() if "(undone)" not in l]
    check(len(live) == 2 and " keep " in live[-1] and " re-pair " in live[0],
          "the history lists the re-pair, then the keep: %r" % live)
    page.shot("undone-order.png")
    page.press("u")
    page.wait_for(toast("Undone: keep"), "u takes back the keep, the history's last")
    live = [l for l in history() if "(undone)" not in l]
    check(len(live) == 1 and " re-pair " in live[0], "then the re-pair is left: %r" % live)
    page.press("u")
    page.wait_for(toast("Undone: re-pairing"), "and u takes it back")


try:
    page.sign_in("ann")
    page.wait_for(page.idle, "a mention shown")
    page.size(1366, 768)
    page.walk([("names", names), ("order", order)], "undone")
    page.console_clean()
except Exception as e:
    page.stopped(e, "the undone walk", "undone-stopped.png")
d.quit()
finish()
