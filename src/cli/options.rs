//! The command line's options and what they mean, without reading them:
//! the binary parses the process's arguments into these (clap), and the
//! choices they make are here, as plain functions with unit tests: the
//! rules ([`GameArgs::rules`], Vegas's pass limit in [`PlayArgs::rules`]),
//! the look asked for ([`PlayArgs::looks`]), what is asked of a saved game
//! ([`PlayArgs::asked`]), a solve's limits and a census's rules settings.
//! What touches the world (the process's arguments, the environment, the
//! terminal) stays in the binary, which passes what it found.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use klondike::app::batch::{self, GameRange, Limits, Shard};
use klondike::app::census;
use klondike::app::render::replies::Instead;
use klondike::app::render::screen;
use klondike::app::render::words::{CardNames, SuitStyle};
use klondike::app::session::{Asked, BeginWith, DealChoice, ViewAsked};
use klondike::app::settings::Settings;
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::scoring::{vegas_pass_limit, Scoring};
use klondike::engine::solver::LineEffort;

/// Which deal: `--game N` or `--deal D`.
#[derive(Args, Debug, Clone)]
pub struct DealSource {
    /// Deal number N (1 to 2^128-1), the same deal as PySolFC's Klondike game N.
    // Read by `GameNumber`'s `FromStr`, as `new N` is at the prompt: digits
    // only, so `+5` is refused here too.
    #[arg(long, value_name = "N", conflicts_with = "deal", allow_negative_numbers = true)]
    pub game: Option<klondike::engine::deal::GameNumber>,
    /// An explicit deal: 52 card codes (pile 1..7 bottom to top, then the
    /// stock from the top), or @FILE to read them from a file.
    #[arg(long, value_name = "DEAL", allow_hyphen_values = false)]
    pub deal: Option<String>,
}

impl DealSource {
    /// The deal these options name.
    pub fn choice(&self) -> DealChoice {
        DealChoice { game: self.game, deal: self.deal.clone() }
    }
}

/// Which deal and which rules.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    #[command(flatten)]
    pub source: DealSource,
    /// Cards turned from stock to waste per draw [default: 1].
    #[arg(long, value_name = "N")]
    pub draw: Option<Draw>,
    /// Passes through the stock: a number from 1, or `unlimited` [default:
    /// unlimited; when playing with --scoring vegas, 1 in draw-1 and 3 in
    /// draw-3].
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub passes: Option<PassLimit>,
    /// Allow moving the top card of a foundation back onto the tableau
    /// (`--foundation-to-tableau` alone is `on`).
    #[arg(long, value_name = "on|off", num_args = 0..=1, default_missing_value = "on")]
    pub foundation_to_tableau: Option<OnOff>,
}

impl GameArgs {
    /// The deal these options name.
    pub fn choice(&self) -> DealChoice {
        self.source.choice()
    }

    /// The rules these options choose.
    pub fn rules(&self) -> Rules {
        Rules {
            draw: self.draw.map_or(DrawCount::One, Draw::count),
            passes: self.passes.unwrap_or_default(),
            foundation_to_tableau: self.foundation_to_tableau == Some(OnOff::On),
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
    /// the game by itself once every card is face up (`--autoplay` alone is
    /// `on`; `autoplay on` and `autoplay off` at the prompt).
    #[arg(long, value_name = "on|off", num_args = 0..=1, default_missing_value = "on")]
    pub autoplay: Option<OnOff>,
    /// Scoring: `standard` (Windows: +5, +10, -15, redeal penalties), `vegas`
    /// (-52 to start, +5 a card home, a balance kept across games) or `none`
    /// [default: standard].
    #[arg(long, value_name = "SCORING")]
    pub scoring: Option<Scoring>,
    /// Load a saved game (a file written by `save`) and play on from it,
    /// under its own rules and scoring.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "deal", "winnable", "draw", "passes", "foundation_to_tableau", "scoring"])]
    pub load: Option<std::path::PathBuf>,
    /// Resume the game saved when the last interactive session was quit,
    /// without asking, under its own rules and scoring.
    #[arg(long, conflicts_with_all = ["game", "deal", "winnable", "load", "no_resume", "draw", "passes", "foundation_to_tableau", "scoring"])]
    pub resume: bool,
    /// Start a new game without offering to resume the game saved when the
    /// last session was quit: that game then counts as lost, and its saved
    /// copy is replaced.
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
    /// census, src/app/census/verdicts.txt, at once from its verdicts).
    #[arg(long, conflicts_with = "deal")]
    pub winnable: bool,
}

impl PlayArgs {
    /// The rules for a game: as the options say, except that Vegas scoring
    /// brings its usual pass limit when `--passes` is not given.
    pub fn rules(&self) -> Rules {
        let mut rules = self.game.rules();
        if self.scoring == Some(Scoring::Vegas) && self.game.passes.is_none() {
            rules.passes = vegas_pass_limit(rules.draw);
        }
        rules
    }

    /// These options with the settings `kept` (an interactive player's,
    /// [`klondike::app::settings`]) where the options leave one out: an
    /// option given always wins. In screen-reader mode (`screen_reader`)
    /// the look kept (layout, card names, suits) is left out: that mode
    /// has its own (words, the list layout), which a look chosen for the
    /// eye must not undo.
    pub fn with_remembered(&self, kept: &Settings, screen_reader: bool) -> PlayArgs {
        let mut args = self.clone();
        let on_off = |on: bool| if on { OnOff::On } else { OnOff::Off };
        // A saved game to load or resume brings its own rules and scoring.
        if args.load.is_none() && !args.resume {
            let game = &mut args.game;
            game.draw = game.draw.or(kept.draw.map(|d| if d == DrawCount::Three { Draw::Three } else { Draw::One }));
            game.passes = game.passes.or(kept.passes);
            game.foundation_to_tableau = game.foundation_to_tableau.or(kept.foundation_to_tableau.map(on_off));
            args.scoring = args.scoring.or(kept.scoring);
        }
        args.autoplay = args.autoplay.or(kept.autoplay.map(on_off));
        if screen_reader {
            return args;
        }
        args.layout = args.layout.or(kept.layout.map(|l| match l {
            screen::Layout::Columns => Layout::Columns,
            screen::Layout::Rows => Layout::Rows,
            screen::Layout::List => Layout::List,
        }));
        args.cards = args.cards.or(kept.cards.map(|c| match c {
            CardNames::Words => CardsOption::Words,
            CardNames::Short => CardsOption::Short,
        }));
        args.suits = args.suits.or(kept.suits.map(|s| match s {
            SuitStyle::Letters => SuitsOption::Letters,
            SuitStyle::Symbols => SuitsOption::Symbols,
        }));
        args
    }

    /// The settings these options choose, to be kept for the next
    /// interactive session: each one given (or kept before), the rest
    /// left out.
    pub fn chosen(&self) -> Settings {
        let view = self.view_asked(false);
        Settings {
            format_version: klondike::app::settings::FORMAT_VERSION,
            draw: self.game.draw.map(Draw::count),
            passes: self.game.passes,
            foundation_to_tableau: self.game.foundation_to_tableau.map(|o| o == OnOff::On),
            scoring: self.scoring,
            autoplay: self.autoplay.map(|o| o == OnOff::On),
            layout: view.layout,
            cards: view.names,
            suits: view.suits,
        }
    }

    /// The look the options ask for; `screen_reader`: screen-reader mode is
    /// on (the flag, or the environment says so).
    pub fn view_asked(&self, screen_reader: bool) -> ViewAsked {
        ViewAsked {
            json: self.json,
            screen_reader,
            layout: self.layout.map(|l| match l {
                Layout::Columns => screen::Layout::Columns,
                Layout::Rows => screen::Layout::Rows,
                Layout::List => screen::Layout::List,
            }),
            names: self.cards.map(|c| match c {
                CardsOption::Words => CardNames::Words,
                CardsOption::Short => CardNames::Short,
            }),
            suits: self.suits.map(|s| match s {
                SuitsOption::Letters => SuitStyle::Letters,
                SuitsOption::Symbols => SuitStyle::Symbols,
            }),
            colour: match self.color {
                ColorOption::Always => Some(true),
                ColorOption::Never => Some(false),
                ColorOption::Auto => None,
            },
            confirm: self.confirm,
        }
    }

    /// What a session is to begin with, in a session `interactive` or not,
    /// in screen-reader mode or not.
    pub fn begin_with(&self, interactive: bool, screen_reader: bool) -> BeginWith {
        BeginWith {
            choice: self.game.choice(),
            rules: self.rules(),
            scoring: self.scoring.unwrap_or_default(),
            load: self.load.clone(),
            resume: self.resume,
            winnable: self.winnable,
            autoplay: self.autoplay == Some(OnOff::On),
            asked: self.asked(interactive, screen_reader),
        }
    }

    /// What the options ask of the saved game (see
    /// [`offer_saved`](klondike::app::session::offer_saved)) in a session
    /// `interactive` or not, in screen-reader mode or not.
    pub fn asked(&self, interactive: bool, screen_reader: bool) -> Asked {
        let instead = match (self.game.source.game, &self.game.source.deal) {
            (Some(n), _) if self.winnable => Instead::FirstWinnableFrom(n.get()),
            (Some(n), _) => Instead::Game(n.get()),
            (None, Some(_)) => Instead::GivenDeal,
            (None, None) => Instead::NewGame,
        };
        Asked {
            resume: self.resume,
            // At a terminal the saved game is offered even when a game is
            // named: starting another would count it as lost, so the player is asked.
            offer: self.resume || (interactive && !self.no_resume),
            instead,
            rules: self.rules(),
            screen_reader,
        }
    }
}

/// `--cards`: card names in words or short codes.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CardsOption {
    Words,
    Short,
}

/// `--suits`: suits as letters or symbols.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SuitsOption {
    Letters,
    Symbols,
}

/// `--color`: when red suits are in colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorOption {
    Auto,
    Always,
    Never,
}

/// Options for `klondike deal`: which deal, and nothing of the rules (a
/// deal is the same under any of them).
#[derive(Args, Debug, Clone)]
pub struct DealArgs {
    #[command(flatten)]
    pub source: DealSource,
}

/// `--draw`: 1 or 3.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Draw {
    #[value(name = "1")]
    One,
    #[value(name = "3")]
    Three,
}

impl Draw {
    /// The draw count it names.
    pub fn count(self) -> DrawCount {
        match self {
            Draw::One => DrawCount::One,
            Draw::Three => DrawCount::Three,
        }
    }
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

/// States a search may take per deal unless `--max-states` says otherwise.
pub const DEFAULT_MAX_STATES: u64 = 200_000_000;

/// Options for `klondike solve`.
#[derive(Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("batch").args(["games", "games_file"])))]
#[command(group(clap::ArgGroup::new("source").args(["game", "deal"])))]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Give up (verdict `unknown`) after this many seconds per deal.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = batch::parse_timeout, allow_negative_numbers = true)]
    pub timeout: Duration,
    /// Give up (verdict `unknown`) after searching this many states per deal
    /// (whatever this says, a search also stops at about 29 million
    /// positions, so that its memory stays under 1 GB).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, value_parser = batch::parse_max_states, allow_negative_numbers = true)]
    pub max_states: u64,
    /// Print one JSON object instead of the text form.
    #[arg(long)]
    pub json: bool,
    /// The answer in the least time: print the first winning line found,
    /// without shortening it or searching again for a shorter one (lines a
    /// third to a half longer).
    #[arg(long)]
    pub fast: bool,
    /// Print a line to replay with autoplay on (`klondike --autoplay`): the
    /// solver's line without the moves autoplay makes by itself, checked by
    /// replaying it so.
    #[arg(long, conflicts_with_all = ["moves", "games", "games_file"])]
    pub autoplay: bool,
    /// Solve from the position a script of moves leaves the deal in (one
    /// command a line, as a script would pipe them: questions and save are
    /// skipped, new and load refused; `-` reads standard input); needs
    /// --game or --deal.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["games", "games_file"], requires = "source")]
    pub moves: Option<PathBuf>,
    /// Solve a saved game (a file written by `save`) from where it was
    /// saved, under its own rules.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "deal", "moves", "games", "games_file", "draw", "passes", "foundation_to_tableau"])]
    pub load: Option<PathBuf>,
    /// Batch: solve game numbers A to B, both included (`1..1000`; a number
    /// alone is that game); one JSON line per game, in the order they
    /// finish (each line names its game).
    #[arg(long, value_name = "A..B", conflicts_with_all = ["deal", "game"])]
    pub games: Option<GameRange>,
    /// Batch: solve the game numbers listed in FILE (one per line, # comments allowed; `-` reads standard input).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["deal", "game", "games"])]
    pub games_file: Option<PathBuf>,
    /// Batch: take only every N-th game of the list, starting with the K-th
    /// (K from 1 to N), so N machines can split a range with no coordination.
    #[arg(long, value_name = "K/N", requires = "batch")]
    pub shard: Option<Shard>,
    /// Batch: append results to FILE, skipping the games it already holds
    /// under the same rules (so an interrupted batch resumes where it
    /// stopped). One batch per file: a second is refused while one runs.
    /// Default (and `-`): standard output.
    #[arg(long, short, value_name = "FILE", requires = "batch")]
    pub output: Option<PathBuf>,
    /// Batch: solve again the games whose results in the --output file are
    /// all `unknown` (with a larger --max-states or --timeout, say),
    /// appending the new results; games it holds a decided result for are
    /// still skipped.
    #[arg(long, requires = "output")]
    pub retry_unknown: bool,
}

impl SolveArgs {
    /// The search limits the options give, per deal.
    pub fn limits(&self) -> Limits {
        Limits {
            max_states: self.max_states,
            timeout: self.timeout,
            effort: if self.fast { LineEffort::Quick } else { LineEffort::Short },
            max_table_bytes: None,
        }
    }

    /// Whether the options ask for a batch (`--games` or `--games-file`).
    pub fn is_batch(&self) -> bool {
        self.games.is_some() || self.games_file.is_some()
    }

    /// The batch's results file: `None` for standard output (no --output,
    /// or `-o -`).
    pub fn output_file(&self) -> Option<&std::path::Path> {
        self.output.as_deref().filter(|path| path.as_os_str() != "-")
    }
}

/// Options for `klondike review`. The deal and rules options are for a
/// moves file: a saved game has its own, and they are refused with it.
#[derive(Args, Debug, Clone)]
pub struct ReviewArgs {
    /// The game to review: a saved game (a file written by `save`), or a
    /// moves file (one command a line, as a script would pipe them; its
    /// deal from --game or --deal, its rules from the rules options); `-`
    /// reads it from standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The deal of a moves file: deal number N.
    #[arg(long, value_name = "N", conflicts_with = "deal", allow_negative_numbers = true)]
    pub game: Option<klondike::engine::deal::GameNumber>,
    /// The deal of a moves file: 52 card codes, or @FILE.
    #[arg(long, value_name = "DEAL", allow_hyphen_values = false)]
    pub deal: Option<String>,
    /// Cards turned from stock to waste per draw (a moves file) [default: 1].
    #[arg(long, value_name = "N")]
    pub draw: Option<Draw>,
    /// Passes through the stock (a moves file): a number from 1, or
    /// `unlimited` [default: unlimited].
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub passes: Option<PassLimit>,
    /// Allow moves from a foundation back onto the tableau (a moves file;
    /// `--foundation-to-tableau` alone is `on`, as when playing).
    #[arg(long, value_name = "on|off", num_args = 0..=1, default_missing_value = "on")]
    pub foundation_to_tableau: Option<OnOff>,
    /// The moves file was played with autoplay on (a saved game says
    /// which moves autoplay made; `--autoplay` alone is `on`).
    #[arg(long, value_name = "on|off", num_args = 0..=1, default_missing_value = "on")]
    pub autoplay: Option<OnOff>,
    /// The solver's budget for each position judged, in states; what it
    /// cannot decide within it is said.
    #[arg(long, value_name = "N", default_value_t = klondike::app::review::REVIEW_STATES, value_parser = batch::parse_max_states, allow_negative_numbers = true)]
    pub max_states: u64,
    /// Print one JSON object instead of the sentences.
    #[arg(long)]
    pub json: bool,
    /// Screen-reader mode: one short plain sentence, cards in words. Also
    /// on when KLONDIKE_SCREEN_READER is set to anything but 0 or empty.
    #[arg(long)]
    pub screen_reader: bool,
}

impl ReviewArgs {
    /// The options given that only a moves file takes, as typed.
    pub fn moves_file_options(&self) -> Vec<&'static str> {
        let given = [
            (self.game.is_some(), "--game"),
            (self.deal.is_some(), "--deal"),
            (self.draw.is_some(), "--draw"),
            (self.passes.is_some(), "--passes"),
            (self.foundation_to_tableau.is_some(), "--foundation-to-tableau"),
            (self.autoplay.is_some(), "--autoplay"),
        ];
        given.iter().filter(|(g, _)| *g).map(|&(_, name)| name).collect()
    }

    /// Whether the moves file was played with autoplay on.
    pub fn autoplay_on(&self) -> bool {
        self.autoplay == Some(OnOff::On)
    }

    /// The rules of a moves file.
    pub fn rules(&self) -> Rules {
        Rules {
            draw: self.draw.map_or(DrawCount::One, Draw::count),
            passes: self.passes.unwrap_or_default(),
            foundation_to_tableau: self.foundation_to_tableau == Some(OnOff::On),
        }
    }

    /// The deal of a moves file.
    pub fn choice(&self) -> DealChoice {
        DealChoice { game: self.game, deal: self.deal.clone() }
    }
}

/// Options for `klondike census`. Something to count is required (a range
/// to solve, or files), and a verdict file needs the range it covers.
#[derive(Args, Debug, Clone)]
#[command(group = clap::ArgGroup::new("input").required(true).multiple(true).args(["games", "files"]))]
#[command(group = clap::ArgGroup::new("range").multiple(true).args(["games", "only"]))]
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
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = batch::parse_timeout)]
    pub timeout: Duration,
    /// Give up (verdict `unknown`) after searching this many states per
    /// deal. A census that should give the same verdicts on any machine
    /// and under any load is bounded by states, with a --timeout it never
    /// reaches (the search also stops at about 29 million positions, so
    /// that its memory stays under 1 GB).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, value_parser = batch::parse_max_states)]
    pub max_states: u64,
    /// Solve again the games whose results in the batch files of --dir are
    /// all `unknown` (with a larger --max-states or --timeout, say; other
    /// FILES are only counted), appending
    /// the new results; the count takes a decided result over `unknown`.
    #[arg(long, requires = "games")]
    pub retry_unknown: bool,
    /// Count only the games of this range (default: the range of --games,
    /// or every game in the files).
    #[arg(long, value_name = "A..B")]
    pub only: Option<GameRange>,
    /// Also write the verdicts of the counted range (--only, or --games)
    /// under the rules settings asked for to FILE, compactly: a header
    /// naming the settings, then a line per game with a letter per setting
    /// (W winnable, U unwinnable, ? not decided, - no result).
    /// `src/app/census/verdicts.txt` is such a file; `--winnable` deals from it.
    /// Needs --only or --games (at most 100000000 games). A file that
    /// holds anything but verdicts is never overwritten, nor a verdict
    /// file whose decided verdicts the new one would not all hold (count
    /// it too, to extend it).
    #[arg(long, value_name = "FILE", requires = "range")]
    pub verdict_file: Option<PathBuf>,
    /// Also draw the table as a picture, an SVG file: the win rate of each
    /// rules setting with its 95% interval and, where the files counted
    /// hold times, the mean, 99th-percentile and longest time per deal.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Batch files to count as well: the output of `solve --games ...
    /// --output FILE` or of earlier censuses and their shards, in any
    /// order, concatenated or not; a game met twice under the same rules
    /// counts once. Verdict files (--verdict-file, such as
    /// src/app/census/verdicts.txt) are counted too, with no times. `-`
    /// reads standard input.
    pub files: Vec<PathBuf>,
}

/// `on` or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

impl CensusArgs {
    /// Every rules setting the options ask for, draw 1 first.
    pub fn variants(&self) -> Vec<Rules> {
        let draws: Vec<DrawCount> = self.draw.iter().map(|d| d.count()).collect();
        let f2t: Vec<bool> = self.foundation_to_tableau.iter().map(|o| *o == OnOff::On).collect();
        census::variants(&draws, &self.passes, &f2t)
    }

    /// The limits of each deal's search: only the verdict counts in a
    /// census, not how short the winning line is.
    pub fn limits(&self) -> Limits {
        Limits { max_states: self.max_states, timeout: self.timeout, effort: LineEffort::Quick, max_table_bytes: None }
    }

    /// The games counted: `--only`, or else the range of `--games`.
    pub fn counted(&self) -> Option<GameRange> {
        self.only.or(self.games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The play options as the binary would parse them.
    #[derive(Parser)]
    struct Play {
        #[command(flatten)]
        play: PlayArgs,
    }

    fn play(args: &[&str]) -> PlayArgs {
        Play::try_parse_from(std::iter::once("klondike").chain(args.iter().copied())).unwrap().play
    }

    #[test]
    fn vegas_brings_its_pass_limit_unless_passes_are_given() {
        use klondike::engine::rules::PassLimit;
        assert_eq!(play(&[]).rules(), Rules::default());
        assert_eq!(play(&["--scoring", "vegas"]).rules().passes, vegas_pass_limit(DrawCount::One));
        let three = play(&["--scoring", "vegas", "--draw", "3"]).rules();
        assert_eq!((three.draw, three.passes), (DrawCount::Three, vegas_pass_limit(DrawCount::Three)));
        assert_eq!(play(&["--scoring", "vegas", "--passes", "unlimited"]).rules().passes, PassLimit::Unlimited);
    }

    /// The settings kept fill in what the options leave out; an option
    /// given always wins; a saved game to load or resume keeps its own
    /// rules; what the options then choose is what is kept.
    #[test]
    fn options_given_win_over_settings_kept() {
        use klondike::engine::rules::PassLimit;
        let kept = Settings {
            draw: Some(DrawCount::Three),
            passes: Some(PassLimit::Limited(3)),
            foundation_to_tableau: Some(true),
            scoring: Some(Scoring::Vegas),
            autoplay: Some(true),
            layout: Some(screen::Layout::List),
            cards: Some(CardNames::Words),
            suits: Some(SuitStyle::Symbols),
            ..Settings::default()
        };
        let none = play(&[]).with_remembered(&kept, false);
        let expect = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: true };
        assert_eq!(none.rules(), expect);
        assert_eq!(none.begin_with(true, false).scoring, Scoring::Vegas);
        assert!(none.begin_with(true, false).autoplay);
        let view = none.view_asked(false);
        assert_eq!(
            (view.layout, view.names, view.suits),
            (Some(screen::Layout::List), Some(CardNames::Words), Some(SuitStyle::Symbols))
        );
        assert_eq!(none.chosen(), kept.overridden_by(&Settings::default()));
        let given = ["--draw", "1", "--passes", "unlimited", "--foundation-to-tableau", "off", "--scoring", "none"];
        let given = play(&[&given[..], &["--autoplay", "off", "--layout", "columns", "--cards", "short"]].concat());
        let mixed = given.with_remembered(&kept, false);
        assert_eq!(mixed.rules(), Rules::default());
        assert_eq!(mixed.begin_with(true, false).scoring, Scoring::None);
        assert!(!mixed.begin_with(true, false).autoplay);
        assert_eq!(mixed.view_asked(false).layout, Some(screen::Layout::Columns));
        let chosen = mixed.chosen();
        assert_eq!(
            (chosen.draw, chosen.foundation_to_tableau, chosen.autoplay),
            (Some(DrawCount::One), Some(false), Some(false))
        );
        assert_eq!(chosen.suits, Some(SuitStyle::Symbols), "kept, not given: stays kept");
        // --foundation-to-tableau and --autoplay alone are on.
        let flags = play(&["--foundation-to-tableau", "--autoplay", "--game", "5"]);
        assert!(flags.rules().foundation_to_tableau && flags.begin_with(false, false).autoplay);
        // In screen-reader mode the look kept for the eye is left out.
        let aloud = play(&[]).with_remembered(&kept, true);
        let view = aloud.view_asked(true);
        assert_eq!((view.layout, view.names, view.suits), (None, None, None));
        assert_eq!(aloud.rules(), expect, "the rules are kept all the same");
        // A saved game brings its own rules: those kept stay out of it.
        let load = play(&["--load", "x.json"]).with_remembered(&kept, false);
        assert_eq!((load.rules(), load.scoring), (Rules::default(), None));
        assert!(load.begin_with(true, false).autoplay, "autoplay is the session's, not the game's");
    }

    #[test]
    fn the_looks_are_the_options_and_nothing_else() {
        let looks =
            play(&["--layout", "table", "--cards", "words", "--suits", "symbols", "--color", "never"]).view_asked(true);
        assert_eq!(looks.layout, Some(screen::Layout::Rows));
        assert_eq!(
            (looks.names, looks.suits, looks.colour),
            (Some(CardNames::Words), Some(SuitStyle::Symbols), Some(false))
        );
        assert!(looks.screen_reader && !looks.json && !looks.confirm);
        let plain = play(&["--json", "--confirm"]).view_asked(false);
        assert!(plain.json && plain.confirm && plain.layout.is_none() && plain.colour.is_none());
    }

    #[test]
    fn the_saved_game_is_offered_at_a_terminal_or_under_resume() {
        let at_terminal = play(&["--game", "7"]).asked(true, false);
        assert!(at_terminal.offer && !at_terminal.resume);
        assert_eq!(at_terminal.instead, Instead::Game(7));
        assert!(!play(&["--game", "7"]).asked(false, false).offer);
        assert!(!play(&["--no-resume"]).asked(true, false).offer);
        let resume = play(&["--resume"]).asked(false, true);
        assert!(resume.offer && resume.resume && resume.screen_reader);
        assert_eq!(play(&["--winnable", "--game", "3"]).asked(true, false).instead, Instead::FirstWinnableFrom(3));
        assert_eq!(play(&["--deal", "@x"]).asked(true, false).instead, Instead::GivenDeal);
        assert_eq!(play(&[]).asked(true, false).instead, Instead::NewGame);
    }

    #[test]
    fn a_census_asks_for_every_setting_named() {
        #[derive(Parser)]
        struct Census {
            #[command(flatten)]
            census: CensusArgs,
        }
        let census = |args: &[&str]| {
            Census::try_parse_from(std::iter::once("census").chain(args.iter().copied())).unwrap().census
        };
        assert_eq!(census(&["--games", "1..5"]).variants().len(), 12);
        let one = census(&["--draw", "3", "--passes", "1", "--foundation-to-tableau", "off", "--games", "1..5"]);
        assert_eq!(
            one.variants(),
            vec![Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), foundation_to_tableau: false }]
        );
        assert_eq!(one.counted(), Some(GameRange::new(1, 5).unwrap()));
        assert_eq!(census(&["--games", "1..5", "--only", "2..3"]).counted(), Some(GameRange::new(2, 3).unwrap()));
    }
}
