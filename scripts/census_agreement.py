#!/usr/bin/env python3
"""Compares batch results with the census verdicts, wherever both decide.

usage: scripts/census_agreement.py [--verdicts FILE] RESULTS.jsonl [RESULTS.jsonl ...]

RESULTS.jsonl: the output of `klondike solve --games A..B ... -o FILE`, any rules
(each line names its own). FILE: the census verdicts (default
src/app/census/verdicts.txt: a line per game, a letter per variant, W winnable,
U unwinnable, ? not decided, - not solved). Prints, per variant, the games
compared, those both decide, and every game where the two disagree; exit 1 on
any disagreement. A solver change that keeps every verdict keeps this at 0.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def variant_of(line):
    """The census's name for the rules of a result line: d1p3f1 and the like."""
    passes = line["passes"]
    return "d{}p{}f{}".format(line["draw"], "u" if passes is None else passes,
                              1 if line["foundation_to_tableau"] else 0)


def read_census(path):
    """{variant: {game: letter}} from a census verdict file."""
    names, table = None, {}
    with open(path) as f:
        for raw in f:
            parts = raw.split()
            if not parts or parts[0].startswith("#"):
                continue
            if parts[0] == "variants":
                names = parts[1:]
                table = {n: {} for n in names}
                continue
            if names is None or len(parts) != 2 or len(parts[1]) != len(names):
                continue
            game = int(parts[0])
            for name, letter in zip(names, parts[1]):
                table[name][game] = letter
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--verdicts", default=os.path.join(HERE, "..", "src", "app", "census", "verdicts.txt"))
    ap.add_argument("results", nargs="+")
    args = ap.parse_args()
    census = read_census(args.verdicts)
    ours = {}
    for path in args.results:
        with open(path) as f:
            for raw in f:
                raw = raw.strip()
                if not raw:
                    continue
                line = json.loads(raw)
                v = {"winnable": "W", "unwinnable": "U"}.get(line["verdict"], "?")
                ours.setdefault(variant_of(line), {})[int(line["game"])] = v
    bad = 0
    print("| variant | games compared | decided by both | disagreements |")
    print("|---|---|---|---|")
    for variant in sorted(ours):
        theirs = census.get(variant, {})
        both = [g for g in ours[variant] if g in theirs]
        decided = [g for g in both if ours[variant][g] in "WU" and theirs[g] in "WU"]
        differ = [g for g in decided if ours[variant][g] != theirs[g]]
        bad += len(differ)
        shown = ", ".join(f"{g} (ours {ours[variant][g]}, census {theirs[g]})" for g in differ[:20])
        print(f"| {variant} | {len(both)} | {len(decided)} | {len(differ)}{': ' + shown if shown else ''} |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
