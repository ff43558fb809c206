//! The world a session runs in ([`klondike::app::session::World`]) for real:
//! the data folder's files (through [`store`]), the clock, randomness, the
//! solver at an interactive prompt (cancelled by Ctrl-C), and the
//! diagnostics on standard error.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use klondike::app::render::replies as said;
use klondike::app::session::{DataFolder, Folder, Input as Line, World};
use klondike::app::settings::{self, Settings};
use klondike::engine::deal::GameNumber;
use klondike::engine::game::Position;
use klondike::engine::rules::Rules;
use klondike::engine::solver::{self, Budget, Verdict};
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
    /// The data folder's files.
    folder: DataFolder,
}

impl Files {
    /// The world of a session, `interactive` or not, for a screen reader or not.
    pub fn new(interactive: bool, screen_reader: bool) -> Files {
        Files { epoch: Instant::now(), interactive, screen_reader, folder: DataFolder::new(say) }
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
        Budget::until(states, Instant::now() + time, Instant::now)
    }

    fn searches_in_a_row(&mut self, in_a_row: bool) {
        IN_A_ROW.store(in_a_row, Ordering::Relaxed);
        NOTE_SAID.store(false, Ordering::Relaxed);
    }

    fn solve(&mut self, position: &Position, rules: &Rules, budget: Budget) -> Verdict {
        think(self.interactive, self.screen_reader, budget, |b| solver::solve(position, rules, b).verdict)
    }

    fn folder(&mut self) -> &mut dyn Folder {
        &mut self.folder
    }

    fn game_kept(&mut self, kept: bool) {
        GAME_KEPT.store(kept, Ordering::Relaxed);
    }

    fn warn(&mut self, text: &str) {
        warn_line!("klondike: {text}");
    }

    fn autoplay_chosen(&mut self, on: bool) -> bool {
        let path = klondike::app::store::settings_path();
        let Some(path) = path.filter(|_| self.interactive) else { return false };
        keep_settings(&path, &Settings { autoplay: Some(on), ..Settings::default() })
    }

    fn searching_for_winnable(&mut self) {
        if self.interactive {
            let _ = writeln!(io::stderr(), "{}", said::looking_for_winnable(self.screen_reader));
        }
    }

    fn ask(&mut self, question: &str) -> io::Result<Option<String>> {
        use std::io::IsTerminal as _;
        let mut out = io::stdout().lock();
        // Not wrapped for a screen reader: a line break would cut the
        // sentence in two for speech and braille, as the move sentences
        // are never cut.
        let width = (!self.screen_reader && io::stdout().is_terminal()).then(textwrap::termwidth);
        write!(out, "{}", klondike::app::render::words::question_shown(question, width))?;
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

/// Says a diagnostic of the data folder on standard error.
pub fn say(text: &str) {
    warn_line!("klondike: {text}");
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
                // Searches in a row say it once.
                let said = NOTE_SAID.swap(true, Ordering::Relaxed) && IN_A_ROW.load(Ordering::Relaxed);
                if !said {
                    let _ = writeln!(io::stderr(), "{note}");
                }
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

/// Set while the searches are one question's ([`World::searches_in_a_row`]).
static IN_A_ROW: AtomicBool = AtomicBool::new(false);
/// The thinking note has been said since the searches in a row began.
static NOTE_SAID: AtomicBool = AtomicBool::new(false);

/// Set while the solver thinks at an interactive prompt.
static SOLVING: AtomicBool = AtomicBool::new(false);
/// Set by Ctrl-C while [`SOLVING`]: the search gives up.
static CANCEL: AtomicBool = AtomicBool::new(false);
/// The game in progress is saved (Ctrl-C then says that it is kept).
static GAME_KEPT: AtomicBool = AtomicBool::new(false);
/// Set while the question to resume waits for its answer: Ctrl-C then
/// says that the saved game is kept (it is left as it was).
static ASKING: AtomicBool = AtomicBool::new(false);
/// Where Ctrl-C goes while a session reads plain lines at a terminal (the
/// screen-reader mode, [`super::input::SpokenLines`]): to the session, as
/// the line editor sends it, rather than ending the program.
static INTERRUPTS_TO: Mutex<Option<Sender<io::Result<Line>>>> = Mutex::new(None);

/// From now on, Ctrl-C at the prompt (and not while the solver thinks) is
/// sent to `to` as [`Line::Interrupted`].
pub fn send_interrupts_to(to: Sender<io::Result<Line>>) {
    if let Ok(mut slot) = INTERRUPTS_TO.lock() {
        *slot = Some(to);
    }
}

/// Sends an interrupt to the session reading plain lines, if there is one
/// and it still reads; whether it was sent.
fn interrupt_session() -> bool {
    INTERRUPTS_TO.lock().is_ok_and(|slot| slot.as_ref().is_some_and(|to| to.send(Ok(Line::Interrupted)).is_ok()))
}

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
            // The terminal echoed ^C where the cursor was: what the search
            // says next starts a line of its own (it was heard as "C
            // stopped": helper report).
            let _ = writeln!(io::stderr());
        } else if !ASKING.load(Ordering::Relaxed) && interrupt_session() {
            // The terminal has thrown away the line being typed; the
            // session says how to quit, or quits on a second one.
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

/// `args` with the settings kept for an interactive player where the
/// options leave one out (the look kept is left out in screen-reader mode,
/// `screen_reader`, which has its own); what they choose (given, or kept
/// before) is kept for the next interactive session. A settings file that
/// cannot be read is said once on standard error and left as it is (one
/// that is not settings was moved aside, and a new one is written); the
/// session goes on.
pub fn with_kept_settings(args: crate::options::PlayArgs, screen_reader: bool) -> crate::options::PlayArgs {
    let Some(path) = klondike::app::store::settings_path() else { return args };
    let kept = match settings::read(&path) {
        Ok(kept) => kept,
        Err(e) => {
            warn_line!("klondike: {e}");
            if !matches!(e, klondike::app::store::StoreError::Corrupt { .. }) {
                SETTINGS_UNUSABLE.store(true, Ordering::Relaxed);
                return args;
            }
            Settings::default()
        }
    };
    let args = args.with_remembered(&kept, screen_reader);
    let chosen = args.chosen();
    if chosen != kept.overridden_by(&Settings::default()) {
        keep_settings(&path, &chosen);
    }
    args
}

/// The settings file could not be read or written this session: it is
/// left alone, and said only once.
static SETTINGS_UNUSABLE: AtomicBool = AtomicBool::new(false);

/// Keeps `chosen` in the settings file `path`, saying on standard error why
/// it could not (once a session); true when it is kept.
fn keep_settings(path: &std::path::Path, chosen: &Settings) -> bool {
    if SETTINGS_UNUSABLE.load(Ordering::Relaxed) {
        return false;
    }
    let kept = settings::remember(path, chosen);
    if let Err(e) = &kept {
        warn_line!("klondike: {e}");
        SETTINGS_UNUSABLE.store(true, Ordering::Relaxed);
    }
    kept.is_ok()
}
