//! `klondike census`: solve a range of deals under several rules settings
//! (each a resumable batch file), then count the verdicts of those files
//! and of any others given, and print the win rates.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use klondike::batch::{GameRange, Limits, Plan, Shard};
use klondike::census::{self, Census};
use klondike::render;
use klondike::rules::{DrawCount, PassLimit, Rules};
use klondike::solver::LineEffort;

use super::args::Draw;
use super::solve;

/// Options for `klondike census`.
#[derive(Args, Debug, Clone)]
pub struct CensusArgs {
    /// Solve game numbers A to B first, under every rules setting asked
    /// for, into one resumable batch file per setting in --dir (a run
    /// stopped part-way goes on where it stopped). Without it, only the
    /// FILES are counted.
    #[arg(long, value_name = "A..B")]
    pub games: Option<GameRange>,
    /// Draw counts to solve under, comma-separated.
    #[arg(long, value_name = "N,...", value_delimiter = ',', default_values = ["1", "3"])]
    pub draw: Vec<Draw>,
    /// Pass limits to solve under, comma-separated: numbers from 1, or
    /// `unlimited`.
    #[arg(long, value_name = "N,...", value_delimiter = ',', default_values = ["1", "3", "unlimited"])]
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
    #[arg(long, value_name = "K/N", requires = "games")]
    pub shard: Option<Shard>,
    /// Give up (verdict `unknown`) after this many seconds per deal.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = klondike::batch::parse_timeout)]
    pub timeout: Duration,
    /// Count only the games of this range (default: the range of --games,
    /// or every game in the files).
    #[arg(long, value_name = "A..B")]
    pub only: Option<GameRange>,
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

/// Every rules setting the options ask for, draw 1 first.
fn variants(args: &CensusArgs) -> Vec<Rules> {
    let draws: Vec<DrawCount> = args
        .draw
        .iter()
        .map(|d| match d {
            Draw::One => DrawCount::One,
            Draw::Three => DrawCount::Three,
        })
        .collect();
    let f2t: Vec<bool> = args.foundation_to_tableau.iter().map(|o| *o == OnOff::On).collect();
    census::variants(&draws, &args.passes, &f2t)
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
            let output = args.dir.join(census::batch_file_name(&rules, args.shard));
            let _ = writeln!(io::stderr(), "klondike census: {rules}: {}", output.display());
            // Only the verdict counts here, not how short the line is.
            let limits =
                Limits { max_states: solve::DEFAULT_MAX_STATES, timeout: args.timeout, effort: LineEffort::Quick };
            let plan = Plan::of(range, args.shard.unwrap_or_default());
            solve::run_batch(plan, &rules, &limits, Some(&output))?;
            files.push(output);
        }
    }
    let mut census = Census::default();
    let mut skipped = 0usize;
    for path in &files {
        let text = fs::read_to_string(path).with_context(|| format!("cannot read '{}'", path.display()))?;
        skipped += census.add_text(&text);
    }
    if skipped > 0 {
        let _ = writeln!(io::stderr(), "klondike census: {skipped} line(s) that are not results were left out");
    }
    let range = args.only.or(args.games);
    let rows = census.rows(range);
    let mut out = io::stdout().lock();
    writeln!(out, "{}", render::census::heading(range))?;
    write!(out, "{}", render::census::table(&rows))?;
    out.flush()?;
    if let Some(path) = &args.verdict_file {
        let Some(GameRange { first, last }) = range else {
            anyhow::bail!("--verdict-file needs the range of games: give --only A..B or --games A..B");
        };
        let text = census.verdict_file(first, last, &variants(&args));
        klondike::store::write_atomically(path, text.as_bytes())
            .with_context(|| format!("cannot write '{}'", path.display()))?;
    }
    Ok(())
}
