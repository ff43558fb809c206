//! Files that never lose data: saves, autosave, statistics.
//!
//! This is the only library module that touches files (the engine does no
//! I/O); it lives in the library so that tests can reach it.
//!
//! - Every write goes to a temporary file in the same directory, is synced
//!   to disk, and is renamed over the old file ([`write_atomically`]): a
//!   reader sees the old file or the new one, never half of one, even if
//!   the process dies in the middle.
//! - Every JSON file is read by [`read_json`]. One of ours that reads but
//!   does not parse is moved aside to `NAME.corrupt-<unix seconds>` (never
//!   deleted) and reported ([`StoreError::Corrupt`]); the caller goes on
//!   with a fresh value. One that cannot be read (no permission, an I/O
//!   error) is reported and left as it is ([`StoreError::Io`]), and
//!   nothing is written over it. A file the player named is never moved
//!   ([`IfCorrupt`] says which is which).
//! - A file written by a newer format version is left alone and refused
//!   ([`StoreError::NewerVersion`]); it is never overwritten.
//! - Read-modify-write of a shared file (the statistics) happens under an
//!   exclusive lock on the sidecar file `NAME.lock` ([`update_locked`]), so
//!   two processes finishing games at the same moment are both counted.
//!   Every lock of this module is the standard library's advisory file
//!   lock ([`File::try_lock`]: `flock` on Unix, `LockFileEx` on Windows),
//!   taken through one helper (`try_lock`); it is released when its file is closed or
//!   the process dies. A lock file is left in place: deleting it would race.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::app::io_text::{io_words, plain_message};

/// Environment variable naming the data directory; when set (and not
/// empty) it is used instead of the platform's (tests use it).
pub const DATA_DIR_ENV: &str = "KLONDIKE_DATA_DIR";

// The test hooks below are compiled only with the `fault-injection`
// feature, which only the tests turn on (see Cargo.toml): a build without it
// reads none of their variables, and its crash points and pause are nothing.
#[cfg(feature = "fault-injection")]
use hooks::{crash_point, pause_before_rename, read_fault};
#[cfg(feature = "fault-injection")]
pub use hooks::{CRASH_AT_ENV, CRASH_EXIT_STATUS, PAUSE_BEFORE_RENAME_ENV, TRACE_ENV, UNREADABLE_ENV};

/// A point between two steps of writing our files: nothing without the
/// test hooks.
#[cfg(not(feature = "fault-injection"))]
fn crash_point(_step: &str, _path: &Path) {}

/// Before the rename of a write: nothing without the test hooks.
#[cfg(not(feature = "fault-injection"))]
fn pause_before_rename() {}

/// Before a stored file is read: no fault without the test hooks.
#[cfg(not(feature = "fault-injection"))]
fn read_fault(_path: &Path) -> Option<io::Error> {
    None
}

/// Test hooks that stop a process between two steps of a write, as a kill
/// would, or hold a write before its rename, so that a test can kill it
/// there.
#[cfg(feature = "fault-injection")]
mod hooks {
    use std::fs::OpenOptions;
    use std::io::Write;
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    /// Test hook: when set to a number of milliseconds,
    /// [`write_atomically`](super::write_atomically) sleeps that long (at
    /// most 10 minutes) after the temporary file is written and synced and
    /// before it is renamed, so that a test can kill the process in the
    /// middle of a save.
    pub const PAUSE_BEFORE_RENAME_ENV: &str = "KLONDIKE_TEST_PAUSE_BEFORE_RENAME_MS";

    /// Test hook: when set to a number N, the N-th [`crash_point`] reached
    /// by the process ends it at once, with exit status
    /// [`CRASH_EXIT_STATUS`] and no clean-up (no destructor runs, no buffer
    /// is flushed), as a kill between two steps of a write would. Tests use
    /// it to stop a session at each step.
    pub const CRASH_AT_ENV: &str = "KLONDIKE_TEST_CRASH_AT";

    /// Test hook: when set to a file name, each [`crash_point`] appends its
    /// number and step name to that file (a line each) before anything
    /// else, so that a test can list the steps of a session:
    /// `N STEP FILE-NAME`.
    pub const TRACE_ENV: &str = "KLONDIKE_TEST_TRACE";

    /// The exit status of a process ended by [`CRASH_AT_ENV`].
    pub const CRASH_EXIT_STATUS: i32 = 99;

    /// Test hook: when set to a file name, reading a stored file of that
    /// name ([`read_json`](super::read_json)) fails with "permission
    /// denied", as a file without read permission does. The tests run as
    /// root, whom no permission stops, so they cannot make such a file.
    pub const UNREADABLE_ENV: &str = "KLONDIKE_TEST_UNREADABLE";

    /// The error [`UNREADABLE_ENV`] asks for when `path` is read; `None`
    /// unless a test asks.
    pub fn read_fault(path: &Path) -> Option<std::io::Error> {
        let name = std::env::var_os(UNREADABLE_ENV).filter(|v| !v.is_empty())?;
        (path.file_name() == Some(name.as_os_str())).then(|| std::io::ErrorKind::PermissionDenied.into())
    }

    /// A point between two steps of writing our files (see
    /// [`CRASH_AT_ENV`] and [`TRACE_ENV`]); does nothing unless a test asks.
    pub fn crash_point(step: &str, path: &Path) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::OnceLock;
        static REACHED: AtomicUsize = AtomicUsize::new(0);
        static HOOKS: OnceLock<(Option<usize>, Option<PathBuf>)> = OnceLock::new();
        let (at, trace) = HOOKS.get_or_init(|| {
            let at = std::env::var(CRASH_AT_ENV).ok().and_then(|v| v.trim().parse().ok());
            (at, std::env::var_os(TRACE_ENV).filter(|v| !v.is_empty()).map(PathBuf::from))
        });
        if at.is_none() && trace.is_none() {
            return;
        }
        let n = REACHED.fetch_add(1, Ordering::SeqCst) + 1;
        if let Some(trace) = trace {
            if let Ok(mut f) = OpenOptions::new().create(true).append(true).open(trace) {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let _ = writeln!(f, "{n} {step} {name}");
            }
        }
        if *at == Some(n) {
            std::process::exit(CRASH_EXIT_STATUS);
        }
    }

    /// Sleeps as long as [`PAUSE_BEFORE_RENAME_ENV`] asks (at most 10
    /// minutes); nothing when it is not set.
    pub fn pause_before_rename() {
        if let Some(ms) = std::env::var(PAUSE_BEFORE_RENAME_ENV).ok().and_then(|v| v.trim().parse::<u64>().ok()) {
            std::thread::sleep(Duration::from_millis(ms.min(600_000)));
        }
    }
}

/// Removes the file `path` (a finished game's autosave, say), between two
/// crash points (test hooks). A file that is already gone is not an error.
///
/// # Errors
/// The I/O error of the removal; the file is then still there.
pub fn remove_file(path: &Path) -> io::Result<()> {
    crash_point("remove", path);
    let result = match fs::remove_file(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        r => r,
    };
    crash_point("removed", path);
    result
}

/// A stored JSON format with a version number: the value of its top-level
/// `format_version` field.
pub trait Versioned {
    /// The newest `format_version` this crate reads (and the one it writes).
    const FORMAT_VERSION: u32;

    /// What in a file read whole and well formed no build of ours could
    /// have written (said in words), which makes it corrupt; `None` by
    /// default.
    fn inconsistency(&self) -> Option<String> {
        None
    }
}

impl Versioned for crate::app::stats::Statistics {
    const FORMAT_VERSION: u32 = crate::app::stats::FORMAT_VERSION;

    fn inconsistency(&self) -> Option<String> {
        crate::app::stats::Statistics::inconsistency(self)
    }
}

impl Versioned for crate::app::record::GameRecord {
    const FORMAT_VERSION: u32 = crate::app::record::FORMAT_VERSION;
}

/// What was being done to a stored file when an I/O error came
/// ([`StoreError::Io`]); its `Display` is a verb: "read", "write", "lock",
/// "move aside".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Reading it.
    Read,
    /// Writing it.
    Write,
    /// Locking it (its `NAME.lock`).
    Lock,
    /// Moving it aside (a corrupt file).
    MoveAside,
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Action::Read => "read",
            Action::Write => "write",
            Action::Lock => "lock",
            Action::MoveAside => "move aside",
        })
    }
}

/// Why a stored file of ours is corrupt: what reading it found
/// ([`StoreError::Corrupt`], and the reason a file is not a saved game).
/// Its `Display` is the reader's or the JSON parser's own message, or ours.
#[derive(Debug, thiserror::Error)]
pub enum Damage {
    /// It could not be read (the system's error).
    #[error("{0}")]
    Unreadable(io::Error),
    /// It is larger than [`MAX_STORED`].
    #[error("larger than {} MiB, far more than any of ours", MAX_STORED >> 20)]
    TooLarge,
    /// It is not JSON, or not JSON of the expected form (the parser's
    /// error, said in words by [`json_words`]).
    #[error("{}", json_words(.0))]
    Json(serde_json::Error),
    /// A value is not of the form expected: where it is (`elapsed_seconds`,
    /// `moves[3]`) and the parser's error, said in words by
    /// [`field_words`].
    #[error("{}", field_words(.0, .1))]
    Field(String, serde_json::Error),
    /// The JSON is not an object.
    #[error("the JSON is not an object")]
    NotAnObject,
    /// It has no `format_version`, so it is not one of klondike's files.
    #[error("it has no format_version, so it is not a klondike file")]
    NoFormatVersion,
    /// Its `format_version` is not a version number (a whole number).
    #[error("its format_version is not a version number, so it is not a klondike file")]
    BadFormatVersion,
    /// It reads, but holds what no build of ours writes (see
    /// [`Versioned::inconsistency`]).
    #[error("it holds what klondike never writes: {0}")]
    Inconsistent(String),
}

/// Why a file the user named (a saved game) cannot be used
/// ([`StoreError::NotUsable`]).
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    /// It could not be read or parsed (by [`read_json`], under
    /// [`IfCorrupt::Leave`]).
    #[error("{0}")]
    Damaged(Damage),
    /// It is not a saved game (by [`read_json`], under
    /// [`IfCorrupt::LeaveNamed`]).
    #[error("it is not a saved game ({0})")]
    NotASavedGame(Damage),
    /// It could not be read at all: not a regular file, or the system's
    /// error.
    #[error("{}", unreadable(.0))]
    Unreadable(io::Error),
    /// It is a symbolic link to nothing (the system's error).
    #[error("the link leads nowhere ({})", io_words(.0))]
    LinkLeadsNowhere(io::Error),
    /// It is a folder.
    #[error("it is a folder")]
    IsAFolder,
    /// It is not a regular file (a device, a FIFO).
    #[error("it is not a regular file")]
    NotARegularFile,
    /// It holds something other than a saved game, which must not be lost.
    #[error("it holds something other than a saved game; name another file")]
    HoldsSomethingElse,
    /// It cannot be read, so it is not written over.
    #[error("it cannot be read; name another file")]
    CannotBeRead,
    /// A klondike process holds a lock on it ([`is_held`]): it is in use,
    /// and not written over.
    #[error("a klondike process is using it; name another file")]
    InUse,
    /// It is write-protected (no write permission for anyone): it is not
    /// replaced, as `cp` without `-f` would not, even by a user who could.
    #[error("it is write-protected; make it writable or name another file")]
    WriteProtected,
    /// It is write-protected, and one of klondike's own files (the
    /// settings): it is left as it is, not replaced.
    #[error("it is write-protected, so it is left as it is")]
    WriteProtectedKept,
    /// Its name ends in `.lock`, as the lock files of klondike's data
    /// folders do: a lock file of some data folder is never replaced.
    #[error("it is named as a lock file; name another file")]
    LockFileName,
    /// The folder it would go in does not exist.
    #[error("its folder does not exist")]
    NoFolder,
}

/// What is wrong with a file's JSON, in words rather than the parser's
/// ("expected value at line 1 column 1", "missing field `draw`"): not
/// JSON, cut short, a field missing, or a value that is not one of ours.
fn json_words(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let text = e.to_string();
    let field = |prefix: &str| text.strip_prefix(prefix).and_then(|rest| rest.split('`').next()).map(str::to_string);
    match e.classify() {
        // JSON lines (a batch's results) are JSON values one after another,
        // a line each; more after the first value on its own line ("7C 7D",
        // a deal, reads as the number 7 and more) is just not JSON.
        Category::Syntax if text.starts_with("trailing characters") && e.line() > 1 => {
            "it holds several JSON values, one after another, as a batch's results do".to_string()
        }
        Category::Syntax => "it is not JSON".to_string(),
        Category::Eof => "it is cut short".to_string(),
        Category::Io => plain_message(&text),
        Category::Data => match field("missing field `") {
            Some(name) => format!("its field {name} is missing"),
            None => "one of its values is not one a klondike file holds".to_string(),
        },
    }
}

/// [`json_words`] for a value found at `field` (a path into the JSON,
/// `.` for the whole): a value that is not one of ours names its field.
fn field_words(field: &str, e: &serde_json::Error) -> String {
    let text = e.to_string();
    if e.classify() != serde_json::error::Category::Data
        || text.starts_with("missing field")
        || field.is_empty()
        || field == "."
    {
        return json_words(e);
    }
    // An entry of a list is counted from 1, as the moves of a game are.
    let entry = field.strip_suffix(']').and_then(|f| f.rsplit_once('[')).and_then(|(list, index)| {
        let n = index.parse::<usize>().ok()?;
        Some((list, n.saturating_add(1)))
    });
    let place = match entry {
        Some((list, n)) => format!("entry {n} of its field {}", crate::engine::text::readable(list, 60)),
        None => format!("its field {}", crate::engine::text::readable(field, 60)),
    };
    // A field of another kind of file (serde's "unknown field `x`,
    // expected one of ..."): the name is what is wrong, not its value.
    if text.starts_with("unknown field") {
        let names = text.split_once(", expected one of ").map(|(_, n)| n.split(" at line ").next().unwrap_or(n));
        let kept =
            names.map(|n| format!(": its fields are {}", crate::engine::text::readable(&n.replace('`', ""), 80)));
        let field = field.rsplit('.').next().unwrap_or(field);
        return format!(
            "it has a field {}, which this kind of klondike file has not{}",
            crate::engine::text::readable(field, 60),
            kept.unwrap_or_default()
        );
    }
    let wanted = expected_words(&text).map(|w| format!(": it takes {w}")).unwrap_or_default();
    format!("{place} holds a value that no klondike file holds{wanted}")
}

/// What a value should be, from the parser's "expected ..." (`u8`, `a
/// string`, one of some names), in words; `None` for anything else.
fn expected_words(text: &str) -> Option<String> {
    let expected = text.rsplit_once(", expected ")?.1;
    let expected = expected.split(" at line ").next().unwrap_or(expected);
    Some(match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".to_string(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_string(),
        "a string" => "text in quotes".to_string(),
        "a boolean" => "true or false".to_string(),
        "a sequence" => "a list".to_string(),
        e => {
            let names = e.strip_prefix("one of ")?;
            format!("one of {}", crate::engine::text::readable(&names.replace('`', ""), 80))
        }
    })
}

/// Why a file the user named could not be read at all, in words
/// ([`Problem::Unreadable`]).
fn unreadable(e: &io::Error) -> String {
    if e.kind() == io::ErrorKind::PermissionDenied {
        "no permission to read it".to_string()
    } else if e.get_ref().is_some_and(|inner| inner.is::<OwnIoFault>()) {
        // Our own faults say what is wrong in words already.
        e.to_string()
    } else {
        format!("it cannot be read ({})", plain_message(&e.to_string()))
    }
}

/// Why `action` failed on a stored file, in words: [`io_words`], but a
/// read that is not permitted says so (not that writing there is not), and
/// a write whose file cannot be made in a folder that exists (such as
/// `/proc`) does not say the file "does not exist".
fn io_words_for(action: Action, error: &io::Error) -> String {
    match (action, error.kind()) {
        (Action::Read, io::ErrorKind::PermissionDenied) => "no permission to read it".to_string(),
        (Action::Write, io::ErrorKind::NotFound) => "no file can be made in that folder".to_string(),
        _ => io_words(error),
    }
}

/// The store's own reasons for an I/O error (the payload of an
/// [`io::Error`] it makes), so that they are data like the system's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnIoFault {
    /// What is read is a folder.
    IsAFolder,
    /// What is read is not a regular file.
    NotARegularFile,
    /// A path to write has no file name.
    NoFileName,
    /// Too many files were moved aside in the same second.
    TooManyMovedAside,
    /// Another process has held a lock too long.
    LockHeldTooLong,
}

impl std::fmt::Display for OwnIoFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            OwnIoFault::IsAFolder => "it is a folder",
            OwnIoFault::NotARegularFile => "not a regular file",
            OwnIoFault::NoFileName => "the path has no file name",
            OwnIoFault::TooManyMovedAside => "too many files moved aside this second",
            OwnIoFault::LockHeldTooLong => "another process has held it for over 10 seconds",
        })
    }
}

impl std::error::Error for OwnIoFault {}

/// An [`io::Error`] of kind `kind` for one of the store's own reasons.
fn own_io_error(kind: io::ErrorKind, fault: OwnIoFault) -> io::Error {
    io::Error::new(kind, fault)
}

/// Why a stored file could not be used. Each message is one line that names
/// the file (and, for a corrupt one, where it was moved).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be read, written or locked, and was left as it was.
    #[error("could not {action} {}: {}", path.display(), io_words_for(*action, error))]
    Io {
        /// The file.
        path: PathBuf,
        /// What was being done.
        action: Action,
        /// The operating system's error. Its words are part of the message
        /// already, so it is not also the error's source (error reporters
        /// would print it twice); that is why the field is not named
        /// `source`, which thiserror would take for one.
        error: io::Error,
    },
    /// The file reads but is not valid JSON of the expected form (one that
    /// cannot be read is [`StoreError::Io`], and stays); it was moved to
    /// `moved_to` and a fresh one is used.
    #[error("{} is unreadable ({why}); it was moved aside to {}", path.display(), moved_to.display())]
    Corrupt {
        /// The file as it was named.
        path: PathBuf,
        /// Where it is now.
        moved_to: PathBuf,
        /// What was wrong.
        why: Damage,
    },
    /// A file the user named (a saved game) cannot be used; it is left
    /// exactly where and as it is.
    #[error("cannot use {}: {why}", path.display())]
    NotUsable {
        /// The file.
        path: PathBuf,
        /// Why: not a regular file, unreadable, or not a JSON record.
        why: Problem,
    },
    /// What would be written is larger than [`MAX_STORED`], which is more
    /// than is read back (a game of millions of moves): nothing is
    /// written, and the file is left as it was.
    #[error("will not write {}: it would be larger than the {} MiB that klondike reads back (the game is too long to keep); the file is left as it was", path.display(), MAX_STORED >> 20)]
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// The file was written by a newer version of its format; it is left
    /// untouched and nothing is written over it.
    #[error("{} was written by a newer klondike (format version {found}; this one reads up to {supported}); it is left as it is and not updated", path.display())]
    NewerVersion {
        /// The file.
        path: PathBuf,
        /// Its `format_version`.
        found: u64,
        /// The newest version this crate reads.
        supported: u32,
    },
    /// A text file the user named (a deal, a list of games, moves) could
    /// not be opened or read, or is not UTF-8.
    #[error("cannot read the {what} '{}'", path.display())]
    TextUnreadable {
        /// Which file it is.
        what: TextFile,
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// A text file the user named is larger than [`MAX_TEXT_FILE`].
    #[error("the {what} '{}' is larger than 64 MiB", path.display())]
    TextTooLarge {
        /// Which file it is.
        what: TextFile,
        /// The file.
        path: PathBuf,
    },
}

/// The directory for klondike's data (statistics, autosave): the value of
/// [`DATA_DIR_ENV`] when set and not empty, otherwise the platform's data
/// directory (`$XDG_DATA_HOME/klondike` or `~/.local/share/klondike` on
/// Linux, `~/Library/Application Support/klondike` on macOS,
/// `%APPDATA%\klondike\data` on Windows). `None` when no home directory is
/// known. The directory is not created here.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "klondike").map(|p| p.data_dir().to_path_buf())
}

/// Where the game left unfinished is kept: `autosave.json` in the
/// [`data_dir`].
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(OUR_FILES[0]))
}

/// The statistics file: `statistics.json` in the [`data_dir`].
pub fn statistics_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(OUR_FILES[1]))
}

/// The prompt's history: `history.txt` in the [`data_dir`].
pub fn history_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(OUR_FILES[2]))
}

/// The settings an interactive player chose
/// ([`crate::app::settings`]): `settings.json` in the [`data_dir`].
pub fn settings_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(OUR_FILES[3]))
}

/// Whether `path` is one of the files `ours` (klondike's own, which `save`
/// must never replace), through any links: a file that exists is compared
/// with every link followed (a link to the autosave is the autosave), and
/// on Unix by its device and inode (a hard link to it is it too); a new
/// file, or a link to one, by its folder's real path and its name.
pub fn is_one_of(path: &Path, ours: &[PathBuf]) -> bool {
    let Some(target) = real_path(path) else { return false };
    let same_file = |ours: &Path| {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if let (Ok(a), Ok(b)) = (fs::metadata(path), fs::metadata(ours)) {
                return a.dev() == b.dev() && a.ino() == b.ino();
            }
        }
        real_path(ours).as_ref() == Some(&target)
    };
    ours.iter().any(|ours| same_file(ours))
}

/// `p` with every link followed: its real path when it exists, otherwise
/// (a new file, or a link to one) its folder's real path and its name;
/// `None` when its folder is not there.
pub fn real_path(p: &Path) -> Option<PathBuf> {
    if let Ok(real) = fs::canonicalize(p) {
        return Some(real);
    }
    let p = match fs::read_link(p) {
        Ok(to) if to.is_absolute() => to,
        Ok(to) => parent_of(p).join(to),
        Err(_) => p.to_path_buf(),
    };
    fs::canonicalize(parent_of(&p)).ok().map(|d| d.join(p.file_name().unwrap_or_default()))
}

/// Whether `path`, through any links, is one of klondike's files in the
/// data folder `dir`: one of [`OUR_FILES`], or a lock file (`NAME.lock`,
/// which a process may hold at any time, and whose inode is the lock:
/// replacing it would let a second process take the lock while the first
/// still holds the old one).
pub fn is_data_file(path: &Path, dir: &Path) -> bool {
    let (Some(target), Some(dir)) = (real_path(path), fs::canonicalize(dir).ok()) else { return false };
    let name = target.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    target.parent() == Some(dir.as_path()) && (OUR_FILES.contains(&name) || name.ends_with(".lock"))
}

/// Whether another open file (of another klondike process, or of this one)
/// holds a lock on the file `path` (through any links): a lock file of a
/// session, a batch's results file. Such a file is in use and is never
/// written over, whatever it holds (a results file is empty until its
/// first result, a lock file always). False when there is no regular file
/// there, or it cannot be opened or locked to see.
pub fn is_held(path: &Path) -> bool {
    let Ok(file) = File::open(path) else { return false };
    // The lock taken to look, if any, goes when `file` is closed.
    file.metadata().is_ok_and(|m| m.is_file()) && matches!(try_lock(&file), Ok(false))
}

/// Whether `path` is there but is no regular file of at most
/// [`MAX_STORED`] bytes (a link to a device, a FIFO, a huge file): such a
/// file is left alone, never read nor written over.
pub fn is_unfit(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| !m.is_file() || m.len() > MAX_STORED)
}

/// Whether `path` (through any links) is a regular file that no one may
/// write (no write permission bit set): it is never replaced, even by a
/// user such as root whom the system would let.
pub fn is_write_protected(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().readonly())
}

/// Largest text file read that the user names (`--deal @FILE`, `--moves`,
/// `--games-file`): 64 MiB, so that a device such as `/dev/zero` gives an
/// error instead of filling memory.
pub const MAX_TEXT_FILE: u64 = 64 << 20;

/// Which text file the user named is read; its `Display` is what an error
/// calls it ("deal file").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextFile {
    /// The deal of `--deal @FILE`.
    Deal,
    /// The list of games of `--games-file`.
    Games,
    /// The moves of `--moves`.
    Moves,
}

impl std::fmt::Display for TextFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TextFile::Deal => "deal file",
            TextFile::Games => "games file",
            TextFile::Moves => "moves file",
        })
    }
}

/// The text of the file `path` the user named, `what` saying which in errors,
/// without a byte-order mark at its start (some editors write one).
///
/// # Errors
/// [`StoreError::TextUnreadable`] (unreadable, not UTF-8) or
/// [`StoreError::TextTooLarge`] (larger than [`MAX_TEXT_FILE`]).
pub fn read_text_file(path: &Path, what: TextFile) -> Result<String, StoreError> {
    use std::io::Read;
    let unreadable = |source| StoreError::TextUnreadable { what, path: path.to_path_buf(), source };
    let file = File::open(path).map_err(unreadable)?;
    let mut text = String::new();
    file.take(MAX_TEXT_FILE + 1).read_to_string(&mut text).map_err(unreadable)?;
    if text.len() as u64 > MAX_TEXT_FILE {
        return Err(StoreError::TextTooLarge { what, path: path.to_path_buf() });
    }
    Ok(without_byte_order_mark(text))
}

/// `text` without the byte-order mark an editor may put at its start
/// (Notepad, PowerShell), which no text we read means.
pub fn without_byte_order_mark(text: String) -> String {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

/// The folder `path` is in, for a message.
pub fn parent_display(path: &Path) -> String {
    parent_of(path).display().to_string()
}

/// The directory `path` is in (`.` for a bare file name).
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// `path` with `suffix` appended to its file name (`stats.json` ->
/// `stats.json.lock`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name: OsString = path.file_name().map(OsString::from).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

/// How old a temporary file of one of [`OUR_FILES`] must be before
/// [`remove_stray_temp_files`] takes it for the leftover of a write that was
/// killed: far longer than any write takes (the test hook that holds a
/// write before its rename holds it for at most 10 minutes). It is for the
/// files whose writers hold no lock (the history); those written under a
/// lock lose their leftovers, of any age, when the lock is taken.
pub const STRAY_TEMP_AGE: Duration = Duration::from_secs(3600);

/// The files klondike keeps in its data folder (only their temporary
/// files are ever removed by [`remove_stray_temp_files`]).
pub const OUR_FILES: &[&str] = &["autosave.json", "statistics.json", "history.txt", "settings.json"];

/// Removes from `dir` the temporary files that [`write_atomically`] names
/// for one of [`OUR_FILES`] (`.NAME.XXXXXX.tmp`) and that were last
/// modified more than `older_than` ago: leftovers of writes that were
/// killed before their rename. Other files are never touched. Returns how
/// many were removed; a directory that cannot be read removes none.
pub fn remove_stray_temp_files(dir: &Path, older_than: Duration) -> usize {
    let now = SystemTime::now();
    remove_temp_files(dir, |name, meta| {
        OUR_FILES.contains(&name)
            && meta.modified().ok().and_then(|m| now.duration_since(m).ok()).is_some_and(|age| age > older_than)
    })
}

/// Removes the temporary files that [`write_atomically`] left beside
/// `path` for it (`.NAME.XXXXXX.tmp`, NAME the name of `path`), whatever
/// their age. Only for a holder of the lock that every writer of `path`
/// holds while it writes: then no write of it is under way, and each such
/// file is the leftover of a write killed before its rename, so that kills
/// leave at most the one of the last. Other files are never touched.
/// Returns how many were removed.
fn remove_temp_files_of(path: &Path) -> usize {
    let Some(own) = path.file_name().and_then(|n| n.to_str()) else { return 0 };
    remove_temp_files(parent_of(path), |name, _| name == own)
}

/// Removes the regular files in `dir` that are temporary files of
/// [`write_atomically`] (`.NAME.XXXXXX.tmp`) for which `remove(NAME, its
/// metadata)` says so. Returns how many were removed; a directory that
/// cannot be read removes none.
fn remove_temp_files(dir: &Path, remove: impl Fn(&str, &fs::Metadata) -> bool) -> usize {
    let Ok(entries) = fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        // `.NAME.XXXXXX.tmp`: the random part is six letters or digits.
        let Some((of, random)) =
            name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")).and_then(|n| n.rsplit_once('.'))
        else {
            continue;
        };
        if random.len() != 6 || !random.chars().all(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        // Not followed through a link: a link is nothing we wrote.
        let Ok(meta) = entry.metadata() else { continue };
        if meta.is_file() && remove(of, &meta) && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Why nothing can be saved in the folder of a file, found by
/// [`folder_problem`]. Its `Display` is one line that names the folder and
/// the problem.
#[derive(Debug)]
pub enum FolderProblem<'a> {
    /// The error is not an I/O error; it says itself what is wrong.
    Other(&'a StoreError),
    /// The folder `dir` is a file.
    FolderIsAFile {
        /// The folder.
        dir: &'a Path,
    },
    /// A folder above `dir`, `file`, is a file.
    AboveIsAFile {
        /// The folder.
        dir: &'a Path,
        /// The file where a folder should be.
        file: &'a Path,
    },
    /// The file `name` in `dir` is a folder.
    FileIsAFolder {
        /// The folder.
        dir: &'a Path,
        /// The file's name.
        name: String,
    },
    /// The file `name` in `dir` is not a regular file (a FIFO, a broken link).
    NotARegularFile {
        /// The folder.
        dir: &'a Path,
        /// The file's name.
        name: String,
    },
    /// Anything else: the I/O error (said by
    /// [`crate::app::io_text::io_words`]).
    Io {
        /// The folder.
        dir: &'a Path,
        /// The error.
        error: &'a io::Error,
    },
}

impl std::fmt::Display for FolderProblem<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FolderProblem::Other(e) => write!(f, "{e}"),
            FolderProblem::FolderIsAFile { dir } => {
                write!(f, "cannot save in {}: it is a file, not a folder", dir.display())
            }
            FolderProblem::AboveIsAFile { dir, file } => {
                write!(f, "cannot save in {}: {} is a file, not a folder", dir.display(), file.display())
            }
            FolderProblem::FileIsAFolder { dir, name } => {
                write!(f, "cannot save in {}: {name} is a folder, not a file", dir.display())
            }
            FolderProblem::NotARegularFile { dir, name } => {
                write!(f, "cannot save in {}: {name} is not a regular file", dir.display())
            }
            FolderProblem::Io { dir, error } => write!(f, "cannot save in {}: {}", dir.display(), io_words(error)),
        }
    }
}

/// Why nothing can be saved in the folder of `path`, for a failed write of
/// `path` (`error`): not a folder, no permission, the disk is full or
/// read-only. No temporary file name appears in it: those are gone when
/// this is said.
pub fn folder_problem<'a>(path: &'a Path, error: &'a StoreError) -> FolderProblem<'a> {
    let dir = parent_of(path);
    let StoreError::Io { error: source, path: target, action } = error else { return FolderProblem::Other(error) };
    // A file of ours that is there and cannot be read (no permission): the
    // error names it, and the folder may be fine.
    if *action == Action::Read && target.is_file() {
        return FolderProblem::Other(error);
    }
    // A file where a folder should be, the data folder or one above it.
    if let Some(file) = dir.ancestors().find(|a| fs::metadata(a).is_ok_and(|m| !m.is_dir())) {
        return if file == dir {
            FolderProblem::FolderIsAFile { dir }
        } else {
            FolderProblem::AboveIsAFile { dir, file }
        };
    }
    // The file itself is something else (a folder, a FIFO, a broken link).
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Ok(m) = fs::symlink_metadata(target) {
        let followed = fs::metadata(target);
        if followed.as_ref().is_ok_and(fs::Metadata::is_dir) {
            return FolderProblem::FileIsAFolder { dir, name };
        }
        if !followed.is_ok_and(|f| f.is_file()) && !m.is_file() {
            return FolderProblem::NotARegularFile { dir, name };
        }
    }
    FolderProblem::Io { dir, error: source }
}

/// Writes `bytes` to `path` so that the file holds either its old contents
/// or the new ones, never a mix: the bytes go to a temporary file
/// (`.NAME.XXXXXX.tmp`) in the same directory, which is synced to disk and
/// renamed over `path`; the directory is then synced (on Unix). Creates the
/// directory if needed. The new file is readable by its owner only.
///
/// If the process dies before the rename, `path` is untouched and the
/// temporary file may remain (it is never read). It is removed when the
/// lock that the writes of `path` hold is next taken ([`try_lock_beside`],
/// [`update_locked`]), or, for a file written without a lock, by
/// [`remove_stray_temp_files`] once it is old. A write that fails removes
/// its own temporary file.
///
/// # Errors
/// The I/O error of creating the directory or the temporary file, writing,
/// syncing or renaming; `path` is then unchanged.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, bytes, None)
}

/// [`write_atomically`], the new file getting `permissions` (those of the
/// file it replaces, say) instead of owner-only.
///
/// # Errors
/// As [`write_atomically`]; setting the permissions too.
fn write_atomically_with(path: &Path, bytes: &[u8], permissions: Option<fs::Permissions>) -> io::Result<()> {
    atomically(path, permissions, |tmp| {
        tmp.write_all(bytes)?;
        tmp.flush()
    })
}

/// [`write_atomically`] for text written as it is made (a large file is
/// never held in memory), buffered: `fill` writes it. The new file is
/// readable by all (`rw-r--r--`: it is a result to share, such as a
/// census's verdict file), or gets the permissions of the file it replaces.
///
/// # Errors
/// As [`write_atomically`]; the error of `fill` too.
pub fn write_atomically_streamed(path: &Path, fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let permissions = match fs::metadata(path) {
        Ok(m) => Some(m.permissions()),
        #[cfg(unix)]
        Err(_) => Some(std::os::unix::fs::PermissionsExt::from_mode(0o644)),
        #[cfg(not(unix))]
        Err(_) => None,
    };
    atomically(path, permissions, |tmp| {
        let mut out = io::BufWriter::new(tmp);
        fill(&mut out)?;
        out.flush()
    })
}

/// [`write_atomically`] for a writer that wants a path, not bytes (the line
/// editor's history): `write` writes the temporary file named by the path
/// it is given, which is then renamed over `path`.
///
/// # Errors
/// As [`write_atomically`]; the error of `write` too.
pub fn write_atomically_through(path: &Path, write: impl FnOnce(&Path) -> io::Result<()>) -> io::Result<()> {
    atomically(path, None, |tmp| write(tmp.path()))
}

/// The steps of [`write_atomically`], the temporary file filled by `fill`.
fn atomically(
    path: &Path,
    permissions: Option<fs::Permissions>,
    fill: impl FnOnce(&mut tempfile::NamedTempFile) -> io::Result<()>,
) -> io::Result<()> {
    let dir = parent_of(path);
    let name = path.file_name().ok_or_else(|| own_io_error(io::ErrorKind::InvalidInput, OwnIoFault::NoFileName))?;
    fs::create_dir_all(dir)?;
    crash_point("write", path);
    let prefix = temp_prefix(name);
    let mut tmp =
        tempfile::Builder::new().prefix(&prefix).rand_bytes(TEMP_RANDOM).suffix(TEMP_SUFFIX).tempfile_in(dir)?;
    let _pending = Pending::new(tmp.path());
    fill(&mut tmp)?;
    if let Some(p) = permissions {
        tmp.as_file().set_permissions(p)?;
    }
    tmp.as_file().sync_all()?;
    pause_before_rename();
    crash_point("rename", path);
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir);
    crash_point("renamed", path);
    Ok(())
}

/// A file a signal that ends the program is to remove: a temporary file of
/// [`write_atomically`] being written now (a census's verdict file can take
/// hundreds of megabytes), or a file made empty to be written later, removed
/// only while it is still empty.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Leftover {
    Temporary,
    StillEmpty,
}

/// The files [`remove_pending_temp_files`] removes, each entered by a
/// [`Pending`] or a [`MadeEmpty`] and taken out when it is dropped.
static PENDING: std::sync::Mutex<Vec<(PathBuf, Leftover)>> = std::sync::Mutex::new(Vec::new());

fn enter_pending(path: &Path, kind: Leftover) {
    if let Ok(mut pending) = PENDING.lock() {
        pending.push((path.to_path_buf(), kind));
    }
}

fn leave_pending(path: &Path) {
    if let Ok(mut pending) = PENDING.lock() {
        pending.retain(|(p, _)| p != path);
    }
}

fn is_empty_file(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0)
}

/// A temporary file of a write under way, taken out of [`PENDING`] when the
/// write is over (renamed into place, or failed and removed by `tempfile`).
struct Pending(PathBuf);

impl Pending {
    fn new(path: &Path) -> Pending {
        enter_pending(path, Leftover::Temporary);
        Pending(path.to_path_buf())
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        leave_pending(&self.0);
    }
}

/// Removes the temporary files of the writes under way
/// ([`write_atomically`] and its kin), and the files made empty to be
/// written later ([`MadeEmpty`]) that are still empty, for a program about
/// to end on a signal; returns how many it removed. A write it cuts short
/// fails, and the file it was to replace is as it was.
pub fn remove_pending_temp_files() -> usize {
    let Ok(pending) = PENDING.lock() else { return 0 };
    pending
        .iter()
        .filter(|(p, kind)| *kind == Leftover::Temporary || is_empty_file(p))
        .filter(|(p, _)| fs::remove_file(p).is_ok())
        .count()
}

/// A file made empty now to be written later (so that it can be locked
/// meanwhile, as a census does with its verdict file): while this is held,
/// a signal that ends the program removes the file if it is still empty
/// ([`remove_pending_temp_files`]); dropped, it does the same.
#[derive(Debug)]
pub struct MadeEmpty(PathBuf);

impl MadeEmpty {
    /// Stands for `path`, which the caller has just made, empty.
    pub fn new(path: &Path) -> MadeEmpty {
        enter_pending(path, Leftover::StillEmpty);
        MadeEmpty(path.to_path_buf())
    }
}

impl Drop for MadeEmpty {
    fn drop(&mut self) {
        leave_pending(&self.0);
        if is_empty_file(&self.0) {
            let _ = fs::remove_file(&self.0);
        }
    }
}

/// The random characters and the end of the name of a temporary file of
/// [`write_atomically`]: `.NAME.XXXXXX.tmp`.
const TEMP_RANDOM: usize = 6;
const TEMP_SUFFIX: &str = ".tmp";

/// How the name of a temporary file of [`write_atomically`] for a file
/// named `name` starts: `.NAME.`, NAME cut short where a long name would
/// make the temporary one too long for the file system.
fn temp_prefix(name: &std::ffi::OsStr) -> OsString {
    let mut prefix = OsString::from(".");
    let lossy = name.to_string_lossy();
    if lossy.len() > 200 {
        let cut = (0..=200).rev().find(|&i| lossy.is_char_boundary(i)).unwrap_or(0);
        prefix.push(&lossy[..cut]);
    } else {
        prefix.push(name);
    }
    prefix.push(".");
    prefix
}

/// A temporary file left by a write that was never finished is taken as
/// stale once it has not changed for this long: a write in progress (of
/// another process) changes its file all the time.
pub const STALE_TEMP_AFTER: Duration = Duration::from_secs(600);

/// Removes the temporary files of [`write_atomically`] for `path` that a
/// killed process left beside it (`.NAME.XXXXXX.tmp`, unchanged for
/// [`STALE_TEMP_AFTER`]), and returns those removed. Nothing else is
/// touched: only regular files named exactly so. Why: a large file (the
/// census's verdict file) killed while written leaves its temporary file,
/// and nothing else would ever remove it.
///
/// # Errors
/// The directory cannot be read; a file that cannot be removed is left.
pub fn remove_stale_temp_files(path: &Path) -> io::Result<Vec<PathBuf>> {
    let Some(name) = path.file_name() else {
        return Ok(Vec::new());
    };
    let prefix = temp_prefix(name).to_string_lossy().into_owned();
    let dir = parent_of(path);
    let mut removed = Vec::new();
    for entry in fs::read_dir(dir)?.flatten() {
        let Some(file) = entry.file_name().to_str().map(str::to_owned) else {
            continue;
        };
        let middle = file.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(TEMP_SUFFIX));
        let ours = middle.is_some_and(|m| m.len() == TEMP_RANDOM && m.bytes().all(|b| b.is_ascii_alphanumeric()));
        let stale =
            entry.metadata().ok().filter(fs::Metadata::is_file).and_then(|m| m.modified().ok()).is_some_and(
                |changed| SystemTime::now().duration_since(changed).is_ok_and(|age| age >= STALE_TEMP_AFTER),
            );
        if ours && stale && fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    Ok(removed)
}

/// Makes the rename durable (Unix); best effort, errors ignored.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Moves `path` aside to `NAME.corrupt-<unix seconds>` (adding `-2`, `-3`,
/// ... if that exists) in the same directory, and returns the new path.
///
/// # Errors
/// The I/O error of the rename; the file is then where it was.
pub fn move_aside(path: &Path) -> io::Result<PathBuf> {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let base = format!(".corrupt-{seconds}");
    for n in 1u32..1000 {
        let suffix = if n == 1 { base.clone() } else { format!("{base}-{n}") };
        let target = with_suffix(path, &suffix);
        if fs::symlink_metadata(&target).is_err() {
            fs::rename(path, &target)?;
            return Ok(target);
        }
    }
    Err(own_io_error(io::ErrorKind::AlreadyExists, OwnIoFault::TooManyMovedAside))
}

/// Largest stored file read (a saved game, the statistics): 1 MiB, so
/// that a wrong file named by mistake gives an error instead of filling
/// memory, and so that replaying the longest saved game takes tens of
/// megabytes, not hundreds (a memory limit would abort the process: an
/// allocation that fails cannot be answered). It is also the largest
/// written ([`write_json`], [`save_user_json`] refuse more,
/// [`StoreError::TooLarge`]), so that every file of ours reads back: a
/// saved game is a few kilobytes, and a game with unlimited passes can only
/// reach it after some 250 000 moves.
pub const MAX_STORED: u64 = 1 << 20;

/// What [`read_json`] does with a file that is there but cannot be had as
/// a value: one that cannot be read, or is not JSON of the expected form.
/// A file from a newer format version is always left alone
/// ([`StoreError::NewerVersion`]); a path that is no regular file is never
/// moved (it is not ours to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IfCorrupt {
    /// One of klondike's own files (the autosave, the statistics): it is
    /// moved aside ([`move_aside`]) and [`StoreError::Corrupt`] says where;
    /// the caller goes on with a fresh value.
    MoveAside,
    /// Only a look (is this game counted?): the file stays where it is
    /// ([`StoreError::NotUsable`], [`Problem::Damaged`]); the reader that
    /// moves it comes later and says so.
    Leave,
    /// A file the player named (a saved game): it stays where it is, and
    /// [`StoreError::NotUsable`] says that it is not a saved game, or cannot
    /// be read at all (so does a path that is no regular file).
    LeaveNamed,
}

/// Reads the JSON file `path` as a `T`: `Ok(None)` when it does not exist.
/// What happens to a corrupt file is `if_corrupt`'s.
///
/// # Errors
/// - [`StoreError::Corrupt`] (under [`IfCorrupt::MoveAside`]): the file
///   is not a JSON object of type `T`; it has been moved aside.
/// - [`StoreError::NotUsable`] (under the other two): the same, the file
///   left as it is.
/// - [`StoreError::NewerVersion`]: its `format_version` is above
///   `T::FORMAT_VERSION`; it is left in place.
/// - [`StoreError::Io`]: the path is no regular file or cannot be reached,
///   the file cannot be read (it is left as it is), or the corrupt file
///   could not be moved aside (under
///   [`IfCorrupt::LeaveNamed`] these are [`StoreError::NotUsable`] too).
pub fn read_json<T: DeserializeOwned + Versioned>(path: &Path, if_corrupt: IfCorrupt) -> Result<Option<T>, StoreError> {
    let not_usable = |why: Problem| StoreError::NotUsable { path: path.to_path_buf(), why };
    // The path is there but is no file to read, or cannot be reached (a
    // folder on it is a file, say): nothing there to move aside.
    let unreachable = |error: io::Error| match if_corrupt {
        IfCorrupt::LeaveNamed => not_usable(Problem::Unreadable(error)),
        IfCorrupt::MoveAside | IfCorrupt::Leave => {
            StoreError::Io { path: path.to_path_buf(), action: Action::Read, error }
        }
    };
    let damaged = |why: Damage| match (if_corrupt, why) {
        // A file that cannot be read (no permission for the moment, an I/O
        // error) may be whole: it is reported and left where it is, and
        // nothing is written over it until it reads. Only one that reads
        // and does not parse is corrupt.
        (IfCorrupt::MoveAside, Damage::Unreadable(error)) => {
            StoreError::Io { path: path.to_path_buf(), action: Action::Read, error }
        }
        (IfCorrupt::MoveAside, why) => match move_aside(path) {
            Ok(moved_to) => StoreError::Corrupt { path: path.to_path_buf(), moved_to, why },
            Err(error) => StoreError::Io { path: path.to_path_buf(), action: Action::MoveAside, error },
        },
        (IfCorrupt::Leave, why) => not_usable(Problem::Damaged(why)),
        // A file that cannot be read is not thereby something else than a
        // saved game: say that it cannot be read.
        (IfCorrupt::LeaveNamed, Damage::Unreadable(error)) => not_usable(Problem::Unreadable(error)),
        (IfCorrupt::LeaveNamed, why) => not_usable(Problem::NotASavedGame(why)),
    };
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => {
            return Err(unreachable(own_io_error(io::ErrorKind::IsADirectory, OwnIoFault::IsAFolder)))
        }
        Ok(m) if !m.is_file() => {
            return Err(unreachable(own_io_error(io::ErrorKind::InvalidInput, OwnIoFault::NotARegularFile)))
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(unreachable(error)),
    }
    let mut bytes = Vec::new();
    let read = match read_fault(path) {
        Some(fault) => Err(fault),
        None => {
            File::open(path).and_then(|f| io::Read::read_to_end(&mut io::Read::take(f, MAX_STORED + 1), &mut bytes))
        }
    };
    match read {
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(damaged(Damage::Unreadable(e))),
    }
    if bytes.len() as u64 > MAX_STORED {
        return Err(damaged(Damage::TooLarge));
    }
    // A byte-order mark at the start (an editor's) is not JSON.
    let json = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&bytes);
    let value: serde_json::Value = serde_json::from_slice(json).map_err(|e| damaged(Damage::Json(e)))?;
    if !value.is_object() {
        return Err(damaged(Damage::NotAnObject));
    }
    // Every file of ours names its format: one that does not is someone
    // else's, never to be taken for an empty one and written over.
    match value.get("format_version").map(serde_json::Value::as_u64) {
        Some(Some(found)) if found > u64::from(T::FORMAT_VERSION) => {
            return Err(StoreError::NewerVersion { path: path.to_path_buf(), found, supported: T::FORMAT_VERSION });
        }
        Some(Some(_)) => {}
        Some(None) => return Err(damaged(Damage::BadFormatVersion)),
        None => return Err(damaged(Damage::NoFormatVersion)),
    }
    let read: T = serde_path_to_error::deserialize(value).map_err(|e| {
        let field = e.path().to_string();
        damaged(Damage::Field(field, e.into_inner()))
    })?;
    match read.inconsistency() {
        Some(why) => Err(damaged(Damage::Inconsistent(why))),
        None => Ok(Some(read)),
    }
}

/// Why a file named by the user that is not there (a read found no file)
/// cannot be used, when its name is a symbolic link to nothing: "there is
/// no file" would send the user looking for the wrong thing. `None` when
/// the name is not such a link.
pub fn leads_nowhere(path: &Path) -> Option<StoreError> {
    let link = fs::symlink_metadata(path).ok()?.file_type().is_symlink();
    let error = fs::metadata(path).err()?;
    link.then(|| StoreError::NotUsable { path: path.to_path_buf(), why: Problem::LinkLeadsNowhere(error) })
}

/// `text` as a path, a leading `~` (alone or before a `/`) standing for the
/// home folder, as a shell would read it.
pub fn expand_home(text: &str) -> PathBuf {
    let home = || directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf());
    if text == "~" {
        if let Some(h) = home() {
            return h;
        }
    } else if let Some(rest) = text.strip_prefix("~/") {
        if let Some(h) = home() {
            return h.join(rest);
        }
    }
    PathBuf::from(text)
}

/// Writes `value` as JSON to a file the user named (a saved game),
/// atomically. A symbolic link is written through (its target is
/// replaced); anything else that is not a regular file (a directory, a
/// device) is refused, and so is a folder that does not exist, and a file
/// a klondike process holds a lock on ([`is_held`]). An existing
/// file is replaced only when it is a saved game this version reads (so a
/// text file, or a save from a newer version, is never lost), and keeps its
/// permissions. It is written as [`write_json`] writes (compact, at most
/// [`MAX_STORED`] bytes).
///
/// # Errors
/// [`StoreError::NotUsable`] for a path that is not a regular file, has no
/// folder, or holds something other than a saved game;
/// [`StoreError::TooLarge`] for a game too long to be read back;
/// [`StoreError::NewerVersion`] for a save from a newer version;
/// [`StoreError::Io`] when writing fails (the file is unchanged).
pub fn save_user_json<T: Serialize + DeserializeOwned + Versioned>(path: &Path, value: &T) -> Result<(), StoreError> {
    let not_usable = |why: Problem| StoreError::NotUsable { path: path.to_path_buf(), why };
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            fs::canonicalize(path).map_err(|e| not_usable(Problem::LinkLeadsNowhere(e)))?
        }
        Ok(_) => path.to_path_buf(),
        Err(_) => path.to_path_buf(),
    };
    if target.extension().is_some_and(|e| e == "lock") {
        return Err(not_usable(Problem::LockFileName));
    }
    let permissions = match fs::metadata(&target) {
        Ok(m) if m.is_dir() => return Err(not_usable(Problem::IsAFolder)),
        Ok(m) if !m.is_file() => return Err(not_usable(Problem::NotARegularFile)),
        // Even empty (a lock file, a batch's results before the first).
        Ok(_) if is_held(&target) => return Err(not_usable(Problem::InUse)),
        Ok(m) if m.permissions().readonly() => return Err(not_usable(Problem::WriteProtected)),
        Ok(m) if m.len() == 0 => Some(m.permissions()),
        Ok(m) => {
            match read_json::<T>(&target, IfCorrupt::Leave) {
                Ok(_) => {}
                Err(StoreError::NotUsable { .. }) => return Err(not_usable(Problem::HoldsSomethingElse)),
                Err(e @ StoreError::NewerVersion { .. }) => return Err(e),
                Err(_) => return Err(not_usable(Problem::CannotBeRead)),
            }
            Some(m.permissions())
        }
        Err(_) => {
            if !parent_of(&target).is_dir() {
                return Err(not_usable(Problem::NoFolder));
            }
            None
        }
    };
    let text = json_text(&target, value)?;
    let io_err = |error| StoreError::Io { path: target.clone(), action: Action::Write, error };
    write_atomically_with(&target, text.as_bytes(), permissions).map_err(io_err)
}

/// Writes `value` as compact JSON (with a final newline) to `path`,
/// atomically.
///
/// # Errors
/// [`StoreError::TooLarge`] when the JSON would be larger than
/// [`MAX_STORED`], [`StoreError::Io`] when it could not be written; `path`
/// is then unchanged.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), StoreError> {
    let text = json_text(path, value)?;
    let io_err = |error| StoreError::Io { path: path.to_path_buf(), action: Action::Write, error };
    // A file of ours that is a symbolic link (the statistics kept
    // elsewhere, say) is written through, as `save` writes through one:
    // replacing the link with a file would leave its target behind.
    // One that leads to no file yet makes it, as a shell's `>` would.
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match fs::canonicalize(path) {
            Ok(target) => target,
            Err(_) => parent_of(path).join(fs::read_link(path).map_err(io_err)?),
        },
        _ => path.to_path_buf(),
    };
    write_atomically(&target, text.as_bytes()).map_err(io_err)
}

/// `value` as the text of a stored file for `path`: compact JSON and a
/// final newline. Compact, since a long game's moves are most of a saved
/// game and pretty-printing would give each its own indented line, more
/// than doubling the file; and never more than [`MAX_STORED`] bytes, so
/// that whatever is written is read back.
///
/// # Errors
/// [`StoreError::TooLarge`] when the text would be larger than
/// [`MAX_STORED`]; [`StoreError::Io`] when it cannot be made.
fn json_text<T: Serialize>(path: &Path, value: &T) -> Result<String, StoreError> {
    let io_err = |error| StoreError::Io { path: path.to_path_buf(), action: Action::Write, error };
    let mut text = serde_json::to_string(value).map_err(|e| io_err(io::Error::other(e)))?;
    text.push('\n');
    if text.len() as u64 > MAX_STORED {
        return Err(StoreError::TooLarge { path: path.to_path_buf() });
    }
    Ok(text)
}

/// The result of [`update_locked`]: the value as written, and a warning
/// when the old file was corrupt and had to be moved aside.
#[derive(Debug)]
pub struct Updated<T> {
    /// The value after the update, as now stored.
    pub value: T,
    /// [`StoreError::Corrupt`] when the old file was unreadable; the update
    /// started from `T::default()`.
    pub warning: Option<StoreError>,
}

/// Takes an exclusive lock on `NAME.lock` beside `path`, without waiting:
/// `Ok(Some(file))` holds it until the file is dropped (or the process
/// ends); `Ok(None)` when another process holds it. A session that keeps
/// the autosave holds this for its whole life, so that two sessions never
/// save over each other's game. Every write of `path` is to hold this lock:
/// taking it removes the temporary files that killed writes of `path` left.
///
/// # Errors
/// The I/O error of creating the folder or the lock file, or of locking.
pub fn try_lock_beside(path: &Path) -> io::Result<Option<File>> {
    let file = open_lock_file(path)?;
    if !try_lock(&file)? {
        return Ok(None);
    }
    // Every write of `path` holds this lock: what temporary files it has
    // are leftovers of killed writes.
    remove_temp_files_of(path);
    Ok(Some(file))
}

/// Opens (creating it and its folder when missing) the lock file
/// `NAME.lock` beside `path`, unlocked. Its contents are never used: it is
/// a separate file so that the file it guards can be replaced by a rename
/// while the lock is held.
///
/// # Errors
/// The I/O error of creating the folder or opening the file.
fn open_lock_file(path: &Path) -> io::Result<File> {
    fs::create_dir_all(parent_of(path))?;
    OpenOptions::new().read(true).write(true).create(true).truncate(false).open(with_suffix(path, ".lock"))
}

/// Takes an exclusive lock on `file` without waiting: `Ok(false)` when
/// another open file (in this process or another) holds one. The lock goes
/// when `file` is closed. Every lock of the store is taken here.
///
/// # Errors
/// The I/O error of locking, other than the lock being held.
fn try_lock(file: &File) -> io::Result<bool> {
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(true),
            Err(fs::TryLockError::WouldBlock) => return Ok(false),
            Err(fs::TryLockError::Error(e)) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(fs::TryLockError::Error(e)) => return Err(e),
        }
    }
}

/// How long [`update_locked`] waits for another process's lock (once a
/// process: after a wait that timed out it does not wait again).
pub const LOCK_PATIENCE: Duration = Duration::from_secs(10);

/// Updates the JSON file `path` under an exclusive lock: locks `NAME.lock`
/// (waiting for any other process that holds it), reads the file (a missing
/// file gives `T::default()`; a corrupt one is moved aside, reported in
/// [`Updated::warning`], and replaced by `T::default()`), applies `f`,
/// writes the result atomically, and unlocks. Every write of `path` is to
/// be one of these: each removes, once locked, the temporary files that
/// killed ones left.
///
/// # Errors
/// - [`StoreError::NewerVersion`]: the file is from a newer format version;
///   `f` is not called and nothing is written.
/// - [`StoreError::Io`]: the directory, the lock or the file could not be
///   created, locked, read or written (the file is then unchanged, and `f`
///   is not called when it could not be read).
pub fn update_locked<T, F>(path: &Path, f: F) -> Result<Updated<T>, StoreError>
where
    T: Default + Serialize + DeserializeOwned + Versioned,
    F: FnOnce(&mut T),
{
    update_locked_with(path, f, false, &mut || {})
}

/// [`update_locked`], waiting the whole [`LOCK_PATIENCE`] for another
/// process's lock even after an earlier wait of this process timed out:
/// for an update that must not be lost if it can be helped (a win counted
/// in the statistics, once a game). `waiting` is called once, when the
/// lock is found held (so that a player is told why nothing happens).
///
/// # Errors
/// As [`update_locked`].
pub fn update_locked_patiently<T, F>(path: &Path, f: F, waiting: &mut dyn FnMut()) -> Result<Updated<T>, StoreError>
where
    T: Default + Serialize + DeserializeOwned + Versioned,
    F: FnOnce(&mut T),
{
    update_locked_with(path, f, true, waiting)
}

fn update_locked_with<T, F>(
    path: &Path,
    f: F,
    patient: bool,
    waiting: &mut dyn FnMut(),
) -> Result<Updated<T>, StoreError>
where
    T: Default + Serialize + DeserializeOwned + Versioned,
    F: FnOnce(&mut T),
{
    let lock_err = |error| StoreError::Io { path: with_suffix(path, ".lock"), action: Action::Lock, error };
    // Held until this function returns, when the file is closed.
    let lock_file = open_lock_file(path).map_err(lock_err)?;
    // Another process holds the lock for the moment an update takes; one
    // that holds it much longer is stuck, and is not waited for forever.
    // After one such wait, later updates of this process do not wait again.
    // The wait polls (the blocking `File::lock` cannot be given a deadline).
    static GAVE_UP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let patience =
        if !patient && GAVE_UP.load(std::sync::atomic::Ordering::Relaxed) { Duration::ZERO } else { LOCK_PATIENCE };
    let deadline = std::time::Instant::now() + patience;
    let mut told = patience.is_zero();
    while !try_lock(&lock_file).map_err(lock_err)? {
        if !std::mem::replace(&mut told, true) {
            waiting();
        }
        if std::time::Instant::now() >= deadline {
            GAVE_UP.store(true, std::sync::atomic::Ordering::Relaxed);
            return Err(lock_err(own_io_error(io::ErrorKind::WouldBlock, OwnIoFault::LockHeldTooLong)));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // Every write of `path` is this function's, under this lock: what
    // temporary files it has are leftovers of killed updates.
    remove_temp_files_of(path);
    let (mut value, warning) = match read_json::<T>(path, IfCorrupt::MoveAside) {
        Ok(value) => (value.unwrap_or_default(), None),
        Err(e @ StoreError::Corrupt { .. }) => (T::default(), Some(e)),
        Err(e) => return Err(e),
    };
    f(&mut value);
    write_json(path, &value)?;
    Ok(Updated { value, warning })
}

/// A regular file that lines are appended to (a batch's results), opened
/// for reading and appending and locked (exclusive, without waiting) on
/// the file itself for as long as it is held, so that two batches never
/// write into the same file at once. Each line goes in with one write,
/// taken back if it fails part-way, so that a full disk leaves no torn line.
/// The lines are synced to the disk every [`SYNC_EVERY`] and by
/// [`AppendFile::sync`]: a kill loses nothing written, a power cut at most
/// the last few seconds.
#[derive(Debug)]
pub struct AppendFile {
    file: File,
    path: PathBuf,
    synced: std::time::Instant,
}

/// How often [`AppendFile::append_line`] syncs the lines appended to the
/// disk: a few seconds, so that syncing costs nothing next to solving.
pub const SYNC_EVERY: Duration = Duration::from_secs(5);

/// Largest block read at a time when looking back for the last newline.
const TAIL_BLOCK: usize = 64 * 1024;

impl AppendFile {
    /// Opens `path` (creating it, empty, when missing) and locks it:
    /// `Ok(None)` when another process holds its lock (another batch is
    /// writing it), as [`try_lock_beside`] says.
    ///
    /// # Errors
    /// [`StoreError::Io`], the file unchanged: it could not be opened (or
    /// created) for reading and appending ([`Action::Write`]), or locking
    /// it failed ([`Action::Lock`]).
    pub fn open(path: &Path) -> Result<Option<AppendFile>, StoreError> {
        let failed = |action, error| StoreError::Io { path: path.to_path_buf(), action, error };
        let file =
            OpenOptions::new().create(true).append(true).read(true).open(path).map_err(|e| failed(Action::Write, e))?;
        Ok(try_lock(&file).map_err(|e| failed(Action::Lock, e))?.then(|| AppendFile {
            file,
            path: path.to_path_buf(),
            synced: std::time::Instant::now(),
        }))
    }

    /// Calls `each` with every line of the file from its start (with its
    /// line ending, the last one possibly without), read a line at a time:
    /// a results file may be large.
    ///
    /// # Errors
    /// The I/O error of reading (`each` has then seen the lines before it).
    pub fn read_lines(&self, mut each: impl FnMut(&str)) -> io::Result<()> {
        use io::{BufRead, Seek};
        let mut reader = io::BufReader::new(&self.file);
        reader.seek(io::SeekFrom::Start(0))?;
        // Bytes, not text: a line that is not UTF-8 (a stray byte) is one
        // more line that is no result, said and kept like any other.
        let mut line = Vec::new();
        loop {
            line.clear();
            if reader.read_until(b'\n', &mut line)? == 0 {
                return Ok(());
            }
            each(&String::from_utf8_lossy(&line));
        }
    }

    /// Ends a last line that has no newline with one.
    ///
    /// # Errors
    /// The I/O error of the write.
    pub fn end_last_line(&self) -> io::Result<()> {
        (&self.file).write_all(b"\n")
    }

    /// Cuts off a last line that does not end in a newline (what a writer
    /// killed in the middle of a line left). Returns how many bytes were
    /// cut: 0 when the file is empty or ends in a newline.
    ///
    /// # Errors
    /// The I/O error of reading or truncating; the file is then as it was.
    pub fn cut_torn_line(&self) -> io::Result<u64> {
        use io::{Read, Seek};
        let len = self.file.metadata()?.len();
        if len == 0 {
            return Ok(0);
        }
        // The last newline, read backwards in blocks.
        let mut reader = &self.file;
        let mut end = len;
        let mut keep = 0;
        let mut block = vec![0u8; TAIL_BLOCK];
        while end > 0 {
            let start = end.saturating_sub(TAIL_BLOCK as u64);
            // At most TAIL_BLOCK, so it fits in a usize.
            let n = (end - start) as usize;
            reader.seek(io::SeekFrom::Start(start))?;
            reader.read_exact(&mut block[..n])?;
            if end == len && block[n - 1] == b'\n' {
                return Ok(0);
            }
            if let Some(i) = block[..n].iter().rposition(|&b| b == b'\n') {
                keep = start + i as u64 + 1;
                break;
            }
            end = start;
        }
        self.file.set_len(keep)?;
        Ok(len - keep)
    }

    /// Appends `line` and a newline in one write; a write that fails
    /// part-way is taken back (the file cut to its length before). Syncs
    /// the file when it was last synced [`SYNC_EVERY`] ago or more.
    ///
    /// # Errors
    /// The I/O error of the write (or of reading the file's length first,
    /// or of the sync).
    pub fn append_line(&mut self, line: &str) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let before = self.file.metadata()?.len();
        if let Err(e) = (&self.file).write_all(&bytes) {
            let _ = self.file.set_len(before);
            return Err(e);
        }
        if self.synced.elapsed() >= SYNC_EVERY {
            self.sync()?;
        }
        Ok(())
    }

    /// Syncs the lines appended so far to the disk (at the end of a batch).
    ///
    /// # Errors
    /// The I/O error of the sync.
    pub fn sync(&mut self) -> io::Result<()> {
        self.file.sync_data()?;
        self.synced = std::time::Instant::now();
        crash_point("synced", &self.path);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_s_json_is_judged_in_words() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Saved {
            draw: u8,
        }
        let said = |text: &str| Damage::Json(serde_json::from_str::<Saved>(text).unwrap_err()).to_string();
        assert_eq!(said("root:x:0:0"), "it is not JSON");
        assert_eq!(
            said("{\"draw\": 1}\n{\"draw\": 3}\n"),
            "it holds several JSON values, one after another, as a batch's results do"
        );
        // A deal file starts with what reads as a number (helper report:
        // it was said to hold several JSON values).
        let as_value =
            |text: &str| Damage::Json(serde_json::from_str::<serde_json::Value>(text).unwrap_err()).to_string();
        assert_eq!(as_value("7C 7D 7H\n"), "it is not JSON");
        assert_eq!(as_value("1 2\n"), "it is not JSON");
        assert_eq!(as_value("{}\n{}\n"), "it holds several JSON values, one after another, as a batch's results do");
        assert_eq!(said("{\"draw\": 1,"), "it is cut short");
        assert_eq!(said("{}"), "its field draw is missing");
        assert_eq!(
            said("{\"draw\": -5, \"passes\": null, \"foundation_to_tableau\": true}"),
            "one of its values is not one a klondike file holds"
        );
        // As `read_json` reads a value of its file.
        fn in_field<T: serde::de::DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            let e = serde_path_to_error::deserialize::<_, T>(value).unwrap_err();
            Damage::Field(e.path().to_string(), e.into_inner()).to_string()
        }
        let draw = "its field draw holds a value that no klondike file holds: it takes a whole number, 0 or more";
        assert_eq!(in_field::<Saved>("{\"draw\": -5}"), draw);
        assert_eq!(in_field::<Saved>("{\"draw\": \"one\"}"), draw);
        assert_eq!(in_field::<Saved>("{\"draw\": 1.5}"), draw);
        assert_eq!(in_field::<Saved>("{}"), "its field draw is missing");
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Moves {
            moves: Vec<String>,
            on: bool,
        }
        assert_eq!(
            in_field::<Moves>("{\"moves\": [\"d\", 5], \"on\": true}"),
            "entry 2 of its field moves holds a value that no klondike file holds: it takes text in quotes"
        );
        assert_eq!(
            in_field::<Moves>("{\"moves\": [], \"on\": \"yes\"}"),
            "its field on holds a value that no klondike file holds: it takes true or false"
        );
    }
}
