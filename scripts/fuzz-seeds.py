#!/usr/bin/env python3
"""Seed inputs for scripts/fuzz.sh, written as files into a corpus folder.

  fuzz-seeds.py examples FOLDER   the dumps of the examples in rules/*.yml
  fuzz-seeds.py paths FOLDER      SVG path data from fixtures/ and those examples
  fuzz-seeds.py configs FOLDER    the YAML examples of docs/configuration.md
  fuzz-seeds.py baselines FOLDER  baseline files as --write-baseline writes them
"""
import json, pathlib, re, sys, yaml

root = pathlib.Path(__file__).resolve().parent.parent
mode, folder = sys.argv[1], pathlib.Path(sys.argv[2])

def example_dumps():
    for rule in sorted(root.glob("rules/*.yml")):
        for i, example in enumerate(yaml.safe_load(rule.read_text()).get("examples") or []):
            if isinstance(example, dict) and isinstance(example.get("dump"), str):
                yield f"{rule.stem}-{i}", example["dump"]

def paths_in(value):
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("path", "shadowPath") and isinstance(item, str):
                yield item
            else:
                yield from paths_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from paths_in(item)

if mode == "examples":
    for name, text in example_dumps():
        (folder / f"{name}.yml").write_text(text)
elif mode == "paths":
    found = set()
    documents = [text for _, text in example_dumps()]
    documents += [p.read_text() for p in sorted(root.glob("fixtures/*.yml"))]
    for text in documents:
        for doc in yaml.safe_load_all(text):
            found.update(paths_in(doc))
    for p in sorted(root.glob("fixtures/*.json")):
        found.update(paths_in(json.loads(p.read_text())))
    # Every command, relative and absolute, arcs with their flags written together.
    found.update([
        "M0 0h10v10H0z", "m1,2l3-4 5.5.5zM1 1", "M0 0C1 1 2 2 3 3S5 5 6 6Q7 7 8 8T9 9",
        "M10 10 A5 5 0 0 1 20 20 a5,5 30 1,0 -10,-10", "M0 0a1 1 0 00.5.5", "M1e2 -1E-2L.5.5",
    ])
    for i, text in enumerate(sorted(found)):
        (folder / f"path-{i}.txt").write_text(text)
elif mode == "configs":
    text = (root / "docs/configuration.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    for i, block in enumerate(blocks):
        (folder / f"config-{i}.yml").write_text(block)
elif mode == "baselines":
    header = "# LayerLint baseline\nversion: 1\n"
    entry = '  - file: "{}"\n{}    rule: "{}"\n    layer: "{}"\n    count: {}\n'
    samples = {
        "empty": header + "findings: []\n",
        "one": header + "findings:\n" + entry.format("Snapshots/cards.yml", "", "shadow-without-path", "root/card", 1),
        "screens": header + "findings:\n"
            + entry.format("a.yml", '    screen: "Feed"\n', "unneeded-clip", "root/list/cell[3]", 2)
            + entry.format("b dir/é.json", '    screen: "Feed/UIWindow[1]"\n', "plain-layer-mask", "root/\\\"quoted\\\"", 7),
    }
    for name, text in samples.items():
        (folder / f"baseline-{name}.yml").write_text(text)
else:
    sys.exit(f"unknown mode {mode}")
