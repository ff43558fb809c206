//! Solver benchmark: solves every deal of a deal list (default
//! `fixtures/solver/solver_bench_deals.txt`, lines `<id> <52 card codes>`)
//! with draw-1 and with draw-3 (unlimited passes, foundation-to-tableau
//! allowed) and prints, per draw count, the share decided within 0.01, 0.1,
//! 1 and 10 s, the median, p90 and max time to the verdict
//! ([`LineEffort::Quick`]) and to the shortest line (`LineEffort::Short`, what
//! `klondike solve` does; a second run for each won deal), the states
//! searched, the median line length (engine moves: each draw is one), and
//! the peak memory (`SOLVER_BENCH_ONLY=b090,b189` runs just those deals,
//! `SOLVER_BENCH_VERBOSE=1` prints one line per deal). Times are in-process:
//! add the process start (0.85 to 1.1 ms here) to compare with figures measured
//! around a whole process, or use `--process` (below).
//!
//! ```text
//! cargo run --release --example solver_bench [DEALS_FILE] [--limit SECONDS] [--verdicts TSV]
//!     [--draw 1|3] [--passes N|unlimited] [--no-foundation-to-tableau]
//!     [--process PATH-TO-KLONDIKE [--fast]]
//! ```
//!
//! With `--process`, each deal is solved by its own `klondike solve`
//! process instead, timed from start to exit (see [`process_bench`]).
//!
//! `--limit` (default 10) is the time budget per deal. `--verdicts TSV`
//! (default `fixtures/solver/solver_bench_results.tsv` when it exists)
//! checks every decided verdict against the consensus column and counts
//! contradictions (under tighter rules than the consensus's, only a win
//! where the consensus proved none). `--draw` runs one draw count only;
//! `--passes` and `--no-foundation-to-tableau` set the rules (default:
//! unlimited passes, foundation-to-tableau allowed, the peers' rules). Every winning line is replayed with the engine.

use std::time::{Duration, Instant};

use klondike::engine::deal::Deal;
use klondike::engine::game::Position;
use klondike::engine::moves::Move;
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::solver::{solve_with, Budget, LineEffort, Verdict};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut path = format!("{root}/fixtures/solver/solver_bench_deals.txt");
    let mut limit = 10.0f64;
    let mut verdicts = Some(format!("{root}/fixtures/solver/solver_bench_results.tsv"));
    let mut only_draw: Option<usize> = None;
    let mut passes = PassLimit::Unlimited;
    let mut f2t = true;
    let mut process: Option<String> = None;
    let mut fast = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => limit = args.next().and_then(|s| s.parse().ok()).unwrap_or(limit),
            "--verdicts" => verdicts = args.next(),
            "--draw" => only_draw = args.next().and_then(|s| s.parse().ok()),
            "--passes" => {
                passes = match args.next().as_deref() {
                    Some("unlimited") | None => PassLimit::Unlimited,
                    Some(n) => PassLimit::Limited(n.parse().unwrap_or(1)),
                }
            }
            "--no-foundation-to-tableau" => f2t = false,
            "--process" => process = args.next(),
            "--fast" => fast = true,
            _ => path = a,
        }
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1)
    });
    let deals: Vec<(String, Deal)> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (id, rest) = l.trim().split_once(char::is_whitespace)?;
            Some((id.to_string(), rest.parse().ok()?))
        })
        .collect();
    // SOLVER_BENCH_ONLY=b090,b189 runs just those deals.
    let only: Option<Vec<String>> =
        std::env::var("SOLVER_BENCH_ONLY").ok().map(|v| v.split(',').map(str::to_string).collect());
    let deals: Vec<(String, Deal)> =
        deals.into_iter().filter(|(id, _)| only.as_ref().is_none_or(|o| o.contains(id))).collect();
    // id -> (d1 consensus, d3 consensus)
    let mut consensus = std::collections::HashMap::new();
    if let Some(v) = verdicts.as_ref().and_then(|p| std::fs::read_to_string(p).ok()) {
        for l in v.lines().filter(|l| !l.starts_with('#') && !l.starts_with("id")) {
            let f: Vec<&str> = l.split('\t').collect();
            if f.len() > 11 {
                consensus.insert(f[0].to_string(), (f[1].to_string(), f[11].to_string()));
            }
        }
    }
    println!(
        "{} deals from {path}, limit {limit} s per deal, passes {passes:?}, foundation-to-tableau {f2t}",
        deals.len()
    );
    if let Some(exe) = process {
        process_bench(&exe, &deals, only_draw, passes, f2t, fast, limit);
        return;
    }
    for draw in [DrawCount::One, DrawCount::Three] {
        if only_draw.is_some_and(|d| d != draw.cards()) {
            continue;
        }
        let rules = Rules { draw, passes, foundation_to_tableau: f2t };
        // The consensus is for unlimited passes with foundation-to-tableau:
        // under tighter rules only "winnable here, unwinnable there" is a
        // contradiction.
        let tighter = passes != PassLimit::Unlimited || !f2t;
        let mut times = Vec::new();
        let mut decided_times = Vec::new();
        let mut lens = Vec::new();
        let mut draws_all = Vec::new();
        let mut states_all = Vec::new();
        let (mut win, mut lose, mut unknown, mut wrong, mut bad_line) = (0, 0, 0, 0, 0);
        let mut peak_mem = 0u64;
        let mut full_times = Vec::new();
        let mut quick_lens = Vec::new();
        for (id, deal) in &deals {
            let pos = Position::new(deal);
            let budget = || Budget::until(u64::MAX, Instant::now() + Duration::from_secs_f64(limit), Instant::now);
            // The verdict as soon as it is known (the line only shortened)...
            let t = Instant::now();
            let quick = solve_with(&pos, &rules, &budget(), LineEffort::Quick);
            let secs = t.elapsed().as_secs_f64();
            times.push(secs);
            // ...and, for a win, the shortest line (searches again with
            // fewer redeals): the time a `klondike solve` takes.
            let sol = if let Verdict::Winnable(line) = &quick.verdict {
                quick_lens.push(line.len());
                let t = Instant::now();
                let sol = solve_with(&pos, &rules, &budget(), LineEffort::Short);
                full_times.push(t.elapsed().as_secs_f64());
                sol
            } else {
                full_times.push(secs);
                quick
            };
            states_all.push(sol.states);
            peak_mem = peak_mem.max(sol.peak_memory_bytes);
            let expected = consensus.get(id).map(|c| if draw == DrawCount::One { &c.0 } else { &c.1 });
            let verdict = match &sol.verdict {
                Verdict::Winnable(line) => {
                    let mut p = pos.clone();
                    if !(line.iter().all(|&m| p.play(m, &rules).is_ok()) && p.is_won()) {
                        bad_line += 1;
                    }
                    win += 1;
                    lens.push(line.len());
                    draws_all.push(line.iter().filter(|m| matches!(m, Move::Draw | Move::Redeal)).count());
                    decided_times.push(secs);
                    "winnable"
                }
                Verdict::Unwinnable => {
                    lose += 1;
                    decided_times.push(secs);
                    "unwinnable"
                }
                Verdict::Unknown(_) => {
                    unknown += 1;
                    "unknown"
                }
            };
            if let Some(e) = expected {
                let e = if e.starts_with("unwinnable") { "unwinnable" } else { e.as_str() };
                let clash = if tighter {
                    verdict == "winnable" && e == "unwinnable"
                } else {
                    verdict != "unknown" && e != verdict && (e == "winnable" || e == "unwinnable")
                };
                if clash {
                    wrong += 1;
                    println!("  CONTRADICTION {id}: solver {verdict}, consensus {e}");
                }
            }
            if std::env::var_os("SOLVER_BENCH_VERBOSE").is_some() {
                println!("  {id} draw{} {verdict} {secs:.4}s states {}", draw.cards(), sol.states);
            }
        }
        times.sort_by(|a, b| a.total_cmp(b));
        lens.sort_unstable();
        draws_all.sort_unstable();
        states_all.sort_unstable();
        let within = |s: f64| decided_times.iter().filter(|&&t| t <= s).count();
        println!(
            "draw {}: {} winnable, {} unwinnable, {} unknown; contradictions {}, lines not replaying {}",
            draw.cards(),
            win,
            lose,
            unknown,
            wrong,
            bad_line
        );
        println!(
            "  decided within 0.01 s: {}, 0.1 s: {}, 1 s: {}, 10 s: {} (of {})",
            within(0.01),
            within(0.1),
            within(1.0),
            within(10.0),
            deals.len()
        );
        full_times.sort_by(|a, b| a.total_cmp(b));
        quick_lens.sort_unstable();
        println!(
            "  with the shortest line: time median {:.2} ms, p90 {:.1} ms, max {:.3} s; (quick lines: median {})",
            percentile(&full_times, 0.5) * 1e3,
            percentile(&full_times, 0.9) * 1e3,
            full_times.last().copied().unwrap_or(f64::NAN),
            quick_lens.get(quick_lens.len() / 2).copied().unwrap_or(0),
        );
        println!(
            "  verdict time median {:.3} ms, p90 {:.2} ms, max {:.3} s; states median {}, max {}; median line {} moves ({} draws and redeals); peak memory {:.1} MB",
            percentile(&times, 0.5) * 1e3,
            percentile(&times, 0.9) * 1e3,
            times.last().copied().unwrap_or(f64::NAN),
            states_all.get(states_all.len() / 2).copied().unwrap_or(0),
            states_all.last().copied().unwrap_or(0),
            lens.get(lens.len() / 2).copied().unwrap_or(0),
            draws_all.get(draws_all.len() / 2).copied().unwrap_or(0),
            peak_mem as f64 / 1e6
        );
    }
}

/// `--process KLONDIKE [--fast]`: one `klondike solve --deal ...` process
/// per deal, timed from spawn to exit (process start included, as the
/// peers were measured), with the median time of `KLONDIKE --version` (the
/// process start alone) for comparison.
fn process_bench(
    exe: &str,
    deals: &[(String, Deal)],
    only_draw: Option<usize>,
    passes: PassLimit,
    f2t: bool,
    fast: bool,
    limit: f64,
) {
    use std::process::{Command, Stdio};
    let run = |args: &[String]| -> Option<(f64, String)> {
        let t = Instant::now();
        let out = Command::new(exe).args(args).stderr(Stdio::null()).output().ok()?;
        let secs = t.elapsed().as_secs_f64();
        Some((secs, String::from_utf8_lossy(&out.stdout).lines().next().unwrap_or("").to_string()))
    };
    let mut start: Vec<f64> = (0..200).filter_map(|_| run(&["--version".to_string()]).map(|r| r.0)).collect();
    start.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{} deals, one process each ({exe}{}); process start alone (--version): median {:.3} ms",
        deals.len(),
        if fast { ", --fast" } else { "" },
        percentile(&start, 0.5) * 1e3
    );
    for draw in [1usize, 3] {
        if only_draw.is_some_and(|d| d != draw) {
            continue;
        }
        let (mut times, mut decided) = (Vec::new(), Vec::new());
        for (_, deal) in deals {
            let mut args: Vec<String> = vec![
                "solve".into(),
                "--deal".into(),
                deal.to_string(),
                "--draw".into(),
                draw.to_string(),
                "--timeout".into(),
                limit.to_string(),
            ];
            if let PassLimit::Limited(n) = passes {
                args.extend(["--passes".to_string(), n.to_string()]);
            }
            if f2t {
                args.push("--foundation-to-tableau".into());
            }
            if fast {
                args.push("--fast".into());
            }
            let Some((secs, first)) = run(&args) else { continue };
            times.push(secs);
            if first.starts_with("# winnable") || first.starts_with("# unwinnable") {
                decided.push(secs);
            }
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let within = |s: f64| decided.iter().filter(|&&t| t <= s).count();
        println!(
            "draw {draw}: decided {} of {}; within 0.01 s: {}, 0.1 s: {}, 1 s: {}; time median {:.3} ms, p90 {:.2} ms, max {:.3} s",
            decided.len(),
            times.len(),
            within(0.01),
            within(0.1),
            within(1.0),
            percentile(&times, 0.5) * 1e3,
            percentile(&times, 0.9) * 1e3,
            times.last().copied().unwrap_or(f64::NAN)
        );
    }
}
