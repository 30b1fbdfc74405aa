#!/usr/bin/python3
"""tests/browser/scene.py — the scene panel, reading and keyboard focus (issue 34).

Driven by tests/browser/run.sh on a fresh store of tools/sample (zh.conf or
fa.conf).  On the Chinese store: the mention's chain is marked on both sides
of the scene as the API says (English mentions of its cluster, target spans
of its cluster where they are now, the mention itself apart), with a legend;
the target sentence reads as jieba's words (a group of character tokens a
word, no tile and index per token, text that wraps); the scene takes the
window's height; Enter after using a filter gives the keys back and says
nothing was saved, the next Enter saves; the done count after an undo is
the server's.  On the Farsi store: the scene right to left, its chain
marked.  Screenshots under SHOTS (scene-zh*.png, scene-fa.png).

usage: scene.py URL SHOTS zh|fa
"""
import sys
import time

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import Page, check, finish

URL, SHOTS, LANG = sys.argv[1], sys.argv[2], sys.argv[3]
page = Page(URL, SHOTS)
d, wait = page.d, page.wait
api, mention, text, wait_for = page.api, page.mention, page.text, page.wait_for
current, press, shot = page.current, page.press, page.shot


def idle():
    return wait_for(lambda: current() and page.settled(), "a mention shown")


def marks_on_page():
    """per scene line: the text marked as the mention and as its cluster, English then target
    (read again when the scene is redrawn under the reader: a loaded machine redraws late)"""
    for _ in range(50):
        try:
            out = []
            for li in d.find_elements(By.CSS_SELECTOR, "#scene li"):
                row = []
                for css in ["span.m-self", "span.m-clu", ".tgt .t-self", ".tgt .t-clu"]:
                    row.append("".join(e.text for e in li.find_elements(By.CSS_SELECTOR, css)).replace(" ", ""))
                out.append(row)
            return out
        except StaleElementReferenceException:
            time.sleep(0.1)
    return None


def marks_settle(want, what):
    """wait until the page marks what the API says (the scene is redrawn after an edit)"""
    try:
        wait.until(lambda _: marks_on_page() == want)
    except TimeoutException:
        pass
    page = marks_on_page()
    check(page == want, what)
    if page != want:
        print(page, want)
    return page


def marks_of(m):
    """the same from the API's answer (a token of the mention and of its cluster is the mention's)"""
    out = []
    for u in m["scene"]["utterances"]:
        row = []
        for toks, ms, cls in [(u["tokens"], u["mentions"], "m"), (u["tgt_tokens"], u["tgt_mentions"], "t")]:
            mark = [""] * len(toks)
            for x in ms:
                for i in range(max(0, x["start"]), min(x["end"], len(toks))):
                    mark[i] = "self" if x["self"] else mark[i] or "clu"
            row += ["".join(t for t, k in zip(toks, mark) if k == "self").replace(" ", ""),
                    "".join(t for t, k in zip(toks, mark) if k == "clu").replace(" ", "")]
        out.append(row)
    return out


try:
    page.sign_in("cat")
    idle()

    # --- the chain on both sides, on a mention whose cluster has target mates ---
    q = api("queue?limit=200")
    pick = None
    for it in q["items"]:
        m = mention(it["key"])
        tms = [x for u in m["scene"]["utterances"] for x in u["tgt_mentions"]]
        if any(x["self"] for x in tms) and any(not x["self"] for x in tms):
            pick = it
            break
    check(pick is not None, "a mention with its cluster projected in the scene")
    d.execute_script("openAt(arguments[0])", pick["pos"])
    wait_for(lambda: current() == pick["key"], "opened " + pick["key"])
    idle()
    marks = marks_settle(marks_of(m), "the scene marks the chain in English and target as the API says") or []
    check(any(r[2] for r in marks), "the mention itself is marked on its target line")
    check(any(r[3] for r in marks), "its cluster mates are marked on the target lines")
    sty = d.execute_script("""const s = document.querySelector('#scene .t-self'), c = document.querySelector('#scene .t-clu');
      return [getComputedStyle(s).backgroundColor, getComputedStyle(c).backgroundColor, getComputedStyle(c).borderBottomStyle];""")
    check(sty[0] != sty[1] and sty[2] == "solid", "the mention and its cluster look different: %r" % sty)
    leg = text("#scene-legend")
    check("this mention" in leg and "its cluster, English" in leg and "its cluster, target" in leg, "the legend: " + leg)
    check(str(m["scene"]["tgt_cluster_size"]) + " in the target" in text(".scene-box h3").lower(), "the chain's size on both sides")

    # --- reading: words, no tiles, text that wraps --------------------------
    tg = m["target"]
    words = d.find_elements(By.CSS_SELECTOR, "#tokens .w")
    if LANG == "zh":
        check("words" in tg and len(words) == len(tg["words"]), "the target sentence as jieba's words: %d words of %d tokens"
              % (len(words), len(tg["tokens"])))
        check(len(words) < len(tg["tokens"]), "words join character tokens")
        starts = tg["words"] + [len(tg["tokens"])]
        check([w.text.replace(" ", "") for w in words] ==
              ["".join(tg["tokens"][starts[i]:starts[i + 1]]) for i in range(len(starts) - 1)],
              "each word holds its tokens")
    else:
        check(len(words) == len(tg["tokens"]), "a Farsi token is a word")
    tdir = d.execute_script("return document.getElementById('tokens').getAttribute('dir')")
    check(tdir == ("rtl" if LANG == "fa" else "ltr"), "the sentence's direction is its pack's script's: %r" % tdir)
    check(not d.find_elements(By.CSS_SELECTOR, "#tokens .ti"), "no index under the tokens")
    disp = d.execute_script("return [getComputedStyle(document.getElementById('tokens')).display,"
                            " getComputedStyle(document.querySelector('#tokens .tok')).display]")
    check(disp == ["block", "inline"], "the sentence is text that wraps: %r" % disp)
    # a narrow window wraps the target line instead of overflowing it
    d.set_window_size(700, 900)
    wrap = d.execute_script("const b = document.getElementById('tokens'); return [b.scrollWidth <= b.clientWidth + 1,"
                            " b.getBoundingClientRect().height]")
    check(wrap[0], "the target sentence fits a narrow window (wraps): %r" % wrap)
    d.set_window_size(1360, 900)

    # --- the scene takes the window's height -------------------------------
    h1 = d.execute_script("return document.querySelector('.scene-box').getBoundingClientRect().height")
    d.set_window_size(1360, 1300)
    wait_for(lambda: d.execute_script("return document.querySelector('.scene-box').getBoundingClientRect().height") > h1 + 300,
             "the scene grows with the window")
    h2 = d.execute_script("return document.querySelector('.scene-box').getBoundingClientRect().height")
    check(h1 > 250 and h2 > h1 + 300, "the scene panel uses the window's height: %.0f px, then %.0f px" % (h1, h2))
    d.set_window_size(1360, 900)
    shot("scene-%s.png" % LANG)

    # --- relink: r, pick another entity, Enter; the chain follows; u undoes
    d.set_window_size(1360, 900)
    press("r")
    wait_for(lambda: d.find_element(By.ID, "relink-form").is_displayed(), "the relink form opens")
    opts = [(e.get_attribute("value"), e.text) for e in d.find_elements(By.CSS_SELECTOR, "#relink-select option")]
    cl = m["scene"]["tgt_cluster"]
    check(len(opts) >= 2 and str(cl) not in [v for v, _ in opts] and "a new entity" in opts[-1][1],
          "the entities to move to, its own left out: %r" % opts[:4])
    to = int(opts[0][0])
    press(Keys.ENTER)
    wait_for(lambda: ("relink " + page.named(pick["key"]) + " → ") in text("#toast"), "the relink is saved")
    # the entity named by its words, never its number (h-wb6)
    lab = text("#toast").split(" → ", 1)[1].split(" — ")[0]
    check(lab.startswith("“") and "cluster" not in lab, "the toast names the entity by its words: %r" % lab)
    after = mention(pick["key"])
    check(after["scene"]["tgt_cluster"] == to and after["current"]["span"] == m["current"]["span"],
          "the store has it in cluster %d, the span unchanged" % to)
    wait_for(lambda: current() == pick["key"] and page.settled(), "still on the mention")
    marks_settle(marks_of(after), "the scene shows its new chain")
    check(("→ " + lab) in text("#history"), "the history says where it went: " + text("#history"))
    check(("now in " + lab) in text("#mhead"), "the header says it moved: " + text("#mhead"))
    check("null" not in text("#mhead"), "no stray null in the header: " + text("#mhead"))
    shot("scene-%s-relink.png" % LANG)
    press("u")
    wait_for(lambda: "Undone" in text("#toast"), "the relink undone")
    check(mention(pick["key"])["scene"]["tgt_cluster"] == cl, "back in cluster %d" % cl)
    wait_for(lambda: current() == pick["key"] and page.settled(), "on the mention after undo")
    marks_settle(marks_of(mention(pick["key"])), "the scene shows the chain as it was")
    # Esc leaves the form with nothing saved
    press("r")
    wait_for(lambda: d.find_element(By.ID, "relink-form").is_displayed(), "the relink form opens again")
    press(Keys.ESCAPE)
    check(not d.find_element(By.ID, "relink-form").is_displayed() and
          mention(pick["key"])["scene"]["tgt_cluster"] == cl, "Esc relinks nothing")

    if LANG == "zh":
        # --- Enter after a filter: the keys come back, nothing is saved silently
        sel = d.find_element(By.CSS_SELECTOR, '#filters select[name="type"]')
        sel.click()
        Select(sel).select_by_visible_text("pronoun")
        # the mention on screen, the queue's current one: the first, or the
        # mention shown before when it is a pronoun (it keeps its place)
        wait_for(lambda: d.execute_script("return !!S.mention && S.index >= 0 && S.page.items.length > 0 && !S.busy && !S.acting && !S.opening"
                                          " && S.page.items.some((x) => x.pos === S.index && x.key === S.mention.key)"
                                          " && S.page.items.every((x) => x.type === 'pronoun')")
                 and current() == d.execute_script("return S.mention.key"), "the filtered queue opened")
        check(d.execute_script("return document.activeElement.tagName") != "SELECT", "the drop-down gives the focus back")
        before = current()
        done0 = api("queue?limit=1")["done"]
        press(Keys.ENTER)
        wait_for(lambda: "saved" in text("#toast"), "Enter after a filter keeps")
        check(("keep " + page.named(before)) in text("#toast"), "Enter after a filter saved the keep: " + text("#toast"))
        wait_for(lambda: api("queue?limit=1")["done"] == done0 + 1, "the server counts the keep")
        # the focus on a filter field (tabbed to, or typed in): Enter says it saved nothing
        inp = d.find_element(By.CSS_SELECTOR, '#filters input[name="min_conf"]')
        inp.click()
        idle()
        now = current()
        press(Keys.ENTER)
        wait_for(lambda: "Not saved" in text("#toast"), "an unsaved Enter says so")
        check("keys were on the filter" in text("#toast"), "the toast says why: " + text("#toast"))
        check(d.execute_script("return document.activeElement.tagName") == "BODY", "the keys are the page's again")
        check(api("queue?limit=1")["done"] == done0 + 1 and current() == now, "nothing was saved by that Enter")
        shot("scene-zh-filter-enter.png")
        press(Keys.ENTER)
        wait_for(lambda: ("keep " + page.named(now)) in text("#toast"), "the next Enter keeps")
        wait_for(lambda: api("queue?limit=1")["done"] == done0 + 2, "the server counts it")

        # --- the done count after an undo is the server's --------------------
        wait_for(lambda: ("%d / " % (done0 + 2)) in text("#progress-text"), "the header counts two keeps")
        press("u")
        wait_for(lambda: "Undone" in text("#toast"), "undone")
        srv = api("queue?limit=1")
        wait_for(lambda: text("#progress-text").startswith("%d / %d" % (srv["done"], srv["all"])),
                 "the header says the server's count after an undo")
        check(srv["done"] == done0 + 1 and text("#progress-text").startswith("%d / " % srv["done"]),
              "after the undo: header %r, server %d" % (text("#progress-text"), srv["done"]))

    page.console_clean("favicon")
except Exception as e:
    page.stopped(e, "the walk through the scene", "scene-%s-failure.png" % LANG)
finally:
    d.quit()

finish()
