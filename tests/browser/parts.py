#!/usr/bin/python3
"""tests/browser/parts.py — a document in two parts in the workbench (schema 11).

Driven by tests/browser/run.sh on a store of tools/sample whose second
document is renamed after the first (s01e01c00x part 0 and part 1, as
CoNLL-2012's "part 001"; s01e01c02x keeps its one part, 2).  A mention of
part 1 is shown under its key s01e01c00x|1:3 with the part in the scene's
heading; part 0's s01e01c00x|3 says part 0; the one-part document names no
part.  Deleting part 1's mention on the page (d) edits it, not part 0's.
Screenshot under SHOTS (parts-1.png).

usage: parts.py URL SHOTS
"""
import sys

from harness import Page, check, finish

URL, SHOTS = sys.argv[1], sys.argv[2]
page = Page(URL, SHOTS)
d = page.d
mention, wait_for, current, press, shot = page.mention, page.wait_for, page.current, page.press, page.shot


def heading():
    """the scene's heading as the page wrote it (its style shows it in capitals)"""
    return d.execute_script("return document.getElementById('scene-doc').textContent")


def open_key(key):
    """open a mention as the lost list and undo do (openKey), and wait for it"""
    d.execute_script("openKey(arguments[0])", key)
    return wait_for(lambda: current() == key and page.settled(), "%s shown" % key)


try:
    page.sign_in("ann")
    wait_for(lambda: current() != "", "a mention shown")
    if open_key("s01e01c00x|1:3"):
        head = heading()
        check(head.startswith("s01e01c00x part 1, "), "part 1's scene names its part: %r" % head)
        shot("parts-1.png")
        press("d")
        wait_for(lambda: mention("s01e01c00x|1:3")["status"] == "edited", "d deletes s01e01c00x|1:3")
        wait_for(page.idle, "d moves on")
        check(mention("s01e01c00x|3")["status"] == "open", "part 0's s01e01c00x|3 untouched")
    if open_key("s01e01c00x|3"):
        head = heading()
        check(head.startswith("s01e01c00x part 0, "), "part 0's scene names its part: %r" % head)
    if open_key("s01e01c02x|3"):
        head = heading()
        check(head.startswith("s01e01c02x, ") and "part" not in head, "a one-part document names none: %r" % head)
    page.console_clean()
except Exception as e:  # a step that could not even be tried is a failure too
    page.stopped(e, "the parts walk", "parts-error.png")
d.quit()
finish()
