//! Files never lose data: atomic writes, corrupt and newer files, locking.
//!
//! Some tests run this very test binary again as a child process (see
//! `child_entry`): two children updating the statistics at once, and a
//! child killed in the middle of a save.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use klondike::app::record::GameRecord;
use klondike::app::stats::{Outcome, Statistics};
use klondike::app::store::{
    self, read_json, update_locked, write_atomically, write_json, IfCorrupt::MoveAside, StoreError, DATA_DIR_ENV,
    PAUSE_BEFORE_RENAME_ENV,
};
use klondike::engine::rules::Rules;

/// Tells a child what to do: `hammer N` or `save`.
const CHILD_ENV: &str = "KLONDIKE_STORE_TEST_CHILD";
/// The file a child works on.
const CHILD_PATH_ENV: &str = "KLONDIKE_STORE_TEST_PATH";

fn one_game() -> Outcome {
    Outcome { won: false, score: None, moves: 1, seconds: None }
}

fn stats_with(played: u64) -> Statistics {
    let mut s = Statistics::default();
    for _ in 0..played {
        s.record_game(Rules::default(), one_game());
    }
    s
}

fn played(s: &Statistics) -> u64 {
    s.record(Rules::default()).map_or(0, |r| r.played)
}

/// Not a test on its own: the body of the child processes. Does nothing
/// unless [`CHILD_ENV`] is set.
#[test]
fn child_entry() {
    let Ok(job) = std::env::var(CHILD_ENV) else { return };
    let path = PathBuf::from(std::env::var(CHILD_PATH_ENV).unwrap());
    let words: Vec<&str> = job.split_whitespace().collect();
    match words.as_slice() {
        ["hammer", n] => {
            for _ in 0..n.parse::<u32>().unwrap() {
                update_locked(&path, |s: &mut Statistics| {
                    s.record_game(Rules::default(), one_game());
                    s.add_vegas(1);
                })
                .unwrap();
            }
        }
        ["save"] => write_json(&path, &stats_with(99)).unwrap(),
        _ => panic!("unknown child job {job}"),
    }
}

fn spawn_child(job: &str, path: &Path, pause_ms: Option<u64>) -> Child {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args(["store_files::child_entry", "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, job)
        .env(CHILD_PATH_ENV, path)
        .env_remove(PAUSE_BEFORE_RENAME_ENV)
        .stdout(Stdio::null());
    if let Some(ms) = pause_ms {
        cmd.env(PAUSE_BEFORE_RENAME_ENV, ms.to_string());
    }
    cmd.spawn().unwrap()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn two_processes_updating_statistics_are_both_counted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    const N: u64 = 150;
    let a = spawn_child(&format!("hammer {N}"), &path, None);
    let b = spawn_child(&format!("hammer {N}"), &path, None);
    for mut child in [a, b] {
        assert!(child.wait().unwrap().success());
    }
    let stats: Statistics = read_json(&path, MoveAside).unwrap().unwrap();
    assert_eq!(played(&stats), 2 * N);
    assert_eq!(stats.vegas_balance, 2 * N as i64);
    // Only the file, its lock, and no temporary or corrupt files.
    assert_eq!(files_in(dir.path()), ["stats.json", "stats.json.lock"]);
}

#[test]
fn threads_with_their_own_handles_are_all_counted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let path = path.clone();
            std::thread::spawn(move || {
                for _ in 0..25 {
                    update_locked(&path, |s: &mut Statistics| {
                        s.record_game(Rules::default(), one_game());
                    })
                    .unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(played(&read_json(&path, MoveAside).unwrap().unwrap()), 100);
}

#[cfg(unix)]
#[test]
fn a_save_killed_before_the_rename_leaves_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    write_json(&path, &stats_with(3)).unwrap();
    let old = fs::read(&path).unwrap();

    let mut child = spawn_child("save", &path, Some(60_000));
    // Wait until the child has written its temporary file in full.
    let new_len = {
        let mut text = serde_json::to_string(&stats_with(99)).unwrap();
        text.push('\n');
        text.len() as u64
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    let tmp = loop {
        let found = files_in(dir.path()).into_iter().find(|n| n.starts_with(".stats.json.") && n.ends_with(".tmp"));
        if let Some(name) = found {
            let tmp = dir.path().join(name);
            if fs::metadata(&tmp).map(|m| m.len()).unwrap_or(0) == new_len {
                break tmp;
            }
        }
        assert!(Instant::now() < deadline, "the child never wrote its temporary file");
        assert!(child.try_wait().unwrap().is_none(), "the child ended before it was killed");
        std::thread::sleep(Duration::from_millis(10));
    };
    child.kill().unwrap(); // SIGKILL: no destructor runs
    let status = child.wait().unwrap();
    assert!(!status.success());

    assert_eq!(fs::read(&path).unwrap(), old, "the old file is intact");
    assert_eq!(played(&read_json(&path, MoveAside).unwrap().unwrap()), 3);
    assert!(tmp.exists(), "the temporary file stays behind, unread");
    // And the next save works.
    write_json(&path, &stats_with(4)).unwrap();
    assert_eq!(played(&read_json(&path, MoveAside).unwrap().unwrap()), 4);
}

#[test]
fn a_truncated_file_is_moved_aside_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    write_json(&path, &stats_with(5)).unwrap();
    let full = fs::read(&path).unwrap();
    let cut = &full[..full.len() / 2];
    fs::write(&path, cut).unwrap();

    let err = read_json::<Statistics>(&path, MoveAside).unwrap_err();
    let StoreError::Corrupt { path: p, moved_to, why } = &err else { panic!("{err:?}") };
    assert_eq!(p, &path);
    assert!(!path.exists());
    assert_eq!(fs::read(moved_to).unwrap(), cut, "nothing is lost");
    let name = moved_to.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("stats.json.corrupt-"), "{name}");
    assert_eq!(why.to_string(), "it is cut short");
    let msg = err.to_string();
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(msg.contains(&moved_to.display().to_string()), "{msg}");
    assert!(!msg.contains('\n'));
    // Now the file is gone, a read finds nothing.
    assert!(read_json::<Statistics>(&path, MoveAside).unwrap().is_none());
}

#[test]
fn an_update_over_a_corrupt_file_starts_afresh_and_warns() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    fs::write(&path, b"{\"format_version\": 1, \"per_rules\": {\"x\": ").unwrap();
    let updated = update_locked(&path, |s: &mut Statistics| {
        s.record_game(Rules::default(), one_game());
    })
    .unwrap();
    assert_eq!(played(&updated.value), 1);
    let Some(StoreError::Corrupt { moved_to, .. }) = &updated.warning else { panic!("{:?}", updated.warning) };
    assert!(moved_to.exists());
    assert_eq!(played(&read_json(&path, MoveAside).unwrap().unwrap()), 1);
    // A second corrupt file in the same second gets its own name.
    fs::write(&path, b"garbage").unwrap();
    let again = update_locked(&path, |_: &mut Statistics| {}).unwrap();
    let Some(StoreError::Corrupt { moved_to: second, .. }) = &again.warning else { panic!() };
    assert_ne!(second, moved_to);
    assert!(second.exists() && moved_to.exists());
}

#[test]
fn wrong_shapes_and_empty_files_are_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    for (i, text) in ["", "[]", "{\"per_rules\": 5}", "\u{feff}[]", "{\"format_version\": \"one\"}"].iter().enumerate()
    {
        let path = dir.path().join(format!("s{i}.json"));
        fs::write(&path, text).unwrap();
        assert!(matches!(read_json::<Statistics>(&path, MoveAside), Err(StoreError::Corrupt { .. })), "{text:?}");
        assert!(!path.exists());
    }
    let path = dir.path().join("bytes.json");
    fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    assert!(matches!(read_json::<Statistics>(&path, MoveAside), Err(StoreError::Corrupt { .. })));
}

/// A statistics file that reads but is not one (a saved game's fields, a
/// field of no such file) or holds figures no counting gives (more won than
/// played) is corrupt too: moved aside and said, never taken for empty
/// statistics and written over.
#[test]
fn other_files_and_impossible_figures_are_no_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let saved_game = r#"{"format_version":1,"game":"1","draw":1,"passes":null,"foundation_to_tableau":false,"scoring":"standard","moves":[],"undone":[],"elapsed_seconds":0}"#;
    let record = |fields: &str| {
        format!(
            r#"{{"format_version":1,"per_rules":{{"draw 1, passes unlimited, foundation-to-tableau off":{{{fields}}}}},"vegas_balance":0,"counted":[]}}"#
        )
    };
    let cases = [
        (saved_game.to_string(), "it has a field draw, which this kind of klondike file has not: its fields are format_version, per_rules, vegas_balance, counted"),
        (r#"{"format_version":1,"foo":1}"#.to_string(), "it has a field foo, which"),
        (record(r#""played":31,"won":32"#), "32 won of 31 played"),
        (r#"{"format_version":0}"#.to_string(), "format_version 0"),
        (record(r#""played":5,"won":2,"longest_win_streak":3"#), "a win streak of 0 (longest 3) with 2 won"),
        (record(r#""played":5,"won":2,"current_losing_streak":2,"longest_losing_streak":1"#), "a losing streak"),
        (
            record(
                r#""played":5,"won":2,"current_win_streak":1,"longest_win_streak":1,"current_losing_streak":1,"longest_losing_streak":1"#,
            ),
            "at once",
        ),
    ];
    for (i, (text, why)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("s{i}.json"));
        fs::write(&path, text).unwrap();
        match read_json::<Statistics>(&path, MoveAside) {
            Err(e @ StoreError::Corrupt { .. }) => assert!(e.to_string().contains(why), "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
        assert!(!path.exists(), "{text}");
    }
    // Figures counting gives, and a file of an older build missing some.
    let path = dir.path().join("fine.json");
    fs::write(
        &path,
        record(r#""played":5,"won":2,"current_losing_streak":1,"longest_losing_streak":3,"longest_win_streak":2"#),
    )
    .unwrap();
    assert!(matches!(read_json::<Statistics>(&path, MoveAside), Ok(Some(_))));
    fs::write(&path, r#"{"format_version":1}"#).unwrap();
    assert_eq!(read_json::<Statistics>(&path, MoveAside).unwrap(), Some(Statistics::default()));
}

/// The one reader's policies differ only in what a corrupt file does: our
/// own file is moved aside; a look, or a file the player named, leaves it.
#[test]
fn only_our_own_corrupt_files_are_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("save.json");
    fs::write(&path, b"[]").unwrap();
    let err = read_json::<GameRecord>(&path, store::IfCorrupt::Leave).unwrap_err();
    assert_eq!(err.to_string(), format!("cannot use {}: the JSON is not an object", path.display()));
    let err = read_json::<GameRecord>(&path, store::IfCorrupt::LeaveNamed).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("cannot use {}: it is not a saved game (the JSON is not an object)", path.display())
    );
    assert_eq!(files_in(dir.path()), ["save.json"], "left where it is");
    // A folder is never moved, whatever the policy.
    let folder = dir.path().join("folder.json");
    fs::create_dir(&folder).unwrap();
    let err = read_json::<GameRecord>(&folder, MoveAside).unwrap_err();
    assert_eq!(err.to_string(), format!("could not read {}: it is a folder", folder.display()));
    let err = read_json::<GameRecord>(&folder, store::IfCorrupt::LeaveNamed).unwrap_err();
    assert_eq!(err.to_string(), format!("cannot use {}: it is a folder", folder.display()));
    assert!(matches!(read_json::<GameRecord>(&path, MoveAside), Err(StoreError::Corrupt { .. })));
    assert!(!path.exists() && folder.is_dir());
}

#[test]
fn a_newer_statistics_file_is_refused_and_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    let newer = b"{\"format_version\": 2, \"games\": [\"a new layout\"]}\n";
    fs::write(&path, newer).unwrap();

    let err = read_json::<Statistics>(&path, MoveAside).unwrap_err();
    assert!(matches!(err, StoreError::NewerVersion { found: 2, supported: 1, .. }), "{err:?}");
    let mut called = false;
    let err = update_locked(&path, |_: &mut Statistics| called = true).unwrap_err();
    assert!(!called);
    let msg = err.to_string();
    assert!(msg.contains(&path.display().to_string()) && msg.contains("newer"), "{msg}");
    assert_eq!(fs::read(&path).unwrap(), newer, "left exactly as it was");
    assert_eq!(files_in(dir.path()), ["stats.json", "stats.json.lock"], "nothing moved aside");
}

#[test]
fn a_newer_game_record_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("save.json");
    fs::write(&path, b"{\"format_version\": 7}").unwrap();
    assert!(matches!(read_json::<GameRecord>(&path, MoveAside), Err(StoreError::NewerVersion { found: 7, .. })));
    assert!(path.exists());
}

#[test]
fn writes_create_the_directory_and_replace_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a").join("b").join("save.json");
    write_atomically(&path, b"one").unwrap();
    write_atomically(&path, b"two").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"two");
    assert_eq!(files_in(path.parent().unwrap()), ["save.json"]);
    assert!(write_atomically(Path::new("/"), b"x").is_err());
}

#[test]
fn a_missing_file_reads_as_nothing() {
    let dir = tempfile::tempdir().unwrap();
    assert!(read_json::<Statistics>(&dir.path().join("none.json"), MoveAside).unwrap().is_none());
    assert!(read_json::<GameRecord>(&dir.path().join("none.json"), MoveAside).unwrap().is_none());
}

#[test]
fn the_data_dir_can_be_overridden() {
    // The only test that reads the variable; set it to this process's value.
    let before = std::env::var_os(DATA_DIR_ENV);
    std::env::set_var(DATA_DIR_ENV, "/tmp/klondike-test-data");
    assert_eq!(store::data_dir(), Some(PathBuf::from("/tmp/klondike-test-data")));
    std::env::set_var(DATA_DIR_ENV, "");
    let platform = store::data_dir();
    if let Some(dir) = &platform {
        assert!(dir.to_string_lossy().contains("klondike"), "{}", dir.display());
    }
    match before {
        Some(v) => std::env::set_var(DATA_DIR_ENV, v),
        None => std::env::remove_var(DATA_DIR_ENV),
    }
}

/// Temporary files left by killed writes are removed once they are older
/// than any write takes; fresh ones (a write in progress) and other files stay.
#[test]
fn stray_temporary_files_are_removed_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join(".statistics.json.a1b2c3.tmp");
    let fresh = dir.path().join(".autosave.json.d4e5f6.tmp");
    let other = dir.path().join(".notes.tmp");
    let saved = dir.path().join("autosave.json");
    for p in [&old, &fresh, &other, &saved] {
        fs::write(p, b"{}").unwrap();
    }
    let long_ago = std::time::SystemTime::now() - Duration::from_secs(2 * 3600);
    fs::File::options().write(true).open(&old).unwrap().set_modified(long_ago).unwrap();
    fs::File::options().write(true).open(&other).unwrap().set_modified(long_ago).unwrap();
    assert_eq!(store::remove_stray_temp_files(dir.path(), store::STRAY_TEMP_AGE), 1);
    assert!(!old.exists());
    assert!(fresh.exists() && other.exists() && saved.exists());
    // A killed save's leftover (the child test above makes real ones) goes too.
    assert_eq!(store::remove_stray_temp_files(dir.path(), Duration::ZERO), 1);
    assert!(!fresh.exists() && other.exists() && saved.exists());
    // A folder that cannot be read removes nothing, and says nothing.
    assert_eq!(store::remove_stray_temp_files(&dir.path().join("missing"), Duration::ZERO), 0);
}

#[test]
fn an_append_file_is_created_locked_and_read_back_line_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.jsonl");
    let mut file = store::AppendFile::open(&path).unwrap().unwrap();
    assert!(path.is_file());
    // A second batch on the same file is refused while the first holds it.
    assert!(matches!(store::AppendFile::open(&path), Ok(None)));
    file.append_line("one").unwrap();
    file.append_line("two").unwrap();
    let mut lines = Vec::new();
    file.read_lines(|l| lines.push(l.to_string())).unwrap();
    assert_eq!(lines, ["one\n", "two\n"]);
    drop(file);
    assert!(store::AppendFile::open(&path).unwrap().is_some(), "the lock goes with the file");
}

#[test]
fn a_torn_last_line_is_cut_and_a_whole_one_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.jsonl");
    fs::write(&path, "whole\ntorn li").unwrap();
    let mut file = store::AppendFile::open(&path).unwrap().unwrap();
    assert_eq!(file.cut_torn_line().unwrap(), 7);
    assert_eq!(fs::read_to_string(&path).unwrap(), "whole\n");
    assert_eq!(file.cut_torn_line().unwrap(), 0, "a file ending in a newline is left alone");
    file.append_line("next").unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "whole\nnext\n");
    // One line with no newline at all, longer than a block read backwards.
    let long = "x".repeat(200_000);
    fs::write(&path, &long).unwrap();
    assert_eq!(file.cut_torn_line().unwrap(), 200_000);
    assert_eq!(fs::read(&path).unwrap(), b"");
    assert_eq!(file.cut_torn_line().unwrap(), 0);
}

#[test]
fn a_last_line_without_newline_is_ended() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.jsonl");
    fs::write(&path, "a\nb").unwrap();
    let mut file = store::AppendFile::open(&path).unwrap().unwrap();
    file.end_last_line().unwrap();
    file.append_line("c").unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "a\nb\nc\n");
}

/// `save` must never replace klondike's own files, however they are named:
/// the same file, a link to it, a link to where a new one would be.
#[cfg(unix)]
#[test]
fn our_files_are_known_through_links() {
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("autosave.json");
    let theirs = dir.path().join("mine.json");
    let ours_list = [ours.clone(), dir.path().join("statistics.json")];
    assert!(store::is_one_of(&ours, &ours_list), "a new file, not there yet");
    std::fs::write(&ours, "{}").unwrap();
    assert!(store::is_one_of(&dir.path().join(".").join("autosave.json"), &ours_list));
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&ours, &link).unwrap();
    assert!(store::is_one_of(&link, &ours_list));
    let to_new = dir.path().join("to-stats.json");
    std::os::unix::fs::symlink("statistics.json", &to_new).unwrap();
    assert!(store::is_one_of(&to_new, &ours_list), "a relative link to where a new one would be");
    assert!(!store::is_one_of(&theirs, &ours_list));
    assert!(!store::is_one_of(Path::new("/no/such/folder/x.json"), &ours_list));
}

#[test]
fn a_text_file_is_read_whole_without_its_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deal.txt");
    fs::write(&path, "\u{feff}AS 2S").unwrap();
    assert_eq!(store::read_text_file(&path, store::TextFile::Deal).unwrap(), "AS 2S");
    fs::write(&path, b"\xff").unwrap();
    let bad = store::read_text_file(&path, store::TextFile::Deal).unwrap_err();
    assert!(bad.to_string().starts_with("cannot read the deal file '") && std::error::Error::source(&bad).is_some());
    let gone = store::read_text_file(&dir.path().join("none"), store::TextFile::Moves).unwrap_err();
    assert!(gone.to_string().starts_with("cannot read the moves file '"), "{gone}");
}

#[test]
fn only_a_regular_file_of_a_sensible_size_is_fit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.txt");
    assert!(!store::is_unfit(&path), "a file not there yet is fit to write");
    fs::write(&path, "d\n").unwrap();
    assert!(!store::is_unfit(&path));
    assert!(store::is_unfit(dir.path()), "a folder");
}

/// A saved game of game 1 (draw 1, passes unlimited) whose moves are `n`
/// draws: the stock drawn through and turned over again and again, as a
/// long game with unlimited passes can be.
fn drawn_through(n: usize) -> GameRecord {
    let deal = klondike::engine::deal::Deal::for_number(klondike::engine::deal::GameNumber::ONE);
    let game = klondike::engine::game::Game::new(&deal, Rules::default());
    let number = klondike::engine::deal::GameNumber::new(1);
    let mut record = GameRecord::from_game(&game, number, &deal, klondike::engine::scoring::Scoring::Standard, 0);
    record.moves = vec!["d".to_string(); n];
    record
}

#[test]
fn a_saved_game_of_a_quarter_million_moves_is_written_so_that_it_reads_back() {
    // Draws and turns of the stock, every one legal.
    let some = drawn_through(200);
    assert_eq!(some.replay().unwrap().game.moves_made(), 200);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.json");
    let long = drawn_through(250_000);
    write_json(&path, &long).unwrap();
    assert!(fs::metadata(&path).unwrap().len() <= store::MAX_STORED);
    assert_eq!(read_json::<GameRecord>(&path, MoveAside).unwrap(), Some(long.clone()));
    // So does a save the player names.
    let named = dir.path().join("long.json");
    store::save_user_json(&named, &long).unwrap();
    assert_eq!(read_json::<GameRecord>(&named, store::IfCorrupt::LeaveNamed).unwrap(), Some(long));
}

#[test]
fn a_saved_game_too_long_to_read_back_is_not_written_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave.json");
    let short = drawn_through(3);
    write_json(&path, &short).unwrap();
    let named = dir.path().join("long.json");
    store::save_user_json(&named, &short).unwrap();
    // 300 000 moves of four bytes each are more than 1 MiB.
    let too_long = drawn_through(300_000);
    let err = write_json(&path, &too_long).unwrap_err();
    assert!(matches!(err, StoreError::TooLarge { .. }), "{err:?}");
    assert!(err.to_string().contains("larger than the 1 MiB that klondike reads back"), "{err}");
    assert_eq!(read_json::<GameRecord>(&path, MoveAside).unwrap(), Some(short.clone()), "the old copy is kept");
    let err = store::save_user_json(&named, &too_long).unwrap_err();
    assert!(matches!(err, StoreError::TooLarge { .. }), "{err:?}");
    assert_eq!(read_json::<GameRecord>(&named, store::IfCorrupt::LeaveNamed).unwrap(), Some(short));
    let leftovers = fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(leftovers, 2, "no temporary file is left");
}

/// Runs `klondike --load FILE` (standard input empty) under a limit of
/// `kib` KiB of address space (`ulimit -v`): exit code and standard error.
#[cfg(target_os = "linux")]
fn load_in_kib(kib: u64, file: &Path) -> (i32, String) {
    let out = Command::new("sh")
        .args(["-c", &format!("ulimit -v {kib} && exec \"$0\" --load \"$1\""), env!("CARGO_BIN_EXE_klondike")])
        .arg(file)
        .output()
        .expect("sh runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The longest game klondike writes loads within a few tens of megabytes
/// more than the shortest, so that a memory limit does not abort the
/// process (a save of 1.5 million moves, then readable, needed hundreds of
/// megabytes, and an allocation that failed aborted); a longer file is
/// refused in one line.
#[test]
#[cfg(target_os = "linux")]
fn the_longest_saved_game_loads_under_a_memory_limit() {
    let dir = tempfile::tempdir().unwrap();
    let short = dir.path().join("short.json");
    write_json(&short, &drawn_through(3)).unwrap();
    // The least address space (in steps of 4 MiB) in which a short game loads.
    let Some(kib) = (1..64).map(|n| n * 4096).find(|&kib| load_in_kib(kib, &short).0 == 0) else {
        panic!("klondike never ran under a memory limit");
    };
    let longest = dir.path().join("longest.json");
    write_json(&longest, &drawn_through(250_000)).unwrap();
    let (code, err) = load_in_kib(kib + 64 * 1024, &longest);
    assert_eq!(code, 0, "{err}");
    let longer = dir.path().join("longer.json");
    fs::write(&longer, serde_json::to_string(&drawn_through(1_500_000)).unwrap()).unwrap();
    let (code, err) = load_in_kib(kib + 64 * 1024, &longer);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("larger than 1 MiB") && err.trim().lines().count() == 1, "{err}");
}
