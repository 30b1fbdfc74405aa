#!/usr/bin/python3
"""tests/browser/rerun.py — the workbench open across a rerun of the pipeline
(issue 32, D3), in headless Chromium.

Driven by tests/browser/run.sh: the page is open on run 1 and a keep is saved
there; then RERUN (a shell command: the pipeline again, into the same store)
makes run 2.  Without any action the page must say, within seconds, that run 2
replaced run 1; a keep is then not saved on run 1 (the page refuses before
sending, and the server would refuse with 409 all the same); "Switch to run 2"
moves the page to run 2, where the keep is saved; the API confirms where each
action landed.  A page reopened later on a browser that was on run 1 opens on
run 2 and says so.  Screenshots under SHOTS.

usage: rerun.py URL SHOTS RERUN
"""
import json
import subprocess
import sys
import urllib.parse
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import Page, check, finish

URL, SHOTS, RERUN = sys.argv[1], sys.argv[2], sys.argv[3]
page = Page(URL, SHOTS)
d = page.d
api, text, wait_for, current, shot = page.api, page.text, page.wait_for, page.current, page.shot


def version(key, run):
    return page.mention(key, run)["version"]


def idle():
    return page.settled()


def banner_shown():
    return d.find_element(By.ID, "runbanner").is_displayed()


try:
    page.sign_in("ann")
    wait_for(lambda: current() and idle(), "a mention shown")
    first = current()
    check(d.execute_script("return S.run") == 1, "the page is on run 1")
    check(not banner_shown(), "no run banner while run 1 is the latest")
    ActionChains(d).send_keys(Keys.ENTER).perform()   # keep, saved on run 1
    wait_for(lambda: current() != first and idle(), "the keep moves on")
    check(version(first, 1) == 1, "the keep is saved on run 1")
    second = current()

    # the pipeline again, into the same store, while the page is open
    r = subprocess.run(RERUN, shell=True, capture_output=True, text=True)
    check(r.returncode == 0, "the rerun succeeded: %s" % r.stderr.strip())
    check(api("runs")["latest"] == 2, "the store's latest run is 2")
    # the page finds out by itself, before anything is written
    wait_for(lambda: banner_shown() and "Run 2 has replaced run 1" in text("#runbanner"), "the stale-run banner shown", 12)
    check("db export uses run 2" in text("#runbanner"), "the banner says which run db export uses")
    shot("08-rerun-banner.png")

    # an action on run 1 now is not saved
    v1 = version(second, 1)
    ActionChains(d).send_keys(Keys.ENTER).perform()
    wait_for(lambda: "Not saved" in text("#toast"), "the keep on run 1 is refused")
    check(current() == second, "still on the same mention")
    check(version(second, 1) == v1, "run 1 unchanged")
    # ... nor would the server have taken it (a page that had not noticed yet)
    req = urllib.request.Request(URL + "api/edit", method="POST", headers={"Content-Type": "application/json"},
                                 data=json.dumps({"run": 1, "key": second, "annotator": "ann", "action": "keep",
                                                  "version": v1}).encode())
    try:
        urllib.request.urlopen(req, timeout=10)
        check(False, "the server refuses a keep on run 1")
    except urllib.error.HTTPError as e:
        body = json.load(e)
        check(e.code == 409 and body.get("error") == "stale run" and body.get("latest") == 2,
              "the server refuses a keep on run 1 with 409 and the latest run")

    # switch: the page is on run 2, the banner gone, and the keep is saved there
    d.find_element(By.ID, "run-switch").click()
    wait_for(lambda: d.execute_script("return S.run") == 2 and current() and idle(), "switched to run 2")
    check(not banner_shown(), "no banner on run 2")
    check(d.find_element(By.ID, "run").get_attribute("value") == "2", "the run menu says run 2")
    check("superseded by run 2" in d.find_element(By.CSS_SELECTOR, '#run option[value="1"]').text,
          "run 1 is marked superseded in the menu")
    on = current()
    v2 = version(on, 2)
    ActionChains(d).send_keys(Keys.ENTER).perform()
    wait_for(lambda: current() != on and idle(), "the keep on run 2 moves on")
    check(version(on, 2) == v2 + 1, "the keep is saved on run 2")
    shot("09-rerun-switched.png")

    # a browser that was on run 1 (stored in the page) opens on run 2 and says so
    d.execute_script("localStorage.setItem('xproj.run', '1')")
    d.refresh()
    wait_for(lambda: current() and idle() and banner_shown(), "reopened")
    check(d.execute_script("return S.run") == 2, "reopened on run 2")
    check("Run 1 was replaced by run 2" in text("#runbanner"), "the page says run 1 was replaced")
    shot("10-rerun-reopened.png")

    # choosing to stay on run 1: said, and then saved there with old_run
    d.find_element(By.ID, "run-dismiss").click()
    Select = __import__("selenium.webdriver.support.select", fromlist=["Select"]).Select
    Select(d.find_element(By.ID, "run")).select_by_value("1")
    wait_for(lambda: d.execute_script("return S.run") == 1 and idle() and banner_shown(), "back on run 1, banner shown", 12)
    d.find_element(By.ID, "run-stay").click()
    wait_for(lambda: "You are correcting run 1, which run 2 replaced" in text("#runbanner"), "the stay is said")
    on = current()
    v1 = version(on, 1)
    ActionChains(d).send_keys(Keys.ENTER).perform()
    wait_for(lambda: current() != on and idle(), "the keep on run 1 (chosen) moves on")
    check(version(on, 1) == v1 + 1, "a keep on run 1, chosen, is saved there")

    page.console_clean("favicon", "409 (Conflict)")
except Exception as e:
    page.stopped(e, "the walk through the page", "99-rerun-failure.png")
finally:
    d.quit()

finish()
