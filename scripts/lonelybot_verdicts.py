#!/usr/bin/env python3
"""Whole-deal verdicts of lonelybot, an independent exact solver, built from its
public source outside this repository, the binary named by the environment
variable LONECLI (else `lonecli` in ../shared/oracles/lonelybot), for PySol game numbers A..B, draw 1 or 3 (its rules: unlimited
passes, foundation-to-tableau allowed).

usage: scripts/lonelybot_verdicts.py KLONDIKE A B DRAW [--jobs N] [--timeout S] > FILE

Prints one line per game, `GAME W|L|U SECONDS` (winnable, unwinnable, unknown:
its timeout or a crash), in game order. The deals come from `KLONDIKE deal
--game N` (our own dealer); the conversion to lonelybot's deal index is the
one its README and the acceptance suite give. lonelybot is a test oracle,
never a part of the product.
"""
import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
LONECLI = os.environ.get("LONECLI") or os.path.join(HERE, "..", "..", "shared", "oracles", "lonelybot", "lonecli")


def lonelybot_index(codes):
    """Our deal order is lonelybot's card array order; its card id is rank*4 + suit, suits H D C S."""
    ids = []
    for c in codes:
        c = c.upper()
        r = "A23456789TJQK".index("T" if c[:-1] == "10" else c[:-1])
        ids.append(r * 4 + "HDCS".index(c[-1]))
    enc = 0
    for i in range(51, 0, -1):
        pos = ids[: i + 1].index(i)
        enc = enc * (i + 1) + pos
        ids[pos], ids[i] = ids[i], ids[pos]
    return enc


def verdict(klondike, game, draw, timeout):
    codes = subprocess.run([klondike, "deal", "--game", str(game)], capture_output=True, text=True,
                           check=True).stdout.split()
    start = time.perf_counter()
    try:
        out = subprocess.run([LONECLI, "solve", "exact", str(lonelybot_index(codes)), str(draw)],
                             capture_output=True, text=True, timeout=timeout).stdout
        text = "\n" + out
        v = "W" if "\nSolvable in " in text else "L" if "\nImpossible" in text else "U"
    except subprocess.TimeoutExpired:
        v = "U"
    return game, v, time.perf_counter() - start


def main():
    if not os.access(LONECLI, os.X_OK):
        sys.exit(f"lonelybot_verdicts: no lonelybot binary at {LONECLI}: build it outside the repository and set LONECLI")
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("klondike")
    p.add_argument("first", type=int)
    p.add_argument("last", type=int)
    p.add_argument("draw", type=int, choices=(1, 3))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=float, default=60.0)
    a = p.parse_args()
    with ThreadPoolExecutor(a.jobs) as pool:
        for game, v, secs in pool.map(lambda g: verdict(a.klondike, g, a.draw, a.timeout),
                                      range(a.first, a.last + 1)):
            print(f"{game} {v} {secs:.4f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
