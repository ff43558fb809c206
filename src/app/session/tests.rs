//! Whole sessions in memory: lines in, the text out, and what the world
//! was asked to save and count.

use std::collections::BTreeMap;

use super::*;
use crate::app::play::tests::{easy_win, EASY};
use crate::app::render::replies::{
    ENDED_AT_QUESTION, GAME_KEPT, HOW_TO_QUIT, KEPT_PLAYING, LEFT_NOT_COUNTED, LINE_CLEARED,
};
use crate::app::render::words::{CardNames, SuitStyle};
use crate::engine::deal::{Deal, GameNumber};
use crate::engine::moves::{Move, PileId};

/// A file `load` may find in memory.
#[derive(Clone)]
enum File {
    Game(Box<GameRecord>),
    /// A file that is there but cannot be read as a saved game.
    Unreadable,
}

/// The world in memory: every request is kept for the test to look at.
#[derive(Default)]
struct Memory {
    /// What [`World::now`] says.
    clock: Duration,
    /// The game numbers `new` gets, first first (then 1).
    games: Vec<u128>,
    /// What the solver says (`Unknown` when not set).
    verdict: Option<Verdict>,
    /// The real solver answers instead, within the budget asked for.
    real_solver: bool,
    /// How many times the solver was asked.
    solved: usize,
    /// The saved game offered at the next start.
    autosave: Option<GameRecord>,
    /// Writing the autosave fails.
    autosave_fails: bool,
    /// Every call to count a game, in order.
    counts: Vec<(GameId, Tally)>,
    /// Counting fails (the statistics cannot be written).
    stats_fail: bool,
    /// The files `save` and `load` see, by name as typed.
    files: BTreeMap<String, File>,
    /// The terminal's width (80 when not set).
    width: Option<usize>,
    /// The diagnostics said.
    warnings: Vec<String>,
    /// Reading the autosave fails so (the saved game, if any, stays).
    autosave_fault: Option<Fault>,
    /// There is no data folder: no autosave to offer.
    no_folder: bool,
    /// The answers typed to the offer to resume, first first (then end of input).
    answers: Vec<&'static str>,
    /// The questions asked.
    asked: Vec<String>,
    /// What was moved aside.
    moved_aside: Vec<GameRecord>,
    /// Another session holds the autosave's lock.
    busy: bool,
    /// This world holds the autosave's lock.
    locked: bool,
    /// How many times the lock was let go.
    unlocked: usize,
    /// How many times a search for a winnable deal was announced.
    winnable_searches: usize,
    /// The autoplay choices kept for the next session, first first.
    autoplay_kept: Vec<bool>,
    /// The moves of the saved copy as each game was counted (`None`: none).
    saved_when_counted: Vec<Option<usize>>,
}

/// How reading the autosave fails.
#[derive(Clone, Copy)]
enum Fault {
    /// Its folder cannot be read.
    Folder,
    /// It is from a newer klondike.
    Newer,
}

impl Fault {
    fn error(self) -> StoreError {
        let path = std::path::PathBuf::from("autosave.json");
        match self {
            Fault::Folder => StoreError::Io {
                path,
                action: crate::app::store::Action::Read,
                error: io::Error::new(io::ErrorKind::PermissionDenied, "denied"),
            },
            Fault::Newer => StoreError::NewerVersion { path, found: 99, supported: 1 },
        }
    }
}

impl World for Memory {
    fn now(&self) -> Duration {
        self.clock
    }
    fn width(&self) -> usize {
        self.width.unwrap_or(80)
    }
    fn random_game(&mut self) -> GameNumber {
        if self.games.is_empty() {
            GameNumber::ONE
        } else {
            GameNumber::new(self.games.remove(0)).unwrap()
        }
    }
    fn budget(&self, states: u64, _time: Duration) -> Budget {
        Budget::states(states)
    }
    fn solve(&mut self, position: &Position, rules: &Rules, budget: Budget) -> Verdict {
        self.solved += 1;
        if self.real_solver {
            let effort = crate::engine::solver::LineEffort::Quick;
            return crate::engine::solver::solve_with(position, rules, &budget, effort).verdict;
        }
        self.verdict.clone().unwrap_or(Verdict::Unknown(crate::engine::solver::GaveUp::StateLimit))
    }
    fn folder(&mut self) -> &mut dyn Folder {
        self
    }
    fn warn(&mut self, text: &str) {
        self.warnings.push(text.to_string());
    }
    fn autoplay_chosen(&mut self, on: bool) -> bool {
        self.autoplay_kept.push(on);
        true
    }

    fn searching_for_winnable(&mut self) {
        self.winnable_searches += 1;
    }
    fn ask(&mut self, question: &str) -> io::Result<Option<String>> {
        self.asked.push(question.to_string());
        Ok((!self.answers.is_empty()).then(|| self.answers.remove(0).to_string()))
    }
}

impl Folder for Memory {
    fn save_autosave(&mut self, record: &GameRecord) -> bool {
        if self.autosave_fails {
            return false;
        }
        self.autosave = Some(record.clone());
        true
    }
    fn remove_autosave(&mut self) {
        self.autosave = None;
    }
    fn count_game(&mut self, id: &GameId, tally: &Tally) -> bool {
        if self.stats_fail {
            return false;
        }
        self.saved_when_counted.push(self.autosave.as_ref().map(|r| r.moves.len()));
        self.counts.push((id.clone(), *tally));
        true
    }
    fn save_file(&mut self, file: &str, record: &GameRecord) -> Result<(), WorldError> {
        if file == "autosave.json" {
            return Err(WorldError::Refused(Refusal::OwnFile));
        }
        self.files.insert(file.to_string(), File::Game(Box::new(record.clone())));
        Ok(())
    }
    fn load_file(&mut self, file: &str) -> Result<GameRecord, WorldError> {
        match self.files.get(file) {
            Some(File::Game(record)) => Ok((**record).clone()),
            Some(File::Unreadable) => Err(WorldError::Failed(format!("{file} is not a saved game"))),
            None => Err(WorldError::Refused(Refusal::NoSuchFile(file.to_string()))),
        }
    }
    fn statistics(&mut self) -> Result<Statistics, WorldError> {
        let mut stats = Statistics::default();
        for (id, tally) in &self.counts {
            stats.record_game_once(id, tally.key, tally.outcome, tally.vegas);
        }
        Ok(stats)
    }
    fn autosave_name(&self) -> Option<String> {
        (!self.no_folder).then(|| "autosave.json".to_string())
    }
    fn read_autosave(&mut self) -> Result<Option<GameRecord>, StoreError> {
        match self.autosave_fault {
            Some(fault) => Err(fault.error()),
            None => Ok(self.autosave.clone()),
        }
    }
    fn move_autosave_aside(&mut self) -> Option<String> {
        self.moved_aside.extend(self.autosave.take());
        Some("autosave.json.corrupt".to_string())
    }
    fn was_counted(&mut self, id: &GameId) -> bool {
        self.counts.iter().any(|(counted, _)| counted == id)
    }
    fn folder_problem(&mut self, error: &StoreError) {
        self.warnings.push(format!("folder: {error}"));
    }
    fn lock_autosave(&mut self) -> AutosaveLock {
        if self.busy {
            return AutosaveLock::Busy("the data folder".to_string());
        }
        self.locked = true;
        AutosaveLock::Held
    }
    fn unlock_autosave(&mut self) {
        self.locked = false;
        self.unlocked += 1;
    }
    fn peek_autosave(&mut self) -> Option<GameRecord> {
        self.autosave.clone().filter(|_| self.autosave_fault.is_none())
    }
}

/// A script's view: rows, echoed commands, no questions.
fn script() -> View {
    View {
        json: false,
        echo: true,
        screen_reader: false,
        layout: Layout::Rows,
        style: CardStyle::default(),
        confirm: false,
        wrap: false,
        farewell: false,
    }
}

/// Statistics and autosave on, untimed.
const KEEPS_ALL: Persistence = Persistence { stats: true, autosave: true, timed: false };

fn game(number: u128) -> Play {
    Play::new(
        Deal::for_number(crate::engine::deal::GameNumber::new(number).unwrap()),
        Origin::Number(GameNumber::new(number).unwrap()),
        Rules::default(),
        Scoring::Standard,
        false,
    )
}

fn easy() -> Play {
    Play::new(EASY.parse().unwrap(), Origin::Custom, Rules::default(), Scoring::Standard, false)
}

fn session(play: Play, view: View, persistence: Persistence, world: Memory) -> Session<Memory> {
    Session::new(play, Start::Dealt, view, persistence, false, world)
}

/// Feeds `lines` one by one; the text printed, and what the last line did.
fn feed(session: &mut Session<Memory>, lines: &[&str]) -> (String, Next) {
    let mut out = Vec::new();
    let mut next = Next::Continue;
    for line in lines {
        next = session.feed(Input::Text(line.to_string()), &mut out).unwrap();
    }
    (String::from_utf8(out).unwrap(), next)
}

#[test]
fn a_won_game_is_counted_once_and_its_saved_copy_removed() {
    let mut s = session(easy(), script(), KEEPS_ALL, Memory::default());
    let (_, next) = feed(&mut s, &easy_win()[..1]);
    assert_eq!(next, Next::Continue);
    assert!(s.world().autosave.is_some(), "an unfinished game with a move is saved after the line");
    let (text, _) = feed(&mut s, &easy_win()[1..]);
    assert_eq!(s.play().status(), Status::Won);
    assert!(text.contains("won"), "{text}");
    assert_eq!(s.world().counts.len(), 1);
    assert!(s.world().counts[0].1.outcome.won);
    assert_eq!(s.world().counts[0].1.outcome.moves, 76);
    // Saved won before it was counted: a kill while the statistics are
    // written leaves the win, not the game before the winning move.
    assert_eq!(s.world().saved_when_counted, [Some(76)]);
    assert!(s.world().autosave.is_none(), "a won and counted game's copy goes");
    // Taken back and won again: still the one game, counted once. Taken
    // back, it is not saved: it is in the statistics, and the next start
    // would find it counted and drop it.
    feed(&mut s, &["u"]);
    assert!(s.world().autosave.is_none());
    feed(&mut s, &["redo", "stats"]);
    s.end();
    assert_eq!(s.world().counts.len(), 1, "{:?}", s.world().counts);
    assert!(s.world().autosave.is_none());
}

/// A won game saved and loaded (by `load` or `--load`) is not this
/// session's win: undone and redone, it was counted as a new win each
/// time (helper report); undone and left, it is no loss either.
#[test]
fn a_won_game_loaded_is_not_counted_again_when_undone_and_redone() {
    let mut s = session(easy(), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &easy_win());
    feed(&mut s, &["save won.json"]);
    assert_eq!(s.world().counts.len(), 1);
    feed(&mut s, &["load won.json", "u", "redo", "u", "redo", "load won.json", "u", "new"]);
    assert_eq!(s.world().counts.len(), 1, "{:?}", s.world().counts);
    let Some(File::Game(won)) = s.world().files.get("won.json").cloned() else { panic!("saved") };
    let r = won.replay().unwrap();
    let mut started = Session::new(
        Play::from_replayed(r, false),
        Start::Loaded { elapsed: 0 },
        script(),
        KEEPS_ALL,
        false,
        Memory::default(),
    );
    feed(&mut started, &["u", "redo", "u"]);
    started.end();
    assert_eq!(started.world().counts.len(), 0, "{:?}", started.world().counts);
}

/// In the table view, what an undo or redo did is said under the table,
/// before the offer of another game that a win by redo brings.
#[test]
fn a_win_by_redo_says_the_move_before_offering_another_game() {
    let view = View { confirm: true, ..script() };
    let mut s = session(easy(), view, KEEPS_ALL, Memory::default());
    feed(&mut s, &easy_win());
    feed(&mut s, &["u"]);
    let (text, _) = feed(&mut s, &["redo"]);
    let redid = text.find("Redid:").unwrap_or_else(|| panic!("{text}"));
    let again = text.find("Play again?").unwrap_or_else(|| panic!("{text}"));
    assert!(redid < again, "{text}");
}

#[test]
fn quitting_a_won_game_taken_back_says_it_is_not_kept() {
    let mut s = session(easy(), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &easy_win());
    let (text, next) = feed(&mut s, &["u", "u", "q"]);
    assert_eq!(next, Next::Quit);
    assert!(text.ends_with("> q\nCustom deal is counted as won already, so it is not kept for next time.\n"), "{text}");
    s.end();
    assert!(s.world().autosave.is_none());
    assert_eq!(s.world().counts.len(), 1);
    assert!(s.world().counts[0].1.outcome.won);
}

/// A timed session of the easy deal, won by its last move 100 seconds in.
fn won_at_100_seconds() -> Session<Memory> {
    let timed = Persistence { timed: true, ..KEEPS_ALL };
    let mut s = session(easy(), script(), timed, Memory::default());
    let win = easy_win();
    feed(&mut s, &win[..win.len() - 1]);
    s.world_mut().clock = Duration::from_secs(100);
    feed(&mut s, &win[win.len() - 1..]);
    assert_eq!(s.play().status(), Status::Won);
    s
}

#[test]
fn a_timed_win_is_counted_with_the_time_bonus_of_the_win() {
    let s = won_at_100_seconds();
    // 700 000 / 100 seconds: the bonus Play worked out at the win.
    assert_eq!(s.play().time_bonus(), Some(7000));
    let [(_, tally)] = s.world().counts.as_slice() else { panic!("{:?}", s.world().counts) };
    assert_eq!(tally.outcome.score, Some((Scoring::Standard, s.play().score() + 7000)));
}

/// The clock stops at a win: the table and `score` looked at later give
/// the time the win took (helper report: it ran on), and it goes on from
/// there when the win is undone.
#[test]
fn the_clock_stops_at_a_win_and_goes_on_from_there_after_undo() {
    let mut s = won_at_100_seconds();
    s.world_mut().clock = Duration::from_secs(250);
    assert_eq!(s.elapsed(), 100);
    let (text, _) = feed(&mut s, &["score"]);
    assert!(text.contains("1 minute 40 seconds"), "{text}");
    assert_eq!(s.record().elapsed_seconds, 100);
    // Undone, it runs again from the time of the win.
    feed(&mut s, &["u"]);
    s.world_mut().clock = Duration::from_secs(260);
    assert_eq!(s.elapsed(), 110);
    // Won again: shown with the first win's time, the one counted (it
    // gave the later one: helper report); undone, the clock goes on from
    // where it was.
    feed(&mut s, &["redo"]);
    assert_eq!(s.elapsed(), 100);
    let (text, _) = feed(&mut s, &["score"]);
    assert!(text.contains("1 minute 40 seconds"), "{text}");
    assert_eq!(s.world().counts.len(), 1);
    feed(&mut s, &["u"]);
    s.world_mut().clock = Duration::from_secs(270);
    assert_eq!(s.elapsed(), 120);
}

#[test]
fn a_play_time_near_the_clocks_end_stays_there_and_makes_no_fast_win() {
    let timed = Persistence { timed: true, ..KEEPS_ALL };
    let mut s =
        Session::new(easy(), Start::Loaded { elapsed: u64::MAX - 1 }, script(), timed, false, Memory::default());
    let win = easy_win();
    feed(&mut s, &win[..win.len() - 1]);
    s.world_mut().clock = Duration::from_secs(100);
    assert_eq!(s.elapsed(), u64::MAX);
    feed(&mut s, &win[win.len() - 1..]);
    assert_eq!(s.play().status(), Status::Won);
    assert_eq!(s.play().time_bonus(), Some(0), "no bonus for a game that took for ever");
}

/// A win the statistics cannot take is saved won, and the next start
/// counts it as won: neither offered for resuming nor, declined, counted
/// as lost. (The copy from before the winning move was kept, the next
/// start offered it, and a player who declined had the win counted as a
/// loss: helper report.)
#[test]
fn a_win_that_cannot_be_counted_is_saved_won_and_counted_at_the_next_start() {
    let world = Memory { stats_fail: true, ..Memory::default() };
    let mut s = session(easy(), script(), KEEPS_ALL, world);
    feed(&mut s, &easy_win());
    assert_eq!(s.play().status(), Status::Won);
    let saved = s.world().autosave.clone().expect("kept, so that it can be counted");
    assert_eq!(saved.replay().unwrap().game.status(), Status::Won);
    assert!(s.world().warnings.iter().any(|w| w == said::WIN_KEPT_TO_COUNT), "{:?}", s.world().warnings);
    // A new game in the same session, the statistics still locked, leaves
    // the copy, and saves no more.
    let mut locked = session(easy(), script(), KEEPS_ALL, Memory { stats_fail: true, ..Memory::default() });
    feed(&mut locked, &easy_win());
    feed(&mut locked, &["new 3"]);
    assert_eq!(locked.world().autosave.as_ref().map(|r| r.moves.len()), Some(saved.moves.len()));
    assert!(locked.world().counts.is_empty());
    // Once the lock is gone, leaving the game counts the win after all and
    // drops the copy (a second session, which saves nothing, lost it).
    s.world_mut().stats_fail = false;
    feed(&mut s, &["new 3"]);
    let [(_, tally)] = s.world().counts.as_slice() else { panic!("{:?}", s.world().counts) };
    assert!(tally.outcome.won);
    assert!(s.world().autosave.is_none());
    assert!(s.world().warnings.iter().any(|w| w == said::WIN_COUNTED_AFTER_ALL), "{:?}", s.world().warnings);
    // The next start, at a terminal: counted as won, not offered.
    let mut world = Memory { autosave: Some(saved.clone()), ..Memory::default() };
    let (offered, _) = offer(&mut world, &at_terminal(), false);
    assert!(matches!(offered, Ok(OfferOutcome::Nothing)), "{offered:?}");
    assert!(world.asked.is_empty(), "not offered");
    let [(_, tally)] = world.counts.as_slice() else { panic!("{:?}", world.counts) };
    assert!(tally.outcome.won);
    assert!(world.autosave.is_none());
    assert!(world.warnings[0].ends_with("now counts as won"), "{:?}", world.warnings);
    // A start that deals a game of its own counts it as won too; if the
    // statistics still cannot take it, it stays, and the session saves none.
    let mut world = Memory { autosave: Some(saved.clone()), ..Memory::default() };
    assert!(retire_autosave(&mut world, true));
    assert!(world.counts[0].1.outcome.won && world.autosave.is_none());
    let mut world = Memory { autosave: Some(saved.clone()), stats_fail: true, ..Memory::default() };
    assert!(!retire_autosave(&mut world, true));
    assert_eq!(world.autosave, Some(saved));
}

#[test]
fn quitting_mid_game_keeps_it_saved_and_counts_nothing() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory { clock: Duration::from_secs(100), ..Memory::default() });
    let (text, next) = feed(&mut s, &["d", "d", "q"]);
    assert_eq!(next, Next::Quit);
    assert!(text.ends_with(&format!("> q\n{GAME_KEPT}\n")), "{text}");
    s.end();
    let saved = s.world().autosave.clone().expect("saved");
    assert_eq!(saved.moves, ["d", "d"]);
    assert_eq!(saved.id, Some(s.record().id.unwrap()));
    assert!(s.world().counts.is_empty());
}

#[test]
fn quitting_when_the_game_could_not_be_saved_does_not_say_it_is_kept() {
    // The data folder cannot be written: saving is on, but nothing is saved.
    let world = Memory { autosave_fails: true, ..Memory::default() };
    let mut s = session(game(1), script(), KEEPS_ALL, world);
    let (text, next) = feed(&mut s, &["d", "q"]);
    assert_eq!(next, Next::Quit);
    assert!(!text.contains(GAME_KEPT), "{text}");
    assert!(text.ends_with("> q\nGame 1 counts as lost.\n"), "{text}");
    s.end();
    assert!(s.world().autosave.is_none());
    assert_eq!(s.world().counts.len(), 1, "counted once, as lost");
}

/// Asked before quitting a game that could not be saved, the question
/// says so (the statistics may not be written either), not only that it
/// would count as lost.
#[test]
fn the_quit_question_says_a_game_that_could_not_be_saved_is_lost() {
    let world = Memory { autosave_fails: true, stats_fail: true, ..Memory::default() };
    let view = View { confirm: true, ..script() };
    let mut s = session(game(1), view, KEEPS_ALL, world);
    let (text, next) = feed(&mut s, &["d", "q"]);
    assert_eq!(next, Next::Continue);
    assert!(
        text.ends_with(
            "> q\nThis game could not be saved, so quitting loses it. Quit? Type yes, or no to keep playing.\n"
        ),
        "{text}"
    );
    let (_, next) = feed(&mut s, &["no"]);
    assert_eq!(next, Next::Continue);
}

#[test]
fn quitting_without_autosave_counts_the_game_lost_with_its_time() {
    let persistence = Persistence { stats: true, autosave: false, timed: true };
    let mut s = session(game(1), script(), persistence, Memory::default());
    feed(&mut s, &["d"]);
    s.world_mut().clock = Duration::from_secs(65);
    let (text, _) = feed(&mut s, &["q"]);
    assert!(text.contains("Game 1 counts as lost."), "{text}");
    s.end();
    let [(_, tally)] = s.world().counts.as_slice() else { panic!("{:?}", s.world().counts) };
    assert!(!tally.outcome.won);
    assert_eq!((tally.outcome.moves, tally.outcome.seconds), (1, Some(65)));
    assert!(s.world().autosave.is_none());
}

#[test]
fn new_after_moves_counts_the_old_game_lost_and_removes_its_copy() {
    let world = Memory { games: vec![7], ..Memory::default() };
    let mut s = session(game(1), script(), KEEPS_ALL, world);
    let (_, _) = feed(&mut s, &["d"]);
    let old = s.record().id.unwrap();
    assert!(s.world().autosave.is_some());
    let (text, _) = feed(&mut s, &["new"]);
    assert!(text.contains("Game 1 counts as lost.\nGame 7"), "{text}");
    assert_eq!(s.play().origin(), Origin::Number(GameNumber::new(7).unwrap()));
    let [(id, tally)] = s.world().counts.as_slice() else { panic!("{:?}", s.world().counts) };
    assert_eq!((id, tally.outcome.won, tally.outcome.moves), (&old, false, 1));
    assert!(s.world().autosave.is_none(), "the game left is over: its copy goes");
    // The new game has no move: ending now counts nothing more.
    s.end();
    assert_eq!(s.world().counts.len(), 1);
    assert_ne!(s.record().id.unwrap(), old, "the new game has an id of its own");
}

#[test]
fn a_game_left_that_cannot_be_counted_keeps_its_copy_and_saving_stops() {
    let world = Memory { stats_fail: true, games: vec![7], ..Memory::default() };
    let mut s = session(game(1), script(), KEEPS_ALL, world);
    feed(&mut s, &["d", "new", "d", "d"]);
    assert_eq!(s.world().warnings, [LEFT_NOT_COUNTED]);
    let saved = s.world().autosave.clone().expect("the old game's copy stays");
    assert_eq!((saved.game.as_deref(), saved.moves.len()), (Some("1"), 1), "and the new game is not saved over it");
}

#[test]
fn a_resumed_game_in_a_session_that_does_not_save_is_never_counted_here() {
    let persistence = Persistence { stats: true, autosave: false, timed: false };
    let start = Start::Resumed { elapsed: 30, id: GameId("saved".into()) };
    let mut s = Session::new(game(1), start, script(), persistence, false, Memory::default());
    let (text, _) = feed(&mut s, &["d", "new"]);
    assert!(!text.contains("counts as lost"), "{text}");
    feed(&mut s, &["d"]);
    s.end();
    // The new game is this session's: it is counted; the resumed one is not.
    let ids: Vec<&str> = s.world().counts.iter().map(|(id, _)| id.0.as_str()).collect();
    assert_eq!(ids.len(), 1);
    assert_ne!(ids[0], "saved");
}

#[test]
fn when_the_last_save_fails_the_earlier_copy_is_kept_and_nothing_counted() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &["d"]);
    s.world_mut().autosave_fails = true;
    feed(&mut s, &["d", "d"]);
    s.end();
    assert_eq!(s.world().warnings, ["the game is kept as it was last saved (1 move), for resuming"]);
    assert_eq!(s.world().autosave.as_ref().unwrap().moves, ["d"]);
    assert!(s.world().counts.is_empty());
}

#[test]
fn a_load_that_fails_is_reported_and_the_game_goes_on() {
    let mut world = Memory::default();
    world.files.insert("bad.json".into(), File::Unreadable);
    let mut s = session(game(1), script(), KEEPS_ALL, world);
    let (text, next) = feed(&mut s, &["d", "load bad.json"]);
    assert_eq!(next, Next::Rejected);
    assert!(text.ends_with("> load bad.json\nerror: bad.json is not a saved game\n"), "{text}");
    let (text, next) = feed(&mut s, &["load nope.json"]);
    assert_eq!((text.as_str(), next), ("> load nope.json\nerror: there is no file nope.json\n", Next::Rejected));
    assert_eq!(s.play().game().moves_made(), 1, "the game in progress is untouched");
    assert!(s.world().counts.is_empty());
    assert!(matches!(s.world().files.get("bad.json"), Some(File::Unreadable)), "the file is kept");
}

#[test]
fn a_load_that_would_fail_is_reported_before_any_question() {
    let mut world = Memory::default();
    world.files.insert("bad.json".into(), File::Unreadable);
    let view = View { confirm: true, ..script() };
    let mut s = session(game(1), view, KEEPS_ALL, world);
    let (text, next) = feed(&mut s, &["d", "load bad.json"]);
    assert_eq!(next, Next::Rejected);
    assert!(text.ends_with("> load bad.json\nerror: bad.json is not a saved game\n"), "{text}");
    assert_eq!(s.flow.pending(), None, "nothing asked");
    // A file that holds the game as it is now loses nothing: no question.
    feed(&mut s, &["save good.json"]);
    let (text, _) = feed(&mut s, &["load good.json"]);
    assert!(text.contains("Loaded good.json, a copy of this game."), "{text}");
    assert_eq!(s.flow.pending(), None, "nothing asked");
    // Nor after an undo and a redo, which leave it as it was.
    let (text, _) = feed(&mut s, &["u", "redo", "load good.json"]);
    assert!(text.contains("Loaded good.json, a copy of this game"), "{text}");
    assert_eq!(s.flow.pending(), None, "nothing asked");
    // A move since: asked first.
    let (text, _) = feed(&mut s, &["d", "load good.json"]);
    assert!(text.ends_with("Load good.json? Type yes, or no to keep playing.\n"), "{text}");
    // It holds this game: the question says so, not that it counts as lost.
    assert!(text.contains("good.json holds this game as it was saved: the moves made since would be lost."), "{text}");
    assert!(s.world().counts.is_empty());
}

/// Loading a copy of the game being played goes back (or on) to where it
/// was saved: the same game, counted once when it is given up.
#[test]
fn save_then_load_goes_on_with_the_same_game_from_that_position() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    let (text, _) = feed(&mut s, &["d", "save mine.json", "d", "d"]);
    assert!(text.contains("Saved the game to mine.json."), "{text}");
    let (text, next) = feed(&mut s, &["save autosave.json"]);
    assert_eq!(next, Next::Rejected, "{text}");
    let (text, _) = feed(&mut s, &["load mine.json"]);
    assert!(text.contains("Loaded mine.json, a copy of this game."), "{text}");
    assert!(!text.contains("counts as lost"), "{text}");
    assert_eq!(s.play().game().moves_made(), 1);
    assert!(s.world().counts.is_empty(), "nothing counted: {:?}", s.world().counts);
    let (text, _) = feed(&mut s, &["new 2"]);
    assert!(text.contains("Game 1 counts as lost."), "{text}");
    assert_eq!(s.world().counts.len(), 1, "counted once");
}

/// What is not a copy of the game being played, though it carries its id,
/// is another game: a copy saved before any move of a game played since
/// (it would be saved for resuming as a game never played, and never
/// counted), and a copy edited to another deal, rules or scoring.
#[test]
fn a_copy_with_the_games_id_but_not_its_play_deal_or_rules_is_another_game() {
    type Edit = fn(&mut GameRecord);
    let edits: [(&str, &[&str], Edit); 5] = [
        ("saved before any move", &[], |_| {}),
        ("the copy itself", &["d"], |_| {}),
        ("another deal", &["d"], |r| r.game = Some("2".into())),
        ("other rules", &["d"], |r| r.foundation_to_tableau = !r.foundation_to_tableau),
        ("another scoring", &["d"], |r| r.scoring = Scoring::Vegas),
    ];
    for (what, before, edit) in edits {
        let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
        feed(&mut s, before);
        feed(&mut s, &["save copy.json"]);
        if let Some(File::Game(record)) = s.world_mut().files.get_mut("copy.json") {
            edit(record);
        }
        feed(&mut s, &["d", "d"]);
        let (text, _) = feed(&mut s, &["load copy.json"]);
        if what == "the copy itself" {
            assert!(text.contains("Loaded copy.json, a copy of this game"), "{what}: {text}");
            assert!(s.world().counts.is_empty(), "{what}");
        } else {
            assert!(text.contains("Game 1 counts as lost. Loaded copy.json."), "{what}: {text}");
            assert_eq!(s.world().counts.len(), 1, "{what}");
        }
    }
}

/// A copy of a game other than the one being played (here the game given
/// up before) is a new game from that position: the game left counts as
/// lost, and the copy is not counted again.
#[test]
fn loading_a_copy_of_another_game_is_a_new_game_from_that_position() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &["d", "save mine.json", "new 2", "d"]);
    assert_eq!(s.world().counts.len(), 1, "game 1 given up");
    let (text, _) = feed(&mut s, &["load mine.json"]);
    assert!(text.contains("Game 2 counts as lost. Loaded mine.json."), "{text}");
    assert_eq!(s.world().counts.len(), 2);
    // Loaded again, it is another game again: the game loaded from it
    // took an id of its own.
    feed(&mut s, &["d"]);
    let (text, _) = feed(&mut s, &["load mine.json"]);
    assert!(text.contains("Loaded mine.json.") && text.contains("counts as lost"), "{text}");
}

/// Feeds one input (Ctrl-C, the end of input, ...) to `s`: what it says
/// to do next, and what it printed.
fn feed_input(s: &mut Session<Memory>, input: Input) -> (Next, String) {
    let mut out = Vec::new();
    let next = s.feed(input, &mut out).unwrap();
    (next, String::from_utf8(out).unwrap())
}

#[test]
fn a_question_waits_and_ctrl_c_takes_it_back() {
    let view = View { confirm: true, farewell: true, ..script() };
    let persistence = Persistence { stats: true, autosave: false, timed: false };
    let mut s = session(game(1), view, persistence, Memory::default());
    let (text, _) = feed(&mut s, &["d", "new"]);
    assert!(text.contains("?"), "a question: {text}");
    assert_eq!(feed_input(&mut s, Input::Interrupted), (Next::Continue, format!("> no\n{KEPT_PLAYING}\n")));
    assert!(s.world().counts.is_empty());
    assert_eq!(s.play().origin(), Origin::Number(GameNumber::new(1).unwrap()));
    // Ctrl-C with nothing asked says how to quit and changes nothing; a
    // line in between starts the count again; twice in a row ends the
    // session, saying what becomes of the game.
    let ctrl_c = |s: &mut Session<Memory>| feed_input(s, Input::Interrupted);
    assert_eq!(ctrl_c(&mut s), (Next::Continue, format!("{HOW_TO_QUIT}\n")));
    feed(&mut s, &["d"]);
    assert_eq!(ctrl_c(&mut s), (Next::Continue, format!("{HOW_TO_QUIT}\n")));
    assert_eq!(s.play().game().moves_made(), 2);
    // A line typed and thrown away with Ctrl-C in between (the line editor
    // says nothing of it) also starts the count again (helper report: the
    // session ended on the Ctrl-C after it).
    assert_eq!(feed_input(&mut s, Input::InterruptedAnew), (Next::Continue, format!("{HOW_TO_QUIT}\n")));
    assert_eq!(ctrl_c(&mut s), (Next::SessionEnd, "\nGame 1 counts as lost.\n".to_string()));
}

/// Enter alone at a question at an interactive prompt says the question
/// again (it was skipped in silence: a player listening heard nothing);
/// in a script, a blank line is skipped as anywhere.
#[test]
fn enter_alone_at_a_question_asks_it_again_at_a_prompt() {
    let view = View { confirm: true, farewell: true, ..script() };
    let mut s = session(game(1), view, KEEPS_ALL, Memory::default());
    let (asked, _) = feed(&mut s, &["d", "new"]);
    let question = asked.lines().last().unwrap().to_string();
    assert!(question.ends_with('?') || question.contains("yes"), "{asked}");
    let (again, _) = feed(&mut s, &[""]);
    assert!(again.contains("a question waits for yes or no."), "{again}");
    assert!(s.flow.pending().is_some());
    let (_, _) = feed(&mut s, &["no"]);
    assert_eq!(s.flow.pending(), None);
    assert_eq!(s.play().game().moves_made(), 1);
    // A script with --confirm: the blank line is skipped, the question waits.
    let mut s = session(game(1), View { confirm: true, ..script() }, KEEPS_ALL, Memory::default());
    feed(&mut s, &["d", "new"]);
    let (blank, _) = feed(&mut s, &[""]);
    assert!(!blank.contains("question waits"), "{blank}");
    assert!(s.flow.pending().is_some());
}

/// The end of input at a question does not do what it asked, and says so
/// (a script learns it no other way).
#[test]
fn the_end_of_input_at_a_question_does_nothing_and_says_so() {
    let view = View { confirm: true, ..script() };
    let mut s = session(game(1), view, KEEPS_ALL, Memory::default());
    feed(&mut s, &["d", "new 2"]);
    assert!(s.flow.pending().is_some());
    assert_eq!(feed_input(&mut s, Input::End).0, Next::SessionEnd);
    assert_eq!(s.world().warnings, [ENDED_AT_QUESTION]);
    assert_eq!(s.play().origin(), Origin::Number(GameNumber::new(1).unwrap()));
    // Without a question, nothing is said.
    let mut s = session(game(1), view, KEEPS_ALL, Memory::default());
    feed(&mut s, &["d"]);
    assert_eq!(feed_input(&mut s, Input::End).0, Next::SessionEnd);
    assert!(s.world().warnings.is_empty());
}

/// Ctrl-C at a prompt without a line editor (screen-reader mode) takes
/// back a question as at any prompt; with nothing asked it says that the
/// line was cleared, however many times, and never ends the session.
#[test]
fn ctrl_c_without_a_line_editor_answers_no_and_never_quits() {
    let view = View { confirm: true, farewell: true, ..script() };
    let mut s = session(game(1), view, KEEPS_ALL, Memory::default());
    let (text, _) = feed(&mut s, &["d", "new"]);
    assert!(text.contains("?"), "a question: {text}");
    assert_eq!(feed_input(&mut s, Input::Cleared), (Next::Continue, format!("\n> no\n{KEPT_PLAYING}\n")));
    assert_eq!(s.flow.pending(), None);
    assert!(s.world().counts.is_empty());
    for _ in 0..3 {
        assert_eq!(feed_input(&mut s, Input::Cleared), (Next::Continue, format!("\n{LINE_CLEARED}\n")));
    }
    assert_eq!(s.play().game().moves_made(), 1);
}

#[test]
fn quitting_asks_first_where_the_game_would_count_as_lost_and_not_where_it_is_kept() {
    let view = View { confirm: true, ..script() };
    let unsaved = Persistence { stats: true, autosave: false, timed: false };
    let mut s = session(game(1), view, unsaved, Memory::default());
    let (text, next) = feed(&mut s, &["d", "q"]);
    assert_eq!(next, Next::Continue);
    assert!(text.ends_with("This game would count as lost. Quit? Type yes, or no to keep playing.\n"), "{text}");
    let (text, next) = feed(&mut s, &["no"]);
    assert_eq!((text.as_str(), next), (format!("> no\n{KEPT_PLAYING}\n").as_str(), Next::Continue));
    assert!(s.world().counts.is_empty());
    let (text, next) = feed(&mut s, &["q", "yes"]);
    assert_eq!(next, Next::Quit);
    assert!(text.ends_with("> yes\nGame 1 counts as lost.\n"), "{text}");
    assert_eq!(s.world().counts.len(), 1);
    // Kept for next time: quitting asks nothing.
    let mut s = session(game(1), view, KEEPS_ALL, Memory::default());
    let (text, next) = feed(&mut s, &["d", "q"]);
    assert_eq!(next, Next::Quit);
    assert!(text.ends_with(&format!("> q\n{GAME_KEPT}\n")), "{text}");
}

#[test]
fn comments_blank_lines_and_faults() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    let mut out = Vec::new();
    for input in [Input::Text("  # a comment".into()), Input::Text("   ".into()), Input::TooLong("# long".into())] {
        assert_eq!(s.feed(input, &mut out).unwrap(), Next::Continue);
    }
    assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
    assert_eq!(s.feed(Input::NotText, &mut out).unwrap(), Next::Rejected);
    assert_eq!(s.feed(Input::TooLong("dddd".into()), &mut out).unwrap(), Next::Rejected);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "> \nerror: that line is not UTF-8 text\n> dddd\nerror: line too long: a command is a few characters\n"
    );
    // A line typed at the prompt comes whole: one that long is refused
    // the same way, and changes nothing.
    let before = s.game().position().clone();
    let mut out = Vec::new();
    let typed = "d".repeat(crate::app::lines::MAX_LINE + 1);
    assert_eq!(s.feed(Input::Text(typed), &mut out).unwrap(), Next::Rejected);
    assert!(String::from_utf8(out).unwrap().ends_with("error: line too long: a command is a few characters\n"));
    assert_eq!(s.game().position(), &before);
}

#[test]
fn json_says_one_state_a_line_and_repeat_says_it_again() {
    let view = View { json: true, ..script() };
    let mut s = session(game(1), view, KEEPS_ALL, Memory::default());
    let (text, _) = feed(&mut s, &["d", "xyzzy", "repeat"]);
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!((lines[0]["command"].as_str(), lines[0]["ok"].as_bool()), (Some("d"), Some(true)));
    assert_eq!(lines[1]["ok"].as_bool(), Some(false));
    let error = lines[1]["error"].as_str().unwrap();
    assert_eq!(lines[2]["message"].as_str(), Some(error), "{text}");
}

/// A question waiting shows in JSON as `"question": true` on its line
/// and on each line refused while it waits, and is gone once answered.
#[test]
fn json_says_when_a_question_waits() {
    let view = View { json: true, confirm: true, ..script() };
    let mut s = session(game(1), view, KEEPS_ALL, Memory::default());
    let (text, _) = feed(&mut s, &["d", "new 2", "d", "no"]);
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4, "{text}");
    let asks: Vec<Option<bool>> = lines.iter().map(|l| l["question"].as_bool()).collect();
    assert_eq!(asks, [None, Some(true), Some(true), None], "{text}");
    assert!(lines[1]["message"].as_str().is_some_and(|m| m.contains("Start game 2?")), "{text}");
    assert_eq!(lines[2]["ok"].as_bool(), Some(false));
}

#[test]
fn hint_and_solve_ask_the_worlds_solver() {
    let world = Memory { verdict: Some(Verdict::Unwinnable), ..Memory::default() };
    let mut s = session(game(1), script(), KEEPS_ALL, world);
    let (text, _) = feed(&mut s, &["solve"]);
    assert_eq!(s.world().solved, 1);
    assert_eq!(text, format!("> solve\n{}\n", said::solve_text(&Verdict::Unwinnable, false, false)));
    let (text, _) = feed(&mut s, &["hint"]);
    assert_eq!(s.world().solved, 2);
    let lost = said::advice_text(
        &crate::app::flow::Advice::LostAtDeal(crate::engine::hint::hint_where(s.play().game(), |_| true)),
        s.play().game(),
        s.play().score_now(),
        &CardStyle::default(),
        false,
    );
    assert_eq!(text, format!("> hint\n{lost}\n"));
}

/// A hint from the solver's winning line names its first move, in each
/// view; "can still be won" is said the first time only. The solver is
/// scripted, so that the words are checked whatever move the real one
/// would pick first (the golden transcripts pin no such move); its first
/// move is the one `moves` ranks first, so that no move ranked before it
/// takes its place.
#[test]
fn a_hint_from_a_winning_line_names_its_first_move_in_every_view() {
    let from_6 = Move::TableauToFoundation { from: PileId::from_number(6).unwrap() };
    let line = |first: Move| Memory { verdict: Some(Verdict::Winnable(vec![first, Move::Draw])), ..Memory::default() };
    // Game 1 deals the ace of hearts on pile 6, over five face-down cards.
    let mut s = session(game(1), script(), KEEPS_ALL, line(from_6));
    assert_eq!(crate::engine::hint::candidates(s.play().game())[0], from_6);
    let (text, _) = feed(&mut s, &["hint", "hint"]);
    assert_eq!(s.world().solved, 2);
    assert_eq!(
        text,
        "> hint\nhint: t 6 f: put the AH from pile 6 on its foundation, turning up a card, plus 15 points. The game can still be won.\n\
         > hint\nhint: t 6 f: put the AH from pile 6 on its foundation, turning up a card, plus 15 points.\n"
    );
    let reader = View { screen_reader: true, layout: Layout::List, style: CardStyle::WORDS, ..script() };
    let mut s = session(game(1), reader, KEEPS_ALL, line(from_6));
    let (text, _) = feed(&mut s, &["hint"]);
    assert_eq!(
        text,
        "> hint\nPut the ace of hearts from pile 6 on its foundation, turning up a card, plus 15 points, type t 6 f. The game can still be won.\n"
    );
    // In JSON the hint is the state's message.
    let mut s = session(game(1), View { json: true, ..script() }, KEEPS_ALL, line(from_6));
    let (text, _) = feed(&mut s, &["hint"]);
    let state: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!((state["command"].as_str(), state["ok"].as_bool()), (Some("hint"), Some(true)), "{text}");
    assert_eq!(
        state["message"].as_str(),
        Some("hint: t 6 f: put the AH from pile 6 on its foundation, turning up a card, plus 15 points. The game can still be won."),
        "{text}"
    );
    assert_eq!(state["moves"], 0, "a hint makes no move");
}

#[test]
fn count_record_as_lost_counts_an_unfinished_record_once() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &["d", "d"]);
    let record = s.record();
    let mut world = Memory::default();
    assert_eq!(count_record_as_lost(&mut world, &record, true), Some(("game 1 with 2 moves".into(), true)));
    assert_eq!(world.counts.len(), 1);
    assert_eq!(world.counts[0].0, record.identity());
    assert_eq!(count_record_as_lost(&mut world, &record, false), Some(("game 1 with 2 moves".into(), false)));
    assert_eq!(world.counts.len(), 1, "statistics off: nothing counted");
    let fresh = session(game(1), script(), KEEPS_ALL, Memory::default()).record();
    assert_eq!(count_record_as_lost(&mut world, &fresh, true), None, "no move: nothing to count");
}

/// The saved copy of game 1 after one move, as the autosave holds it.
fn saved_game() -> GameRecord {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &["d"]);
    s.world().autosave.clone().expect("saved after a move")
}

/// A world whose autosave holds [`saved_game`], answering the offer with `answers`.
fn with_saved(answers: Vec<&'static str>) -> Memory {
    Memory { autosave: Some(saved_game()), answers, ..Memory::default() }
}

/// At a terminal: the saved game is offered, a new game instead.
fn at_terminal() -> Asked {
    Asked {
        resume: false,
        offer: true,
        instead: crate::app::render::replies::Instead::NewGame,
        rules: Rules::default(),
        screen_reader: false,
    }
}

/// The offer through `world`, and what it printed.
fn offer(world: &mut Memory, asked: &Asked, in_use: bool) -> (Result<OfferOutcome, StartError>, String) {
    let mut out = Vec::new();
    let offered = offer_saved(world, asked, in_use, &mut out);
    (offered, String::from_utf8(out).unwrap())
}

#[test]
fn a_saved_game_is_offered_at_a_terminal_and_resumed_with_its_own_id() {
    let mut world = with_saved(vec!["maybe", ""]);
    let id = world.autosave.as_ref().unwrap().identity();
    let (offered, _) = offer(&mut world, &at_terminal(), false);
    let Ok(OfferOutcome::Saved(saved)) = offered else { panic!("{offered:?}") };
    assert!(matches!(saved.start, Start::Resumed { id: ref resumed, .. } if *resumed == id));
    assert_eq!(saved.replayed.game.moves_made(), 1);
    // Asked again after an answer that is not one; an empty answer is yes.
    assert_eq!(world.asked.len(), 2, "{:?}", world.asked);
    assert!(world.asked[0].contains("game 1"), "{:?}", world.asked);
    assert_ne!(world.asked[0], world.asked[1]);
    assert!(world.autosave.is_some() && world.counts.is_empty(), "resumed: still saved, not counted");
}

#[test]
fn a_saved_game_that_does_not_replay_is_moved_aside_without_being_offered() {
    let mut broken = saved_game();
    broken.moves.push("ks 1".into());
    let mut world = Memory { autosave: Some(broken.clone()), answers: vec!["y"], ..Memory::default() };
    let (offered, _) = offer(&mut world, &at_terminal(), false);
    assert!(matches!(offered, Ok(OfferOutcome::Nothing)), "{offered:?}");
    assert!(world.asked.is_empty(), "not offered: {:?}", world.asked);
    assert_eq!(world.moved_aside, [broken]);
    assert!(world.counts.is_empty());
    assert!(world.warnings.iter().any(|w| w.contains("ks 1")), "{:?}", world.warnings);
}

#[test]
fn a_script_is_not_offered_the_saved_game_and_leaves_it() {
    let mut world = with_saved(vec!["y"]);
    let asked = Asked { offer: false, ..at_terminal() };
    let (offered, out) = offer(&mut world, &asked, false);
    assert!(matches!(offered, Ok(OfferOutcome::Nothing)), "{offered:?}");
    assert!(world.asked.is_empty() && out.is_empty());
    assert!(world.autosave.is_some() && world.counts.is_empty());
}

#[test]
fn a_saved_game_already_counted_is_removed_and_not_offered() {
    let mut world = with_saved(vec!["y"]);
    let record = world.autosave.clone().unwrap();
    let tally = Tally::new(&Rules::default(), &ScoreSheet::new(Scoring::Standard), 1, false, None, None);
    world.counts.push((record.identity(), tally));
    let (offered, _) = offer(&mut world, &at_terminal(), false);
    assert!(matches!(offered, Ok(OfferOutcome::Nothing)), "{offered:?}");
    assert!(world.asked.is_empty(), "not offered");
    assert!(world.autosave.is_none(), "removed");
    assert_eq!(world.counts.len(), 1, "not counted again");
}

#[test]
fn an_autosave_that_cannot_be_read_is_reported_and_kept() {
    let mut world = Memory { autosave_fault: Some(Fault::Folder), ..with_saved(vec!["y"]) };
    let (offered, _) = offer(&mut world, &at_terminal(), false);
    assert!(matches!(offered, Ok(OfferOutcome::Nothing)), "{offered:?}");
    assert!(world.asked.is_empty());
    assert_eq!(world.warnings.len(), 1, "{:?}", world.warnings);
    assert!(world.warnings[0].starts_with("folder: could not read autosave.json"), "{:?}", world.warnings);
    // Not written over by a new game either.
    assert!(!retire_autosave(&mut world, true));
    assert!(world.autosave.is_some() && world.counts.is_empty() && world.moved_aside.is_empty());
    // Under --resume it is a failure that names the file.
    let asked = Asked { resume: true, ..at_terminal() };
    let (offered, _) = offer(&mut world, &asked, false);
    let Err(StartError::Refused(why)) = offered else { panic!("{offered:?}") };
    let why = why.to_string();
    assert!(why.starts_with("cannot resume: could not read autosave.json"), "{why}");
}

#[test]
fn a_newer_autosave_is_kept_and_the_session_does_not_save() {
    let mut world = Memory { autosave_fault: Some(Fault::Newer), ..with_saved(vec!["y"]) };
    let (offered, _) = offer(&mut world, &at_terminal(), false);
    assert!(matches!(offered, Ok(OfferOutcome::NewerAutosave)), "{offered:?}");
    assert!(world.warnings[0].ends_with("; this session does not save its game"), "{:?}", world.warnings);
    assert!(!retire_autosave(&mut world, true), "a new game does not take its place");
    assert!(world.autosave.is_some() && world.counts.is_empty());
}

#[test]
fn declining_the_saved_game_counts_it_lost_and_removes_it() {
    let mut world = with_saved(vec!["n"]);
    let id = world.autosave.as_ref().unwrap().identity();
    let (offered, _) = offer(&mut world, &at_terminal(), false);
    assert!(matches!(offered, Ok(OfferOutcome::Nothing)), "{offered:?}");
    let [(counted, tally)] = world.counts.as_slice() else { panic!("{:?}", world.counts) };
    assert_eq!((counted, tally.outcome.won, tally.outcome.moves), (&id, false, 1));
    assert!(world.autosave.is_none());
    assert_eq!(world.warnings, ["the saved game, game 1 with 1 move, counts as lost"]);
}

#[test]
fn a_declined_game_that_cannot_be_counted_stays_saved() {
    let mut world = Memory { stats_fail: true, ..with_saved(vec!["no"]) };
    let (offered, _) = offer(&mut world, &at_terminal(), false);
    assert!(matches!(offered, Ok(OfferOutcome::Nothing)), "{offered:?}");
    assert!(world.autosave.is_some() && world.warnings.is_empty());
    // The new game then keeps it too, and says so.
    assert!(!retire_autosave(&mut world, true));
    assert!(world.autosave.is_some());
    assert!(world.warnings[0].contains("could not be counted, so it is kept"), "{:?}", world.warnings);
}

#[test]
fn quitting_at_the_offer_leaves_everything_as_it_was() {
    for (answers, said) in
        [(vec!["q"], format!("{}\n", said::SAVED_GAME_KEPT)), (vec![], format!("\n{}\n", said::SAVED_GAME_KEPT))]
    {
        let mut world = with_saved(answers);
        let (offered, out) = offer(&mut world, &at_terminal(), false);
        assert!(matches!(offered, Ok(OfferOutcome::Quit)), "{offered:?}");
        assert_eq!(out, said);
        assert!(world.autosave.is_some() && world.counts.is_empty() && world.warnings.is_empty());
    }
}

#[test]
fn resume_fails_without_a_saved_game_or_when_another_session_has_it() {
    let resume = Asked { resume: true, ..at_terminal() };
    let (offered, _) = offer(&mut Memory::default(), &resume, false);
    assert!(matches!(offered, Err(StartError::Refused(ref w)) if w.to_string() == "there is no saved game to resume"));
    let mut world = with_saved(vec!["y"]);
    let (offered, _) = offer(&mut world, &resume, true);
    assert!(
        matches!(offered, Err(StartError::Refused(ref w)) if w.to_string().contains("open in another klondike session"))
    );
    // Without --resume another session's saved game is simply not offered.
    let (offered, _) = offer(&mut world, &at_terminal(), true);
    assert!(matches!(offered, Ok(OfferOutcome::Nothing)) && world.asked.is_empty() && world.autosave.is_some());
    // With nowhere to keep one, there is none to offer.
    let mut world = Memory { no_folder: true, ..with_saved(vec!["y"]) };
    assert!(matches!(offer(&mut world, &resume, false).0, Ok(OfferOutcome::Nothing)));
}

#[test]
fn resume_takes_the_saved_game_without_asking() {
    let mut world = with_saved(vec![]);
    let (offered, _) = offer(&mut world, &Asked { resume: true, ..at_terminal() }, false);
    assert!(matches!(offered, Ok(OfferOutcome::Saved(_))), "{offered:?}");
    assert!(world.asked.is_empty());
}

#[test]
fn a_new_game_retires_the_saved_one_as_lost() {
    let mut world = with_saved(vec![]);
    assert!(retire_autosave(&mut world, true));
    assert_eq!(world.counts.len(), 1);
    assert!(world.autosave.is_none());
    assert_eq!(world.warnings, ["the saved game, game 1 with 1 move, counts as lost: a new game takes its place"]);
    // Statistics off: replaced, said, not counted.
    let mut world = with_saved(vec![]);
    assert!(retire_autosave(&mut world, false));
    assert!(world.counts.is_empty() && world.autosave.is_none());
    assert!(world.warnings[0].contains("statistics are off"), "{:?}", world.warnings);
    // Nothing saved: nothing said.
    let mut world = Memory::default();
    assert!(retire_autosave(&mut world, true));
    assert!(world.warnings.is_empty() && world.counts.is_empty());
}

/// A sighted player's UTF-8 terminal.
const TERMINAL: TerminalFacts =
    TerminalFacts { interactive: true, stdout_terminal: true, utf8: true, dumb: false, no_colour: false };

#[test]
fn a_utf8_locale_is_read_in_any_spelling() {
    assert!(TerminalFacts::utf8_locale(Some("en_GB.UTF-8")) && TerminalFacts::utf8_locale(Some("C.utf8")));
    assert!(!TerminalFacts::utf8_locale(Some("C")) && !TerminalFacts::utf8_locale(None));
}

#[test]
fn a_terminal_gets_the_picture_and_a_script_rows() {
    let v = choose_view(&ViewAsked::default(), &TERMINAL);
    assert_eq!((v.layout, v.style.names, v.style.suits), (Layout::Columns, CardNames::Short, SuitStyle::Symbols));
    assert!(v.style.colour && v.wrap && v.confirm && v.farewell && !v.echo);
    let v = choose_view(&ViewAsked::default(), &TerminalFacts::default());
    assert_eq!((v.layout, v.style.suits), (Layout::Rows, SuitStyle::Letters));
    assert!(!v.style.colour && !v.wrap && !v.confirm && !v.farewell && v.echo);
    // --confirm asks in a script too; --json at a terminal neither asks nor wraps.
    assert!(choose_view(&ViewAsked { confirm: true, ..ViewAsked::default() }, &TerminalFacts::default()).confirm);
    let v = choose_view(&ViewAsked { json: true, ..ViewAsked::default() }, &TERMINAL);
    assert!(v.json && !v.confirm && !v.wrap && v.layout == Layout::Rows);
}

#[test]
fn a_screen_reader_gets_words_and_never_colour() {
    let looks = ViewAsked { screen_reader: true, colour: Some(true), ..ViewAsked::default() };
    let v = choose_view(&looks, &TERMINAL);
    assert_eq!((v.layout, v.style.names, v.style.suits), (Layout::List, CardNames::Words, SuitStyle::Letters));
    assert!(!v.style.colour && !v.wrap && v.screen_reader);
    // What is asked for is kept: rows, with short names.
    let looks = ViewAsked { layout: Some(Layout::Rows), names: Some(CardNames::Short), ..looks };
    let v = choose_view(&looks, &TERMINAL);
    assert_eq!((v.layout, v.style.names), (Layout::Rows, CardNames::Short));
}

#[test]
fn a_dumb_or_plain_terminal_gets_letters_and_no_colour_unless_asked() {
    for facts in [TerminalFacts { dumb: true, ..TERMINAL }, TerminalFacts { utf8: false, no_colour: true, ..TERMINAL }]
    {
        let v = choose_view(&ViewAsked::default(), &facts);
        assert_eq!(v.style.suits, SuitStyle::Letters);
        assert!(!v.style.colour);
        let asked = ViewAsked { colour: Some(true), suits: Some(SuitStyle::Symbols), ..ViewAsked::default() };
        let v = choose_view(&asked, &facts);
        assert!(v.style.colour && v.style.suits == SuitStyle::Symbols);
    }
    // Colour with auto follows standard output, even in a script.
    let piped = TerminalFacts { interactive: false, ..TERMINAL };
    assert!(choose_view(&ViewAsked::default(), &piped).style.colour);
    assert!(!choose_view(&ViewAsked { colour: Some(false), ..ViewAsked::default() }, &TERMINAL).style.colour);
}

/// [`saved_game`] already counted: a session was killed between counting it
/// and removing it.
fn counted_saved_game() -> Memory {
    let mut world = with_saved(vec!["y"]);
    let id = world.autosave.as_ref().unwrap().identity();
    let tally = Tally::new(&Rules::default(), &ScoreSheet::new(Scoring::Standard), 1, false, None, None);
    world.counts.push((id, tally));
    world
}

#[test]
fn a_session_that_saves_holds_the_lock_and_removes_a_counted_autosave() {
    let mut world = counted_saved_game();
    let mut persistence = KEEPS_ALL;
    assert!(!claim_autosave(&mut world, &mut persistence, false).unwrap());
    assert!(world.locked && world.unlocked == 0, "held for the whole session");
    assert!(persistence.autosave);
    assert!(world.autosave.is_none(), "counted, so removed");
    // A game not counted yet stays, to be offered.
    let mut world = with_saved(vec![]);
    let mut persistence = KEEPS_ALL;
    claim_autosave(&mut world, &mut persistence, false).unwrap();
    assert!(world.autosave.is_some());
}

#[test]
fn a_session_that_only_counts_locks_for_the_moment() {
    let mut world = counted_saved_game();
    let mut persistence = Persistence { stats: true, autosave: false, timed: false };
    assert!(!claim_autosave(&mut world, &mut persistence, false).unwrap());
    assert!(!world.locked && world.unlocked == 1);
    assert!(world.autosave.is_none());
    // Nothing is done to another session's saved game.
    let mut world = Memory { busy: true, ..counted_saved_game() };
    claim_autosave(&mut world, &mut persistence, false).unwrap();
    assert!(world.autosave.is_some());
}

#[test]
fn a_second_session_neither_saves_nor_touches_the_saved_game() {
    let mut world = Memory { busy: true, ..counted_saved_game() };
    let mut persistence = KEEPS_ALL;
    assert!(claim_autosave(&mut world, &mut persistence, false).unwrap());
    assert!(!persistence.autosave && persistence.stats);
    assert_eq!(
        world.warnings,
        ["another klondike session is keeping its game in the data folder; this one does not save its game"]
    );
    assert!(world.autosave.is_some(), "the other session's");
    let mut persistence = KEEPS_ALL;
    let Err(StartError::Refused(why)) = claim_autosave(&mut world, &mut persistence, true) else {
        panic!("--resume must fail")
    };
    assert_eq!(why.to_string(), "the saved game is open in another klondike session");
}

#[test]
fn a_loss_that_cannot_be_counted_is_not_said_to_count() {
    let persistence = Persistence { stats: true, autosave: false, timed: false };
    let world = || Memory { stats_fail: true, games: vec![7], ..Memory::default() };
    // Replaced by a new game.
    let mut s = session(game(1), script(), persistence, world());
    let (text, _) = feed(&mut s, &["d", "new"]);
    assert!(text.contains("Game 1 could not be counted in the statistics.\nGame 7"), "{text}");
    assert!(!text.contains("counts as lost"), "{text}");
    // Dealt again.
    let (text, _) = feed(&mut s, &["d", "restart"]);
    assert!(text.contains("The game so far could not be counted in the statistics. Dealt again"), "{text}");
    // Quit.
    let (text, next) = feed(&mut s, &["d", "q"]);
    assert_eq!(next, Next::Quit);
    assert!(text.ends_with("> q\nGame 7 could not be counted in the statistics.\n"), "{text}");
    s.end();
    assert!(s.world().counts.is_empty());
    // Where the statistics can be written, quitting counts the loss once.
    let mut s = session(game(1), script(), persistence, Memory::default());
    let (text, _) = feed(&mut s, &["d", "q"]);
    assert!(text.ends_with("> q\nGame 1 counts as lost.\n"), "{text}");
    s.end();
    assert_eq!(s.world().counts.len(), 1);
}

/// `new` under `--winnable` announces its search (once, however many
/// numbers it tries) when the committed verdicts do not reach the number,
/// and says nothing when they do (the deal is then dealt at once).
#[test]
fn a_search_for_a_winnable_deal_is_announced_unless_the_verdicts_reach() {
    let mut s = Session::new(
        game(1),
        Start::Dealt,
        script(),
        Persistence { stats: false, autosave: false, timed: false },
        true,
        Memory::default(),
    );
    let (text, _) = feed(&mut s, &["new 13"]);
    assert!(text.contains("Game 13"), "{text}");
    assert_eq!(s.world().winnable_searches, 0);
    let (text, _) = feed(&mut s, &["new 1000000"]);
    assert!(text.contains("the solver proved it winnable"), "{text}");
    assert_eq!(s.world().winnable_searches, 1);
}

/// What the play options `words` of a command line ask a session to
/// begin with (`--game N`, `--deal DEAL`; `--strict` is the run's, not the
/// beginning's), in a session `interactive` or not.
fn options(words: &[&str], interactive: bool) -> BeginWith {
    use crate::app::render::replies::Instead;
    let mut choice = DealChoice::default();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        match *word {
            "--game" => choice.game = Some(words.next().unwrap().parse().unwrap()),
            "--deal" => choice.deal = Some(words.next().unwrap().to_string()),
            "--strict" => {}
            other => panic!("no such option here: {other}"),
        }
    }
    let instead = match (choice.game, &choice.deal) {
        (Some(n), _) => Instead::Game(n.get()),
        (None, Some(_)) => Instead::GivenDeal,
        (None, None) => Instead::NewGame,
    };
    let rules = Rules::default();
    let asked = Asked { resume: false, offer: interactive, instead, rules, screen_reader: false };
    let scoring = crate::engine::scoring::Scoring::Standard;
    BeginWith { choice, rules, scoring, load: None, resume: false, winnable: false, autoplay: false, asked }
}

/// Begins the session `words` ask for in `world` (a script, not interactive).
fn begun(world: Memory, words: &[&str]) -> ReadySession<Memory> {
    begin(world, &options(words, false), script(), KEEPS_ALL, &mut Vec::new()).unwrap().expect("a session")
}

#[test]
fn a_scripted_session_runs_from_its_options_to_its_end_in_memory() {
    let ReadySession { mut session, skipped } = begun(Memory::default(), &["--game", "5", "--strict"]);
    assert_eq!((session.number().map(GameNumber::get), skipped.is_none()), (Some(5), true));
    let mut out = Vec::new();
    let mut lines = crate::app::lines::PlainLines::new(&b"d\nxyzzy\nd\n"[..]);
    assert_eq!(session.run(&mut lines, &mut out, None, false, true).unwrap(), SessionEnd::Rejected);
    assert_eq!(session.play().game().moves_made(), 1, "nothing after the rejected line runs");
    let warnings = &session.world().warnings;
    assert!(warnings.iter().any(|w| w == "--strict: stopped at the rejected command 'xyzzy'"), "{warnings:?}");
    // Without --strict every line runs, to the end of the input.
    let ReadySession { mut session, .. } = begun(Memory::default(), &["--game", "5"]);
    let mut lines = crate::app::lines::PlainLines::new(&b"d\nxyzzy\nd\n"[..]);
    assert_eq!(session.run(&mut lines, &mut Vec::new(), None, false, false).unwrap(), SessionEnd::Normally);
    assert_eq!(session.play().game().moves_made(), 2);
    // The game ended unfinished: saved for resuming, not counted.
    assert!(session.world().autosave.is_some() && session.world().counts.is_empty());
}

#[test]
fn a_session_begins_on_the_deal_named_or_a_random_one_or_ends_at_the_offer() {
    let custom = begun(Memory::default(), &["--deal", EASY]);
    assert_eq!(custom.session.number(), None);
    let random = begun(Memory { games: vec![77], ..Memory::default() }, &[]);
    assert_eq!(random.session.number().map(GameNumber::get), Some(77));
    let bad = begin(Memory::default(), &options(&["--deal", "AS"], false), script(), KEEPS_ALL, &mut Vec::new());
    assert!(matches!(bad, Err(BeginError::Choice(ChoiceError::BadDeal(_)))), "{:?}", bad.err());
    // At a terminal the saved game is offered; `q` ends the program.
    let mut out = Vec::new();
    let quit = begin(with_saved(vec!["q"]), &options(&[], true), script(), KEEPS_ALL, &mut out).unwrap();
    assert!(quit.is_none());
    assert_eq!(String::from_utf8(out).unwrap().trim(), crate::app::render::replies::SAVED_GAME_KEPT);
    // Declined: the saved game counts as lost, and the new game is dealt.
    let declined = begun_at_terminal(with_saved(vec!["n"]));
    assert_eq!(declined.session.world().counts.len(), 1);
}

/// Begins the default session at a terminal in `world`.
fn begun_at_terminal(world: Memory) -> ReadySession<Memory> {
    begin(world, &options(&[], true), script(), KEEPS_ALL, &mut Vec::new()).unwrap().expect("a session")
}

/// `autoplay on` plays the safe cards there are now and after every move,
/// says so after the table and asks the world to keep the choice;
/// `autoplay off` stops it; `autoplay` alone says which; anything else is
/// refused in one line and changes nothing.
#[test]
fn autoplay_is_turned_on_and_off_at_the_prompt_and_kept() {
    let mut s = session(game(3), script(), KEEPS_ALL, Memory::default());
    let (text, _) = feed(&mut s, &["autoplay"]);
    assert!(text.ends_with("> autoplay\nAutoplay is off.\n"), "{text}");
    // Game 3 has the ace of spades and the ace of diamonds on top.
    let (text, _) = feed(&mut s, &["autoplay on"]);
    assert_eq!(s.play().game().moves_made(), 2, "{text}");
    assert!(s.play().autoplay());
    assert!(
        text.contains("Foundations: C --  D AD  H --  S AS")
            && text.ends_with(
                "Autoplay on: safe cards go to the foundations after every move, from now and in later sessions.\n"
            ),
        "{text}"
    );
    let (text, _) = feed(&mut s, &["autoplay maybe", "autoplay on off"]);
    assert!(text.contains("error: 'maybe' is not on or off: type autoplay on, or autoplay off\n"), "{text}");
    assert!(text.contains("error: too many words for 'autoplay'"), "{text}");
    let (text, _) = feed(&mut s, &["autoplay off", "autoplay"]);
    assert!(text.contains("> autoplay off\nAutoplay off, from now and in later sessions.\n"), "{text}");
    assert!(text.ends_with("Autoplay is off.\n") && !s.play().autoplay(), "{text}");
    assert_eq!(s.world().autoplay_kept, [true, false]);
}

/// In screen-reader mode, `autoplay on` says the setting and then what it
/// played, in one sentence.
#[test]
fn autoplay_on_is_said_with_what_it_played() {
    let view = View { screen_reader: true, layout: Layout::List, echo: false, ..script() };
    let mut s = session(game(3), view, KEEPS_ALL, Memory::default());
    let (text, _) = feed(&mut s, &["autoplay on"]);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("Autoplay on: safe cards go to the foundations after every move, from now and in later sessions. AS and AD to their foundations;"), "{text}");
}

/// After a win, `moves` and `moves all` say the game is won, not "0 useful
/// moves:" with nothing after it.
#[test]
fn moves_after_a_win_say_the_game_is_won() {
    let mut s = session(easy(), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &easy_win());
    let (text, _) = feed(&mut s, &["moves", "moves all"]);
    assert_eq!(text.matches("The game is won: there are no moves left to make.\n").count(), 2, "{text}");
    let (text, _) = feed(&mut s, &["auto"]);
    assert!(text.ends_with("> auto\nThe game is won: every card is on its foundation.\n"), "{text}");
    assert!(!text.contains("0 useful"), "{text}");
}

/// `auto` with nothing to put up answers so, as a query would: it is no
/// error (a strict script goes on).
#[test]
fn auto_with_nothing_to_do_is_an_answer_not_an_error() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    let (text, next) = feed(&mut s, &["auto", "auto"]);
    assert!(text.ends_with("> auto\nNo card is safe to put on its foundation now.\n"), "{text}");
    assert_eq!(next, Next::Continue);
    assert!(!text.contains("error"), "{text}");
}

/// A line of nothing but arrow keys (screen-reader mode and `TERM=dumb`
/// read plain lines) is answered, not ignored nor called an unknown
/// command; a line with keys amid a command is refused whole.
#[test]
fn a_line_of_arrow_keys_is_answered() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    let (text, _) = feed(&mut s, &["\u{1b}[A"]);
    // The transcript shows what came (helper report: an empty `> ` line).
    assert!(text.starts_with("> <escape>[A\n"), "{text}");
    assert!(
        text.ends_with(
            "error: arrow and editing keys do not work at this prompt: type the whole command, then Enter\n"
        ),
        "{text}"
    );
    // Keys amid a command did not do what was meant (Left, Backspace, 1
    // after `t 7 6`): the whole line is refused, nothing moves.
    let (text, _) = feed(&mut s, &["t 7 6\u{1b}[D\u{7f}1", "d\u{1b}[D"]);
    assert_eq!(text.matches("error: arrow and editing keys do not work").count(), 2, "{text}");
    assert_eq!(s.play().game().moves_made(), 0);
}

/// Game `number` in draw 1 with one pass, for the reviews: game 1 can be
/// won, game 2 never (the census's verdicts, and the solver's below).
fn one_pass(number: u128) -> Play {
    let rules = Rules { passes: crate::engine::rules::PassLimit::Limited(1), ..Rules::default() };
    let n = GameNumber::new(number).unwrap();
    Play::new(Deal::for_number(n), Origin::Number(n), rules, Scoring::Standard, false)
}

/// The real solver's verdict on `play`'s position after its first `moves` moves.
fn verdict_after(play: &Play, moves: usize) -> Verdict {
    let mut position = Position::new(play.deal());
    for played in &play.game().history()[..moves] {
        position.play(played.mv, play.rules()).unwrap();
    }
    let budget = Budget::states(review::REVIEW_STATES);
    crate::engine::solver::solve_with(&position, play.rules(), &budget, crate::engine::solver::LineEffort::Quick)
        .verdict
}

#[test]
fn review_names_the_move_that_lost_the_game_and_one_that_would_have_kept_it() {
    let world = Memory { real_solver: true, ..Memory::default() };
    let mut s = session(one_pass(1), script(), KEEPS_ALL, world);
    // Drawing through the whole stock with one pass, playing nothing.
    feed(&mut s, &["d"; 24]);
    let (text, _) = feed(&mut s, &["review"]);
    let reply = text.strip_prefix("> review\n").unwrap();
    let lost = reply.strip_prefix("Lost at move ").unwrap_or_else(|| panic!("{reply}"));
    let (number, rest) = lost.split_once(": ").unwrap();
    let number: usize = number.parse().unwrap();
    // The move named is the game's move of that number, and the solver
    // proves the game winnable before it and lost after it.
    let played = &s.play().game().history()[number - 1];
    assert!(rest.starts_with(&format!("{}, ", played.mv)), "{reply}");
    assert!(matches!(verdict_after(s.play(), number - 1), Verdict::Winnable(_)), "{reply}");
    assert_eq!(verdict_after(s.play(), number), Verdict::Unwinnable, "{reply}");
    assert!(reply.contains(&format!("After move {} the game could still be won: ", number - 1)), "{reply}");
    // The move that would have kept it winnable keeps it so.
    let instead = reply.split("could still be won: ").nth(1).and_then(|r| r.split(", ").next()).unwrap();
    let mut position = Position::new(s.play().deal());
    for played in &s.play().game().history()[..number - 1] {
        position.play(played.mv, s.play().rules()).unwrap();
    }
    let chosen = crate::engine::game::legal_moves(&position, s.play().rules())
        .into_iter()
        .find(|m| m.to_string() == instead)
        .unwrap_or_else(|| panic!("{instead} is no legal move there: {reply}"));
    position.play(chosen, s.play().rules()).unwrap();
    let budget = Budget::states(review::REVIEW_STATES);
    let after = crate::engine::solver::solve_with(
        &position,
        s.play().rules(),
        &budget,
        crate::engine::solver::LineEffort::Quick,
    );
    assert!(matches!(after.verdict, Verdict::Winnable(_)), "{reply}");
    // Undo as many times as it says, and the game can be won again.
    let undos = 25 - number;
    assert!(reply.ends_with(&format!("To go back there, type u {undos} times.\n")), "{reply}");
    feed(&mut s, &vec!["u"; undos]);
    let (text, _) = feed(&mut s, &["review"]);
    assert_eq!(text, "> review\nNot lost: the game can still be won from here.\n");
}

#[test]
fn review_says_when_the_deal_itself_could_never_be_won() {
    let world = Memory { real_solver: true, ..Memory::default() };
    let mut s = session(one_pass(2), script(), KEEPS_ALL, world);
    feed(&mut s, &["d", "d", "d"]);
    let (text, _) = feed(&mut s, &["review"]);
    assert_eq!(
        text,
        "> review\nThis deal could never be won: the solver tried every line from the deal, so no move lost it.\n"
    );
    assert_eq!(verdict_after(s.play(), 0), Verdict::Unwinnable);
}

#[test]
fn review_of_a_won_game_says_it_was_won_and_asks_no_solver() {
    let mut s = session(easy(), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &easy_win());
    let (text, _) = feed(&mut s, &["review"]);
    assert_eq!(text, "> review\nThe game is won: nothing was lost.\n");
    assert_eq!(s.world().solved, 0);
}

#[test]
fn review_says_what_the_solver_could_not_decide_within_its_budget() {
    // The scripted solver decides nothing: not even the game as it is.
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    let (text, _) = feed(&mut s, &["d", "review"]);
    assert!(
        text.ends_with(
            "> review\nThe solver could not decide within 3 million states whether the game can still be won from here.\n"
        ),
        "{text}"
    );
    // A real solver with a tiny budget: what is known is said, and what is not.
    let found = review::review(
        &{
            let mut play = one_pass(1);
            for _ in 0..24 {
                play.apply(Action::Move(crate::app::command::MoveCommand::Draw), None).unwrap();
            }
            play
        },
        |position, rules, budget| {
            crate::engine::solver::solve_with(position, rules, &budget, crate::engine::solver::LineEffort::Quick)
                .verdict
        },
        || Budget::states(100),
    );
    let limit = review::Limit { states: 100, seconds: None };
    let said = said::review_text(&found, s.play().game(), &limit, &CardStyle::PLAIN, false, true);
    assert!(matches!(found, review::Review::Undecided { .. }), "{found:?}");
    assert!(said.contains("could not decide within 100 states"), "{said}");
}

#[test]
fn review_in_screen_reader_mode_is_one_short_plain_sentence() {
    let world = Memory { real_solver: true, ..Memory::default() };
    let spoken = View { screen_reader: true, layout: Layout::List, style: CardStyle::WORDS, ..script() };
    let mut s = session(one_pass(1), spoken, KEEPS_ALL, world);
    feed(&mut s, &["d"; 24]);
    let (text, _) = feed(&mut s, &["review"]);
    let reply = text.strip_prefix("> review\n").unwrap();
    assert_eq!(reply.lines().count(), 1, "{reply}");
    let reply = reply.trim_end();
    assert!(reply.starts_with("Move ") && reply.contains(" lost the game; "), "{reply}");
    assert!(reply.ends_with(" times to go back."), "{reply}");
    assert_eq!(reply.matches(". ").count(), 0, "one sentence: {reply}");
    assert!(reply.split_whitespace().count() <= 24, "{reply}");
    for symbol in ["(", ")", ":", "\"", "*", "#", "/", "-"] {
        assert!(!reply.contains(symbol), "{symbol} in {reply}");
    }
}

#[test]
fn review_judges_only_the_positions_the_player_left_under_autoplay() {
    let world = Memory { real_solver: true, ..Memory::default() };
    let mut play = one_pass(1);
    play = Play::new(play.deal().clone(), play.origin(), *play.rules(), Scoring::Standard, true);
    let mut s = session(play, script(), KEEPS_ALL, world);
    s.autoplay_now();
    feed(&mut s, &["d"; 24]);
    let (text, _) = feed(&mut s, &["review"]);
    let reply = text.strip_prefix("> review\n").unwrap();
    let lost = reply.strip_prefix("Lost at move ").unwrap_or_else(|| panic!("{reply}"));
    let number: usize = lost.split_once(':').unwrap().0.parse().unwrap();
    // The move named is the player's, never autoplay's.
    assert_eq!(s.play().movers()[number - 1], crate::app::play::Mover::Player, "{reply}");
    assert!(matches!(verdict_after(s.play(), number - 1), Verdict::Winnable(_)), "{reply}");
}

#[test]
fn a_game_found_lost_offers_the_review() {
    let world = Memory { verdict: Some(Verdict::Unwinnable), ..Memory::default() };
    let mut s = session(game(1), script(), KEEPS_ALL, world);
    let (text, _) = feed(&mut s, &["d", "hint", "solve"]);
    assert_eq!(text.matches("type review to see where it was lost").count(), 1, "{text}");
    assert!(text.contains(said::REVIEW_OFFER), "{text}");
}

#[test]
fn review_in_json_is_the_state_with_the_review_as_its_message() {
    let world = Memory { real_solver: true, ..Memory::default() };
    let mut s = session(one_pass(2), View { json: true, ..script() }, KEEPS_ALL, world);
    let (text, _) = feed(&mut s, &["d", "review"]);
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["command"], "review");
    assert_eq!(last["ok"], true);
    assert_eq!(last["moves"], 1, "a question changes nothing");
    let message = last["message"].as_str().unwrap();
    assert!(message.starts_with("This deal could never be won"), "{message}");
}

/// At a terminal too narrow for the column picture's widest line (a marked
/// ten on the last foundation), the table is shown as rows instead; at
/// that width, as columns.
#[test]
fn a_terminal_narrower_than_the_picture_gets_the_rows() {
    let at = |width: usize| {
        let view = View { layout: Layout::Columns, wrap: true, ..script() };
        let mut s = session(game(1), view, KEEPS_ALL, Memory { width: Some(width), ..Memory::default() });
        feed(&mut s, &["table"]).0
    };
    let narrow = at(crate::app::render::columns::NARROWEST - 1);
    assert!(narrow.contains("Pile 1:") && !narrow.contains(" 1    2    3"), "{narrow}");
    let enough = at(crate::app::render::columns::NARROWEST);
    assert!(enough.contains(" 1    2    3") && !enough.contains("Pile 1:"), "{enough}");
    assert_eq!(crate::app::render::columns::NARROWEST, 60);
}

/// `repeat` before any command says the opening again (a screen-reader
/// user who missed it hears the deal again).
#[test]
fn repeat_before_any_command_says_the_opening_again() {
    let view = View { screen_reader: true, ..script() };
    let mut s = session(game(1), view, KEEPS_ALL, Memory::default());
    let mut out = Vec::new();
    s.start(&mut out).unwrap();
    let opening = String::from_utf8(out).unwrap();
    assert!(!opening.is_empty());
    let (text, next) = feed(&mut s, &["repeat"]);
    assert_eq!(next, Next::Continue, "{text}");
    assert!(text.contains(opening.trim_end()), "{opening:?} then {text:?}");
}

/// `stats` is a table where the terminal holds its rows, and sentences
/// where it is too narrow for them (wrapped, the table's rows fell apart).
#[test]
fn stats_on_a_narrow_terminal_are_sentences() {
    let at = |width: usize| {
        let view = View { layout: Layout::Columns, wrap: true, ..script() };
        let mut s = session(game(1), view, KEEPS_ALL, Memory { width: Some(width), ..Memory::default() });
        feed(&mut s, &["d", "new 2"]);
        let stats = s.world_mut().statistics().unwrap();
        (feed(&mut s, &["stats"]).0, stats)
    };
    let (wide, stats) = at(200);
    let table = crate::app::render::stats_text::statistics_table(&stats);
    let widest = table.lines().map(textwrap::core::display_width).max().unwrap();
    assert!(wide.contains(table.trim_end()), "{wide}");
    let (narrow, _) = at(widest - 1);
    let sentences = crate::app::render::stats_text::statistics(&stats);
    assert!(!narrow.contains(table.lines().next().unwrap()), "{narrow}");
    let squash = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squash(&narrow).contains(&squash(&sentences)), "{narrow}");
    let (fits, _) = at(widest);
    assert!(fits.contains(table.trim_end()), "{fits}");
}

/// `--load` of an earlier copy of the saved game (saved before moves made
/// since): at a terminal it asks first (yes loads it, no resumes the game
/// as it was left, q quits with it kept); in a script it loads it and says
/// the moves made since are gone. A copy of the game as it is asks nothing.
#[test]
fn loading_an_earlier_copy_of_the_saved_game_asks_first() {
    let mut s = session(game(1), script(), KEEPS_ALL, Memory::default());
    feed(&mut s, &["d"]);
    let earlier = s.world().autosave.clone().expect("saved after a move");
    feed(&mut s, &["d", "d"]);
    let now = s.world().autosave.clone().expect("saved after a move");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.json");
    let load = |answers: Vec<&'static str>, interactive: bool| {
        let mut args = options(&[], interactive);
        args.load = Some(path.clone());
        let world = Memory { autosave: Some(now.clone()), answers, ..Memory::default() };
        let mut out = Vec::new();
        let begun = begin(world, &args, script(), KEEPS_ALL, &mut out).unwrap();
        (begun, String::from_utf8(out).unwrap())
    };
    std::fs::write(&path, serde_json::to_string(&earlier).unwrap()).unwrap();
    let (yes, _) = load(vec!["maybe", "y"], true);
    let yes = yes.expect("a session");
    assert_eq!(yes.session.play().game().moves_made(), 1);
    let asked = &yes.session.world().asked;
    assert_eq!(asked.len(), 2, "asked again after an answer that is not one: {asked:?}");
    assert!(asked[0].contains("holds the game you left as it was saved: the moves made since would be lost"));
    let (no, _) = load(vec!["n"], true);
    assert_eq!(no.expect("a session").session.play().game().moves_made(), 3);
    let (quit, out) = load(vec!["q"], true);
    assert!(quit.is_none());
    assert_eq!(out.trim(), crate::app::render::replies::SAVED_GAME_KEPT);
    let (scripted, _) = load(vec![], false);
    let scripted = scripted.expect("a session");
    assert_eq!(scripted.session.play().game().moves_made(), 1);
    let warnings = &scripted.session.world().warnings;
    assert!(warnings.iter().any(|w| w.ends_with("the moves made since are gone")), "{warnings:?}");
    std::fs::write(&path, serde_json::to_string(&now).unwrap()).unwrap();
    let (same, _) = load(vec![], true);
    let same = same.expect("a session");
    assert_eq!((same.session.play().game().moves_made(), same.session.world().asked.len()), (3, 0));
}
