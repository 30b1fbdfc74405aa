"""What every browser test of the workbench shares: the checks it counts
and Debian's headless Chromium, started the same way (CHROMIUM and
CHROMEDRIVER name other binaries).  A test imports it from its own folder."""
import os
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

failures = []


def check(cond, what):
    print(("  ok    " if cond else "  FAIL  ") + what)
    if not cond:
        failures.append(what)


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
