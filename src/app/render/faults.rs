//! What the store's errors say: a stored file that could not be used, a
//! corrupt one, a file the user named that cannot be read. (Every other
//! error of the library says itself, at its variants; the store's follow
//! when its rework allows.)

use crate::app::store::{
    Action, Damage, FolderProblem, OwnIoFault, Problem, StoreError, TextFile, TextFileError, MAX_STORED,
};

/// What a text file the user named is called in an error ("deal file").
pub fn text_file(what: TextFile) -> &'static str {
    match what {
        TextFile::Deal => "deal file",
        TextFile::Games => "games file",
        TextFile::Moves => "moves file",
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

pub use crate::app::io_text::io_words;

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
