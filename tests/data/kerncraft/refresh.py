#!/usr/bin/env python3
"""Regenerates lc.csv and refused.txt: kerncraft's layer conditions
(`kerncraft -p LC`) for the offload suite's host loops in kernels/, on the
caches of machine.yml, evaluated at the sizes in SIZES.

Run from this folder with kerncraft installed (`pip install kerncraft`;
it runs offline). The conditions kerncraft prints are symbolic in N; this
script picks, for each level and size, the first one that holds, as
kerncraft's own non-symbolic mode does."""

import csv
import pathlib
import re
import subprocess

SIZES = [16, 40, 100, 250, 600, 1500, 4000, 9600]
HERE = pathlib.Path(__file__).resolve().parent
HEADER = re.compile(r"Layer conditions for (L\d) cache with (\d+) (KB|MB):")
ROW = re.compile(r"^\s*(.+?)\s+(\d+)\s+(\d+)\s*$")


def tables(kernel):
    """{level: (bytes, [(condition, misses, hits)])}, or the refusal."""
    run = subprocess.run(
        ["kerncraft", "-p", "LC", "-m", "machine.yml", str(kernel), "-D", "N", "1000"],
        cwd=HERE, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        return run.stderr.strip().splitlines()[-1]
    out, level = {}, None
    for line in run.stdout.splitlines():
        head = HEADER.search(line)
        if head:
            size = int(head.group(2)) * (1024 if head.group(3) == "KB" else 1024 ** 2)
            level = head.group(1)
            out[level] = (size, [])
            continue
        row = ROW.match(line)
        if level and row and row.group(1) != "condition":
            out[level][1].append((row.group(1), int(row.group(2)), int(row.group(3))))
    return out


def holds(condition, n):
    return bool(eval(condition.replace("True", "1 == 1"), {}, {"N": n}))


def main():
    rows, refused = [], []
    for kernel in sorted((HERE / "kernels").glob("*.c")):
        found = tables(kernel)
        if isinstance(found, str):
            refused.append(f"{kernel.stem}: {found}")
            continue
        for level, (size, conditions) in sorted(found.items()):
            for n in SIZES:
                cond, misses, hits = next(c for c in conditions if holds(c[0], n))
                rows.append([kernel.stem, level, size, n, misses, hits, cond])
    with open(HERE / "lc.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["kernel", "level", "cache_bytes", "n", "misses", "hits", "condition"])
        w.writerows(rows)
    (HERE / "refused.txt").write_text("\n".join(refused) + "\n")


if __name__ == "__main__":
    main()
