//! The words of the store's errors: each says itself, as it did when the
//! presentation layer worded it.

use std::io::{Error, ErrorKind};
use std::path::{Path, PathBuf};

use klondike::app::store::{Action, Damage, FolderProblem, OwnIoFault, Problem, StoreError};

#[test]
fn a_file_that_cannot_be_read_says_so_not_that_it_is_something_else() {
    let denied = Problem::Unreadable(Error::from(ErrorKind::PermissionDenied));
    assert_eq!(denied.to_string(), "no permission to read it");
    let other = Problem::Unreadable(Error::other("the disk fell off"));
    assert_eq!(other.to_string(), "it cannot be read (the disk fell off)");
}

#[test]
fn stored_files_reasons_keep_their_words() {
    assert_eq!(Damage::TooLarge.to_string(), "larger than 1 MiB, far more than any of ours");
    assert_eq!(
        Problem::NotASavedGame(Damage::NoFormatVersion).to_string(),
        "it is not a saved game (it has no format_version, so it is not a klondike file)"
    );
    let folder = Error::new(ErrorKind::IsADirectory, OwnIoFault::IsAFolder);
    assert_eq!(Problem::Unreadable(folder).to_string(), "it is a folder");
    let held = Error::new(ErrorKind::WouldBlock, OwnIoFault::LockHeldTooLong);
    let e = StoreError::Io { path: PathBuf::from("s.json.lock"), action: Action::Lock, error: held };
    assert_eq!(e.to_string(), "could not lock s.json.lock: another process has held it for over 10 seconds");
    let full = Error::from(ErrorKind::StorageFull);
    let p = FolderProblem::Io { dir: Path::new("d"), error: &full };
    assert_eq!(p.to_string(), "cannot save in d: the disk is full");
    let p = FolderProblem::FileIsAFolder { dir: Path::new("d"), name: "a.json".into() };
    assert_eq!(p.to_string(), "cannot save in d: a.json is a folder, not a file");
}
