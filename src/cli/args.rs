//! Command-line arguments (clap).

use clap::{Args, Parser, Subcommand, ValueEnum};

use klondike::rules::{DrawCount, PassLimit, Rules};

/// Klondike solitaire for the terminal: type commands such as `d`, `w 3`,
/// `t 2 5`; pipe a script of them in to replay it.
#[derive(Parser, Debug)]
#[command(name = "klondike", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Subcommands>,
    #[command(flatten)]
    pub play: PlayArgs,
}

#[derive(Subcommand, Debug)]
pub enum Subcommands {
    /// Play a game (the default when no subcommand is given).
    Play(PlayArgs),
    /// Print the deal (52 card codes on one line, SPEC.md's deal format).
    Deal(DealArgs),
}

/// Which deal and which rules.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Deal number N (1 to 2^128-1), the same deal as PySolFC's Klondike game N.
    #[arg(long, value_name = "N", value_parser = parse_game_number, conflicts_with = "deal")]
    pub game: Option<u128>,
    /// An explicit deal: 52 card codes (pile 1..7 bottom to top, then the
    /// stock from the top), or @FILE to read them from a file.
    #[arg(long, value_name = "DEAL", allow_hyphen_values = false)]
    pub deal: Option<String>,
    /// Cards turned from stock to waste per draw.
    #[arg(long, value_name = "N", default_value = "1")]
    pub draw: Draw,
    /// Passes through the stock: a number from 1, or `unlimited`.
    #[arg(long, value_name = "N", default_value = "unlimited", value_parser = parse_passes)]
    pub passes: PassLimit,
    /// Allow moving the top card of a foundation back onto the tableau.
    #[arg(long)]
    pub foundation_to_tableau: bool,
}

impl GameArgs {
    /// The rules these options choose.
    pub fn rules(&self) -> Rules {
        Rules {
            draw: match self.draw {
                Draw::One => DrawCount::One,
                Draw::Three => DrawCount::Three,
            },
            passes: self.passes,
            foundation_to_tableau: self.foundation_to_tableau,
        }
    }
}

/// Options for playing.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Print one JSON object per line (the state after each command) instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Stop at the first rejected command, with exit status 3.
    #[arg(long)]
    pub strict: bool,
}

/// Options for `klondike deal`.
#[derive(Args, Debug, Clone)]
pub struct DealArgs {
    #[command(flatten)]
    pub game: GameArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Draw {
    #[value(name = "1")]
    One,
    #[value(name = "3")]
    Three,
}

fn parse_game_number(s: &str) -> Result<u128, String> {
    match s.parse::<u128>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{s}' is not a game number: give a whole number from 1 to 2^128-1")),
    }
}

fn parse_passes(s: &str) -> Result<PassLimit, String> {
    s.parse::<PassLimit>().map_err(|e| e.to_string())
}
