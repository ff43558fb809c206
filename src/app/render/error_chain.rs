//! The program's last word on standard error when a session cannot begin
//! or a saved game cannot be read: an error and every error below it, each
//! worded for the player where the play layer adds to its own message.

use std::error::Error;

use crate::app::batch::ScriptError;
use crate::app::command::CommandError;
use crate::app::record::RecordError;
use crate::app::render::refusals::{command_error, move_error, record_error, saved_game_unplayable, script_error};
use crate::app::session::{BeginError, CannotResume};
use crate::engine::moves::MoveError;

/// Why `--resume` cannot be done, with a saved game that does not replay
/// worded as [`record_error`] words it.
pub fn resume_refusal(why: &CannotResume) -> String {
    match why {
        CannotResume::Unplayable { name, error, moved } => {
            format!("cannot resume: {}", saved_game_unplayable(name, error, moved))
        }
        _ => why.to_string(),
    }
}

/// An error as the program's last word on standard error says it: its
/// message, then each error below it after ": ", as the diagnostics chain
/// them; each worded for the player where this layer adds to its own
/// message (a refused command or move, a game record that does not
/// replay, a refused `--resume`).
pub fn chain(e: &(dyn Error + 'static)) -> String {
    let mut links = vec![e];
    let mut below = e.source();
    while let Some(link) = below {
        links.push(link);
        below = link.source();
    }
    links_worded(links)
}

/// As [`chain`], for errors already listed top first (an `anyhow` chain).
pub fn links_worded<'a>(links: impl IntoIterator<Item = &'a (dyn Error + 'static)>) -> String {
    links.into_iter().map(worded).collect::<Vec<_>>().join(": ")
}

/// One error of a [`chain`], worded for the player.
fn worded(e: &(dyn Error + 'static)) -> String {
    if let Some(e) = e.downcast_ref::<RecordError>() {
        record_error(e)
    } else if let Some(BeginError::Refused(why)) = e.downcast_ref::<BeginError>() {
        resume_refusal(why)
    } else if let Some(e) = e.downcast_ref::<ScriptError>() {
        script_error(e)
    } else if let Some(e) = e.downcast_ref::<CommandError>() {
        command_error(e)
    } else if let Some(e) = e.downcast_ref::<MoveError>() {
        move_error(e)
    } else if let Some(e) = e.downcast_ref::<std::io::Error>() {
        // The system's reason in words ("it is a folder", not "Is a
        // directory"); what was being done is said by the error above it.
        crate::app::io_text::io_reason(e)
    } else {
        e.to_string()
    }
}
