#!/usr/bin/env python3
"""One repository URL in the docs, used everywhere, and no placeholder.

README's Install section says where LayerLint lives, once ("LayerLint's repository is
**URL**"). Every other mention of LayerLint's repository in README, docs/, action.yml,
the Makefile and the sources (SARIF's informationUri) must be that URL or its
owner/name (`mint install`, `uses:`); every `.package(url:)` of LayerLint must name it
with the version the command line reports. The plugins package (BinaryPlugins/, published
as a repository of its own) is declared once the same way ("The plugins package's
repository is **URL**") and is the one other LayerLint URL allowed, in `.package(url:)`
too. A `<…URL…>` placeholder anywhere fails.
"""
import glob, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
readme = open(os.path.join(ROOT, "README.md")).read()
declared = re.findall(r"LayerLint's repository is \*\*(https://github\.com/([\w.-]+/[\w.-]+))\*\*", readme)
if len(declared) != 1:
    sys.exit(f"README.md must say once \"LayerLint's repository is **https://github.com/OWNER/NAME**\"; found {len(declared)}")
url, slug = declared[0]
plugins = re.findall(r"The plugins package's repository is \*\*(https://github\.com/([\w.-]+/[\w.-]+))\*\*", readme)
if len(plugins) != 1:
    sys.exit(f"README.md must say once \"The plugins package's repository is **https://github.com/OWNER/NAME**\"; found {len(plugins)}")
plugins_url, plugins_slug = plugins[0]
# The version both executables print (LayerLintVersion, read as scripts/pre-commit-hook.sh reads it).
version = re.search(r'current = "([0-9.]+)"', open(os.path.join(ROOT, "Sources/LayerLintKit/Version.swift")).read()).group(1)

files = ["README.md", "action.yml", "Makefile", ".pre-commit-hooks.yaml", "BinaryPlugins/Package.swift"] \
    + sorted(glob.glob(".github/workflows/*.yml", root_dir=ROOT)) + sorted(glob.glob("scripts/*.sh", root_dir=ROOT)) + sorted(glob.glob("docs/**/*", root_dir=ROOT, recursive=True)) \
    + sorted(glob.glob("Sources/**/*.swift", root_dir=ROOT, recursive=True))
problems = []
THIRD_PARTY = {"apple/swift-argument-parser", "pointfreeco/swift-snapshot-testing", "github/codeql-action",
               "actions/checkout", "actions/cache", "reviewdog/reviewdog", "yonaskolb/mint"}
for name in files:
    path = os.path.join(ROOT, name)
    if not os.path.isfile(path):
        continue
    for n, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
        where = f"{name}:{n}"
        for m in re.finditer(r"<[^<>\n]*\b(URL|url|repository|repo)\b[^<>\n]*>", line):
            problems.append(f"{where}: placeholder {m.group(0)}")
        for m in re.finditer(r"(?:github\.com|raw\.githubusercontent\.com)/([\w.-]+/[\w.-]+?)(?:\.git)?(?=[/\"'\s)#@]|$)", line):
            if m.group(1).lower() not in (slug.lower(), plugins_slug.lower()) and m.group(1) not in THIRD_PARTY and "layerlint" in m.group(1).lower():
                problems.append(f"{where}: {m.group(0)} is not {url}")
        for m in re.finditer(r'\.package\(url:\s*"([^"]*)"(?:,\s*from:\s*"([^"]*)")?', line):
            if "argument-parser" in m.group(1) or "snapshot-testing" in m.group(1):
                continue
            if m.group(1) not in (url, plugins_url):
                problems.append(f"{where}: .package(url: \"{m.group(1)}\") is not {url}")
            if m.group(2) is not None and m.group(2) != version:
                problems.append(f"{where}: from: \"{m.group(2)}\" is not the current version {version}")
        for m in re.finditer(r"git clone [^\n]*?(https?://\S+)", line):
            if m.group(1).rstrip("\"'") not in (url, url + ".git"):
                problems.append(f"{where}: git clone {m.group(1)} is not {url}")
        for m in re.finditer(r"\bmint (?:install|run) ([\w.-]+/[\w.-]+)", line):
            if m.group(1).lower() != slug.lower():
                problems.append(f"{where}: mint {m.group(1)} is not {slug}")
        for m in re.finditer(r"uses: ([\w.-]+/[\w.-]+)@", line):
            if "layerlint" in m.group(1).lower() and m.group(1) != slug:
                problems.append(f"{where}: uses: {m.group(1)} is not {slug}")
if problems:
    sys.exit("repository URL check failed:\n  " + "\n  ".join(problems))
print(f"repository URL ok: {url} and the plugins package's {plugins_url} (version {version}) in {len(files)} files, no placeholder")
