/*
 * xproj workbench — the page.  One mention at a time from the run's triage
 * queue, its English scene with the mention and its cluster marked, the
 * target sentence as tokens to click, and the actions, all on keys.
 *
 * Every text that comes from the data (tokens, subtitles, speakers, notes,
 * names) reaches the page through textContent only: nothing here ever parses
 * data as HTML.  Each action is a POST that the server validates and commits
 * before answering, carrying the version of the mention it was decided on, so
 * a change someone else made in the meantime is shown, never overwritten.
 *
 * Every POST names its run too.  When the pipeline is run again while the
 * page is open, the run on screen is superseded (db export acts on the new
 * one): the page learns it from /api/runs (every few seconds, and from the
 * server's 409 "stale run" if an action got there first) and says so in a
 * banner before anything more is written to the old run; the corrector
 * switches to the new run or says they mean the old one (old_run).
 */
"use strict";

const S = {
  relinkTadd: null,   // the target-only mention the relink form moves (null: the mention on screen)
  annotator: "",
  run: 0,
  lang: "",
  runs: [],
  filters: {},
  page: { offset: 0, limit: 50, total: 0, items: [] },
  index: -1,          // the current mention's position in the filtered queue
  mention: null,
  anchor: -1, cursor: 0, sel: null,   // selection [a, b) over target tokens
  dragging: false,
  busy: false,
  acts: 0,            // actions and undos sent: a poll that saw one start leaves the page to its answer
  view: "queue",
  latest: 0,          // the run that superseded S.run (a rerun), 0 while S.run is the latest of its language
  oldRun: 0,          // the run the corrector chose to go on correcting though a rerun superseded it
  context: 8,         // the scene's lines either side of the mention (CONTEXT, widened by "more")
  ents: new Map(),    // "doc|cluster" -> an entity as a mention's scene or GET entities named it
  tadds: new Map(),   // "doc|tid" -> a target-only mention's words, as a line shown had them
  opening: 0,         // mentions (or queue pages) being opened now: offline(false) leaves them to it
  loads: 0,           // mentions asked for: only the last one asked is shown (loadMention)
  opens: 0,           // openings begun: a poll that saw one start leaves the page to the mention opened
  acting: 0,          // actions under way, from the key to the next mention opened (S.busy: until the store answers)
};

const $ = (id) => document.getElementById(id);
const CONTEXT = 8, MORE_LINES = 20, MAX_CONTEXT = 400;
const FILTERS_STAY = ["order", "doc", "fate", "type", "status", "min_conf", "max_conf"];   // filters that keep the mention on screen (not q, a search)
const LONG_LINE = 120;   // characters: a target sentence longer is set smaller (.tokens.long)   // the scene's lines either side: at first, added by "more", at most (the server's)

/* an element: h("span", {class: "x"}, "text", child, ...); strings become text nodes */
function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const k of kids.flat()) {
    if (k === null || k === undefined || k === false) continue;
    e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return e;
}

function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }

/* append what is there (null and false are nothing, not the word "null") */
function append(e, ...kids) { for (const k of kids) if (k !== null && k !== undefined && k !== false) e.append(k); }

async function api(method, path, params, body) {
  const q = params ? "?" + new URLSearchParams(Object.entries(params).filter(([, v]) => v !== "" && v !== null && v !== undefined)) : "";
  const opt = { method, headers: {} };
  if (body) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  let r;
  try {
    r = await fetch("/api/" + path + q, opt);
  } catch (e) {
    offline(true);
    return { status: 0, json: { message: "the server does not answer (is xproj serve still running?)" } };
  }
  if (S.offline) offline(false);
  let json = null;
  try { json = await r.json(); } catch (e) { json = null; }
  return { status: r.status, json: json || {} };
}

let toastTimer = 0;
function toast(text, bad) {
  const t = $("toast");
  t.textContent = text;
  t.className = bad ? "bad" : "";
  t.hidden = false;
  placeToast();
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, bad ? 6000 : 2500);
}

/* The toast at the window's foot, unless it would cover what the
 * corrector reads after an action there: the mention's sentences, or the
 * mention's line in the scene (at 150% zoom the foot's toast sat on that
 * line, so the result of a keep, a relink or a split was hidden for as
 * long as the toast showed), or the history's last line (the action just
 * saved); then over the header, unless that covers more.  Placed again
 * when the mention on screen changes or the page or the history scrolls
 * while it shows. */
function placeToast() {
  const t = $("toast");
  if (t.hidden) return;
  t.style.top = "";
  t.style.bottom = "";
  const sc = $("scene").getBoundingClientRect(), self = $("scene").querySelector("li.self");
  const line = self ? self.getBoundingClientRect() : null;
  // what of each is in view: the scene's line as far as the list shows it
  const keep = [$("target-box").getBoundingClientRect()];
  if (line && line.height > 0) keep.push({ top: Math.max(line.top, sc.top), bottom: Math.min(line.bottom, sc.bottom) });
  // the history's last line, the action just done (or undone), as far as
  // its box shows it: at the foot of the window (1280 x 800, a mention of
  // eight actions) the toast saying "saved" sat on that very line, which
  // could be neither read nor clicked while the toast showed
  const hb = document.querySelector(".hist-box"), last = $("history").lastElementChild;
  if (last && hb && !hb.closest("[hidden]")) {
    const r = last.getBoundingClientRect(), b = hb.getBoundingClientRect();
    if (r.height > 0) keep.push({ top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom) });
  }
  const covered = (r) => keep.reduce((n, k) => n + Math.max(0, Math.min(r.bottom, k.bottom, innerHeight) - Math.max(r.top, k.top, 0)), 0);
  const foot = covered(t.getBoundingClientRect());
  if (!foot) return;
  // over the header (the run, the progress) rather than the mention's key
  t.style.bottom = "auto";
  t.style.top = "8px";
  if (covered(t.getBoundingClientRect()) >= foot) { t.style.top = ""; t.style.bottom = ""; }
}

/* The server stopped answering (stopped, restarted, the network gone):
 * said at once, above everything, until a request gets through again
 * (the runs are asked every 5 s).  Before, the page said so only in the
 * toast of an action tried meanwhile, and a "Cannot open" banner stayed
 * after the server was back.  Back: that banner goes and the queue is read
 * again; the mention on screen is not (the request that got through may be
 * the corrector's j, whose mention a second read of the one before would
 * replace: the poll reads it within 15 s).  With no mention on screen the
 * page starts over (resume), unless a mention is being opened: the request
 * that got through may be that opening's (j, a row clicked), and resume
 * opened a second mention beside it (h-wb10): the same one read twice and
 * its place saved twice, or the annotator's saved place over the row
 * clicked, shown in its stead. */
function offline(down) {
  const b = $("offline");
  if (down) {
    if (S.offline) return;
    S.offline = new Date();
    b.textContent = "The server does not answer (since " + S.offline.toTimeString().slice(0, 8) + "): nothing is saved until it is back. " +
      "Is xproj serve still running? The page tries again every 5 seconds.";
    b.hidden = false;
    return;
  }
  S.offline = null;
  b.hidden = true;
  toast("The server answers again.");
  if ($("banner").className === "error") banner(null);
  // opened while it was stopped: the page starts now
  if (!S.runs.length) loadRuns().then((ok) => ok && !S.mention && !S.opening && resume());
  else if (!S.mention) { if (!S.opening) resume(); }
  else refreshQueue();
}

function banner(kind, ...content) {
  const b = clear($("banner"));
  if (!kind) { b.hidden = true; return; }
  b.className = kind;
  b.append(...content.map((c) => (c instanceof Node ? c : document.createTextNode(c))));
  b.hidden = false;
}

/* a span's place as numbers (sentence:first–end token): for tooltips;
 * the annotator reads its words (tokensOf) */
function spanText(sp) { return sp ? sp[0] + ":" + sp[1] + "–" + sp[2] : "none"; }

/* an entity as an annotator reads it: its words in English and in the
 * target (its longest mention's, correct/review.c), never its number:
 * menus of "cluster 17 · he (3)" asked the corrector to remember numbers,
 * and a native menu's type-ahead could not find an entity by its words */
function entName(e) {
  // the target's words isolated (U+2068 … U+2069): Farsi beside English
  // and a count read "Leo · 9 · (the Farsi name) mentions", the count
  // taken into the right-to-left run (a menu's option is text only)
  // entities of one name numbered by the server (correct/review.c
  // same_name): after a split, "the car (1)" and "the car (2)"
  const en = (e.words || []).join(" "), tg = e.tgt_words && e.tgt_words.length ? "\u2068" + joinTokens(e.tgt_words) + "\u2069" : "";
  const nth = e.nth ? " (" + e.nth + ")" : "";
  return en && tg ? en + nth + " · " + tg : (en || tg || "an entity with no words") + nth;
}
/* a mention as the page names it to the corrector: its English words and
 * its line, as the scene shows them ("“my” (line 6, Sam)"); correct/review.c
 * names it alike in what an undo took back.  Toasts said "keep
 * s01e13c02|17", a key no other line of the page shows */
function mentionName(m) {
  const en = m && m.english;
  if (!en) return "this mention";
  return "“" + joinTokens(en.tokens.slice(en.start, en.end)) + "” (line " + en.utt + (en.speaker ? ", " + en.speaker : "") + ")";
}
/* the selection's words ("none") */
function selText(m) {
  return S.sel && m && m.target ? joinTokens(m.target.tokens.slice(S.sel[0], S.sel[1])) : "none";
}
/* the words of the mention's entity numbered c, then " · " ("" unknown) */
function entWords(m, c) {
  const e = S.ents.get(m.doc + "|" + c);
  return e ? entName(e) + " · " : "";
}
function entCount(e) { return e.n + (e.n === 1 ? " mention" : " mentions"); }
function rememberEnts(doc, list) { for (const e of list || []) S.ents.set(doc + "|" + e.cluster, e); }
/* a target-only mention's words, kept as its line showed them: an undo or
 * a history line names it after it left the line (the store says "+N") */
function rememberTadds(m) {
  for (const t of (m.target && m.target.target_only) || [])
    S.tadds.set(m.doc + "|" + t.tid, joinTokens(m.target.tokens.slice(t.start, t.end)));
}
/* target-only mention tid in words: "target-only “…”" (its number only in
 * the tooltips: a corrector reads the words, as every entity's) */
function taddName(tid, m) {
  m = m || S.mention;
  const w = m && S.tadds.get(m.doc + "|" + tid);
  return w ? "target-only “\u2068" + w + "\u2069”" : "a target-only mention";
}
/* a server's message, its target-only mentions ("bob acted on +3 after
 * your relink") by their words */
function taddsIn(text, m) {
  return String(text || "").replace(/(^|[\s(])\+(\d+)(?=[\s),.:;]|$)/g, (all, pre, tid) =>
    S.tadds.has((m || S.mention || {}).doc + "|" + tid) ? pre + taddName(Number(tid), m) : all);
}
/* a batch's name as the store wrote it, its entities in words: a merge's
 * "merge cluster 10 into 1" showed the numbers no other line shows */
function batchWords(name, m) {
  return name.replace(/^merge cluster (\d+) into (\d+)$/, (all, a, b) => "merge " + entLabel(Number(a), m) + " into " + entLabel(Number(b), m));
}
/* where target-only mention t is: "in “Sam · …”"; alone in its entity,
 * its own words name that entity, and "(in “its words”)" named it by itself */
function taddIn(t, m) {
  const e = S.ents.get(m.doc + "|" + t.cluster);
  return e && e.n === 1 ? "an entity of its own" : "in " + entLabel(t.cluster, m);
}
/* the entity numbered c of the mention's document, in words */
function entLabel(c, m) {
  m = m || S.mention;
  // the number a new entity takes first: an entity made and undone
  // before left its name under that number, and a split's toast said
  // "→ “,”" (a comma), the undone entity's words, for a new one
  if (m && m.scene && c === m.scene.next_cluster) return "a new entity";
  const e = m && S.ents.get(m.doc + "|" + c);
  if (e) return "“" + entName(e) + "”";
  return "another entity";
}

/* a span's words, isolated (U+2068 … U+2069): right-to-left words in a
 * line of English (the history's "modify <two Farsi words> by ann") took
 * the words around them into their run */
function tokensOf(sp, m) {
  if (!sp || !m.target) return "";
  return "\u2068" + joinTokens(m.target.tokens.slice(sp[1], sp[2])) + "\u2069";
}

/* tokens as the words a reader sees, as the queue's rows show them
 * (correct/queue.c words()): no space between two CJK characters.  A run
 * with a character a token read as characters spaced apart in the facts,
 * the toast and the history, beside the queue's unspaced words */
const CJK = /[\u3000-\u9fff]/;
function joinTokens(toks) {
  let out = "";
  for (const w of toks) {
    if (!w) continue;
    if (out && !(CJK.test(out.at(-1)) && CJK.test(w[0]))) out += " ";
    out += w;
  }
  return out;
}

/* --- runs, progress, overview -------------------------------------------------- */

async function loadRuns() {
  const r = await api("GET", "runs");
  if (r.status !== 200) { banner("error", "Cannot list the runs: " + (r.json.message || r.status)); return false; }
  S.runs = r.json.runs;
  const saved = Number(localStorage.getItem("xproj.run") || 0);
  const was = S.runs.find((x) => x.run === saved);
  S.run = was ? saved : r.json.default;
  // the run this browser was on was superseded since: open the new one, and say so
  let moved = 0;
  if (was && !was.latest && was.superseded_by && r.json.default !== saved) {
    moved = saved;
    S.run = was.superseded_by;
    localStorage.setItem("xproj.run", S.run);
  }
  fillRuns();
  if (moved) runBanner("moved", moved);
  return true;
}

function fillRuns() {
  const sel = clear($("run"));
  for (const x of S.runs)
    sel.append(h("option", { value: x.run, selected: x.run === S.run }, "run " + x.run + " · " + x.lang + " · " + x.mentions + " mentions" +
      (x.latest ? "" : " · superseded by run " + x.superseded_by)));
  S.lang = (S.runs.find((x) => x.run === S.run) || {}).lang || "";
}

/* Has a rerun superseded the run on screen?  Asked every few seconds and
 * when the page comes back into view. */
async function checkRuns() {
  const r = await api("GET", "runs");
  if (r.status !== 200 || !Array.isArray(r.json.runs)) return;
  S.runs = r.json.runs;
  const cur = S.runs.find((x) => x.run === S.run);
  if (cur && !cur.latest && cur.superseded_by) {
    if (S.latest !== cur.superseded_by) { fillRuns(); stale(cur.superseded_by); }
  } else if (S.latest) {
    S.latest = 0;
    runBanner(null);
  }
}

/* The run on screen was superseded by run `latest`: nothing more goes to
 * it unless the corrector says so. */
function stale(latest) {
  S.latest = latest;
  runBanner(S.oldRun === S.run ? "kept" : "stale", latest);
}

/* the banner above everything about the run itself (kind: stale, kept, moved; null hides it) */
function runBanner(kind, other) {
  const b = clear($("runbanner"));
  if (!kind) { b.hidden = true; return; }
  b.className = kind;
  if (kind === "moved") {
    b.append(h("b", {}, "Run " + other + " was replaced by run " + S.run + "."),
      " The pipeline was run again since you last worked here; you are now on run " + S.run +
      ", the run db export uses. What was corrected on run " + other + " before the rerun was carried over where it could be (the overview lists what was not).",
      h("button", { id: "run-dismiss", type: "button", onclick: () => runBanner(null) }, "OK"));
  } else if (kind === "stale") {
    b.append(h("b", {}, "Run " + other + " has replaced run " + S.run + "."),
      " The pipeline was run again while this page was open. db export uses run " + other +
      ": changes saved on run " + S.run + " from now on would not be in it. Nothing more is saved on run " + S.run + " unless you say so.",
      h("button", { id: "run-switch", type: "button", onclick: () => switchRun(other) }, "Switch to run " + other),
      h("button", { id: "run-stay", type: "button", onclick: () => { S.oldRun = S.run; runBanner("kept", other); } }, "Stay on run " + S.run));
  } else {
    b.append(h("b", {}, "You are correcting run " + S.run + ", which run " + other + " replaced."),
      " What you save here is not in db export (unless it is given --run " + S.run + ").",
      h("button", { id: "run-switch", type: "button", onclick: () => switchRun(other) }, "Switch to run " + other));
  }
  b.hidden = false;
}

async function switchRun(run) {
  $("run").value = String(run);
  await onRunChange();
}

function progress(done, total) {
  const pct = total ? Math.round((1000 * done) / total) / 10 : 0;
  $("bar-fill").style.width = pct + "%";
  $("progress-text").textContent = done + " / " + total + " done (" + pct + "%)";
}

async function overview() {
  const r = await api("GET", "stats", { run: S.run });
  const v = clear($("view-overview"));
  if (r.status !== 200) { v.append(h("p", {}, "Cannot read the run: " + (r.json.message || r.status))); return; }
  const s = r.json, info = s.run_info || {}, q = s.queue;
  progress(q.done, q.total);
  const row = (k, n) => h("tr", {}, h("td", {}, k), h("td", { class: "n" }, n));
  v.append(h("section", { class: "box" }, h("h3", {}, "Run " + s.run),
    h("table", {}, row("language", info.lang), row("imported", info.created ? utc(info.created) : ""), row("documents", info.documents),
      row("mentions", s.mentions), row("projected", s.projected + " (" + (s.mentions ? Math.round(1000 * s.projected / s.mentions) / 10 : 0) + "%)"))));
  const fates = h("table", {});
  for (const [k, n] of Object.entries(s.fates || {})) fates.append(row(k, n));
  v.append(h("section", { class: "box" }, h("h3", {}, "What became of the mentions"), fates));
  v.append(h("section", { class: "box" }, h("h3", {}, "Progress through the queue"),
    h("div", { class: "big" }, q.done + " / " + q.total),
    h("table", {}, row("corrected", q.edited), row("kept as projected", q.kept), row("with a note", q.noted),
      row("not carried from the previous run", q.lost))));
  const who = h("table", {}, h("tr", {}, h("th", {}, "annotator"), h("th", { class: "n" }, "add"), h("th", { class: "n" }, "delete"),
    h("th", { class: "n" }, "modify"), h("th", { class: "n" }, "keep"), h("th", { class: "n" }, "note")));
  const names = new Set([...Object.keys(s.by_annotator || {}), ...Object.keys(s.reviews_by_annotator || {})]);
  for (const n of [...names].sort()) {
    const e = (s.by_annotator || {})[n] || {}, rv = (s.reviews_by_annotator || {})[n] || {};
    who.append(h("tr", {}, h("td", {}, n || "(no name)"), h("td", { class: "n" }, e.add || 0), h("td", { class: "n" }, e.delete || 0),
      h("td", { class: "n" }, e.modify || 0), h("td", { class: "n" }, rv.keep || 0), h("td", { class: "n" }, rv.note || 0)));
  }
  v.append(h("section", { class: "box" }, h("h3", {}, "Corrections by annotator"), who,
    h("p", { class: "muted" }, s.orphans + " for unknown mentions and " + s.conflicts + " that break a rule (from imported batches), " + s.undone + " undone")));
  const carry = info.carry;
  const lostList = h("ol", {});
  for (const x of (s.lost || []).slice(0, 200)) {
    // a mention of the earlier run that this run has none of (x.was; its
    // key labelled with that run, no key of this run): its words, and the
    // mention of its English line in this run (x.at), where it is redone
    const go = x.was === undefined ? x.key : x.at;
    const name = x.key + (x.en ? " \u201c" + x.en + "\u201d" : "");
    const where = x.was === undefined ? "" : x.at ? "; its line in this run: " + x.at : "; its line has no mention in this run";
    // a line's re-pairing or target-only mention by the server's words
    // ("DOC line 4, re-paired": it showed the store's key, "DOC|line 4
    // (realign)"), not a link: the line is no mention to open
    const line = x.was === undefined && x.said && x.said !== x.key;
    // a link (href) so that Tab reaches it and Enter follows it: it took a mouse
    lostList.append(h("li", {}, go && !line ? h("a", { href: "#", onclick: (e) => { e.preventDefault(); show("queue"); openLost(x, go); } }, name)
      : line ? x.said : name, " — " + (x.why || "") + where));
  }
  v.append(h("section", { class: "box" }, h("h3", {}, "Rerun"),
    carry ? h("p", {}, "From run " + carry.from_run + ": " + carry.carried + " corrected mentions carried over, " + carry.agrees +
      " already so in this projection, " + carry.lost + " not carried:") : h("p", { class: "muted" }, "This run carried nothing over (it is the first of its documents)."),
    lostList));
}

/* --- the queue ------------------------------------------------------------------- */

function filterParams() {
  const f = new FormData($("filters"));
  const p = {};
  for (const [k, v] of f.entries()) if (v !== "") p[k] = v;
  return p;
}

async function loadQueue(params) {
  // the run's documents and fates once: at 1M mentions they are most of a page's bytes
  const lists = S.listsRun === S.run ? { lists: 0 } : {};
  const r = await api("GET", "queue", Object.assign({ run: S.run, annotator: S.annotator, limit: S.page.limit }, lists, filterParams(), params || {}));
  if (r.status !== 200) { toast("Queue: " + (r.json.message || r.status), true); return null; }
  const q = r.json;
  S.page = { offset: q.offset, limit: q.limit, total: q.total, items: q.items, order: q.order };
  if (q.docs) {
    fillSelect($("filters").elements.doc, q.docs);
    fillSelect($("filters").elements.fate, q.fates);
    S.listsRun = S.run;
  }
  renderQueue();
  return q;
}

function fillSelect(sel, values) {
  if (sel.options.length > 1) return;
  for (const v of values) sel.append(h("option", { value: v }, v));
}

function renderQueue() {
  const ol = clear($("queue"));
  const p = S.page;
  $("qcount").textContent = p.total ? (p.offset + 1) + "–" + Math.min(p.offset + p.limit, p.total) + " of " + p.total : "nothing matches";
  for (const it of p.items) {
    // the reason in words, cut to the row; whole in the tooltip, with the
    // figures it rests on in words (the tooltip had the figures alone: a
    // reason cut after "mentions of its kind are of…" could not be read at
    // all; then the model's "committee=0.25 (-0.59)" after it)
    const detail = (it.reason ? it.reason + "\n" : "") + (it.said || "");
    const tgt = it.target === null || it.target === undefined ? null : it.target;
    const li = h("li", { class: it.pos === S.index ? "cur" : "", "data-pos": it.pos },
      h("span", { class: "rank", title: S.page.order === "reading" ? "triage rank" : "" }, "#" + (it.rank + 1)),
      h("span", { class: "key" }, it.key),
      h("span", { class: "badge " + it.status }, it.status === "lost" ? "not carried" : it.status),
      h("span", { class: "text" }, h("span", { class: "en", lang: "en" }, it.en || ""), h("span", { class: "arrow" }, "→"),
        h("span", { class: "tgt" + (tgt === null ? " none" : ""), lang: S.lang || null }, tgt === null ? "no span" : tgt)),
      h("span", { class: "why", title: detail }, it.reason || it.why));
    li.addEventListener("click", () => openAt(it.pos));
    ol.append(li);
  }
  // the current row into the list's view, the list alone scrolled:
  // scrollIntoView scrolled every scrolling box around it too, and in a
  // narrow window (the queue under the mention) took the page, mention
  // and all, down to the queue
  const cur = ol.querySelector(".cur");
  if (cur) scrollQueueTo(ol, cur);
}

/* The current row in the list's view, the list alone scrolled, to a row's
 * edge: the row after it in view too (what j opens next), and no row cut
 * at the top.  Scrolled by what the row lacked, the list left its top row
 * half hidden once j went past its foot (#1 cut in half). */
function scrollQueueTo(ol, cur) {
  const b = ol.getBoundingClientRect(), at = (e) => e.getBoundingClientRect().top - b.top + ol.scrollTop;
  const r = cur.getBoundingClientRect();
  const next = cur.nextElementSibling || cur;
  const foot = at(next) + next.getBoundingClientRect().height;
  if (r.top >= b.top && next.getBoundingClientRect().bottom <= b.bottom + 0.5) return;   // in view as it is
  if (r.top < b.top) { ol.scrollTop = at(cur.previousElementSibling || cur); return; }
  // the first row from which the current one and the next fit
  let first = cur;
  while (first.previousElementSibling && foot - at(first.previousElementSibling) <= ol.clientHeight) first = first.previousElementSibling;
  ol.scrollTop = at(first);
}

/* f() counted in S.opening while it runs: it opens a mention (or a page
 * of the queue), which offline(false) leaves to it */
async function opening(f) {
  S.opening++;
  S.opens++;
  try { return await f(); } finally { S.opening--; }
}

/* open the mention at position pos of the filtered queue */
function openAt(pos) { return opening(() => openAtNow(pos)); }

async function openAtNow(pos) {
  if (pos < 0 || pos >= S.page.total) return;
  if (pos < S.page.offset || pos >= S.page.offset + S.page.items.length)
    if (!(await loadQueue({ offset: pos - (pos % S.page.limit) }))) return;
  const it = S.page.items.find((x) => x.pos === pos);
  if (!it) return;
  // the row marked at once; back on the mention still on screen when the
  // server does not answer (the queue marked the next row over the
  // mention before it, and the Enter that kept that one moved on past
  // the marked row, which was never seen).  A mention the server cannot
  // open (a "Cannot open" banner) stays marked: j goes past it.
  const was = S.index;
  S.index = pos;
  renderQueue();
  const st = await loadMention(it.key);
  if (st === -1) return;   // another mention was asked for since: its opening marks its row
  if (st === 0) { S.index = was; renderQueue(); return; }
  if (!S.latest || S.oldRun === S.run) api("POST", "position", null, runFields({ annotator: S.annotator, key: it.key }));
}

/* open a mention by key, finding its place in the queue */
function openKey(key) { return opening(() => openKeyNow(key)); }

/* a lost carry-over x of the rerun's list opened at key go; a mention of
 * the earlier run that this run has none of is not go: the banner says
 * what was lost, and that it was on go's line */
async function openLost(x, go) {
  await openKey(go);
  if (x.was !== undefined && S.mention && S.mention.key === go)
    banner("lost", "Not carried over from run " + x.from_run + ": " + (x.en ? "\u201c" + x.en + "\u201d, " : "") + "run " + x.from_run +
      "'s " + x.was + " on this line (" + x.why + "); this run has no such mention. Redo its correction here if it still applies.");
}

async function openKeyNow(key) {
  const q = await loadQueue({ around: key });
  // the done count is the server's (an undo changes it)
  if (q) progressFromQueue(q);
  const st = await loadMention(key);
  if (st === 0 || st === -1) return;   // the server does not answer: the mention shown stays, and its row (-1: another asked for since)
  S.index = q && q.found >= 0 ? q.found : -1;
  renderQueue();
}

/* the mention KEY read and shown; the answer's status (0: no answer; -1:
 * another mention was asked for meanwhile, and this answer is not shown:
 * two openings under way, j pressed or a row clicked while the next
 * mention after a keep was being read, showed whichever answered last,
 * the one asked for first over the one asked for last) */
async function loadMention(key, keepBanner) {
  const context = S.mention && S.mention.key === key ? S.context : CONTEXT;
  const seq = ++S.loads;
  const r = await api("GET", "mention", { run: S.run, key, context });
  if (seq !== S.loads) return -1;
  // the server stopped: the banner above says so once, the mention shown stays
  if (r.status === 0) {
    toast("Not opened: the server does not answer (see above)." + (S.mention ? " This is still " + mentionName(S.mention) + "." : ""), true);
    if (!S.mention) notOpened(key, "the server does not answer (see above); the page opens it once the server answers again");
    return 0;
  }
  if (r.status !== 200) { notOpened(key, r.json.message || "the server answered " + r.status); return r.status; }
  setMention(r.json, keepBanner);
  return 200;
}

/* A mention that could not be opened, said where the mention is, with a
 * button to try it again; the mention shown before stays, its actions
 * with it.  With none shown (the page's first mention, the server just
 * back), the page showed the empty panels of a mention, every action
 * button on, and (the toast gone) no word of why, until a key was pressed
 * (h-wb11): now the panels give way to the reason and the way on. */
function notOpened(key, why) {
  const again = h("button", { type: "button", class: "retry", title: "ask the server for this mention again" }, "Try again");
  again.addEventListener("click", () => { banner(null); openKey(key); });
  banner("error", "Cannot open " + key + ": " + why + ". ", again,
    S.mention ? " This is still " + mentionName(S.mention) + "; its actions act on it." : " j and k open the queue's next and previous mention; a click on a row opens it.");
  emptyView(!S.mention);
}

/* the mention's panels hidden while none is open (a class on the view) */
function emptyView(empty) {
  $("view-mention").classList.toggle("empty", empty);
  if (empty) { clear($("mhead")); updateButtons(); }
}

function setMention(m, keepBanner) {
  // another mention: its scene as narrow as at first, and no form of the
  // one before left open (a relink form open while a click on the queue
  // opened another mention offered the first one's entities, and Enter
  // sent them for the second)
  if (!S.mention || S.mention.key !== m.key) { S.context = CONTEXT; closeForms(); }
  S.mention = m;
  emptyView(false);
  rememberEnts(m.doc, m.scene && m.scene.entities);
  rememberTadds(m);
  const sp = m.current.span;
  S.sel = sp ? [sp[1], sp[2]] : null;
  // the cursor on the span's last token, the anchor on its first: Shift+arrow
  // narrows or widens it at its end, as a text editor's selection does (the
  // cursor on the first token made the first Shift+arrow start a selection
  // over again: [6,12) became [6,8))
  S.anchor = sp ? sp[1] : -1;
  S.cursor = sp ? sp[2] - 1 : 0;
  if (!keepBanner) {
    if (m.carry && m.carry.status === "lost")
      banner("lost", "Not carried over from run " + m.carry.from_run + ": " + m.carry.why + ". Check this mention again.");
    else banner(null);
  }
  renderMention();
}

/* --- one mention --------------------------------------------------------------------- */

/* tokens as text, each run of tokens with the same mark in one span (a
 * mention reads as one phrase); brackets around the marked run if asked */
function appendRuns(parent, tokens, marks, brackets) {
  for (let i = 0; i < tokens.length;) {
    let j = i;
    while (j < tokens.length && marks[j] === marks[i]) j++;
    const words = tokens.slice(i, j).join(" ");
    if (i) parent.append(" ");
    if (!marks[i]) parent.append(words);
    else if (brackets) parent.append(h("span", { class: "bracket" }, "["), h("span", { class: marks[i] }, words), h("span", { class: "bracket" }, "]"));
    else parent.append(h("span", { class: marks[i] }, words));
    i = j;
  }
}

/* [start, end) of each word over n tokens: starts from the server (where
 * jieba's words begin), else every token a word */
function wordRanges(n, starts) {
  const b = Array.isArray(starts) && starts.length ? starts.filter((x) => x > 0 && x < n) : [...Array(n).keys()].slice(1);
  const r = [];
  let a = 0;
  for (const x of [...b, n]) { if (x > a) r.push([a, x]); a = x; }
  return r;
}

/* a target line of the scene: its words, the mention (t-self) and its
 * cluster's other mentions (t-clu) marked where they are now.  Where two
 * marked mentions of the line overlap or touch ("your" inside "your
 * mother", once a relink put them in one chain), each is bracketed too: one fill or
 * underline over both read as one mention, and telling which box was
 * which took the legend. */
function targetLine(u) {
  const toks = Array.isArray(u.tgt_tokens) ? u.tgt_tokens : [];
  const line = h("span", { class: "tgt", lang: S.lang, dir: "auto" });
  if (!toks.length) { line.append(u.target || ""); return line; }
  const mark = new Array(toks.length).fill("");
  const kind = (x) => (x.self ? "t-self" : x.target_only ? "t-only" : "t-clu");
  const ms = (u.tgt_mentions || []).map((x) => ({ a: Math.max(0, x.start), z: Math.min(x.end, toks.length), k: kind(x) }))
    .filter((x) => x.a < x.z);
  for (const x of ms)
    for (let i = x.a; i < x.z; i++) mark[i] = x.k === "t-self" ? "t-self" : mark[i] || x.k;
  // the brackets: opened outer first, closed inner first
  const opens = toks.map(() => []), closes = toks.map(() => []);
  const crowded = ms.filter((x) => ms.some((y) => y !== x && x.a <= y.z && y.a <= x.z));
  crowded.sort((x, y) => x.a - y.a || y.z - x.z);
  for (const x of crowded) opens[x.a].push(x.k);
  crowded.sort((x, y) => y.a - x.a || x.z - y.z);
  for (const x of crowded) closes[x.z - 1].push(x.k);
  const names = { "t-self": "this mention", "t-clu": "a mention of its cluster", "t-only": "a target-only mention of its cluster" };
  const bracket = (k, c) => h("span", { class: "tb " + k.replace("t-", "tb-"), title: names[k] }, c);
  for (const [a, z] of wordRanges(toks.length, u.tgt_words)) {
    const w = h("span", { class: "w" });
    for (let i = a; i < z;) {
      let j = i + 1;
      while (j < z && mark[j] === mark[i] && !opens[j].length && !closes[j - 1].length) j++;
      for (const k of opens[i]) w.append(bracket(k, "["));
      const text = toks.slice(i, j).join("");
      w.append(mark[i] ? h("span", { class: mark[i] }, text) : text);
      for (const k of closes[j - 1]) w.append(bracket(k, "]"));
      i = j;
    }
    line.append(w, " ");
  }
  append(line, chainMore(u.tgt_mentions_more, "target"));
  return line;
}

/* "and N more of the chain here": the server lists at most 200 of a
 * line's chain mentions on each side (correct/review.c SCENE_LINE_MAX)
 * and counts the others in mentions_more / tgt_mentions_more; the page
 * marked the 200 and left the rest of the line bare, a partial chain
 * shown as if whole (a line of 515 "it"s of one entity: 315 unmarked) */
function chainMore(n, side) {
  if (!(n > 0)) return null;
  return h("span", { class: "chain-more", lang: "en", dir: "ltr", title: "the server sends at most 200 of a line's chain mentions on each side: " +
    n + " more of this line's " + side + " are in the chain and not marked here" }, "and " + n + " more of the chain on this line, not marked");
}

// after a realign: the span the run's model proposed in the new sentence
// (a projection to confirm, y, or change), or why none was proposed
function reprojChip(m) {
  const r = m.pairing && m.pairing.realigned ? m.pairing.reprojection : null;
  if (!r) return null;
  if (r.state === "proposed" && r.span)
    return h("span", { class: "chip reproj", title: "the run's word-alignment model aligned the new lines and projected the English mention again: confirm it (y) or change it" },
      "re-projected after re-pair");
  return h("span", { class: "chip noreproj", title: r.why || "" },
    r.state === "proposed" ? "re-projected: no span found (" + (r.fate || "") + ")" : "no proposal: " + (r.why || ""));
}

/* where triage put the mention and why, in words: the server says each
 * of the model's signs (correct/queue.c's table of phrases, a pack's own
 * features in their pack): it showed the model's names and figures,
 * "committee=0.25 (-0.59)" */
function triageWords(t) {
  const signs = t.signs || [];
  const said = (lowers) => signs.filter((x) => !!x.lowers === lowers).map((x) => x.words).join("; ");
  const down = said(true), up = said(false);
  return "Triage #" + ((t.rank ?? -1) + 1) + ": " + (t.said || "") + (down ? " — lowers its confidence: " + down : "") +
    (up ? (down ? "; raises it: " : " — raises its confidence: ") + up : "");
}

/* an action's kind as the toasts and the undo say it: the store's realign
 * is a re-pair, its tadd the add of a target-only mention (the history
 * said "tadd") */
function actionVerb(kind) {
  return kind === "realign" ? "re-pair" : kind === "tadd" ? "add" : kind;
}

/* an action as a banner names it: the verb and what it acted on */
function actionWords(a, m) {
  if (a.kind === "tadd") return "add " + (a.words || (a.tid !== undefined ? taddName(a.tid, m) : "a target-only mention"));
  if (a.kind === "realign") return "re-pair of the line";
  return actionVerb(a.kind) + (a.span ? " " + tokensOf(a.span, m) : "");
}

function renderMention() {
  const m = S.mention;
  if (!m) return;
  const head = clear($("mhead"));
  const t = m.triage || {};
  append(head, h("h2", {}, m.key),
    h("span", { class: "chip" }, m.type),
    h("span", { class: "chip ent", title: "its entity in the English (its longest mention's words), and how many of its mentions the scene shows" },
      entWords(m, m.cluster) + m.scene.cluster_size + (m.scene.cluster_size === 1 ? " mention" : " mentions")),
    m.scene.tgt_cluster !== undefined && m.scene.tgt_cluster !== m.cluster
      ? h("span", { class: "chip moved", title: "a relink moved it to another entity" }, "now in " + entLabel(m.scene.tgt_cluster, m)) : null,
    // the version is the server's (every action sends it); a number to read only when asked
    h("span", { class: "badge " + m.status, title: "version " + m.version + ": it changes with every action on this mention" }, m.status),
    // the pairing of its English line with subtitle lines (align/uconf.h)
    m.pairing && m.pairing.realigned
      ? h("span", { class: "chip repaired", title: "paired with other subtitle lines by a corrector: its spans wait for you" }, "re-paired")
      : m.pairing && (m.pairing.doubt || []).length
        ? h("span", { class: "chip doubt", title: "the line may be paired with the wrong subtitle lines: l shows the lines around it" },
          "pairing doubtful: " + m.pairing.doubt.join(", ")) : null,
    // re-paired: the run's model may have proposed its span in the new sentence (serve/reproject.c)
    reprojChip(m),
    h("div", { class: "why-line", title: triageWords(t) }, triageWords(t)));

  // the English utterance with the mention bracketed
  const en = m.english;
  const line = clear($("en-line"));
  if (en.speaker) line.append(h("span", { class: "spk" }, en.speaker + ":"), " ");
  const marks = en.tokens.map((w, i) => (i >= en.start && i < en.end ? "m-self" : ""));
  appendRuns(line, en.tokens, marks, true);

  // the target sentence as tokens to click
  const box = clear($("tokens"));
  box.setAttribute("dir", (S.runs.find((x) => x.run === S.run) || {}).dir || "ltr");
  box.setAttribute("lang", S.lang || "");
  // a long sentence (a TED talk's, two subtitle lines joined) in a smaller
  // type: at 22 px a German sentence of 60 words took 7 lines, 308 px, and
  // put the actions under the window's foot at 1366 x 768
  box.classList.toggle("long", !!m.target && m.target.tokens.join(" ").length > LONG_LINE);
  const now = m.current.span, silver = m.silver.span;
  const changed = JSON.stringify(now) !== JSON.stringify(silver);
  // re-paired: the projection counted the old line's tokens, not these
  const repaired = !!(m.pairing && m.pairing.realigned);
  if (!m.target) {
    box.append(h("span", { class: "muted" }, "This utterance has no target sentence: nothing can be marked."));
  } else {
    // a word (jieba's, for Chinese: the segmentation the run's rules
    // used) is one group of tokens; the text wraps as text does
    for (const [a, z] of wordRanges(m.target.tokens.length, m.target.words)) {
      const word = h("span", { class: "w" });
      for (let i = a; i < z; i++) {
        const cls = ["tok"];
        if (now && i >= now[1] && i < now[2]) cls.push("now");
        if (changed && !repaired && silver && i >= silver[1] && i < silver[2]) cls.push("silver");
        if (S.sel && i >= S.sel[0] && i < S.sel[1]) cls.push("sel");
        if (i === S.cursor) cls.push("cursor");
        // a target-only mention of the line: r relinks it alone once selected
        const only = (m.target.target_only || []).find((t) => i >= t.start && i < t.end);
        if (only) cls.push("tonly");
        const b = h("span", { class: cls.join(" "), "data-i": i, title: "token " + i + (only ? " · target-only +" + only.tid +
          (only.rule ? ", the run's (rule " + only.rule + ")" : "") +
          " (" + taddIn(only, m) + "): select it and press r to relink it alone, d to delete it" : "") }, m.target.tokens[i]);
        b.addEventListener("mousedown", (e) => { e.preventDefault(); clickToken(i, e.shiftKey); S.dragging = true; });
        b.addEventListener("mouseenter", () => { if (S.dragging) extendTo(i); });
        word.append(b);
      }
      box.append(word, " ");
    }
  }
  // the subtitle blocks the utterance was matched to, English then target
  // (a store imported before they were kept has only the target text)
  const sub = clear($("sub")), subs = m.subtitles || {};
  const subLine = (label, title, text, lang) => sub.append(h("div", { class: "sub-line" },
    h("span", { class: "sub-label", title }, label), h("span", { class: "sub-text", lang, dir: "auto" }, text)));
  if (Array.isArray(subs.en) || Array.isArray(subs.tgt)) {
    for (const [list, name, lang] of [[subs.en, "English", "en"], [subs.tgt, (S.lang || "target"), S.lang]]) {
      if (!list || !list.length) subLine(name + " sub", "no subtitle block was matched", "—", "");
      else for (const b of list) subLine(name + " #" + b.id, "subtitle block " + b.id, b.text, lang);
    }
  } else if (m.target && m.target.text) subLine("subtitle", "the target text of this utterance", m.target.text, S.lang);
  sub.hidden = !sub.firstChild;

  const facts = clear($("facts"));
  append(facts,
    h("span", {}, "fate ", h("b", {}, m.silver.fate)),
    h("span", {}, "confidence ", h("b", {}, m.silver.confidence.toFixed(2))),
    repaired && m.pairing.reprojection && m.pairing.reprojection.span
      ? h("span", { id: "reproj-fact", title: "proposed by the run's model in the new sentence" }, "re-projected after re-pair ",
        h("b", { title: spanText(m.pairing.reprojection.span) }, tokensOf(m.pairing.reprojection.span, m)),
        " (confidence " + (m.pairing.reprojection.confidence ?? 0).toFixed(2) + ")") : null,
    h("span", {}, h("span", { class: "legend-now" }, "now"), " ", h("b", { title: spanText(now) }, now ? tokensOf(now, m) : "none")),
    changed && repaired ? h("span", { title: "the projection was made on the lines the run paired it with (" + spanText(silver) + ")" }, "projected on the old lines") :
    changed ? h("span", {}, h("span", { class: "legend-silver" }, "projected"), " ", h("b", { title: spanText(silver) }, silver ? tokensOf(silver, m) : "none")) : null,
    h("span", {}, h("span", { class: "legend-sel" }, "selected"), " ", h("b", { id: "sel-text" }, selText(m))));

  renderScene(m);

  const hist = clear($("history"));
  if (!m.actions.length) hist.append(h("li", { class: "muted" }, "nothing yet"));
  if (m.actions_total > m.actions.length) hist.append(h("li", { class: "muted" }, (m.actions_total - m.actions.length) + " earlier actions not shown"));
  // a span of an action before the line's newest re-pairing counts the
  // old line's tokens: read on the new line, a split said "modify" and a
  // comma and a pronoun of the new line
  const repairedAt = m.actions.findLastIndex((a) => a.kind === "realign" && !a.undone);
  m.actions.forEach((a, i) => {
    const cls = [a.undone ? "undone" : "", a.annotator && a.annotator !== S.annotator ? "other" : ""].join(" ");
    // a target-only mention added, or moved alone (its batch named it
    // "relink +3 into cluster 5"): the server names it by its words
    const moved = a.kind === "relink" && a.tid !== undefined;
    // a relink, and a merge's move of the mention, are stored as a
    // modification naming a cluster: the history said "modify" for a
    // split, where the toast and the undo say "relink"
    const relinked = a.kind === "modify" && a.cluster !== null && a.cluster !== undefined && a.cluster >= 0;
    const merged = relinked && /^merge /.test(a.batch || "");
    // a realign is stored so (a schema's value); the page, the toast and
    // docs/serve.md call it a re-pair
    const verb = moved && a.cluster < 0 ? "delete" : merged ? "merge" : relinked && !a.batch ? "relink" : actionVerb(a.kind);
    hist.append(h("li", { class: cls },
      h("span", { class: "when", title: "the time in UTC" }, utc(a.created)), " ", h("b", {}, verb),
      a.tid !== undefined && (moved || a.kind === "tadd") ? " " + (a.words || taddName(a.tid, m)) : "",
      a.span ? " " + (i < repairedAt ? "tokens of the line before its re-pairing" : a.span[0] === (m.target || {}).sent ? tokensOf(a.span, m) : "tokens of another line") : "",
      a.cluster !== null && a.cluster !== undefined && a.cluster >= 0 ? " → " + entLabel(a.cluster, m) : "",
      a.annotator ? " by " + a.annotator : "", a.batch && !moved && !merged ? " (batch " + batchWords(a.batch, m) + ")" : "",
      a.carried ? " (carried from an earlier run)" : "", a.note ? " — “" + a.note + "”" : "",
      a.status !== "ok" ? " [" + a.status + ": " + (a.why || "") + "]" : "", a.undone ? " (undone)" : ""));
  });
  updateButtons();
  placeToast();   // the sentence may have moved under it
}

/* the scene: English lines, the mention and its cluster marked, target
 * text under each; with more above or below (the document goes on) a
 * control to widen it.  anchor: the utterance to keep where it was on
 * screen (a widened scene), else the mention's line centred */
function renderScene(m, anchor) {
  const en = m.english;
  // the scene: English lines, the mention and its cluster marked, target text under each
  // the part only where the document has more than one (m.parts is there then)
  $("scene-doc").textContent = m.doc + (m.parts ? " part " + m.part : "") + ", utterances " + (m.scene.utterances[0] || {}).utt + "–" + (m.scene.utterances.at(-1) || {}).utt;
  $("scene-count").textContent = m.scene.cluster_size + " in the English, " + (m.scene.tgt_cluster_size ?? 0) + " in the target";
  const sc = clear($("scene"));
  sc.style.paddingBottom = "";   // centreLine's room, for the scene before
  let selfLi = null;
  for (const u of m.scene.utterances) {
    const li = h("li", { class: u.utt === en.utt ? "self" : "", "data-utt": u.utt }, u.speaker ? h("span", { class: "spk" }, u.speaker + ":") : null);
    const mark = new Array(u.tokens.length).fill("");
    for (const x of u.mentions)
      for (let i = x.start; i < x.end && i < mark.length; i++) mark[i] = x.self ? "m-self" : mark[i] || "m-clu";
    li.append(" ");
    appendRuns(li, u.tokens, mark, false);
    append(li, chainMore(u.mentions_more, "English"));
    if (u.realigned) li.append(h("span", { class: "pair-note", title: "paired with other subtitle lines by a corrector" }, "re-paired"));
    else if ((u.doubt || []).length) li.append(h("span", { class: "pair-note", title: "the run's pairing with subtitle lines is doubtful" }, "⚠ " + u.doubt.join(", ")));
    if (u.target || (u.tgt_tokens || []).length) li.append(targetLine(u));
    if (u.utt === en.utt) selfLi = li;
    sc.append(li);
  }
  const first = (m.scene.utterances[0] || {}).utt ?? 0, last = (m.scene.utterances.at(-1) || {}).utt ?? 0;
  const all = m.scene.utts ?? last + 1, wide = S.context >= MAX_CONTEXT;
  // the server counts the lines beyond the scene (a unit paired n:m is one
  // line numbered by its first sentence: the numbers have gaps)
  moreButton($("scene-above"), m.scene.above ?? first, wide, "above");
  moreButton($("scene-below"), m.scene.below ?? all - 1 - last, wide, "below");
  const keep = anchor ? sc.querySelector('li[data-utt="' + anchor.utt + '"]') : null;
  if (keep) sc.scrollTop = keep.offsetTop - anchor.y;
  else if (selfLi) centreLine(sc, selfLi);
}

/* the mention's line in the middle of the scene's list (the list alone
 * scrolled), the list starting at a line's edge: centred to the pixel, its
 * top line was cut in half ("Maya: Sam , you need to..." showing its
 * lower half only) */
function centreLine(sc, li) {
  sc.style.paddingBottom = "";
  const want = li.offsetTop - sc.clientHeight / 2 + li.clientHeight / 2;
  const first = [...sc.children].find((x) => x.offsetTop + x.offsetHeight / 2 > want) || li;
  const top = Math.min(first.offsetTop, li.offsetTop);
  // near the document's end the list cannot scroll that far: stopped
  // short, mid-line, it cut its top line in half; room under the last
  // line lets it start at the line's edge
  const room = top - (sc.scrollHeight - sc.clientHeight);
  if (room > 0) sc.style.paddingBottom = Math.ceil(room) + "px";
  sc.scrollTop = top;
}

/* a window resized (the panel taller, shorter, beside the mention or
 * under it): the mention's line back in the scene's view if it left it */
function selfInView() {
  const sc = $("scene"), li = sc.querySelector("li.self");
  if (!li) return;
  const b = sc.getBoundingClientRect(), r = li.getBoundingClientRect();
  if (r.top < b.top - 1 || r.bottom > b.bottom + 1) centreLine(sc, li);
}

/* "N more lines above/below": hidden when the scene reaches the
 * document's end, or as wide as the server gives */
function moreButton(b, n, wide, where) {
  b.hidden = n <= 0 || wide;
  b.textContent = (where === "above" ? "▲ " : "▼ ") + n + (n === 1 ? " more line " : " more lines ") + where;
}

/* widen the scene by MORE_LINES either way, the line at the top of the
 * panel staying where it is */
async function moreScene() {
  const m = S.mention;
  if (!m || S.context >= MAX_CONTEXT) return;
  const sc = $("scene"), top = [...sc.children].find((li) => li.offsetTop + li.offsetHeight > sc.scrollTop);
  const anchor = top ? { utt: top.dataset.utt, y: top.offsetTop - sc.scrollTop } : null;
  const context = Math.min(MAX_CONTEXT, S.context + MORE_LINES);
  const r = await api("GET", "mention", { run: S.run, key: m.key, context });
  // the corrector moved on meanwhile: nothing to widen.  The same mention
  // drawn again (the poll saw a change) is still the one to widen: the
  // lines asked for were dropped, and ] seemed to do nothing
  const cur = S.mention;
  if (!cur || cur.key !== m.key || S.context >= context) return;
  if (r.status !== 200) {
    // the scene stays as it was (and its buttons, to try again); the
    // corrector is told why no lines came, as for every other request
    toast("No more lines: " + (r.json.message || "the server answered " + r.status) + ". The scene is as it was; press again to retry.", true);
    return;
  }
  S.context = context;
  if (r.json.version !== cur.version) {
    // someone changed the mention meanwhile: the widened scene shows it
    // as it is now, so the rest of the page must too (not the scene alone)
    const last = (r.json.actions || []).at(-1);
    setMention(r.json, true);
    banner("info", "Changed while you were looking" + (last && last.annotator ? " by " + last.annotator : "") + ": shown as it is now.");
    return;
  }
  S.mention.scene = r.json.scene;
  renderScene(S.mention, anchor);
}


function updateButtons() {
  const m = S.mention;
  const can = {
    keep: !!m, note: !!m, undo: true, next: S.index + 1 < S.page.total, prev: S.index > 0,
    modify: !!(m && m.current.span && S.sel && m.target),
    add: !!(m && !m.current.span && S.sel && m.target),
    delete: !!(m && (m.current.span || selectedTadd(m))),
    relink: !!(m && (m.current.span || selectedTadd(m))),
    merge: !!(m && m.current.span),
    realign: !!(m && m.target && m.lines && (m.lines.blocks || []).length),
    tadd: !!(m && m.target && S.sel),
  };
  for (const b of document.querySelectorAll("#actions button")) b.disabled = S.busy || !can[b.dataset.act];
}

/* --- selecting tokens ---------------------------------------------------------------- */

function paintSelection() {
  for (const b of document.querySelectorAll("#tokens .tok")) {
    const i = Number(b.dataset.i);
    b.classList.toggle("sel", !!S.sel && i >= S.sel[0] && i < S.sel[1]);
    b.classList.toggle("cursor", i === S.cursor);
  }
  const t = $("sel-text");
  if (t) { t.textContent = selText(S.mention); t.title = S.sel ? "tokens " + S.sel[0] + "–" + S.sel[1] : ""; }
  updateButtons();
}

function clickToken(i, extend) {
  if (extend && S.anchor >= 0) extendTo(i);
  else { S.anchor = i; S.sel = [i, i + 1]; S.cursor = i; paintSelection(); }
}

function extendTo(i) {
  if (S.anchor < 0) S.anchor = i;
  S.sel = [Math.min(S.anchor, i), Math.max(S.anchor, i) + 1];
  S.cursor = i;
  paintSelection();
}

function moveCursor(d, extend) {
  const m = S.mention;
  if (!m || !m.target) return;
  const n = m.target.tokens.length;
  const rtl = $("tokens").getAttribute("dir") === "rtl";
  const i = Math.max(0, Math.min(n - 1, S.cursor + (rtl ? -d : d)));
  if (extend) extendTo(i);
  else { S.cursor = i; paintSelection(); }
}

/* --- actions -------------------------------------------------------------------------- */

/* what every POST carries about its run */
function runFields(body) {
  body.run = S.run;
  if (S.oldRun === S.run) body.old_run = true;
  return body;
}

/* a POST refused because a rerun superseded the run: say so, keep the page as it is */
function refusedStale(r) {
  if (r.status !== 409 || r.json.error !== "stale run") return false;
  stale(r.json.latest);
  toast("Not saved: run " + S.run + " was replaced by run " + r.json.latest + " (see the banner).", true);
  updateButtons();
  return true;
}

/* an action, counted in S.acting until it is done: the store's answer, the
 * queue read again and the next mention opened (S.busy ends at the answer) */
async function act(action, extra) {
  S.acting++;
  try { return await actNow(action, extra); } finally { S.acting--; }
}

async function actNow(action, extra) {
  const m = S.mention;
  // a key that saves nothing says so
  if (!m) { toast("Not saved: no mention is open.", true); return; }
  if (S.busy) { toast("Not saved: the previous action is still being saved; press again.", true); return; }
  if (S.latest && S.oldRun !== S.run) { stale(S.latest); toast("Not saved: choose a run first (see the banner).", true); return; }
  // a key whose button is greyed out says why, in the corrector's terms
  // (the add key on a mention with a span said "select the tokens first")
  const why = extra && extra.tadd ? null : whyNot(action, m);   // a target-only mention's own action
  if (why) { toast("Not saved: " + why, true); return; }
  const body = runFields({ key: m.key, annotator: S.annotator, version: m.version, action, context: S.context });
  if (action === "modify" || action === "add") {
    body.span = [m.target.sent, S.sel[0], S.sel[1]];
  }
  Object.assign(body, extra || {});
  S.busy = true;
  S.acts++;
  updateButtons();
  const r = await api("POST", "edit", null, body);
  S.busy = false;
  if (refusedStale(r)) return;
  if (r.status === 200) {
    // a relink stays: its new chain is shown; a re-pairing and a target-only
    // mention too: the new line's spans are the next thing to do here
    const advance = !["note", "relink", "merge", "realign", "tadd"].includes(action) && !body.tadd;
    // a re-pairing says what the run's model proposed in the new line
    const rp = action === "realign" ? r.json.reprojection : null;
    let said = !rp ? "" : rp.state === "proposed"
      ? "; re-projected: " + rp.proposed + " of " + rp.mentions + " mentions have a proposed span to confirm"
      : "; no proposals: " + (rp.why || "");
    // a merge moved other mentions too: how many, and that one u takes all of it back
    if (action === "merge") said = "; " + r.json.moved + (r.json.moved === 1 ? " mention moved" : " mentions moved");
    if (action === "note") S.noteDraft = null;
    // every action u takes back says so (a relink, a re-pairing and a
    // target-only mention said "saved" alone, as a note does)
    toast(describe(action, body, m) + " — saved" + said + (action !== "note" ? " (u undoes)" : ""));
    setMention(r.json.mention);
    await refreshQueue();
    if (advance && S.index + 1 < S.page.total) await openAt(S.index + 1);
    return;
  }
  if (r.status === 409 && r.json.mention && (action === "merge" || body.tadd) && r.json.mention.version === m.version) {
    // the mention is as it was, an entity not: someone moved a mention into
    // it or out of it (a merge), or moved the target-only mention (a relink
    // of it); the store's reason says what to look at and do
    setMention(r.json.mention, true);
    banner("conflict", (action === "merge" ? "Not merged: " : action === "delete" ? "Not deleted: " : "Not relinked: ") + (r.json.message || "the entity changed") +
      " (it is shown as it is now).");
    refreshQueue();
    return;
  }
  if (r.status === 409 && r.json.mention) {
    const theirs = r.json.mention.actions.filter((a) => !a.undone).at(-1) || r.json.mention.actions.at(-1);
    setMention(r.json.mention, true);
    banner("conflict", "Not saved: " + (theirs && theirs.annotator ? theirs.annotator : "someone") + " changed this mention while you were looking (" +
      (theirs ? actionWords(theirs, r.json.mention) + " at " + utc(theirs.created) : "an undo") +
      "). It is shown as it is now; do your action again if it is still needed.");
    refreshQueue();
    return;
  }
  updateButtons();
  // the server's reason, after what it means for the corrector's work
  toast("Not saved: " + (r.json.message ? serverSaid(r.json.message, m) : "the server answered " + r.status) + ".", true);
}

/* a refusal of the store's in the page's words: the mention by its words
 * and line, a span of its line by its words, a target-only mention by its
 * words.  The store names them for the command line ("modify
 * s01e01c01x|15: its span is 5:4:9 already"), the only key and numbers
 * left in a toast */
function serverSaid(text, m) {
  let t = String(text || "");
  if (m && m.key) t = t.split(m.key).join(mentionName(m));
  if (m && m.target)
    t = t.replace(/\b(\d+):(\d+):(\d+)\b/g, (all, sn, a, z) => (Number(sn) === m.target.sent && Number(a) < Number(z) && Number(z) <= m.target.tokens.length
      ? "“" + tokensOf([0, Number(a), Number(z)], m) + "”" : all));
  return taddsIn(t, m);
}

/* why the mention on screen cannot take an edit now (null: it can) */
function whyNot(action, m) {
  const span = m.current.span;
  if (action !== "modify" && action !== "add" && action !== "delete") return null;
  if (!m.target) return "this English line has no target sentence: there is nothing to mark (l pairs it with subtitle lines).";
  if (action === "delete" && !span) return "this mention has no span in the target to delete.";
  if (action === "add" && span) return "this mention has a span already; select the right tokens and press m to modify it.";
  if (action === "modify" && !span) return "this mention has no span yet; select its tokens and press a to add it.";
  if (action !== "delete" && !S.sel) return "select the tokens first (click a token, shift-click the last; or ←/→ and Shift).";
  // the store refuses it (422) and said so with the key and the span's
  // numbers: said here in words, nothing sent
  if (action === "modify" && span[0] === m.target.sent && S.sel[0] === span[1] && S.sel[1] === span[2])
    return "the selection is “" + tokensOf(span, m) + "”, its span already: nothing was written (select other tokens to modify it, or keep it: Enter).";
  return null;
}

/* a stored time (ISO 8601, UTC) as the history shows it: the zone said,
 * since correctors in other zones read it as their own time */
function utc(t) { return t.replace("T", " ").replace("Z", "") + " UTC"; }

function describe(action, body, m) {
  if (action === "delete" && body.tadd) return "delete " + taddName(body.tadd, m);
  if (action === "relink" && body.tadd) return "relink " + taddName(body.tadd, m) + " → " + entLabel(body.cluster, m);
  if (action === "relink") return "relink " + mentionName(m) + " → " + entLabel(body.cluster, m);
  if (action === "realign") return "re-pair line " + m.english.utt + " with subtitle line" + (body.blocks.length > 1 ? "s #" : " #") + body.blocks.join(", #");
  // the words quoted and isolated, as everywhere else a target-only
  // mention is named (Farsi words bare in the line took "→" into their run)
  if (action === "tadd") return "target-only “\u2068" + joinTokens(m.target.tokens.slice(body.span[0], body.span[1])) + "\u2069” → " + entLabel(body.cluster, m);
  if (action === "modify" || action === "add") return action + " " + mentionName(m) + " → " + joinTokens(m.target.tokens.slice(body.span[1], body.span[2]));
  if (action === "merge") return "merge " + entLabel(m.scene.tgt_cluster, m) + " → " + entLabel(body.cluster, m);
  return action + " " + mentionName(m);
}

async function undo() {
  if (S.busy) return;
  if (S.latest && S.oldRun !== S.run) { stale(S.latest); toast("Not undone: choose a run first (see the banner).", true); return; }
  S.busy = true;
  S.acts++;
  // what the undo would take back, then that, on the version it has now
  const next = await api("GET", "undo", { run: S.run, annotator: S.annotator });
  if (next.status !== 200) { S.busy = false; toast("Nothing to undo: " + (next.status === 404 ? "you have no action left to take back in this run." : (next.json.message || "the server answered " + next.status) + "."), true); updateButtons(); return; }
  // what it takes back, as the mention had it before: its newest action of mine
  const before = S.mention && S.mention.key === next.json.key ? S.mention : null;
  // at the scene's width on screen: a refusal's reply (409) is shown as the mention is now
  const context = S.mention && S.mention.key === next.json.key ? S.context : CONTEXT;
  const r = await api("POST", "undo", null, runFields({ annotator: S.annotator, key: next.json.key, version: next.json.version, context }));
  S.busy = false;
  if (refusedStale(r)) return;
  if (r.status === 200) {
    await openKey(r.json.key);
    toast("Undone: " + undoneWords(r.json, before));
    return;
  }
  if (r.status === 409 && r.json.mention) {
    setMention(r.json.mention, true);
    // one verb: the store's and the server's reasons say who and why, never "cannot undo"
    banner("conflict", "Not undone: " + taddsIn(r.json.message, r.json.mention) + ".");
    refreshQueue();
  } else toast("Not undone: " + (r.json.message || "the server answered " + r.status) + ".", true);
  updateButtons();
}

/* what an undo took back, as the server names it (serve/api.c "said":
 * the mention by its words and line, a target-only mention by its words;
 * it said "Undone: delete +3" and "Undone: modify s01e13c02|17"), and
 * where a relink or a target-only mention had gone, from the page's view:
 * the corrector's newest live action as the mention had it before the undo
 * (`before`, when it was on screen).  Guessed from the history after, it
 * named the wrong entity once a merge was undone (a split then undone said
 * "→ “Leo”", the merge's entity, since the merge's undone entry is newer) */
function undoneWords(r, before) {
  const said = r.said || r.undone || "", m = S.mention;
  // (the server names where a relink went: " → the entity of “…” (line N)")
  if (!before || !m || m.key !== r.key || !/^(relink|add target-only) /.test(said) || said.includes(" \u2192 ")) return said;
  const last = (before.actions || []).filter((a) => !a.undone && a.annotator === S.annotator && !a.carried).at(-1);
  const tadd = said.startsWith("add ");
  if (!last || (tadd ? last.kind !== "tadd" : last.kind !== "modify") || last.cluster === null || last.cluster === undefined) return said;
  return said + " → " + entLabel(last.cluster, m);
}

/* relink: the document's entities as they are now, the mention's own left
 * out, and a new one (a number no cluster has) */
function relink() {
  const m = S.mention, t = selectedTadd(m);
  if (!m || (!m.current.span && !t)) {
    toast("Not saved: this mention has no span in the target yet; select its tokens and press a to add it, then relink it " +
      "(or select a target-only mention of the line to relink that one).", true);
    return;
  }
  // a target-only mention of the line selected: that one moves, alone
  S.relinkTadd = t;
  const sel = clear($("relink-select"));
  entityOptions(sel, m, t ? t.cluster : m.scene.tgt_cluster);
  // a target-only mention alone in its entity is what names it: "(in
  // “its words”)" named it by itself
  $("relink-what").textContent = t ? "Move the " + taddName(t.tid, m) + " (" + taddIn(t, m) + ") to" : "Move this mention to";
  openForm("relink-form", sel);
}

/* d: the target-only mention the selection is in (a corrector's, or one
 * a rule of the run made), deleted alone; else the mention's projection */
function del() {
  const t = selectedTadd(S.mention);
  if (t) act("delete", { tadd: t.tid, from: t.cluster });
  else act("delete");
}

/* the target-only mention of the line the selection is in (the one that
 * holds it), or null: r relinks it alone, d deletes it */
function selectedTadd(m) {
  if (!m || !m.target || !S.sel) return null;
  const hold = (m.target.target_only || []).filter((t) => t.start <= S.sel[0] && S.sel[1] <= t.end);
  return hold.length === 1 ? hold[0] : null;
}

/* merge: every mention of the entity on screen (its chain in the target)
 * into another entity of the document, in one step */
function merge() {
  const m = S.mention;
  if (!m || !m.current.span) { toast("Not saved: this mention has no span in the target yet; select its tokens and press a to add it, then merge it.", true); return; }
  const sel = clear($("merge-select"));
  entityOptions(sel, m, m.scene.tgt_cluster, true);
  if (!sel.options.length) { toast("Merge: the document has no other entity.", true); return; }
  const n = m.scene.tgt_cluster_size ?? 0;
  $("merge-what").textContent = "Merge this entity, " + entLabel(m.scene.tgt_cluster, m) + " (" + n + (n === 1 ? " mention" : " mentions") + " in the target),";
  openForm("merge-form", sel);
}

function closeMerge() {
  if ($("merge-form").contains(document.activeElement)) document.activeElement.blur();   // the keys are the page's again
  $("merge-form").hidden = true;
}

/* the entities of the document as a relink, a merge or a target-only
 * mention may choose them: every one (but skip, if given), the nearest
 * first (the lines between the mention and the entity's nearest mention,
 * whose words name it: a long scene has many "Leo"s), and a new one
 * (not for a merge: that would only renumber the entity) */
function entityOptions(sel, m, skip, noNew, list) {
  const near = (e) => e.near ?? Infinity;
  const ents = (list || m.scene.entities || []).slice().sort((a, b) => near(a) - near(b) || a.cluster - b.cluster);
  let top = -1;
  for (const e of m.scene.entities || []) top = Math.max(top, e.cluster);
  for (const e of ents) {
    if (e.cluster === skip) continue;
    const where = e.near === undefined ? "" : e.near === 0 ? ", this line" : ", " + e.near + (e.near === 1 ? " line" : " lines") + " away";
    sel.append(h("option", { value: e.cluster }, entName(e) + " (" + entCount(e) + where + ")"));
  }
  if (!noNew) sel.append(h("option", { value: m.scene.next_cluster ?? top + 1 }, "a new entity"));
  // the server named the scene's entities and the document's largest
  // (serve/api.c): the others are found by their words (GET entities?q=)
  const find = sel.form.querySelector(".ent-find");
  const more = (m.scene.entities_total ?? 0) - (m.scene.entities || []).length;
  if (!list) {
    find.value = "";
    find.hidden = more <= 0;
    find.placeholder = "type to find " + (more === 1 ? "1 more entity" : "the " + more + " more entities") + " by their words";
    S.entForm = { sel, skip, noNew };
  }
}

/* a form's menu open, the keys in it, the mention where it was: focus()
 * scrolled the mention's column to the menu, and a long sentence's key
 * left the window (the form stays at the foot of the view, app.css) */
function openForm(id, sel) {
  $(id).hidden = false;
  sel.focus({ preventScroll: true });
}

/* the words typed into a form's find field: the document's entities that
 * hold them, from the server, in the menu */
let findTimer = 0;
function findEntities(find) {
  clearTimeout(findTimer);
  findTimer = setTimeout(async () => {
    const m = S.mention, f = S.entForm, q = find.value.trim();
    if (!m || !f || find.hidden) return;
    let list = null;
    if (q) {
      const r = await api("GET", "entities", { run: S.run, key: m.key, q, limit: 50 });
      if (r.status !== 200 || S.mention !== m || find.value.trim() !== q) return;
      list = r.json.entities;
      rememberEnts(m.doc, list);
    }
    clear(f.sel);
    entityOptions(f.sel, m, f.skip, f.noNew, list || undefined);
    if (list && !list.filter((e) => e.cluster !== f.skip).length)
      f.sel.prepend(h("option", { value: "", disabled: true }, "no entity of the document has these words"));
    f.sel.selectedIndex = [...f.sel.options].findIndex((o) => !o.disabled);
  }, 150);
}

/* realign: the subtitle lines of the utterances around this one, those it
 * is paired with now ticked; the corrector ticks the right ones */
function realign() {
  const m = S.mention;
  if (!m || !m.target) { toast("Lines: this English line has no target sentence to re-pair.", true); return; }
  const blocks = (m.lines && m.lines.blocks) || [];
  if (!blocks.length) { toast("Lines: the run did not keep the subtitle lines (an older aligned corpus).", true); return; }
  const box = clear($("realign-blocks"));
  for (const b of blocks) {
    const cb = h("input", { type: "checkbox", value: b.id, checked: b.chosen });
    box.append(h("label", {}, cb, " #" + b.id + " ", h("span", { lang: S.lang, dir: "auto" }, b.text),
      h("span", { class: "owner" }, b.utt === m.english.utt ? "(this line's, by the run)" : "(line " + b.utt + "'s, by the run)")));
  }
  $("realign-form").hidden = false;
  // on the line it is paired with now (the first of the list was
  // another line's, and Space untied the wrong one)
  const first = box.querySelector("input:checked") || box.querySelector("input");
  if (first) first.focus();
}

function closeRealign() {
  if (document.activeElement) document.activeElement.blur();
  $("realign-form").hidden = true;
}

/* target-only: the selected tokens into an entity of the document */
function tadd() {
  const m = S.mention;
  if (!m || !m.target || !S.sel) { toast("Target-only: select the tokens in the target line first.", true); return; }
  // the selection a mention opens with is its own span: t then Enter (its
  // own entity chosen) made the same tokens a second mention of the entity
  const sp = m.current.span, same = (a, z) => S.sel[0] === a && S.sel[1] === z;
  if (sp && sp[0] === m.target.sent && same(sp[1], sp[2])) {
    toast("Not saved: the selected tokens are this mention already. A target-only mention is one the English does not have: select its tokens first.", true);
    return;
  }
  if ((m.target.target_only || []).some((t) => same(t.start, t.end))) {
    toast("Not saved: a target-only mention has these tokens already (select it and press r to move it).", true);
    return;
  }
  const sel = clear($("tadd-select"));
  entityOptions(sel, m, null);
  const own = [...sel.options].find((o) => Number(o.value) === m.scene.tgt_cluster);
  if (own) own.selected = true;
  openForm("tadd-form", sel);
}

function closeTadd() {
  if ($("tadd-form").contains(document.activeElement)) document.activeElement.blur();
  $("tadd-form").hidden = true;
}

/* every form on the mention closed, the keys the page's again */
function closeForms() {
  for (const id of ["relink-form", "merge-form", "realign-form", "tadd-form", "note-form"]) {
    const f = $(id);
    if (f.hidden) continue;
    if (f.contains(document.activeElement)) document.activeElement.blur();
    f.hidden = true;
  }
}

function closeRelink() {
  if ($("relink-form").contains(document.activeElement)) document.activeElement.blur();   // the keys are the page's again
  $("relink-form").hidden = true;
}

function note() {
  const f = $("note-form");
  f.hidden = false;
  const i = $("note-input");
  // a note refused comes back as it was written, on its mention
  i.value = S.noteDraft && S.mention && S.noteDraft.key === S.mention.key ? S.noteDraft.text : "";
  i.focus();
}

/* someone else may change the mention on screen: the poll looks now and
 * then; a change seen redraws the mention and the queue's rows (their
 * badges, words and the done count were re-read after one's own actions only) */
async function pollMention() {
  if (!S.mention || S.busy || S.opening) return;
  // an action sent while the poll waits has the last word: its refusal's
  // banner ("Not saved: bob changed this mention") said what the corrector
  // must know, and the poll's "changed" replaced it (a keep refused looked
  // like a page merely redrawn).  So has a mention opened meanwhile (j, a
  // row clicked): the poll's mention, read again after it, was drawn over
  // the one the corrector had just opened; and so has a scene widened
  // meanwhile (]: it shows the change too, and the poll's answer, of the
  // scene as wide as before, narrowed it again)
  const acts = S.acts, opens = S.opens, key = S.mention.key, context = S.context;
  const moved = () => S.acts !== acts || S.opens !== opens || S.context !== context || !S.mention || S.mention.key !== key;
  const r = await api("GET", "mention", { run: S.run, key, context: 0 });
  if (moved() || r.status !== 200 || r.json.version === S.mention.version || r.json.key !== key) return;
  const last = r.json.actions.at(-1);
  const full = await api("GET", "mention", { run: S.run, key, context });
  if (moved() || full.status !== 200) return;
  setMention(full.json, true);
  banner("info", "Changed while you were looking" + (last && last.annotator ? " by " + last.annotator : "") + ": shown as it is now.");
  await refreshQueue();
}

async function refreshQueue() {
  const q = await loadQueue({ offset: S.page.offset });
  if (q) progressFromQueue(q);
}

function progressFromQueue(q) { progress(q.done, q.all); }

function show(view) {
  S.view = view;
  $("view-mention").hidden = view !== "queue";
  $("view-overview").hidden = view !== "overview";
  $("tab-queue").classList.toggle("on", view === "queue");
  $("tab-overview").classList.toggle("on", view === "overview");
  if (view === "overview") overview();
}

/* --- keys ----------------------------------------------------------------------------- */

function onKey(e) {
  // Enter on a filter (the focus stays on a drop-down once it is used)
  // would choose in it, save nothing and say nothing: it gives the keys
  // back to the page and says that nothing was saved
  const filter = e.target.closest && e.target.closest("#filters");
  if (filter && e.key === "Escape") { e.preventDefault(); e.target.blur(); return; }
  // (the find field's Enter searches: its own handler, above the page's;
  // the toast said "Not saved" after every search)
  if (filter && e.key === "Enter" && e.target.name !== "q" && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    e.target.blur();
    toast("Not saved: the keys were on the filter. They are back on the mention: Enter keeps it.", true);
    return;
  }
  const typing = e.target.closest && e.target.closest("input, select, textarea, dialog");
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key;
  const map = {
    j: () => openAt(S.index + 1), ArrowDown: () => openAt(S.index + 1),
    k: () => openAt(S.index - 1), ArrowUp: () => openAt(S.index - 1),
    ArrowRight: () => moveCursor(1, e.shiftKey), ArrowLeft: () => moveCursor(-1, e.shiftKey),
    " ": () => clickToken(S.cursor, e.shiftKey),
    Enter: () => act("keep"), y: () => act("keep"),
    m: () => act("modify"), a: () => act("add"), d: () => del(),
    n: () => note(), u: () => undo(), r: () => relink(), e: () => merge(), "[": () => moreScene(), "]": () => moreScene(), l: () => realign(), t: () => tadd(),
    Escape: () => { S.sel = null; S.anchor = -1; paintSelection(); banner(null); },
    o: () => show("overview"), q: () => show("queue"),
    "?": () => $("help-dialog").showModal(),
  };
  const f = map[k];
  if (!f || (S.view !== "queue" && !"oq?".includes(k))) return;
  e.preventDefault();
  f();
}

async function onRunChange() {
  S.run = Number($("run").value);
  localStorage.setItem("xproj.run", S.run);
  S.lang = (S.runs.find((x) => x.run === S.run) || {}).lang || "";
  for (const n of ["doc", "fate"]) { const s = $("filters").elements[n]; while (s.options.length > 1) s.remove(1); }
  S.index = -1;
  S.latest = 0;
  runBanner(null);
  if (S.view === "overview") overview();
  await resume();
  checkRuns();
}

/* --- start ---------------------------------------------------------------------------- */

function askName() {
  return new Promise((resolve) => {
    const d = $("name-dialog");
    $("name-input").value = S.annotator;
    d.addEventListener("close", function done() {
      const v = $("name-input").value.trim();
      if (!v) { d.showModal(); return; }
      d.removeEventListener("close", done);
      resolve(v);
    });
    d.showModal();
  });
}

async function setName(v) {
  S.annotator = v;
  localStorage.setItem("xproj.annotator", v);
  $("who").textContent = v;
}

function resume() { return opening(resumeNow); }

async function resumeNow() {
  const q = await loadQueue({});
  if (!q) return;
  progressFromQueue(q);
  const at = q.position && q.found >= 0 ? q.found : 0;
  if (q.total) await openAt(at);
  else banner("info", "Nothing in the queue matches the filters.");
}

async function start() {
  document.addEventListener("keydown", onKey);
  document.addEventListener("mouseup", () => { S.dragging = false; });
  updateButtons();   // no mention yet: its actions off (the page's HTML has them on)
  for (const b of document.querySelectorAll("#actions button"))
    b.addEventListener("click", () => {
      const a = b.dataset.act;
      if (a === "next") openAt(S.index + 1);
      else if (a === "prev") openAt(S.index - 1);
      else if (a === "undo") undo();
      else if (a === "note") note();
      else if (a === "relink") relink();
      else if (a === "merge") merge();
      else if (a === "realign") realign();
      else if (a === "tadd") tadd();
      else if (a === "delete") del();
      else act(a);
    });
  $("note-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const v = $("note-input").value.trim();
    $("note-input").blur();   // the keys are the page's again
    $("note-form").hidden = true;
    // the store takes 4000 bytes: a character of many scripts is 2 or 3
    const bytes = new TextEncoder().encode(v).length;
    S.noteDraft = { key: S.mention ? S.mention.key : "", text: v };
    if (bytes > 4000) { toast("Not saved: the note is too long (" + bytes + " bytes, at most 4000); n opens it again as you wrote it, to shorten it.", true); return; }
    if (v) act("note", { note: v });
  });
  $("relink-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const c = Number($("relink-select").value), t = S.relinkTadd;
    closeRelink();
    act("relink", t ? { cluster: c, tadd: t.tid, from: t.cluster } : { cluster: c });
  });
  $("relink-select").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); $("relink-form").requestSubmit(); }
    else if (e.key === "Escape") { closeRelink(); e.stopPropagation(); }
  });
  $("merge-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const c = Number($("merge-select").value), m = S.mention;
    closeMerge();
    // the entity as the page saw it (its size, and its members where the
    // server named them): the server refuses the merge when someone moved
    // a mention into it or out of it since, even one in and one out
    if (m) {
      const body = { cluster: c, size: m.scene.tgt_cluster_size ?? 0 };
      if (Array.isArray(m.scene.tgt_cluster_members)) body.members = m.scene.tgt_cluster_members;
      else if (m.scene.tgt_cluster_members_hash) body.members_hash = m.scene.tgt_cluster_members_hash;
      act("merge", body);
    }
  });
  $("merge-select").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); $("merge-form").requestSubmit(); }
    else if (e.key === "Escape") { closeMerge(); e.stopPropagation(); }
  });
  $("scene-above").addEventListener("click", moreScene);
  $("scene-below").addEventListener("click", moreScene);
  // the toast out of the sentence's way as the page moves under it
  for (const el of [$("app"), $("main"), document.querySelector(".hist-box")]) el.addEventListener("scroll", placeToast, { passive: true });
  window.addEventListener("resize", () => { placeToast(); selfInView(); });
  $("realign-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const ids = [...$("realign-blocks").querySelectorAll("input:checked")].map((x) => Number(x.value));
    if (!ids.length) { toast("Not saved: tick at least one line.", true); return; }
    // the lines it has: the store refuses it (422), in the command line's words
    const had = ((S.mention && S.mention.lines && S.mention.lines.blocks) || []).filter((b) => b.chosen).map((b) => b.id);
    if (ids.length === had.length && ids.every((x) => had.includes(x))) {
      toast("Not saved: the line is paired with " + (ids.length === 1 ? "that subtitle line" : "those subtitle lines") + " already. Tick the right ones, or Esc.", true);
      return;
    }
    closeRealign();
    act("realign", { blocks: ids });
  });
  $("realign-form").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); $("realign-form").requestSubmit(); }
    else if (e.key === "Escape") { closeRealign(); e.stopPropagation(); }
  });
  $("tadd-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const c = Number($("tadd-select").value), m = S.mention;
    closeTadd();
    if (!m || !S.sel) { toast("Not saved: select the tokens first.", true); return; }
    act("tadd", { utt: m.english.utt, span: [S.sel[0], S.sel[1]], cluster: c });
  });
  $("tadd-select").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); $("tadd-form").requestSubmit(); }
    else if (e.key === "Escape") { closeTadd(); e.stopPropagation(); }
  });
  // a form's find field: the words typed ask the server for the
  // document's entities that hold them; arrows choose in the menu, Enter
  // sends, Esc cancels.  A letter typed on the menu starts the search
  // when the menu does not name every entity
  for (const [form, close] of [["relink-form", closeRelink], ["merge-form", closeMerge], ["tadd-form", closeTadd]]) {
    const find = $(form).querySelector(".ent-find"), sel = $(form).querySelector("select");
    find.addEventListener("input", () => findEntities(find));
    find.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); if (sel.value !== "") $(form).requestSubmit(); }
      else if (e.key === "Escape") { e.preventDefault(); close(); e.stopPropagation(); }
      else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const n = sel.options.length;
        let i = sel.selectedIndex;
        do i = Math.max(0, Math.min(n - 1, i + (e.key === "ArrowDown" ? 1 : -1)));
        while (sel.options[i] && sel.options[i].disabled && i > 0 && i < n - 1);
        sel.selectedIndex = i;
      }
    });
    sel.addEventListener("keydown", (e) => {
      if (find.hidden || e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey || e.key === " ") return;
      e.preventDefault();
      find.focus({ preventScroll: true });
      find.value += e.key;
      findEntities(find);
    });
  }
  $("note-input").addEventListener("keydown", (e) => {
    if (e.key === "Escape") { $("note-input").blur(); $("note-form").hidden = true; e.stopPropagation(); }
  });
  $("filters").addEventListener("submit", (e) => e.preventDefault());
  // Enter searches and hands the keyboard back to the queue (j, k, Enter keep)
  // Esc empties the search, and the queue is the whole queue again: the
  // field emptied by the page fired no change, and the queue stayed
  // narrowed to words no longer shown
  $("filters").elements.q.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== "Escape") return;
    e.preventDefault();
    const was = e.key === "Escape" && e.target.value !== "";
    if (e.key === "Escape") e.target.value = "";
    e.target.blur();
    if (was) e.target.dispatchEvent(new Event("change", { bubbles: true }));
  });
  $("filters").addEventListener("change", (e) => opening(async () => {
    // the keys go back to the page: Enter keeps, j moves on
    if (e.target.tagName === "SELECT") e.target.blur();
    // a filter narrows the queue: the mention on screen stays open, at its
    // place in the narrowed list, when it is in it (a type chosen and then
    // "all" again opened the queue's first mention: the place was lost); a
    // search, or a mention the filter leaves out, opens the first
    const stay = S.mention && FILTERS_STAY.includes(e.target.name) ? S.mention.key : null;
    S.index = -1;
    const q = await loadQueue(stay ? { around: stay } : { offset: 0 });
    if (!q || !q.total) return;
    if (stay && q.found >= 0 && S.mention && S.mention.key === stay) { S.index = q.found; renderQueue(); return; }
    openAt(0);
  }));
  // another page from its first row: the list kept its scroll, and the
  // next page opened at its 18th row (#68 of 51–92), the first above
  const page = (offset) => opening(async () => { if ((await loadQueue({ offset })) && !$("queue").querySelector(".cur")) $("queue").scrollTop = 0; });
  $("page-prev").addEventListener("click", () => page(Math.max(0, S.page.offset - S.page.limit)));
  $("page-next").addEventListener("click", () => { if (S.page.offset + S.page.limit < S.page.total) page(S.page.offset + S.page.limit); });
  $("tab-queue").addEventListener("click", () => show("queue"));
  $("tab-overview").addEventListener("click", () => show("overview"));
  $("help-btn").addEventListener("click", () => $("help-dialog").showModal());
  $("who").addEventListener("click", async () => { await setName(await askName()); resume(); });
  $("run").addEventListener("change", onRunChange);
  setInterval(() => { if (!document.hidden) checkRuns(); }, 5000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) checkRuns(); });
  // someone else may change the mention on screen: look now and then
  setInterval(() => { if (!document.hidden) pollMention(); }, 15000);

  const name = localStorage.getItem("xproj.annotator");
  await setName(name || (await askName()));
  if (await loadRuns()) {
    await resume();
    checkRuns();
  }
}

start();
