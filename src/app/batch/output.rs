//! Where a batch writes its results: a regular file, locked, read back to
//! resume the batch and repaired where a killed batch left a line cut
//! short (see [`Resume`]); or standard output, a pipe, a FIFO or a device,
//! written as it is.
//!
//! The binary only names the file; what is said of a failure is
//! [`render::solve_report`](crate::app::render::solve_report)'s.

use std::collections::{HashMap, HashSet};
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{BatchVerdict, Resume, SearchBudget, Tail};
use crate::app::store::{Action, AppendFile, StoreError};
use crate::engine::deal::GameNumber;
use crate::engine::rules::Rules;

/// Where a batch writes its results, one JSON line each.
pub enum Output {
    /// A regular file, locked for as long as this is held; each result
    /// goes in with one write (see [`AppendFile::append_line`]).
    File {
        /// The file.
        file: AppendFile,
        /// Its name, as given.
        path: PathBuf,
    },
    /// Standard output (`path` `None`), a pipe, a FIFO or a device.
    Other {
        /// Where the lines go.
        out: Box<dyn Write + Send>,
        /// Its name, as given; `None` for standard output.
        path: Option<PathBuf>,
    },
}

/// An [`Output`] opened for a batch, and what its file held already.
pub struct Opened {
    /// Where the results go.
    pub output: Output,
    /// The games the file holds a result for under the batch's rules (with
    /// `retry_unknown`, a decided result): the batch skips them.
    pub done: HashSet<GameNumber>,
    /// The verdict of each game of `done` ([`Resumed::verdicts`]).
    pub verdicts: HashMap<GameNumber, BatchVerdict>,
    /// The lines (1-based) of the file that are not results, kept as they are.
    pub ignored: Vec<usize>,
    /// The bytes of a result cut short at the end of the file, cut off
    /// (0 when there was none).
    pub cut: u64,
}

/// Why a batch cannot write its results; the file is as it was (except
/// after [`OutputError::Write`], where the line is taken back).
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The file cannot be opened (or made) for writing.
    #[error("cannot open '{}' for writing", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        error: io::Error,
    },
    /// Another batch holds the file's lock.
    #[error("'{}' is being written by another batch; wait for it to end, or name another file", .0.display())]
    Busy(PathBuf),
    /// The folder the file would go in does not exist.
    #[error("cannot write to '{}': its folder does not exist", .0.display())]
    NoFolder(PathBuf),
    /// What would be the file's folder is a file.
    #[error("cannot write to '{}': '{}' is a file, not a folder", .0.display(), .1.display())]
    FolderIsFile(PathBuf, PathBuf),
    /// The file is write-protected: results are not added to it, even by
    /// a user the system would let (as `save` does not replace one).
    #[error("'{}' is write-protected; make it writable or name another file", .0.display())]
    WriteProtected(PathBuf),
    /// One of klondike's own files in its data folder (the saved game, the
    /// statistics, the history, a lock file): results written there would
    /// spoil it, and a lock file holding results blocks the saving and
    /// counting of games.
    #[error("'{}' is one of klondike's own files (the saved game, the statistics, the history or a lock); name another file", .0.display())]
    OwnFile(PathBuf),
    /// Locking the file failed.
    #[error("cannot lock '{}'", path.display())]
    Lock {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        error: io::Error,
    },
    /// Reading the file back failed.
    #[error("cannot read '{}'", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        error: io::Error,
    },
    /// The file holds no result and a line that is not one: some other
    /// file (a moves file, a saved game), never appended to.
    #[error("'{}' is not a file of results (line {line} is not one): name a new file, or one a batch wrote", path.display())]
    NotResults {
        /// The file.
        path: PathBuf,
        /// The first line (1-based) that is not a result.
        line: usize,
    },
    /// Ending the file's last line, or cutting off its torn one, failed.
    #[error("cannot repair '{}'", path.display())]
    Repair {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        error: io::Error,
    },
    /// A result could not be written to a file; `error` is said in words.
    #[error("cannot write to '{}': {}", path.display(), crate::app::io_text::io_words(error))]
    WriteFile {
        /// The file.
        path: PathBuf,
        /// Why (not a source: [`crate::app::io_text::io_words`] says it).
        error: io::Error,
    },
    /// A result could not be written to standard output (`path` `None`), a
    /// pipe, a FIFO or a device.
    #[error("cannot write to {}", path.as_ref().map_or_else(|| "standard output".to_string(), |p| format!("'{}'", p.display())))]
    Write {
        /// Where; `None` for standard output.
        path: Option<PathBuf>,
        /// Why (a closed reader is [`io::ErrorKind::BrokenPipe`]).
        #[source]
        error: io::Error,
    },
}

impl Output {
    /// Opens `path` (standard output when `None`) for a batch under `rules`.
    /// A regular file (or a missing one, made empty) is locked, read back
    /// (with `retry`, the budget of a retry, unknown results made under a
    /// smaller budget do not count as done), its
    /// last line ended or, when cut short, cut off. Anything else (a pipe,
    /// a FIFO, a device) is opened for writing only: held open for reading
    /// too, a closed reader's pipe would never fail and the batch would hang.
    ///
    /// # Errors
    /// Any [`OutputError`] but the two write errors; the file is unchanged.
    pub fn open(path: Option<&Path>, rules: &Rules, retry: Option<SearchBudget>) -> Result<Opened, OutputError> {
        let Some(path) = path else {
            let output = Output::Other { out: Box::new(io::stdout()), path: None };
            return Ok(Opened { output, done: HashSet::new(), verdicts: HashMap::new(), ignored: Vec::new(), cut: 0 });
        };
        if crate::app::store::data_dir().is_some_and(|dir| crate::app::store::is_data_file(path, &dir)) {
            return Err(OutputError::OwnFile(path.to_path_buf()));
        }
        let regular = fs::metadata(path).map_or(true, |m| m.is_file());
        let path = path.to_path_buf();
        if !regular {
            let open = OpenOptions::new().write(true).open(&path);
            let file = match open {
                Ok(file) => file,
                Err(error) => return Err(OutputError::Open { path, error }),
            };
            let output = Output::Other { out: Box::new(file), path: Some(path) };
            return Ok(Opened { output, done: HashSet::new(), verdicts: HashMap::new(), ignored: Vec::new(), cut: 0 });
        }
        if crate::app::store::is_write_protected(&path) {
            return Err(OutputError::WriteProtected(path));
        }
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if folder.is_file() {
            let folder = folder.to_path_buf();
            return Err(OutputError::FolderIsFile(path, folder));
        }
        if !folder.is_dir() {
            return Err(OutputError::NoFolder(path));
        }
        let file = match AppendFile::open(&path) {
            Ok(Some(file)) => file,
            Ok(None) => return Err(OutputError::Busy(path)),
            Err(StoreError::Io { action: Action::Lock, error, .. }) => return Err(OutputError::Lock { path, error }),
            Err(StoreError::Io { error, .. }) => return Err(OutputError::Open { path, error }),
            // Opening and locking are all it does: nothing else can fail.
            Err(e) => return Err(OutputError::Open { path, error: io::Error::other(e.to_string()) }),
        };
        // First make sure it is a file of results, then repair its end.
        let mut resume = match retry {
            Some(budget) => Resume::retrying_unknown(*rules, budget),
            None => Resume::new(*rules),
        };
        if let Err(error) = file.read_lines(|line| resume.line(line)) {
            return Err(OutputError::Read { path, error });
        }
        let resumed = match resume.finish() {
            Ok(resumed) => resumed,
            Err(e) => return Err(OutputError::NotResults { path, line: e.line }),
        };
        let repaired = match resumed.tail {
            Tail::Whole => Ok(0),
            Tail::NoNewline => file.end_last_line().map(|()| 0),
            Tail::Torn => file.cut_torn_line(),
        };
        let cut = match repaired {
            Ok(cut) => cut,
            Err(error) => return Err(OutputError::Repair { path, error }),
        };
        Ok(Opened {
            output: Output::File { file, path },
            done: resumed.done,
            verdicts: resumed.verdicts,
            ignored: resumed.ignored,
            cut,
        })
    }

    /// Writes `line` and a newline in one write (to a file, taken back if
    /// it fails part-way).
    ///
    /// # Errors
    /// [`OutputError::WriteFile`] or [`OutputError::Write`].
    pub fn write_line(&mut self, line: &str) -> Result<(), OutputError> {
        match self {
            Output::File { file, path } => {
                file.append_line(line).map_err(|error| OutputError::WriteFile { path: path.clone(), error })
            }
            Output::Other { out, path } => {
                let mut bytes = Vec::with_capacity(line.len() + 1);
                bytes.extend_from_slice(line.as_bytes());
                bytes.push(b'\n');
                out.write_all(&bytes)
                    .and_then(|()| out.flush())
                    .map_err(|error| OutputError::Write { path: path.clone(), error })
            }
        }
    }
}

impl Output {
    /// Ends the batch's writing: a file's lines are synced to the disk;
    /// anything else is flushed.
    ///
    /// # Errors
    /// [`OutputError::WriteFile`] or [`OutputError::Write`].
    pub fn finish(&mut self) -> Result<(), OutputError> {
        match self {
            Output::File { file, path } => {
                file.sync().map_err(|error| OutputError::WriteFile { path: path.clone(), error })
            }
            Output::Other { out, path } => {
                out.flush().map_err(|error| OutputError::Write { path: path.clone(), error })
            }
        }
    }
}

impl OutputError {
    /// A closed reader (a pipe whose reader is gone): the batch ends quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, OutputError::Write { error, .. } | OutputError::WriteFile { error, .. }
            if error.kind() == io::ErrorKind::BrokenPipe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::batch::Solved;
    use crate::engine::solver::{Solution, Verdict};

    fn result(game: u128) -> String {
        let solved = Solved {
            game: GameNumber::new(game),
            rules: Rules::default(),
            solution: Solution { verdict: Verdict::Unwinnable, states: 3, peak_memory_bytes: 7 },
            seconds: 0.5,
            cpu_seconds: None,
            budget: None,
        };
        serde_json::to_string(&solved.record()).unwrap()
    }

    #[test]
    fn a_results_file_is_resumed_repaired_and_appended_to() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        // Game 1 whole, a note, a stray byte, then game 2 cut short by a kill.
        let text = [format!("{}\n# note\n", result(1)).as_bytes(), b"\xff\n", &result(2).as_bytes()[..25]].concat();
        fs::write(&path, &text).unwrap();
        let mut opened = Output::open(Some(&path), &Rules::default(), None).unwrap();
        assert_eq!(
            (opened.done.clone(), opened.ignored.clone(), opened.cut),
            ([GameNumber::ONE].into(), vec![2, 3], 25)
        );
        // A second batch on the same file is refused while this one holds it.
        assert!(matches!(Output::open(Some(&path), &Rules::default(), None), Err(OutputError::Busy(_))));
        opened.output.write_line(&result(2)).unwrap();
        drop(opened);
        let kept =
            [format!("{}\n# note\n", result(1)).as_bytes(), b"\xff\n", format!("{}\n", result(2)).as_bytes()].concat();
        assert_eq!(fs::read(&path).unwrap(), kept);
    }

    #[test]
    fn a_file_that_holds_no_result_is_refused_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("moves.txt");
        fs::write(&path, "d\nw 3\n").unwrap();
        let err = Output::open(Some(&path), &Rules::default(), None).err().unwrap();
        assert!(matches!(err, OutputError::NotResults { line: 1, .. }), "{err:?}");
        assert!(err.to_string().contains("is not a file of results (line 1"), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "d\nw 3\n");
        // A folder is no file to write to.
        let err = Output::open(Some(dir.path()), &Rules::default(), None).err().unwrap();
        assert!(matches!(err, OutputError::Open { .. }), "{err:?}");
    }

    #[test]
    fn a_closed_reader_is_a_broken_pipe_and_nothing_else_is() {
        let pipe = OutputError::Write { path: None, error: io::ErrorKind::BrokenPipe.into() };
        let full = OutputError::Write { path: None, error: io::ErrorKind::StorageFull.into() };
        assert!(pipe.is_broken_pipe() && !full.is_broken_pipe());
        assert_eq!(full.to_string(), "cannot write to standard output");
    }
}
