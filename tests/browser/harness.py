"""What every browser test of the workbench shares: the checks it counts,
Debian's headless Chromium, started the same way (CHROMIUM and
CHROMEDRIVER name other binaries), and a Page of the workbench with what
every test does on it (read an element's text, wait for a condition, press
keys, save a screenshot, ask the API).  A test imports it from its own
folder."""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import webapi  # noqa: E402  (tests/webapi.py: the API calls the CLI tests make too)

failures = []

# every wait's limit times XP_SLOWDOWN (as tests/cli/lib's limit()): a
# machine loaded by the suites run side by side, or a sanitised build
# (`make check SAN=1` sets 4), answers later, not wrongly
SLOW = max(1, int(os.environ.get("XP_SLOWDOWN") or 1))

# the page has nothing under way: no action (from its key to the next
# mention opened: S.busy ends when the store answers, before the queue is
# read again and the next mention opened), no mention or queue page opening
SETTLED = "return !S.busy && !S.acting && !S.opening"

# (a script for execute_script(HOLD_MENTION, KEY)) the page's first fetch of
# KEY's mention with its scene (context not 0: an opening's, or the poll's
# second, after its first saw a change) held until window.__release()
# (window.__held: it was asked for); window.fetch = window.__f0 ends it
HOLD_MENTION = """const key = arguments[0];
window.__f0 = window.__f0 || window.fetch;
window.__held = false;
window.fetch = function (u, o) {
  const url = new URL(String(u), location.href), p = url.searchParams;
  if (url.pathname.endsWith('/api/mention') && p.get('key') === key && p.get('context') !== '0' && !window.__held) {
    window.__held = true;
    const args = arguments;
    return new Promise((res) => { window.__release = res; }).then(() => window.__f0.apply(window, args));
  }
  return window.__f0.apply(window, arguments);
};"""


# what the store and the model name things by, never a corrector's words
# (h-wbwords): a confidence feature's "name=value" ("committee=0.25",
# "fa_last_word=-3.25"), an action's stored kind ("tadd", "realign")
RAW_FEATURE = re.compile(r"\b[a-z][a-z0-9_]*=[-+]?\d")
RAW_KIND = re.compile(r"\b(tadd|tdel|realign)\b")


def raw_names(text):
    """the raw feature values and action kinds text holds (none: [])"""
    return sorted(set(m.group() for r in (RAW_FEATURE, RAW_KIND) for m in r.finditer(text or "")))


def check(cond, what):
    print(("  ok    " if cond else "  FAIL  ") + what)
    if not cond:
        failures.append(what)


def finish():
    """the test's last words: how many checks failed, as its exit status"""
    print("%d failed" % len(failures))
    sys.exit(1 if failures else 0)


def browser():
    """a headless Chromium of its own profile, 1360 x 900, browser log kept"""
    o = Options()
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
              "--user-data-dir=" + tempfile.mkdtemp(prefix="xproj-chromium-"), "--window-size=1360,900",
              "--lang=en-US"]:
        o.add_argument(a)
    o.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=o)


class Page:
    """the workbench served at url in a browser() of its own; screenshots go to shots"""

    def __init__(self, url, shots, secs=10):
        self.url, self.shots = url, shots
        os.makedirs(shots, exist_ok=True)
        self.d = browser()
        self.wait = WebDriverWait(self.d, secs * SLOW)

    def api(self, path):
        """GET url/api/path, as JSON"""
        with urllib.request.urlopen(self.url + "api/" + path, timeout=10) as r:
            return json.load(r)

    def post(self, path, body):
        """POST body (JSON) to url/api/path, as another corrector would:
        (status, reply as JSON), a refusal too"""
        return webapi.call(self.url, "POST", path, body, timeout=10)

    def mention(self, key, run=None):
        """the API's mention (of run, else the page's default)"""
        return self.api("mention?" + ("run=%d&" % run if run else "") + "key=" + urllib.parse.quote(key))

    def named(self, key, run=None):
        """mention KEY as the page names it in a toast (and the server in an
        undo's words): its English words, its line and speaker, "“my" (line
        6, Sam)" """
        en = self.mention(key, run)["english"]
        return "“%s” (line %d%s)" % (" ".join(en["tokens"][en["start"]:en["end"]]), en["utt"],
                                     ", " + en["speaker"] if en.get("speaker") else "")

    def text(self, css):
        """the first element's text; "" while it is missing or being replaced.
        The toast's words whether or not its timer has hidden it yet: the
        timer (2.5 s) runs from when the page says them, before an action's
        next mention is opened, and a wait for the words and the page
        settled outlasted it on a loaded machine (demo.py's "m modifies
        it" timed out with the modify saved).  Whether the toast is shown
        is shown("#toast") (or is_displayed), which the checks of its
        place ask; a test that means a new toast empties it first."""
        if css == "#toast":
            return self.d.execute_script("var t = document.getElementById('toast'); return t ? t.textContent : ''")
        try:
            els = self.d.find_elements(By.CSS_SELECTOR, css)
            return els[0].text if els else ""
        except StaleElementReferenceException:
            return ""

    def wait_for(self, cond, what, secs=None):
        """True once cond() holds; else a failed check "what (timed out)" and False"""
        try:
            (WebDriverWait(self.d, secs * SLOW) if secs else self.wait).until(lambda _: cond())
            return True
        except TimeoutException:
            check(False, what + " (timed out)")
            return False

    def current(self):
        """the key of the mention shown"""
        return self.text("#mhead h2")

    def press(self, *keys):
        ActionChains(self.d).send_keys(*keys).perform()

    def shot(self, name):
        self.d.save_screenshot(os.path.join(self.shots, name))

    def sign_in(self, name, what="name asked"):
        """open the page as a new corrector: it asks the name, name is typed"""
        self.d.get(self.url)
        self.wait_for(lambda: self.d.find_element(By.ID, "name-dialog").get_attribute("open") is not None, what)
        self.d.find_element(By.ID, "name-input").send_keys(name, Keys.ENTER)

    def idle(self):
        """a mention shown and nothing on its way (SETTLED): "idle" while an
        action's answer was in but the next mention not yet opened let a
        check read the mention kept as the one moved on to"""
        return self.current() and self.settled()

    def settled(self):
        """nothing under way on the page (SETTLED), a mention shown or not"""
        return self.d.execute_script(SETTLED)

    def hold_poll(self):
        """the page's 15-second poll of the mention on screen held (a test
        that changes the store under the page calls heldPoll() itself, when
        it means to): a poll between another corrector's change and the
        page's next key redraws the mention, and the key acts on what the
        other left, not on what the test set up"""
        self.d.execute_script("if (!window.heldPoll) { window.heldPoll = pollMention; window.pollMention = async () => {}; }")

    def release_poll(self):
        self.d.execute_script("if (window.heldPoll) { window.pollMention = window.heldPoll; window.heldPoll = null; }")

    def hold_toast(self):
        """the toast shown now stays until the next (its 2.5 s, 6 s for a
        refusal, can run out between a wait for it and the checks that read
        it on a loaded machine, screenshots between); release_toast() lets
        it go"""
        self.d.execute_script("clearTimeout(toastTimer)")

    def fresh_toast(self):
        """no toast: the next one said is the only words text("#toast") reads"""
        self.d.execute_script("var t = document.getElementById('toast'); t.textContent = ''; t.hidden = true")

    def hold_toasts(self):
        """every toast said from now on stays until the next, or until
        release_toasts(): for a check of where toasts are while they show"""
        self.d.execute_script("if (!window.heldToast) { window.heldToast = toast;"
                              " window.toast = function () { heldToast.apply(this, arguments); clearTimeout(toastTimer); }; }")

    def release_toasts(self):
        self.d.execute_script("if (window.heldToast) { window.toast = window.heldToast; window.heldToast = null; }")
        self.release_toast()

    def release_toast(self):
        self.d.execute_script("var t = document.getElementById('toast'); toastTimer = setTimeout(() => { t.hidden = true; }, 500)")

    def size(self, w, h, zoom=1.0):
        """a viewport of w x h px as the window's user sees it: at zoom 1.5 the
        page lays out w/1.5 x h/1.5 CSS px, as the browser's zoom does"""
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": int(w / zoom), "height": int(h / zoom), "deviceScaleFactor": zoom, "mobile": False})
        time.sleep(0.4)

    def shown(self, css):
        """the first element of css is laid out (not display: none)"""
        return self.d.execute_script("var e = document.querySelector(arguments[0]);"
                                     "return !!e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0", css)

    def rect(self, css):
        """the first element's box in the window (None: there is none)"""
        return self.d.execute_script("var e = document.querySelector(arguments[0]); if (!e) return null;"
                                     "var r = e.getBoundingClientRect();"
                                     "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height, width: r.width}", css)

    def open_key(self, key):
        """the page opens the mention KEY (as a click on its row)"""
        self.d.execute_script("openKey(arguments[0])", key)
        return self.wait_for(lambda: self.current() == key and self.idle(), "open %s" % key)

    def split_off(self, key):
        """the mention KEY split off into a new entity as a corrector does
        it: r, End (a new entity), Enter; once its toast is shown"""
        self.open_key(key)
        self.press("r")
        self.wait_for(lambda: self.shown("#relink-form"), "r opens the relink form")
        self.press(Keys.END)
        self.press(Keys.ENTER)
        self.wait_for(lambda: self.text("#toast").startswith("relink") and self.idle(), "Enter splits it off")

    def read(self, css):
        """what a corrector reads in css: its text and every tooltip under it"""
        return self.d.execute_script("var e = document.querySelector(arguments[0]); if (!e) return '';"
                                     "return [e.innerText, ...[e, ...e.querySelectorAll('[title]')].map((x) => x.title || '')]"
                                     ".join('\\n')", css)

    def console_clean(self, *ignore):
        """a check that the browser logged no error since the last call,
        but those whose message holds one of ignore"""
        errors = [l["message"] for l in self.d.get_log("browser")
                  if l["level"] == "SEVERE" and not any(i in l["message"] for i in ignore)]
        check(not errors, "no errors in the browser console: %s" % errors)

    def stopped(self, e, what, name):
        """a walk that raised e (a step that could not even be tried is a
        failure too): the traceback, a failed check, a screenshot `name`"""
        traceback.print_exc()
        check(False, "%s stopped: %s" % (what, type(e).__name__))
        self.shot(name)

    def walk(self, walks, prefix):
        """run each (name, function) of walks; one walk's failure does not
        hide the others': a walk that raises is stopped() with the
        screenshot PREFIX-NAME-stopped.png"""
        for name, f in walks:
            try:
                f()
            except Exception as e:
                self.stopped(e, name, "%s-%s-stopped.png" % (prefix, name.replace(" ", "-")))


def fixed_ports():
    """the ports a test's server may take and keep: those below the kernel's
    ephemeral range (net.ipv4.ip_local_port_range, 32768 by default), which
    no `--port 0` server of another suite and no outgoing connection is
    ever given; empty when the range leaves too few (then --port 0)"""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            low = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    return range(10000, low) if low - 10000 >= 1000 else range(0)


class Server:
    """xproj serve DB on a port of its own, stopped and started again on it.

    A page open across a restart must find its server again where it left
    it: the same origin (its fetches, its localStorage), not a reloaded
    page, is what papercuts.py's and polish.py's restarts check.  So the
    port is kept, and chosen so that nothing else takes it meanwhile: a
    free one below the ephemeral range (fixed_ports()), where the other
    suites' servers (--port 0) and the browser's connections never land;
    another such port is tried if it is taken at the first start.  A
    restart whose port is held all the same (another program asking for
    it by number) is tried again for RESTART_SECS, then fails saying so."""

    TRIES = 20           # ports tried at the first start
    RESTART_SECS = 10    # a restart's port retried for this long

    def __init__(self, xproj, db):
        self.xproj, self.db, self.p = xproj, db, None
        ports = fixed_ports()
        for port in random.sample(ports, min(self.TRIES, len(ports))) if ports else ["0"]:
            self.port = str(port)
            if self.launch():
                return
        raise RuntimeError("xproj serve: none of %d ports below %d could be listened on: %s"
                           % (self.TRIES, ports.stop, self.said))

    def launch(self):
        """xproj serve on self.port: True once it listens; False when the
        port is taken (self.said: its words); raises on any other failure"""
        self.p = subprocess.Popen([self.xproj, "serve", self.db, "--port", self.port], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
        self.said = self.p.stdout.readline()
        url = re.search(r"http://\S+", self.said)
        if not url:
            self.p.wait()
            if "cannot listen" in self.said:
                return False
            raise RuntimeError("xproj serve said: " + self.said)
        self.url = url.group(0)
        self.port = self.url.rstrip("/").rsplit(":", 1)[1]
        return True

    def start(self):
        """started again after stop(), on the same port (the page's origin)"""
        end = time.time() + self.RESTART_SECS
        while not self.launch():
            if time.time() > end:
                raise RuntimeError("xproj serve: port %s is taken by another program after a restart (the page"
                                   " open on it must find its server there): %s" % (self.port, self.said.strip()))
            time.sleep(0.5)

    def stop(self):
        self.p.terminate()
        self.p.wait()
