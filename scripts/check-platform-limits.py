#!/usr/bin/env python3
"""Checks the reports of one `layerlint lint` run against the limits of where they are
posted (docs/reporters.md, "Within the platforms' limits").

    check-platform-limits.py PREFIX

reads PREFIX.json, PREFIX.sarif, PREFIX.github, PREFIX.md and PREFIX.gitlab.json, as
written by `layerlint lint … --reporter json:PREFIX.json --reporter sarif:PREFIX.sarif
--reporter github:PREFIX.github --reporter markdown:PREFIX.md --reporter
gitlab:PREFIX.gitlab.json`, and prints what it measured.
"""
import gzip, json, os, re, sys
import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
prefix = sys.argv[1]

report = json.load(open(prefix + ".json"))
findings = [(f["passes"], {"error": 2, "warning": 1, "info": 0}[f["severity"]])
            for file in report["files"] for s in file.get("snapshots", []) for f in s["findings"]]
budgets = [(v["passes"], 2) for file in report["files"] for v in file.get("budgetViolations", [])]
total = len(findings) + len(budgets)
assert report["summary"]["findings"] == len(findings), "the json report holds every finding"
print(f"json: {len(findings)} findings, {len(budgets)} budget violations")

schema = json.load(open(os.path.join(ROOT, "..", "shared", "sarif", "sarif-2.1.0.schema.json")))
raw = open(prefix + ".sarif", "rb").read()
sarif = json.loads(raw)
jsonschema.validate(sarif, schema)
assert len(sarif["runs"]) == 1
run = sarif["runs"][0]
results = run["results"]
compressed = len(gzip.compress(raw, 6))
assert len(results) <= 25_000 and compressed < 10_000_000
assert all(len(r["locations"]) <= 1_000 and len(r.get("relatedLocations", [])) <= 1_000 for r in results)
notes = [n for n in run["invocations"][0]["toolExecutionNotifications"]
         if n.get("descriptor", {}).get("id") == "results-left-out"]
left_out = notes[0]["properties"]["resultsLeftOut"] if notes else 0
assert len(results) + left_out == total, (len(results), left_out, total)
if left_out:
    assert f"{left_out:,}" in notes[0]["message"]["text"] and "json" in notes[0]["message"]["text"]
    kept = sorted(((r["properties"]["passes"], {"error": 2, "warning": 1, "note": 0}[r["level"]]) for r in results))
    everything = sorted(findings + budgets, reverse=True)
    assert kept[0] >= everything[len(results) - 1], "the kept results are the costliest"
print(f"sarif: {len(results)} results, {left_out} left out (notice {'yes' if notes else 'no'}), "
      f"{len(raw):,} bytes, {compressed:,} gzip-compressed, at most "
      f"{max((len(r['locations']) for r in results), default=0)} location per result; valid SARIF 2.1.0")

lines = open(prefix + ".github", encoding="utf-8").read().splitlines()
levels = {}
for l in lines:
    m = re.match(r"^::(error|warning|notice)[ :]", l)
    if m: levels[m.group(1)] = levels.get(m.group(1), 0) + 1
assert all(n <= 10 for n in levels.values()), levels
inside = False; plain = 0
for l in lines:
    if l.startswith("::group::"): inside = True; continue
    if l.startswith("::endgroup::"): inside = False; continue
    if inside:
        assert not l.lstrip().startswith("::") and "##[" not in l; plain += 1
annotated = sum(levels.values()) - (1 if plain else 0)
assert annotated + plain == total + sum(len(f.get("warnings", [])) + (1 if f.get("error") else 0) for f in report["files"]), (annotated, plain)
print(f"github: annotations per level {levels}, {plain} findings as plain lines in a ::group::")

md = open(prefix + ".md", encoding="utf-8").read()
assert len(md) <= 65_536, len(md)
listed = md.count("\n| `")  # rows of the findings table start with a file code span
m = re.search(r"([\d,]+) findings? of ([\d,]+) (?:is|are) not listed here", md)
print(f"markdown: {len(md):,} characters, {len(md.encode()):,} bytes; closing line: {m.group(0) if m else 'none'}")

gitlab_schema = json.load(open(os.path.join(ROOT, "schema", "gitlab-code-quality.schema.json")))
issues = json.load(open(prefix + ".gitlab.json"))
jsonschema.validate(issues, gitlab_schema)
fingerprints = [i["fingerprint"] for i in issues]
assert len(set(fingerprints)) == len(fingerprints)
assert len([i for i in issues if i["check_name"] not in ("read-error", "input-warning")]) == total
print(f"gitlab: {len(issues)} issues, fingerprints unique; valid against schema/gitlab-code-quality.schema.json")
