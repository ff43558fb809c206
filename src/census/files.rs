//! The files of a census: the folder of its batch files, the batch files
//! counted, and the verdict file written from them. Each is checked before
//! any work, so that a census never writes over what it counts.
//!
//! What is said of a failure is [`render::faults::files_error`](crate::render::faults::files_error)'s.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::{batch_file_name, Census, Verdicts, VerdictsError};
use crate::batch::Shard;
use crate::rules::Rules;

/// Why the files of a census cannot be used; nothing has been written.
#[derive(Debug, thiserror::Error)]
pub enum FilesError {
    /// The folder for the batch files is a file.
    NotAFolder(PathBuf),
    /// The folder for the batch files cannot be made.
    MakeFolder {
        /// The folder.
        path: PathBuf,
        /// Why.
        #[source]
        error: io::Error,
    },
    /// A batch file cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        error: io::Error,
    },
    /// A file named to be counted has lines and none is a result.
    NoResults {
        /// The file.
        path: PathBuf,
        /// Its lines that are not results (all of them).
        lines: usize,
    },
    /// A file named to be counted starts as a verdict file (its first line
    /// that is not a comment is a `variants` line) and is not one.
    BadVerdicts {
        /// The file.
        path: PathBuf,
        /// The first line that is wrong, and how.
        error: VerdictsError,
    },
    /// The verdict file is one of the batch files counted or made.
    VerdictFileCounted(PathBuf),
    /// The verdict file exists and holds something else than verdicts.
    NotAVerdictFile(PathBuf),
}

crate::worded_by!(FilesError => crate::render::faults::files_error);

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

/// Whether `text` is meant as a verdict file: its first line that is
/// neither blank nor a `#` comment is the `variants` line (a batch line is
/// JSON, so it never starts so).
fn is_verdict_file(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    first.is_some_and(|l| l.split_whitespace().next() == Some("variants"))
}

/// Refuses a verdict file `path` that is one of the batch `files` counted
/// (or made), or an existing file that is not a verdict file: writing the
/// verdicts would replace what it holds. A missing file is fine.
///
/// # Errors
/// [`FilesError::VerdictFileCounted`], [`FilesError::NotAVerdictFile`] or
/// [`FilesError::Read`].
pub fn check_verdict_file(path: &Path, files: &[PathBuf]) -> Result<(), FilesError> {
    if crate::store::is_one_of(path, files) {
        return Err(FilesError::VerdictFileCounted(path.to_path_buf()));
    }
    match fs::read(path) {
        Ok(bytes) => match std::str::from_utf8(&bytes).is_ok_and(|text| Verdicts::parse(text).is_ok()) {
            true => Ok(()),
            false => Err(FilesError::NotAVerdictFile(path.to_path_buf())),
        },
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(FilesError::Read { path: path.to_path_buf(), error }),
    }
}

impl Census {
    /// Counts the results of each of `files`: batch files, or verdict files
    /// ([`Census::verdict_file`], such as `fixtures/verdicts.txt`, counted
    /// with [`Census::add_verdicts`]); returns how many lines of the batch
    /// files were not results and were left out.
    ///
    /// # Errors
    /// [`FilesError::Read`]; [`FilesError::NoResults`] for a file that
    /// holds lines and no result (a moves file named by mistake);
    /// [`FilesError::BadVerdicts`] for a verdict file with a line that is
    /// wrong. Files before the one that fails are counted.
    pub fn add_files(&mut self, files: &[PathBuf]) -> Result<usize, FilesError> {
        let mut skipped = 0;
        for path in files {
            let bytes = fs::read(path).map_err(|error| FilesError::Read { path: path.clone(), error })?;
            // A line that is not UTF-8 is one more line that is no result.
            let text = String::from_utf8_lossy(&bytes);
            if is_verdict_file(&text) {
                let verdicts =
                    Verdicts::parse(&text).map_err(|error| FilesError::BadVerdicts { path: path.clone(), error })?;
                self.add_verdicts(&verdicts);
                continue;
            }
            let added = self.add_text(&text);
            if added.holds_no_results() {
                return Err(FilesError::NoResults { path: path.clone(), lines: added.not_results });
            }
            skipped += added.not_results;
        }
        Ok(skipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::GameRange;

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
        assert_eq!(census.add_files(&counted).unwrap(), 0);
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
    fn counting_refuses_a_file_without_results_and_skips_stray_lines() {
        let dir = tempfile::tempdir().unwrap();
        let noted = dir.path().join("noted.jsonl");
        fs::write(&noted, [b"# a note\n\xff\n".as_slice(), RESULT.as_bytes(), b"\n"].concat()).unwrap();
        let moves = dir.path().join("moves.txt");
        fs::write(&moves, "d\nw 3\n").unwrap();
        let mut census = Census::default();
        assert_eq!(census.add_files(std::slice::from_ref(&noted)).unwrap(), 2, "the note and the stray byte");
        assert_eq!(census.rows(None)[0].winnable, 1);
        let err = census.add_files(&[moves]).unwrap_err();
        assert!(matches!(err, FilesError::NoResults { lines: 2, .. }), "{err:?}");
        assert!(matches!(census.add_files(&[dir.path().join("gone")]), Err(FilesError::Read { .. })));
    }
}
