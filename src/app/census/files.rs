//! The files of a census: the folder of its batch files, the batch files
//! counted, and the verdict file written from them. Each is checked before
//! any work, so that a census never writes over what it counts.
//!
//! Each failure says itself ([`FilesError`]), naming the file and what to
//! do instead.

use std::fs::{self, File};
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};

use super::{batch_file_name, Census, Verdicts, VerdictsError};
use crate::app::batch::Shard;
use crate::app::lines::PlainLines;
use crate::app::session::Input;
use crate::engine::rules::Rules;

/// Why the files of a census cannot be used; nothing has been written.
#[derive(Debug, thiserror::Error)]
pub enum FilesError {
    /// The folder for the batch files is a file.
    #[error("cannot keep the batch files in '{}': it is not a folder; name a folder with --dir", .0.display())]
    NotAFolder(PathBuf),
    /// The folder for the batch files cannot be made.
    #[error("cannot make the folder '{}'", path.display())]
    MakeFolder {
        /// The folder.
        path: PathBuf,
        /// Why.
        #[source]
        error: io::Error,
    },
    /// A batch file cannot be read.
    #[error("cannot read '{}'", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        error: io::Error,
    },
    /// A file named to be counted has lines and none is a result.
    #[error("'{}' holds no results to count ({}): give files that `solve --games ... --output` or a census wrote", path.display(), none_of(*lines))]
    NoResults {
        /// The file.
        path: PathBuf,
        /// Its lines that are not results (all of them).
        lines: usize,
    },
    /// A file named to be counted starts as a verdict file (its first line
    /// that is not a comment is a `variants` line) and is not one.
    #[error("'{}' is not a verdict file that can be counted: {error}", path.display())]
    BadVerdicts {
        /// The file.
        path: PathBuf,
        /// The first line that is wrong, and how.
        error: VerdictsError,
    },
    /// A file named to be read or written is not a regular file (a folder,
    /// a device, or for the verdict file a pipe): a device such as
    /// `/dev/zero` never ends.
    #[error("'{}' is not a regular file (a folder, a device or a pipe): name a file", .0.display())]
    NotARegularFile(PathBuf),
    /// A batch file of the census's folder holds something other than
    /// results (found before any work, not when its setting comes).
    #[error("'{}' in the census's folder is not a file of results (line {line} is not one): move it out of the folder, or give another --dir", path.display())]
    NotABatchFile {
        /// The file.
        path: PathBuf,
        /// The first line (1-based) that is not a result.
        line: usize,
    },
    /// The verdict file is one of the batch files counted or made.
    #[error("will not write the verdicts to '{}': it is one of the batch files counted, and its results would be lost; name another file", .0.display())]
    VerdictFileCounted(PathBuf),
    /// The verdict file holds decided verdicts that the new one would not
    /// hold the same (a smaller range, fewer settings, or it was not
    /// counted): it is kept.
    #[error("will not write the verdicts to '{}': {lost} verdict(s) it holds would be lost or changed (the first: game {game}, {rules}); count it too, over a range and settings that cover it, or name another file", path.display())]
    VerdictsLost {
        /// The file.
        path: PathBuf,
        /// How many of its verdicts would be lost or changed.
        lost: usize,
        /// The first of them: the game and its rules.
        game: crate::engine::deal::GameNumber,
        /// The rules setting of that verdict.
        rules: Rules,
    },
    /// A klondike process holds a lock on the verdict file (a batch
    /// writing its results there, a session's lock file): it is in use.
    #[error("will not write the verdicts to '{}': a klondike process is using it (a batch writing its results, say), and what it holds would be lost; name another file", .0.display())]
    InUse(PathBuf),
    /// The verdict file or the picture's file is write-protected: it is
    /// not replaced, as `cp` without `-f` would not.
    #[error("will not write over '{}': it is write-protected; make it writable or name another file", .0.display())]
    WriteProtected(PathBuf),
    /// The verdict file is one of klondike's files in its data folder (the
    /// autosave, the statistics, the history, a lock file).
    #[error("will not write the verdicts to '{}': it is one of klondike's own files (the saved game, the statistics, the history or a lock); name another file", .0.display())]
    OwnFile(PathBuf),
    /// The verdict file exists and holds something else than verdicts.
    #[error("will not write the verdicts to '{}': it holds something other than census verdicts, which would be lost; name another file", .0.display())]
    NotAVerdictFile(PathBuf),
    /// The picture's file is not named as an SVG file.
    #[error("'{}' is not an SVG file's name: the picture is SVG, so name a file ending in .svg", .0.display())]
    PlotNotSvg(PathBuf),
    /// The picture's file is the verdict file.
    #[error("will not draw the picture over '{}': it is the verdict file; name another file", .0.display())]
    PlotIsVerdictFile(PathBuf),
    /// The verdict file's folder does not exist.
    #[error("will not write the verdicts to '{}': its folder does not exist", .0.display())]
    VerdictFolderMissing(PathBuf),
    /// The picture's folder does not exist.
    #[error("cannot draw the picture in '{}': its folder does not exist", .0.display())]
    PlotFolderMissing(PathBuf),
    /// The picture's file exists and is not a picture (an SVG file), or is
    /// one of the files counted.
    #[error("will not draw the picture over '{}': it holds something other than a picture, which would be lost; name another file", .0.display())]
    PlotHoldsOther(PathBuf),
}

/// Checks the file `--plot` is to draw in, before any work: named
/// `….svg`, in a folder that exists, not one of the `files` counted, and
/// either not there yet or a regular file that holds a picture already (an
/// SVG file, drawn before) or nothing. Returns the file to write: through
/// a symbolic link, its target.
///
/// # Errors
/// [`FilesError::PlotNotSvg`], [`FilesError::PlotFolderMissing`],
/// [`FilesError::NotARegularFile`] (a folder, a device),
/// [`FilesError::PlotHoldsOther`], [`FilesError::Read`].
pub fn check_plot_file(path: &Path, files: &[PathBuf]) -> Result<PathBuf, FilesError> {
    if !path.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")) {
        return Err(FilesError::PlotNotSvg(path.to_path_buf()));
    }
    if crate::app::store::is_one_of(path, files) {
        return Err(FilesError::PlotHoldsOther(path.to_path_buf()));
    }
    let target = match fs::canonicalize(path) {
        Ok(target) => target,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            return if folder.is_dir() {
                Ok(path.to_path_buf())
            } else {
                Err(FilesError::PlotFolderMissing(path.to_path_buf()))
            };
        }
        Err(error) => return Err(FilesError::Read { path: path.to_path_buf(), error }),
    };
    if !fs::metadata(&target).is_ok_and(|m| m.is_file()) {
        return Err(FilesError::NotARegularFile(path.to_path_buf()));
    }
    if crate::app::store::is_write_protected(&target) {
        return Err(FilesError::WriteProtected(path.to_path_buf()));
    }
    let mut start = [0u8; 256];
    let read = File::open(&target)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut start))
        .map_err(|error| FilesError::Read { path: path.to_path_buf(), error })?;
    let text = String::from_utf8_lossy(&start[..read]);
    let picture = text.trim_start().starts_with("<svg") || text.trim_start().starts_with("<?xml");
    if read == 0 || picture {
        Ok(target)
    } else {
        Err(FilesError::PlotHoldsOther(path.to_path_buf()))
    }
}

/// "its one line is not a result", "none of its 5 lines is a result": a
/// file with `lines` lines and no result.
fn none_of(lines: usize) -> String {
    if lines == 1 {
        "its one line is not a result".to_string()
    } else {
        format!("none of its {lines} lines is a result")
    }
}

/// The batch file in the folder `dir` of each rules setting of `variants`
/// (for `shard`), in that order; the folder is made when missing.
///
/// # Errors
/// [`FilesError::NotAFolder`] or [`FilesError::MakeFolder`].
pub fn batch_files(dir: &Path, variants: &[Rules], shard: Option<Shard>) -> Result<Vec<PathBuf>, FilesError> {
    if dir.exists() && !dir.is_dir() {
        return Err(FilesError::NotAFolder(dir.to_path_buf()));
    }
    fs::create_dir_all(dir).map_err(|error| FilesError::MakeFolder { path: dir.to_path_buf(), error })?;
    Ok(variants.iter().map(|rules| dir.join(batch_file_name(rules, shard))).collect())
}

/// Checks the census's batch files (`batches`, one for each of
/// `variants`, in order) that are there already, before any work: each
/// must be a regular file of results, as the batch of its setting will
/// find it (a file that holds none, and a line that is not one, is some
/// other file). Found only when its setting came, such a file stopped a
/// census after the settings before it were solved.
///
/// # Errors
/// [`FilesError::NotABatchFile`], [`FilesError::NotARegularFile`],
/// [`FilesError::Read`].
pub fn check_batch_files(batches: &[PathBuf], variants: &[Rules]) -> Result<(), FilesError> {
    use std::io::BufRead;
    for (path, rules) in batches.iter().zip(variants) {
        let Ok(meta) = fs::metadata(path) else { continue };
        if !meta.is_file() {
            return Err(FilesError::NotARegularFile(path.clone()));
        }
        let read_error = |error| FilesError::Read { path: path.clone(), error };
        let mut reader = BufReader::new(File::open(path).map_err(read_error)?);
        let mut resume = crate::app::batch::Resume::new(*rules);
        let mut line = Vec::new();
        loop {
            line.clear();
            if reader.read_until(b'\n', &mut line).map_err(read_error)? == 0 {
                break;
            }
            resume.line(&String::from_utf8_lossy(&line));
        }
        if let Err(e) = resume.finish() {
            return Err(FilesError::NotABatchFile { path: path.clone(), line: e.line });
        }
    }
    Ok(())
}

/// Longest line read from a file, in bytes (a batch line with its moves
/// is a few kilobytes): a longer one is read past, never held, and is no
/// result.
const MAX_FILE_LINE: usize = 1 << 20;

/// What a file read line by line turned out to be.
enum Contents {
    /// Batch lines, counted as they were read: results, and lines that
    /// are not results.
    Batch(super::Added),
    /// A verdict file (its first line that is neither blank nor a `#`
    /// comment is the `variants` line; a batch line is JSON, so it never
    /// starts so), read whole.
    Verdicts(Verdicts),
}

/// Opens `path` for reading: a regular file, or (when `pipes`) a pipe,
/// which ends when its writer closes it. Anything else is refused: a folder,
/// or a device such as `/dev/zero` that would be read for ever.
fn open_file(path: &Path, pipes: bool) -> Result<File, FilesError> {
    let read_error = |error| FilesError::Read { path: path.to_path_buf(), error };
    let meta = fs::metadata(path).map_err(read_error)?;
    #[cfg(unix)]
    let pipe = pipes && std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type());
    #[cfg(not(unix))]
    let pipe = pipes && false;
    if !meta.is_file() && !pipe {
        return Err(FilesError::NotARegularFile(path.to_path_buf()));
    }
    File::open(path).map_err(read_error)
}

/// Reads `path` a line at a time ([`PlainLines`]: no line longer than
/// [`MAX_FILE_LINE`] is kept, bad UTF-8 is replaced, a byte-order mark at
/// the start is read past), counting batch lines into `census` as they
/// come, or reading the whole verdict file.
fn read_file(path: &Path, pipes: bool, census: &mut Census) -> Result<Contents, FilesError> {
    let read_error = |error| FilesError::Read { path: path.to_path_buf(), error };
    // `-` is standard input, as for the other files a command reads.
    let reader: Box<dyn io::Read> =
        if path == Path::new("-") { Box::new(io::stdin().lock()) } else { Box::new(open_file(path, pipes)?) };
    let mut lines = PlainLines::with_max_line(BufReader::new(reader), MAX_FILE_LINE);
    let mut added = super::Added::default();
    let mut verdicts: Option<Verdicts> = None;
    let mut comments = 0;
    let mut decided = false;
    let mut number = 0;
    loop {
        let (text, too_long) = match lines.next_line().map_err(read_error)? {
            Input::Text(text) => (text, false),
            Input::TooLong(text) => (text, true),
            Input::End => break,
            // Not made by plain lines (bad bytes are replaced).
            _ => (String::new(), true),
        };
        number += 1;
        let line = text.trim();
        if !decided {
            if line.is_empty() {
                continue;
            }
            if line.starts_with('#') {
                comments += 1;
                continue;
            }
            decided = true;
            if line.split_whitespace().next() == Some("variants") {
                verdicts = Some(Verdicts::default());
            } else {
                added.not_results += comments;
            }
        }
        if let Some(v) = verdicts.as_mut() {
            let read = if too_long { Err(VerdictsError::TooLong { line: number }) } else { v.read_line(number, line) };
            read.map_err(|error| FilesError::BadVerdicts { path: path.to_path_buf(), error })?;
        } else if too_long {
            added.not_results += 1;
        } else {
            census.count_line(line, &mut added);
        }
    }
    if !decided {
        added.not_results += comments;
    }
    Ok(match verdicts {
        Some(v) => Contents::Verdicts(v),
        None => Contents::Batch(added),
    })
}

/// Refuses a verdict file `path` that is one of the batch `files` counted
/// (or made), one of klondike's files in its data folder, a file a
/// klondike process holds a lock on, or an existing file that is not a verdict file (or not a
/// regular file): writing the verdicts would replace what it holds. A
/// missing file is fine; an existing verdict file's verdicts are returned,
/// so that it is written over only if the new one holds every decided
/// verdict it holds ([`Census::verdicts_lost`]). A verdict file among the
/// files counted is fine too: it is counted, then written again.
///
/// # Errors
/// [`FilesError::VerdictFileCounted`], [`FilesError::NotAVerdictFile`],
/// [`FilesError::InUse`], [`FilesError::OwnFile`],
/// [`FilesError::NotARegularFile`] or [`FilesError::Read`].
pub fn check_verdict_file(path: &Path, files: &[PathBuf]) -> Result<Option<Verdicts>, FilesError> {
    use crate::app::store;
    if store::data_dir().is_some_and(|dir| store::is_data_file(path, &dir)) {
        return Err(FilesError::OwnFile(path.to_path_buf()));
    }
    // Held by another process (a batch whose results file is still empty
    // would lose every result): whatever it holds, it is not replaced.
    if store::is_held(path) {
        return Err(FilesError::InUse(path.to_path_buf()));
    }
    if store::is_write_protected(path) {
        return Err(FilesError::WriteProtected(path.to_path_buf()));
    }
    let counted = store::is_one_of(path, files);
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // Not there yet: a batch file the census is about to make?
            if counted {
                return Err(FilesError::VerdictFileCounted(path.to_path_buf()));
            }
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            return if folder.is_dir() { Ok(None) } else { Err(FilesError::VerdictFolderMissing(path.to_path_buf())) };
        }
        Err(error) => return Err(FilesError::Read { path: path.to_path_buf(), error }),
        Ok(_) => {}
    }
    match read_file(path, false, &mut Census::default()) {
        Ok(Contents::Verdicts(v)) => Ok(Some(v)),
        Ok(Contents::Batch(added)) if added.results == 0 && added.not_results == 0 => Ok(None),
        Ok(Contents::Batch(_)) | Err(FilesError::BadVerdicts { .. }) if counted => {
            Err(FilesError::VerdictFileCounted(path.to_path_buf()))
        }
        Ok(Contents::Batch(_)) | Err(FilesError::BadVerdicts { .. }) => {
            Err(FilesError::NotAVerdictFile(path.to_path_buf()))
        }
        Err(e) => Err(e),
    }
}

impl Census {
    /// Counts the results of each of `files`: batch files, or verdict files
    /// ([`Census::verdict_file`], such as `src/app/census/verdicts.txt`, counted
    /// with [`Census::add_verdicts`]); returns the batch files that had
    /// lines that are not results, each with how many (those lines are
    /// left out), in the order given.
    ///
    /// # Errors
    /// [`FilesError::Read`]; [`FilesError::NoResults`] for a file that
    /// holds lines and no result (a moves file named by mistake);
    /// [`FilesError::BadVerdicts`] for a verdict file with a line that is
    /// wrong. Files before the one that fails are counted.
    pub fn add_files(&mut self, files: &[PathBuf]) -> Result<Vec<(PathBuf, usize)>, FilesError> {
        let mut skipped = Vec::new();
        for path in files {
            // A line that is not UTF-8 is one more line that is no result.
            let added = match read_file(path, true, self)? {
                Contents::Verdicts(verdicts) => {
                    self.add_verdicts(&verdicts);
                    continue;
                }
                Contents::Batch(added) => added,
            };
            if added.holds_no_results() {
                return Err(FilesError::NoResults { path: path.clone(), lines: added.not_results });
            }
            if added.not_results > 0 {
                skipped.push((path.clone(), added.not_results));
            }
        }
        Ok(skipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_is_drawn_only_where_nothing_would_be_lost() {
        let dir = tempfile::tempdir().unwrap();
        let svg = dir.path().join("census.svg");
        // Not there yet, in a folder that exists: drawn there.
        assert_eq!(check_plot_file(&svg, &[]).unwrap(), svg);
        // A picture drawn before (or an empty file) is drawn over.
        fs::write(&svg, "<svg width=\"1\"></svg>").unwrap();
        assert_eq!(check_plot_file(&svg, &[]).unwrap(), fs::canonicalize(&svg).unwrap());
        // Anything else is kept: another file, a batch file counted, a
        // folder, a name that is not .svg, a folder that does not exist.
        let other = dir.path().join("notes.svg");
        fs::write(&other, "my notes").unwrap();
        assert!(matches!(check_plot_file(&other, &[]), Err(FilesError::PlotHoldsOther(_))));
        assert!(matches!(check_plot_file(&svg, std::slice::from_ref(&svg)), Err(FilesError::PlotHoldsOther(_))));
        let folder = dir.path().join("pictures.svg");
        fs::create_dir(&folder).unwrap();
        assert!(matches!(check_plot_file(&folder, &[]), Err(FilesError::NotARegularFile(_))));
        assert!(matches!(check_plot_file(&dir.path().join("x.png"), &[]), Err(FilesError::PlotNotSvg(_))));
        let nowhere = dir.path().join("no").join("such").join("x.svg");
        assert!(matches!(check_plot_file(&nowhere, &[]), Err(FilesError::PlotFolderMissing(_))));
        assert!(!dir.path().join("no").exists(), "no folder is made");
        #[cfg(unix)]
        {
            // Through a link, its target is drawn: the link stays a link.
            let link = dir.path().join("link.svg");
            std::os::unix::fs::symlink(&svg, &link).unwrap();
            assert_eq!(check_plot_file(&link, &[]).unwrap(), fs::canonicalize(&svg).unwrap());
        }
        assert_eq!(fs::read_to_string(&other).unwrap(), "my notes");
    }
    use crate::app::batch::GameRange;

    const RESULT: &str =
        r#"{"game":"1","draw":1,"passes":null,"foundation_to_tableau":true,"verdict":"winnable","seconds":0.5}"#;

    #[test]
    fn batch_files_are_named_per_setting_in_a_folder_made_for_them() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("census");
        let variants = [Rules::default(), Rules { foundation_to_tableau: true, ..Rules::default() }];
        let files = batch_files(&folder, &variants, None).unwrap();
        assert!(folder.is_dir());
        assert_eq!(files, variants.iter().map(|r| folder.join(batch_file_name(r, None))).collect::<Vec<_>>());
        let file = dir.path().join("f");
        fs::write(&file, "").unwrap();
        assert!(matches!(batch_files(&file, &variants, None), Err(FilesError::NotAFolder(_))));
    }

    #[test]
    fn a_verdict_file_never_replaces_results_or_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let batch = dir.path().join("b.jsonl");
        fs::write(&batch, format!("{RESULT}\n")).unwrap();
        let other = dir.path().join("notes.txt");
        fs::write(&other, "my notes\n").unwrap();
        let counted = [batch.clone()];
        assert!(matches!(check_verdict_file(&batch, &counted), Err(FilesError::VerdictFileCounted(_))));
        assert!(matches!(check_verdict_file(&other, &counted), Err(FilesError::NotAVerdictFile(_))));
        assert!(check_verdict_file(&dir.path().join("new.txt"), &counted).is_ok());
        // A verdict file written before is written again.
        let mut census = Census::default();
        assert_eq!(census.add_files(&counted).unwrap(), []);
        let verdicts = dir.path().join("v.txt");
        fs::write(
            &verdicts,
            census.verdict_file(
                GameRange::new(1, 1).unwrap(),
                &[Rules { foundation_to_tableau: true, ..Rules::default() }],
            ),
        )
        .unwrap();
        assert!(check_verdict_file(&verdicts, &counted).is_ok());
    }

    #[test]
    #[cfg(unix)]
    fn a_verdict_file_never_replaces_a_file_in_use() {
        let dir = tempfile::tempdir().unwrap();
        // A batch running into it: its results file is still empty.
        let results = dir.path().join("running.jsonl");
        let batch = crate::app::store::AppendFile::open(&results).unwrap().unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&results, &link).unwrap();
        for path in [&results, &link] {
            assert!(matches!(check_verdict_file(path, &[]), Err(FilesError::InUse(_))), "{}", path.display());
        }
        drop(batch);
        assert!(check_verdict_file(&results, &[]).unwrap().is_none(), "an empty file no one holds");
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_read_past() {
        let dir = tempfile::tempdir().unwrap();
        let batch = dir.path().join("b.jsonl");
        fs::write(&batch, format!("\u{feff}{RESULT}\n")).unwrap();
        let verdicts = dir.path().join("v.txt");
        fs::write(&verdicts, "\u{feff}variants d1puf1\n2 U\n").unwrap();
        let mut census = Census::default();
        assert_eq!(census.add_files(&[batch, verdicts]).unwrap(), []);
        let row = &census.rows(None, None)[0];
        assert_eq!((row.winnable, row.unwinnable), (1, 1));
    }

    #[test]
    fn counting_refuses_a_file_without_results_and_skips_stray_lines() {
        let dir = tempfile::tempdir().unwrap();
        let noted = dir.path().join("noted.jsonl");
        fs::write(&noted, [b"# a note\n\xff\n".as_slice(), RESULT.as_bytes(), b"\n"].concat()).unwrap();
        let moves = dir.path().join("moves.txt");
        fs::write(&moves, "d\nw 3\n").unwrap();
        let mut census = Census::default();
        assert_eq!(
            census.add_files(std::slice::from_ref(&noted)).unwrap(),
            [(noted.clone(), 2)],
            "the note and the stray byte"
        );
        assert_eq!(census.rows(None, None)[0].winnable, 1);
        let err = census.add_files(&[moves]).unwrap_err();
        assert!(matches!(err, FilesError::NoResults { lines: 2, .. }), "{err:?}");
        assert!(matches!(census.add_files(&[dir.path().join("gone")]), Err(FilesError::Read { .. })));
    }
}
