#!/usr/bin/env python3
"""Compares our batch verdicts with lonelybot's.

usage: scripts/compare_verdicts.py OURS.jsonl LONELYBOT.txt [LONELYBOT.txt ...]

OURS.jsonl: the output of `klondike solve --games A..B --fast --foundation-to-tableau
--draw D -o FILE` (one JSON object per game). LONELYBOT.txt: lines `GAME W|L|U SECONDS`
from scripts/lonelybot_verdicts.py. Prints the counts, every game where both decided and
disagree, and our mean, p99 and max time per deal. Exit status 1 on any disagreement.
"""
import json
import sys


def main():
    ours = {}
    secs = []
    for line in open(sys.argv[1]):
        line = line.strip()
        if not line:
            continue
        r = json.loads(line)
        v = r["verdict"]
        ours[int(r["game"])] = "W" if v == "winnable" else "L" if v == "unwinnable" else "U"
        secs.append(r.get("seconds", 0.0))
    theirs = {}
    for f in sys.argv[2:]:
        for line in open(f):
            parts = line.split()
            if len(parts) >= 2:
                theirs[int(parts[0])] = parts[1]
    both = sorted(set(ours) & set(theirs))
    disagree = [g for g in both if "U" not in (ours[g], theirs[g]) and ours[g] != theirs[g]]
    count = lambda d, v: sum(1 for g in both if d[g] == v)
    print(f"games compared: {len(both)}")
    print(f"ours:      {count(ours, 'W')} winnable, {count(ours, 'L')} unwinnable, {count(ours, 'U')} unknown")
    print(f"lonelybot: {count(theirs, 'W')} winnable, {count(theirs, 'L')} unwinnable, {count(theirs, 'U')} unknown")
    print(f"decided by both: {sum(1 for g in both if 'U' not in (ours[g], theirs[g]))}, disagreements: {len(disagree)}")
    for g in disagree:
        print(f"  game {g}: ours {ours[g]}, lonelybot {theirs[g]}")
    if secs:
        secs.sort()
        print(f"our time per deal: mean {sum(secs) / len(secs) * 1000:.2f} ms, "
              f"p99 {secs[int(len(secs) * 0.99)] * 1000:.1f} ms, max {secs[-1]:.2f} s")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
