//! Command-line arguments (clap).

use clap::{Args, Parser, Subcommand, ValueEnum};

use klondike::rules::{DrawCount, PassLimit, Rules};
use klondike::scoring::Scoring;

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
    /// Print the deal: 52 card codes on one line (pile 1 to 7 bottom to
    /// top, then the stock from the top), the format --deal reads.
    Deal(DealArgs),
    /// Solve a deal: is it winnable by a player who sees every card? Prints
    /// `# winnable in N moves` (then the moves, one per line),
    /// `# unwinnable` or `# unknown (...)`.
    Solve(super::solve::SolveArgs),
    /// A census of win rates: solve a range of deals under several rules
    /// settings (resumable batch files, shardable over machines), then count
    /// the verdicts of those and any other batch files: decided, winnable,
    /// unwinnable, unknown, the win rate with its 95% Wilson interval, and
    /// the time per deal.
    Census(super::census::CensusArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff, section 6): `klondike man | man -l -`.
    Man,
    /// Print the statistics of games played, per rules setting.
    Stats {
        /// Print them as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Which deal and which rules.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Deal number N (1 to 2^128-1), the same deal as PySolFC's Klondike game N.
    // Read by `GameNumber`'s `FromStr`, as `new N` is at the prompt: digits
    // only, so `+5` is refused here too.
    #[arg(long, value_name = "N", conflicts_with = "deal", allow_negative_numbers = true)]
    pub game: Option<klondike::deal::GameNumber>,
    /// An explicit deal: 52 card codes (pile 1..7 bottom to top, then the
    /// stock from the top), or @FILE to read them from a file.
    #[arg(long, value_name = "DEAL", allow_hyphen_values = false)]
    pub deal: Option<String>,
    /// Cards turned from stock to waste per draw.
    #[arg(long, value_name = "N", default_value = "1")]
    pub draw: Draw,
    /// Passes through the stock: a number from 1, or `unlimited` [default:
    /// unlimited; when playing with --scoring vegas, 1 in draw-1 and 3 in
    /// draw-3].
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub passes: Option<PassLimit>,
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
            passes: self.passes.unwrap_or_default(),
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
    /// Screen-reader mode: one plain sentence per command instead of the
    /// table; list layout with cards in words; plain line input; no colour.
    /// Also on when the environment variable KLONDIKE_SCREEN_READER is set
    /// to anything but 0 or an empty string.
    #[arg(long)]
    pub screen_reader: bool,
    /// How the whole table is shown: `columns` (the classic picture: the
    /// seven piles as columns cascading down), `rows` (one pile a line, card
    /// codes, `##` for face-down cards; also `table`) or `list` (words,
    /// face-down cards counted). Default: columns at an interactive
    /// terminal, rows for scripts, list in screen-reader mode.
    #[arg(long, value_name = "LAYOUT")]
    pub layout: Option<Layout>,
    /// Cards in `words` ("queen of hearts") or `short` codes ("QH").
    /// Default: words in the list layout, short in the table.
    #[arg(long, value_name = "STYLE")]
    pub cards: Option<CardsOption>,
    /// Suits of short codes as `letters` (QH) or `symbols` (Q♥). Default:
    /// symbols at an interactive terminal whose locale is UTF-8, letters
    /// otherwise (and always in scripts, so transcripts stay the same).
    #[arg(long, value_name = "STYLE")]
    pub suits: Option<SuitsOption>,
    /// Red suits in colour: `auto` (only on a terminal, and never with
    /// NO_COLOR set or TERM=dumb), `always` or `never`.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub color: ColorOption,
    /// Ask before a command throws away a game in progress (new, restart,
    /// load), also in a scripted run (an interactive session always asks).
    #[arg(long)]
    pub confirm: bool,
    /// The prompt before each command at an interactive terminal. Default:
    /// `> `, or none in screen-reader mode (a screen reader would read it).
    #[arg(long, value_name = "TEXT")]
    pub prompt: Option<String>,
    /// After every move, play every safe card to its foundation, and finish
    /// the game by itself once every card is face up.
    #[arg(long)]
    pub autoplay: bool,
    /// Scoring: `standard` (Windows: +5, +10, -15, redeal penalties), `vegas`
    /// (-52 to start, +5 a card home, a balance kept across games) or `none`.
    #[arg(long, value_name = "SCORING", default_value = "standard")]
    pub scoring: Scoring,
    /// Load a saved game (a file written by `save`) and play on from it,
    /// under its own rules and scoring.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "deal", "winnable", "draw", "passes", "foundation_to_tableau", "scoring"])]
    pub load: Option<std::path::PathBuf>,
    /// Resume the game saved when the last interactive session was quit,
    /// without asking, under its own rules and scoring.
    #[arg(long, conflicts_with_all = ["game", "deal", "winnable", "load", "no_resume", "draw", "passes", "foundation_to_tableau", "scoring"])]
    pub resume: bool,
    /// Do not offer to resume the game saved when the last session was quit.
    #[arg(long)]
    pub no_resume: bool,
    /// Save an unfinished game for resuming when the session ends, also in a
    /// scripted run (an interactive session always does).
    #[arg(long)]
    pub autosave: bool,
    /// Count the games of this session in the statistics, also in a scripted
    /// run (an interactive session always does).
    #[arg(long)]
    pub stats: bool,
    /// Deal only a game that the solver proves winnable under the rules in
    /// force: from the chosen (or a random) game number, try successive
    /// numbers and say which one was dealt (the games of the committed
    /// census, fixtures/verdicts.txt, at once from its verdicts).
    #[arg(long, conflicts_with = "deal")]
    pub winnable: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CardsOption {
    Words,
    Short,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SuitsOption {
    Letters,
    Symbols,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorOption {
    Auto,
    Always,
    Never,
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

/// The ways to show the whole table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Layout {
    /// The classic picture: the seven piles as columns cascading down.
    Columns,
    /// Card codes, one pile per line, face-down cards as `##`.
    #[value(alias = "table")]
    Rows,
    /// One pile per line in words, face-down cards as a count.
    List,
}
