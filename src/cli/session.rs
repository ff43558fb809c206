//! A session: the game being played ([`Play`]) and its [`Flow`], carried
//! out in the world: the files, the clock, the solver at the prompt, and
//! printing the text the library gives for each command line.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use klondike::autoplay::can_auto_finish;
use klondike::command::Command;
use klondike::deal::Deal;
use klondike::flow::{Flow, Pending, Refusal, Step, Winnable};
use klondike::game::{Game, Status};
use klondike::play::{Action, Event, Origin, Outcome, Play};
use klondike::record::{GameId, GameRecord};
use klondike::render::json::State;
use klondike::render::outcome::{announce_autoplay, announce_outcome};
use klondike::render::screen::{self, Look};
use klondike::render::session::{self as said, GameLeft};
use klondike::render::words::{readable, wrap_lines, CardStyle};
use klondike::rules::Rules;
use klondike::scoring::{standard_time_bonus, ScoreSheet, Scoring};
use klondike::solver::{self, Budget};
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
    /// The question waiting, `repeat` and `.`, the notes said once.
    pub flow: Flow,
    /// What autoplay did at the deal, said once with the opening (screen
    /// reader).
    pub opening_note: Option<String>,
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
            winnable,
            autosaved: false,
            unowned_saved: false,
            id,
            random_game,
            flow: Flow::default(),
            opening_note: None,
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
    Some((said::saved_game(r.number, moves), recorded))
}

impl Session {
    pub fn number(&self) -> Option<u128> {
        self.play.origin().number()
    }

    /// The game in progress.
    fn game(&self) -> &Game {
        self.play.game()
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
        self.flow.new_game();
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
        let reply = match self.flow.read(line) {
            Step::Run { command, confirmed } => self.command(command, confirmed),
            Step::Again(text) => Ok(Reply::Again(text)),
            Step::Declined => Ok(Reply::Answer(said::KEPT_PLAYING.into())),
            Step::Quit => Ok(Reply::Quit(self.goodbye().map(|g| g.to_string()))),
            Step::Refused(why) => Err(why.to_string()),
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
                self.flow.said(text.trim_end());
            }
            writeln!(out, "{}", state.to_line())?;
            return Ok(next);
        }
        let reply = reply.map_err(|e| klondike::render::words::plain_message(&e));
        let mut text = String::new();
        match reply {
            Err(e) => text = said::refused_line(&e, self.view.screen_reader),
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
        self.flow.said(&text);
        Ok(next)
    }

    /// After the position changed: a sentence (screen reader) or the table;
    /// `stuck_news`: the change made the game stuck (said once when it
    /// happens, not after every command).
    fn after_change(&mut self, sentence: &str, stuck_news: bool) -> String {
        let can_finish = can_auto_finish(self.game().position()) && !self.play.autoplay();
        let finish = self.flow.finish_news(can_finish);
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

    /// What is said of the game left when another replaces it.
    fn left_behind(&self) -> Option<GameLeft> {
        (self.in_progress() && self.persistence.stats).then(|| GameLeft::CountsAsLost(self.play.origin()))
    }

    /// Carries out a parsed command; `confirmed`: the player said yes to it.
    fn command(&mut self, cmd: Command, confirmed: bool) -> Result<Reply, String> {
        let style = self.view.style;
        // A command that would throw the game away is asked about first
        // (at an interactive prompt, or with --confirm).
        if !confirmed && self.view.confirm && self.in_progress() {
            if let Some(pending) = Pending::before(&cmd, self.persistence.stats) {
                let question = said::question_text(&pending);
                self.flow.ask(pending);
                return Ok(Reply::Question(question));
            }
        }
        match cmd {
            Command::Restart => {
                let lost = self.left_behind().is_some();
                self.deal(Action::Restart);
                // The title follows in the opening: said once.
                Ok(Reply::Opening(Some(said::restarted(lost))))
            }
            Command::Move(m) => self.change(Action::Move(m)),
            Command::Undo => self.change(Action::Undo),
            Command::Redo => self.change(Action::Redo),
            Command::Save(file) if is_our_file(&store::expand_home(&file)) => Err(Refusal::OwnFile.to_string()),
            Command::Save(file) => {
                store::save_user_json(&store::expand_home(&file), &self.record()).map_err(|e| e.to_string())?;
                Ok(Reply::Answer(said::saved(&file)))
            }
            Command::Load(file) => {
                let record = match store::read_user_json::<GameRecord>(&store::expand_home(&file)) {
                    Ok(Some(r)) => r,
                    Ok(None) => return Err(Refusal::NoSuchFile(file).to_string()),
                    Err(e) => return Err(e.to_string()),
                };
                let r = record.replay().map_err(|e| format!("{file}: {e}"))?;
                let left = self.left_behind();
                let moves = r.game.moves_made();
                // A saved game loaded is a new game from that position (it
                // may be loaded again): an id of its own.
                self.leave_game(r.elapsed_seconds, GameId::random());
                self.play = Play::from_replayed(r, self.play.autoplay());
                Ok(Reply::Opening(Some(said::loaded(left, &file, self.play.origin(), moves))))
            }
            Command::Stats => {
                let Some(path) = statistics_path() else {
                    return Err(Refusal::NoDataFolder.to_string());
                };
                match store::read_json::<Statistics>(&path) {
                    Ok(stats) => Ok(Reply::Answer(stats.unwrap_or_default().describe().trim_end().to_string())),
                    Err(e) => Err(e.to_string()),
                }
            }
            Command::Auto => self.change(Action::Finish),
            Command::Hint => {
                let (play, thinking) = (&self.play, self.thinking());
                let (position, rules) = (play.game().position(), play.rules());
                let advice =
                    self.flow.advise(play, |b| thinking.think(b, |b| solver::solve(position, rules, b).verdict));
                Ok(Reply::Answer(said::advice_text(&advice, self.game(), &style, self.view.screen_reader)))
            }
            Command::Solve => {
                let budget = Budget::until(200_000_000, Instant::now() + SOLVE_BUDGET);
                let (position, rules) = (self.game().position(), self.play.rules());
                let verdict = self.thinking().think(budget, |b| solver::solve(position, rules, b).verdict);
                Ok(Reply::Answer(said::solve_text(&verdict)))
            }
            Command::Table => Ok(Reply::Table),
            Command::New(n) => {
                let lost = self.left_behind();
                let first = n.map_or_else(|| (self.random_game)(), klondike::deal::GameNumber::get);
                let (number, deal, preface) = if self.winnable {
                    let Winnable { number, deal, skipped } = first_winnable(first, self.play.rules())?;
                    (number, deal, Some(said::winnable_message(number, first, skipped)))
                } else {
                    (first, Deal::for_game(first).map_err(|e| e.to_string())?, None)
                };
                self.deal(Action::Deal { deal, origin: Origin::Number(number) });
                let preface = match (lost.map(|l| l.to_string()), preface) {
                    (Some(l), Some(p)) => Some(format!("{l} {p}")),
                    (l, p) => l.or(p),
                };
                Ok(Reply::Opening(preface))
            }
            Command::Quit => Ok(Reply::Quit(self.goodbye().map(|g| g.to_string()))),
            // The rest ask about the game and change nothing: their answers
            // are the library's (every command that does more has its arm
            // above, so `None` does not happen; the table is a harmless answer).
            query => match said::answer(&query, &self.play, &style, self.view.screen_reader) {
                Some(answer) => answer.map(Reply::Answer).map_err(|e| e.to_string()),
                None => Ok(Reply::Table),
            },
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
    fn goodbye(&self) -> Option<GameLeft> {
        if !self.in_progress() {
            None
        } else if self.persistence.autosave {
            Some(GameLeft::Kept)
        } else if self.persistence.stats {
            Some(GameLeft::CountsAsLost(self.play.origin()))
        } else {
            None
        }
    }

    /// How the solver runs for this session (see [`Thinking::think`]).
    fn thinking(&self) -> Thinking {
        Thinking { interactive: self.persistence.timed, screen_reader: self.view.screen_reader }
    }
}

/// How the solver runs at the prompt: at an interactive one, cancellable
/// and saying that it thinks.
#[derive(Clone, Copy, Debug)]
struct Thinking {
    /// An interactive session (the one that keeps time).
    interactive: bool,
    /// The note is said for a screen reader.
    screen_reader: bool,
}

impl Thinking {
    /// Runs the solver through `run` under `budget`. At an interactive
    /// prompt, a search that takes more than [`THINKING_AFTER`] says that
    /// it is thinking, and Ctrl-C cancels it (the verdict is then
    /// `Unknown(GaveUp::Cancelled)`); in scripts it simply runs.
    fn think<T>(self, budget: Budget, run: impl FnOnce(&Budget) -> T) -> T {
        if !self.interactive || !INTERRUPTS_CAUGHT.load(Ordering::Relaxed) {
            return run(&budget);
        }
        CANCEL.store(false, Ordering::Relaxed);
        SOLVING.store(true, Ordering::Relaxed);
        let budget = Budget { cancel: Some(&CANCEL), ..budget };
        let note = said::thinking(self.screen_reader);
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
                let _ = writeln!(io::stderr(), "\nStopped. {}", said::GAME_KEPT);
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
/// winnable under `rules` (see [`klondike::flow::first_winnable`]), each
/// number searched for at most [`WINNABLE_BUDGET`].
pub fn first_winnable(first: u128, rules: &Rules) -> Result<Winnable, String> {
    let budget = || Budget::until(50_000_000, Instant::now() + WINNABLE_BUDGET);
    klondike::flow::first_winnable(first, rules, budget).map_err(|e| e.to_string())
}

/// A line made safe to echo: control characters escaped, cut at 200 characters.
pub fn printable(line: &str) -> String {
    readable(line, 200)
}
