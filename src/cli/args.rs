//! The command line (clap): the program's subcommands, over the options
//! the front end describes ([`crate::options`]).

use clap::{Parser, Subcommand};

use crate::options::{CensusArgs, DealArgs, PlayArgs, ReviewArgs, SolveArgs};

/// What `--help` says after the options of play: the defaults it shows are
/// those of a first game, since an interactive session keeps what you chose.
const KEPT_SETTINGS: &str = "At an interactive terminal, the rules and display options you give \
(--draw, --passes, --foundation-to-tableau, --scoring, --autoplay, --layout, --cards, --suits) \
are kept as your defaults for the next game there; the defaults above are those of a first game. \
Scripts (standard input not a terminal) never keep them.";

/// Klondike solitaire for the terminal: type commands such as `d`, `w 3`,
/// `t 2 5`; pipe a script of them in to replay it.
#[derive(Parser, Debug)]
#[command(name = "klondike", version, args_conflicts_with_subcommands = true, args_override_self = true, after_help = KEPT_SETTINGS)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Subcommands>,
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Subcommands {
    /// Play a game (the default when no subcommand is given).
    #[command(after_help = KEPT_SETTINGS, args_override_self = true)]
    Play(PlayArgs),
    /// Print the deal: 52 card codes on one line (pile 1 to 7 bottom to
    /// top, then the stock from the top), the format --deal reads.
    #[command(args_override_self = true)]
    Deal(DealArgs),
    /// Solve a deal: is it winnable by a player who sees every card? Prints
    /// `# winnable in N moves` (then the moves, one per line),
    /// `# unwinnable` or `# unknown (...)`.
    #[command(args_override_self = true)]
    Solve(SolveArgs),
    /// Review a lost game (a saved game or a moves file): where was it
    /// lost? The move that lost it, the last position from which it could
    /// still be won, and a move that would have kept it winnable (or that
    /// the deal could never be won).
    #[command(args_override_self = true)]
    Review(ReviewArgs),
    /// A census of win rates: solve a range of deals under several rules
    /// settings (resumable batch files, shardable over machines), then count
    /// the verdicts of those and any other batch files: decided, winnable,
    /// unwinnable, unknown, the win rate with its 95% Wilson interval, and
    /// the time per deal.
    #[command(args_override_self = true)]
    Census(CensusArgs),
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
        /// A sentence per rules setting instead of the table (also on when
        /// the environment variable KLONDIKE_SCREEN_READER is set to
        /// anything but 0 or an empty string).
        #[arg(long)]
        screen_reader: bool,
    },
}
