//! The start of a session, before its first line: whether the saved game
//! (the autosave) is offered, what each answer to the offer does, and what
//! becomes of a saved game that a new one replaces. The files are reached
//! through the [`World`]; only the decisions are here.
//!
//! - A saved game whose game the statistics already counted (a session was
//!   killed between counting it and removing it) is removed, never offered.
//! - Declined, the saved game counts as lost and is removed; one that
//!   cannot be counted stays saved.
//! - A saved game that cannot be read is reported and kept (a corrupt one
//!   was moved aside by the store, a folder that cannot be read is said
//!   once); one from a newer klondike is kept, and the session does not
//!   save its game.

use std::io::{self, Write};

use crate::app::record::{GameRecord, Replayed};
use crate::app::render::replies::{self as said, Instead};
use crate::app::render::screen::Layout;
use crate::app::render::words::{CardNames, CardStyle, SuitStyle};
use crate::app::store::StoreError;
use crate::engine::rules::Rules;

use super::{count_record_as_lost, count_record_as_won, Start, View, World};

/// What the command line asked of the saved game.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// `--resume`: resume the saved game without asking, or fail.
    pub resume: bool,
    /// Offer the saved game: at a terminal (unless `--no-resume`), or with
    /// `--resume`.
    pub offer: bool,
    /// What starts when the offer is declined (said in the question).
    pub instead: Instead,
    /// The rules asked for: the question names the saved game's own where
    /// they differ.
    pub rules: Rules,
    /// The question is worded for a screen reader.
    pub screen_reader: bool,
}

/// A saved game to start from, and how the session starts on it.
#[derive(Debug)]
pub struct Saved {
    /// The saved game, replayed.
    pub replayed: Replayed,
    /// The autosave resumed with its own id ([`Start::Resumed`]); a file
    /// loaded with `--load` a new game from that position ([`Start::Loaded`]).
    pub start: Start,
}

/// How the offer of the saved game ended.
#[derive(Debug)]
pub enum OfferOutcome {
    /// No saved game to start from: a new game is dealt.
    Nothing,
    /// The saved game, resumed (boxed: a replayed game is large).
    Saved(Box<Saved>),
    /// The saved game is from a newer klondike (said): a new game is
    /// dealt, and the session does not save its game.
    NewerAutosave,
    /// The player ended the program at the offer (end of input or `q`):
    /// everything is left as it was.
    Quit,
}

/// Why a session cannot start (the program ends with status 1).
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// `--resume` cannot be done, and why (boxed: a result stays small).
    #[error("{0}")]
    Refused(Box<CannotResume>),
    /// The question could not be asked or answered.
    #[error("{0}")]
    Io(#[source] io::Error),
}

/// Why `--resume` cannot be done ([`StartError::Refused`]).
#[derive(Debug, thiserror::Error)]
pub enum CannotResume {
    /// Another session holds the saved game.
    #[error("the saved game is open in another klondike session")]
    InUse,
    /// There is no saved game.
    #[error("there is no saved game to resume")]
    NoSavedGame,
    /// The saved game cannot be read (the store's error).
    #[error("cannot resume: {0}")]
    Unreadable(StoreError),
    /// The saved game cannot be replayed; it was moved aside.
    #[error("cannot resume: the saved game {name} cannot be replayed ({error}); it was moved to {moved}")]
    Unplayable {
        /// The saved game's file, as the world names it.
        name: String,
        /// Why it cannot be replayed.
        error: crate::app::record::RecordError,
        /// Where it was moved (as the world names it; empty if it was not).
        moved: String,
    },
}

/// An answer to the offer to resume.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Yes,
    No,
    /// End of input or q: leave everything as it is and end the program.
    Quit,
}

/// What a typed answer to the offer means: an empty answer is yes; `None`
/// for anything that is not an answer (the question is asked again).
fn answer(text: &str) -> Option<Answer> {
    match text.trim().to_lowercase().as_str() {
        "" | "y" | "yes" => Some(Answer::Yes),
        "n" | "no" => Some(Answer::No),
        "q" | "quit" => Some(Answer::Quit),
        _ => None,
    }
}

/// Asks through `world` whether to resume `record` until it is answered;
/// what `q` says goes to `out`.
fn ask(world: &mut impl World, record: &GameRecord, asked: &Asked, out: &mut impl Write) -> io::Result<Answer> {
    // Its rules, where they are not the ones asked for: resuming plays it
    // under its own. What each answer does is said before it is given.
    let rules = record.rules().ok().filter(|r| *r != asked.rules);
    let mut question = said::resume_offer(
        record.game.as_deref(),
        rules.as_ref(),
        record.moves.len(),
        asked.instead,
        asked.screen_reader,
    );
    loop {
        let Some(text) = world.ask(&question)? else {
            // The end of input (Ctrl-D) says it as q does, on a line of its
            // own: the question's line is left unfinished.
            writeln!(out, "\n{}", said::SAVED_GAME_KEPT)?;
            return Ok(Answer::Quit);
        };
        match answer(&text) {
            Some(Answer::Quit) => {
                writeln!(out, "{}", said::SAVED_GAME_KEPT)?;
                return Ok(Answer::Quit);
            }
            Some(a) => return Ok(a),
            None => question = said::resume_again(asked.instead, asked.screen_reader),
        }
    }
}

/// The saved game to start from: with [`Asked::offer`], the autosave,
/// offered through [`World::ask`] (or taken without asking under
/// `--resume`). `in_use`: another session holds the autosave, so it is
/// not offered. See the module's notes for what each case does.
///
/// # Errors
/// Under `--resume`, a [`StartError::Refused`] when there is no saved
/// game, another session has it, or it cannot be read or replayed; a
/// [`StartError::Io`] when the question cannot be asked.
pub fn offer_saved(
    world: &mut impl World,
    asked: &Asked,
    in_use: bool,
    out: &mut impl Write,
) -> Result<OfferOutcome, StartError> {
    let refused = |why: CannotResume| Err(StartError::Refused(Box::new(why)));
    if !asked.offer {
        return Ok(OfferOutcome::Nothing);
    }
    // Nowhere to keep a saved game (no data folder): nothing to offer.
    let Some(name) = world.folder().autosave_name() else { return Ok(OfferOutcome::Nothing) };
    // Not even read: reading may move a corrupt file aside, and it is the
    // other session's.
    if in_use {
        if asked.resume {
            return refused(CannotResume::InUse);
        }
        return Ok(OfferOutcome::Nothing);
    }
    let record = match world.folder().read_autosave() {
        Ok(Some(r)) if world.folder().was_counted(&r.identity()) => {
            world.folder().remove_autosave();
            None
        }
        Ok(r) => r,
        Err(e) if asked.resume => return refused(CannotResume::Unreadable(e)),
        // The folder cannot be read: said once, as the folder's problem.
        Err(e @ StoreError::Io { .. }) => {
            world.folder().folder_problem(&e);
            return Ok(OfferOutcome::Nothing);
        }
        // Said here; the session then leaves it alone (see `retire_autosave`).
        Err(e @ StoreError::NewerVersion { .. }) => {
            world.warn(&said::not_saving_for(&e));
            return Ok(OfferOutcome::NewerAutosave);
        }
        Err(e) => {
            world.warn(&e.to_string());
            return Ok(OfferOutcome::Nothing);
        }
    };
    let Some(record) = record else {
        if asked.resume {
            return refused(CannotResume::NoSavedGame);
        }
        return Ok(OfferOutcome::Nothing);
    };
    // Replayed before it is offered: a game that cannot be resumed is not
    // offered (it is moved aside, and said).
    let replayed = match record.replay() {
        Ok(replayed) => replayed,
        Err(e) => {
            let moved = world.folder().move_autosave_aside().unwrap_or_default();
            if asked.resume {
                return refused(CannotResume::Unplayable { name, error: e, moved });
            }
            world.warn(&crate::app::render::refusals::saved_game_unplayable(&name, &e, &moved));
            return Ok(OfferOutcome::Nothing);
        }
    };
    // A win the statistics could not take when it was made: counted now,
    // never offered (nothing is left to play) nor counted as lost.
    if let Some((what, counted)) = count_record_as_won(world, &record, true) {
        world.warn(&said::saved_win_counted(&what, counted));
        if counted {
            world.folder().remove_autosave();
        }
        if asked.resume {
            return refused(CannotResume::NoSavedGame);
        }
        return Ok(OfferOutcome::Nothing);
    }
    let answer = if asked.resume { Answer::Yes } else { ask(world, &record, asked, out).map_err(StartError::Io)? };
    match answer {
        Answer::Quit => return Ok(OfferOutcome::Quit),
        Answer::No => {
            // Declined: the saved game is abandoned, and counts as lost
            // (first, so that a kill in between leaves a counted game, not
            // a lost one). One that cannot be counted stays saved.
            match count_record_as_lost(world, &record, true) {
                // Kept, and said when the new game starts (`retire_autosave`).
                Some((_, false)) => return Ok(OfferOutcome::Nothing),
                Some((what, true)) => world.warn(&said::saved_game_lost(&what)),
                None => {}
            }
            world.folder().remove_autosave();
            return Ok(OfferOutcome::Nothing);
        }
        Answer::Yes => {}
    }
    // The file stays: a session with autosave keeps it in step with the
    // game (and removes it when the game is over); one without leaves it.
    let start = Start::Resumed { elapsed: replayed.elapsed_seconds, id: record.identity() };
    Ok(OfferOutcome::Saved(Box::new(Saved { replayed, start })))
}

/// Before a session that will write the autosave starts a game of its own
/// (`stats`: it counts games): an unfinished game saved there is counted as
/// lost and removed, with one line saying so; one that cannot be counted is
/// kept, and the session does not save; one that cannot be read was moved
/// aside (and said so); one from a newer version is kept, and the session
/// does not save (one line). Returns whether the session may write the
/// autosave.
pub fn retire_autosave(world: &mut impl World, stats: bool) -> bool {
    match world.folder().read_autosave() {
        Ok(None) => true,
        Ok(Some(record)) => {
            if !world.folder().was_counted(&record.identity()) {
                // A saved win (see `offer_saved`) is counted as won.
                if let Some((what, counted)) = count_record_as_won(world, &record, stats) {
                    if stats && !counted {
                        world.warn(&said::saved_win_counted(&what, false));
                        return false;
                    }
                    if counted {
                        world.warn(&said::saved_win_counted(&what, true));
                    }
                    world.folder().remove_autosave();
                    return true;
                }
                match count_record_as_lost(world, &record, stats) {
                    Some((what, true)) => {
                        world.warn(&said::saved_game_replaced(&what, Some(true)));
                    }
                    Some((what, false)) if stats => {
                        world.warn(&said::saved_game_replaced(&what, Some(false)));
                        return false;
                    }
                    Some((what, false)) => world.warn(&said::saved_game_replaced(&what, None)),
                    None => {}
                }
            }
            world.folder().remove_autosave();
            true
        }
        Err(e @ StoreError::NewerVersion { .. }) => {
            world.warn(&said::not_saving_for(&e));
            false
        }
        Err(e @ StoreError::Corrupt { .. }) => {
            world.warn(&e.to_string());
            true
        }
        // Something that is not a file stands there (a folder, a FIFO, a
        // link that leads nowhere): it is not ours to replace.
        Err(e) => {
            world.folder().folder_problem(&e);
            false
        }
    }
}

/// What the command line asks of the session's [`View`](super::View);
/// `None` leaves it to the terminal ([`choose_view`] decides).
#[derive(Clone, Copy, Debug, Default)]
pub struct ViewAsked {
    /// `--json`: one JSON state per line.
    pub json: bool,
    /// Screen-reader mode (the flag, or its environment variable).
    pub screen_reader: bool,
    /// `--layout`.
    pub layout: Option<Layout>,
    /// `--cards`.
    pub names: Option<CardNames>,
    /// `--suits`.
    pub suits: Option<SuitStyle>,
    /// `--color`: always (`Some(true)`), never (`Some(false)`) or auto (`None`).
    pub colour: Option<bool>,
    /// `--confirm`.
    pub confirm: bool,
}

/// What the terminal is, as far as the look goes.
#[derive(Clone, Copy, Debug, Default)]
pub struct TerminalFacts {
    /// Standard input is a terminal: an interactive session.
    pub interactive: bool,
    /// Standard output is a terminal.
    pub stdout_terminal: bool,
    /// The locale says the terminal shows UTF-8.
    pub utf8: bool,
    /// `TERM` is `dumb`.
    pub dumb: bool,
    /// `NO_COLOR` is set (and not empty).
    pub no_colour: bool,
}

impl TerminalFacts {
    /// The locale variables the C library reads for the character set, in
    /// the order it reads them: the first one set (and not empty) counts.
    pub const LOCALE_VARIABLES: [&'static str; 3] = ["LC_ALL", "LC_CTYPE", "LANG"];

    /// What this process's terminal is: standard output looked at, the
    /// locale, `TERM` and `NO_COLOR` read from the environment;
    /// `interactive` as the caller found standard input.
    pub fn from_environment(interactive: bool) -> TerminalFacts {
        use std::io::IsTerminal as _;
        let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
        let locale = Self::LOCALE_VARIABLES.iter().find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()));
        TerminalFacts {
            interactive,
            stdout_terminal: std::io::stdout().is_terminal(),
            utf8: TerminalFacts::utf8_locale(locale.as_deref()),
            dumb: var("TERM").is_some_and(|t| t == "dumb"),
            no_colour: var("NO_COLOR").is_some(),
        }
    }

    /// Whether screen-reader mode is on: `flag` (`--screen-reader`), or
    /// `KLONDIKE_SCREEN_READER` set to anything but "" or "0".
    pub fn screen_reader_wanted(flag: bool) -> bool {
        flag || std::env::var_os("KLONDIKE_SCREEN_READER").is_some_and(|v| !v.is_empty() && v != "0")
    }

    /// Whether a locale (`en_GB.UTF-8`, `C.utf8`) says the terminal shows
    /// UTF-8; none set says not.
    pub fn utf8_locale(locale: Option<&str>) -> bool {
        locale.is_some_and(|v| {
            let v = v.to_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
    }
}

/// How a session looks, from what the command line says and what the
/// terminal is: the column picture for a sighted player at a terminal, the
/// list in words for a screen reader, rows (the same in every transcript)
/// for scripts; suit symbols only at a UTF-8 terminal that is not `dumb`;
/// colour never for a screen reader, and with auto only at a terminal
/// without `NO_COLOR` that is not `dumb`.
pub fn choose_view(looks: &ViewAsked, terminal: &TerminalFacts) -> View {
    let interactive = terminal.interactive;
    let at_terminal = interactive && !looks.screen_reader && !looks.json && terminal.stdout_terminal;
    let layout = looks.layout.unwrap_or(if looks.screen_reader {
        Layout::List
    } else if at_terminal {
        Layout::Columns
    } else {
        Layout::Rows
    });
    // A screen reader hears cards in words whatever the layout of `table`.
    let words = layout == Layout::List || looks.screen_reader;
    let names = looks.names.unwrap_or(if words { CardNames::Words } else { CardNames::Short });
    let suits = looks.suits.unwrap_or(if at_terminal && terminal.utf8 && !terminal.dumb {
        SuitStyle::Symbols
    } else {
        SuitStyle::Letters
    });
    let colour = !looks.screen_reader
        && looks.colour.unwrap_or(terminal.stdout_terminal && !terminal.no_colour && !terminal.dumb);
    View {
        json: looks.json,
        echo: !interactive,
        screen_reader: looks.screen_reader,
        layout,
        style: CardStyle { names, suits, colour },
        confirm: (interactive && !looks.json) || looks.confirm,
        wrap: at_terminal,
        farewell: interactive && !looks.json,
    }
}

/// Whether this process could lock the autosave ([`Folder::lock_autosave`](super::Folder::lock_autosave)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AutosaveLock {
    /// Locked: the world holds the lock until [`Folder::unlock_autosave`](super::Folder::unlock_autosave)
    /// or its end.
    Held,
    /// Another session holds it; the folder it keeps its game in, as named
    /// in messages.
    Busy(String),
    /// It could not be tried (no data folder, a folder that cannot be
    /// written: that is said when a save fails).
    Unavailable,
}

/// Before anything is read: a session that saves its game locks the
/// autosave for its whole life, so that a second session at the same time
/// neither saves nor offers the saved game (it is the first one's: one
/// line says so, and `persistence.autosave` is turned off); and a session
/// that counts games removes a saved game whose game the statistics
/// already counted (a session was killed between the two steps), so that
/// it is gone long before its id leaves the statistics' memory. Returns
/// whether another session has the autosave (then it is not offered).
///
/// # Errors
/// Under `--resume` (`resume`), [`StartError::Refused`] when another
/// session has the saved game.
pub fn claim_autosave(
    world: &mut impl World,
    persistence: &mut super::Persistence,
    resume: bool,
) -> Result<bool, StartError> {
    let mut held = false;
    let mut in_use = false;
    if persistence.autosave {
        match world.folder().lock_autosave() {
            AutosaveLock::Held => held = true,
            AutosaveLock::Busy(_) if resume => return Err(StartError::Refused(Box::new(CannotResume::InUse))),
            AutosaveLock::Busy(folder) => {
                world.warn(&said::another_session_keeps(&folder));
                persistence.autosave = false;
                in_use = true;
            }
            AutosaveLock::Unavailable => {}
        }
    }
    if persistence.stats && !in_use {
        remove_counted_autosave(world, held);
    }
    Ok(in_use)
}

/// Removes the autosave when the statistics hold its game as counted.
/// `locked`: this session holds the autosave's lock; otherwise it is taken
/// for the moment, and nothing is done when another session holds it.
fn remove_counted_autosave(world: &mut impl World, locked: bool) {
    if !locked && world.folder().lock_autosave() != AutosaveLock::Held {
        return;
    }
    if let Some(record) = world.folder().peek_autosave() {
        if world.folder().was_counted(&record.identity()) {
            world.folder().remove_autosave();
        }
    }
    if !locked {
        world.folder().unlock_autosave();
    }
}
