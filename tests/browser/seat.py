#!/usr/bin/python3
"""tests/browser/seat.py — an annotator's seat at laptop sizes (h-wb6): the
papercuts h-wb5's session left, each check failing on the page before.

- 1024 x 700: the mention (its sentence and actions) and its scene both in
  the window without scrolling: the scene's list started 565 px down, a
  line and a half of it in view.  At 910 x 512 (1366 x 768 at 150% zoom)
  the mention's line in the scene is in view too.
- The entity menus (r, e) name each entity by its words in English and in
  the target and its number of mentions, never "cluster N".
- r and e at 150% zoom leave the mention's key and sentence where they
  were (focus scrolled the column to the menu, the key left the window);
  the menu itself is in view.
- No raw number where words do: the header's "cluster N · ..." and
  "version N", the facts' "0:6–12", a relink's toast and history "→
  cluster N".
- t on the selection a mention opens with (its own span) is refused with
  the reason: the form opened with the mention's own entity chosen, and
  Enter made the same tokens a second mention of it.
- Markup in an entity's words (English or target) is text in the menus,
  the merge form and the header; nothing of it runs.
- `line` (the Farsi sample, its first subtitle's words sixteen times over:
  a line of 96 words): r at 1366 x 768 and at 150% zoom leaves the
  mention's key in the window and its menu in view (the menu under the fold
  was scrolled to, and the key left the window).
- `long` (a document of 128 entities): the mention names the scene's
  entities and the document's largest, not all; a word typed in the menu
  finds a far entity through GET entities?q=, and Enter relinks to it.
Screenshots under SHOTS (seat-LANG-*.png).

usage: seat.py URL SHOTS zh|fa|line|long
"""
import re
import sys
import time
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import Page, check, finish, raw_names

URL, SHOTS, LANG = sys.argv[1], sys.argv[2], sys.argv[3]
page = Page(URL, SHOTS)
d = page.d
RAW = re.compile(r"cluster \d|\d+:\d+–\d+|version \d")


idle, shown, rect, open_key = page.idle, page.shown, page.rect, page.open_key


def size(w, h, zoom=1.0):
    page.size(w, h, zoom)
    time.sleep(0.1)


def foot():
    """the window's usable foot: the key strip's top, or the window's"""
    k = rect("#keys")
    vh = d.execute_script("return innerHeight")
    return k["top"] if shown("#keys") and k["height"] else vh


def a_mention():
    """a mention with a span and an entity to move it to, in the first 20"""
    for i in page.api("queue?limit=20")["items"]:
        m = page.mention(i["key"])
        if m["current"]["span"] and len(m["scene"]["entities"]) >= 2:
            return i["key"]
    return None


def layout(key):
    """the mention and its scene in the window, no scrolling"""
    for w, h, z, least in [(1024, 700, 1.0, 150), (1366, 768, 1.5, 40)]:
        size(w, h, z)
        open_key(key)
        time.sleep(0.3)
        d.execute_script("document.getElementById('main').scrollTop = 0")
        time.sleep(0.2)
        name = "seat-%s-%dx%d%s.png" % (LANG, w, h, "-z150" if z != 1 else "")
        page.shot(name)
        low = foot()
        toks, acts, sc, me = rect("#tokens"), rect("#actions"), rect("#scene"), rect("#scene li.self")
        seen = min(sc["bottom"], low) - sc["top"]
        check(toks["top"] >= 0 and toks["bottom"] <= low and acts["bottom"] <= low,
              "%dx%d%s: the sentence and the actions in the window (sentence %.0f–%.0f, actions' foot %.0f, foot %.0f)"
              % (w, h, " at 150%" if z != 1 else "", toks["top"], toks["bottom"], acts["bottom"], low))
        check(seen >= least, "%dx%d%s: the scene's list in the window, unscrolled: %.0f px of it (its top at %.0f, foot %.0f; at least %d)"
              % (w, h, " at 150%" if z != 1 else "", seen, sc["top"], low, least))
        check(me is not None and me["top"] >= sc["top"] - 1 and me["bottom"] <= min(sc["bottom"], low) + 1,
              "%dx%d%s: the mention's line of the scene in view (%s)" % (w, h, " at 150%" if z != 1 else "", me))
    size(1366, 768)


def menus(key):
    """r and e: each entity by its words, both languages, and its size;
    at 150% zoom the mention stays where it was"""
    size(1366, 768, 1.5)
    open_key(key)
    m = page.mention(key)
    for k, form, sel in [("r", "#relink-form", "relink-select"), ("e", "#merge-form", "merge-select")]:
        d.execute_script("document.getElementById('main').scrollTop = 0")
        h2, toks = rect("#mhead h2"), rect("#tokens")
        page.press(k)
        page.wait_for(lambda: shown(form), "%s opens %s" % (k, form))
        time.sleep(0.3)
        page.shot("seat-%s-%s-z150.png" % (LANG, k))
        h2b, toksb, s = rect("#mhead h2"), rect("#tokens"), rect("#" + sel)
        vh = d.execute_script("return innerHeight")
        check(abs(h2b["top"] - h2["top"]) < 2 and h2b["top"] >= 0 and abs(toksb["top"] - toks["top"]) < 2,
              "%s at 150%%: the mention's key and sentence stay where they were (key %.0f -> %.0f, sentence %.0f -> %.0f)"
              % (k, h2["top"], h2b["top"], toks["top"], toksb["top"]))
        check(s["top"] >= 0 and s["bottom"] <= vh, "%s at 150%%: its menu in the window (%.0f–%.0f of %d)" % (k, s["top"], s["bottom"], vh))
        opts = d.execute_script("return [...document.getElementById(arguments[0]).options].map((o) => o.text)", sel)
        named = [o for o in opts if o != "a new entity"]
        check(named and not any(re.search(r"cluster \d", o) for o in opts), "%s: no option names a cluster number: %r" % (k, opts[:3]))
        byc = {e["cluster"]: e for e in m["scene"]["entities"]}
        want = []
        for e in byc.values():
            if e["cluster"] == m["scene"]["tgt_cluster"]:
                continue
            en = " ".join(e["words"])
            want.append((en, e["n"]))
        check(all(any(o.startswith(en) and ("%d mention" % n) in o for o in named) for en, n in want),
              "%s: each entity by its English words first, and its mentions: %r" % (k, named[:3]))
        tg = [e for e in byc.values() if e["tgt_words"] and e["cluster"] != m["scene"]["tgt_cluster"]]
        joined = lambda ws: "".join(ws) if LANG == "zh" else " ".join(ws)
        check(tg and all(any(joined(e["tgt_words"]) in o for o in named) for e in tg),
              "%s: and by its target words: %r" % (k, named[:3]))
        if LANG == "fa":   # Farsi words isolated: beside English and a count they reordered them
            check(all("\u2068" in o for o in named if any(joined(e["tgt_words"]) in o for e in tg)),
                  "%s: the Farsi words isolated from the English and the count" % k)
        page.press(Keys.ESCAPE)
        page.wait_for(lambda: not shown(form), "Esc closes it")
    size(1366, 768)


def words_not_numbers(key):
    """header, facts, a relink's toast, history, header after it: words"""
    size(1366, 768)
    open_key(key)
    for css in ["#mhead", "#facts"]:
        t = page.text(css)
        check(not RAW.search(t), "%s says no raw number: %r" % (css, RAW.search(t) and RAW.search(t).group()))
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens the relink form")
    page.press(Keys.ENTER)
    page.wait_for(lambda: page.text("#toast").startswith("relink") and idle(), "the relink saved")
    t = page.text("#toast")
    page.shot("seat-%s-relinked.png" % LANG)
    check("“" in t and not RAW.search(t), "the relink's toast names the entity by its words: %r" % t)
    for css in ["#mhead", "#history", "#facts"]:
        t = page.text(css)
        check(not RAW.search(t), "after the relink, %s says no raw number: %r" % (css, t[:160]))
    page.press("u")
    page.wait_for(lambda: page.text("#toast").startswith("Undone") and idle(), "u takes it back")
    t = page.text("#toast")
    check(not RAW.search(t), "the undo's toast too: %r" % t)


def markup(key):
    """an entity's words are data: markup in them (English or target) is
    shown as text in the menus, the merge form and the header"""
    size(1366, 768)
    open_key(key)
    title = d.execute_script("return document.title")
    bad = "<img src=x onerror=\"document.title='pwned'\">"
    d.execute_script("""const m = S.mention, e = m.scene.entities.find((x) => x.cluster !== m.scene.tgt_cluster);
        e.words = [arguments[0]]; e.tgt_words = ["<script>document.title='pwned'</script>"];
        const own = m.scene.entities.find((x) => x.cluster === m.scene.tgt_cluster);
        if (own) own.words = [arguments[0]];
        setMention(m);""", bad)
    head = page.text("#mhead")   # read now: a refresh from the server may name it again later
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens the relink form")
    opts = d.execute_script("return [...document.getElementById('relink-select').options].map((o) => o.text)")
    page.press(Keys.ESCAPE)
    page.press("e")
    page.wait_for(lambda: shown("#merge-form"), "e opens the merge form")
    what = page.text("#merge-what")
    page.shot("seat-%s-markup.png" % LANG)
    page.press(Keys.ESCAPE)
    check(any(bad in o and "<script>" in o for o in opts), "markup in an entity's words is an option's text: %r" % opts[:2])
    check(bad in what and bad in head, "and the merge form's and the header's: %r" % what)
    check(not d.find_elements(By.CSS_SELECTOR, "#view-mention img, #view-mention script") and
          d.execute_script("return document.title") == title, "nothing of it ran")
    open_key(key)


def t_own_span(key):
    """t on the selection a mention opens with (its own span): refused with
    a reason; it opened the form with the mention's own entity chosen, and
    Enter made the same tokens a second mention of the entity"""
    size(1366, 768)
    open_key(key)
    m = page.mention(key)
    n0 = len(m["target"].get("target_only", []))
    page.press("t")
    page.wait_for(lambda: page.text("#toast").startswith("Not saved") or shown("#tadd-form"), "t answers")
    time.sleep(0.3)
    page.shot("seat-%s-t-own-span.png" % LANG)
    check(not shown("#tadd-form") and "this mention already" in page.text("#toast"),
          "t on the mention's own span is refused with the reason: %r" % page.text("#toast"))
    if shown("#tadd-form"):
        page.press(Keys.ESCAPE)
    check(len(page.mention(key)["target"].get("target_only", [])) == n0, "nothing written")


def far_entity():
    """long: the menu names some entities; typing finds the others"""
    size(1366, 768)
    key = a_mention()
    open_key(key)
    m = page.mention(key)
    sc = m["scene"]
    check(sc["entities_total"] > len(sc["entities"]), "the mention names %d of the document's %d entities"
          % (len(sc["entities"]), sc["entities_total"]))
    have = {e["cluster"] for e in sc["entities"]}
    every = page.api("entities?limit=200&key=" + urllib.parse.quote(key))["entities"]
    far = next((e for e in reversed(every) if e["cluster"] not in have and e["tgt_words"] and e["words"]
                and e["cluster"] != sc["tgt_cluster"]), None)
    check(far is not None, "an entity of the document the mention does not name")
    if far is None:
        return
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens the relink form")
    check(shown("#relink-form .ent-find"), "the form offers to find the others by their words")
    n0 = len(d.execute_script("return [...document.getElementById('relink-select').options]"))
    check(n0 <= len(sc["entities"]) + 1, "the menu lists what the mention named (%d options)" % n0)
    q = "".join(far["tgt_words"])
    page.press(q)   # typed on the menu: the find field takes it
    # the menu of the words typed whole: the far entity in it and every
    # option holding them (the find waits for a pause in the typing, and a
    # loaded machine's typing paused after a word's first characters: the
    # far entity was found among options that held those alone)
    page.wait_for(lambda: d.execute_script("var o = [...document.getElementById('relink-select').options];"
                                           "return o.some((o) => o.value === String(arguments[0])) && o.every((o) =>"
                                           " o.text === 'a new entity' || o.text.startsWith('no entity') || o.text.includes(arguments[1]))",
                                           far["cluster"], q),
                  "typing %r finds the far entity (lines away: %d)" % (q, far["near"]))
    page.shot("seat-long-find.png")
    opts = d.execute_script("return [...document.getElementById('relink-select').options].map((o) => o.text)")
    check(all(q in o for o in opts if o != "a new entity" and not o.startswith("no entity")),
          "every option found holds the words: %r" % opts[:3])
    d.execute_script("var s = document.getElementById('relink-select');"
                     "s.value = String(arguments[0]);", far["cluster"])
    page.press(Keys.ENTER)
    page.wait_for(lambda: page.text("#toast").startswith("relink") and idle(), "Enter relinks to it")
    check(page.mention(key)["scene"]["tgt_cluster"] == far["cluster"], "the store has it in the far entity")
    check(("“" + " ".join(far["words"])) in page.text("#toast"), "the toast names it: %r" % page.text("#toast"))
    page.press("u")
    page.wait_for(lambda: page.text("#toast").startswith("Undone") and idle(), "u takes it back")
    # Esc in the find field closes the form, the keys the page's again
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens it again")
    page.press("x")
    page.wait_for(lambda: d.execute_script("return document.activeElement.classList.contains('ent-find')"), "x goes to the find field")
    page.press(Keys.ESCAPE)
    page.wait_for(lambda: not shown("#relink-form"), "Esc closes it")
    check(not d.execute_script("return !!document.activeElement.closest('form')"), "the keys are the page's again")


def long_line():
    """line: the 96-word line under s01e01c00x|0"""
    for z in (1.0, 1.5):
        size(1366, 768, z)
        open_key("s01e01c00x|0")
        d.execute_script("document.getElementById('main').scrollTop = 0")
        time.sleep(0.3)
        h2 = rect("#mhead h2")
        page.press("r")
        page.wait_for(lambda: shown("#relink-form"), "r opens the relink form")
        time.sleep(0.4)
        page.shot("seat-line-r%s.png" % ("-z150" if z != 1 else ""))
        h2b, s = rect("#mhead h2"), rect("#relink-select")
        vh = d.execute_script("return innerHeight")
        check(abs(h2b["top"] - h2["top"]) < 2 and h2b["top"] >= 0,
              "r on a 96-word line%s: the mention's key stays in the window (%.0f -> %.0f)" % (" at 150%" if z != 1 else "", h2["top"], h2b["top"]))
        check(s["top"] >= 0 and s["bottom"] <= vh, "r on a 96-word line%s: the menu in view (%.0f–%.0f of %d)"
              % (" at 150%" if z != 1 else "", s["top"], s["bottom"], vh))
        page.press(Keys.ESCAPE)
        page.wait_for(lambda: not shown("#relink-form"), "Esc closes it")
    size(1366, 768)


def pronoun_names():
    """an entity is named by its name where it has one (h-wb7): Leo's
    entity, most of whose mentions are "you", was "You · 里奥" in the menus
    of s01e01c01x|3"""
    size(1366, 768)
    key = "s01e01c01x|3"
    open_key(key)
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens the relink form")
    opts = d.execute_script("return [...document.getElementById('relink-select').options].map((o) => o.text)")
    page.press(Keys.ESCAPE)
    check(any(o.startswith("Leo · ") for o in opts) and not any(o.startswith("You · ") for o in opts),
          "Leo's entity is named Leo, not by a pronoun: %r" % [o for o in opts if "Leo" in o or o.startswith("You")])


PLUS = re.compile(r"\+\d")


def target_only_named():
    """a target-only mention is named by its words where "+N" was: the
    entity t makes of it (the menus), the relink form, the toasts of its
    relink and delete, their undos, the history (h-wb7)"""
    size(1024, 700)
    key = "s01e01c01x|3"
    open_key(key)
    m = page.mention(key)
    own = m["current"]["span"]
    steps = 1

    def select():   # a token of the line by keys: ← from the span's end, Space
        for _ in range(steps):
            page.press(Keys.ARROW_LEFT)
        page.press(" ")
        return d.execute_script("return S.sel")
    sel = select()
    if sel == own[1:]:
        steps = 2
        sel = select()
    words = d.execute_script("return joinTokens(S.mention.target.tokens.slice(S.sel[0], S.sel[1]))")
    page.press("t")
    page.wait_for(lambda: shown("#tadd-form"), "t opens the target-only form")
    page.press(Keys.END)   # a new entity
    page.press(Keys.ENTER)
    page.wait_for(lambda: page.text("#toast").startswith("target-only") and idle(), "Enter adds it")
    tid = max(t["tid"] for t in page.mention(key)["target"]["target_only"])
    texts = {"the toast of t": page.text("#toast"), "the history after t": page.text("#history")}
    # the history says what the toast and the undo say: it said "tadd" (h-wbwords)
    check(not raw_names(page.read("#view-mention")) and " add target-only " in texts["the history after t"],
          "the history says add target-only, no stored kind: %r" % (raw_names(page.read("#view-mention")) or texts["the history after t"][-160:]))
    # its entity is in the menus, named by its words
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens the relink form")
    opts = d.execute_script("return [...document.getElementById('relink-select').options].map((o) => o.text)")
    page.press(Keys.ESCAPE)
    page.wait_for(lambda: not shown("#relink-form"), "Esc closes it")
    check(any(o.startswith("\u2068" + words + "\u2069 (1 mention") for o in opts),
          "the new entity of the target-only mention alone is in the menu by its words %r: %r" % (words, opts))
    # the target-only mention selected: r moves it alone
    check(select() == sel, "the same token selected again by keys")
    page.press("r")
    page.wait_for(lambda: shown("#relink-form"), "r opens the relink form for the target-only mention")
    texts["the relink form"] = page.text("#relink-what")
    check(words in texts["the relink form"], "the relink form names it by its words: %r" % texts["the relink form"])
    page.shot("seat-%s-tonly-relink.png" % LANG)
    page.press(Keys.ENTER)
    page.wait_for(lambda: page.text("#toast").startswith("relink") and idle(), "Enter relinks it")
    texts["the relink's toast"] = page.text("#toast")
    select()
    page.press("d")
    page.wait_for(lambda: page.text("#toast").startswith("delete") and idle(), "d deletes it")
    texts["the delete's toast"] = page.text("#toast")
    texts["the history"] = page.text("#history")
    page.shot("seat-%s-tonly-history.png" % LANG)
    # its words are data: markup in them is text in the history
    title = d.execute_script("return document.title")
    bad = "<img src=x onerror=\"document.title='pwned'\">"
    # (the server names it in the history, h-wb8; the page where it does not)
    d.execute_script("S.tadds.set(S.mention.doc + '|' + arguments[0], arguments[1]);"
                     "for (const a of S.mention.actions) if (a.tid === arguments[0]) a.words = arguments[1];"
                     "setMention(S.mention)", tid, bad)
    check(bad in page.text("#history") and not d.find_elements(By.CSS_SELECTOR, "#history img")
          and d.execute_script("return document.title") == title, "markup in a target-only mention's words is text in the history: %r" % page.text("#history")[-200:])
    open_key(key)
    for i in range(3):
        # the undo's own toast, not the one before (read by its words
        # once its timer hid it, the same words again would never do)
        page.fresh_toast()
        before = ""
        page.press("u")
        page.wait_for(lambda: page.text("#toast").startswith("Undone") and page.text("#toast") != before and idle(),
                      "u takes it back (%d)" % (i + 1))
        texts["undo %d" % (i + 1)] = page.text("#toast")
    texts["the history after the undos"] = page.text("#history")
    for what, t in texts.items():
        check(not PLUS.search(t), "%s names no target-only mention by its number: %r" % (what, t[-160:]))
    for what in ["the toast of t", "the relink's toast", "the delete's toast", "undo 1", "undo 2", "undo 3"]:
        check(words in texts[what], "%s says its words %r: %r" % (what, words, texts[what]))
    check(all(t["tid"] != tid for t in page.mention(key)["target"].get("target_only", [])), "all of it undone")


def model_words():
    """the header says why triage put the mention there in words, each of
    the model's signs as a phrase: it said "projected: P(wrong) 0.68, 3.6
    fixes/min — fa_last_word=-3.25 (-1.43), committee=0.25 (-0.59), ...",
    and the queue's tooltips the same figures (h-wbwords)"""
    size(1366, 768)
    items = page.api("queue?limit=50")["items"]
    signed = [i for i in items if "=" in (i.get("explain") or "")]
    check(len(signed) >= 5, "the run's model explains its mentions (%d of the first 50)" % len(signed))
    for it in signed[:5]:
        open_key(it["key"])
        head = page.read("#mhead")
        check(not raw_names(head), "%s: the header names no feature of the model: %r" % (it["key"], raw_names(head) or head[-200:]))
        check("likely" in page.text(".why-line") and "confidence" in page.text(".why-line"),
              "%s: it says how likely it is wrong and what lowers or raises its confidence: %r" % (it["key"], page.text(".why-line")))
    page.shot("seat-%s-model-words.png" % LANG)
    q = page.read("#queue")
    check(not raw_names(q), "the queue's rows and tooltips name no feature of the model: %r" % raw_names(q))


def overlap(a, b):
    """the height two boxes share"""
    return 0 if not a or not b else max(0, min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]))


def split_merge_undo():
    """at 150% zoom: a split (r, a new entity), a merge (e) and both undone,
    keys only (h-wb7's session).  The toast covers neither the mention's
    sentence nor its line in the scene (at the window's foot it sat on that
    line, the split's result); the undo of the split names the entity it
    made, not the one the merge (undone first) went into; the history
    names the merge's entities by their words ("merge cluster 10 into 1")"""
    size(1366, 768, 1.5)
    key = "s01e01c00x|5"
    page.split_off(key)
    # the split's toast kept for the checks of where it is: gone (after its
    # 2.5 s, a loaded machine's screenshot between), it had no box, and
    # covered nothing whatever its place
    page.hold_toast()
    time.sleep(0.3)
    page.shot("seat-%s-split-z150.png" % LANG)
    t, sc, me, box = rect("#toast"), rect("#scene"), rect("#scene li.self"), rect("#target-box")
    seen = me and {"top": max(me["top"], sc["top"]), "bottom": min(me["bottom"], sc["bottom"])}
    check(seen and seen["bottom"] > seen["top"], "the mention's line of the scene in view after the split (%s)" % seen)
    check(t and t["height"] > 0, "the split's toast is shown (%s)" % t)
    check(not overlap(t, seen) and not overlap(t, box),
          "the toast (%.0f–%.0f) covers neither the mention's line in the scene (%s) nor its sentence (%.0f–%.0f)"
          % (t["top"], t["bottom"], seen and "%.0f–%.0f" % (seen["top"], seen["bottom"]), box["top"], box["bottom"]))
    page.release_toast()
    made = page.mention(key)["scene"]["tgt_cluster"]
    page.press("e")
    page.wait_for(lambda: shown("#merge-form"), "e opens the merge form")
    into = d.execute_script("var s = document.getElementById('merge-select'); return s.options[s.selectedIndex].text")
    into = into[:into.index(" (")]
    page.press(Keys.ENTER)
    page.wait_for(lambda: page.text("#toast").startswith("merge") and idle(), "Enter merges it")
    hist = page.text("#history")
    check("merge" in hist and not re.search(r"cluster \d", hist), "the history names the merge's entities in words: %r" % hist[-200:])
    texts = []
    for i in range(2):
        # the undo's own toast, not the one before (read by its words
        # once its timer hid it, the same words again would never do)
        page.fresh_toast()
        before = ""
        page.press("u")
        page.wait_for(lambda: page.text("#toast").startswith("Undone") and page.text("#toast") != before and idle(),
                      "u takes it back (%d)" % (i + 1))
        texts.append(page.text("#toast"))
    page.shot("seat-%s-split-undone-z150.png" % LANG)
    check(texts[0].startswith("Undone: merge"), "the first u undoes the merge: %r" % texts[0])
    check(texts[1].startswith("Undone: relink") and into not in texts[1],
          "the second names the split's entity, not %r, where the merge went: %r" % (into, texts[1]))
    check(page.mention(key)["scene"]["tgt_cluster"] != made, "both undone")
    size(1366, 768)


page.sign_in("annotator")
page.wait_for(lambda: idle(), "a mention shown")
KEY = a_mention() if LANG in ("zh", "fa") else None
check(KEY is not None or LANG not in ("zh", "fa"), "a mention with a span and another entity")
walks = [("far entity", far_entity)] if LANG == "long" else [("long line", long_line)] if LANG == "line" else [
    ("layout", lambda: layout(KEY)), ("menus", lambda: menus(KEY)), ("words", lambda: words_not_numbers(KEY)),
    ("t on its own span", lambda: t_own_span(KEY)), ("markup", lambda: markup(KEY)),
    ("names", pronoun_names), ("target-only named", target_only_named), ("split, merge, undo", split_merge_undo),
    ("the model's words", model_words)]
page.walk(walks, "seat-%s" % LANG)
page.console_clean()
d.quit()
finish()
