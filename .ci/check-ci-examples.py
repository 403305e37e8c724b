#!/usr/bin/env python3
"""Runs the CI examples of docs/ci.md as far as this machine allows.

A sample repository is made from the fixtures (Snapshots/, a baseline that misses one
finding, and a base branch where one finding is not there yet). Then every `layerlint`
command of the GitHub workflow, the GitLab job and the reviewdog script runs there
exactly as written, and what they write is checked: SARIF against the official 2.1.0
schema, JUnit XML, workflow commands, reviewdog's rdjsonl, and the markdown. The
Dangerfile is compiled against a stand-in for Danger's four functions and run on the
real diff JSON.
"""
import json, os, re, shlex, shutil, subprocess, sys, tempfile
import xml.etree.ElementTree as ET
import yaml, jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build", "debug")
env = dict(os.environ, PATH=BIN + os.pathsep + os.environ["PATH"])

def sh(cmd, cwd, allowed=(0, 1)):
    r = subprocess.run(cmd, cwd=cwd, shell=True, env=env, capture_output=True, text=True)
    if r.returncode not in allowed:
        sys.exit(f"`{cmd}` exited {r.returncode}\n{r.stdout}\n{r.stderr}")
    return r

def layerlint_lines(script):
    """The lines of a shell script that run layerlint (continuations joined)."""
    return [l.strip() for l in script.replace("\\\n", " ").splitlines() if l.strip().startswith("layerlint ")]

work = tempfile.mkdtemp(prefix="layerlint-ci-")
repo, base = os.path.join(work, "repo"), os.path.join(work, "base")
shutil.copytree(os.path.join(ROOT, "fixtures"), os.path.join(repo, "Snapshots"), ignore=shutil.ignore_patterns("*.md"))
shutil.copytree(os.path.join(ROOT, "fixtures"), os.path.join(base, "Snapshots"), ignore=shutil.ignore_patterns("*.md"))
# The pull request adds a shadow without a path to the settings row's chevron.
row = os.path.join(repo, "Snapshots", "settings-row.yml")
text = open(row).read()
assert "      frame: [335, 19.5, 8, 13]\n" in text
text = text.replace("      frame: [335, 19.5, 8, 13]\n", "      frame: [335, 19.5, 8, 13]\n      shadowOpacity: 0.3\n      shadowRadius: 6\n", 1)
open(row, "w").write(text)
# The team's baseline was written before the change.
sh("layerlint lint ../base/Snapshots --write-baseline .layerlint-baseline.yml > /dev/null", repo, allowed=(0,))
baseline = open(os.path.join(repo, ".layerlint-baseline.yml")).read().replace('"../base/Snapshots/', '"Snapshots/')
open(os.path.join(repo, ".layerlint-baseline.yml"), "w").write(baseline)

variables = {"$RUNNER_TEMP": work, '"$RUNNER_TEMP/base/Snapshots"': os.path.join(base, "Snapshots"), "$BASE": base}
def expand(cmd):
    for k in sorted(variables, key=len, reverse=True):
        cmd = cmd.replace(k, variables[k])
    return cmd

ran = []
github = yaml.safe_load(open(os.path.join(ROOT, "docs/ci/github-workflow.yml")))
for job in github["jobs"].values():
    for step in job["steps"]:
        for line in layerlint_lines(step.get("run", "")):
            ran.append(("github", sh(expand(line), repo)))
gitlab = yaml.safe_load(open(os.path.join(ROOT, "docs/ci/gitlab-ci.yml")))
for line in layerlint_lines("\n".join(gitlab["layerlint"]["script"])):
    ran.append(("gitlab", sh(expand(line), repo)))
for line in layerlint_lines(open(os.path.join(ROOT, "docs/ci/reviewdog.sh")).read()):
    ran.append(("reviewdog", sh(expand(line.split(" || ")[0]), repo)))
assert len(ran) == 5, f"expected 5 layerlint commands in the examples, ran {len(ran)}"

# The baseline hides the known findings: only the new shadow is reported, and it fails.
lint = ran[0][1]
assert lint.returncode == 1, lint.stdout
annotations = [l for l in lint.stdout.splitlines() if l.startswith("::")]
assert annotations and all(re.match(r"^::(error|warning|notice)( [a-z]+=[^,:]*(,[a-z]+=[^,:]*)*)?::", l) for l in annotations), annotations
assert any("settings-row.yml" in l and "shadow-without-path" in l for l in annotations), annotations

schema = json.load(open(os.path.join(ROOT, "..", "shared", "sarif", "sarif-2.1.0.schema.json")))
sarif = json.load(open(os.path.join(repo, "layerlint.sarif")))
jsonschema.validate(sarif, schema)
results = sarif["runs"][0]["results"]
assert [r["ruleId"] for r in results] == ["shadow-without-path"], results
assert results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "Snapshots/settings-row.yml"
assert os.path.getsize(os.path.join(repo, "layerlint.md")) > 0

junit = ET.parse(os.path.join(repo, "layerlint-junit.xml")).getroot()
assert junit.tag == "testsuites" and int(junit.get("failures")) == 1, ET.tostring(junit)[:400]
gl = json.load(open(os.path.join(repo, "layerlint.json")))
assert gl["summary"]["findings"] == 1, gl["summary"]
quality = json.load(open(os.path.join(repo, "gl-code-quality-report.json")))
jsonschema.validate(quality, json.load(open(os.path.join(ROOT, "schema", "gitlab-code-quality.schema.json"))))
assert [(i["check_name"], i["location"]["path"]) for i in quality] == [("shadow-without-path", "Snapshots/settings-row.yml")], quality

diff = ran[1][1]
assert diff.returncode == 1, diff.stdout + diff.stderr
assert "settings-row.yml" in diff.stdout and "shadow-without-path" in diff.stdout, diff.stdout
assert "shadow" in open(os.path.join(repo, "layerlint-diff.md")).read()

for name in ("layerlint.rdjsonl", "layerlint-diff.rdjsonl"):
    lines = open(os.path.join(repo, name)).read().splitlines()
    assert lines, name
    for l in lines:
        d = json.loads(l)
        assert d["message"] and d["location"]["path"] and d["location"]["range"]["start"]["line"] >= 1, d
        assert d["severity"] in ("ERROR", "WARNING", "INFO"), d
        assert d["code"]["value"], d

# Danger: the Dangerfile against a stand-in for the four functions it calls.
sh(f"layerlint diff {base}/Snapshots Snapshots --reporter json:layerlint-diff.json", repo)
danger = os.path.join(work, "danger")
os.makedirs(danger)
body = open(os.path.join(ROOT, "docs/ci/Dangerfile.swift")).read().replace("import Danger\n", "")
open(os.path.join(danger, "main.swift"), "w").write(body)
open(os.path.join(danger, "Danger.swift"), "w").write('''
func warn(_ text: String) { print("warn: \\(text)") }
func warn(message: String, file: String, line: Int) { print("warn \\(file):\\(line): \\(message)") }
func fail(message: String, file: String, line: Int) { print("fail \\(file):\\(line): \\(message)") }
func message(_ text: String) { print("message: \\(text)") }
func markdown(_ text: String) { print("markdown: \\(text)") }
''')
sh(f"swiftc -o {danger}/dangerfile {danger}/Danger.swift {danger}/main.swift", danger, allowed=(0,))
out = sh(f"{danger}/dangerfile", repo, allowed=(0,)).stdout
warns = [l for l in out.splitlines() if l.startswith("warn ")]
assert len(warns) == 1 and warns[0].startswith("warn Snapshots/settings-row.yml:"), out
assert "| settings-row.yml |" in out, out
shutil.rmtree(work)
print("ci examples ok: 5 commands ran; SARIF valid against the 2.1.0 schema; GitLab Code Quality valid against its schema; JUnit, annotations, rdjsonl and the Dangerfile checked")
