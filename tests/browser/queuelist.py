#!/usr/bin/python3
"""tests/browser/queuelist.py (not queue.py: that name hides the standard module) — the queue list in a real headless Chromium.

Driven by tests/browser/run.sh on the store workbench.py has just worked on
(tools/sample with HTML payloads planted in the English transcript): each
item shows the English mention and its target words now (an edited one its
new words), the reason in plain words with the figures as its tooltip; the
search box finds by key, English and target words and gives the keyboard
back to the queue on Enter; reading order lists a document as it reads;
text from the data stays text.  Screenshots under SHOTS.

usage: queuelist.py URL SHOTS
"""
import sys
import urllib.parse
import urllib.request

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import Page, check, finish

URL, SHOTS = sys.argv[1], sys.argv[2]
page = Page(URL, SHOTS)
d, wait = page.d, page.wait
api, wait_for, shot = page.api, page.wait_for, page.shot


def items():
    """(key, English, target, reason, tooltip) of each item of the list"""
    try:
        out = []
        for li in d.find_elements(By.CSS_SELECTOR, "#queue li"):
            why = li.find_element(By.CSS_SELECTOR, ".why")
            out.append((li.find_element(By.CSS_SELECTOR, ".key").text, li.find_element(By.CSS_SELECTOR, ".en").text,
                        li.find_element(By.CSS_SELECTOR, ".tgt").text, why.text, why.get_attribute("title")))
        return out
    except StaleElementReferenceException:
        return []


def search(q):
    box = d.find_element(By.CSS_SELECTOR, "#filters input[name=q]")
    box.clear()
    box.send_keys(q, Keys.ENTER)


try:
    d.get(URL)
    d.execute_script("localStorage.setItem('xproj.annotator', 'carol')")
    d.get(URL)
    wait_for(lambda: len(items()) > 0, "the queue list")
    q = api("queue?limit=50&offset=0")
    first = items()
    check(len(first) == len(q["items"]) and [x[0] for x in first] == [x["key"] for x in q["items"]],
          "the list is the API's page, in its order")
    check(all(x[1] for x in first), "every item shows its English words")
    by_key = {x["key"]: x for x in q["items"]}
    for key, en, tgt, reason, tip in first:
        it = by_key[key]
        if en != it["en"] or tgt != (it["target"] if it["target"] is not None else "no span") or reason != it["reason"]:
            check(False, "item %s shows %r -> %r (%r)" % (key, en, tgt, reason))
            break
    else:
        check(True, "each item shows the English, the target words now and the reason in words")
    check(all("committee=" not in x[3] and "=" not in x[3] for x in first), "no feature figures in the reasons")
    # the tooltip: the reason whole (the row cuts it), then the figures in
    # words (they were the model's: "P(wrong) 0.68 — committee=0.25 (-0.59)")
    check(all(x[4] == (by_key[x[0]]["reason"] + "\n" if by_key[x[0]]["reason"] else "") + by_key[x[0]]["said"]
              for x in first) and any("likely" in x[4] for x in first) and not any("P(" in x[4] for x in first),
          "the reason whole and the figures in words are in the tooltips")
    shot("queue-1-items.png")

    # an edited mention shows its new target words (workbench.py modified some)
    edited = api("queue?status=edited&limit=50")["items"]
    check(len(edited) > 0, "workbench.py left edited mentions")
    changed = [x for x in edited if x["target"] != x["projected"]]
    check(len(changed) > 0, "an edit changed some target words: %s" % [(x["key"], x["projected"], x["target"]) for x in edited])

    # search by key
    key = q["items"][3]["key"]
    search(key)
    wait_for(lambda: [x[0] for x in items()] == [key], "searching %s lists it alone" % key)
    check(d.switch_to.active_element.get_attribute("name") != "q", "Enter hands the keyboard back to the queue")
    # search by English words, by target words
    word = q["items"][0]["en"].split()[0]
    want = api("queue?limit=50&q=" + urllib.parse.quote(word))
    search(word)
    wait_for(lambda: [x[0] for x in items()] == [x["key"] for x in want["items"]], "searching %r" % word)
    check(all(word.lower() in (x["en"] + " " + x["key"] + " " + (x["projected"] or "")).lower() for x in want["items"]),
          "every item found holds %r" % word)
    tgt = next(x["projected"] for x in q["items"] if x["projected"] and x["projected"] == x["target"])
    want = api("queue?limit=50&q=" + urllib.parse.quote(tgt))
    search(tgt)
    wait_for(lambda: [x[0] for x in items()] == [x["key"] for x in want["items"]] and any(tgt in x[2] for x in items()),
             "searching the target words %r" % tgt)
    shot("queue-2-search.png")
    # a search that is markup stays text (the store's own text is escaped
    # by jansson in the JSON, tests/unit/test_queue.c, and shown as text nodes)
    search('<img src=x onerror="document.title=\'pwned\'">')
    wait_for(lambda: "nothing matches" in d.find_element(By.ID, "qcount").text, "a search for markup finds nothing")
    check(d.title != "pwned" and not d.find_elements(By.CSS_SELECTOR, "#queue img, #side img"), "no markup runs")
    search("no such words anywhere")
    wait_for(lambda: "nothing matches" in d.find_element(By.ID, "qcount").text, "a search that finds nothing says so")

    # reading order within a document
    search("")
    doc = q["items"][0]["doc"]
    Select(d.find_element(By.CSS_SELECTOR, "#filters select[name=doc]")).select_by_value(doc)
    Select(d.find_element(By.CSS_SELECTOR, "#filters select[name=order]")).select_by_value("reading")
    want = api("queue?limit=50&order=reading&doc=" + urllib.parse.quote(doc))
    wait_for(lambda: [x[0] for x in items()] == [x["key"] for x in want["items"]], "the document in reading order")
    ids = [int(x["key"].split("|")[1]) for x in want["items"]]
    check(want["order"] == "reading" and len(ids) > 1, "reading order is served")
    shot("queue-4-reading.png")
    page.console_clean()
except Exception as e:
    page.stopped(e, "the queue walk", "queue-99-failure.png")
finally:
    d.quit()

finish()
