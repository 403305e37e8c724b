#!/usr/bin/env python3
"""Validates action.yml without GitHub, as far as this machine allows.

1. The metadata against .ci/action-metadata.schema.json (GitHub's documented syntax for a
   composite action), and every `${{ inputs.X }}` / `steps.ID.outputs.Y` names a declared
   input / an earlier step's id and an output that step writes.
2. No `${{ ... }}` inside any `run:` script: inputs, paths and layer names are untrusted
   text and reach the scripts through `env:` only.
3. Each step's script: `bash -n`, then shellcheck (when installed).
4. The lint and comment scripts run as GitHub runs them (`bash --noprofile --norc -eo
   pipefail FILE`) with the runner's files stood in: a real `layerlint` (first on PATH)
   lints the fixtures; a stand-in `gh` records the API calls, so the one-comment logic
   (post once, then edit the comment found by its marker) is checked; hostile paths stay
   data. actionlint also runs on a workflow wrapping the steps, where it is installed.
"""
import json, os, re, shutil, subprocess, sys, tempfile
import yaml, jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
action = yaml.safe_load(open(os.path.join(ROOT, "action.yml")))
jsonschema.validate(action, json.load(open(os.path.join(ROOT, ".ci", "action-metadata.schema.json"))))
steps = action["runs"]["steps"]
inputs = set(action.get("inputs", {}))
EXPR = re.compile(r"\$\{\{(.*?)\}\}", re.S)

# 1. References.
seen = {}
def check_refs(text, where, earlier):
    for expr in EXPR.findall(text):
        for name in re.findall(r"\binputs\.([A-Za-z0-9_-]+)", expr):
            assert name in inputs, f"{where}: inputs.{name} is not declared"
        for sid, out in re.findall(r"\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expr):
            assert sid in earlier, f"{where}: steps.{sid} is not an earlier step"
            assert re.search(rf"\b{re.escape(out)}=", earlier[sid]), f"{where}: step {sid} never writes the output {out}"
for i, step in enumerate(steps):
    where = f"step {i + 1} ({step.get('name', step.get('id'))})"
    check_refs(yaml.safe_dump({k: v for k, v in step.items() if k != "run"}), where, seen)
    if "id" in step:
        seen[step["id"]] = step.get("run", "")
for name, out in action.get("outputs", {}).items():
    check_refs(out["value"], f"output {name}", seen)

# The documented workflow (docs/ci/layerlint-action.yml) passes only declared inputs,
# and every required one.
example = yaml.safe_load(open(os.path.join(ROOT, "docs", "ci", "layerlint-action.yml")))
uses = [st for job in example["jobs"].values() for st in job["steps"] if st.get("uses", "").startswith("layerlint/layerlint@")]
assert uses, "docs/ci/layerlint-action.yml does not use the action"
for st in uses:
    given = set(st.get("with", {}))
    assert given <= inputs, f"docs/ci/layerlint-action.yml: undeclared inputs {given - inputs}"
    required = {k for k, v in action["inputs"].items() if v.get("required")}
    assert required <= given, f"docs/ci/layerlint-action.yml: missing required inputs {required - given}"

# 2. No expression inside a script.
for step in steps:
    if "run" in step:
        assert "${{" not in step["run"], f"{step.get('name')}: an expression inside run: (pass it through env:)"
        assert step["shell"] == "bash", f"{step.get('name')}: shell must be bash"

# 3. Syntax and shellcheck.
work = tempfile.mkdtemp(prefix="layerlint-action-")
scripts = {}
for i, step in enumerate(steps):
    if "run" not in step:
        continue
    path = os.path.join(work, f"step{i + 1}.sh")
    open(path, "w").write("#!/usr/bin/env bash\n" + step["run"])
    scripts[step.get("id") or step["name"]] = path
    r = subprocess.run(["bash", "-n", path], capture_output=True, text=True)
    assert r.returncode == 0, f"{step['name']}: bash -n: {r.stderr}"
    if shutil.which("shellcheck"):
        r = subprocess.run(["shellcheck", "-s", "bash", path], capture_output=True, text=True)
        assert r.returncode == 0, f"{step['name']}: shellcheck:\n{r.stdout}{r.stderr}"
checked = "bash -n and shellcheck" if shutil.which("shellcheck") else "bash -n (shellcheck not installed)"

if shutil.which("actionlint"):
    # A reusable workflow with the same inputs runs the same steps: actionlint checks the
    # expressions, contexts and (with shellcheck) the scripts, and flags injections.
    wf = {"on": {"workflow_call": {"inputs": {k: {"type": "string", "required": False} for k in inputs}}},
          "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": steps}}}
    os.makedirs(os.path.join(work, ".github", "workflows"))
    open(os.path.join(work, ".github", "workflows", "action.yml"), "w").write(yaml.safe_dump(wf, sort_keys=False))
    r = subprocess.run(["actionlint", "-no-color", ".github/workflows/action.yml"], cwd=work, capture_output=True, text=True)
    assert r.returncode == 0, f"actionlint:\n{r.stdout}{r.stderr}"
    checked += ", actionlint"

# 4. The scripts, run.
def run_step(step_id, env, cwd):
    runner = os.path.join(work, "runner")
    os.makedirs(runner, exist_ok=True)
    files = {n: os.path.join(runner, n) for n in ("output", "summary", "path")}
    for f in files.values():
        open(f, "w").close()
    full = dict(os.environ, RUNNER_TEMP=runner, GITHUB_OUTPUT=files["output"], GITHUB_STEP_SUMMARY=files["summary"],
                GITHUB_PATH=files["path"], **env)
    r = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", scripts[step_id]],
                       cwd=cwd, env=full, capture_output=True, text=True, timeout=240)
    outputs = dict(l.split("=", 1) for l in open(files["output"]).read().splitlines() if "=" in l)
    return r, outputs, open(files["summary"]).read()

# The download: a local HTTP server plays GitHub's release downloads, serving the bundle
# `make artifactbundle` built (LAYERLINT_BUNDLE) as release VERSION and a tampered copy.
import functools, http.server, threading
bundle = os.environ.get("LAYERLINT_BUNDLE")
assert bundle and os.path.isfile(bundle), "set LAYERLINT_BUNDLE to a layerlint.artifactbundle.zip (make artifactbundle)"
version = subprocess.run(["unzip", "-p", bundle, "layerlint.artifactbundle/info.json"], capture_output=True, text=True, check=True)
version = json.loads(version.stdout)["artifacts"]["layerlint"]["version"]
site = os.path.join(work, "site")
for tag, sha in ((version, None), ("9.9.9-tampered", "0" * 64)):
    d = os.path.join(site, "layerlint", "layerlint", "releases", "download", tag)
    os.makedirs(d)
    shutil.copy(bundle, d)
    digest = sha or open(bundle + ".sha256").read().split()[0]
    open(os.path.join(d, "layerlint.artifactbundle.zip.sha256"), "w").write(f"{digest}  layerlint.artifactbundle.zip\n")
class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
threading.Thread(target=server.serve_forever, daemon=True).start()
# The version: the input, else the ref the action was used at; only a release's is cached.
for given, ref, want in (("", "0.1.0", ("0.1.0", "true")), ("", "main", ("main", "false")), ("1.2.3", "main", ("1.2.3", "true")),
                         ("", "", ("local", "false")), ("feature/x y", "", ("feature/x y", "false"))):
    r, out, _ = run_step("version", {"VERSION": given, "ACTION_REF": ref}, ROOT)
    assert r.returncode == 0 and (out.get("version"), out.get("release")) == want, (given, ref, out, r.stderr)
    assert re.fullmatch(r"[A-Za-z0-9._-]+", out["safe-version"]), out
fetch_env = {"ACTION_PATH": ROOT, "ACTION_REPOSITORY": "layerlint/layerlint", "SERVER_URL": f"http://127.0.0.1:{server.server_port}"}
bin_dir = os.path.join(work, "bin-cache")
r, out, _ = run_step("fetch", dict(fetch_env, VERSION=version, BIN_DIR=bin_dir), ROOT)
assert r.returncode == 0 and out.get("source") == "release", (out, r.stdout, r.stderr)
on_path = open(os.path.join(work, "runner", "path")).read().strip()
assert subprocess.run([os.path.join(on_path, "layerlint"), "--version"], capture_output=True, text=True).stdout.strip() == version
# A restored cache is used without a download (the server has nothing at this address).
r, out, _ = run_step("fetch", dict(fetch_env, VERSION=version, BIN_DIR=bin_dir, SERVER_URL=fetch_env["SERVER_URL"] + "/gone"), ROOT)
assert r.returncode == 0 and out.get("source") == "release", (out, r.stdout, r.stderr)
# A branch has no release: built from source, with a notice.
r, out, _ = run_step("fetch", dict(fetch_env, VERSION="main", BIN_DIR=os.path.join(work, "bin-main")), ROOT)
assert r.returncode == 0 and out.get("source") == "build" and "::notice" in r.stdout, (out, r.stdout, r.stderr)
# A checksum that does not match fails the step and leaves no binary.
tampered = os.path.join(work, "bin-tampered")
r, out, _ = run_step("fetch", dict(fetch_env, VERSION="9.9.9-tampered", BIN_DIR=tampered), ROOT)
assert r.returncode != 0 and "::error" in r.stdout and "checksum mismatch" in r.stderr, (out, r.stdout, r.stderr)
assert "source" not in out and not os.path.exists(os.path.join(tampered, "9.9.9-tampered", "layerlint")), out
server.shutdown()

assert shutil.which("layerlint"), "put a built layerlint on PATH"
lint_env = {"CONFIG": "", "BASELINE": "", "FAIL_ON": "warning"}
r, out, summary = run_step("lint", dict(lint_env, PATHS="fixtures/feed-cell.yml\nfixtures/recipe-cell-clean.yml\n"), ROOT)
assert r.returncode == 0, f"the lint step itself must not fail (the last step does):\n{r.stdout}{r.stderr}"
assert out.get("exit-code") == "1", out
assert any(l.startswith("::warning ") and "feed-cell.yml" in l for l in r.stdout.splitlines()), r.stdout
sarif = json.load(open(out["sarif"]))
assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"], "no SARIF results"
assert out.get("sarif-written") == "true" and "feed-cell" in summary, (out, summary[:200])

r, out, _ = run_step("lint", dict(lint_env, PATHS="fixtures/recipe-cell-clean.yml"), ROOT)
assert out.get("exit-code") == "0", (out, r.stdout, r.stderr)

# Hostile paths are only paths: nothing runs, and the missing input exits 2.
canary = os.path.join(work, "pwned")
hostile = f'$(touch {canary})\n"; touch {canary}; echo "\n`touch {canary}`\n--version'
r, out, _ = run_step("lint", dict(lint_env, PATHS=hostile), ROOT)
assert not os.path.exists(canary), "a path was run as a command"
assert out.get("exit-code") == "2", (out, r.stdout, r.stderr)

r, out, _ = run_step("lint", dict(lint_env, PATHS="\n\n"), ROOT)
assert out.get("exit-code") == "2" and "::error" in r.stdout, (out, r.stdout)

# The comment: a repository whose pull request adds a shadow on the base branch's dumps.
repo = os.path.join(work, "repo")
origin = os.path.join(work, "origin.git")
def git(*args, cwd=repo):
    subprocess.run(["git", "-c", "user.name=ci", "-c", "user.email=ci@example.invalid", *args], cwd=cwd, check=True,
                   capture_output=True, text=True)
os.makedirs(repo)
git("init", "-q", "-b", "main")
shutil.copytree(os.path.join(ROOT, "fixtures"), os.path.join(repo, "Snapshots"), ignore=shutil.ignore_patterns("*.md"))
git("add", "."); git("commit", "-qm", "base")
git("init", "-q", "--bare", origin, cwd=work)
git("remote", "add", "origin", origin); git("push", "-q", "origin", "main")
row = os.path.join(repo, "Snapshots", "settings-row.yml")
text = open(row).read()
assert "      frame: [335, 19.5, 8, 13]\n" in text
open(row, "w").write(text.replace("      frame: [335, 19.5, 8, 13]\n",
                                  "      frame: [335, 19.5, 8, 13]\n      shadowOpacity: 0.3\n      shadowRadius: 6\n", 1))
fake = os.path.join(work, "bin")
os.makedirs(fake)
calls = os.path.join(work, "gh-calls")
open(os.path.join(fake, "gh"), "w").write(f"""#!/usr/bin/env bash
# Stand-in for the GitHub CLI: records each call and the body it would send.
printf '%s\\n' "$*" >> {calls}
for a in "$@"; do case "$a" in body=@*) cp "${{a#body=@}}" {calls}.body ;; esac; done
if [ "$1 $2" = "api --paginate" ] && [ -n "${{FAKE_EXISTING:-}}" ]; then echo "$FAKE_EXISTING"; fi
""")
os.chmod(os.path.join(fake, "gh"), 0o755)
comment_env = {"GH_TOKEN": "t", "PATHS": "Snapshots\nNotYetOnBase", "CONFIG": "", "BASE_REF": "main", "PR_NUMBER": "7",
               "GITHUB_REPOSITORY": "owner/app", "PATH": fake + os.pathsep + os.environ["PATH"]}
for existing, verb in (("", "POST repos/owner/app/issues/7/comments"), ("4242", "PATCH repos/owner/app/issues/comments/4242")):
    if os.path.exists(calls): os.remove(calls)
    r, _, _ = run_step("comment", dict(comment_env, FAKE_EXISTING=existing), repo)
    assert r.returncode == 0, f"comment step failed:\n{r.stdout}{r.stderr}"
    made = open(calls).read().splitlines()
    assert made[0].startswith("api --paginate repos/owner/app/issues/7/comments"), made
    assert len(made) == 2 and made[1].startswith(f"api --method {verb} "), made
    body = open(calls + ".body").read()
    assert body.startswith("<!-- layerlint-snapshot-diff -->\n"), body[:80]
    assert "settings-row.yml" in body and "shadow" in body, body
    assert "NotYetOnBase is new in this pull request" in body, body
assert not os.path.exists(os.path.join(work, "runner", "layerlint-base")), "the base worktree was left behind"
shutil.rmtree(work)
print(f"action.yml ok: schema, references, no expression in run:, {checked}; release download (verified, cached, "
      "no release -> source build, tampered checksum refused); lint step (exit codes 0/1/2, SARIF, "
      "annotations, summary, hostile paths), one comment posted then edited")
