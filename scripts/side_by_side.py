#!/usr/bin/env python3
"""The solver's speed, side by side with lonelybot, in CPU time.

usage: scripts/side_by_side.py KLONDIKE A B DRAW [--passes N|unlimited]
           [--no-foundation-to-tableau] [--max-states N] [--lonelybot-timeout S]
           [--per-deal FILE] [--repeat K]

Solves PySol games A..B as one batch of KLONDIKE (`solve --games A..B --fast`,
one worker thread) and reports, from the batch's own lines, the CPU seconds
per deal (mean, p99, max and its game), the nodes and the nodes per CPU
second. Where lonelybot's rules apply (unlimited passes, foundation-to-tableau
allowed) and LONECLI names its binary (built from its public source outside
this repository), it runs one lonelybot process per deal at the same time, on
the other core, and reports its CPU seconds (its process start, measured on a
deal it decides at once, taken out), the ratio of the two totals, and every
verdict the two disagree on. CPU time, not wall time: the machines are shared.
Prints a Markdown table; exit 1 on any disagreement. With --per-deal, also
writes one tab-separated line per deal (game, our verdict, CPU seconds and
nodes, lonelybot's verdict and CPU seconds, `-` where it did not run), to find
the deals where the two differ most. With --repeat K, both run K times and
each deal keeps its least CPU time on each side (CPU time varies from run to
run on a shared machine); each deal's verdicts and nodes are those of the
first run. LONECLI naming no executable file is said on stderr, and then
ours is run alone.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lonelybot_verdicts import lonelybot_index  # noqa: E402


# lonelybot's permutation number of the deck in order, a deal it wins at
# once: its process start is measured on it.
START_COST_INDEX = 0


def p99(values):
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 99 // 100) - 1)] if ordered else float("nan")


def run_ours(args, out_path, result):
    cmd = [args.klondike, "solve", "--games", f"{args.first}..{args.last}", "--draw", str(args.draw),
           "--passes", args.passes, "--fast", "--max-states", str(args.max_states), "--timeout", "1000000",
           "-o", out_path]
    if args.f2t:
        cmd.append("--foundation-to-tableau")
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    with open(out_path + ".err", "w") as err:
        proc = subprocess.Popen(cmd, env=env, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        with open(out_path + ".err") as err:
            said = [line.strip() for line in err if line.strip()]
        result["error"] = (f"side_by_side: {' '.join(cmd)} failed (wait status {status})"
                           + (f": {said[-1]}" if said else ""))
    result["process_cpu"] = usage.ru_utime + usage.ru_stime


def lonelybot_cpu(lonecli, index, draw, timeout):
    """lonelybot's verdict (W, L or U) and the CPU seconds of its process."""
    proc = subprocess.Popen([lonecli, "solve", "exact", str(index), str(draw)], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    out = proc.stdout.read()
    _, _, usage = os.wait4(proc.pid, 0)
    timer.cancel()
    text = "\n" + out
    verdict = "W" if "\nSolvable in " in text else "L" if "\nImpossible" in text else "U"
    return verdict, usage.ru_utime + usage.ru_stime


def sitting(args, deals, side_by_side, lonecli):
    """One run of our batch and, at the same time, of lonelybot on each deal:
    our result lines, lonelybot's (verdict, CPU) by game, the wall seconds and
    our batch's process CPU seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        out_path = os.path.join(tmp, "ours.jsonl")
        ours_result = {}
        ours = threading.Thread(target=run_ours, args=(args, out_path, ours_result))
        started = time.time()
        ours.start()
        theirs = {}
        if side_by_side:
            # The process start, measured on permutation 0 (the deck in
            # order, won at once), is taken out of every deal's time. Not on
            # a deal of the range: a range of one hard deal would take the
            # deal's own time out of itself.
            start_cost = min(lonelybot_cpu(lonecli, START_COST_INDEX, args.draw, 60)[1] for _ in range(5))
            for game in range(args.first, args.last + 1):
                verdict, cpu = lonelybot_cpu(lonecli, deals[game], args.draw, args.lonelybot_timeout)
                theirs[game] = (verdict, max(0.0, cpu - start_cost))
        ours.join()
        if "error" in ours_result:
            sys.exit(ours_result["error"])
        wall = time.time() - started
        lines = [json.loads(line) for line in open(out_path) if line.strip()]
    return lines, theirs, wall, ours_result.get("process_cpu", float("nan"))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("klondike")
    p.add_argument("first", type=int)
    p.add_argument("last", type=int)
    p.add_argument("draw", type=int, choices=(1, 3))
    p.add_argument("--passes", default="unlimited")
    p.add_argument("--no-foundation-to-tableau", dest="f2t", action="store_false")
    p.add_argument("--max-states", type=int, default=8_000_000)
    p.add_argument("--lonelybot-timeout", type=float, default=60.0)
    p.add_argument("--per-deal", metavar="FILE")
    p.add_argument("--repeat", type=int, default=1, metavar="K")
    args = p.parse_args()

    if not (os.path.isfile(args.klondike) and os.access(args.klondike, os.X_OK)):
        sys.exit(f"side_by_side: {args.klondike}: not an executable file")
    if args.repeat < 1:
        sys.exit(f"side_by_side: --repeat {args.repeat}: give 1 or more runs")
    if args.first < 1 or args.last < args.first:
        sys.exit(f"side_by_side: games {args.first}..{args.last}: give a range of PySol games from 1 up")
    if args.per_deal and not os.path.isdir(os.path.dirname(os.path.abspath(args.per_deal))):
        sys.exit(f"side_by_side: --per-deal {args.per_deal}: its folder does not exist")
    lonecli = os.environ.get("LONECLI")
    if lonecli and not (os.path.isfile(lonecli) and os.access(lonecli, os.X_OK)):
        # A side-by-side quietly turned into a run of ours alone would
        # mislead: say so, and go on with ours.
        print(f"side_by_side: LONECLI={lonecli} is not an executable file: lonelybot is not run",
              file=sys.stderr)
        lonecli = None
    side_by_side = args.passes == "unlimited" and args.f2t and lonecli
    games = range(args.first, args.last + 1)
    deals = {}
    if side_by_side:
        for game in games:
            dealt = subprocess.run([args.klondike, "deal", "--game", str(game)], capture_output=True, text=True)
            if dealt.returncode != 0:
                sys.exit(f"side_by_side: {args.klondike} deal --game {game} failed: {dealt.stderr.strip()}")
            deals[game] = lonelybot_index(dealt.stdout.split())

    # With --repeat K, everything runs K times and each deal keeps its least
    # CPU time on each side: on a shared machine a deal's CPU time varies
    # from run to run (lonelybot's by as much as a third from one sitting to
    # the next), and the least is the closest to what the work itself costs.
    cpu, theirs, walls, process_cpu, lines = {}, {}, [], [], []
    for run in range(args.repeat):
        run_lines, their_run, wall, proc_cpu = sitting(args, deals, side_by_side, lonecli)
        if run == 0:
            lines = run_lines
        walls.append(wall)
        process_cpu.append(proc_cpu)
        for r in run_lines:
            g = int(r["game"])
            c = r.get("cpu_seconds", r["seconds"])
            cpu[g] = min(cpu.get(g, c), c)
        for g, (v, c) in their_run.items():
            first_verdict, least = theirs.get(g, (v, c))
            theirs[g] = (first_verdict, min(least, c))
    wall = sum(walls)

    verdict = {int(r["game"]): {"winnable": "W", "unwinnable": "L"}.get(r["verdict"], "U") for r in lines}
    deal_nodes = {int(r["game"]): r["nodes"] for r in lines}
    nodes = sum(deal_nodes.values())
    if args.per_deal:
        with open(args.per_deal, "w") as f:
            f.write("game\tours\tours_cpu_s\tours_nodes\tlonelybot\tlonelybot_cpu_s\n")
            for game in sorted(cpu):
                v, c = theirs.get(game, ("-", None))
                their = "-" if c is None else f"{c:.6f}"
                f.write(f"{game}\t{verdict[game]}\t{cpu[game]:.6f}\t{deal_nodes[game]}\t{v}\t{their}\n")
    total = sum(cpu.values())
    slowest = max(cpu, key=cpu.get)
    rules = f"draw {args.draw}, passes {args.passes}, foundation-to-tableau {'on' if args.f2t else 'off'}"
    print(f"PySol games {args.first}..{args.last}, {rules}, at most {args.max_states} states a deal "
          f"(wall {wall:.0f} s; batch process CPU {min(process_cpu):.1f} s"
          f"{f'; least of {args.repeat} runs a deal' if args.repeat > 1 else ''})")
    print()
    print("| | CPU s | mean ms | p99 ms | max ms (game) | nodes | nodes per CPU s | won | lost | unknown |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    counts = [sum(1 for v in verdict.values() if v == k) for k in "WLU"]
    print(f"| ours | {total:.2f} | {1000 * total / len(cpu):.2f} | {1000 * p99(cpu.values()):.1f} | "
          f"{1000 * cpu[slowest]:.0f} ({slowest}) | {nodes} | {nodes / total:.0f} | "
          f"{counts[0]} | {counts[1]} | {counts[2]} |")
    disagree = []
    if side_by_side:
        their_cpu = {g: c for g, (_, c) in theirs.items()}
        their_total = sum(their_cpu.values())
        their_slowest = max(their_cpu, key=their_cpu.get)
        tc = [sum(1 for v, _ in theirs.values() if v == k) for k in "WLU"]
        print(f"| lonelybot | {their_total:.2f} | {1000 * their_total / len(their_cpu):.2f} | "
              f"{1000 * p99(their_cpu.values()):.1f} | {1000 * their_cpu[their_slowest]:.0f} ({their_slowest}) | "
              f"- | - | {tc[0]} | {tc[1]} | {tc[2]} |")
        print()
        print(f"Ratio (lonelybot's CPU over ours): {their_total / total:.2f}")
        both = [g for g in games if verdict.get(g, "U") != "U" and theirs[g][0] != "U"]
        disagree = [g for g in both if verdict[g] != theirs[g][0]]
        print(f"Verdicts both decide: {len(both)}; disagreements: {len(disagree)} {disagree[:20]}")
        share = sum(c for g, c in cpu.items() if verdict[g] == "L") / total
        print(f"Unwinnable deals' share of our CPU: {100 * share:.0f}%; "
              f"median ours {1000 * statistics.median(cpu.values()):.2f} ms")
    return 1 if disagree else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # Output piped into a reader that stopped (`| head`): end quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
