#!/usr/bin/env python3
"""Drives `layerlint-mcp` with the official Python MCP client (mcp 2.x) and checks its
answers against the command line's own (docs/mcp.md).

    python3 .ci/mcp-client.py PATH/TO/layerlint PATH/TO/layerlint-mcp

Every check prints one line; the last line is `N passed, 0 failed` or the script exits
non-zero at the first failure, with what was expected and what came back.
"""
import asyncio
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from mcp import ClientSession, MCPError, StdioServerParameters, stdio_client

LAYERLINT = os.path.abspath(sys.argv[1])
SERVER = os.path.abspath(sys.argv[2])
REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SECRET = "SECRETLAYERNAME4711"
passed = 0


def check(condition, what, detail=""):
    global passed
    if not condition:
        print(f"FAILED: {what}\n  {detail}", flush=True)
        print(f"{passed} passed, 1 failed")
        sys.exit(1)
    passed += 1
    print(f"ok: {what}", flush=True)


def cli_json(*args, cwd):
    out = subprocess.run([LAYERLINT, *args, "--reporter", "json", "--no-config"], cwd=cwd, capture_output=True, text=True)
    return json.loads(out.stdout)


def findings_of(report):
    return sorted((g["rule"], g["line"], g["column"], g["layerPath"], g["passes"], g["passesAfterFix"])
                  for f in report["files"] for s in f["snapshots"] for g in s["findings"])


def mcp_findings(structured):
    return sorted((g["rule"], g["line"], g["column"], g["layerPath"], g["passes"], g["passesAfterFix"])
                  for g in structured["findings"])


def text_of(result):
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def make_workspace():
    """A root with copies of fixtures and a malformed dump; beside it (outside the root) a
    dump whose layer is named SECRET, reached by an absolute path, `..`, and links."""
    top = tempfile.mkdtemp(prefix="layerlint-mcp-")
    root = os.path.join(top, "root")
    os.makedirs(os.path.join(root, "fixtures"))
    for f in glob.glob(os.path.join(REPO, "fixtures", "*")):
        shutil.copy(f, os.path.join(root, "fixtures"))
    real = sorted(glob.glob(os.path.join(REPO, "Tests", "RealDumps", "*", "*.txt")))
    real = [p for p in real if not p.endswith("SOURCE.txt")]
    shutil.copy(real[0], os.path.join(root, "view.txt"))
    with open(os.path.join(root, "bad.yml"), "w") as f:
        f.write("layerlint: 1\nroot:\n  frame: [0, 0, 10\n  name: x\n")
    outside = os.path.join(top, "outside")
    os.makedirs(outside)
    secret = open(os.path.join(REPO, "fixtures", "feed-cell.yml")).read().replace("name: card", f"name: {SECRET}")
    with open(os.path.join(outside, "secret.yml"), "w") as f:
        f.write(secret)
    os.symlink(os.path.join(outside, "secret.yml"), os.path.join(root, "link.yml"))
    os.makedirs(os.path.join(root, "linked"))
    shutil.copy(os.path.join(REPO, "fixtures", "near-miss.yml"), os.path.join(root, "linked"))
    os.symlink(os.path.join(outside, "secret.yml"), os.path.join(root, "linked", "out.yml"))
    os.symlink(outside, os.path.join(root, "outlink"))
    return top, root


async def main():
    top, root = make_workspace()
    replies = []  # every reply's text and structured content, searched for SECRET at the end

    # Started from another folder: relative paths must still resolve against the root.
    params = StdioServerParameters(command=SERVER, args=["--root", root], cwd=top)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            cli_version = subprocess.run([LAYERLINT, "--version"], capture_output=True, text=True).stdout.strip()
            served = (init.server_info.name, init.server_info.version)
            check(served == ("layerlint", cli_version), "the server names itself layerlint, at the version layerlint --version prints",
                  (served, cli_version))

            async def call(name, arguments, timeout=10.0):
                result = await session.call_tool(name, arguments, read_timeout_seconds=timeout)
                replies.append(text_of(result) + json.dumps(result.structured_content))
                return result

            async def still_answers(after):
                r = await call("rules", {})
                check(not r.is_error and len(r.structured_content["rules"]) > 0, f"the server still answers after {after}")

            tools = await session.list_tools()
            names = sorted(t.name for t in tools.tools)
            check(names == ["diff", "explain", "lint", "rules"], "tools/list gives exactly lint, explain, diff, rules", names)

            # lint of a fixture: the same findings, lines and counts as `lint --reporter json`.
            cli = cli_json("lint", "fixtures/feed-cell.yml", cwd=root)
            start = time.monotonic()
            r = await call("lint", {"paths": ["fixtures/feed-cell.yml"]})
            elapsed = time.monotonic() - start
            s = r.structured_content
            check(not r.is_error, "lint of fixtures/feed-cell.yml succeeds", text_of(r))
            check(elapsed < 1.0, f"lint of a fixture answers within a second ({elapsed:.3f} s)")
            check(mcp_findings(s) == findings_of(cli), "lint: the same rules, lines, columns, layer paths and passes as the json report",
                  (mcp_findings(s), findings_of(cli)))
            for key in ("files", "layers", "findings", "passes", "passesAfterFixes", "errors"):
                check(s["summary"][key] == cli["summary"][key], f"lint summary.{key} = {cli['summary'][key]} as in the json report",
                      s["summary"])
            g = s["findings"][0]
            check(all(k in g for k in ("rule", "severity", "file", "line", "column", "layerPath", "message", "fix", "passes", "passesAfterFix"))
                  and all(k in g["fix"] for k in ("summary", "swift", "objc")), "a finding carries every documented key", g)
            check(g["file"] == "fixtures/feed-cell.yml", "a finding's file is relative to the root", g["file"])
            check(s["listed"] + s["leftOut"] == s["total"] == cli["summary"]["findings"], "listed + leftOut = total")
            check("offscreen passes per frame" in text_of(r), "the text content is a short summary", text_of(r)[:200])

            # Inline YAML: the fixture's text gives what its path gives.
            yaml_text = open(os.path.join(root, "fixtures", "feed-cell.yml")).read()
            r = await call("lint", {"dump": yaml_text})
            check(not r.is_error and mcp_findings(r.structured_content) == findings_of(cli), "an inline YAML dump lints like its file")

            # Inline recursiveDescription: the layer count the command line reads from the file.
            cli_view = cli_json("lint", "view.txt", cwd=root)
            r = await call("lint", {"dump": open(os.path.join(root, "view.txt")).read()})
            check(not r.is_error and r.structured_content["summary"]["layers"] == cli_view["summary"]["layers"] > 0,
                  f"an inline recursiveDescription lints ({cli_view['summary']['layers']} layers, as the CLI reads)",
                  text_of(r)[:300])
            r = await call("lint", {"dump": open(os.path.join(root, "view.txt")).read(), "format": "recursive-description"})
            check(not r.is_error and r.structured_content["summary"]["layers"] == cli_view["summary"]["layers"], "format recursive-description is taken")

            # The cap: a folder's findings, two listed, the rest counted.
            cli_all = cli_json("lint", "fixtures", cwd=root)
            r = await call("lint", {"paths": ["fixtures"], "maxFindings": 2})
            s = r.structured_content
            total = cli_all["summary"]["findings"]
            check(s["listed"] == 2 == len(s["findings"]) and s["leftOut"] == total - 2 and s["total"] == total == s["summary"]["findings"],
                  f"maxFindings 2 lists 2 of {total} and leaves out {total - 2}", {k: s[k] for k in ("listed", "leftOut", "total")})
            r = await call("lint", {"paths": ["fixtures"]})
            check(r.structured_content["listed"] == min(50, total), "the default cap is 50")
            r = await call("lint", {"paths": ["fixtures"], "maxFindings": 500})
            check(total <= 500 and mcp_findings(r.structured_content) == findings_of(cli_all), "a folder's findings are the json report's")
            r = await call("lint", {"paths": ["fixtures"], "maxFindings": 501})
            check(r.is_error and "maxFindings" in text_of(r), "maxFindings over 500 is a tool error", text_of(r))
            await still_answers("a refused maxFindings")
            check(any(x["rule"] for x in (await call("lint", {"paths": ["view.txt"]})).structured_content["rulesNotRun"]),
                  "rulesNotRun names the rules a recursiveDescription cannot feed, with why")

            # explain
            r = await call("explain", {"rule": "shadow-without-path"})
            s = r.structured_content
            check(not r.is_error and s["id"] == "shadow-without-path" and s["why"] and s["example"]["fix"]["swift"],
                  "explain gives what, why, the fix and an example")
            cli_explain = subprocess.run([LAYERLINT, "explain", "shadow-without-path"], capture_output=True, text=True).stdout
            check(text_of(r) == cli_explain, "explain's text is `layerlint explain`'s")
            r = await call("explain", {"rule": "shadow-without-pth"})
            check(r.is_error and "'shadow-without-path'" in text_of(r), "an unknown rule is a tool error naming the nearest id", text_of(r))
            await still_answers("an unknown rule")

            # rules
            r = await call("rules", {})
            rules = r.structured_content["rules"]
            catalog = sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(REPO, "rules", "*.yml")))
            check(sorted(x["id"] for x in rules) == catalog, "rules lists every rule of rules/*.yml", [x["id"] for x in rules])
            check(all(x["severity"] in ("error", "warning", "info") and x["cost"] for x in rules), "each rule has a default severity and a cost")

            # diff by paths: the command line's diff of the same two files.
            cli_diff = cli_json("diff", "fixtures/recipe-cell-clean.yml", "fixtures/feed-cell.yml", cwd=root)
            r = await call("diff", {"old": "fixtures/recipe-cell-clean.yml", "new": "fixtures/feed-cell.yml"})
            s = r.structured_content["summary"]
            check(not r.is_error and (s["new"], s["fixed"], s["passesBefore"], s["passesAfter"])
                  == (cli_diff["summary"]["added"], cli_diff["summary"]["removed"], cli_diff["summary"]["passesBefore"], cli_diff["summary"]["passesAfter"]),
                  "diff of two files agrees with `layerlint diff --reporter json`", (s, cli_diff["summary"]))
            # diff of inline dumps: a rule's clean example, then its triggering one.
            ex = (await call("explain", {"rule": "shadow-without-path"})).structured_content
            r = await call("diff", {"oldDump": ex["doesNotTrigger"]["dump"], "newDump": ex["example"]["dump"]})
            s = r.structured_content
            check(not r.is_error and [x["rule"] for x in s["new"]] == ["shadow-without-path"] and s["summary"]["delta"] > 0,
                  "diff of inline dumps: the new finding and the passes it adds", s["summary"])
            r = await call("diff", {"oldDump": ex["example"]["dump"], "newDump": ex["doesNotTrigger"]["dump"]})
            check([x["rule"] for x in r.structured_content["fixed"]] == ["shadow-without-path"] and r.structured_content["summary"]["delta"] < 0,
                  "diff the other way: the fixed finding and the passes saved")

            # Paths out of the root: refused, and nothing of the file in the reply.
            for path, what in ((os.path.join(top, "outside", "secret.yml"), "an absolute path"),
                               ("../outside/secret.yml", "a .. path"), ("link.yml", "a link that leads out"),
                               ("outlink/secret.yml", "a path through a linked folder")):
                r = await call("lint", {"paths": [path]})
                check(r.is_error and "root" in text_of(r) and SECRET not in text_of(r), f"{what} out of the root is a tool error", text_of(r))
                r = await call("diff", {"old": path, "new": "fixtures/feed-cell.yml"})
                check(r.is_error, f"{what} is refused by diff too")
            r = await call("lint", {"paths": ["linked"]})
            check(not r.is_error and r.structured_content["summary"]["files"] == 1,
                  "a folder walk skips a link that leads out", r.structured_content["summary"] if not r.is_error else text_of(r))
            await still_answers("refused paths")

            # A malformed dump: a tool error with the command line's file:line:column message.
            cli_bad = subprocess.run([LAYERLINT, "lint", "bad.yml", "--no-config"], cwd=root, capture_output=True, text=True).stdout
            cli_line = next(l for l in cli_bad.splitlines() if l.startswith("bad.yml:"))
            r = await call("lint", {"paths": ["bad.yml"]})
            check(r.is_error and text_of(r) == cli_line, "a malformed file is a tool error with the CLI's message", (text_of(r), cli_line))
            r = await call("lint", {"dump": open(os.path.join(root, "bad.yml")).read()})
            check(r.is_error and text_of(r) == cli_line.replace("bad.yml:", "dump:", 1), "a malformed inline dump: the same message, named dump",
                  text_of(r))
            r = await call("lint", {"paths": ["bad.yml", "fixtures/feed-cell.yml"]})
            s = r.structured_content
            check(not r.is_error and s["summary"]["errors"] == 1 and s["errors"][0]["file"] == "bad.yml" and s["summary"]["findings"] == 3,
                  "one bad file among good ones is a per-file error", s)
            await still_answers("a malformed dump")
            for args, what in (({}, "no paths nor dump"), ({"paths": ["x"], "dump": "y"}, "both paths and dump"),
                               ({"paths": ["nope.yml"]}, "a missing file"), ({"dump": "a: 1", "format": "xml"}, "an unknown format"),
                               ({"paths": ["fixtures"], "color": 1}, "an unknown argument")):
                r = await call("lint", args)
                check(r.is_error, f"{what} is a tool error", text_of(r))
            await still_answers("wrong arguments")

            # The inline cap: 16 MiB, refused within seconds.
            start = time.monotonic()
            r = await call("lint", {"dump": "#" * (17 << 20)}, timeout=60)
            elapsed = time.monotonic() - start
            check(r.is_error and "16 MiB" in text_of(r), "an inline dump over 16 MiB is a tool error", text_of(r))
            check(elapsed < 10, f"... refused in {elapsed:.2f} s")
            await still_answers("an oversized dump")

            # A message over the transport's limit (48 MiB): a JSON-RPC error that carries the
            # request's id (the client matched it to this call), within seconds.
            start = time.monotonic()
            try:
                await call("lint", {"dump": "#" * (60 << 20)}, timeout=60)
                check(False, "a 60 MiB message is refused")
            except MCPError as e:
                elapsed = time.monotonic() - start
                check(e.code == -32600 and "limit" in e.message, "a 60 MiB message is a JSON-RPC error answered to its id", e.message)
                check(elapsed < 10, f"... refused in {elapsed:.2f} s")
            await still_answers("an over-long message")
            r = await call("lint", {"paths": ["fixtures/feed-cell.yml"]})
            check(mcp_findings(r.structured_content) == findings_of(cli), "lint after every error still gives the same findings")

    # A second server whose root holds a .layerlint.yml: read as `layerlint lint` reads it
    # from its working directory, though the server starts elsewhere.
    configured = os.path.join(top, "configured")
    os.makedirs(configured)
    shutil.copy(os.path.join(REPO, "fixtures", "feed-cell.yml"), configured)
    with open(os.path.join(configured, ".layerlint.yml"), "w") as f:
        f.write("rules:\n  simple-shape-mask: off\n  shadow-without-path: { severity: error }\n")
    cli_configured = json.loads(subprocess.run([LAYERLINT, "lint", "feed-cell.yml", "--reporter", "json"], cwd=configured,
                                               capture_output=True, text=True).stdout)
    params = StdioServerParameters(command=SERVER, args=["--root", configured], cwd="/")
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            r = await session.call_tool("lint", {"paths": ["feed-cell.yml"]})
            s = r.structured_content
            check(mcp_findings(s) == findings_of(cli_configured) and s["summary"]["findings"] == cli_configured["summary"]["findings"],
                  "the root's .layerlint.yml applies as on the command line", (mcp_findings(s), findings_of(cli_configured)))
            check({g["rule"]: g["severity"] for g in s["findings"]} == {"shadow-without-path": "error"},
                  "a rule turned off is not run, a severity raised is reported raised", s["findings"])
            rules = {x["id"]: x for x in (await session.call_tool("rules", {})).structured_content["rules"]}
            check(rules["simple-shape-mask"]["enabled"] is False and rules["shadow-without-path"]["configuredSeverity"] == "error"
                  and rules["shadow-without-path"]["severity"] == "warning", "rules shows the default severity and what the configuration makes of it")

    check(not any(SECRET in x for x in replies), f"no reply of {len(replies)} holds a byte of the file outside the root")

    # A broken .layerlint.yml stops the server at start as it stops `layerlint lint`: exit
    # status 2 and the same file:line:column message on standard error.
    broken = os.path.join(top, "broken")
    os.makedirs(broken)
    with open(os.path.join(broken, ".layerlint.yml"), "w") as f:
        f.write("rules:\n  nope: [\n")
    served = subprocess.run([SERVER, "--root", broken], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
    cli_broken = subprocess.run([LAYERLINT, "lint", "."], cwd=broken, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    check(served.returncode == 2 and served.stdout == "" and served.stderr == cli_broken.stderr and ".layerlint.yml:3:1: error:" in served.stderr,
          "a broken .layerlint.yml stops the server with exit status 2 and the command line's message", (served, cli_broken.stderr))
    shutil.rmtree(top)
    print(f"{passed} passed, 0 failed")


asyncio.run(main())
