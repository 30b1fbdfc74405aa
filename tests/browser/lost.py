#!/usr/bin/python3
"""tests/browser/lost.py — a correction a rerun could not carry, of a
mention the rerun does not have (round 19's review, finding 3).

Driven by tests/browser/run.sh on a store of tests/fixtures/project whose
rerun's English lost its first mention ("I", d|0): "I"'s deletion is lost,
and "the big red car" (d|1 of run 1, d|0 of run 2) had its modification
carried.  The lost correction was listed under d|0, which in the rerun is
the car: the queue marked the car "not carried", the overview's link
opened it with "Not carried over from run 1" as if it were the car's.  The
overview lists it as "d|0 (run 1) “I”", its link opens the mention of
its line with a banner naming "I" of run 1; no queue row is marked "not
carried".  Screenshot under SHOTS (lost-1.png).

usage: lost.py URL SHOTS
"""
import sys

from harness import Page, check, finish
from selenium.webdriver.common.by import By

URL, SHOTS = sys.argv[1], sys.argv[2]
page = Page(URL, SHOTS)
d = page.d
wait_for, current = page.wait_for, page.current


def badges():
    return d.execute_script("return [...document.querySelectorAll('#queue li')].map(l =>"
                            " l.querySelector('.key').textContent + ' ' + l.querySelector('.badge').textContent)")


def lost_links():
    return [a for a in d.find_elements(By.CSS_SELECTOR, "li a") if a.text.startswith("d|0 (run 1)")]


try:
    page.sign_in("ann")
    wait_for(lambda: current() != "" and len(badges()) == 4, "the queue of run 2 shown")
    b = badges()
    check("d|0 edited" in b and not any(x.endswith("not carried") for x in b),
          "the car (d|0) edited, no row marked not carried: %r" % b)
    d.find_element(By.ID, "tab-overview").click()
    if wait_for(lambda: len(lost_links()) == 1, "the overview lists the lost correction"):
        row = lost_links()[0].find_element(By.XPATH, "..").text
        check(row == "d|0 (run 1) \u201cI\u201d \u2014 the English mention changed; its line in this run: d|0",
              "named as run 1's, with its words and its line's mention: %r" % row)
        lost_links()[0].click()
        if wait_for(lambda: current() == "d|0" and page.text("#banner").startswith("Not carried over from run 1"),
                    "its link opens the line's mention, with a banner"):
            check(page.text("#banner") == "Not carried over from run 1: \u201cI\u201d, run 1's d|0 on this line (the "
                  "English mention changed); this run has no such mention. Redo its correction here if it still applies.",
                  "the banner names the lost mention by its words and run: %r" % page.text("#banner"))
            page.shot("lost-1.png")
    # the car's own mention, opened from the queue: its carry is its own
    page.open_key("d|0")
    wait_for(lambda: page.idle() and "Not carried" not in page.text("#banner"),
             "opened again from the queue, the car has no lost banner")
    page.console_clean()
except Exception as e:  # a step that could not even be tried is a failure too
    page.stopped(e, "the lost walk", "lost-error.png")
d.quit()
finish()
