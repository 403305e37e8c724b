#!/usr/bin/env python3
"""Turns the Swift snippets of README.md and docs/*.md into files .ci/apple-typecheck.sh
type-checks, so a snippet a user pastes cannot drift from the API.

Every ```swift block must follow a marker line (blank lines between are allowed):

    <!-- apple-typecheck: CONTEXT -->            checked inside .ci/apple-snippets/CONTEXT.swift
    <!-- apple-typecheck: skip: WHY -->          not Swift a module can hold (a Package.swift
                                                 fragment, a Dangerfile); WHY is required

A marker may also precede a plain ``` block of LLDB commands: each line must then be
`(lldb) expr -l swift -- EXPRESSION`, and the expressions are checked as Swift.

In the context file, `// IMPORTS` is replaced by the snippet's `import` lines and
`// SNIPPET` by the rest; `#sourceLocation` points each line back at the Markdown file,
so an error names `docs/exporting.md:57`, not the generated file.

usage: apple-snippets.py ROOT CONTEXTS OUTDIR   (prints one generated file per line)
"""
import os
import re
import sys

MARKER = re.compile(r"^\s*<!-- apple-typecheck: (.+?) -->\s*$")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
LLDB = "(lldb) expr -l swift -- "


def blocks(path):
    """(marker or None, info string, first line number, lines) for each fenced block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i, marker = 0, None
    while i < len(lines):
        m = MARKER.match(lines[i])
        f = FENCE.match(lines[i])
        if m:
            marker = (m.group(1), i + 1)
        elif f:
            indent, info, start = f.group(1), f.group(2), i + 1
            body = []
            i += 1
            while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
                body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
                i += 1
            yield marker, info, start + 1, body
            marker = None
        elif lines[i].strip():
            marker = None  # a marker belongs to the block right below it
        i += 1


def main():
    root, contexts, outdir = sys.argv[1:4]
    docs = [os.path.join(root, "README.md")] + sorted(
        os.path.join(root, "docs", n) for n in os.listdir(os.path.join(root, "docs")) if n.endswith(".md"))
    problems, written = [], []
    for doc in docs:
        rel = os.path.relpath(doc, root)
        for marker, info, first, body in blocks(doc):
            if marker is None:
                if info == "swift":
                    problems.append(f"{rel}:{first - 1}: a ```swift block without an apple-typecheck marker")
                continue
            what, marker_line = marker
            if what.startswith("skip:"):
                if not what[5:].strip():
                    problems.append(f"{rel}:{marker_line}: a skip marker must say why")
                continue
            context = os.path.join(contexts, what + ".swift")
            if not os.path.isfile(context):
                problems.append(f"{rel}:{marker_line}: no context {context}")
                continue
            imports, code = [], []
            last = {}  # the Markdown line each list's previous line came from
            for n, line in enumerate(body, start=first):
                if info != "swift":
                    if not line.strip():
                        continue
                    if not line.startswith(LLDB):
                        problems.append(f"{rel}:{n}: an LLDB snippet line is not `{LLDB}…`")
                        continue
                    line = line[len(LLDB):]
                target = imports if re.match(r"^import \w+\s*$", line) else code
                # A directive only where a run of lines starts: one inside a statement
                # that spans lines would split it.
                if last.get(id(target)) != n - 1:
                    target.append(f'#sourceLocation(file: "{rel}", line: {n})')
                target.append(line)
                last[id(target)] = n
            text = open(context, encoding="utf-8").read()
            if "// IMPORTS" not in text or "// SNIPPET" not in text:
                problems.append(f"{context}: needs the lines // IMPORTS and // SNIPPET")
                continue
            text = text.replace("// IMPORTS", "\n".join(imports + ["#sourceLocation()"] if imports else []), 1)
            text = text.replace("// SNIPPET", "\n".join(code + ["#sourceLocation()"] if code else []), 1)
            name = f"{rel.replace('/', '-').removesuffix('.md')}-{first - 1}-{what}.swift"
            out = os.path.join(outdir, name)
            with open(out, "w", encoding="utf-8") as f:
                f.write(text)
            written.append(out)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("\n".join(written))


if __name__ == "__main__":
    main()
