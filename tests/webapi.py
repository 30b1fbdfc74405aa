"""The workbench's HTTP API as the tests call it, shared by the CLI tests'
Python (tests/cli/serve_undo.sh) and the browser tests' harness
(tests/browser/harness.py): standard library only, so a test without
Selenium can import it.  Import it with tests/ on sys.path."""
import json
import urllib.error
import urllib.request


def call(url, method, path, body=None, timeout=60):
    """METHOD url/api/path with body (JSON, or no body): (status, reply as
    JSON), a refusal's too"""
    req = urllib.request.Request(url + "api/" + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)
