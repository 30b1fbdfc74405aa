#!/usr/bin/python3
"""tests/browser/realign.py — fixing the cause of an error (issue 34).

Driven by tests/browser/run.sh on a store of tools/sample whose aligned
corpus doubts the pairing of some utterances (as align/uconf.c writes it)
and carries markup in a subtitle line.  The queue opens on an alignment
item with its reason in words; the header and the scene say the pairing is
doubtful; l lists the subtitle lines around the utterance (the markup as
text), ticking other ones and Enter re-pairs it: the store has the new
target, the run's word-alignment model (recorded by db import --wa-model)
aligns the new pair and the mention's span is proposed in the new sentence,
marked "re-projected after re-pair", and the queue's row shows the
proposal's words in the new lines; a span set there is checked against
it; u undoes the change, then the re-pairing.  t adds the selected tokens as a target-only mention to an
entity: marked in the scene, in the export (db export, run by this script),
undone by u; selected and r relinks it alone to another entity (the
store, the export, the history), another corrector's move of it makes
the undo a refusal said in one verb ("Not undone: bob acted on +N ..."),
and u takes the relink back.
Screenshots under SHOTS (realign-*.png).

usage: realign.py URL SHOTS XPROJ DB
"""
import os
import re
import subprocess
import sys
import tempfile

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import Page, check, finish, raw_names

URL, SHOTS, XPROJ, DB = sys.argv[1:5]
page = Page(URL, SHOTS)
d, wait = page.d, page.wait
api, mention, text, wait_for = page.api, page.mention, page.text, page.wait_for
current, press, shot = page.current, page.press, page.shot


def idle(key=None):
    return wait_for(lambda: current() and (key is None or current() == key) and page.settled(),
                    "a mention shown" + (" (" + key + ")" if key else ""))


def select_tokens(a, z):
    """click token a, shift-click token z - 1"""
    toks = d.find_elements(By.CSS_SELECTOR, "#tokens .tok")
    ActionChains(d).click(toks[a]).perform()
    if z - 1 > a:
        ActionChains(d).key_down(Keys.SHIFT).click(toks[z - 1]).key_up(Keys.SHIFT).perform()


def exported_mention(sent, start, end):
    """the cluster label db export writes for tokens [start, end) of target
    sentence `sent` of the mention's document, or None"""
    out = tempfile.mktemp(suffix=".conll")
    subprocess.run([XPROJ, "db", "export", DB, "-o", out], check=True, stdout=subprocess.DEVNULL)
    sents, cur, doc = [], [], None
    for line in open(out, encoding="utf-8"):
        if line.startswith("#begin document"):
            doc = line
        if line.startswith("#"):
            continue
        if not line.strip():
            if cur:
                sents.append((doc, cur))
            cur = []
            continue
        cur.append(line.rstrip("\n").split())
    os.unlink(out)
    return sents


def labels_at(sents, docname, sent, start, end):
    """the clusters with a mention of exactly tokens [start, end) of the sentence"""
    mine = [s for dd, s in sents if dd and ("(" + docname + ")") in dd]
    if sent >= len(mine):
        return set()
    s = mine[sent]
    opened = {p.strip("(") for p in s[start][-1].split("|") if p.startswith("(") and (end - start > 1 or p.endswith(")"))}
    if end - start == 1:
        return {int(p.strip(")")) for p in opened}
    closed = {p.strip(")") for p in s[end - 1][-1].split("|") if p.endswith(")") and not p.startswith("(")}
    return {int(p) for p in opened & closed}


try:
    page.sign_in("dee")
    idle()

    # --- the queue opens on an alignment item --------------------------------
    q = api("queue?limit=5")
    first = q["items"][0]
    check("wrong subtitle lines" in first["reason"], "the first item is an alignment item: " + first["reason"])
    check(first["why"].startswith("alignment doubtful"), "its why says so: " + first["why"])
    idle(first["key"])
    key = first["key"]
    m = mention(key)
    check("pairing doubtful: " + ", ".join(m["pairing"]["doubt"]) in text("#mhead"), "the header says the pairing is doubtful")
    check("wrong subtitle lines" in text("#queue li.cur .why"), "the queue row says why in words: " + text("#queue li.cur .why"))
    check(any("⚠" in li.text for li in d.find_elements(By.CSS_SELECTOR, "#scene li.self")), "the scene marks its line")

    # --- l: the lines around it; re-pair it ---------------------------------
    press("l")
    wait_for(lambda: d.find_element(By.ID, "realign-form").is_displayed(), "the lines open")
    boxes = d.find_elements(By.CSS_SELECTOR, "#realign-blocks input")
    blocks = m["lines"]["blocks"]
    check(len(boxes) == len(blocks) and len(blocks) >= 2, "every line around it is listed: %d" % len(boxes))
    check([b.is_selected() for b in boxes] == [b["chosen"] for b in blocks], "the lines it is paired with now are ticked")
    check(d.title != "pwned" and not d.find_elements(By.CSS_SELECTOR, "#realign-blocks img, #realign-blocks script"),
          "a line's markup is text, not HTML")
    check(any("<img" in l.text for l in d.find_elements(By.CSS_SELECTOR, "#realign-blocks label")),
          "the markup is shown as the subtitle has it")
    shot("realign-lines.png")
    # tick its own line and one other: the utterance said more than its line
    own = [i for i, b in enumerate(blocks) if b["chosen"]]
    other = next(i for i, b in enumerate(blocks) if not b["chosen"] and "<img" not in b["text"])
    for i, b in enumerate(boxes):
        if b.is_selected() != (i in own or i == other):
            b.click()
    press(Keys.ENTER)
    wait_for(lambda: "re-pair line" in text("#toast") and "saved" in text("#toast"), "the re-pairing is saved")
    # the lines by the numbers the form showed them with, not "blocks"
    check("with subtitle lines #" in text("#toast") and "block" not in text("#toast"),
          "the toast names the subtitle lines as the form numbers them: " + text("#toast"))
    said = re.search(r"re-projected: (\d+) of (\d+) mentions", text("#toast"))
    check(said, "the toast says what the run's model proposed: " + text("#toast"))
    rp_spans, rp_total = int(said.group(1)), int(said.group(2))
    idle(key)
    after = mention(key)
    rp = after["pairing"]["reprojection"]
    check(after["pairing"]["realigned"] and rp and rp["state"] == "proposed",
          "the store has it re-paired, and re-projected with the run's model: %r" % (rp,))
    want = " ".join(blocks[i]["text"] for i in sorted(own + [other]))
    check(after["target"]["text"] == want, "its target is the lines chosen: " + after["target"]["text"])
    check("re-paired" in text("#mhead"), "the header says re-paired")
    page_toks = [t.text for t in d.find_elements(By.CSS_SELECTOR, "#tokens .tok")]
    check(page_toks == after["target"]["tokens"], "the page shows the new sentence's tokens")
    # the history says re-pair, as the button and the toast do (the stored
    # action is "realign")
    check("re-pair by" in text("#history") and "realign" not in text("#history"),
          "the history lists it as a re-pair: " + text("#history"))
    # the proposals: projected spans in the new sentence, marked, to confirm;
    # a mention the run's rules gave no span says so
    span = after["current"]["span"]
    check(span == rp["span"], "its span is the one proposed (or none): %r" % (span,))
    if span is None:
        check("re-projected: no span found" in text("#mhead"), "the header says no span was found")
    same = [it["key"] for it in api("queue?limit=200")["items"] if it["doc"] == after["doc"]]
    same = [mention(k) for k in same]
    same = [x for x in same if x["english"]["utt"] == after["english"]["utt"]]
    check(len(same) == rp_total, "the queue has the utterance's %d mentions" % rp_total)
    proposed = [x["key"] for x in same if (x["pairing"]["reprojection"] or {}).get("span")]
    check(len(proposed) == rp_spans, "as many have a proposed span as the toast said: %d" % rp_spans)
    check(proposed, "a mention of the utterance has a proposed span: %r" % proposed)
    pk = proposed[0]
    d.execute_script("openKey(arguments[0])", pk)
    idle(pk)
    pm = mention(pk)
    psp = pm["current"]["span"]
    check(psp == pm["pairing"]["reprojection"]["span"] and psp[2] <= len(pm["target"]["tokens"]),
          "%s: its span is the one proposed in the new sentence: %r" % (pk, psp))
    check("re-projected after re-pair" in text("#mhead") and "re-projected after re-pair" in text("#facts"),
          "the header and the facts say it was re-projected after the re-pair")
    marked = [int(t.get_attribute("data-i")) for t in d.find_elements(By.CSS_SELECTOR, "#tokens .tok.now")]
    check(marked == list(range(psp[1], psp[2])), "the page marks the proposed tokens: %r" % marked)
    check(pm["status"] == "open", "a proposal waits for the corrector (open)")
    # the queue's row shows the new pairing's words of the proposal, not
    # the run's projection in the old line
    words = pm["target"]["tokens"][psp[1]:psp[2]]
    qit = next(it for it in api("queue?limit=200")["items"] if it["key"] == pk)
    check(qit["target"] in ("".join(words), " ".join(words)),
          "the queue's item has the proposal's words: %r, %r" % (qit["target"], words))
    d.execute_script("loadQueue({offset: arguments[0] - arguments[0] % S.page.limit})", qit["pos"])

    def row_of(k):
        """the .tgt text of k's queue row, read in one script (the list may be redrawn meanwhile)"""
        return d.execute_script("const li = [...document.querySelectorAll('#queue li')].find("
                                "x => (x.querySelector('.key') || {}).textContent === arguments[0]);"
                                "return li ? li.querySelector('.tgt').textContent : null", k)
    if wait_for(lambda: row_of(pk) is not None, "the queue lists " + pk):
        shown = row_of(pk)
        check(shown == qit["target"], "its row shows them: %r" % shown)
    shot("realign-done.png")
    # confirmed like any projection (y), which u takes back
    press("y")
    wait_for(lambda: ("keep " + page.named(pk)) in text("#toast"), "y keeps the proposal")
    check(mention(pk)["status"] == "kept" and mention(pk)["current"]["span"] == psp, "kept, with the proposed span")
    d.execute_script("openKey(arguments[0])", pk)
    idle(pk)
    press("u")
    wait_for(lambda: ("Undone: keep " + page.named(pk)) in text("#toast"), "u undoes the keep")

    # a span in the new sentence, checked against it; then undo both
    d.execute_script("openKey(arguments[0])", key)
    idle(key)
    n = len(after["target"]["tokens"])
    select_tokens(0, min(2, n))
    verb = "modify" if span else "add"
    press(verb[0])
    wait_for(lambda: (verb + " " + page.named(key)) in text("#toast"), "the span is set")
    got = mention(key)["current"]["span"]
    check(got == [after["target"]["sent"], 0, min(2, n)], "the store has the span in the new sentence: %r" % (got,))
    d.execute_script("openKey(arguments[0])", key)
    idle(key)
    press("u")
    wait_for(lambda: ("Undone: " + verb + " " + page.named(key)) in text("#toast"), "u undoes the change")
    idle(key)
    press("u")
    wait_for(lambda: ("Undone: re-pairing of " + page.named(key)) in text("#toast"), "u undoes the re-pairing")
    idle(key)
    back = mention(key)
    check(not back["pairing"]["realigned"] and back["target"]["text"] == m["target"]["text"] and
          back["current"]["span"] == m["current"]["span"], "everything is as it was")
    check("re-paired" not in text("#mhead") and [t.text for t in d.find_elements(By.CSS_SELECTOR, "#tokens .tok")] ==
          m["target"]["tokens"], "the page shows the old sentence again")

    # --- t: a target-only mention ---------------------------------------------
    # on a mention whose target has a token no mention of the scene covers
    pick = None
    for it in api("queue?limit=100")["items"]:
        mm = mention(it["key"])
        if not mm["target"]:
            continue
        u = next(x for x in mm["scene"]["utterances"] if x["utt"] == mm["english"]["utt"])
        covered = set()
        for x in u["tgt_mentions"]:
            covered |= set(range(x["start"], x["end"]))
        cur = mm["current"]["span"]
        if cur:
            covered |= set(range(cur[1], cur[2]))
        free = [i for i in range(len(mm["target"]["tokens"])) if i not in covered]
        if free:
            pick = (it, mm, free[0])
            break
    check(pick is not None, "a mention whose target line has a free token")
    it, mm, tok = pick
    d.execute_script("openAt(arguments[0])", it["pos"])
    idle(it["key"])
    select_tokens(tok, tok + 1)
    press("t")
    wait_for(lambda: d.find_element(By.ID, "tadd-form").is_displayed(), "the target-only form opens")
    chosen = int(d.execute_script("return document.getElementById('tadd-select').value"))
    check(chosen == mm["scene"]["tgt_cluster"], "its own entity is offered first")
    press(Keys.ENTER)
    wait_for(lambda: "target-only" in text("#toast") and "saved" in text("#toast"), "the target-only mention is saved")
    idle(it["key"])
    now = mention(it["key"])
    u = next(x for x in now["scene"]["utterances"] if x["utt"] == now["english"]["utt"])
    tos = [x for x in u["tgt_mentions"] if x.get("target_only")]
    check(len(tos) == 1 and tos[0]["start"] == tok and tos[0]["end"] == tok + 1, "the store has it: %r" % tos)
    marked = "".join(e.text for e in d.find_elements(By.CSS_SELECTOR, "#scene li.self .t-only"))
    check(marked == mm["target"]["tokens"][tok], "the scene marks it as target-only: %r" % marked)
    # as the undo says it, "add target-only “…”"; it said the stored "tadd"
    # (h-wbwords), and nothing the page reads names a stored kind
    check("add target-only" in text("#history") and not raw_names(page.read("#view-mention")),
          "the history lists it in words: %r" % (raw_names(page.read("#view-mention")) or text("#history")[-160:]))
    shot("realign-target-only.png")
    sents = exported_mention(0, 0, 0)
    got = labels_at(sents, now["doc"], now["target"]["sent"], tok, tok + 1)
    check(chosen in got, "db export writes it in its entity: %r" % got)
    press("u")
    wait_for(lambda: "Undone: add target-only" in text("#toast"), "u undoes it")
    idle(it["key"])
    check(not [x for x in next(x for x in mention(it["key"])["scene"]["utterances"] if x["utt"] == now["english"]["utt"])
               ["tgt_mentions"] if x.get("target_only")], "gone from the store")
    check(chosen not in labels_at(exported_mention(0, 0, 0), now["doc"], now["target"]["sent"], tok, tok + 1),
          "and from the export")

    # --- r on a target-only mention: relinked alone ---------------------------
    # added again, selected, r: the form names it; Enter moves it to the
    # first entity offered; the store, the export and the history say so
    select_tokens(tok, tok + 1)
    press("t")
    wait_for(lambda: d.find_element(By.ID, "tadd-form").is_displayed(), "the target-only form opens again")
    press(Keys.ENTER)
    wait_for(lambda: "target-only" in text("#toast") and "saved" in text("#toast"), "the target-only mention is saved again")
    idle(it["key"])
    t0 = mention(it["key"])["target"].get("target_only") or []
    check(len(t0) == 1 and t0[0]["start"] == tok and t0[0]["cluster"] == chosen, "the line lists it: %r" % t0)
    tid = t0[0]["tid"]
    only = d.find_elements(By.CSS_SELECTOR, "#tokens .tok.tonly")
    check(len(only) == 1 and ("+%d" % tid) in only[0].get_attribute("title"), "the sentence marks it, its tooltip says r")
    select_tokens(tok, tok + 1)
    press("r")
    wait_for(lambda: d.find_element(By.ID, "relink-form").is_displayed(), "the relink form opens")
    what = text("#relink-what")
    word = mm["target"]["tokens"][tok]
    check(("target-only" in what) and word in what and ("+%d" % tid) not in what,
          "the form names the target-only mention by its words: %r" % what)
    to = int(d.execute_script("return document.getElementById('relink-select').value"))
    check(to != chosen, "its own entity is not offered")
    shot("realign-relink-target-only.png")
    press(Keys.ENTER)
    wait_for(lambda: "relink target-only" in text("#toast") and "saved" in text("#toast"), "the relink is saved")
    idle(it["key"])
    now = mention(it["key"])
    check(now["target"]["target_only"][0]["cluster"] == to, "the store has it in cluster %d" % to)
    check(now["current"]["span"] == mm["current"]["span"], "the mention on screen kept its span")
    got = labels_at(exported_mention(0, 0, 0), now["doc"], now["target"]["sent"], tok, tok + 1)
    check(to in got and chosen not in got, "db export writes it in its new entity: %r" % got)
    check("relink target-only “\u2068%s\u2069”" % word in text("#history"), "the history lists it: %r" % text("#history")[-120:])
    # bob moves it on under the page: ann's undo is refused, in one verb
    st, r = page.post("edit", {"run": now["run"], "annotator": "bob", "key": it["key"], "action": "relink",
                               "version": now["version"], "tadd": tid, "from": to, "cluster": chosen})
    check(st == 200, "bob relinks it back: %r" % st)
    press("u")
    wait_for(lambda: "Not undone:" in text("#banner"), "ann's undo is refused")
    said = text("#banner")
    # (the server names it by its words now, not "+N": not isolated, xp_fail escapes U+2068)
    check(("bob acted on target-only “%s” after your relink" % word) in said and "Cannot undo" not in said and
          said.count("undone") + said.count("undo ") <= 2, "the banner says who and why, one verb: %r" % said)
    shot("realign-relink-undo-refused.png")
    st, r = page.post("undo", {"run": now["run"], "annotator": "bob", "key": it["key"],
                               "version": mention(it["key"])["version"]})
    check(st == 200, "bob takes his back: %r" % st)
    press("u")
    wait_for(lambda: ("Undone: relink target-only “\u2068%s\u2069”" % word) in text("#toast"), "u undoes the relink")
    idle(it["key"])
    check(mention(it["key"])["target"]["target_only"][0]["cluster"] == chosen, "back in its entity")
    # d on it: deleted alone (the mention on screen keeps its span), one u
    select_tokens(tok, tok + 1)
    press("d")
    wait_for(lambda: ("delete target-only “\u2068%s\u2069”" % word) in text("#toast") and "saved" in text("#toast"), "d deletes it")
    idle(it["key"])
    now = mention(it["key"])
    check(not now["target"].get("target_only"), "the line no longer lists it: %r" % now["target"].get("target_only"))
    check(now["current"]["span"] == mm["current"]["span"], "the mention on screen kept its span")
    check(page.current() == it["key"], "the page stays on the mention")
    got = labels_at(exported_mention(0, 0, 0), now["doc"], now["target"]["sent"], tok, tok + 1)
    check(chosen not in got, "db export leaves it out: %r" % got)
    shot("realign-delete-target-only.png")
    press("u")
    wait_for(lambda: ("Undone: delete target-only “\u2068%s\u2069”" % word) in text("#toast"), "u undoes the delete")
    idle(it["key"])
    check(len(mention(it["key"])["target"].get("target_only") or []) == 1, "back on the line")
    press("u")
    wait_for(lambda: "Undone: add target-only" in text("#toast"), "u undoes the target-only mention")
    idle(it["key"])

    # the one refusal asked for above (ann's undo under bob's relink)
    page.console_clean("favicon", "api/undo - Failed to load resource: the server responded with a status of 409")
    check(d.title != "pwned", "no markup ran")
except Exception as e:
    page.stopped(e, "the walk through realign", "realign-failure.png")
finally:
    d.quit()

finish()
