#!/usr/bin/env python3
"""Two builds of the solver side by side under all twelve rules settings, in CPU time.

usage: scripts/twelve_settings.py OLD NEW A B [--max-states N] [--dir DIR]

For each setting (draw 1 and 3; 1 pass, 3 passes, unlimited; foundation-to-tableau on and
off), runs `OLD solve --games A..B --fast` and the same with NEW at the same time, each on
one worker thread (one per core: stop other work on the machine for the sitting), and
reports each process's CPU seconds (user + system, from wait4, so that builds whose result
lines carry no CPU time of their own compare too), the ratio, the nodes, the deals left
unknown and the verdicts the two disagree on where both decide. Prints a Markdown table;
exit 1 on any disagreement or failed run.
"""
import argparse
import json
import os
import subprocess
import sys
import shutil
import tempfile
import threading


def run(binary, games, args, max_states, path, result):
    """Runs one batch into `path`; puts its process's CPU seconds and exit status in `result`."""
    cmd = [binary, "solve", "--games", games, "--fast", "--max-states", str(max_states), "--timeout", "1000000",
           "-o", path] + args
    with open(path + ".err", "w") as err:
        proc = subprocess.Popen(cmd, env=dict(os.environ, RAYON_NUM_THREADS="1"), stdout=subprocess.DEVNULL,
                                stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
    result["cpu"] = usage.ru_utime + usage.ru_stime
    result["status"] = status
    # What the batch said last (its error, when it failed).
    with open(path + ".err") as err:
        said = [line.strip() for line in err if line.strip()]
    result["cmd"] = " ".join(cmd) + (f": {said[-1]}" if said else "")


def load(path):
    with open(path) as f:
        return {r["game"]: r for r in map(json.loads, filter(str.strip, f))}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("first", type=int)
    p.add_argument("last", type=int)
    p.add_argument("--max-states", type=int, default=2_000_000)
    p.add_argument("--dir", help="keep the result files here (default: a temporary folder, removed at the end "
                   "unless something failed)")
    a = p.parse_args()
    for binary in (a.old, a.new):
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            print(f"twelve_settings: {binary}: not an executable file", file=sys.stderr)
            return 2
    games = f"{a.first}..{a.last}"
    out = a.dir or tempfile.mkdtemp(prefix="twelve-")
    os.makedirs(out, exist_ok=True)
    code = compare(a, games, out)
    if a.dir is None:
        if code == 0:
            shutil.rmtree(out, ignore_errors=True)
        else:
            print(f"twelve_settings: the result files are in {out}", file=sys.stderr)
    return code


def compare(a, games, out):
    """Runs the twelve settings into folder `out` and prints the table; the
    exit code: 1 on a failed run or a verdict the builds disagree on."""
    failed = False
    total = {"old": 0.0, "new": 0.0}
    print("| setting | old CPU s | new CPU s | ratio | old nodes | new nodes | unknown old / new | disagree |")
    print("|---|---|---|---|---|---|---|---|")
    for draw in (1, 3):
        for passes in ("1", "3", "unlimited"):
            for f2t in (True, False):
                args = ["--draw", str(draw), "--passes", passes] + (["--foundation-to-tableau"] if f2t else [])
                name = f"d{draw}p{passes}f{'on' if f2t else 'off'}"
                res = {"old": {}, "new": {}}
                paths = {k: os.path.join(out, f"{name}-{k}.jsonl") for k in res}
                for path in paths.values():
                    if os.path.exists(path):
                        os.remove(path)
                threads = [threading.Thread(target=run, args=(b, games, args, a.max_states, paths[k], res[k]))
                           for k, b in (("old", a.old), ("new", a.new))]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                bad = [r["cmd"] for r in res.values() if r["status"] != 0]
                if bad:
                    print(f"twelve_settings: failed: {'; '.join(bad)}", file=sys.stderr)
                    return 1
                lines = {k: load(paths[k]) for k in res}
                both = [g for g in lines["old"] if g in lines["new"]]
                differ = [g for g in both if "unknown" not in (lines["old"][g]["verdict"], lines["new"][g]["verdict"])
                          and lines["old"][g]["verdict"] != lines["new"][g]["verdict"]]
                failed |= bool(differ)
                nodes = {k: sum(r["nodes"] for r in lines[k].values()) for k in res}
                unknown = {k: sum(r["verdict"] == "unknown" for r in lines[k].values()) for k in res}
                for k in res:
                    total[k] += res[k]["cpu"]
                rules = f"draw {draw}, passes {passes}, f2t {'on' if f2t else 'off'}"
                print(f"| {rules} | {res['old']['cpu']:.2f} | {res['new']['cpu']:.2f} | "
                      f"{res['old']['cpu'] / max(res['new']['cpu'], 1e-9):.2f} | {nodes['old']} | {nodes['new']} | "
                      f"{unknown['old']} / {unknown['new']} | {', '.join(differ) or 0} |", flush=True)
    print(f"| all twelve | {total['old']:.2f} | {total['new']:.2f} | {total['old'] / max(total['new'], 1e-9):.2f} "
          "| | | | |")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # Output piped into a reader that stopped (`| head`): end quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
