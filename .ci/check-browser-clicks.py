#!/usr/bin/env python3
"""Clicks through LayerLint's html report with chromedriver (WebDriver over HTTP, no
selenium needed); called by .ci/browser.sh when chromium-driver is installed.

Usage: check-browser-clicks.py REPORT.html [FRAME-RATE-REPORT.html]. Clicking the second
finding highlights its layer and shows its message; clicking a layer in the drawing shows
its properties; clicking the toggle switches to the after-fixes drawing and back; the
browser log has no entry. In the second report, a frame-rate finding's panel shows its
frames per second, not "0 passes now, 0 after".
"""
import json, os, sys

from webdriver import Driver, check, failures

REPORT = os.path.abspath(sys.argv[1])
driver = Driver(timeout=60)
call = driver.call

try:
    driver.wait_until_ready()
    session = call("POST", "/session", {"capabilities": {"alwaysMatch": {
        "browserName": "chrome", "goog:loggingPrefs": {"browser": "ALL"},
        "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,1000",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--disable-background-networking"]}}}})["sessionId"]
    s = "/session/" + session
    call("POST", s + "/url", {"url": "file://" + REPORT})

    def element(css):
        return list(call("POST", s + "/element", {"using": "css selector", "value": css}).values())[0]

    def click(css):
        call("POST", s + "/element/%s/click" % element(css), {})

    def js(script):
        return call("POST", s + "/execute/sync", {"script": script, "args": []})

    data = json.loads(js("return document.getElementById('ll-data').textContent"))
    finding = data["snapshots"][0]["findings"][1]
    target = "l0-%d" % finding["item"]
    check("hl" not in js("return document.getElementById('%s').getAttribute('class')" % target).split(), "no layer highlighted at first")
    click("#f1")
    check("hl" in js("return document.getElementById('%s').getAttribute('class')" % target).split(), "clicking finding 1 highlights its layer")
    detail = js("return document.getElementById('d0').textContent")
    check(data["strings"][finding["message"]] in detail and finding["path"] in detail, "clicking finding 1 shows its message and layer path")

    # The last layer drawn is on top of the others at its centre.
    last = len(data["snapshots"][0]["layers"]) - 1
    click("#l0-%d" % last)
    detail = js("return document.getElementById('d0').textContent")
    check(data["snapshots"][0]["layers"][last]["path"] in detail and "Class" in detail, "clicking a layer shows its properties")

    fill = "return getComputedStyle(document.getElementById('%s')).fill" % target
    before = js(fill)
    click("#toggle")
    check("after" in js("return document.body.className").split() and js(fill) != before,
          "the toggle draws the tree after fixes (fill %s → %s)" % (before, js(fill)))
    click("#toggle")
    check(js(fill) == before, "the toggle switches back")

    log = call("POST", s + "/se/log", {"type": "browser"})
    check(log == [], "the browser log is empty: %s" % log[:3])

    if len(sys.argv) > 2:
        call("POST", s + "/url", {"url": "file://" + os.path.abspath(sys.argv[2])})
        data = json.loads(js("return document.getElementById('ll-data').textContent"))
        rates = [f for snapshot in data["snapshots"] for f in snapshot["findings"] if "fps" in f]
        check(rates != [], "the frame-rate report has frame-rate findings")
        if rates:
            f = rates[0]
            click("#f%d" % f["n"])
            detail = js("return document.getElementById('d%d').textContent" %
                        next(k for k, snapshot in enumerate(data["snapshots"]) if f in snapshot["findings"]))
            check("Frame rate" in detail and "%s frames per second now, %s after this fix" % (f["fps"], f["fpsAfter"]) in detail
                  and "Passes" not in detail, "a frame-rate finding shows its frames per second: %r" % detail[:300])
    call("DELETE", s)
finally:
    driver.stop()

print("%d failed" % len(failures) if failures else "all click checks passed")
sys.exit(1 if failures else 0)
