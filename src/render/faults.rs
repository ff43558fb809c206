//! What the library's other errors say: the options and files of a batch
//! and a census, game records, stored files, card codes and position lines,
//! the deal or saved game a session starts from. The library keeps them as
//! data; their `Display` is these words, one line each.

use crate::batch::{
    BadGameLine, LimitError, NotResults, RangeError, ResultKeyError, ScriptError, ScriptFault, ShardError,
};
use crate::census::files::FilesError;
use crate::census::{LineError, VerdictsError};
use crate::render::words::readable;

/// How many characters of an option's value are quoted back.
const OPTION_QUOTED: usize = 40;

/// A piece of an option's value quoted back: printable, and short.
fn option(text: &str) -> String {
    readable(text, OPTION_QUOTED)
}

/// Why a text is not a shard (`--shard`).
pub fn shard_error(e: &ShardError) -> String {
    format!("'{}' is not a shard: write K/N with 1 <= K <= N <= 2^128-1, e.g. 2/8", option(&e.0))
}

/// Why a text is not a range of game numbers (`--games`, `--only`).
pub fn range_error(e: &RangeError) -> String {
    match e {
        RangeError::NotARange(text) => {
            format!("'{}' is not a range of game numbers: write A..B, e.g. 1..1000", option(text))
        }
        RangeError::TooLarge(text) => {
            format!("'{}': game numbers go up to 2^128-1 (340282366920938463463374607431768211455)", option(text))
        }
        RangeError::GameZero(text) => format!("'{}': game numbers start at 1, so 0 is not a game", option(text)),
        RangeError::Backwards { text, first, last } => {
            format!("'{}' runs backwards: the first game comes first, as in {last}..{first}", option(text))
        }
    }
}

/// Why a search limit (`--timeout`, `--max-states`) is not one.
pub fn limit_error(e: &LimitError) -> String {
    match e {
        LimitError::Seconds(text) => {
            format!("'{}' is not a number of seconds: give more than 0 and at most 10000000", option(text))
        }
        LimitError::States(text) => {
            format!("'{}' is not a number of states: give a whole number from 1 to 18446744073709551615", option(text))
        }
    }
}

/// Why the fields of a result line name no deal and rules a batch writes.
pub fn result_key_error(e: &ResultKeyError) -> String {
    match e {
        ResultKeyError::NoGameNumber => "a result without a game number".to_string(),
        ResultKeyError::BadDraw(draw) => format!("a result with draw {draw} (only 1 and 3 exist)"),
        ResultKeyError::NoPasses => "a result with passes 0 (the least is 1)".to_string(),
    }
}

/// A file with no result in it, and the first line that is not one.
pub fn not_results(e: &NotResults) -> String {
    format!("line {} is not a result", e.line)
}

/// A line of a games file that is not a game number.
pub fn bad_game_line(e: &BadGameLine) -> String {
    format!("line {}: '{}' is not a game number", e.line, e.text)
}

/// A line of a moves script that cannot be played, and why.
pub fn script_error(e: &ScriptError) -> String {
    format!("line {}: '{}': {}", e.line, e.text, script_fault(&e.why))
}

/// Why a line of a moves script cannot be played.
pub fn script_fault(e: &ScriptFault) -> String {
    match e {
        ScriptFault::Command(e) => e.to_string(),
        ScriptFault::Move(e) => e.to_string(),
        ScriptFault::History(e) => e.to_string(),
        ScriptFault::NotAMove => crate::render::solve::NOT_A_MOVE.to_string(),
    }
}

/// Why a line is not a batch result a census can count.
pub fn line_error(e: &LineError) -> String {
    match e {
        LineError::NotAResult(why) => format!("not a batch result line ({why})"),
        LineError::BadKey(e) => result_key_error(e),
    }
}

/// Why the files of a census cannot be used.
pub fn files_error(e: &FilesError) -> String {
    use crate::render::census;
    match e {
        FilesError::NotAFolder(dir) => census::not_a_folder(dir),
        FilesError::MakeFolder { path, .. } => format!("cannot make the folder '{}'", path.display()),
        FilesError::Read { path, .. } => format!("cannot read '{}'", path.display()),
        FilesError::NoResults { path, lines } => census::no_results(path, *lines),
        FilesError::VerdictFileCounted(path) => census::verdict_file_is_counted(path),
        FilesError::NotAVerdictFile(path) => census::not_a_verdict_file(path),
    }
}

/// Why a text is not a verdict file, naming the line.
pub fn verdicts_error(e: &VerdictsError) -> String {
    match e {
        VerdictsError::OneField { line } => format!("line {line}: two fields expected"),
        VerdictsError::BadVariant { line, name } => format!("line {line}: bad variant {name}"),
        VerdictsError::BadGameNumber { line } => format!("line {line}: bad game number"),
        VerdictsError::BadLetters { line, variants } => format!("line {line}: {variants} letters W, U or ? expected"),
    }
}
