//! The world a session runs in ([`klondike::session::World`]) for real:
//! the data folder's files (through [`store`]), the clock, randomness, the
//! solver at an interactive prompt (cancelled by Ctrl-C), and the
//! diagnostics on standard error.

use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use klondike::deal::GameNumber;
use klondike::flow::Refusal;
use klondike::game::Position;
use klondike::record::{GameId, GameRecord};
use klondike::render::session as said;
use klondike::rules::Rules;
use klondike::session::{AutosaveLock, Tally, World, WorldError};
use klondike::solver::{self, Budget, Verdict};
use klondike::stats::Statistics;
use klondike::store::{self, autosave_path, statistics_path};
use rand::Rng;

/// A game number for a game not named: 1 to 1,000,000,000.
pub fn random_game_number() -> GameNumber {
    GameNumber::new(rand::thread_rng().gen_range(1..=1_000_000_000)).unwrap_or(GameNumber::ONE)
}

/// The real world: files in the data folder, the clock, the solver.
pub struct Files {
    /// When the program started: [`World::now`] counts from here.
    epoch: Instant,
    /// An interactive session: the solver at the prompt says that it
    /// thinks and can be cancelled.
    interactive: bool,
    /// The solver's note is said for a screen reader.
    screen_reader: bool,
    /// The autosave's lock, while it is held.
    lock: Option<std::fs::File>,
}

impl Files {
    /// The world of a session, `interactive` or not, for a screen reader or not.
    pub fn new(interactive: bool, screen_reader: bool) -> Files {
        Files { epoch: Instant::now(), interactive, screen_reader, lock: None }
    }
}

impl World for Files {
    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    fn width(&self) -> usize {
        textwrap::termwidth()
    }

    fn random_game(&mut self) -> GameNumber {
        random_game_number()
    }

    fn budget(&self, states: u64, time: Duration) -> Budget {
        Budget::until(states, Instant::now() + time)
    }

    fn solve(&mut self, position: &Position, rules: &Rules, budget: Budget) -> Verdict {
        think(self.interactive, self.screen_reader, budget, |b| solver::solve(position, rules, b).verdict)
    }

    fn save_autosave(&mut self, record: &GameRecord) -> bool {
        let Some(path) = autosave_path() else { return false };
        match store::write_json(&path, record) {
            Ok(()) => true,
            Err(e) => {
                say_folder_problem(&path, &e);
                false
            }
        }
    }

    fn remove_autosave(&mut self) {
        if let Some(path) = autosave_path() {
            let _ = store::remove_file(&path);
        }
    }

    fn game_kept(&mut self, kept: bool) {
        GAME_KEPT.store(kept, Ordering::Relaxed);
    }

    fn count_game(&mut self, id: &GameId, tally: &Tally) -> bool {
        count_game(id, tally)
    }

    fn save_file(&mut self, file: &str, record: &GameRecord) -> Result<(), WorldError> {
        let path = store::expand_home(file);
        if store::is_one_of(&path, &[autosave_path(), statistics_path()].into_iter().flatten().collect::<Vec<_>>()) {
            return Err(WorldError::Refused(Refusal::OwnFile));
        }
        store::save_user_json(&path, record).map_err(|e| WorldError::Failed(e.to_string()))
    }

    fn load_file(&mut self, file: &str) -> Result<GameRecord, WorldError> {
        match store::read_user_json::<GameRecord>(&store::expand_home(file)) {
            Ok(Some(record)) => Ok(record),
            Ok(None) => Err(WorldError::Refused(Refusal::NoSuchFile(file.to_string()))),
            Err(e) => Err(WorldError::Failed(said::not_loaded(&e))),
        }
    }

    fn statistics(&mut self) -> Result<Statistics, WorldError> {
        let Some(path) = statistics_path() else { return Err(WorldError::Refused(Refusal::NoDataFolder)) };
        match store::read_json::<Statistics>(&path) {
            Ok(stats) => Ok(stats.unwrap_or_default()),
            Err(e) => Err(WorldError::Failed(e.to_string())),
        }
    }

    fn warn(&mut self, text: &str) {
        warn_line!("klondike: {text}");
    }

    fn searching_for_winnable(&mut self) {
        if self.interactive {
            let _ = writeln!(io::stderr(), "{}", said::looking_for_winnable(self.screen_reader));
        }
    }

    fn autosave_name(&self) -> Option<String> {
        autosave_path().map(|p| p.display().to_string())
    }

    fn read_autosave(&mut self) -> Result<Option<GameRecord>, store::StoreError> {
        match autosave_path() {
            Some(path) => store::read_json::<GameRecord>(&path),
            None => Ok(None),
        }
    }

    fn move_autosave_aside(&mut self) -> Option<String> {
        store::move_aside(&autosave_path()?).ok().map(|p| p.display().to_string())
    }

    fn was_counted(&mut self, id: &GameId) -> bool {
        was_counted(id)
    }

    fn folder_problem(&mut self, error: &store::StoreError) {
        if let Some(path) = autosave_path() {
            say_folder_problem(&path, error);
        }
    }

    fn lock_autosave(&mut self) -> AutosaveLock {
        if self.lock.is_some() {
            return AutosaveLock::Held;
        }
        let Some(path) = autosave_path() else { return AutosaveLock::Unavailable };
        match store::try_lock_beside(&path) {
            Ok(Some(lock)) => {
                self.lock = Some(lock);
                AutosaveLock::Held
            }
            Ok(None) => AutosaveLock::Busy(store::parent_display(&path)),
            Err(_) => AutosaveLock::Unavailable,
        }
    }

    fn unlock_autosave(&mut self) {
        self.lock = None;
    }

    fn peek_autosave(&mut self) -> Option<GameRecord> {
        store::peek_json::<GameRecord>(&autosave_path()?).ok().flatten()
    }

    fn ask(&mut self, question: &str) -> io::Result<Option<String>> {
        use std::io::IsTerminal as _;
        let mut out = io::stdout().lock();
        // Not wrapped for a screen reader: a line break would cut the
        // sentence in two for speech and braille, as the move sentences
        // are never cut.
        let width = (!self.screen_reader && io::stdout().is_terminal()).then(textwrap::termwidth);
        write!(out, "{}", klondike::render::words::question_shown(question, width))?;
        out.flush()?;
        let mut answer = String::new();
        ASKING.store(true, Ordering::Relaxed);
        let read = io::stdin().read_line(&mut answer);
        ASKING.store(false, Ordering::Relaxed);
        if read? == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        Ok(Some(answer))
    }
}

/// Adds game `id` to the statistics file (under its lock), unless it is
/// counted there already. Problems with the file are reported on standard
/// error; play goes on. True when the game is in the statistics now.
fn count_game(id: &GameId, tally: &Tally) -> bool {
    let Some(path) = statistics_path() else { return false };
    let result = store::update_locked(&path, |stats: &mut Statistics| {
        stats.record_game_once(id, tally.key, tally.outcome, tally.vegas);
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
            static SAID: AtomicBool = AtomicBool::new(false);
            if !SAID.swap(true, Ordering::Relaxed) {
                warn_line!("klondike: {}", klondike::render::diagnostics::statistics_not_updated(e));
            }
            false
        }
    }
}

/// Says (on standard error) why the data folder cannot be written, for the
/// failed write of `path`: once a process, however many writes fail.
pub fn say_folder_problem(path: &Path, error: &store::StoreError) {
    static SAID: AtomicBool = AtomicBool::new(false);
    if !SAID.swap(true, Ordering::Relaxed) {
        warn_line!("klondike: {}", klondike::render::diagnostics::game_goes_on(store::folder_problem(path, error)));
    }
}

/// Whether the statistics hold game `id` as counted (a saved record left
/// behind by a session killed between counting its game and removing it).
/// False when there is no id or the statistics cannot be read.
pub fn was_counted(id: &GameId) -> bool {
    let Some(path) = statistics_path() else { return false };
    // Only a look: a corrupt file is moved aside (and said) by the update.
    matches!(store::peek_json::<Statistics>(&path), Ok(Some(stats)) if stats.has_counted(id))
}

/// Runs the solver through `run` under `budget`. At an interactive prompt
/// (`interactive`, with the Ctrl-C handler installed), a search that takes
/// more than [`THINKING_AFTER`] says that it is thinking (for a screen
/// reader too), and Ctrl-C cancels it (the verdict is then
/// `Unknown(GaveUp::Cancelled)`); in scripts it simply runs.
fn think<T>(interactive: bool, screen_reader: bool, budget: Budget, run: impl FnOnce(&Budget) -> T) -> T {
    if !interactive || !INTERRUPTS_CAUGHT.load(Ordering::Relaxed) {
        return run(&budget);
    }
    CANCEL.store(false, Ordering::Relaxed);
    SOLVING.store(true, Ordering::Relaxed);
    let budget = Budget { cancel: Some(&CANCEL), ..budget };
    let note = said::thinking(screen_reader);
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

/// How long the solver thinks at the prompt before it says so.
const THINKING_AFTER: Duration = Duration::from_millis(500);

/// Set while the solver thinks at an interactive prompt.
static SOLVING: AtomicBool = AtomicBool::new(false);
/// Set by Ctrl-C while [`SOLVING`]: the search gives up.
static CANCEL: AtomicBool = AtomicBool::new(false);
/// The game in progress is saved (Ctrl-C then says that it is kept).
static GAME_KEPT: AtomicBool = AtomicBool::new(false);
/// Set while the question to resume waits for its answer: Ctrl-C then
/// says that the saved game is kept (it is left as it was).
static ASKING: AtomicBool = AtomicBool::new(false);
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
            // Said, so that a player who cannot see the screen knows; at
            // least a line break, so that the shell's prompt does not
            // follow the question on its line.
            if ASKING.load(Ordering::Relaxed) {
                let _ = writeln!(io::stderr(), "\n{}", said::SAVED_GAME_KEPT);
            } else if GAME_KEPT.load(Ordering::Relaxed) {
                let _ = writeln!(io::stderr(), "\n{} {}", said::STOPPED, said::GAME_KEPT);
            } else {
                let _ = writeln!(io::stderr());
            }
            std::process::exit(130);
        }
    })
    .is_ok();
    INTERRUPTS_CAUGHT.store(ok, Ordering::Relaxed);
    ok
}
