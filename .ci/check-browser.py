#!/usr/bin/env python3
"""Checks LayerLint's html and svg reports in headless Chromium (called by .ci/browser.sh).

Usage: check-browser.py DIR, where DIR holds report.html, report.json and screen.svg of
fixtures/feed-cell.yml. Asserts from screenshot pixels that the layers the JSON report
lists with passes > 0 are yellow and the others are not, that selecting a finding
(`#finding=N`) highlights its layer, that the after-fixes toggle (`#after`) changes the
drawing, that the page logs no console error, and that it requests nothing from the network.
"""
import json, os, re, subprocess, sys

from browser_pixels import inside, magenta, png, samples, yellow

DIR = sys.argv[1]
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


# The browser's own background traffic (updates, sign-in, spelling dictionaries), which
# the flags below mostly turn off; anything else in the net log came from the page.
BROWSER_HOSTS = re.compile(r"^[a-z]+://([a-z0-9.-]+\.)?(google\.com|googleapis\.com|gvt1\.com|gstatic\.com)(/|:|$)")


def chromium(url, out=None, dom=False):
    """Runs headless Chromium on url; returns (stdout, log, requests). No name resolves,
    and the net log lists every URL the page asked for."""
    netlog = os.path.join(DIR, "net.json")
    if os.path.exists(netlog):
        os.remove(netlog)
    args = [CHROMIUM, "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--no-default-browser-check", "--log-net-log=" + netlog, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--window-size=1200,1000", "--no-first-run",
            "--user-data-dir=" + os.path.join(DIR, "profile"), "--enable-logging=stderr", "--v=0",
            '--host-resolver-rules=MAP * ~NOTFOUND', "--virtual-time-budget=2000"]
    args += ["--dump-dom"] if dom else ["--screenshot=" + out]
    p = subprocess.run(args + [url], capture_output=True, text=True, timeout=120)
    urls = set(re.findall(r'"url":"([a-z]+://[^"]*)"', open(netlog, errors="replace").read())) if os.path.exists(netlog) else {"(no net log)"}
    requests = sorted(u for u in urls if not u.startswith(("file:", "data:", "chrome:", "about:")) and not BROWSER_HOSTS.match(u))
    return p.stdout, p.stderr, requests


def console_problems(log):
    """Every console message (the page logs none), CSP refusals and failed loads."""
    return [line for line in log.splitlines() if re.search(r":CONSOLE[:(]|Uncaught|Refused to|net::ERR_", line)]


def find_frame(pixel, w, h, colour, run):
    """The top-left corner of the first horizontal run of `run` pixels of `colour`."""
    for y in range(h):
        x = 0
        while x < w - run:
            if pixel(x, y) == colour and all(pixel(x + k, y) == colour for k in range(0, run, 7)):
                return x, y
            x += 1
    return None


html = open(os.path.join(DIR, "report.html"), encoding="utf-8").read()
data = json.loads(re.search(r'<script type="application/json" id="ll-data">(.*?)</script>', html, re.S).group(1))
report = json.load(open(os.path.join(DIR, "report.json")))
snap = data["snapshots"][0]
layers = snap["layers"]
listed = {l["layerPath"] for l in report["files"][0]["snapshots"][0]["offscreenLayers"] if l["passes"] > 0}
drawn_costed = {l["path"] for l in layers if l["passes"] > 0}
check(listed == drawn_costed and listed, "the page paints exactly the layers the JSON report lists with passes > 0: %s" % sorted(listed))

# The log catches what it must: a page with a script error and a network request.
canary = os.path.join(DIR, "canary.html")
open(canary, "w").write('<!DOCTYPE html><img src="http://layerlint-canary.invalid/x.png"><script>throw new Error("canary-error")</script>')
_, log, requests = chromium("file://" + canary, out=os.path.join(DIR, "canary.png"))
check(any("canary-error" in l for l in console_problems(log)), "Chromium's log shows a page's console error (canary)")
check(any("layerlint-canary" in u for u in requests), "the net log shows a page's request (canary)")


def drawing_check(shot, mode):
    pixel, w, h = png(shot)
    frame = find_frame(pixel, w, h, (0xd0, 0xd5, 0xdc), 300)   # the drawing's 1px border
    check(frame is not None, "%s: the drawing is on the screenshot" % mode)
    if frame is None:
        return None
    origin, scale = (frame[0] + 1, frame[1] + 1), 360.0 / snap_viewport_width
    return pixel, origin, scale


snap_viewport_width = float(re.search(r'viewBox="0 0 ([\d.]+) ', html).group(1))

# 1. Now: offscreen layers yellow, the others not.
shot = os.path.join(DIR, "now.png")
_, log, requests = chromium("file://" + os.path.join(DIR, "report.html"), out=shot)
check(not console_problems(log), "no console message: %s" % console_problems(log)[:3])
check(not requests, "no network request: %s" % requests[:3])
got = drawing_check(shot, "now")
if got:
    pixel, origin, scale = got
    costed = [l for l in layers if l["passes"] > 0]
    for l in costed:
        pts = samples(l["box"], origin, scale)
        share = sum(yellow(pixel(*p)) for p in pts) / max(1, len(pts))
        check(share >= 0.6, "yellow: %s (%.0f%% of samples)" % (l["path"], share * 100))
    checked = 0
    for l in layers:
        if l["passes"] > 0:
            continue
        pts = [p for p in samples(l["box"], origin, scale) if not any(inside(p, c["box"], origin, scale) for c in costed)]
        if not pts:
            continue
        checked += 1
        share = sum(yellow(pixel(*p)) for p in pts) / len(pts)
        check(share == 0, "not yellow: %s (%.0f%% of %d samples)" % (l["path"], share * 100, len(pts)))
    check(checked > 0, "some layer without passes was checked (%d)" % checked)
    now_pixel = pixel

# 2. Selecting a finding highlights its layer (and only after it is selected).
finding = snap["findings"][0]
item = layers[finding["item"]]
shot = os.path.join(DIR, "selected.png")
_, log, _ = chromium("file://" + os.path.join(DIR, "report.html") + "#finding=0", out=shot)
check(not console_problems(log), "selected: no console error")
got = drawing_check(shot, "selected")
if got:
    pixel, origin, scale = got
    pts = samples(item["box"], origin, scale)
    before = sum(magenta(now_pixel(*p)) for p in pts) / len(pts)
    after = sum(magenta(pixel(*p)) for p in pts) / len(pts)
    check(before <= 0.02 and after >= 0.6, "finding 0 highlights %s (%.1f%% → %.1f%%)" % (item["path"], before * 100, after * 100))
dom, _, _ = chromium("file://" + os.path.join(DIR, "report.html") + "#finding=0", dom=True)
m = re.search(r'<rect id="l0-%d"[^>]*class="([^"]*)"' % finding["item"], dom)
check(m is not None and "hl" in m.group(1).split(), "the DOM marks the finding's layer highlighted")
check('class="sel"' in dom or re.search(r'id="f0"[^>]*class="[^"]*\bsel\b', dom) is not None, "the finding is marked selected")

# 3. The after-fixes toggle changes the drawing: layers with no passes left lose the tint.
shot = os.path.join(DIR, "after.png")
_, log, _ = chromium("file://" + os.path.join(DIR, "report.html") + "#after", out=shot)
check(not console_problems(log), "after: no console error")
got = drawing_check(shot, "after")
if got:
    pixel, origin, scale = got
    for l in layers:
        pts = samples(l["box"], origin, scale)
        if not pts or l["passes"] == 0:
            continue
        share = sum(yellow(pixel(*p)) for p in pts) / len(pts)
        want = l["after"] > 0
        check((share >= 0.6) if want else (share == 0), "after fixes: %s %s" % (l["path"], "yellow" if want else "not yellow"))
dom, _, _ = chromium("file://" + os.path.join(DIR, "report.html") + "#after", dom=True)
check(re.search(r'<body class="[^"]*\bafter\b', dom) is not None, "the toggle puts the page in after-fixes mode")

# 4. The svg report renders, with the same layers yellow.
shot = os.path.join(DIR, "svg.png")
_, log, _ = chromium("file://" + os.path.join(DIR, "screen.svg"), out=shot)
check(not console_problems(log), "svg: no console error")
pixel, w, h = png(shot)
for l in layers:
    pts = [p for p in samples(l["box"], (0, 0), 1.0) if p[0] < w and p[1] < h]
    if l["passes"] > 0 and pts:
        share = sum(yellow(pixel(*p)) for p in pts) / len(pts)
        check(share >= 0.6, "svg: yellow %s" % l["path"])

# 5. The diff: both sides drawn next to each other, the fixed finding's layer outlined green.
shot = os.path.join(DIR, "diff.png")
_, log, requests = chromium("file://" + os.path.join(DIR, "diff.html"), out=shot)
check(not console_problems(log) and not requests, "diff: no console message, no request")
dom, _, _ = chromium("file://" + os.path.join(DIR, "diff.html"), dom=True)
check(dom.count('class="ll-drawing"') == 4, "diff: two snapshots, each drawn before and after (%d drawings)" % dom.count('class="ll-drawing"'))
check(re.search(r'<rect id="l0-\d+" data-i="\d+" class="[^"]*\bm-fixed\b', dom) is not None, "diff: the fixed finding's layer is marked on the old side")
pixel, w, h = png(shot)
green = sum(1 for y in range(0, h, 2) for x in range(0, w, 2) if abs(pixel(x, y)[0] - 0x1e) < 30 and abs(pixel(x, y)[1] - 0x8e) < 30 and abs(pixel(x, y)[2] - 0x3e) < 30)
check(green > 100, "diff: the fixed layer's green outline is on screen (%d samples)" % green)

print("%d failed" % len(failures) if failures else "all browser checks passed")
sys.exit(1 if failures else 0)
