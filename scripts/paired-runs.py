#!/usr/bin/env python3
"""Paired timing of two commands on a noisy machine.

Runs A and B alternately (A first in even rounds, B first in odd ones), N rounds, and
prints each command's fastest and median wall time and the median of the per-round
ratios B/A, with its quartiles. A slow spell of the machine then falls on both sides of
most ratios. docs/performance.md uses it to compare builds and to show how far the YAML
ratio moves between two batches of runs of one build.

    scripts/paired-runs.py 20 scan .build/release/layerlint-bench scan F.yml \\
        -- lint .build/release/layerlint lint F.yml --jobs 1

Each side is a label followed by the command.
"""
import os
import statistics
import subprocess
import sys
import time


def run(command):
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime


def main(argv):
    if len(argv) < 5 or "--" not in argv:
        sys.exit(__doc__)
    rounds = int(argv[0])
    split = argv.index("--")
    (label_a, *command_a), (label_b, *command_b) = argv[1:split], argv[split + 1:]
    a, b = [], []
    for r in range(rounds):
        if r % 2 == 0:
            a.append(run(command_a)); b.append(run(command_b))
        else:
            b.append(run(command_b)); a.append(run(command_a))
    wall = sorted(y[0] / x[0] for x, y in zip(a, b))
    cpu = [y[1] / x[1] for x, y in zip(a, b)]
    for label, times in ((label_a, a), (label_b, b)):
        walls = [t[0] for t in times]
        print(f"{label}: wall fastest {min(walls):.3f} s, median {statistics.median(walls):.3f} s")
    print(f"{label_b}/{label_a}: median {statistics.median(wall):.3f} "
          f"(quartiles {wall[rounds // 4]:.3f} to {wall[3 * rounds // 4]:.3f}), "
          f"CPU median {statistics.median(cpu):.3f}, {rounds} rounds")


if __name__ == "__main__":
    main(sys.argv[1:])
