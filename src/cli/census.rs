//! `klondike census`: solve a range of deals under several rules settings
//! (each a resumable batch file), then count the verdicts of those files
//! and of any others given, and print the win rates.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use klondike::census::{table, Census};
use klondike::rules::{DrawCount, PassLimit, Rules};

use super::args::{Draw, GameArgs};
use super::solve::{self, SolveArgs};

/// Options for `klondike census`.
#[derive(Args, Debug, Clone)]
pub struct CensusArgs {
    /// Solve game numbers A to B first, under every rules setting asked
    /// for, into one resumable batch file per setting in --dir (a run
    /// stopped part-way goes on where it stopped). Without it, only the
    /// FILES are counted.
    #[arg(long, value_name = "A..B", value_parser = solve::parse_range)]
    pub games: Option<(u128, u128)>,
    /// Draw counts to solve under, comma-separated.
    #[arg(long, value_name = "N,...", value_delimiter = ',', default_values = ["1", "3"])]
    pub draw: Vec<Draw>,
    /// Pass limits to solve under, comma-separated: numbers from 1, or
    /// `unlimited`.
    #[arg(long, value_name = "N,...", value_delimiter = ',', default_values = ["1", "3", "unlimited"], value_parser = parse_passes)]
    pub passes: Vec<PassLimit>,
    /// Foundation-to-tableau moves: `on`, `off`, or both (`on,off`).
    #[arg(long, value_name = "on,off", value_delimiter = ',', default_values = ["on", "off"])]
    pub foundation_to_tableau: Vec<OnOff>,
    /// The folder of the batch files (created if missing).
    #[arg(long, value_name = "DIR", default_value = "census")]
    pub dir: PathBuf,
    /// Take only every N-th game of the range, starting with the K-th (K
    /// from 1 to N), as `solve --shard` does: N machines (a Slurm job
    /// array, a Kubernetes Indexed Job) split a census with no coordination;
    /// the shard is part of each file's name.
    #[arg(long, value_name = "K/N", value_parser = solve::parse_shard, requires = "games")]
    pub shard: Option<(u128, u128)>,
    /// Give up (verdict `unknown`) after this many seconds per deal.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = solve::parse_seconds)]
    pub timeout: f64,
    /// Count only the games of this range (default: the range of --games,
    /// or every game in the files).
    #[arg(long, value_name = "A..B", value_parser = solve::parse_range)]
    pub only: Option<(u128, u128)>,
    /// Also write the verdicts of the counted range (--only, or --games)
    /// under the rules settings asked for to FILE, compactly: a header
    /// naming the settings, then a line per game with a letter per setting
    /// (W winnable, U unwinnable, ? not decided). `fixtures/verdicts.txt` is
    /// such a file; `--winnable` deals from it.
    #[arg(long, value_name = "FILE")]
    pub verdict_file: Option<PathBuf>,
    /// Batch files to count as well: the output of `solve --games ...
    /// --output FILE` or of earlier censuses and their shards, in any
    /// order, concatenated or not; a game met twice under the same rules
    /// counts once.
    pub files: Vec<PathBuf>,
}

/// `on` or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

fn parse_passes(s: &str) -> Result<PassLimit, String> {
    s.parse::<PassLimit>().map_err(|e| e.to_string())
}

/// Every rules setting the options ask for, draw 1 first.
fn variants(args: &CensusArgs) -> Vec<Rules> {
    let mut all = Vec::new();
    for draw in &args.draw {
        for passes in &args.passes {
            for f2t in &args.foundation_to_tableau {
                let rules = Rules {
                    draw: match draw {
                        Draw::One => DrawCount::One,
                        Draw::Three => DrawCount::Three,
                    },
                    passes: *passes,
                    foundation_to_tableau: *f2t == OnOff::On,
                };
                if !all.contains(&rules) {
                    all.push(rules);
                }
            }
        }
    }
    all
}

/// The batch file of one rules setting (and shard) in `dir`:
/// `draw1-passes3-f2t-on.jsonl`, `...-shard2of8.jsonl`.
fn file_name(dir: &Path, rules: &Rules, shard: Option<(u128, u128)>) -> PathBuf {
    let passes = match rules.passes {
        PassLimit::Unlimited => "unlimited".to_string(),
        PassLimit::Limited(n) => n.to_string(),
    };
    let f2t = if rules.foundation_to_tableau { "on" } else { "off" };
    let shard = shard.map_or_else(String::new, |(k, n)| format!("-shard{k}of{n}"));
    dir.join(format!("draw{}-passes{passes}-f2t-{f2t}{shard}.jsonl", rules.draw.cards()))
}

/// Runs the census: the batches (with `--games`), then the count.
///
/// # Errors
/// A folder or file that cannot be made, read or written; a batch's error.
pub fn run(args: CensusArgs) -> Result<()> {
    let mut files = args.files.clone();
    if let Some(range) = args.games {
        fs::create_dir_all(&args.dir).with_context(|| format!("cannot make the folder '{}'", args.dir.display()))?;
        for rules in variants(&args) {
            let output = file_name(&args.dir, &rules, args.shard);
            let _ = writeln!(io::stderr(), "klondike census: {rules}: {}", output.display());
            let batch = SolveArgs {
                game: GameArgs {
                    game: None,
                    deal: None,
                    draw: if rules.draw == DrawCount::Three { Draw::Three } else { Draw::One },
                    passes: Some(rules.passes),
                    foundation_to_tableau: rules.foundation_to_tableau,
                },
                timeout: args.timeout,
                max_states: solve::DEFAULT_MAX_STATES,
                json: true,
                // Only the verdict counts here, not how short the line is.
                fast: true,
                moves: None,
                load: None,
                games: Some(range),
                games_file: None,
                shard: args.shard,
                output: Some(output.clone()),
            };
            solve::run(batch)?;
            files.push(output);
        }
    }
    let mut census = Census::default();
    let mut skipped = 0usize;
    for path in &files {
        let text = fs::read_to_string(path).with_context(|| format!("cannot read '{}'", path.display()))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            if census.add_line(line).is_err() {
                skipped += 1;
            }
        }
    }
    if skipped > 0 {
        let _ = writeln!(io::stderr(), "klondike census: {skipped} line(s) that are not results were left out");
    }
    let range = args.only.or(args.games);
    let rows = census.rows(range);
    let mut out = io::stdout().lock();
    match range {
        Some((a, b)) => writeln!(out, "Census of games {a}..{b}")?,
        None => writeln!(out, "Census of every game in the files")?,
    }
    write!(out, "{}", table(&rows))?;
    out.flush()?;
    if let Some(path) = &args.verdict_file {
        let Some((first, last)) = range else {
            anyhow::bail!("--verdict-file needs the range of games: give --only A..B or --games A..B");
        };
        let text = census.verdict_file(first, last, &variants(&args));
        klondike::store::write_atomically(path, text.as_bytes())
            .with_context(|| format!("cannot write '{}'", path.display()))?;
    }
    Ok(())
}
