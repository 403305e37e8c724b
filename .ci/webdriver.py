"""A minimal WebDriver client for the browser checks (.ci/check-browser-clicks.py and
.ci/check-browser-fixtures.py): starts chromedriver on a free port and speaks its JSON
over HTTP, so no selenium is needed. Also the checks' shared pass/fail bookkeeping."""
import json, socket, subprocess, time, urllib.error, urllib.request

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


class Driver:
    """chromedriver on a free port; `call` waits at most `timeout` seconds per request."""

    def __init__(self, timeout):
        s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
        self.timeout = timeout
        self.base = "http://127.0.0.1:%d" % port
        self.process = subprocess.Popen(["chromedriver", "--port=%d" % port],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def call(self, method, path, body=None):
        req = urllib.request.Request(self.base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise SystemExit("WebDriver %s %s: %s" % (method, path, e.read()[:400]))

    def wait_until_ready(self):
        for _ in range(100):
            try:
                self.call("GET", "/status"); return
            except OSError:
                time.sleep(0.1)

    def stop(self):
        self.process.terminate()
        self.process.wait()
