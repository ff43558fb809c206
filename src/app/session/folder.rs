//! The data folder as a session uses it for real ([`DataFolder`]): the
//! autosave with its lock, the statistics counted once under their lock,
//! and `save FILE` / `load FILE`, all through [`crate::app::store`]'s atomic
//! writes. What a failure means for the player is said through the
//! diagnostic sink the binary gives, once a process for a folder that
//! cannot be written.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::begin::not_loaded;
use super::{AutosaveLock, Folder, Tally, WorldError};
use crate::app::flow::Refusal;
use crate::app::record::{GameId, GameRecord};
use crate::app::render::diagnostics::{game_goes_on, statistics_not_updated, win_not_counted, WAITING_FOR_STATISTICS};
use crate::app::stats::Statistics;
use crate::app::store::{self, IfCorrupt, StoreError};

/// Where a [`DataFolder`] says its diagnostics: one sentence without the
/// program's name (the binary writes it to standard error).
pub type Say = fn(&str);

/// The real data folder ([`store::data_dir`]): its files are named once, at
/// the start, from the environment.
pub struct DataFolder {
    /// The saved game offered at the next start; `None` with no data folder.
    autosave: Option<PathBuf>,
    /// The statistics file; `None` with no data folder.
    statistics: Option<PathBuf>,
    /// The autosave's lock, while it is held.
    lock: Option<File>,
    /// Where diagnostics go.
    say: Say,
    /// The statistics could not be read as statistics and that was said:
    /// the same file gives the same answer every time.
    unreadable_said: bool,
}

impl DataFolder {
    /// The data folder named by the environment ([`store::data_dir`]),
    /// saying its diagnostics through `say`; with no data folder there is
    /// nothing to save or count, and `save FILE` and `load FILE` still work.
    pub fn new(say: Say) -> DataFolder {
        DataFolder::at(store::data_dir().as_deref(), say)
    }

    /// The data folder `dir` (`None`: none), saying its diagnostics through `say`.
    pub fn at(dir: Option<&Path>, say: Say) -> DataFolder {
        DataFolder {
            autosave: dir.map(|d| d.join(store::OUR_FILES[0])),
            statistics: dir.map(|d| d.join(store::OUR_FILES[1])),
            lock: None,
            say,
            unreadable_said: false,
        }
    }

    /// The statistics to show (`klondike stats`): empty where none are
    /// kept yet or there is no data folder; a corrupt file is moved aside,
    /// said, and the fresh (empty) statistics are shown.
    ///
    /// # Errors
    /// The store's, for a file that cannot be read (it is kept).
    pub fn statistics_shown(&mut self) -> Result<Statistics, StoreError> {
        let Some(path) = &self.statistics else { return Ok(Statistics::default()) };
        match store::read_json::<Statistics>(path, IfCorrupt::MoveAside) {
            Ok(stats) => Ok(stats.unwrap_or_default()),
            Err(e @ StoreError::Corrupt { .. }) => {
                (self.say)(&e.to_string());
                Ok(Statistics::default())
            }
            Err(e) => Err(e),
        }
    }

    /// Says why the folder of `path` cannot be written, once a process.
    fn problem(&self, path: &Path, error: &StoreError) {
        if let Some(text) = folder_problem_once(path, error) {
            (self.say)(&text);
        }
    }
}

/// The sentence that says why the data folder cannot be written, for the
/// failed write of `path` (a file in it), the first time in this process
/// only: `None` after that, however many writes fail (the autosave after
/// each line, the history at the end).
pub fn folder_problem_once(path: &Path, error: &StoreError) -> Option<String> {
    static SAID: AtomicBool = AtomicBool::new(false);
    (!SAID.swap(true, Ordering::Relaxed)).then(|| game_goes_on(store::folder_problem(path, error)))
}

impl Folder for DataFolder {
    fn save_autosave(&mut self, record: &GameRecord) -> bool {
        let Some(path) = &self.autosave else { return false };
        match store::write_json(path, record) {
            Ok(()) => true,
            Err(e) => {
                self.problem(path, &e);
                false
            }
        }
    }

    fn remove_autosave(&mut self) {
        if let Some(path) = &self.autosave {
            // Nothing to remove is no problem; a file that stays is offered
            // again and is then seen to be counted.
            let _ = store::remove_file(path);
        }
    }

    fn count_game(&mut self, id: &GameId, tally: &Tally) -> bool {
        let Some(path) = self.statistics.clone() else { return false };
        let record = |stats: &mut Statistics| {
            stats.record_game_once(id, tally.key, tally.outcome, tally.vegas);
        };
        // A win waits for another process's lock even where an earlier
        // wait timed out, and one that cannot be counted is said, whatever
        // was said before: the game is over, and no copy of it is offered.
        let won = tally.outcome.won;
        let say = self.say;
        let result = if won {
            store::update_locked_patiently(&path, record, &mut || say(WAITING_FOR_STATISTICS))
        } else {
            store::update_locked(&path, record)
        };
        match result {
            Ok(updated) => {
                if let Some(w) = updated.warning {
                    (self.say)(&w.to_string());
                }
                true
            }
            Err(e) if won => {
                // A folder that cannot be written is said as such ("cannot
                // save in DIR: the disk is read-only"); a lock held too long
                // or a file that cannot be read, as the error says.
                let why = match &e {
                    StoreError::Io { action: store::Action::Lock, error, .. }
                        if error.kind() == std::io::ErrorKind::WouldBlock =>
                    {
                        e.to_string()
                    }
                    _ => store::folder_problem(&path, &e).to_string(),
                };
                (self.say)(&win_not_counted(why));
                false
            }
            // The file is there but cannot be read for now: not the
            // folder's problem, and the game is counted once it reads (its
            // copy stays saved meanwhile).
            Err(e @ StoreError::Io { action: store::Action::Read, .. }) if path.is_file() => {
                if !std::mem::replace(&mut self.unreadable_said, true) {
                    (self.say)(&statistics_not_updated(e));
                }
                false
            }
            Err(e @ StoreError::Io { .. }) => {
                self.problem(&path, &e);
                false
            }
            Err(e) => {
                if !std::mem::replace(&mut self.unreadable_said, true) {
                    (self.say)(&statistics_not_updated(e));
                }
                false
            }
        }
    }

    fn save_file(&mut self, file: &str, record: &GameRecord) -> Result<(), WorldError> {
        let path = store::expand_home(file);
        let ours: Vec<PathBuf> = [&self.autosave, &self.statistics].into_iter().flatten().cloned().collect();
        let data_file = self.autosave.as_deref().and_then(Path::parent).is_some_and(|d| store::is_data_file(&path, d));
        if data_file || store::is_one_of(&path, &ours) {
            return Err(WorldError::Refused(Refusal::OwnFile));
        }
        store::save_user_json(&path, record).map_err(|e| WorldError::Failed(e.to_string()))
    }

    fn load_file(&mut self, file: &str) -> Result<GameRecord, WorldError> {
        let path = store::expand_home(file);
        match store::read_json::<GameRecord>(&path, IfCorrupt::LeaveNamed) {
            Ok(Some(record)) => Ok(record),
            Ok(None) => match store::leads_nowhere(&path) {
                Some(e) => Err(WorldError::Failed(not_loaded(&e))),
                None => Err(WorldError::Refused(Refusal::NoSuchFile(file.to_string()))),
            },
            Err(e) => Err(WorldError::Failed(not_loaded(&e))),
        }
    }

    fn statistics(&mut self) -> Result<Statistics, WorldError> {
        let Some(path) = &self.statistics else { return Err(WorldError::Refused(Refusal::NoDataFolder)) };
        match store::read_json::<Statistics>(path, IfCorrupt::MoveAside) {
            Ok(stats) => Ok(stats.unwrap_or_default()),
            Err(e) => Err(WorldError::Failed(e.to_string())),
        }
    }

    fn autosave_name(&self) -> Option<String> {
        self.autosave.as_ref().map(|p| p.display().to_string())
    }

    fn read_autosave(&mut self) -> Result<Option<GameRecord>, StoreError> {
        match &self.autosave {
            Some(path) => store::read_json::<GameRecord>(path, IfCorrupt::MoveAside),
            None => Ok(None),
        }
    }

    fn move_autosave_aside(&mut self) -> Option<String> {
        store::move_aside(self.autosave.as_ref()?).ok().map(|p| p.display().to_string())
    }

    fn was_counted(&mut self, id: &GameId) -> bool {
        let Some(path) = &self.statistics else { return false };
        // Only a look: a corrupt file is moved aside (and said) by the update.
        matches!(store::read_json::<Statistics>(path, IfCorrupt::Leave), Ok(Some(stats)) if stats.has_counted(id))
    }

    fn folder_problem(&mut self, error: &StoreError) {
        if let Some(path) = &self.autosave {
            self.problem(path, error);
        }
    }

    fn lock_autosave(&mut self) -> AutosaveLock {
        if self.lock.is_some() {
            return AutosaveLock::Held;
        }
        let Some(path) = &self.autosave else { return AutosaveLock::Unavailable };
        match store::try_lock_beside(path) {
            Ok(Some(lock)) => {
                self.lock = Some(lock);
                AutosaveLock::Held
            }
            Ok(None) => AutosaveLock::Busy(store::parent_display(path)),
            Err(_) => AutosaveLock::Unavailable,
        }
    }

    fn unlock_autosave(&mut self) {
        self.lock = None;
    }

    fn peek_autosave(&mut self) -> Option<GameRecord> {
        store::read_json::<GameRecord>(self.autosave.as_ref()?, IfCorrupt::Leave).ok().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::{Origin, Play};
    use crate::engine::rules::Rules;
    use crate::engine::scoring::{ScoreSheet, Scoring};

    fn quiet(_: &str) {}

    fn record() -> GameRecord {
        let deal = crate::engine::deal::Deal::for_number(crate::engine::deal::GameNumber::ONE);
        let mut record = Play::new(deal, Origin::Custom, Rules::default(), Scoring::Standard, false).record(7);
        record.id = Some(GameId("abc".into()));
        record
    }

    fn lost() -> Tally {
        Tally::new(&Rules::default(), &ScoreSheet::new(Scoring::Standard), 3, false, None, None)
    }

    #[test]
    fn the_autosave_is_written_read_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let mut folder = DataFolder::at(Some(dir.path()), quiet);
        assert_eq!(folder.read_autosave().unwrap(), None);
        assert!(folder.save_autosave(&record()));
        assert!(dir.path().join("autosave.json").exists());
        assert_eq!(folder.read_autosave().unwrap(), Some(record()));
        assert_eq!(folder.peek_autosave(), Some(record()));
        folder.remove_autosave();
        assert_eq!(folder.read_autosave().unwrap(), None);
        assert_eq!(folder.autosave_name(), Some(dir.path().join("autosave.json").display().to_string()));
    }

    #[test]
    fn a_game_is_counted_once() {
        let dir = tempfile::tempdir().unwrap();
        let mut folder = DataFolder::at(Some(dir.path()), quiet);
        let id = GameId("abc".into());
        assert!(!folder.was_counted(&id));
        assert!(folder.count_game(&id, &lost()));
        assert!(folder.count_game(&id, &lost()));
        assert!(folder.was_counted(&id));
        let stats = folder.statistics().unwrap();
        assert_eq!(stats.per_rules.values().map(|r| r.played).sum::<u64>(), 1);
    }

    #[test]
    fn the_lock_is_held_once_and_refused_to_another() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = DataFolder::at(Some(dir.path()), quiet);
        let mut second = DataFolder::at(Some(dir.path()), quiet);
        assert_eq!(first.lock_autosave(), AutosaveLock::Held);
        assert_eq!(first.lock_autosave(), AutosaveLock::Held);
        assert!(matches!(second.lock_autosave(), AutosaveLock::Busy(_)));
        first.unlock_autosave();
        assert_eq!(second.lock_autosave(), AutosaveLock::Held);
    }

    #[test]
    fn save_refuses_our_own_files_and_load_finds_what_save_wrote() {
        let dir = tempfile::tempdir().unwrap();
        let mut folder = DataFolder::at(Some(dir.path()), quiet);
        let own = dir.path().join("statistics.json").display().to_string();
        assert_eq!(folder.save_file(&own, &record()), Err(WorldError::Refused(Refusal::OwnFile)));
        let mine = dir.path().join("mine.json").display().to_string();
        folder.save_file(&mine, &record()).unwrap();
        assert_eq!(folder.load_file(&mine).unwrap(), record());
        let missing = dir.path().join("missing.json").display().to_string();
        assert_eq!(folder.load_file(&missing), Err(WorldError::Refused(Refusal::NoSuchFile(missing.clone()))));
        // A link to nothing is said to be one, not "no file".
        #[cfg(unix)]
        {
            let link = dir.path().join("link.json");
            std::os::unix::fs::symlink(dir.path().join("gone.json"), &link).unwrap();
            let link = link.display().to_string();
            let Err(WorldError::Failed(text)) = folder.load_file(&link) else { panic!("loaded a link to nothing") };
            assert_eq!(text, format!("cannot use {link}: the link leads nowhere (it does not exist)"));
            assert!(std::fs::symlink_metadata(&link).is_ok(), "the link is left as it is");
        }
    }

    #[test]
    #[cfg(unix)]
    fn save_refuses_lock_files_and_files_in_use_by_any_path() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let mut folder = DataFolder::at(Some(&data), quiet);
        assert_eq!(folder.lock_autosave(), AutosaveLock::Held);
        let lock = data.join("autosave.json.lock");
        let inode = |p: &Path| std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(p).unwrap());
        let before = inode(&lock);
        let refused = Err(WorldError::Refused(Refusal::OwnFile));
        // The autosave's lock, held (an empty file, which save may replace
        // otherwise), by its name and through a link.
        assert_eq!(folder.save_file(&lock.display().to_string(), &record()), refused);
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&lock, &link).unwrap();
        assert_eq!(folder.save_file(&link.display().to_string(), &record()), refused);
        // Any lock file of the data folder, held or not, and the history.
        for name in ["statistics.json.lock", "other.lock", "history.txt"] {
            std::fs::write(data.join(name), "").unwrap();
            assert_eq!(folder.save_file(&data.join(name).display().to_string(), &record()), refused, "{name}");
        }
        assert_eq!(inode(&lock), before, "the lock file is the same file");
        assert_eq!(std::fs::metadata(&lock).unwrap().len(), 0);
        // A file elsewhere that a process holds a lock on (a batch's
        // results, still empty), by any path; once let go, it may be saved.
        let results = dir.path().join("results.json");
        let held = store::AppendFile::open(&results).unwrap().unwrap();
        let hard = dir.path().join("hard.json");
        std::fs::hard_link(&results, &hard).unwrap();
        for path in [&results, &hard] {
            let Err(WorldError::Failed(why)) = folder.save_file(&path.display().to_string(), &record()) else {
                panic!("saved over a file in use")
            };
            assert!(why.contains("a klondike process is using it"), "{why}");
        }
        assert_eq!(std::fs::metadata(&results).unwrap().len(), 0);
        drop(held);
        folder.save_file(&results.display().to_string(), &record()).unwrap();
    }

    #[test]
    fn with_no_data_folder_nothing_is_kept() {
        let mut folder = DataFolder::at(None, quiet);
        assert!(!folder.save_autosave(&record()));
        assert!(!folder.count_game(&GameId("abc".into()), &lost()));
        assert_eq!(folder.statistics(), Err(WorldError::Refused(Refusal::NoDataFolder)));
        assert_eq!(folder.lock_autosave(), AutosaveLock::Unavailable);
        assert_eq!(folder.autosave_name(), None);
    }

    #[test]
    fn an_unreadable_statistics_file_is_kept_and_said_once() {
        use std::sync::atomic::AtomicUsize;
        static SAID: AtomicUsize = AtomicUsize::new(0);
        fn count(_: &str) {
            SAID.fetch_add(1, Ordering::Relaxed);
        }
        let dir = tempfile::tempdir().unwrap();
        let stats = dir.path().join("statistics.json");
        std::fs::write(&stats, r#"{"format_version": 99}"#).unwrap();
        let mut folder = DataFolder::at(Some(dir.path()), count);
        assert!(!folder.count_game(&GameId("a".into()), &lost()));
        assert!(!folder.count_game(&GameId("b".into()), &lost()));
        assert_eq!(SAID.load(Ordering::Relaxed), 1);
        assert_eq!(std::fs::read_to_string(&stats).unwrap(), r#"{"format_version": 99}"#);
    }

    #[test]
    fn a_corrupt_statistics_file_is_moved_aside_and_shown_empty() {
        let dir = tempfile::tempdir().unwrap();
        let mut folder = DataFolder::at(Some(dir.path()), quiet);
        assert!(folder.count_game(&GameId("a".into()), &lost()));
        assert_eq!(folder.statistics_shown().unwrap().per_rules.len(), 1);
        std::fs::write(dir.path().join("statistics.json"), "not json").unwrap();
        assert_eq!(folder.statistics_shown().unwrap(), Statistics::default());
        assert!(!dir.path().join("statistics.json").exists());
        assert_eq!(DataFolder::at(None, quiet).statistics_shown().unwrap(), Statistics::default());
    }
}
