#!/usr/bin/env python3
"""The html report of the whole fixtures folder in Chromium, driven by chromedriver
(WebDriver over HTTP, no selenium); called by .ci/browser.sh.

Usage: check-browser-fixtures.py DIR, where DIR holds fixtures.html and fixtures.json,
the html and json reports of one `layerlint lint fixtures` run. For every snapshot the
page draws, it scrolls the drawing into view, takes a screenshot and asserts from its
pixels that each layer the json report lists with passes > 0 is yellow and that each
layer with no passes is not (where no costed layer overlaps it), placing layers on the
screenshot as .ci/check-browser.py does (the layer's box in the page data, scaled to the
drawing's place on the page). The browser log and the network log are empty; a canary
page proves both would show a problem.

With --time-only REPORT.html SECONDS it instead loads REPORT.html, asserts that the
load and the first screenshot take at most SECONDS, and prints the time.
"""
import base64, json, os, sys, time

from webdriver import Driver, check, failures

from browser_pixels import inside, png, samples, yellow

driver = Driver(timeout=120)
call = driver.call


def requests_made(log):
    """URLs the page asked for, from the performance log's Network events."""
    urls = []
    for entry in log:
        m = json.loads(entry["message"])["message"]
        if m["method"] == "Network.requestWillBeSent":
            urls.append(m["params"]["request"]["url"])
    return [u for u in urls if not u.startswith(("file:", "data:", "chrome:", "about:"))]


def screenshot(s, path):
    open(path, "wb").write(base64.b64decode(call("GET", s + "/screenshot")))
    return png(path)


session = None
try:
    driver.wait_until_ready()
    session = call("POST", "/session", {"capabilities": {"alwaysMatch": {
        "browserName": "chrome", "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"},
        "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,1000", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]}}}})["sessionId"]
    s = "/session/" + session

    def js(script):
        return call("POST", s + "/execute/sync", {"script": script, "args": []})

    def logs():
        return call("POST", s + "/se/log", {"type": "browser"}), requests_made(call("POST", s + "/se/log", {"type": "performance"}))

    if sys.argv[1] == "--time-only":
        report, bound = os.path.abspath(sys.argv[2]), float(sys.argv[3])
        start = time.monotonic()
        call("POST", s + "/url", {"url": "file://" + report})   # returns after the load event
        pixel, w, h = screenshot(s, os.path.join(os.path.dirname(report), "big.png"))
        elapsed = time.monotonic() - start
        console, requests = logs()
        drawn = js("return document.querySelectorAll('.ll-drawing [data-i]').length")
        check(drawn > 0, "the page draws layers (%d)" % drawn)
        check(any(yellow(pixel(x, y)) for y in range(0, h, 3) for x in range(0, w, 3)), "yellow layers on screen")
        check(console == [] and requests == [], "no console message, no request: %s %s" % (console[:2], requests[:2]))
        check(elapsed <= bound, "loaded and drawn in %.2f s (bound %.0f s)" % (elapsed, bound))
        print("load+screenshot seconds: %.2f" % elapsed)
    else:
        DIR = sys.argv[1]
        # The logs catch what they must: a page with a script error and a request.
        canary = os.path.join(DIR, "fixtures-canary.html")
        open(canary, "w").write('<!DOCTYPE html><img src="http://layerlint-canary.invalid/x.png"><script>throw new Error("canary-error")</script>')
        call("POST", s + "/url", {"url": "file://" + canary})
        console, requests = logs()
        check(any("canary-error" in e["message"] for e in console), "the browser log shows a page's error (canary)")
        check(any("layerlint-canary" in u for u in requests), "the performance log shows a page's request (canary)")

        report = json.load(open(os.path.join(DIR, "fixtures.json")))
        call("POST", s + "/url", {"url": "file://" + os.path.join(DIR, "fixtures.html")})
        data = json.loads(js("return document.getElementById('ll-data').textContent"))
        # The page numbers snapshots in report order: every file's snapshots, in order.
        listed = [(f["path"], snap) for f in report["files"] for snap in f.get("snapshots", [])]
        check(len(listed) == len(data["snapshots"]) and len(listed) > 1,
              "the page has the json report's %d snapshots (%d)" % (len(listed), len(data["snapshots"])))
        tall = js("return Math.max.apply(null, Array.from(document.querySelectorAll('.ll-drawing')).map(function(e){return e.getBoundingClientRect().height}))")
        call("POST", s + "/window/rect", {"width": 1200, "height": int(tall) + 200})
        costed_total = plain_total = 0
        costed_listed = sum(1 for _, snap in listed for l in snap["offscreenLayers"] if l["passes"] > 0)
        for n, ((path, jsnap), page) in enumerate(zip(listed, data["snapshots"])):
            name = "%s #%d" % (path, n)
            want = {l["layerPath"] for l in jsnap["offscreenLayers"] if l["passes"] > 0}
            layers = page["layers"]
            drawn = {l["path"] for l in layers if l["passes"] > 0}
            check(want == drawn, "%s: the page paints exactly the layers the json lists with passes > 0 (%d)" % (name, len(want)))
            if not layers:
                continue
            # Top of the drawing at the top of the window; its content box on the screenshot.
            box = js("var e=document.getElementById('l%d-0').ownerSVGElement;e.scrollIntoView({block:'start'});"
                     "var r=e.getBoundingClientRect();return [r.left+e.clientLeft,r.top+e.clientTop,e.clientWidth,e.viewBox.baseVal.width]" % n)
            origin, scale = (box[0], box[1]), box[2] / box[3]
            pixel, w, h = screenshot(s, os.path.join(DIR, "fixture-%d.png" % n))
            on_screen = lambda pts: [p for p in pts if 0 <= p[0] < w and 0 <= p[1] < h]
            costed = [l for l in layers if l["passes"] > 0]
            for l in costed:
                pts = on_screen(samples(l["box"], origin, scale))
                if not pts:
                    continue   # a layer thinner than the inset, or outside the window
                share = sum(yellow(pixel(*p)) for p in pts) / len(pts)
                costed_total += 1
                check(share >= 0.6, "%s: yellow %s (%.0f%% of samples)" % (name, l["path"], share * 100))
            for l in layers:
                if l["passes"] > 0:
                    continue
                pts = on_screen([p for p in samples(l["box"], origin, scale) if not any(inside(p, c["box"], origin, scale) for c in costed)])
                if not pts:
                    continue
                plain_total += 1
                share = sum(yellow(pixel(*p)) for p in pts) / len(pts)
                if share > 0:
                    check(False, "%s: not yellow %s (%.0f%% of %d samples)" % (name, l["path"], share * 100, len(pts)))
        check(costed_total == costed_listed and plain_total > 10,
              "checked from pixels: %d of the json's %d costed layers, %d other layers" % (costed_total, costed_listed, plain_total))
        console, requests = logs()
        check(console == [], "the browser log is empty: %s" % console[:3])
        check(requests == [], "no network request: %s" % requests[:3])
finally:
    # Closing the session quits Chromium; without it a failed run would leave it behind.
    if session:
        try:
            call("DELETE", "/session/" + session)
        except (OSError, SystemExit):
            pass
    driver.stop()

print("%d failed" % len(failures) if failures else ("the 100,000-layer page passed" if sys.argv[1] == "--time-only" else "all fixture checks passed"))
sys.exit(1 if failures else 0)
