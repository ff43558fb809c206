//! From the command line to a session's first game, and the session run
//! to its end: the deal or saved game the options name, the autosave
//! claimed, offered and retired ([`super::start`]), the game dealt, then
//! each line of a [`LineSource`] fed to the session until it ends (or,
//! under `--strict`, a command is rejected). The binary only picks the
//! world, the view and the line source.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{
    claim_autosave, first_winnable, offer_saved, retire_autosave, Asked, CannotResume, Input, Next, OfferOutcome,
    Persistence, Saved, Session, Start, StartError, View, World,
};
use crate::app::flow::{Passed, WinnableError};
use crate::app::play::{Origin, Play};
use crate::app::record::{GameId, GameRecord, RecordError, Replayed};
use crate::app::render::replies as said;
use crate::app::store::{self, StoreError};
use crate::engine::deal::{Deal, DealError, GameNumber};
use crate::engine::rules::Rules;
use crate::engine::scoring::Scoring;

/// Which deal a game starts from, as the command line names it: an
/// explicit deal, a game number, or neither (a random game number).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealChoice {
    /// `--game N`.
    pub game: Option<GameNumber>,
    /// `--deal DEAL`: 52 card codes, or `@FILE` to read them from a file.
    pub deal: Option<String>,
}

/// What a session is asked to begin with: the play options of the command
/// line, as the front end read them.
#[derive(Clone, Debug)]
pub struct BeginWith {
    /// The deal named (for a new game).
    pub choice: DealChoice,
    /// The rules of a new game.
    pub rules: Rules,
    /// The scoring of a new game.
    pub scoring: Scoring,
    /// `--load FILE`: play the saved game in FILE.
    pub load: Option<PathBuf>,
    /// `--resume`: play the autosaved game without asking.
    pub resume: bool,
    /// `--winnable`: deal the first game proved winnable from the one named.
    pub winnable: bool,
    /// `--autoplay`: safe cards go to the foundations by themselves.
    pub autoplay: bool,
    /// What is asked of the autosaved game, and how.
    pub asked: Asked,
}

/// Why the deal or the saved game the options name cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum ChoiceError {
    /// The deal file (`--deal @FILE`) cannot be read.
    #[error(transparent)]
    DealFile(StoreError),
    /// The deal given is not one (`--deal`).
    #[error("bad deal")]
    BadDeal(#[source] DealError),
    /// The game number has no deal.
    #[error("bad game number")]
    BadNumber(#[source] DealError),
    /// The saved game `--load` names is not there.
    #[error("there is no saved game {}", .0.display())]
    NoSavedGame(PathBuf),
    /// The saved game cannot be read.
    #[error("{}", not_loaded(.0))]
    NotLoaded(StoreError),
    /// The saved game does not replay.
    #[error("cannot load {}", path.display())]
    Replay {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        error: RecordError,
    },
}

/// Why `load` (or `--load`) could not read a saved game: the store's
/// message, but for a file from a newer version, which is not read (and
/// so not updated either, as the store's message for a save says).
pub fn not_loaded(error: &StoreError) -> String {
    match error {
        StoreError::NewerVersion { path, found, supported } => format!(
            "{} was written by a newer klondike (format version {found}; this one reads up to {supported}), so this version cannot read it; it is left as it is",
            path.display()
        ),
        other => other.to_string(),
    }
}

/// The deal `choice` names (`--deal`, or `--game`, or a game number drawn
/// with `random` when neither is given), and where it came from.
///
/// # Errors
/// [`ChoiceError::DealFile`], [`ChoiceError::BadDeal`] or [`ChoiceError::BadNumber`].
pub fn choose_deal(choice: &DealChoice, random: impl FnOnce() -> GameNumber) -> Result<(Deal, Origin), ChoiceError> {
    if let Some(text) = &choice.deal {
        let text = match text.strip_prefix('@') {
            Some(path) => {
                store::read_text_file(Path::new(path), store::TextFile::Deal).map_err(ChoiceError::DealFile)?
            }
            None => text.clone(),
        };
        let deal = text.parse::<Deal>().map_err(ChoiceError::BadDeal)?;
        return Ok((deal, Origin::Custom));
    }
    let number = choice.game.unwrap_or_else(random);
    Ok((Deal::for_number(number), Origin::Number(number)))
}

/// The saved game in the file `path` (`--load FILE`), replayed.
///
/// # Errors
/// [`ChoiceError::NoSavedGame`], [`ChoiceError::NotLoaded`] or [`ChoiceError::Replay`].
pub fn read_saved(path: &Path) -> Result<Replayed, ChoiceError> {
    read_saved_game(path).map(|(replayed, _)| replayed)
}

/// [`read_saved`], with the game's id.
fn read_saved_game(path: &Path) -> Result<(Replayed, GameId), ChoiceError> {
    let record = match store::read_json::<GameRecord>(path, store::IfCorrupt::LeaveNamed) {
        Ok(Some(r)) => r,
        Ok(None) => {
            return Err(match store::leads_nowhere(path) {
                Some(e) => ChoiceError::NotLoaded(e),
                None => ChoiceError::NoSavedGame(path.to_path_buf()),
            })
        }
        Err(e) => return Err(ChoiceError::NotLoaded(e)),
    };
    let replayed = record.replay().map_err(|error| ChoiceError::Replay { path: path.to_path_buf(), error })?;
    Ok((replayed, record.identity()))
}

/// Why a session cannot begin (the program ends with status 1).
#[derive(Debug, thiserror::Error)]
pub enum BeginError {
    /// The deal or saved game named cannot be had.
    #[error(transparent)]
    Choice(#[from] ChoiceError),
    /// `--resume` cannot be done, and why (boxed: a result stays small).
    #[error("{0}")]
    Refused(Box<CannotResume>),
    /// `--winnable` found no winnable deal.
    #[error("{0}")]
    Winnable(WinnableError),
    /// The question to resume could not be asked or answered.
    #[error(transparent)]
    Io(io::Error),
}

impl From<StartError> for BeginError {
    fn from(e: StartError) -> BeginError {
        match e {
            StartError::Refused(why) => BeginError::Refused(why),
            StartError::Io(e) => BeginError::Io(e),
        }
    }
}

/// A session ready for its first line.
pub struct ReadySession<W: World> {
    /// The session, on its first game.
    pub session: Session<W>,
    /// Under `--winnable`: the deal numbers passed over to find it.
    pub skipped: Option<Passed>,
}

/// The session `args` ask for in `world`: the saved game `--load` names,
/// or the autosave offered as `args.asked` says (what `q` says goes to
/// `out`), or a new game (under `--winnable`, the first winnable deal from
/// the one named). `None` when the player ended the program at the offer.
///
/// # Errors
/// See [`BeginError`]; nothing has been written then.
pub fn begin<W: World>(
    mut world: W,
    args: &BeginWith,
    view: View,
    mut persistence: Persistence,
    out: &mut impl Write,
) -> Result<Option<ReadySession<W>>, BeginError> {
    let rules = args.rules;
    let in_use = claim_autosave(&mut world, &mut persistence, args.resume)?;
    let saved = match &args.load {
        Some(path) => match load_saved(&mut world, args, path, &persistence, out)? {
            Some(saved) => Some(saved),
            None => return Ok(None),
        },
        None => match offer_saved(&mut world, &args.asked, in_use, out)? {
            OfferOutcome::Nothing => None,
            OfferOutcome::Saved(saved) => Some(*saved),
            OfferOutcome::NewerAutosave => {
                persistence.autosave = false;
                None
            }
            OfferOutcome::Quit => return Ok(None),
        },
    };
    let mut skipped = None;
    let (play, start) = match saved {
        Some(Saved { replayed, start }) => (Play::from_replayed(replayed, args.autoplay), start),
        None => {
            let (deal, origin) = if args.winnable {
                let first = args.choice.game.unwrap_or_else(|| world.random_game());
                let winnable = first_winnable(&mut world, first, &rules).map_err(BeginError::Winnable)?;
                skipped = Some(winnable.passed);
                (winnable.deal, Origin::Number(winnable.number))
            } else {
                choose_deal(&args.choice, || world.random_game())?
            };
            (Play::new(deal, origin, rules, args.scoring, args.autoplay), Start::Dealt)
        }
    };
    // Only once the new game is known to be good (a bad deal ends the
    // program before this): the saved game it replaces is settled.
    if persistence.autosave && !matches!(start, Start::Resumed { .. }) {
        persistence.autosave = retire_autosave(&mut world, persistence.stats);
    }
    let session = Session::new(play, start, view, persistence, args.winnable, world);
    Ok(Some(ReadySession { session, skipped }))
}

/// The saved game `--load` names, and how the session starts on it: the
/// game saved in the data folder goes on when the file is a copy of it
/// (asking first, at a terminal, when loading it loses moves made since);
/// any other is a new game from its position. `None` when the player quit
/// at the question.
///
/// # Errors
/// [`BeginError::Choice`] for a file that cannot be loaded;
/// [`BeginError::Io`] when the question cannot be asked.
fn load_saved(
    world: &mut impl World,
    args: &BeginWith,
    path: &Path,
    persistence: &Persistence,
    out: &mut impl Write,
) -> Result<Option<Saved>, BeginError> {
    let (replayed, id) = read_saved_game(path)?;
    // The game saved in the data folder itself (that file, or a copy
    // of it made with `save`): the same game goes on under its own
    // id, and the session keeps its saved copy, instead of counting
    // it as lost and starting it again as a new game. A copy of
    // another deal, rules or scoring, though it has the id (edited
    // by hand), is another game; so is a copy saved before any move
    // of a game played since, which would be saved again as a game
    // never played, and never counted.
    // Read only where this session keeps the saved game: another
    // session's is not even read (see `offer_saved`).
    let autosaved = if persistence.autosave { world.folder().read_autosave().ok().flatten() } else { None };
    let same = autosaved.filter(|saved| saved.identity() == id && !world.folder().was_counted(&id)).and_then(|saved| {
        saved.replay().ok().filter(|s| {
            s.deal == replayed.deal
                && s.game.rules() == replayed.game.rules()
                && s.scoring == replayed.scoring
                && (!Play::was_played(s) || Play::was_played(&replayed))
        })
    });
    let Some(now) = same else {
        let elapsed = replayed.elapsed_seconds;
        return Ok(Some(Saved { start: Start::Loaded { elapsed }, replayed }));
    };
    // A copy that is not the saved game as it is now (saved before
    // the moves made since, or after moves since undone): loading it
    // loses those moves, which the player is asked about at a
    // terminal, as `load` asks at the prompt, and told in a script.
    let as_now = now.game.history() == replayed.game.history() && now.game.redo_moves() == replayed.game.redo_moves();
    let file = path.display().to_string();
    let kept = if as_now {
        replayed
    } else if args.asked.offer {
        match ask_to_load_earlier(world, &file, args.asked.screen_reader, out)? {
            Some(true) => replayed,
            Some(false) => now,
            None => return Ok(None),
        }
    } else {
        world.warn(&said::earlier_copy_loaded(&file));
        replayed
    };
    Ok(Some(Saved { start: Start::Resumed { elapsed: kept.elapsed_seconds, id }, replayed: kept }))
}

/// Asks through `world` whether to load `file`, a copy of the saved game
/// from before moves made since, until it is answered: `Some(true)` to
/// load it, `Some(false)` to play on the saved game as it is, `None` to
/// quit (the saved game kept; said on `out`).
///
/// # Errors
/// The I/O error of asking.
fn ask_to_load_earlier(
    world: &mut impl World,
    file: &str,
    screen_reader: bool,
    out: &mut impl Write,
) -> Result<Option<bool>, BeginError> {
    let mut question = said::load_earlier_question(file, screen_reader);
    loop {
        let Some(text) = world.ask(&question).map_err(BeginError::Io)? else {
            writeln!(out, "\n{}", said::SAVED_GAME_KEPT).map_err(BeginError::Io)?;
            return Ok(None);
        };
        match text.trim().to_lowercase().as_str() {
            "y" | "yes" => return Ok(Some(true)),
            "n" | "no" => return Ok(Some(false)),
            "q" | "quit" => {
                writeln!(out, "{}", said::SAVED_GAME_KEPT).map_err(BeginError::Io)?;
                return Ok(None);
            }
            _ => question = said::load_earlier_again(screen_reader),
        }
    }
}

/// A source of command lines: standard input, the line editor, or lines
/// in memory.
pub trait LineSource {
    /// The next line.
    ///
    /// # Errors
    /// An I/O error reading the input.
    fn next_line(&mut self) -> io::Result<Input>;

    /// Called once at the end of the session (saves history, for instance).
    fn finish(&mut self) {}
}

impl<R: io::BufRead> LineSource for crate::app::lines::PlainLines<R> {
    fn next_line(&mut self) -> io::Result<Input> {
        crate::app::lines::PlainLines::next_line(self)
    }
}

/// How a session run by [`Session::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// The player quit, or the input ended.
    Normally,
    /// Under `--strict`, a command was rejected (said on the world's
    /// diagnostics): exit status 3.
    Rejected,
}

/// Why [`Session::run`] stopped short.
#[derive(Debug)]
pub enum RunError {
    /// The input could not be read.
    Read(io::Error),
    /// The output could not be written.
    Write(io::Error),
}

impl<W: World> Session<W> {
    /// Opens the session on `out` (`skipped`: see [`ReadySession`]; `welcome`: the
    /// interactive welcome), then feeds it each line of `source` until the
    /// player quits or the input ends, or, with `strict`, until a command
    /// is rejected. The game is saved or counted at the end as
    /// [`Session::end`] does.
    ///
    /// # Errors
    /// [`RunError`]; the game is then left as the last line left it.
    pub fn run(
        &mut self,
        source: &mut dyn LineSource,
        out: &mut dyn Write,
        skipped: Option<Passed>,
        welcome: bool,
        strict: bool,
    ) -> Result<SessionEnd, RunError> {
        self.open(out, skipped, welcome).map_err(RunError::Write)?;
        loop {
            out.flush().map_err(RunError::Write)?;
            let input = source.next_line().map_err(RunError::Read)?;
            match self.feed(input, out).map_err(RunError::Write)? {
                Next::Continue => {}
                Next::Quit | Next::SessionEnd => break,
                Next::Rejected if strict => {
                    out.flush().map_err(RunError::Write)?;
                    let said = crate::app::render::replies::strict_stopped(self.last_line());
                    self.world_mut().warn(&said);
                    self.end();
                    out.flush().map_err(RunError::Write)?;
                    return Ok(SessionEnd::Rejected);
                }
                Next::Rejected => {}
            }
        }
        source.finish();
        self.end();
        out.flush().map_err(RunError::Write)?;
        Ok(SessionEnd::Normally)
    }
}
