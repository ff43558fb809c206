//! A session: the game being played ([`Play`]), and what each command line
//! prints; the files, the clock and the confirmations around it.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use klondike::autoplay::can_auto_finish;
use klondike::census::{BatchVerdict, Verdicts};
use klondike::command::Command;
use klondike::deal::Deal;
use klondike::game::{Game, Status};
use klondike::hint::hint_where;
use klondike::play::{Action, Event, Origin, Outcome, Play};
use klondike::query::{describe_pile, describe_rules};
use klondike::record::{GameId, GameRecord};
use klondike::render::help::{help_list, help_on, SPOKEN_HELP};
use klondike::render::json::State;
use klondike::render::outcome::{announce_autoplay, announce_outcome};
use klondike::render::screen::{self, Look};
use klondike::render::words::CardStyle;
use klondike::rules::Rules;
use klondike::scoring::{standard_time_bonus, ScoreSheet, Scoring};
use klondike::solver::{self, Budget, LineEffort, Verdict};
use klondike::stats::{RulesKey, Statistics};
use klondike::store;

/// The ways to show the whole table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// The classic picture: the seven piles as columns cascading down.
    Columns,
    /// Card codes, one pile per line, face-down cards as `##`.
    #[value(alias = "table")]
    Rows,
    /// One pile per line in words, face-down cards as a count.
    List,
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
    /// Wrap messages at the terminal's width, between words (a sighted
    /// interactive terminal; scripts and screen readers get whole lines).
    pub wrap: bool,
}

/// What the loop should do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    /// The command was rejected.
    Rejected,
    Quit,
}

/// What a command did, before it is shown.
enum Reply {
    /// The game changed (a move, with any automatic moves after it; an undo
    /// or redo; `auto`): what it did in a sentence, and whether it made the
    /// game stuck.
    Changed { said: String, stuck_news: bool },
    /// A query's answer; the table is not shown.
    Answer(String),
    /// Show the whole table (also after a new game).
    Table,
    /// A new game's opening (new, restart, load), after a sentence if any:
    /// the whole table, or in screen-reader mode its short opening.
    Opening(Option<String>),
    /// What was said last, said again (`repeat`).
    Again(String),
    /// A yes-or-no question; the command waits in [`Session::pending`].
    Question(String),
    /// The session ends, with a last sentence (or none).
    Quit(Option<String>),
}

/// How many states the solver may search for `hint` before the heuristic
/// answers (a fraction of a second).
const HINT_STATES: u64 = 300_000;
/// How long the solver may think for `solve` at the prompt.
const SOLVE_BUDGET: Duration = Duration::from_secs(10);

/// What the session keeps on disk, and whether it keeps time.
#[derive(Clone, Copy, Debug)]
pub struct Persistence {
    /// Count finished and abandoned games in the statistics file.
    pub stats: bool,
    /// Save an unfinished game for resuming when the session ends.
    pub autosave: bool,
    /// Keep play time (interactive sessions only, so transcripts stay stable).
    pub timed: bool,
}

pub struct Session {
    /// The game in progress, with its rules, scoring and autoplay.
    pub play: Play,
    pub view: View,
    pub persistence: Persistence,
    /// Play time of this game before this session, in seconds.
    pub elapsed_before: u64,
    /// When this session started on this game.
    pub since: Instant,
    /// This game's outcome has been counted (once a game, even when the
    /// statistics could not be written).
    pub counted: bool,
    /// This game's outcome is in the statistics file.
    pub recorded: bool,
    /// "Every card is face up" has been said for the present stretch of
    /// such positions (it is said once, not after every move).
    pub finish_noted: bool,
    /// `new` deals only games the solver proves winnable (`--winnable`).
    pub winnable: bool,
    /// This session has written the autosave file (so it is this session's
    /// to remove when its game is over or replaced).
    pub autosaved: bool,
    /// Moves made in the game as last saved to the autosave file.
    pub saved_moves: usize,
    /// The game was resumed from the autosave by a session that does not
    /// save: the saved copy stays, so the game is not counted here.
    pub unowned_saved: bool,
    /// The game's identity for the statistics.
    pub id: GameId,
    pub random_game: Box<dyn FnMut() -> u128>,
    /// A command waiting for the player's yes (it would abandon the game),
    /// with the question asked.
    pub pending: Option<(Command, String)>,
    /// The last command run, for `.` (`again`).
    pub last_command: Option<Command>,
    /// The last response printed, for `repeat`.
    pub last_response: String,
    /// What autoplay did at the deal, said once with the opening (screen
    /// reader).
    pub opening_note: Option<String>,
    /// A hint has said that the game can still be won (it is said again
    /// only once it has been lost and regained, or in a new game).
    pub winnable_said: std::cell::Cell<bool>,
}

impl Session {
    /// A session on `play`, a game with `elapsed` seconds of play before
    /// this session and `id` for the statistics (a resumed autosave's own,
    /// a new one otherwise).
    pub fn new(
        play: Play,
        elapsed: u64,
        id: GameId,
        view: View,
        persistence: Persistence,
        winnable: bool,
        random_game: Box<dyn FnMut() -> u128>,
    ) -> Session {
        Session {
            saved_moves: play.game().moves_made(),
            play,
            view,
            persistence,
            elapsed_before: elapsed,
            since: Instant::now(),
            counted: false,
            recorded: false,
            finish_noted: false,
            winnable,
            autosaved: false,
            unowned_saved: false,
            id,
            random_game,
            pending: None,
            last_command: None,
            last_response: String::new(),
            opening_note: None,
            winnable_said: Default::default(),
        }
    }
}

/// The file an unfinished interactive game is saved to when the session ends.
pub fn autosave_path() -> Option<std::path::PathBuf> {
    store::data_dir().map(|d| d.join("autosave.json"))
}

/// The statistics file.
pub fn statistics_path() -> Option<std::path::PathBuf> {
    store::data_dir().map(|d| d.join("statistics.json"))
}

/// Adds game `id` to the statistics file (under its lock), unless it is
/// counted there already: won or lost, its final score (with the time bonus
/// for a timed standard win), its moves and time; a Vegas game's score goes
/// into the Vegas balance. Problems with the file are reported on standard
/// error; play goes on. True when the game is in the statistics now.
pub fn count_game(
    id: &GameId,
    rules: &Rules,
    score: &ScoreSheet,
    moves: usize,
    won: bool,
    seconds: Option<u64>,
) -> bool {
    let Some(path) = statistics_path() else { return false };
    let scoring = score.scoring();
    let mut final_score = score.current();
    if won && scoring == Scoring::Standard {
        final_score += seconds.map_or(0, standard_time_bonus);
    }
    let outcome = klondike::stats::Outcome {
        won,
        score: (scoring != Scoring::None).then_some((scoring, final_score)),
        moves,
        seconds,
    };
    let key = RulesKey::from(rules);
    let vegas = (scoring == Scoring::Vegas).then_some(final_score);
    let result = store::update_locked(&path, |stats: &mut Statistics| {
        stats.record_game_once(id, key, outcome, vegas);
    });
    match result {
        Ok(updated) => {
            if let Some(w) = updated.warning {
                warn_line!("klondike: {w}");
            }
            true
        }
        Err(e @ store::StoreError::Io { .. }) => {
            say_folder_problem(&path, &e);
            false
        }
        Err(e) => {
            // Said once: the same file gives the same answer every time.
            static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
            if !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
                warn_line!("klondike: the statistics were not updated: {e}");
            }
            false
        }
    }
}

/// Says (on standard error) why the data folder cannot be written, for the
/// failed write of `path`: once a process, however many writes fail.
pub fn say_folder_problem(path: &std::path::Path, error: &store::StoreError) {
    static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
        warn_line!("klondike: {}; the game goes on", store::folder_problem(path, error));
    }
}

/// The narrowest terminal the column picture fits: its line of stock,
/// waste and foundations.
const COLUMNS_WIDTH: usize = 56;

/// Lines longer than `width` broken between words; a line that starts with
/// spaces (a list entry) goes on under its text.
fn wrap_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, newline) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        if textwrap::core::display_width(body) <= width || width < 20 {
            out.push_str(line);
            continue;
        }
        // "  w N          what it does": the text after the command's column.
        let indent = match body.strip_prefix("  ") {
            Some(rest) => {
                let command = rest.find("  ").unwrap_or(0);
                let gap = rest[command..].len() - rest[command..].trim_start().len();
                " ".repeat(2 + command + gap)
            }
            None => String::new(),
        };
        let options = textwrap::Options::new(width).subsequent_indent(&indent);
        out.push_str(&textwrap::fill(body, options));
        out.push_str(newline);
    }
    out
}

/// What `hint` answers: a suggestion (a move's command, if any, and why),
/// or a sentence of its own (the game is lost).
enum HintText {
    Suggest { command: Option<String>, words: String, after: String },
    Plain(String),
}

impl HintText {
    /// The hint as shown, "hint: t 7 1: move the jack ... The game can
    /// still be won."; or as a screen reader says it, with no label and no
    /// stacked colons: "Move the jack ..., type t 7 1. The game can still
    /// be won."
    fn said(self, screen_reader: bool) -> String {
        let capitalise = klondike::render::words::capitalise;
        match (self, screen_reader) {
            (HintText::Plain(text), _) => text,
            (HintText::Suggest { command: Some(c), words, after }, false) => format!("hint: {c}: {words}.{after}"),
            (HintText::Suggest { command: None, words, after }, false) => format!("hint: {words}.{after}"),
            (HintText::Suggest { command: Some(c), words, after }, true) => {
                format!("{}, type {c}.{after}", capitalise(&words))
            }
            (HintText::Suggest { command: None, words, after }, true) => format!("{}.{after}", capitalise(&words)),
        }
    }
}

/// Removes the autosave when the statistics hold its game as counted (a
/// session was killed between the two steps). `locked`: this session holds
/// the autosave's lock; otherwise it is taken for the moment, and nothing is
/// done when another session holds it.
pub fn remove_counted_autosave(locked: bool) {
    let Some(path) = autosave_path() else { return };
    let _lock = if locked {
        None
    } else {
        match store::try_lock_beside(&path) {
            Ok(Some(lock)) => Some(lock),
            _ => return,
        }
    };
    if let Ok(Some(record)) = store::peek_json::<GameRecord>(&path) {
        if was_counted(&record.identity()) {
            let _ = store::remove_file(&path);
        }
    }
}

/// Whether `path` names one of klondike's own files in its data folder
/// (the autosave, the statistics), which `save` must never replace.
pub fn is_our_file(path: &std::path::Path) -> bool {
    let canonical = |p: &std::path::Path| {
        let parent = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
        std::fs::canonicalize(parent).ok().map(|d| d.join(p.file_name().unwrap_or_default()))
    };
    let Some(target) = canonical(path) else { return false };
    [autosave_path(), statistics_path()].into_iter().flatten().any(|ours| canonical(&ours) == Some(target.clone()))
}

/// Whether the statistics hold game `id` as counted (a saved record left
/// behind by a session killed between counting its game and removing it).
/// False when there is no id or the statistics cannot be read.
pub fn was_counted(id: &GameId) -> bool {
    let Some(path) = statistics_path() else { return false };
    // Only a look: a corrupt file is moved aside (and said) by the update.
    matches!(store::peek_json::<Statistics>(&path), Ok(Some(stats)) if stats.has_counted(id))
}

/// Counts the game of a saved `record` as lost (once: see [`count_game`]),
/// when it is unfinished and had moves, and `stats` is on. Returns a phrase
/// naming it ("game 7, 50 moves") when it was such a game, with whether it
/// is now in the statistics; `None` for a record with nothing to count.
pub fn count_record_as_lost(record: &GameRecord, stats: bool) -> Option<(String, bool)> {
    let r = record.replay().ok()?;
    let moves = r.game.moves_made();
    if r.game.status() == Status::Won || (moves == 0 && record.undone.is_empty()) {
        return None;
    }
    let id = record.identity();
    let recorded = stats && count_game(&id, r.game.rules(), &r.score, moves, false, Some(r.elapsed_seconds));
    let what = r.number.map_or("a custom deal".to_string(), |n| format!("game {n}"));
    Some((format!("{what} with {}", klondike::render::words::count(moves, "move")), recorded))
}

impl Session {
    pub fn number(&self) -> Option<u128> {
        self.play.origin().number()
    }

    /// The game in progress.
    fn game(&self) -> &Game {
        self.play.game()
    }

    fn title(&self) -> String {
        screen::title(self.play.origin())
    }

    /// How the game is shown now.
    fn look(&self) -> Look<'_> {
        let layout = match self.view.layout {
            Layout::Rows => screen::Layout::Rows,
            // Too narrow for seven columns: the rows, which wrap cleanly.
            Layout::Columns if self.view.wrap && textwrap::termwidth() < COLUMNS_WIDTH => screen::Layout::Rows,
            Layout::Columns => screen::Layout::Columns,
            Layout::List => screen::Layout::List,
        };
        Look {
            layout,
            style: &self.view.style,
            clock: self.persistence.timed.then(|| self.elapsed()),
            // At a terminal, or with colour (scripts' pictures stay unmarked).
            mark: self.view.style.colour || self.view.wrap,
            screen_reader: self.view.screen_reader,
        }
    }

    fn whole_table(&self) -> String {
        screen::whole_table(&self.play, &self.look())
    }

    /// Play time of this game so far, in seconds (0 when not timed).
    pub fn elapsed(&self) -> u64 {
        if self.persistence.timed {
            self.elapsed_before + self.since.elapsed().as_secs()
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
    fn leave_game(&mut self, elapsed: u64, id: GameId) {
        self.abandon();
        // The saved copy of the old game goes only once the game is counted:
        // if it could not be, the copy stays and this session saves no more.
        if self.autosaved && self.persistence.stats && self.counted && !self.recorded {
            warn_line!(
                "klondike: the game left could not be counted, so its saved copy is kept; this session does not save its games"
            );
            self.persistence.autosave = false;
            self.autosaved = false;
        }
        self.unowned_saved = false;
        self.elapsed_before = elapsed;
        self.since = Instant::now();
        self.id = id;
        self.counted = false;
        self.recorded = false;
        self.finish_noted = false;
        self.winnable_said.set(false);
    }

    /// Deals again (`restart`) or another deal (`new`), in place of the game
    /// left (see [`Session::leave_game`]); autoplay's moves at the deal are
    /// said with the opening.
    fn deal(&mut self, action: Action) {
        self.leave_game(0, GameId::random());
        if let Ok(Outcome { event: Event::Dealt { start, automatic, .. }, .. }) = self.play.apply(action, None) {
            self.opening_note = announce_autoplay(&start, &automatic, self.game(), &self.view.style);
        }
        self.note_win();
    }

    /// Counts the current game as lost when it had moves and is not yet counted.
    fn abandon(&mut self) {
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

    /// Records the current game's outcome in the statistics (once).
    fn count(&mut self, won: bool) {
        self.counted = true;
        // A game resumed by a session that does not save stays saved as it
        // was: it is counted where it is saved, never here.
        if self.persistence.stats && !self.unowned_saved {
            let seconds = self.persistence.timed.then(|| self.elapsed());
            let (rules, sheet, moves) = (self.play.rules(), self.play.score_sheet(), self.game().moves_made());
            self.recorded = count_game(&self.id, rules, &sheet, moves, won, seconds);
        }
    }

    /// Counts a win the first time the game reaches it.
    fn note_win(&mut self) {
        if self.play.status() == Status::Won && !self.counted {
            self.count(true);
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
            warn_line!(
                "klondike: the game is kept as it was last saved ({}), for resuming",
                klondike::render::words::count(self.saved_moves, "move")
            );
            return;
        }
        self.abandon();
    }

    /// With autosave on, keeps the autosave file in step with the game after
    /// every command: an unfinished game with moves is saved (so nothing is
    /// lost even if the program is killed, by Ctrl-C during a long solve
    /// say); a won game's file is removed. True when the game is saved.
    pub fn checkpoint(&mut self) -> bool {
        if !self.persistence.autosave {
            return false;
        }
        let Some(path) = autosave_path() else { return false };
        let status = self.play.status();
        if self.play.player_moved() && status != Status::Won {
            match store::write_json(&path, &self.record()) {
                Ok(()) => {
                    self.autosaved = true;
                    self.saved_moves = self.game().moves_made();
                    GAME_KEPT.store(true, Ordering::Relaxed);
                    return true;
                }
                Err(e) => say_folder_problem(&path, &e),
            }
        } else if self.autosaved && (status != Status::Won || self.outcome_kept()) {
            // Won (and counted), or replaced by a game with no move yet: the
            // saved game is over. A win that could not be counted keeps its
            // copy, so that it can be won and counted again.
            let _ = store::remove_file(&path);
            self.autosaved = false;
        }
        GAME_KEPT.store(false, Ordering::Relaxed);
        false
    }

    /// The record of the current game, for saving.
    pub fn record(&self) -> GameRecord {
        let mut record = self.play.record(self.elapsed());
        record.id = Some(self.id.clone());
        record
    }

    /// Prints the opening state.
    pub fn start(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.view.json {
            let mut state = State::of(self.game(), self.number(), None);
            state.score = self.play.score();
            writeln!(out, "{}", state.to_line())
        } else {
            let mut text = self.opening();
            if self.view.wrap {
                text = wrap_lines(&text, textwrap::termwidth());
            }
            write!(out, "{text}")
        }
    }

    /// A game's opening (see [`screen::opening`]), with what autoplay did
    /// at the deal, said once.
    pub fn opening(&mut self) -> String {
        let note = self.opening_note.take();
        screen::opening(&self.play, &self.look(), note.as_deref())
    }

    /// Runs one input line and prints what it does.
    pub fn line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Next> {
        if let Some((cmd, question)) = self.pending.take() {
            match line.trim().to_lowercase().as_str() {
                "y" | "yes" => {
                    let reply = self.confirmed(cmd);
                    return self.report(line, reply, out);
                }
                "n" | "no" => {
                    let reply = Ok(Reply::Answer("Kept playing this game.".into()));
                    return self.report(line, reply, out);
                }
                // Quitting is always possible: the game is kept, as ever.
                "q" | "quit" | "exit" => {
                    let reply = Ok(Reply::Quit(self.goodbye()));
                    return self.report(line, reply, out);
                }
                // Anything else is refused (nothing is done), and the
                // question asked again: it is answered first.
                _ => {
                    self.pending = Some((cmd, question.clone()));
                    let reply = Err(format!("a question waits for yes or no. {question}"));
                    return self.report(line, reply, out);
                }
            }
        }
        let reply = match line.parse::<Command>() {
            Err(e) => Err(e.to_string()),
            Ok(Command::Repeat) if self.last_response.is_empty() => Err("nothing has been said yet".into()),
            Ok(Command::Repeat) => Ok(Reply::Again(self.last_response.clone())),
            Ok(Command::Again) => match self.last_command.clone() {
                None => Err("no command has been run yet".into()),
                Some(cmd) => self.command(cmd),
            },
            Ok(cmd) => {
                self.last_command = Some(cmd.clone());
                self.command(cmd)
            }
        };
        self.report(line, reply, out)
    }

    /// Rejects a line without reading it (e.g. one too long to be a command).
    pub fn reject(&mut self, line: &str, why: &str, out: &mut dyn Write) -> io::Result<Next> {
        self.report(line, Err(why.to_string()), out)
    }

    fn report(&mut self, line: &str, reply: Result<Reply, String>, out: &mut dyn Write) -> io::Result<Next> {
        if self.view.echo && !self.view.json {
            writeln!(out, "> {}", printable(line))?;
        }
        let next = match &reply {
            Ok(Reply::Quit(_)) => Next::Quit,
            Ok(_) => Next::Continue,
            Err(_) => Next::Rejected,
        };
        if self.view.json {
            let mut state = State::of(self.game(), self.number(), Some(line));
            state.score = self.play.score();
            match reply {
                Ok(Reply::Answer(text) | Reply::Question(text) | Reply::Again(text)) => state.message = Some(text),
                Ok(Reply::Opening(text)) => state.message = text,
                Ok(Reply::Quit(text)) => state.message = text,
                Err(e) => state = state.rejected(klondike::render::words::plain_message(&e)),
                Ok(_) => {}
            }
            // What `repeat` says again: the last message or error.
            if let Some(text) = state.message.as_ref().or(state.error.as_ref()) {
                self.last_response = text.trim_end().to_string();
            }
            writeln!(out, "{}", state.to_line())?;
            return Ok(next);
        }
        let reply = reply.map_err(|e| klondike::render::words::plain_message(&e));
        let mut text = String::new();
        match reply {
            Err(e) if self.view.screen_reader => text = format!("Not done: {e}.\n"),
            Err(e) => text = format!("error: {e}\n"),
            Ok(Reply::Quit(None)) => {}
            Ok(Reply::Quit(Some(t)) | Reply::Answer(t) | Reply::Question(t)) => text = format!("{t}\n"),
            Ok(Reply::Again(t)) => text = t,
            Ok(Reply::Table) => text = self.whole_table(),
            Ok(Reply::Opening(None)) => text = self.opening(),
            Ok(Reply::Opening(Some(t))) => text = format!("{t}\n{}", self.opening()),
            Ok(Reply::Changed { said, stuck_news }) => text = self.after_change(&said, stuck_news),
        }
        if self.view.screen_reader {
            text = klondike::render::words::spoken(&text);
        } else if self.view.wrap {
            text = wrap_lines(&text, textwrap::termwidth());
        }
        out.write_all(text.as_bytes())?;
        if !text.is_empty() {
            self.last_response = text;
        }
        Ok(next)
    }

    /// After the position changed: a sentence (screen reader) or the table;
    /// `stuck_news`: the change made the game stuck (said once when it
    /// happens, not after every command).
    fn after_change(&mut self, sentence: &str, stuck_news: bool) -> String {
        let can_finish = can_auto_finish(self.game().position()) && !self.play.autoplay();
        let finish = can_finish && !self.finish_noted;
        self.finish_noted = can_finish;
        screen::after_change(&self.play, &self.look(), sentence, stuck_news, finish, self.view.confirm)
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
    fn change(&mut self, action: Action) -> Result<Reply, String> {
        let outcome = self.play.apply(action, self.played_for()).map_err(|e| e.to_string())?;
        self.note_win();
        let said = announce_outcome(&outcome, self.game(), self.play.scoring(), &self.view.style).unwrap_or_default();
        Ok(Reply::Changed { said, stuck_news: outcome.became_stuck() })
    }

    /// Whether a command that starts another game would throw this one
    /// away: moves made, not won, not yet counted.
    fn in_progress(&self) -> bool {
        self.play.player_moved() && self.play.status() != Status::Won && !self.counted && !self.unowned_saved
    }

    /// A command that would abandon the game, asked about first at an
    /// interactive prompt.
    fn ask_first(&mut self, cmd: Command, question: &str) -> Result<Reply, String> {
        let cost =
            if self.persistence.stats { "This game would count as lost." } else { "This game would be given up." };
        let question = format!("{cost} {question} Type yes, or no to keep playing.");
        self.pending = Some((cmd, question.clone()));
        Ok(Reply::Question(question))
    }

    /// A command that was asked about, now that the player said yes.
    fn confirmed(&mut self, cmd: Command) -> Result<Reply, String> {
        let confirm = std::mem::replace(&mut self.view.confirm, false);
        let reply = self.command(cmd);
        self.view.confirm = confirm;
        reply
    }

    /// What is said of the game left when another replaces it.
    fn left_behind(&self) -> Option<String> {
        (self.in_progress() && self.persistence.stats).then(|| format!("{} counts as lost.", self.title()))
    }

    /// Carries out a parsed command.
    fn command(&mut self, cmd: Command) -> Result<Reply, String> {
        let style = self.view.style;
        match cmd {
            Command::New(_) | Command::Restart | Command::Load(_) if self.view.confirm && self.in_progress() => {
                let question = match &cmd {
                    Command::New(Some(n)) => format!("Start game {n}?"),
                    Command::New(None) => "Start a new game?".to_string(),
                    Command::Restart => "Start this deal again from the beginning?".to_string(),
                    Command::Load(file) => format!("Load {}?", klondike::render::words::readable(file, 60)),
                    _ => String::new(),
                };
                self.ask_first(cmd, &question)
            }
            Command::Help(None) if self.view.screen_reader => Ok(Reply::Answer(SPOKEN_HELP.to_string())),
            Command::Help(None) => Ok(Reply::Answer(help_list())),
            Command::Help(Some("all")) if self.view.screen_reader => {
                let all: Vec<String> = klondike::command::COMMANDS.iter().filter_map(|c| help_on(c.word)).collect();
                Ok(Reply::Answer(all.join("\n")))
            }
            Command::Help(Some("all")) => Ok(Reply::Answer(help_list())),
            Command::Help(Some(word)) => help_on(word).map(Reply::Answer).ok_or_else(|| format!("no help on {word}")),
            Command::Again | Command::Repeat => Err("say it on its own line".into()),
            Command::Tops => Ok(Reply::Answer(klondike::query::describe_tops(self.game(), &style))),
            Command::Find(card) => Ok(Reply::Answer(klondike::query::find_card(self.game(), card, &style))),
            Command::LookAll(place) => {
                Ok(Reply::Answer(klondike::query::describe_pile_full(self.game(), place, &style)))
            }
            Command::Restart => {
                let lost = self.left_behind();
                self.deal(Action::Restart);
                // The title follows in the opening: said once.
                let lost = if lost.is_some() { "The game so far counts as lost. " } else { "" };
                Ok(Reply::Opening(Some(format!("{lost}Dealt again from the start."))))
            }
            Command::Move(m) => self.change(Action::Move(m)),
            Command::Undo => self.change(Action::Undo),
            Command::Redo => self.change(Action::Redo),
            Command::Save(file) if is_our_file(&store::expand_home(&file)) => {
                Err("that is one of klondike's own files (the saved game or the statistics); name another file".into())
            }
            Command::Save(file) => {
                store::save_user_json(&store::expand_home(&file), &self.record()).map_err(|e| e.to_string())?;
                Ok(Reply::Answer(format!("Saved the game to {}.", klondike::render::words::readable(&file, 200))))
            }
            Command::Load(file) => {
                let record = match store::read_user_json::<GameRecord>(&store::expand_home(&file)) {
                    Ok(Some(r)) => r,
                    Ok(None) => return Err(format!("there is no file {file}")),
                    Err(e) => return Err(e.to_string()),
                };
                let r = record.replay().map_err(|e| format!("{file}: {e}"))?;
                let lost = self.left_behind().map(|l| format!("{l} ")).unwrap_or_default();
                let moves = r.game.moves_made();
                // A saved game loaded is a new game from that position (it
                // may be loaded again): an id of its own.
                self.leave_game(r.elapsed_seconds, GameId::random());
                self.play = Play::from_replayed(r, self.play.autoplay());
                Ok(Reply::Opening(Some(format!(
                    "{lost}Loaded {}: {}, {moves} move{} made.",
                    klondike::render::words::readable(&file, 200),
                    self.title(),
                    if moves == 1 { "" } else { "s" }
                ))))
            }
            Command::Stats => {
                let Some(path) = statistics_path() else {
                    return Err("no data directory: statistics are not kept".into());
                };
                match store::read_json::<Statistics>(&path) {
                    Ok(stats) => Ok(Reply::Answer(stats.unwrap_or_default().describe().trim_end().to_string())),
                    Err(e) => Err(e.to_string()),
                }
            }
            Command::Auto => self.change(Action::Finish),
            Command::Hint => Ok(Reply::Answer(self.hint().said(self.view.screen_reader))),
            Command::Solve => Ok(Reply::Answer(self.solve_here())),
            Command::Table => Ok(Reply::Table),
            Command::Look(place) => Ok(Reply::Answer(describe_pile(self.game(), place, &style))),
            Command::Moves | Command::AllMoves => {
                let all = cmd == Command::AllMoves;
                Ok(Reply::Answer(screen::moves_answer(self.game(), &style, all, self.view.screen_reader)))
            }
            Command::Score => Ok(Reply::Answer(screen::score_answer(&self.play))),
            Command::Rules => Ok(Reply::Answer(describe_rules(self.play.rules()))),
            Command::New(n) => {
                let lost = self.left_behind();
                let first = n.map_or_else(|| (self.random_game)(), klondike::deal::GameNumber::get);
                let (number, deal, preface) = if self.winnable {
                    let (number, deal, skipped) = first_winnable(first, self.play.rules())?;
                    (number, deal, Some(winnable_message(number, first, skipped)))
                } else {
                    (first, Deal::for_game(first).map_err(|e| e.to_string())?, None)
                };
                self.deal(Action::Deal { deal, origin: Origin::Number(number) });
                let preface = match (lost, preface) {
                    (Some(l), Some(p)) => Some(format!("{l} {p}")),
                    (l, p) => l.or(p),
                };
                Ok(Reply::Opening(preface))
            }
            Command::Quit => Ok(Reply::Quit(self.goodbye())),
        }
    }

    /// Says what becomes of the game when the session ends at the end of
    /// input (as `q` says it).
    pub fn farewell(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(text) = self.goodbye() {
            writeln!(out)?;
            writeln!(out, "{text}")?;
        }
        Ok(())
    }

    /// What quitting does with the game in progress: kept for next time, or
    /// counted as lost (nothing is said where nothing is kept).
    fn goodbye(&self) -> Option<String> {
        if !self.in_progress() {
            return None;
        }
        if self.persistence.autosave {
            Some("The game is kept: klondike offers it again when it starts.".into())
        } else if self.persistence.stats {
            Some(format!("{} counts as lost.", self.title()))
        } else {
            None
        }
    }

    /// The solver's first move when it answers within a short budget, with
    /// whether the game can still be won; the heuristic hint otherwise,
    /// never a move after which the solver proves the game lost.
    fn hint(&self) -> HintText {
        let style = &self.view.style;
        if can_auto_finish(self.game().position()) {
            return HintText::Suggest {
                command: Some("auto".into()),
                words: "every card is face up, and auto plays them all to the foundations".into(),
                after: String::new(),
            };
        }
        let (position, rules) = (self.game().position(), self.game().rules());
        if self.play.status() == Status::Playing {
            // A budget of states, not seconds, so that a hint is the same on
            // every machine (and in every transcript).
            let verdict = self.think(Budget::states(HINT_STATES), |b| solver::solve(position, rules, b)).verdict;
            if verdict == Verdict::Unwinnable {
                // A later "can still be won" (after an undo) is news again.
                self.winnable_said.set(false);
            }
            match verdict {
                Verdict::Winnable(moves) if !moves.is_empty() => {
                    let words = klondike::query::move_in_words(position, rules, moves[0], style);
                    // Said when it is news, not after every hint.
                    let news = if self.winnable_said.replace(true) { "" } else { " The game can still be won." };
                    return HintText::Suggest { command: Some(moves[0].to_string()), words, after: news.into() };
                }
                Verdict::Unwinnable if self.game().moves_made() == 0 => {
                    return HintText::Plain(
                        "This deal cannot be won, though moves remain: the solver tried every line; type new for a new game."
                            .into(),
                    )
                }
                Verdict::Unwinnable => {
                    return HintText::Plain(format!("{LOST_NOT_STUCK}; type u to undo, or new for a new game."))
                }
                _ => {}
            }
        }
        // The solver did not decide: the heuristic, leaving out any move
        // after which the solver proves the game lost within a small budget.
        let h = hint_where(self.game(), |mv| {
            let mut after = position.clone();
            after.play(mv, rules).is_ok()
                && solver::solve_with(&after, rules, &Budget::states(HINT_CHECK_STATES), LineEffort::Quick).verdict
                    != Verdict::Unwinnable
        });
        HintText::Suggest { command: h.mv.map(|mv| mv.to_string()), words: h.reason, after: String::new() }
    }

    /// `solve` at the prompt: can the game still be won from here?
    fn solve_here(&self) -> String {
        let budget = Budget::until(200_000_000, Instant::now() + SOLVE_BUDGET);
        match self.think(budget, |b| solver::solve(self.game().position(), self.game().rules(), b)).verdict {
            Verdict::Winnable(moves) if moves.is_empty() => "The game is won.".to_string(),
            Verdict::Winnable(moves) => {
                let first: Vec<String> = moves.iter().take(5).map(ToString::to_string).collect();
                format!(
                    "The game can still be won: the solver found a line of {} move{} from here, starting {}. Type hint for one move at a time.",
                    moves.len(),
                    if moves.len() == 1 { "" } else { "s" },
                    first.join(", ")
                )
            }
            Verdict::Unwinnable => "The game can no longer be won from here: the solver tried every line.".into(),
            Verdict::Unknown(why) if why == "cancelled" => {
                "Stopped: the solver did not finish, the game goes on.".into()
            }
            Verdict::Unknown(why) => format!("Unknown: the solver gave up ({why})."),
        }
    }

    /// Runs the solver through `run` under `budget`. At an interactive
    /// prompt, a search that takes more than [`THINKING_AFTER`] says that
    /// it is thinking, and Ctrl-C cancels it (the verdict is then
    /// `Unknown("cancelled")`); in scripts it simply runs.
    fn think<T>(&self, budget: Budget, run: impl FnOnce(&Budget) -> T) -> T {
        if !self.persistence.timed || !INTERRUPTS_CAUGHT.load(Ordering::Relaxed) {
            return run(&budget);
        }
        CANCEL.store(false, Ordering::Relaxed);
        SOLVING.store(true, Ordering::Relaxed);
        let budget = Budget { cancel: Some(&CANCEL), ..budget };
        let note = if self.view.screen_reader {
            "Thinking. Press Control C to stop."
        } else {
            "Thinking... (Ctrl-C stops the search)"
        };
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let out = std::thread::scope(|scope| {
            // No thread (a tight memory limit): no note, the search still runs.
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
                // To standard error: the session holds standard output's
                // lock while it runs a command.
                if wait.recv_timeout(THINKING_AFTER) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                    let _ = writeln!(io::stderr(), "{note}");
                }
            });
            let out = run(&budget);
            drop(done);
            out
        });
        SOLVING.store(false, Ordering::Relaxed);
        out
    }
}

/// What `hint` says where the solver proves the game lost but moves remain.
const LOST_NOT_STUCK: &str =
    "The game can no longer be won from here, though moves remain: the solver tried every line";

/// States each heuristic candidate move's position may take to be proved lost.
const HINT_CHECK_STATES: u64 = 20_000;

/// How long the solver thinks at the prompt before it says so.
const THINKING_AFTER: Duration = Duration::from_millis(500);

/// Set while the solver thinks at an interactive prompt.
static SOLVING: AtomicBool = AtomicBool::new(false);
/// Set by Ctrl-C while [`SOLVING`]: the search gives up.
static CANCEL: AtomicBool = AtomicBool::new(false);
/// The game in progress is saved (Ctrl-C then says that it is kept).
static GAME_KEPT: AtomicBool = AtomicBool::new(false);
/// Whether [`catch_interrupts`] installed its handler.
static INTERRUPTS_CAUGHT: AtomicBool = AtomicBool::new(false);

/// At an interactive prompt: Ctrl-C (SIGINT; the line editor reads its own
/// Ctrl-C while waiting for a line) cancels a search in progress and the
/// game goes on; at any other time it ends the program as before (exit
/// status 130). Returns whether the handler could be installed.
pub fn catch_interrupts() -> bool {
    let ok = ctrlc::set_handler(|| {
        if SOLVING.load(Ordering::Relaxed) {
            CANCEL.store(true, Ordering::Relaxed);
        } else {
            // Said, so that a player who cannot see the screen knows.
            if GAME_KEPT.load(Ordering::Relaxed) {
                let _ = writeln!(io::stderr(), "\nStopped. The game is kept: klondike offers it again when it starts.");
            }
            std::process::exit(130);
        }
    })
    .is_ok();
    INTERRUPTS_CAUGHT.store(ok, Ordering::Relaxed);
    ok
}

/// How long the solver may take per game number for `--winnable`.
const WINNABLE_BUDGET: Duration = Duration::from_secs(3);

/// `--winnable`: from `first`, the first game number the solver proves
/// winnable under `rules`; also how many numbers were skipped.
pub fn first_winnable(first: u128, rules: &Rules) -> Result<(u128, Deal, u128), String> {
    let mut number = first;
    for skipped in 0..1000u128 {
        let deal = Deal::for_game(number).map_err(|e| e.to_string())?;
        // The census's verdicts, where they reach: no search needed.
        match known_verdicts().verdict(number, rules) {
            Some(BatchVerdict::Winnable) => return Ok((number, deal, skipped)),
            Some(BatchVerdict::Unwinnable) => {
                number = number.checked_add(1).unwrap_or(1);
                continue;
            }
            _ => {}
        }
        let budget = Budget::until(50_000_000, Instant::now() + WINNABLE_BUDGET);
        // Only the verdict matters here, not how short the line is.
        let position = klondike::game::Position::new(&deal);
        if let Verdict::Winnable(_) = solver::solve_with(&position, rules, &budget, LineEffort::Quick).verdict {
            return Ok((number, deal, skipped));
        }
        number = number.checked_add(1).unwrap_or(1);
    }
    Err(format!("no winnable game found in the 1000 game numbers from {first}"))
}

/// The committed census verdicts (`fixtures/verdicts.txt`, written by
/// `klondike census --verdict-file`), read once.
fn known_verdicts() -> &'static Verdicts {
    static VERDICTS: std::sync::OnceLock<Verdicts> = std::sync::OnceLock::new();
    VERDICTS.get_or_init(|| Verdicts::parse(include_str!("../../fixtures/verdicts.txt")).unwrap_or_default())
}

/// What `--winnable` says about the game it dealt.
pub fn winnable_message(number: u128, first: u128, skipped: u128) -> String {
    match skipped {
        0 => format!("Game {number}: the solver proved it winnable."),
        1 => format!("Game {number}: the solver proved it winnable; it could not prove game {first} winnable."),
        n => format!(
            "Game {number}: the solver proved it winnable; it could not prove the {n} game numbers from {first} winnable."
        ),
    }
}

/// A line made safe to echo: control characters escaped, cut at 200 characters.
pub fn printable(line: &str) -> String {
    klondike::render::words::readable(line, 200)
}
