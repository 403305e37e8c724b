#!/usr/bin/env python3
"""Check LayerLint's fixture dumps and their expectation files.

    python3 schema/check-fixtures.py                 # every dump under fixtures/
    python3 schema/check-fixtures.py a.yml b.json    # just these (or these folders)

For every dump (`*.yml`, `*.yaml`, `*.json`, but not `*.expect.yml`):
- it is read the way LayerLint reads it (docs/dump-format.md): YAML with the YAML 1.2
  core schema and decimal numbers only (`yes`, `no`, `on`, `off` and `0x1F` are strings,
  `012` is twelve), aliases rejected; JSON without NaN or Infinity; numbers finite; a key
  given twice in one mapping is an error;
- every snapshot validates against schema/layerlint-dump-v1.schema.json;
- no colour is left unquoted in YAML (`#` would start a comment and leave null);
- no key is one edit away from a known key (LayerLint warns about those; in a fixture it
  is a typo that would silently change what the fixture tests).
For its `Tests/LayerLintKitTests/FixtureExpectations/<name>.expect.yml`: one entry per snapshot with the same `screen`, pass counts
that are whole numbers with passesAfterFixes <= passes, findings of known rules sorted by
layer path then rule, and every finding's layer path present in the snapshot.

Needs PyYAML and jsonschema. Exits 1 when anything fails, 0 otherwise.
"""
import json
import math
import re
import sys
from pathlib import Path

import jsonschema
import yaml

# Expectations live with the tests, so that linting fixtures/ reads only dumps.
EXPECTATIONS = Path(__file__).resolve().parent.parent / "Tests" / "LayerLintKitTests" / "FixtureExpectations"

HERE = Path(__file__).resolve().parent
SCHEMA_PATH = HERE / "layerlint-dump-v1.schema.json"
FIXTURES = HERE.parent / "fixtures"
# Every rule with a catalog entry (rules/<id>.yml) is a known rule.
RULES = {p.stem for p in (HERE.parent / "rules").glob("*.yml")}


class DumpError(Exception):
    pass


# ---------------------------------------------------------------- reading YAML like LayerLint

class CoreLoader(yaml.SafeLoader):
    """SafeLoader with the YAML 1.2 core schema's implicit types and no aliases."""


CoreLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
     r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+.0123456789"),
]:
    CoreLoader.add_implicit_resolver(tag, re.compile(pattern), list(first))


def _construct_int(loader, node):
    return int(loader.construct_scalar(node), 10)


def _construct_float(loader, node):
    text = loader.construct_scalar(node).lower()
    if text.endswith(".inf"):
        return -math.inf if text.startswith("-") else math.inf
    if text == ".nan":
        return math.nan
    return float(text)


def _construct_bool(loader, node):
    return loader.construct_scalar(node).lower() == "true"


def _construct_mapping(loader, node, deep=False):
    seen = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            m = key_node.start_mark
            raise DumpError(f"{m.line + 1}:{m.column + 1}: key '{key}' is given twice in this mapping")
        seen[key] = True
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


CoreLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
CoreLoader.add_constructor("tag:yaml.org,2002:float", _construct_float)
CoreLoader.add_constructor("tag:yaml.org,2002:bool", _construct_bool)
CoreLoader.construct_mapping = _construct_mapping


def _compose_node(self, parent, index):
    if self.check_event(yaml.events.AliasEvent):
        event = self.peek_event()
        m = event.start_mark
        raise DumpError(f"{m.line + 1}:{m.column + 1}: YAML aliases (*{event.anchor}) are not supported")
    return yaml.SafeLoader.compose_node(self, parent, index)


CoreLoader.compose_node = _compose_node


COLOR_KEYS = {"backgroundColor", "borderColor", "shadowColor", "fillColor", "strokeColor"}


def unquoted_colors(text):
    """`backgroundColor: #FF3B30` is an empty value and a comment in YAML, so null: almost
    always a colour someone forgot to quote. Yields line:column of each."""
    for root in yaml.compose_all(text, Loader=CoreLoader):
        stack = [root]
        while stack:
            node = stack.pop()
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if (isinstance(k, yaml.ScalarNode) and k.value in COLOR_KEYS
                            and isinstance(v, yaml.ScalarNode) and v.value == "" and v.style is None):
                        m = k.start_mark
                        yield f"{m.line + 1}:{m.column + 1}: '{k.value}' has an empty value (null); quote colours in YAML"
                    stack.append(v)
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)


def load_documents(path):
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        def no_constant(name):
            raise DumpError(f"{name} is not a JSON number LayerLint accepts")

        def pairs(items):
            out = {}
            for k, v in items:
                if k in out:
                    raise DumpError(f"key '{k}' is given twice in one object")
                out[k] = v
            return out
        try:
            return [json.loads(text, parse_constant=no_constant, object_pairs_hook=pairs)]
        except json.JSONDecodeError as e:
            raise DumpError(f"{e.lineno}:{e.colno}: {e.msg}")
    try:
        return list(yaml.load_all(text, Loader=CoreLoader))
    except yaml.YAMLError as e:
        raise DumpError(str(e))


# ---------------------------------------------------------------- checks on one snapshot

def walk_values(value, where):
    yield value, where
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk_values(v, f"{where}/{k}" if where else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk_values(v, f"{where}/{i}" if where else str(i))


def one_edit_apart(a, b):
    """Case-insensitive: one insertion, deletion, substitution or swap of neighbours, or
    a difference in case only."""
    a, b = a.lower(), b.lower()
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    if len(a) > len(b):
        a, b = b, a
    return any(a == b[:i] + b[i + 1:] for i in range(len(b)))


def near_miss_keys(doc, schema):
    layer_keys = set(schema["definitions"]["layer"]["properties"])
    header_keys = set(schema["properties"])
    contents_keys = set(schema["definitions"]["layer"]["properties"]["contents"]["properties"])

    def check(mapping, known, where):
        for key in mapping:
            if key in known or not isinstance(key, str):
                continue
            close = sorted(k for k in known if one_edit_apart(key, k))
            if close:
                yield f"{where}: key '{key}' is one edit away from '{close[0]}' (a typo?)"

    def layer(node, where):
        if not isinstance(node, dict):
            return
        yield from check(node, layer_keys, where)
        if isinstance(node.get("contents"), dict):
            yield from check(node["contents"], contents_keys, f"{where}/contents")
        if isinstance(node.get("mask"), dict):
            yield from layer(node["mask"], f"{where}/mask")
        for i, sub in enumerate(node.get("sublayers") or []):
            yield from layer(sub, f"{where}/sublayers/{i}")

    if isinstance(doc, dict):
        yield from check(doc, header_keys, "(document)")
        yield from layer(doc.get("root"), "root")


def layer_paths(root):
    """Every layer path of a snapshot, as docs/dump-format.md defines them."""
    def label(node):
        return node.get("name") or node.get("view") or node.get("class") or "CALayer"

    paths = set()

    def visit(node, path):
        paths.add(path)
        if isinstance(node.get("mask"), dict):
            visit(node["mask"], f"{path}/mask")
        subs = [s for s in (node.get("sublayers") or []) if isinstance(s, dict)]
        labels = [label(s) for s in subs]
        seen = {}
        for sub, lab in zip(subs, labels):
            k = seen.get(lab, 0)
            seen[lab] = k + 1
            seg = f"{lab}[{k}]" if labels.count(lab) > 1 else lab
            visit(sub, f"{path}/{seg}")

    if isinstance(root, dict):
        visit(root, label(root))
    return paths


def check_expectations(expect_path, docs, problems):
    def bad(msg):
        problems.append(f"{expect_path.name}: {msg}")

    if not expect_path.exists():
        bad("missing (every fixture needs its expectations)")
        return
    try:
        expect = yaml.load(expect_path.read_text(encoding="utf-8"), Loader=CoreLoader)
    except (yaml.YAMLError, DumpError) as e:
        bad(f"unreadable: {e}")
        return
    snaps = expect.get("snapshots") if isinstance(expect, dict) else None
    if not isinstance(snaps, list):
        bad("needs a 'snapshots' list")
        return
    if len(snaps) != len(docs):
        bad(f"{len(snaps)} snapshots expected, the dump has {len(docs)}")
    for i, (snap, doc) in enumerate(zip(snaps, docs)):
        where = f"snapshot {i + 1}"
        if not isinstance(snap, dict):
            bad(f"{where}: not a mapping")
            continue
        if snap.get("screen") != doc.get("screen"):
            bad(f"{where}: screen {snap.get('screen')!r} but the dump says {doc.get('screen')!r}")
        passes, after = snap.get("passes"), snap.get("passesAfterFixes")
        for key, value in (("passes", passes), ("passesAfterFixes", after)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                bad(f"{where}: {key} must be a whole number >= 0")
        if isinstance(passes, int) and isinstance(after, int) and after > passes:
            bad(f"{where}: passesAfterFixes {after} > passes {passes}")
        findings = snap.get("findings")
        if not isinstance(findings, list):
            bad(f"{where}: needs a 'findings' list (empty when there are none)")
            continue
        paths = layer_paths(doc.get("root"))
        keys = []
        for f in findings:
            rule, layer, p = f.get("rule"), f.get("layer"), f.get("passes")
            if rule not in RULES:
                bad(f"{where}: unknown rule {rule!r}")
            if layer not in paths:
                bad(f"{where}: no layer at path {layer!r}")
            if not isinstance(p, int) or isinstance(p, bool) or p < 0:
                bad(f"{where}: {layer}: passes must be a whole number >= 0")
            if "severity" in f:
                # Given where a rule's finding may be below its catalog severity.
                if f["severity"] not in ("error", "warning", "info"):
                    bad(f"{where}: {layer}: severity is error, warning or info")
                elif rule == "unneeded-clip" and (f["severity"] == "warning") != (p == 1):
                    bad(f"{where}: {layer}: unneeded-clip is a warning with 1 pass or info with 0")
            line = f.get("line")
            if line is not None and (not isinstance(line, int) or isinstance(line, bool) or line < 1):
                bad(f"{where}: {layer}: line must be a whole number >= 1")
            keys.append((str(layer), str(rule), line or 0))
        if [k[:2] for k in keys] != sorted(k[:2] for k in keys) or keys != sorted(keys):
            bad(f"{where}: findings are not sorted by layer path, then rule (then line)")
        # A rule may report one layer more than once (display-link-rate, once per link, on
        # the root): such entries say which by `line`, the line of the finding.
        if len(set(keys)) != len(keys):
            bad(f"{where}: a finding is listed twice (give `line` to tell findings of one rule on one layer apart)")


def check_dump(path, validator, schema, problems):
    try:
        docs = load_documents(path)
        if path.suffix != ".json":
            problems.extend(f"{path.name}: {msg}" for msg in unquoted_colors(path.read_text(encoding="utf-8")))
    except DumpError as e:
        problems.append(f"{path.name}: {e}")
        return
    if not docs:
        problems.append(f"{path.name}: no document")
        return
    for i, doc in enumerate(docs):
        where = f"{path.name}: snapshot {i + 1}"
        for value, at in walk_values(doc, ""):
            if isinstance(value, float) and not math.isfinite(value):
                problems.append(f"{where}: {at or '(document)'}: numbers must be finite")
        for err in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
            at = "/".join(str(p) for p in err.absolute_path) or "(document)"
            problems.append(f"{where}: {at}: {err.message}")
        for msg in near_miss_keys(doc, schema):
            problems.append(f"{where}: {msg}")
    if path.suffix in (".yml", ".yaml", ".json"):
        check_expectations(EXPECTATIONS / (path.name[: -len(path.suffix)] + ".expect.yml"), docs, problems)


def dumps_in(args):
    targets = [Path(a) for a in args] or [FIXTURES]
    for t in targets:
        files = sorted(t.iterdir()) if t.is_dir() else [t]
        for f in files:
            if f.suffix in (".yml", ".yaml", ".json") and not f.name.endswith(".expect.yml"):
                yield f


def main(argv):
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    problems, count = [], 0
    for path in dumps_in(argv[1:]):
        count += 1
        before = len(problems)
        check_dump(path, validator, schema, problems)
        print(f"{'ok  ' if len(problems) == before else 'FAIL'} {path}")
    for p in problems:
        print(f"error: {p}", file=sys.stderr)
    if count == 0:
        print("error: no dumps found", file=sys.stderr)
        return 1
    print(f"{count} dumps checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
