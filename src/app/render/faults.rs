//! What the library's other errors say: the options and files of a batch
//! and a census, game records, stored files, card codes, deals, game
//! numbers and position lines, the deal or saved game a session starts
//! from, why it cannot start or resume, and why its world refused a
//! command; and why the solver gave up is [`solve`](super::solve)'s. The
//! library keeps them as data; their `Display` is these words,
//! one line each. (The engine's own errors, of moves, commands, set-ups and
//! the history, are [`errors`](super::errors)'.)

use crate::app::batch::{
    BadGameLine, LimitError, NotResults, RangeError, ResultKeyError, ScriptError, ScriptFault, ShardError,
};
use crate::app::census::files::FilesError;
use crate::app::census::{LineError, VerdictsError};
use crate::app::record::{FieldFault, MoveFault, RecordError};
use crate::app::render::words::{card_name, readable, suit_name};
use crate::app::session::{ChoiceError, ResumeRefusal, StartError, WorldError};
use crate::app::stats::RulesKeyParseError;
use crate::app::store::{
    Action, Damage, FolderProblem, OwnIoFault, Problem, StoreError, TextFile, TextFileError, MAX_STORED,
};
use crate::engine::card::Card;
use crate::engine::card::CardParseError;
use crate::engine::deal::{DealError, GameNumberError};
use crate::engine::game::{LinePart, PositionParseError};
use crate::engine::rules::{DrawCountError, PassLimitParseError, PassLimitZero};
use crate::engine::scoring::ScoringParseError;

/// What a text file the user named is called in an error ("deal file").
pub fn text_file(what: TextFile) -> &'static str {
    match what {
        TextFile::Deal => "deal file",
        TextFile::Games => "games file",
        TextFile::Moves => "moves file",
    }
}

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
        ScriptFault::NotAMove => crate::app::render::solve_report::NOT_A_MOVE.to_string(),
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
    use crate::app::render::census_table;
    match e {
        FilesError::NotAFolder(dir) => census_table::not_a_folder(dir),
        FilesError::MakeFolder { path, .. } => format!("cannot make the folder '{}'", path.display()),
        FilesError::Read { path, .. } => format!("cannot read '{}'", path.display()),
        FilesError::NoResults { path, lines } => census_table::no_results(path, *lines),
        FilesError::BadVerdicts { path, error } => {
            format!("'{}' is not a verdict file that can be counted: {}", path.display(), verdicts_error(error))
        }
        FilesError::NotARegularFile(path) => census_table::not_a_regular_file(path),
        FilesError::VerdictFileCounted(path) => census_table::verdict_file_is_counted(path),
        FilesError::VerdictsLost { path, lost, game, rules } => census_table::verdicts_lost(path, *lost, *game, rules),
        FilesError::NotAVerdictFile(path) => census_table::not_a_verdict_file(path),
    }
}

/// Why a text is not a verdict file, naming the line.
pub fn verdicts_error(e: &VerdictsError) -> String {
    match e {
        VerdictsError::TooLong { line } => format!("line {line}: too long"),
        VerdictsError::OtherVariants { line } => {
            format!("line {line}: a variants line that names a setting twice, or other settings than the one before")
        }
        VerdictsError::Conflict { line, game } => {
            format!("line {line}: game {game} has a different verdict on a line before (a game is given one verdict per setting)")
        }
        VerdictsError::OneField { line } => format!("line {line}: two fields expected"),
        VerdictsError::BadVariant { line, name } => format!("line {line}: bad variant {name}"),
        VerdictsError::BadGameNumber { line } => format!("line {line}: bad game number"),
        VerdictsError::BadLetters { line, variants } => {
            format!("line {line}: {variants} letters W, U, ? or - expected")
        }
    }
}

/// How many characters of a game record's text are quoted back.
const RECORD_QUOTED: usize = 30;

/// Why a game record could not be read or replayed.
pub fn record_error(e: &RecordError) -> String {
    match e {
        RecordError::NotJson { why } => format!("not a game record: {why}"),
        RecordError::NewerVersion { found, supported } => format!(
            "the game record is format version {found}, newer than this klondike reads (up to {supported}): a newer klondike wrote it"
        ),
        RecordError::BadField { field, why } => {
            format!("the game record's field '{field}' is wrong: {}", field_fault(why))
        }
        RecordError::IllegalMove { index, command, why } => format!(
            "move {index} of the game record ('{}') cannot be played: {}",
            readable(command, RECORD_QUOTED),
            move_fault(why)
        ),
        RecordError::IllegalRedo { index, command, why } => format!(
            "undone move {index} of the game record ('{}') cannot be played again: {}",
            readable(command, RECORD_QUOTED),
            move_fault(why)
        ),
    }
}

/// What is wrong with a field of a game record.
pub fn field_fault(e: &FieldFault) -> String {
    match e {
        FieldFault::VersionZero => "versions start at 1".to_string(),
        FieldFault::NotADrawCount(n) => draw_count_error(&DrawCountError(*n)),
        FieldFault::PassesZero => PASSES_ZERO.to_string(),
        FieldFault::NotAGameNumber(text) => {
            format!("'{}' is not a game number (1 to 2^128-1)", readable(text, RECORD_QUOTED))
        }
        FieldFault::Deal(e) => e.to_string(),
        FieldFault::NotTheDealOf(n) => format!("it is not the deal of game {n}, which the record also names"),
        FieldFault::NoGameNorDeal => "the record names neither a game number nor a deal".to_string(),
    }
}

/// Why a move of a game record cannot be played.
pub fn move_fault(e: &MoveFault) -> String {
    match e {
        MoveFault::NotAMove(command) => format!("'{command}' is not a move"),
        MoveFault::SessionCommand(text) => format!("'{text}' is not a move"),
        MoveFault::NotACommand(e) => e.to_string(),
        MoveFault::Refused(e) => e.to_string(),
    }
}

/// Why a stored file could not be used, naming the file (and, for a
/// corrupt one, where it was moved).
pub fn store_error(e: &StoreError) -> String {
    match e {
        StoreError::Io { path, action, error } => {
            format!("could not {} {}: {}", store_action(*action), path.display(), io_words(error))
        }
        StoreError::Corrupt { path, moved_to, why } => {
            format!("{} is unreadable ({why}); it was moved aside to {}", path.display(), moved_to.display())
        }
        StoreError::NotUsable { path, why } => format!("cannot use {}: {why}", path.display()),
        StoreError::NewerVersion { path, found, supported } => format!(
            "{} was written by a newer klondike (format version {found}; this one reads up to {supported}); it is left as it is and not updated",
            path.display()
        ),
    }
}

/// What was being done to a stored file, as a verb: "read", "write",
/// "lock", "move aside".
pub fn store_action(action: Action) -> &'static str {
    match action {
        Action::Read => "read",
        Action::Write => "write",
        Action::Lock => "lock",
        Action::MoveAside => "move aside",
    }
}

/// What is wrong with a corrupt stored file (the reader's or the JSON
/// parser's own message, or ours).
pub fn damage(d: &Damage) -> String {
    match d {
        Damage::Unreadable(e) => e.to_string(),
        Damage::TooLarge => format!("larger than {} MiB, far more than any of ours", MAX_STORED >> 20),
        Damage::Json(e) => e.to_string(),
        Damage::NotAnObject => "the JSON is not an object".to_string(),
        Damage::NoFormatVersion => "it has no format_version, so it is not a klondike file".to_string(),
    }
}

/// Why a file the user named cannot be used.
pub fn problem(p: &Problem) -> String {
    match p {
        Problem::Damaged(why) => damage(why),
        Problem::NotASavedGame(why) => format!("it is not a saved game ({})", damage(why)),
        Problem::Unreadable(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            "no permission to read it".to_string()
        }
        // Our own faults say what is wrong in words already.
        Problem::Unreadable(e) if e.get_ref().is_some_and(|inner| inner.is::<OwnIoFault>()) => e.to_string(),
        Problem::Unreadable(e) => {
            format!("it cannot be read ({})", crate::app::render::words::plain_message(&e.to_string()))
        }
        Problem::LinkLeadsNowhere(e) => format!("the link leads nowhere ({e})"),
        Problem::IsAFolder => "it is a folder".to_string(),
        Problem::NotARegularFile => "it is not a regular file".to_string(),
        Problem::HoldsSomethingElse => "it holds something other than a saved game; name another file".to_string(),
        Problem::CannotBeRead => "it cannot be read; name another file".to_string(),
        Problem::NoFolder => "its folder does not exist".to_string(),
    }
}

/// The store's own reasons for an I/O error, in words.
pub fn own_io_fault(fault: OwnIoFault) -> &'static str {
    match fault {
        OwnIoFault::IsAFolder => "it is a folder",
        OwnIoFault::NotARegularFile => "not a regular file",
        OwnIoFault::NoFileName => "the path has no file name",
        OwnIoFault::TooManyMovedAside => "too many files moved aside this second",
        OwnIoFault::LockHeldTooLong => "another process has held it for over 10 seconds",
    }
}

/// One line on why nothing can be saved in a folder, naming the folder and
/// the problem in words.
pub fn folder_problem(p: &FolderProblem<'_>) -> String {
    match p {
        FolderProblem::Other(e) => e.to_string(),
        FolderProblem::FolderIsAFile { dir } => format!("cannot save in {}: it is a file, not a folder", dir.display()),
        FolderProblem::AboveIsAFile { dir, file } => {
            format!("cannot save in {}: {} is a file, not a folder", dir.display(), file.display())
        }
        FolderProblem::FileIsAFolder { dir, name } => {
            format!("cannot save in {}: {name} is a folder, not a file", dir.display())
        }
        FolderProblem::NotARegularFile { dir, name } => {
            format!("cannot save in {}: {name} is not a regular file", dir.display())
        }
        FolderProblem::Io { dir, error } => format!("cannot save in {}: {}", dir.display(), io_words(error)),
    }
}

/// An I/O error in words, for a message (no error codes, no paths): "the
/// disk is full", "no permission to write there", "the disk is read-only".
/// The kind of the error is what is said; for a kind not named here, the
/// error's own message without its codes.
pub fn io_words(error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::PermissionDenied => "no permission to write there".to_string(),
        ErrorKind::StorageFull => "the disk is full".to_string(),
        ErrorKind::ReadOnlyFilesystem => "the disk is read-only".to_string(),
        ErrorKind::NotADirectory => "part of its path is not a folder".to_string(),
        ErrorKind::IsADirectory => "it is a folder".to_string(),
        ErrorKind::NotFound => "it does not exist".to_string(),
        // Our own errors say it in words already; the system's without
        // their codes (see `plain_message`).
        _ => crate::app::render::words::plain_message(&error.to_string()),
    }
}

/// Why a text file the user named could not be read.
pub fn text_file_error(e: &TextFileError) -> String {
    match e {
        TextFileError::Unreadable { what, path, .. } => {
            format!("cannot read the {} '{}'", text_file(*what), path.display())
        }
        TextFileError::TooLarge { what, path } => {
            format!("the {} '{}' is larger than 64 MiB", text_file(*what), path.display())
        }
    }
}

/// A statistics file's rules setting that is not one the statistics write.
pub fn rules_key_parse_error(e: &RulesKeyParseError) -> String {
    format!("not a rules setting of the statistics: \"{}\"", readable(&e.0, 80))
}

/// Why a text is not a scoring.
pub fn scoring_parse_error(e: &ScoringParseError) -> String {
    format!("'{}' is not a scoring: give standard, vegas or none", readable(&e.text, 30))
}

/// Why a text is not a pass limit.
pub fn pass_limit_parse_error(e: &PassLimitParseError) -> String {
    format!("'{}' is not a pass limit: give a whole number from 1 to 4294967295, or 'unlimited'", e.0)
}

/// A pass limit of 0 in JSON.
pub fn pass_limit_zero(_: &PassLimitZero) -> String {
    PASSES_ZERO.to_string()
}

/// The words for a pass limit of 0 in JSON, in a saved game or a result.
const PASSES_ZERO: &str = "0 is not a pass limit (1 or more, or null for unlimited)";

/// A number of cards per draw other than 1 or 3.
pub fn draw_count_error(e: &DrawCountError) -> String {
    format!("{} is not a draw count (1 or 3)", e.0)
}

/// Why a text is not a card code.
pub fn card_parse_error(e: &CardParseError) -> String {
    format!("'{}' is not a card code (a rank A 2-9 T J Q K, then a suit C D H S, e.g. TH)", e.text)
}

/// How many characters of a position line's word are quoted back.
const LINE_QUOTED: usize = 20;

/// Why a line is not a position, naming the part that is wrong.
pub fn position_parse_error(e: &PositionParseError) -> String {
    match e {
        PositionParseError::PartCount { found } => format!(
            "a position line has 5 parts separated by ';' (tableau, stock, waste, foundations, pass), not {found}"
        ),
        PositionParseError::PartName { index, expected, found } => format!(
            "part {} of the line should start with '{expected}', not '{}'",
            index + 1,
            readable(found, LINE_QUOTED)
        ),
        PositionParseError::PileCount { found } => format!("the tableau has 7 piles separated by '/', not {found}"),
        PositionParseError::PileForm { pile } => {
            format!("pile {pile} should be its face-down cards, '|', then its face-up cards ('-' when it is empty)")
        }
        PositionParseError::BadCard { place, error } => format!("{}: {}", line_part(*place), card_parse_error(error)),
        PositionParseError::MisplacedStar => "'*' (every card named nowhere else) can only end the stock".to_string(),
        PositionParseError::FoundationCount { found } => {
            format!("the foundations are four top cards or '-' (clubs, diamonds, hearts, spades), not {found} entries")
        }
        PositionParseError::FoundationSuit { suit, card } => {
            format!(
                "the {} foundation's entry is the {}, not a {}",
                suit_name(*suit),
                card_name(*card),
                suit_name(*suit)
            )
        }
        PositionParseError::BadPass { text } => format!(
            "'{}' is not a pass number: give one whole number from 1 to 4294967295",
            readable(text, LINE_QUOTED)
        ),
        PositionParseError::Setup(e) => e.to_string(),
    }
}

/// A part of a position line in words: "pile 3", "the stock".
fn line_part(part: LinePart) -> String {
    match part {
        LinePart::Pile(pile) => format!("pile {pile}"),
        LinePart::Stock => "the stock".to_string(),
        LinePart::Waste => "the waste".to_string(),
        LinePart::Foundations => "the foundations".to_string(),
    }
}

/// Why the deal or the saved game the options name cannot be had (what
/// went wrong below, a [`ChoiceError`]'s source, is said after it).
pub fn choice_error(e: &ChoiceError) -> String {
    match e {
        ChoiceError::DealFile(e) => text_file_error(e),
        ChoiceError::BadDeal(_) => "bad deal".to_string(),
        ChoiceError::BadNumber(_) => "bad game number".to_string(),
        ChoiceError::NoSavedGame(path) => format!("there is no saved game {}", path.display()),
        ChoiceError::NotLoaded(e) => crate::app::render::replies::not_loaded(e),
        ChoiceError::Replay { path, .. } => format!("cannot load {}", path.display()),
    }
}

/// Why a session cannot start.
pub fn start_error(e: &StartError) -> String {
    match e {
        StartError::Refused(why) => resume_refusal(why),
        StartError::Io(e) => e.to_string(),
    }
}

/// Why `--resume` cannot be done.
pub fn resume_refusal(why: &ResumeRefusal) -> String {
    use crate::app::render::replies as said;
    match why {
        ResumeRefusal::InUse => said::SAVED_GAME_IN_USE.to_string(),
        ResumeRefusal::NoSavedGame => said::NO_SAVED_GAME.to_string(),
        ResumeRefusal::Unreadable(e) => said::cannot_resume(&e.to_string()),
        ResumeRefusal::Unplayable { name, error, moved } => {
            said::cannot_resume(&said::saved_game_unplayable(name, error, moved))
        }
    }
}

/// Why the world did not do what a command asked: the library's refusal,
/// or the world's own message.
pub fn world_error(e: &WorldError) -> String {
    match e {
        WorldError::Refused(why) => why.to_string(),
        WorldError::Failed(message) => message.clone(),
    }
}

/// `text` with its unprintable characters named (the one rule for quoting
/// input, [`readable`]), so that a message stays one readable line.
fn printable(text: &str) -> String {
    readable(text, usize::MAX)
}

/// Why a text is not a deal (or a game number has none), precisely:
/// positions are 1-based, counting card codes in deal-format order.
pub fn deal_error(e: &DealError) -> String {
    match e {
        DealError::BadCode { position, text } => {
            format!("card {position}: {}", card_parse_error(&CardParseError { text: printable(text) }))
        }
        DealError::WrongCount { found: 0 } => "a deal has 52 cards, this one has none".to_string(),
        DealError::WrongCount { found } => format!("a deal has 52 cards, this one has {found}"),
        DealError::Duplicate { card, first, second, missing } => {
            let mut text = format!("{card} appears twice (cards {first} and {second})");
            if !missing.is_empty() {
                text.push_str(&format!(" and {}", missing_cards(missing)));
            }
            text
        }
        DealError::Missing { cards } => {
            let found = 52usize.saturating_sub(cards.len());
            format!("a deal has 52 cards, this one has {found}: {}", missing_cards(cards))
        }
    }
}

/// How many cards at most [`missing_cards`] names one by one.
const MISSING_NAMED: usize = 3;

/// "6H is missing", "2H 6H are missing", or for more than
/// [`MISSING_NAMED`] cards their count and the first few:
/// "51 cards are missing (AC 2C 3C and 48 more)".
fn missing_cards(cards: &[Card]) -> String {
    let named: Vec<String> = cards.iter().take(MISSING_NAMED).map(Card::to_string).collect();
    match cards.len() {
        1 => format!("{} is missing", named.join(" ")),
        n if n <= MISSING_NAMED => format!("{} are missing", named.join(" ")),
        n => format!("{n} cards are missing ({} and {} more)", named.join(" "), n - MISSING_NAMED),
    }
}

/// Why a text is not a game number.
pub fn game_number_error(e: &GameNumberError) -> String {
    format!("'{}' is not a game number: give a whole number from 1 to 2^128-1", readable(&e.text, 20))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_cannot_be_read_says_so_not_that_it_is_something_else() {
        let denied = Problem::Unreadable(std::io::Error::from(std::io::ErrorKind::PermissionDenied));
        assert_eq!(problem(&denied), "no permission to read it");
        let other = Problem::Unreadable(std::io::Error::other("the disk fell off"));
        assert_eq!(problem(&other), "it cannot be read (the disk fell off)");
    }

    #[test]
    fn printable_escapes_control_characters() {
        assert_eq!(printable("a\u{1b}b\u{0}"), "a<escape>b<nul>");
        assert_eq!(printable("\u{202E}x"), "<U+202E>x");
        assert_eq!(printable("é♠"), "é♠");
    }

    #[test]
    fn stored_files_reasons_keep_their_words() {
        use std::io::{Error, ErrorKind};
        use std::path::{Path, PathBuf};
        assert_eq!(damage(&Damage::TooLarge), "larger than 16 MiB, far more than any of ours");
        assert_eq!(
            problem(&Problem::NotASavedGame(Damage::NoFormatVersion)),
            "it is not a saved game (it has no format_version, so it is not a klondike file)"
        );
        let folder = Error::new(ErrorKind::IsADirectory, OwnIoFault::IsAFolder);
        assert_eq!(problem(&Problem::Unreadable(folder)), "it is a folder");
        let held = Error::new(ErrorKind::WouldBlock, OwnIoFault::LockHeldTooLong);
        let e = StoreError::Io { path: PathBuf::from("s.json.lock"), action: Action::Lock, error: held };
        assert_eq!(e.to_string(), "could not lock s.json.lock: another process has held it for over 10 seconds");
        let full = Error::from(ErrorKind::StorageFull);
        let p = FolderProblem::Io { dir: Path::new("d"), error: &full };
        assert_eq!(p.to_string(), "cannot save in d: the disk is full");
        let p = FolderProblem::FileIsAFolder { dir: Path::new("d"), name: "a.json".into() };
        assert_eq!(p.to_string(), "cannot save in d: a.json is a folder, not a file");
    }
}
