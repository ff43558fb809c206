//! A session: the game being played ([`Play`]) and its [`Flow`], line by
//! line, with every decision about what is saved and counted, and the world
//! behind a trait ([`World`]: the clock, randomness, the solver at the
//! prompt, the files), so that a whole session runs in memory in a test as
//! it runs at a terminal.
//!
//! The decisions made here, and nowhere else:
//! - a game is counted once: won the first time it is won; lost when
//!   another game takes its place or the session ends with it unfinished
//!   after a move and it is not kept for resuming; a game resumed by a
//!   session that does not save stays saved and is never counted by it;
//! - with autosave on, after every line an unfinished game with moves is
//!   saved, and a saved game that is over (won and counted, or replaced) is
//!   removed; a game whose outcome could not be counted keeps its copy;
//! - what each line says, as text or as one JSON state;
//! - at the start ([`claim_autosave`], [`offer_saved`], [`retire_autosave`],
//!   [`choose_view`], in `session/start.rs`): the autosave's lock, the offer
//!   of the saved game, what a new game does to it, and the look.

use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

use crate::app::command::{Command, Query};
use crate::app::flow::{self, Flow, Lost, Passed, Pending, Refusal, Step, Winnable, WinnableError};
use crate::app::play::{Action, Event, Origin, Outcome, Play, PlayError};
use crate::app::record::{GameId, GameRecord, RecordError, Replayed};
use crate::app::render::columns;
use crate::app::render::json::{SolverFacts, State};
use crate::app::render::outcome::{announce_autoplay, announce_outcome};
use crate::app::render::replies::{self as said, GameLeft};
use crate::app::render::screen::{self, Frame, Layout, Marks};
use crate::app::render::words::{plain_message, spoken, wrap_lines, CardStyle};
use crate::app::review;
use crate::app::stats::{self, Statistics};
use crate::app::store::StoreError;
use crate::engine::autoplay::can_auto_finish;
use crate::engine::deal::{Deal, GameNumber};
use crate::engine::game::{Game, Position, Status};
use crate::engine::rules::Rules;
use crate::engine::scoring::{ScoreSheet, Scoring};
use crate::engine::solver::{Budget, Verdict};

mod begin;
mod folder;
mod start;
#[cfg(test)]
mod tests;

pub use crate::app::session_command::{Line, SessionCommand};
pub use begin::{
    begin, choose_deal, read_saved, BeginError, BeginWith, ChoiceError, DealChoice, LineSource, ReadySession, RunError,
    SessionEnd,
};
pub use folder::{folder_problem_once, DataFolder, Say};
pub use start::{
    choose_view, claim_autosave, offer_saved, retire_autosave, Asked, AutosaveLock, CannotResume, OfferOutcome, Saved,
    StartError, TerminalFacts, ViewAsked,
};

/// Why the world did not do what a command asked (nothing was done).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WorldError {
    /// A refusal the library words ([`Refusal::OwnFile`],
    /// [`Refusal::NoSuchFile`], [`Refusal::NoDataFolder`]).
    #[error("{0}")]
    Refused(Refusal),
    /// The world's own message (a file that cannot be read or written,
    /// with its name and why).
    #[error("{0}")]
    Failed(String),
}

/// What a finished game adds to the statistics: its rules setting, its
/// outcome and what it adds to the Vegas balance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The rules setting it is counted under.
    pub key: Rules,
    /// Won or lost, the final score, the moves and the time.
    pub outcome: stats::Outcome,
    /// A Vegas game's final score, added to the Vegas balance.
    pub vegas: Option<i64>,
}

impl Tally {
    /// A game under `rules` with score sheet `score`, `moves` made, `won`
    /// or not, played for `seconds` where time is kept: the final score has
    /// the win's time bonus, `bonus` ([`Play::time_bonus`], worked out
    /// there once, when the game was won).
    pub fn new(
        rules: &Rules,
        score: &ScoreSheet,
        moves: usize,
        won: bool,
        seconds: Option<u64>,
        bonus: Option<i64>,
    ) -> Tally {
        let scoring = score.scoring();
        let mut final_score = score.current();
        if won {
            final_score += bonus.unwrap_or(0);
        }
        Tally {
            key: *rules,
            outcome: stats::Outcome {
                won,
                score: (scoring != Scoring::None).then_some((scoring, final_score)),
                moves,
                seconds,
            },
            vegas: (scoring == Scoring::Vegas).then_some(final_score),
        }
    }
}

/// Everything a session needs from outside the library. The binary's is
/// the real clock, files and solver threads; a test's keeps it all in
/// memory. Failures the player should hear of but that do not stop the
/// game (a folder that cannot be written) are the world's to report.
pub trait World {
    /// The time on a clock that only goes forward, from any fixed start:
    /// play time is the difference of two readings.
    fn now(&self) -> Duration;

    /// The width to wrap text at, in columns (the terminal's; read each
    /// time, as a terminal may be resized). Used only with [`View::wrap`].
    fn width(&self) -> usize;

    /// A game number for `new` without one (1 to 2^128−1).
    fn random_game(&mut self) -> GameNumber;

    /// A budget of at most `states` nodes that ends `time` from now.
    fn budget(&self, states: u64, time: Duration) -> Budget;

    /// The searches until the next call with `false` are one question's
    /// (a review's): a front end that says it is thinking says it once for
    /// them all, not once a search.
    fn searches_in_a_row(&mut self, _in_a_row: bool) {}

    /// The solver's verdict on `position` under `rules` within `budget`;
    /// the world may let the player cancel it (`Unknown(GaveUp::Cancelled)`).
    fn solve(&mut self, position: &Position, rules: &Rules, budget: Budget) -> Verdict;

    /// The data folder: the autosave, the statistics, `save` and `load`
    /// ([`DataFolder`] for real).
    fn folder(&mut self) -> &mut dyn Folder;

    /// Whether the game in progress is saved now (so that the world can
    /// say so when it is stopped). By default nothing is done with it.
    fn game_kept(&mut self, _kept: bool) {}

    /// The player turned autoplay on or off at the prompt: an interactive
    /// front end keeps the choice for the next session. True when it was
    /// kept; by default nothing is, and false.
    fn autoplay_chosen(&mut self, _on: bool) -> bool {
        false
    }

    /// Says a diagnostic about the session's files (a sentence without the
    /// program's name; the binary writes it to standard error).
    fn warn(&mut self, text: &str);

    /// Called once when `--winnable` (or `new` under it) must search for a
    /// winnable deal, which can take seconds, before the search starts: an
    /// interactive front end says so, so that silence is not taken for a
    /// hang. By default nothing.
    fn searching_for_winnable(&mut self) {}

    /// Shows `question` (the offer to resume) and reads one answer line;
    /// `None` at the end of input (the question's line is then ended).
    ///
    /// # Errors
    /// The I/O error of showing it or of reading the answer.
    fn ask(&mut self, question: &str) -> io::Result<Option<String>>;
}

/// The files a session keeps and reads: the autosave with its lock, the
/// statistics, and the files named by `save FILE` and `load FILE`. The real
/// one is [`DataFolder`]; a test's keeps them in memory. Failures that do
/// not stop the game (a folder that cannot be written) are the folder's to
/// report.
pub trait Folder {
    /// Writes `record` as the saved game offered at the next start
    /// (atomically). True when it is written; a failure is the folder's to
    /// report.
    fn save_autosave(&mut self, record: &GameRecord) -> bool;

    /// Removes the saved game offered at the next start (nothing when
    /// there is none).
    fn remove_autosave(&mut self);

    /// Adds game `id` to the statistics, unless it is counted there
    /// already. True when the game is in the statistics now; a failure is
    /// the folder's to report.
    fn count_game(&mut self, id: &GameId, tally: &Tally) -> bool;

    /// `save FILE`: writes `record` to `file` (as typed).
    ///
    /// # Errors
    /// [`Refusal::OwnFile`] for one of klondike's own files; the folder's
    /// message when it cannot be written.
    fn save_file(&mut self, file: &str, record: &GameRecord) -> Result<(), WorldError>;

    /// `load FILE`: the saved game in `file` (as typed).
    ///
    /// # Errors
    /// [`Refusal::NoSuchFile`] when there is no such file; the folder's
    /// message when it cannot be read (the file is kept).
    fn load_file(&mut self, file: &str) -> Result<GameRecord, WorldError>;

    /// `stats`: the statistics as they are now (empty where none are kept yet).
    ///
    /// # Errors
    /// [`Refusal::NoDataFolder`] where there is nowhere to keep them; the
    /// folder's message when they cannot be read.
    fn statistics(&mut self) -> Result<Statistics, WorldError>;

    /// The saved game's file as named in messages; `None` where there is
    /// nowhere to keep one (no data folder).
    fn autosave_name(&self) -> Option<String>;

    /// The saved game offered at the start (`Ok(None)` when there is none).
    ///
    /// # Errors
    /// The store's: a corrupt file was moved aside, one from a newer
    /// klondike or one that cannot be read is left where it is.
    fn read_autosave(&mut self) -> Result<Option<GameRecord>, StoreError>;

    /// Moves the saved game aside (it does not replay) and returns where it
    /// is now, as named in messages; `None` when it could not be moved.
    fn move_autosave_aside(&mut self) -> Option<String>;

    /// Whether the statistics hold game `id` as counted (false when they
    /// cannot be read).
    fn was_counted(&mut self, id: &GameId) -> bool;

    /// Says why the data folder cannot be used, for `error` from reading
    /// the autosave (once a session, however many of its files fail).
    fn folder_problem(&mut self, error: &StoreError);

    /// Tries to lock the autosave, without waiting; a lock taken is held
    /// until [`Folder::unlock_autosave`] or the world's end.
    fn lock_autosave(&mut self) -> AutosaveLock;

    /// Lets go of the autosave's lock (nothing when it is not held).
    fn unlock_autosave(&mut self);

    /// The saved game, only looked at: `None` when there is none or it
    /// cannot be read (nothing is moved aside or said).
    fn peek_autosave(&mut self) -> Option<GameRecord>;
}

/// How output looks.
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// One JSON state per line instead of text.
    pub json: bool,
    /// Echo each command after `> ` (when input is not a terminal).
    pub echo: bool,
    /// One sentence per command instead of the table.
    pub screen_reader: bool,
    /// The layout of the whole table.
    pub layout: Layout,
    /// How cards are written.
    pub style: CardStyle,
    /// Ask before a command throws away a game in progress, and offer
    /// another game after a win (an interactive prompt, or `--confirm`).
    pub confirm: bool,
    /// Wrap messages at [`World::width`], between words (a sighted
    /// interactive terminal; scripts and screen readers get whole lines).
    pub wrap: bool,
    /// Say what becomes of the game when input ends (as `q` says it): at
    /// an interactive prompt, not in JSON.
    pub farewell: bool,
}

/// What the session keeps, and whether it keeps time.
#[derive(Clone, Copy, Debug)]
pub struct Persistence {
    /// Count finished and abandoned games in the statistics.
    pub stats: bool,
    /// Save an unfinished game for resuming when the session ends.
    pub autosave: bool,
    /// Keep play time (interactive sessions only, so transcripts stay stable).
    pub timed: bool,
}

/// One input line as the line source read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line of text (without its line ending).
    Text(String),
    /// A line too long to be a command: its first part.
    TooLong(String),
    /// A line that is not UTF-8 text.
    NotText,
    /// Ctrl-C on an empty line at the prompt: it takes back a question,
    /// or says how to quit (twice in a row: ends the session).
    Interrupted,
    /// [`Input::Interrupted`] after the player cleared a line they had
    /// typed with Ctrl-C (the line editor throws it away without a word):
    /// typing broke the row, so it is a first Ctrl-C whatever came before.
    InterruptedAnew,
    /// Ctrl-C at a prompt without a line editor (screen-reader mode): the
    /// terminal has thrown away the line, if one was being typed, which
    /// cannot be told. It takes back a question, as [`Input::Interrupted`]
    /// does; otherwise it says that the line was cleared, and never ends
    /// the session.
    Cleared,
    /// The end of input.
    End,
}

/// What the loop should do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Read the next line.
    Continue,
    /// The command was rejected (`--strict` stops here).
    Rejected,
    /// The player quit.
    Quit,
    /// Input ended (or Ctrl-C with no question waiting).
    SessionEnd,
}

/// What a command did, before it is shown.
enum Reply {
    /// The game changed (a move, with any automatic moves after it; an undo
    /// or redo; `auto`): what it did in a sentence, and whether it made the
    /// game stuck.
    Changed { said: String, stuck_news: bool },
    /// The game changed as a consequence of a setting changed (`autoplay
    /// on`): `note` says the setting, before the sentence of what changed,
    /// or after the table.
    ChangedAfter { note: String, said: String, stuck_news: bool },
    /// A query's answer; the table is not shown.
    Answer(String),
    /// The answer of `hint` or `solve`: as [`Reply::Answer`], with what the
    /// solver found as data for `--json`.
    Solver(String, SolverFacts),
    /// Show the whole table.
    Table,
    /// A new game's opening (new, restart, load), after a sentence if any:
    /// the whole table, or in screen-reader mode its short opening.
    Opening(Option<String>),
    /// What was said last, said again (`repeat`).
    Again(String),
    /// A yes-or-no question; the command waits in the [`Flow`].
    Question(String),
    /// The session ends, with a last sentence (or none).
    Quit(Option<String>),
}

/// Why a line was refused, as data: the line itself, the flow (a
/// question pending, nothing to repeat...), the game's rules, the world's
/// files, or `--winnable`'s search. What each says is its type's words
/// (in [`crate::app::render`]); [`Session::report`] prints them.
#[derive(Debug)]
enum WhyNotRun {
    /// The line is too long to be read whole.
    TooLong,
    /// The line is not text (not UTF-8).
    NotText,
    /// The line held only arrow or other editing keys, which a prompt
    /// without a line editor (screen-reader mode, `TERM=dumb`) does not
    /// read.
    EditingKeys,
    /// The flow refused it (see [`Refusal`]).
    Flow(Refusal),
    /// The game refused the move or the undo.
    Play(PlayError),
    /// A file or the statistics could not be had.
    World(WorldError),
    /// `new` under `--winnable` found no winnable deal.
    Winnable(WinnableError),
    /// The game `load` read from `file` does not replay.
    Record {
        /// The file, as typed.
        file: String,
        /// What is wrong with the game in it.
        error: RecordError,
    },
}

impl WhyNotRun {
    /// What it says: for a screen reader, a command's forms by their
    /// examples (see [`crate::app::render::refusals::command_error_spoken`]).
    fn said(&self, screen_reader: bool) -> String {
        match self {
            WhyNotRun::Flow(Refusal::Command(e)) if screen_reader => {
                crate::app::render::refusals::command_error_spoken(e)
            }
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for WhyNotRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhyNotRun::TooLong => f.write_str(said::TOO_LONG),
            WhyNotRun::NotText => f.write_str(said::NOT_TEXT),
            WhyNotRun::EditingKeys => f.write_str(said::EDITING_KEYS),
            WhyNotRun::Flow(e) => e.fmt(f),
            WhyNotRun::Play(e) => e.fmt(f),
            WhyNotRun::World(e) => e.fmt(f),
            WhyNotRun::Winnable(e) => e.fmt(f),
            WhyNotRun::Record { file, error } => f.write_str(&said::unplayable_file(file, error)),
        }
    }
}

/// How many nodes and how long the solver may think for `solve` at the prompt.
const SOLVE_STATES: u64 = 200_000_000;
const SOLVE_TIME: Duration = Duration::from_secs(10);

/// How many nodes and how long the solver may take per game number for `--winnable`.
const WINNABLE_STATES: u64 = 50_000_000;
const WINNABLE_TIME: Duration = Duration::from_secs(3);

/// `--winnable`: from `first`, the first game number the solver proves
/// winnable under `rules` (see [`flow::first_winnable`]), each number
/// searched for at most 3 seconds on `world`'s clock.
///
/// # Errors
/// As [`flow::first_winnable`].
pub fn first_winnable(world: &mut impl World, first: GameNumber, rules: &Rules) -> Result<Winnable, WinnableError> {
    let mut said = false;
    flow::first_winnable(first, rules, || {
        if !std::mem::replace(&mut said, true) {
            world.searching_for_winnable();
        }
        world.budget(WINNABLE_STATES, WINNABLE_TIME)
    })
}

/// Counts the game of a saved `record` as lost through `world` (once: see
/// [`Folder::count_game`]), when it is unfinished and had moves, and `stats`
/// is on. Returns a phrase naming it ("game 7 with 50 moves") when it was
/// such a game, with whether it is now in the statistics; `None` for a
/// record with nothing to count (or one that does not replay).
pub fn count_record_as_lost(world: &mut impl World, record: &GameRecord, stats: bool) -> Option<(String, bool)> {
    let r = record.replay().ok()?;
    let moves = r.game.moves_made();
    if r.game.status() == Status::Won || (moves == 0 && record.undone.is_empty()) {
        return None;
    }
    let tally = Tally::new(r.game.rules(), &r.score, moves, false, Some(r.elapsed_seconds), None);
    let recorded = stats && world.folder().count_game(&record.identity(), &tally);
    Some((said::saved_game(r.number, moves), recorded))
}

/// Counts the game of a saved `record` as won through `world`, when it
/// replays to a win (a win the statistics could not take when it was
/// made: its session saved it won, for the next start to count) and
/// `stats` is on. Returns a phrase naming it ("game 7 with 120 moves")
/// with whether it is now in the statistics; `None` for a record that is
/// not a win (or does not replay).
pub fn count_record_as_won(world: &mut impl World, record: &GameRecord, stats: bool) -> Option<(String, bool)> {
    let r = record.replay().ok()?;
    if r.game.status() != Status::Won {
        return None;
    }
    let moves = r.game.moves_made();
    let bonus = (r.scoring == Scoring::Standard && r.elapsed_seconds > 0)
        .then(|| crate::engine::scoring::standard_time_bonus(r.elapsed_seconds));
    let seconds = (r.elapsed_seconds > 0).then_some(r.elapsed_seconds);
    let tally = Tally::new(r.game.rules(), &r.score, moves, true, seconds, bonus);
    let recorded = stats && world.folder().count_game(&record.identity(), &tally);
    Some((said::saved_game(r.number, moves), recorded))
}

/// Where the game a session starts on came from: what it has been played
/// for, its id in the statistics, and what the session owns of its copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A game dealt for this session: no time yet, a new id.
    Dealt,
    /// A saved game loaded from a file (`--load`): a new game from that
    /// position, with its play time so far (in seconds) and a new id.
    Loaded {
        /// Its play time so far, in seconds.
        elapsed: u64,
    },
    /// The saved game resumed, with its own id: a session that saves owns
    /// the saved copy from now on; one that does not leaves it saved as it
    /// was, and does not count the game.
    Resumed {
        /// Its play time so far, in seconds.
        elapsed: u64,
        /// Its id in the statistics.
        id: GameId,
    },
}

/// A session: a game in progress, its flow and bookkeeping, in a [`World`].
pub struct Session<W: World> {
    /// The game in progress, with its rules, scoring and autoplay.
    play: Play,
    view: View,
    persistence: Persistence,
    /// Play time of this game before this session, in seconds.
    elapsed_before: u64,
    /// When this session started on this game ([`World::now`]).
    since: Duration,
    /// The play time at which the game was won, while it stays won: the
    /// clock stops at a win (a player who looks at the table or the score
    /// afterwards sees the time the win took), and goes on from there if
    /// the win is undone.
    won_at: Option<u64>,
    /// The play time of the game's first win, the one the statistics
    /// count: a win undone and made again is shown with it (as its time
    /// bonus is), where the clock, which ran on meanwhile, gave a later one.
    first_won_at: Option<u64>,
    /// The clock's reading at the win the game is at, from which it goes on
    /// if the win is undone.
    won_clock: Option<u64>,
    /// This game's outcome has been counted (once a game, even when the
    /// statistics could not be written).
    counted: bool,
    /// This game's outcome is in the statistics.
    recorded: bool,
    /// `new` deals only games the solver proves winnable (`--winnable`).
    winnable: bool,
    /// This session has written the autosave (so it is this session's to
    /// remove when its game is over or replaced).
    autosaved: bool,
    /// Moves made in the game as last saved to the autosave.
    saved_moves: usize,
    /// The game was resumed from the autosave by a session that does not
    /// save: the saved copy stays, so the game is not counted here.
    unowned_saved: bool,
    /// The game's identity for the statistics.
    id: GameId,
    /// The question waiting, `repeat` and `.`, the notes said once.
    flow: Flow,
    /// What autoplay did at the deal, said once with the opening (screen
    /// reader).
    opening_note: Option<String>,
    /// The last line fed, as read (`--strict` names the one rejected).
    last_line: String,
    /// The last input was Ctrl-C on an empty line with nothing asked: a
    /// second one in a row ends the session.
    interrupted: bool,
    world: W,
}

impl<W: World> Session<W> {
    /// A session on `play`, started as `start` says, shown as `view`,
    /// keeping what `persistence` says; `winnable`: `new` deals only games
    /// proved winnable (`--winnable`).
    pub fn new(play: Play, start: Start, view: View, persistence: Persistence, winnable: bool, world: W) -> Session<W> {
        let (elapsed, id, resumed) = match start {
            Start::Dealt => (0, GameId::random(), false),
            Start::Loaded { elapsed } => (elapsed, GameId::random(), false),
            Start::Resumed { elapsed, id } => (elapsed, id, true),
        };
        let mut session = Session {
            saved_moves: play.game().moves_made(),
            play,
            view,
            persistence,
            elapsed_before: elapsed,
            since: world.now(),
            won_at: None,
            first_won_at: None,
            won_clock: None,
            counted: false,
            recorded: false,
            winnable,
            autosaved: resumed && persistence.autosave,
            unowned_saved: resumed && !persistence.autosave,
            id,
            flow: Flow::default(),
            opening_note: None,
            last_line: String::new(),
            interrupted: false,
            world,
        };
        session.take_as_won_elsewhere();
        session
    }

    /// The game in progress.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// The world the session runs in.
    pub fn world(&self) -> &W {
        &self.world
    }

    /// The world the session runs in, to change.
    pub fn world_mut(&mut self) -> &mut W {
        &mut self.world
    }

    /// The game number, for a numbered deal.
    pub fn number(&self) -> Option<GameNumber> {
        self.play.origin().number()
    }

    /// The game in progress.
    fn game(&self) -> &Game {
        self.play.game()
    }

    /// How the game is shown now.
    fn frame(&self) -> Frame<'_> {
        let layout = match self.view.layout {
            // Too narrow for seven columns: the rows, which wrap cleanly.
            Layout::Columns if self.view.wrap && self.world.width() < columns::NARROWEST => Layout::Rows,
            layout => layout,
        };
        Frame {
            layout,
            style: &self.view.style,
            clock: self.persistence.timed.then(|| self.elapsed()),
            // At a terminal, but not for a screen reader; in a script's
            // column picture with colour (its rows stay as without colour).
            mark: match (self.view.wrap && !self.view.screen_reader, self.view.style.colour) {
                (true, _) => Marks::All,
                (false, true) => Marks::Columns,
                (false, false) => Marks::None,
            },
            screen_reader: self.view.screen_reader,
        }
    }

    /// A game this session starts on already won (a won game saved and
    /// loaded): it keeps the time it was won in, and its win is not this
    /// session's to count, nor is it a loss if it is undone and left
    /// (undone and redone, it was counted as a new win each time: helper
    /// report).
    fn take_as_won_elsewhere(&mut self) {
        if self.play.status() == Status::Won {
            self.won_at = Some(self.elapsed());
            self.first_won_at = self.won_at;
            self.counted = true;
            self.recorded = true;
        }
    }

    /// Play time of this game so far, in seconds (what it had before when
    /// not timed).
    pub fn elapsed(&self) -> u64 {
        if let Some(at) = self.won_at {
            return at;
        }
        if self.persistence.timed {
            // Saturating: a saved game may claim any play time, and the
            // clock must not wrap round to a short one.
            self.elapsed_before.saturating_add(self.world.now().saturating_sub(self.since).as_secs())
        } else {
            self.elapsed_before
        }
    }

    /// The play time so far where time is kept, for the time bonus.
    fn played_for(&self) -> Option<Duration> {
        self.persistence.timed.then(|| Duration::from_secs(self.elapsed()))
    }

    /// Before another game takes the place of the current one: counts the
    /// current one as lost if a move was made and it was not finished, and
    /// starts the new one's bookkeeping (`elapsed` seconds of play so far,
    /// its id for the statistics).
    /// Returns `left` (what is said of the game left) as it turned out: a
    /// loss that could not be written to the statistics is not said to
    /// count.
    fn leave_game(&mut self, elapsed: u64, id: GameId, left: Option<GameLeft>) -> Option<GameLeft> {
        self.abandon();
        let left = self.as_it_turned_out(left);
        // The saved copy of the old game goes only once the game is counted:
        // if it could not be, the copy stays and this session saves no more.
        if self.autosaved && self.persistence.stats && self.counted && !self.recorded {
            self.world.warn(said::LEFT_NOT_COUNTED);
            self.persistence.autosave = false;
            self.autosaved = false;
        }
        self.unowned_saved = false;
        self.elapsed_before = elapsed;
        self.since = self.world.now();
        self.won_at = None;
        self.first_won_at = None;
        self.won_clock = None;
        self.id = id;
        self.counted = false;
        self.recorded = false;
        self.flow.new_game();
        left
    }

    /// `left` after the game's loss was counted: [`GameLeft::NotCounted`]
    /// when it could not be written.
    fn as_it_turned_out(&self, left: Option<GameLeft>) -> Option<GameLeft> {
        match left {
            Some(GameLeft::CountsAsLost(origin)) if !self.recorded => Some(GameLeft::NotCounted(origin)),
            other => other,
        }
    }

    /// What quitting says of the game in progress; a loss is counted now,
    /// so that what is said is what happened.
    fn leaving(&mut self) -> Option<GameLeft> {
        let left = self.goodbye();
        if matches!(left, Some(GameLeft::CountsAsLost(_))) {
            self.abandon();
        }
        self.as_it_turned_out(left)
    }

    /// Deals again (`restart`) or another deal (`new`), in place of the game
    /// left (see [`Session::leave_game`], which `left` goes through);
    /// autoplay's moves at the deal are said with the opening.
    fn deal(&mut self, action: Action, left: Option<GameLeft>) -> Option<GameLeft> {
        let left = self.leave_game(0, GameId::random(), left);
        if let Ok(Outcome { event: Event::Dealt { start, automatic, .. }, .. }) = self.play.apply(action, None) {
            self.opening_note = announce_autoplay(&start, &automatic, self.game(), &self.view.style);
        }
        self.note_win();
        left
    }

    /// A win the statistics could not take when it was made is tried again
    /// as the game is left (another process's lock may be gone by then):
    /// once in, its saved copy is not needed, and that is said.
    fn count_win_again(&mut self) {
        let uncounted = self.play.status() == Status::Won && self.counted && !self.outcome_kept();
        if !uncounted || self.unowned_saved {
            return;
        }
        let tally = self.tally(true);
        self.recorded = self.world.folder().count_game(&self.id, &tally);
        if self.recorded {
            self.world.warn(said::WIN_COUNTED_AFTER_ALL);
            if std::mem::replace(&mut self.autosaved, false) {
                self.world.folder().remove_autosave();
            }
        }
    }

    /// Counts the current game as lost when it had moves and is not yet counted.
    fn abandon(&mut self) {
        self.count_win_again();
        // A game resumed by a session that does not save stays saved, so it
        // is not counted (it is counted when it ends where it is saved).
        if self.play.player_moved() && !self.counted && self.play.status() != Status::Won && !self.unowned_saved {
            self.count(false);
        }
    }

    /// Whether the game's outcome is where it belongs: in the statistics,
    /// or nowhere when statistics are off. Until then its saved copy stays.
    fn outcome_kept(&self) -> bool {
        !self.persistence.stats || self.recorded
    }

    /// The current game's outcome as the statistics take it, `won` or not.
    fn tally(&self, won: bool) -> Tally {
        let seconds = self.persistence.timed.then(|| self.elapsed());
        let (rules, score, moves) = (self.play.rules(), self.play.score_sheet(), self.game().moves_made());
        Tally::new(rules, score, moves, won, seconds, self.play.time_bonus())
    }

    /// Records the current game's outcome in the statistics (once).
    fn count(&mut self, won: bool) {
        self.counted = true;
        // A game resumed by a session that does not save stays saved as it
        // was: it is counted where it is saved, never here.
        if self.persistence.stats && !self.unowned_saved {
            let tally = self.tally(won);
            self.recorded = self.world.folder().count_game(&self.id, &tally);
        }
    }

    /// Stops the clock at a win and starts it again where the win is
    /// undone (see `won_at`); counts a win the first time the game
    /// reaches it.
    fn note_win(&mut self) {
        let won = self.play.status() == Status::Won;
        match self.won_at {
            None if won => {
                let now = self.elapsed();
                self.won_clock = Some(now);
                self.won_at = Some(*self.first_won_at.get_or_insert(now));
            }
            Some(at) if !won => {
                self.won_at = None;
                self.elapsed_before = self.won_clock.take().unwrap_or(at);
                self.since = self.world.now();
            }
            _ => {}
        }
        if won && !self.counted {
            self.save_win_to_count();
            self.count(true);
        }
    }

    /// Before a win is counted, with autosave on: the won game is saved,
    /// so that a kill while the statistics are written (or while another
    /// process's lock is waited for) leaves the win itself, which the next
    /// start counts as won, not the copy from before the winning move
    /// (offered again, and counted as lost if declined). The checkpoint
    /// after the line removes it once the win is counted. `saved_moves`
    /// stays as it was: where the win cannot be counted, that checkpoint
    /// saves it again and says that it is kept to be counted.
    fn save_win_to_count(&mut self) {
        if self.persistence.autosave && self.persistence.stats && !self.unowned_saved {
            let record = self.record();
            if self.world.folder().save_autosave(&record) {
                self.autosaved = true;
            }
        }
    }

    /// At the end of the session: saves an unfinished game for resuming
    /// (when autosave is on), or counts it as lost. When that last save
    /// fails but an earlier copy of the game is saved, the copy is kept for
    /// resuming (a few moves back, but not lost) and nothing is counted.
    pub fn end(&mut self) {
        if self.checkpoint() {
            return;
        }
        let unfinished = self.play.player_moved() && self.play.status() != Status::Won;
        if self.persistence.autosave && self.autosaved && unfinished {
            self.world.warn(&said::kept_as_last_saved(self.saved_moves));
            return;
        }
        self.abandon();
    }

    /// With autosave on, keeps the autosave in step with the game after
    /// every line: an unfinished game with moves is saved (so nothing is
    /// lost even if the program is killed, by Ctrl-C during a long solve
    /// say); a won game's copy is removed. True when the game is saved.
    pub fn checkpoint(&mut self) -> bool {
        if !self.persistence.autosave {
            return false;
        }
        let status = self.play.status();
        // A game already in the statistics (won, counted, then undone) is
        // not kept: the next start would find it counted and drop it.
        if self.play.player_moved() && status != Status::Won && !self.recorded {
            let record = self.record();
            if self.world.folder().save_autosave(&record) {
                self.autosaved = true;
                self.saved_moves = self.game().moves_made();
                self.world.game_kept(true);
                return true;
            }
        } else if status == Status::Won && self.counted && !self.outcome_kept() && !self.unowned_saved {
            // A win the statistics could not take: saved won (a copy from
            // before the win would be offered for resuming, and counted as
            // lost if declined), so that the next start counts it.
            if self.saved_moves != self.game().moves_made() || !self.autosaved {
                let record = self.record();
                if self.world.folder().save_autosave(&record) {
                    self.world.warn(said::WIN_KEPT_TO_COUNT);
                    self.autosaved = true;
                    self.saved_moves = self.game().moves_made();
                }
            }
        } else if self.autosaved && (status != Status::Won || self.outcome_kept()) {
            // Won (and counted), or replaced by a game with no move yet: the
            // saved game is over. A win that could not be counted keeps its
            // copy, so that it can be won and counted again.
            self.world.folder().remove_autosave();
            self.autosaved = false;
        }
        self.world.game_kept(false);
        false
    }

    /// The record of the current game, for saving.
    pub fn record(&self) -> GameRecord {
        let mut record = self.play.record(self.elapsed());
        record.id = Some(self.id.clone());
        record
    }

    /// Opens the session on `out`: which game `--winnable` dealt, when it
    /// passed some over (`winnable`: the number it started from and what
    /// it found of those it passed; in JSON, the opening state's
    /// `message`, as after `new`), the cards autoplay puts up at the
    /// deal (before the first table), the opening state, and with
    /// `welcome` (an interactive prompt) the line saying how to go on.
    ///
    /// # Errors
    /// A failed write to `out`.
    pub fn open(&mut self, out: &mut dyn Write, winnable: Option<Passed>, welcome: bool) -> io::Result<()> {
        let skipped = winnable.zip(self.number()).map(|(passed, n)| said::winnable_message(n, &passed));
        if let (Some(text), false) = (&skipped, self.view.json) {
            writeln!(out, "{text}")?;
        }
        if self.play.autoplay() {
            self.autoplay_now();
        }
        if self.view.json {
            let mut state = State::of(&self.play, None);
            state.message = skipped;
            return writeln!(out, "{}", state.to_line());
        }
        self.start(out)?;
        if welcome {
            writeln!(out, "{}", said::WELCOME)?;
        }
        Ok(())
    }

    /// The last line fed to [`Session::feed`], as read ("" before any, or
    /// for input that is not text).
    pub fn last_line(&self) -> &str {
        &self.last_line
    }

    /// Prints the opening state.
    ///
    /// # Errors
    /// A failed write to `out`.
    pub fn start(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.view.json {
            let state = State::of(&self.play, None);
            writeln!(out, "{}", state.to_line())
        } else {
            let mut text = self.opening();
            if self.view.wrap {
                text = wrap_lines(&text, self.world.width());
            }
            // What `repeat` says before any command: the opening.
            self.flow.said(&text);
            write!(out, "{text}")
        }
    }

    /// A game's opening (see [`screen::opening`]), with what autoplay did
    /// at the deal, said once.
    fn opening(&mut self) -> String {
        let note = self.opening_note.take();
        screen::opening(&self.play, &self.frame(), note.as_deref())
    }

    /// Takes one input as the line source read it: skips comments and
    /// blank lines, runs or rejects the rest and prints what each does,
    /// then keeps the autosave in step ([`Session::checkpoint`]). Ctrl-C
    /// (which reaches the session only on an empty line: the line editor
    /// clears a line that has text) takes back a question waiting;
    /// otherwise the first says how to quit (without a line editor, that
    /// the line was cleared: see [`Input::Cleared`]), and a second in a
    /// row ends the session, as the end of input does (saying what becomes of the game
    /// where [`View::farewell`] asks for it). The caller then calls
    /// [`Session::end`].
    ///
    /// # Errors
    /// A failed write to `out`.
    pub fn feed(&mut self, input: Input, out: &mut dyn Write) -> io::Result<Next> {
        let interrupted_before = std::mem::take(&mut self.interrupted) && input != Input::InterruptedAnew;
        let mut raw = None;
        let (line, fault) = match input {
            Input::Interrupted | Input::InterruptedAnew if self.flow.pending().is_some() => ("no".to_string(), None),
            // The terminal showed ^C after the prompt: the answer goes on a
            // line of its own.
            Input::Cleared if self.flow.pending().is_some() => {
                writeln!(out)?;
                ("no".to_string(), None)
            }
            Input::Cleared => {
                writeln!(out, "\n{}", said::LINE_CLEARED)?;
                out.flush()?;
                return Ok(Next::Continue);
            }
            Input::Interrupted | Input::InterruptedAnew if !interrupted_before => {
                self.interrupted = true;
                writeln!(out, "{}", said::HOW_TO_QUIT)?;
                out.flush()?;
                return Ok(Next::Continue);
            }
            Input::End | Input::Interrupted | Input::InterruptedAnew => {
                // Ctrl-C at a question answers it (above): this is the end
                // of input.
                if self.flow.pending().is_some() {
                    self.world.warn(said::ENDED_AT_QUESTION);
                }
                if self.view.farewell {
                    self.farewell(out)?;
                }
                return Ok(Next::SessionEnd);
            }
            Input::TooLong(start) => (start, Some(WhyNotRun::TooLong)),
            Input::NotText => (String::new(), Some(WhyNotRun::NotText)),
            // A line typed at the prompt comes whole, however long: it is
            // refused as one read from a script is.
            Input::Text(text) if text.len() > crate::app::lines::MAX_LINE => (text, Some(WhyNotRun::TooLong)),
            // Arrow and editing keys reach a prompt without a line editor
            // as escape sequences, and did not do what the player meant
            // (Left, Backspace, 1 leaves `t 7 6` and the keys): the line is
            // refused whole. The echo and the JSON state show it as it came
            // (`<escape>[A`), so that a transcript shows what was sent.
            Input::Text(text) if text.contains('\u{1b}') => {
                raw = Some(text.clone());
                (crate::app::lines::without_escape_sequences(&text), Some(WhyNotRun::EditingKeys))
            }
            Input::Text(text) => (text, None),
        };
        self.last_line.clone_from(&line);
        let trimmed = line.trim();
        // A comment is skipped however long it is (a line too long to be
        // read whole is known to be one by its start).
        let comment = trimmed.starts_with('#') && !matches!(fault, Some(WhyNotRun::NotText));
        // At a terminal, Enter alone at a question says the question again
        // (it was skipped in silence, and a player listening heard
        // nothing); a script's blank lines are skipped as ever.
        let asked_again = self.view.farewell && self.flow.pending().is_some();
        if comment || (fault.is_none() && trimmed.is_empty() && !asked_again) {
            return Ok(Next::Continue);
        }
        let next = match fault {
            Some(why) => self.report(raw.as_deref().unwrap_or(&line), Err(why), out)?,
            None => self.line(&line, out)?,
        };
        self.checkpoint();
        Ok(next)
    }

    /// Runs one input line and prints what it does.
    fn line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Next> {
        let reply = match self.flow.read(line) {
            Step::Run { command, confirmed } => self.command(command, confirmed),
            Step::Again(text) => Ok(Reply::Again(text)),
            Step::Declined => Ok(Reply::Answer(said::KEPT_PLAYING.into())),
            Step::Quit => Ok(Reply::Quit(self.leaving().map(|g| g.to_string()))),
            Step::Refused(why) => Err(WhyNotRun::Flow(why)),
        };
        self.report(line, reply, out)
    }

    /// Prints a reply to `line`: as one JSON state, or as text (echoed
    /// first in a script; spoken or wrapped as the view says), and keeps
    /// what was said for `repeat`.
    fn report(&mut self, line: &str, reply: Result<Reply, WhyNotRun>, out: &mut dyn Write) -> io::Result<Next> {
        if self.view.echo && !self.view.json {
            writeln!(out, "> {}", printable(line))?;
        }
        let next = match &reply {
            Ok(Reply::Quit(_)) => Next::Quit,
            Ok(_) => Next::Continue,
            Err(_) => Next::Rejected,
        };
        if self.view.json {
            let mut state = State::of(&self.play, Some(line));
            match reply {
                Ok(Reply::Answer(text) | Reply::Question(text) | Reply::Again(text)) => state.message = Some(text),
                Ok(Reply::Opening(text) | Reply::Quit(text)) => state.message = text,
                Ok(Reply::Solver(text, facts)) => (state.message, state.solver) = (Some(text), facts),
                Err(e) => state = state.rejected(plain_message(&e.to_string())),
                Ok(_) => {}
            }
            state.question = self.flow.pending().is_some();
            // What `repeat` says again: the last message or error.
            if let Some(text) = state.message.as_ref().or(state.error.as_ref()) {
                self.flow.said(text.trim_end());
            }
            writeln!(out, "{}", state.to_line())?;
            return Ok(next);
        }
        // The column picture asked for with a screen reader (by a reader
        // with a braille display or some sight) is a picture: the words
        // made for speech would strip its columns' leading spaces.
        let picture = matches!(reply, Ok(Reply::Table)) && self.frame().layout == Layout::Columns;
        let mut text = match reply.map_err(|e| plain_message(&e.said(self.view.screen_reader))) {
            Err(e) => said::refused_line(&e, self.view.screen_reader),
            Ok(Reply::Quit(None)) => String::new(),
            Ok(Reply::Quit(Some(t)) | Reply::Answer(t) | Reply::Question(t) | Reply::Solver(t, _)) => format!("{t}\n"),
            Ok(Reply::Again(t)) => t,
            Ok(Reply::Table) => screen::whole_table(&self.play, &self.frame()),
            Ok(Reply::Opening(None)) => self.opening(),
            Ok(Reply::Opening(Some(t))) => format!("{t}\n{}", self.opening()),
            Ok(Reply::Changed { said, stuck_news }) => self.after_change(&said, "", stuck_news),
            Ok(Reply::ChangedAfter { note, said, stuck_news }) if self.view.screen_reader => {
                self.after_change(&format!("{note} {said}"), "", stuck_news)
            }
            Ok(Reply::ChangedAfter { note, said, stuck_news }) => self.after_change(&said, &note, stuck_news),
        };
        if self.view.screen_reader && !picture {
            text = spoken(&text);
        } else if self.view.wrap {
            text = wrap_lines(&text, self.world.width());
        }
        out.write_all(text.as_bytes())?;
        self.flow.said(&text);
        Ok(next)
    }

    /// After the position changed: a sentence (screen reader) or the table,
    /// with `note` (what an undo or redo did, or "" for nothing) under it;
    /// `stuck_news`: the change made the game stuck (said once when it
    /// happens, not after every command).
    fn after_change(&mut self, sentence: &str, note: &str, stuck_news: bool) -> String {
        let can_finish = can_auto_finish(self.game().position()) && !self.play.autoplay();
        let finish = self.flow.finish_news(can_finish);
        screen::after_change(&self.play, &self.frame(), sentence, note, stuck_news, finish, self.view.confirm)
    }

    /// Plays the safe foundation moves there are now (each its own move):
    /// for `--autoplay` at the start of a session. The table shows them; in
    /// screen-reader mode the opening says them.
    pub fn autoplay_now(&mut self) {
        if let Ok(Outcome { event: Event::ToFoundations { start, moves }, .. }) =
            self.play.apply(Action::Autoplay, self.played_for())
        {
            self.opening_note = announce_autoplay(&start, &moves, self.game(), &self.view.style);
        }
        self.note_win();
    }

    /// Carries out an action on the game; the reply says what it changed.
    fn change(&mut self, action: Action) -> Result<Reply, WhyNotRun> {
        let outcome = self.play.apply(action, self.played_for()).map_err(WhyNotRun::Play)?;
        self.note_win();
        let said = announce_outcome(&outcome, self.game(), self.play.score_now(), &self.view.style).unwrap_or_default();
        Ok(Reply::Changed { said, stuck_news: outcome.became_stuck() })
    }

    /// Whether a command that starts another game would throw this one
    /// away: moves made, not won, not yet counted.
    fn in_progress(&self) -> bool {
        self.play.player_moved() && self.play.status() != Status::Won && !self.counted && !self.unowned_saved
    }

    /// What is said of the game left when another replaces it.
    fn left_behind(&self) -> Option<GameLeft> {
        (self.in_progress() && self.persistence.stats).then(|| GameLeft::CountsAsLost(self.play.origin()))
    }

    /// Carries out a parsed line; `confirmed`: the player said yes to it.
    fn command(&mut self, line: Line, confirmed: bool) -> Result<Reply, WhyNotRun> {
        // A command that would throw the game away is asked about first
        // (at an interactive prompt, or with --confirm).
        if !confirmed && self.view.confirm && self.in_progress() {
            let quit_loses = matches!(self.goodbye(), Some(GameLeft::CountsAsLost(_)));
            if let Some(mut pending) = Pending::before(&line, self.persistence.stats, quit_loses) {
                pending.unsaved = self.persistence.autosave && !self.autosaved;
                // A file that cannot be loaded is said before any question:
                // yes would only lead to the error.
                if let Line::Session(SessionCommand::Load(file)) = &line {
                    let (r, id) = self.read_game_file(file)?;
                    pending.same_game = self.is_this_game(&r, &id);
                    // A copy of the game as it is now: loading it loses
                    // nothing, so nothing is asked.
                    if pending.same_game && self.is_as_now(&r) {
                        return self.session_command(SessionCommand::Load(file.clone()));
                    }
                }
                let question = said::question_text(&pending);
                self.flow.ask(pending);
                return Ok(Reply::Question(question));
            }
        }
        match line {
            Line::Game(command) => self.game_command(command),
            Line::Session(command) => self.session_command(command),
        }
    }

    /// The saved game in `file` (`load FILE`), read and replayed, and its
    /// id.
    fn read_game_file(&mut self, file: &str) -> Result<(Replayed, GameId), WhyNotRun> {
        let record = self.world.folder().load_file(file).map_err(WhyNotRun::World)?;
        let replayed = record.replay().map_err(|error| WhyNotRun::Record { file: file.to_string(), error })?;
        Ok((replayed, record.identity()))
    }

    /// Whether the saved game `r`, with id `id`, is a copy of the game
    /// being played: the same id, deal, rules and scoring, the game not yet
    /// counted (a game counted, won say, that is loaded again is another
    /// game), and a copy played by the player if the game is (a copy saved
    /// before any move of a game played since would be saved for resuming
    /// as a game never played, and never counted).
    fn is_this_game(&self, r: &Replayed, id: &GameId) -> bool {
        *id == self.id
            && !self.counted
            && r.deal == *self.play.deal()
            && r.game.rules() == self.play.rules()
            && r.scoring == self.play.scoring()
            && (!self.play.player_moved() || Play::was_played(r))
    }

    /// Whether the saved game `r` (a copy of this game, see
    /// [`Session::is_this_game`]) holds it as it is now: the same moves
    /// made, and the same moves to redo.
    fn is_as_now(&self, r: &Replayed) -> bool {
        let now = self.play.game();
        r.game.history() == now.history() && r.game.redo_moves() == now.redo_moves()
    }

    /// Carries out a session command: the files, the statistics, another
    /// game, quitting.
    fn session_command(&mut self, command: SessionCommand) -> Result<Reply, WhyNotRun> {
        match command {
            SessionCommand::Save(file) => {
                let record = self.record();
                self.world.folder().save_file(&file, &record).map_err(WhyNotRun::World)?;
                Ok(Reply::Answer(said::saved(&file)))
            }
            SessionCommand::Load(file) => {
                let (r, id) = self.read_game_file(&file)?;
                if self.is_this_game(&r, &id) {
                    // A copy of this very game, saved from it earlier (or
                    // later, then undone): play goes on from there (the
                    // moves made since it was saved are not kept), under
                    // the same id and clock; nothing is counted.
                    self.play = Play::from_replayed(r, self.play.autoplay());
                    self.flow.new_game();
                    return Ok(Reply::Opening(Some(said::loaded_same_game(&file))));
                }
                let left = self.left_behind();
                // A saved game loaded is a new game from that position (it
                // may be loaded again): an id of its own.
                let left = self.leave_game(r.elapsed_seconds, GameId::random(), left);
                self.play = Play::from_replayed(r, self.play.autoplay());
                self.take_as_won_elsewhere();
                Ok(Reply::Opening(Some(said::loaded(left, &file))))
            }
            SessionCommand::Stats => {
                let stats = self.world.folder().statistics().map_err(WhyNotRun::World)?;
                let table = crate::app::render::stats_text::statistics_table(&stats);
                // The table where it fits; sentences for a screen reader,
                // and on a terminal too narrow for the table's rows.
                let widest = table.lines().map(textwrap::core::display_width).max().unwrap_or(0);
                let text = if self.view.screen_reader || (self.view.wrap && widest > self.world.width()) {
                    crate::app::render::stats_text::statistics(&stats)
                } else {
                    table
                };
                Ok(Reply::Answer(text.trim_end().to_string()))
            }
            SessionCommand::New(n) => {
                let lost = self.left_behind();
                let first = n.unwrap_or_else(|| self.world.random_game());
                let (number, deal, preface) = if self.winnable {
                    let Winnable { number, deal, passed } =
                        first_winnable(&mut self.world, first, self.play.rules()).map_err(WhyNotRun::Winnable)?;
                    (number, deal, Some(said::winnable_message(number, &passed)))
                } else {
                    (first, Deal::for_number(first), None)
                };
                let lost = self.deal(Action::Deal { deal, origin: Origin::Number(number) }, lost);
                let preface = match (lost.map(|l| l.to_string()), preface) {
                    (Some(l), Some(p)) => Some(format!("{l} {p}")),
                    (l, p) => l.or(p),
                };
                Ok(Reply::Opening(preface))
            }
            SessionCommand::Quit => Ok(Reply::Quit(self.leaving().map(|g| g.to_string()))),
            SessionCommand::Autoplay(None) => Ok(Reply::Answer(said::autoplay_is(self.play.autoplay()))),
            SessionCommand::Autoplay(Some(on)) => {
                self.play.set_autoplay(on);
                let kept = self.world.autoplay_chosen(on);
                let turned = said::autoplay_turned(on, kept);
                // Turned on, it plays the safe cards there are now.
                let outcome = self.play.apply(Action::Autoplay, self.played_for()).map_err(WhyNotRun::Play)?;
                if matches!(&outcome.event, Event::ToFoundations { moves, .. } if !moves.is_empty()) {
                    self.note_win();
                    let style = self.view.style;
                    let said =
                        announce_outcome(&outcome, self.game(), self.play.score_now(), &style).unwrap_or_default();
                    return Ok(Reply::ChangedAfter { note: turned, said, stuck_news: outcome.became_stuck() });
                }
                Ok(Reply::Answer(turned))
            }
        }
    }

    /// Carries out a command of the game notation.
    fn game_command(&mut self, command: Command) -> Result<Reply, WhyNotRun> {
        let style = self.view.style;
        match command {
            Command::Restart => {
                let left = self.left_behind();
                let left = self.deal(Action::Restart, left);
                // The title follows in the opening: said once.
                Ok(Reply::Opening(Some(said::restarted(left))))
            }
            Command::Move(m) => self.change(Action::Move(m)),
            // The table alone does not show what an undo took back: the
            // sentence a screen reader hears is said after it too.
            Command::Undo | Command::Redo => {
                let action = if command == Command::Undo { Action::Undo } else { Action::Redo };
                match self.change(action)? {
                    Reply::Changed { said, stuck_news } if !self.view.screen_reader && !said.is_empty() => {
                        Ok(Reply::ChangedAfter { note: said, said: String::new(), stuck_news })
                    }
                    reply => Ok(reply),
                }
            }
            // Nothing to do is an answer, not a refusal: nothing was wrong
            // with the command (and a strict script goes on).
            Command::Auto if self.play.status() == Status::Won => Ok(Reply::Answer(said::WON_NOTHING_LEFT.to_string())),
            Command::Auto => match self.change(Action::Finish) {
                Err(WhyNotRun::Play(PlayError::NothingSafe)) => Ok(Reply::Answer(said::NOTHING_SAFE.to_string())),
                done => done,
            },
            Command::Hint => {
                let (play, world) = (&self.play, &mut self.world);
                let (position, rules) = (play.game().position(), play.rules());
                // With autoplay on, a line that autoplay's moves part from
                // proves nothing of the game as it is played (in draw-3 a
                // card autoplay takes off the waste can lose it: helper
                // report): the solver is then taken as undecided.
                let think = |b| match world.solve(position, rules, b) {
                    Verdict::Winnable(line)
                        if play.autoplay() && crate::app::batch::under_autoplay::typed_line(play, &line).is_none() =>
                    {
                        Verdict::Unknown(crate::engine::solver::GaveUp::StateLimit)
                    }
                    verdict => verdict,
                };
                let advice = self.flow.advise(play, think);
                let text =
                    said::advice_text(&advice, self.game(), self.play.score_now(), &style, self.view.screen_reader);
                Ok(Reply::Solver(text, SolverFacts::of_advice(&advice, self.play.status())))
            }
            Command::Solve => {
                let budget = self.world.budget(SOLVE_STATES, SOLVE_TIME);
                let (position, rules) = (self.play.game().position(), self.play.rules());
                let mut verdict = self.world.solve(position, rules, budget);
                // With autoplay on, the line as it is typed (autoplay's own
                // moves left out: typed as found, the line was refused a few
                // moves in, helper report); where autoplay parts from it,
                // the line as found, and said so.
                let mut parts = false;
                if let (true, Verdict::Winnable(line)) = (self.play.autoplay(), &verdict) {
                    match crate::app::batch::under_autoplay::typed_line(&self.play, line) {
                        Some(typed) => verdict = Verdict::Winnable(typed),
                        None => parts = true,
                    }
                }
                let mut text =
                    said::solve_text(&verdict, flow::lost_where(&self.play) == Lost::InPlay, self.view.screen_reader);
                let mut facts = SolverFacts::of_verdict(&verdict);
                if parts {
                    // Won with autoplay off: with it on, nothing is known.
                    text = said::autoplay_parts_from_line(&text);
                    facts.verdict = Some(crate::app::batch::BatchVerdict::Unknown);
                    // No line that cannot be typed as it is.
                    facts.line = None;
                }
                Ok(Reply::Solver(text, facts))
            }
            Command::Review => {
                let (play, world) = (&self.play, &mut self.world);
                world.searches_in_a_row(true);
                let found = review::review(
                    play,
                    |position, rules, budget| world.solve(position, rules, budget),
                    || Budget::states(review::REVIEW_STATES),
                );
                self.world.searches_in_a_row(false);
                let limit = review::Limit { states: review::REVIEW_STATES, seconds: None };
                Ok(Reply::Answer(said::review_text(&found, self.game(), &limit, &style, self.view.screen_reader, true)))
            }
            // A question changes nothing; its answer is the presentation
            // layer's words for the game as it stands.
            Command::Ask(query) => match self.play.apply(Action::Ask(query), None) {
                Ok(Outcome { event: Event::Answered(Query::Table), .. }) => Ok(Reply::Table),
                Ok(Outcome { event: Event::Answered(asked), .. }) => {
                    said::answer(asked, &self.play, &self.frame()).map(Reply::Answer).map_err(WhyNotRun::Flow)
                }
                // Play answers every question with Answered; the table is harmless.
                Ok(_) => Ok(Reply::Table),
                Err(e) => Err(WhyNotRun::Play(e)),
            },
            // The flow carries these out before a command gets here
            // (`Step::Again`); the table is a harmless answer.
            Command::Again | Command::Repeat => Ok(Reply::Table),
        }
    }

    /// Says what becomes of the game when the session ends at the end of
    /// input (as `q` says it).
    fn farewell(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(text) = self.leaving() {
            writeln!(out)?;
            writeln!(out, "{text}")?;
        }
        Ok(())
    }

    /// What quitting does with the game in progress: kept for next time,
    /// counted as lost, or not kept as it is counted as won already
    /// (nothing is said where nothing is kept).
    fn goodbye(&self) -> Option<GameLeft> {
        if self.recorded && self.play.player_moved() && self.play.status() != Status::Won {
            // Won, counted, then taken back (see `checkpoint`).
            self.persistence.autosave.then(|| GameLeft::CountedAsWon(self.play.origin()))
        } else if !self.in_progress() {
            None
        } else if self.persistence.autosave && self.autosaved {
            // Kept only where a copy was written: saving can fail (a data
            // folder that cannot be written), and then the game is not kept.
            Some(GameLeft::Kept)
        } else if self.persistence.stats {
            Some(GameLeft::CountsAsLost(self.play.origin()))
        } else {
            None
        }
    }
}

/// A line made safe to echo: control characters escaped, cut at 200 characters.
pub fn printable(line: &str) -> String {
    crate::app::render::words::readable(line, 200)
}
