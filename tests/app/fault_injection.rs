//! Faults while the binary keeps its records: a session stopped at every
//! step of its writes (the crash points of `klondike::app::store`), a data folder
//! that is a file, read-only or full. After each, every game is counted
//! exactly once, no file is lost and none is torn.
//!
//! The crash points exist only with the `fault-injection` feature; the
//! dev-dependency of this crate on itself turns it on for every build of
//! the tests, so the binary these tests run has them.

use std::collections::HashSet;
use std::path::Path;

use klondike::app::store::{CRASH_AT_ENV, CRASH_EXIT_STATUS, TRACE_ENV, UNREADABLE_ENV};

use crate::common;

fn klondike(data: &Path, extra: &[(&str, &str)], args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut env: Vec<(&str, &std::ffi::OsStr)> = vec![("KLONDIKE_DATA_DIR", data.as_os_str())];
    env.extend(extra.iter().map(|(k, v)| (*k, std::ffi::OsStr::new(*v))));
    common::run_klondike(args, &env, stdin)
}

/// klondike started with `args`, the data folder `data` and the variables
/// `extra`; its standard output thrown away, its standard error kept for
/// `wait_with_output`, its standard input a pipe when `typed` (else none).
fn start_klondike(data: &Path, extra: &[(&str, &str)], args: &[&str], typed: bool) -> std::process::Child {
    let stdin = if typed { std::process::Stdio::piped() } else { std::process::Stdio::null() };
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"));
    // The signals the tests send reach the program as a terminal's would,
    // however the tests were started: a program keeps a hang-up or a
    // Ctrl-C it was started with ignored (`nohup cargo test`, say).
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: between fork and exec only `signal`, which is
        // async-signal-safe, is called.
        unsafe {
            command.pre_exec(|| {
                libc::signal(libc::SIGHUP, libc::SIG_DFL);
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
    }
    command
        .args(args)
        .env("KLONDIKE_DATA_DIR", data)
        .envs(extra.iter().copied())
        .stdin(stdin)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Game 7 left unfinished with three moves, saved for resuming.
fn leave_game_7(data: &Path) {
    let (code, _, err) = klondike(data, &[], &["--game", "7", "--autosave", "--stats"], "d\nd\nd\n");
    assert_eq!(code, 0, "{err}");
    assert!(data.join("autosave.json").exists());
}

/// The session under test: starts game 8 (so game 7 counts as lost), plays,
/// abandons it for game 9 with `new 9`, plays, quits (game 9 is saved).
const SESSION: &[&str] = &["--game", "8", "--autosave", "--stats"];
const SESSION_INPUT: &str = "d\nd\nnew 9\nd\nd\nq\n";

/// The statistics file as JSON (an empty object when there is none).
fn statistics(data: &Path) -> serde_json::Value {
    match std::fs::read_to_string(data.join("statistics.json")) {
        Ok(text) => serde_json::from_str(&text).expect("the statistics file is whole JSON"),
        Err(_) => serde_json::json!({}),
    }
}

fn played(stats: &serde_json::Value) -> u64 {
    stats["per_rules"].as_object().map_or(0, |m| m.values().map(|r| r["played"].as_u64().unwrap()).sum())
}

fn counted_ids(stats: &serde_json::Value) -> Vec<String> {
    stats["counted"].as_array().map_or(Vec::new(), |a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
}

fn autosave_id(data: &Path) -> Option<String> {
    let text = std::fs::read_to_string(data.join("autosave.json")).ok()?;
    let record: serde_json::Value = serde_json::from_str(&text).expect("the autosave is whole JSON");
    record["id"].as_str().map(str::to_string)
}

#[test]
fn a_game_is_counted_exactly_once_whatever_step_of_a_session_is_killed() {
    // The steps of the session, run once without a fault.
    let dir = tempfile::tempdir().unwrap();
    leave_game_7(dir.path());
    let trace = dir.path().join("trace.txt");
    let (code, _, err) = klondike(dir.path(), &[(TRACE_ENV, trace.to_str().unwrap())], SESSION, SESSION_INPUT);
    assert_eq!(code, 0, "{err}");
    let steps: Vec<String> = std::fs::read_to_string(&trace).unwrap().lines().map(str::to_string).collect();
    assert!(steps.len() >= 20, "{steps:?}");
    // Where game 8 and game 9 first exist on disk: the first autosave that
    // is renamed into place, and the first after game 8 is counted.
    let renamed = |after: usize| {
        (after..steps.len()).find(|&i| steps[i].ends_with("renamed autosave.json")).expect("an autosave") + 1
    };
    let game_8_saved = renamed(0);
    let game_8_counted =
        (game_8_saved..steps.len()).find(|&i| steps[i].ends_with("renamed statistics.json")).unwrap() + 1;
    let game_9_saved = renamed(game_8_counted);

    for crash_at in 1..=steps.len() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path();
        leave_game_7(data);
        let n = crash_at.to_string();
        let (code, _, err) = klondike(data, &[(CRASH_AT_ENV, &n)], SESSION, SESSION_INPUT);
        assert_eq!(code, CRASH_EXIT_STATUS, "stopped at step {crash_at} ({}): {err}", steps[crash_at - 1]);
        let step = &steps[crash_at - 1];

        // Counted and resumable are never both true: a saved game whose id
        // the statistics hold is not offered.
        let stats = statistics(data);
        if let Some(id) = autosave_id(data) {
            if counted_ids(&stats).contains(&id) {
                let (code, _, err) = klondike(data, &[], &["--resume"], "");
                assert_eq!(code, 1, "step {crash_at} ({step}): a counted game was resumed");
                assert!(err.contains("no saved game"), "{err}");
            }
        }

        // A later session that starts a game of its own settles the rest: the
        // game left saved (if any) counts as lost.
        let (code, _, err) = klondike(data, &[], &["--game", "10", "--autosave", "--stats"], "");
        assert_eq!(code, 0, "{err}");
        let stats = statistics(data);
        let ids = counted_ids(&stats);
        let distinct: HashSet<&String> = ids.iter().collect();
        assert_eq!(distinct.len(), ids.len(), "step {crash_at} ({step}): an id counted twice: {ids:?}");
        // Game 7 was saved before the session; games 8 and 9 exist from
        // their first save on (a game killed before it was ever saved
        // leaves no trace).
        let expected = 1 + u64::from(crash_at >= game_8_saved) + u64::from(crash_at >= game_9_saved);
        assert_eq!(played(&stats), expected, "step {crash_at} ({step}): games counted");
        assert_eq!(ids.len() as u64, expected, "step {crash_at} ({step}): {ids:?}");
        assert!(!data.join("autosave.json").exists(), "step {crash_at} ({step}): nothing is left to resume");
    }
}

#[test]
fn replacing_a_saved_game_counts_it_as_lost_on_every_path_and_says_so() {
    for args in [
        &["--game", "8", "--autosave", "--stats"][..],
        &["--deal", "@DEAL", "--autosave", "--stats"][..],
        &["--no-resume", "--game", "3", "--autosave", "--stats"][..],
        &["--load", "SAVE", "--autosave", "--stats"][..],
    ] {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path();
        // A deal file and a saved game for the paths that need them.
        let deal_file = data.join("deal.txt");
        let (_, deal, _) = common::run_klondike(&["deal", "--game", "5"], &[], "");
        std::fs::write(&deal_file, deal).unwrap();
        let save = data.join("save.json");
        let (code, _, err) = klondike(data, &[], &["--game", "4"], &format!("d\nsave {}\n", save.display()));
        assert_eq!(code, 0, "{err}");
        leave_game_7(data);
        let args: Vec<String> = args
            .iter()
            .map(|a| match *a {
                "@DEAL" => format!("@{}", deal_file.display()),
                "SAVE" => save.display().to_string(),
                a => a.to_string(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = klondike(data, &[], &args, "d\n");
        assert_eq!(code, 0, "{args:?}: {err}");
        let said: Vec<&str> = err.lines().filter(|l| l.contains("counts as lost")).collect();
        assert_eq!(said.len(), 1, "{args:?}: {err}");
        assert!(said[0].contains("game 7 with 3 moves"), "{}", said[0]);
        assert_eq!(played(&statistics(data)), 1, "{args:?}");
    }
}

/// Game 7 played with `--autosave --stats` under `script`, which saves a
/// copy to the `copy.json` it is given (`{copy}` in it): the saved game's
/// id, and the copy's path.
fn saved_game_and_copy(data: &Path, script: &str) -> (String, std::path::PathBuf) {
    let copied = data.join("copy.json");
    let script = script.replace("{copy}", &copied.display().to_string());
    let (code, _, err) = klondike(data, &[], &["--game", "7", "--autosave", "--stats"], &script);
    assert_eq!(code, 0, "{err}");
    (autosave_id(data).unwrap(), copied)
}

/// `--load` of the data folder's own saved game (the file itself, or a
/// copy made with `save`) goes on with that game: nothing is counted as
/// lost, the game keeps its id, and it is counted once when it ends.
#[test]
fn loading_the_saved_game_itself_goes_on_with_it_and_counts_nothing() {
    for copy in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path();
        let (id, copied) = saved_game_and_copy(data, "d\nd\nsave {copy}\nd\n");
        let file = if copy { copied.clone() } else { data.join("autosave.json") };
        let (code, out, err) = klondike(data, &[], &["--load", file.to_str().unwrap(), "--autosave", "--stats"], "d\n");
        assert_eq!(code, 0, "{err}");
        assert!(!err.contains("counts as lost") && !out.contains("counts as lost"), "copy {copy}: {err}{out}");
        assert_eq!(played(&statistics(data)), 0, "copy {copy}");
        assert_eq!(autosave_id(data), Some(id.clone()), "copy {copy}: the same game, saved again");
        // Giving it up for another game counts it once, under its own id.
        let (code, _, err) = klondike(data, &[], &["--no-resume", "--game", "9", "--autosave", "--stats"], "");
        assert_eq!(code, 0, "{err}");
        let stats = statistics(data);
        assert_eq!(played(&stats), 1, "copy {copy}: {stats}");
        assert_eq!(counted_ids(&stats), vec![id], "copy {copy}");
    }
}

/// `--load` of a file with the saved game's id that is not a copy of it
/// as played (saved before any move of a game played since; edited by
/// hand to another deal) is another game: the saved game counts as lost,
/// once.
#[test]
fn loading_a_file_with_the_saved_games_id_but_not_its_play_or_deal_counts_the_saved_game() {
    for edit in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path();
        let script = if edit { "d\nsave {copy}\nd\n" } else { "save {copy}\nd\nd\n" };
        let (id, copied) = saved_game_and_copy(data, script);
        if edit {
            let text = std::fs::read_to_string(&copied).unwrap();
            let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
            record["game"] = serde_json::Value::String("8".into());
            std::fs::write(&copied, record.to_string()).unwrap();
        }
        let (code, out, err) =
            klondike(data, &[], &["--load", copied.to_str().unwrap(), "--autosave", "--stats"], "d\n");
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("counts as lost") || out.contains("counts as lost"), "edit {edit}: {err}{out}");
        let stats = statistics(data);
        assert_eq!(played(&stats), 1, "edit {edit}: {stats}");
        assert_eq!(counted_ids(&stats), vec![id.clone()], "edit {edit}");
        assert_ne!(autosave_id(data), Some(id), "edit {edit}: another game is saved now");
    }
}

#[test]
fn a_saved_game_from_a_newer_version_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let newer = r#"{"format_version": 99, "game": "7", "moves": ["d"]}"#;
    std::fs::write(data.join("autosave.json"), newer).unwrap();
    let (code, _, err) = klondike(data, &[], &["--game", "8", "--autosave"], "d\nd\nd\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "one warning: {err}");
    assert!(err.contains("newer") && err.contains("does not save"), "{err}");
    assert_eq!(std::fs::read_to_string(data.join("autosave.json")).unwrap(), newer);
}

#[test]
fn a_data_folder_that_is_a_file_is_reported_once_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("data");
    std::fs::write(&file, "not a folder").unwrap();
    let (code, out, err) = klondike(&file, &[], &["--game", "1", "--autosave", "--stats"], "d\nd\nd\nd\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("Game 1").count(), 5, "every move was played: {out}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].contains(&file.display().to_string()) && lines[0].contains("is a file, not a folder"), "{err}");
    assert!(!lines[0].contains("autosave.json"), "no temporary file is named: {err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

#[test]
fn a_corrupt_saved_game_is_moved_aside_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    std::fs::write(data.join("autosave.json"), "{ torn").unwrap();
    let (code, _, err) = klondike(data, &[], &["--game", "8", "--autosave"], "d\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("moved aside"), "{err}");
    let aside: Vec<_> = std::fs::read_dir(data)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("autosave.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read_to_string(aside[0].path()).unwrap(), "{ torn");
}

/// A read-only data folder: by its permissions, or (for root, whom
/// permissions do not stop) a read-only tmpfs where one can be mounted.
#[cfg(unix)]
#[test]
fn a_read_only_data_folder_is_reported_once_and_the_game_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o555)).unwrap();
    let mut why = "no permission";
    let mut _unmount = None;
    if std::fs::write(data.join("probe"), "x").is_ok() {
        let _ = std::fs::remove_file(data.join("probe"));
        _unmount = mount_tmpfs(&data, "ro,size=64k");
        if _unmount.is_none() {
            common::cannot_run_here(
                "this user (root) can write into a read-only folder, and cannot mount a read-only tmpfs",
            );
            return;
        }
        why = "read-only";
    }
    let (code, _, err) = klondike(&data, &[], &["--game", "1", "--autosave", "--stats"], "d\nd\nd\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].contains(why) && lines[0].contains(&data.display().to_string()), "{err}");
}

/// Mounts a tmpfs with `options` (`size=64k`, `ro,size=64k`) on `dir`, where
/// this user may (root on Linux); unmounted when the result is dropped.
fn mount_tmpfs(dir: &Path, options: &str) -> Option<Unmount> {
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", options, "tmpfs"])
        .arg(dir)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    mounted.then(|| Unmount(dir.to_path_buf()))
}

/// A 64 KiB tmpfs in a temporary folder, unmounted (before the folder is
/// removed) when dropped.
struct TinyDisk {
    _unmount: Unmount,
    dir: tempfile::TempDir,
}

impl TinyDisk {
    fn path(&self) -> std::path::PathBuf {
        self.dir.path().join("tiny")
    }
}

/// A [`TinyDisk`] where this user may mount one (root on Linux); `None`
/// elsewhere, said (or failed, in CI) by [`common::cannot_run_here`].
fn tiny_disk() -> Option<TinyDisk> {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("tiny");
    std::fs::create_dir(&mnt).unwrap();
    let Some(unmount) = mount_tmpfs(&mnt, "size=64k") else {
        common::cannot_run_here("cannot mount a tmpfs here (needs root and a kernel that allows it)");
        return None;
    };
    Some(TinyDisk { _unmount: unmount, dir })
}

/// Unmounts a test's filesystem when the test ends, however it ends.
struct Unmount(std::path::PathBuf);

impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// A tiny filesystem that fills up: a tmpfs of 64 KiB where this user may
/// mount one (root on Linux), otherwise the test says why it cannot run.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_reported_once_and_no_file_is_torn() {
    let Some(disk) = tiny_disk() else { return };
    let mnt = disk.path();
    let data = mnt.join("data");
    leave_game_7(&data);
    let before = std::fs::read(data.join("autosave.json")).unwrap();
    // Fill the disk, then play on.
    let filler = (0..).map(|i| mnt.join(format!("fill{i}"))).find(|p| std::fs::write(p, vec![0u8; 4096]).is_err());
    assert!(filler.is_some());
    let (code, _, err) = klondike(&data, &[], &["--resume", "--autosave", "--stats"], "d\nd\nd\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().filter(|l| l.contains("the disk is full")).count(), 1, "{err}");
    // The saved game is the one from before, whole, kept for resuming.
    assert_eq!(std::fs::read(data.join("autosave.json")).unwrap(), before);
    assert!(err.contains("kept as it was last saved (3 moves)"), "{err}");
    let leftovers: Vec<_> = std::fs::read_dir(&data)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "a failed write removes its temporary file: {leftovers:?}");
}

/// A batch whose output file fills the disk stops with one line, and leaves
/// only whole result lines (a write that fails part-way is taken back).
#[cfg(target_os = "linux")]
#[test]
fn a_batch_that_fills_the_disk_leaves_only_whole_lines() {
    let Some(disk) = tiny_disk() else { return };
    let mnt = disk.path();
    let out = mnt.join("out.jsonl");
    let (code, _, err) = common::run_klondike(
        &["solve", "--games", "1..100000", "--fast", "--max-states", "2000", "--output", out.to_str().unwrap()],
        &[],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("the disk is full") && !err.contains("os error"), "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.len() > 1000 && text.ends_with('\n'));
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("a whole result line");
    }
}

/// When the statistics cannot be written (here: a folder stands where the
/// file should be), no saved game is removed on any path: it could not be
/// counted, so it stays resumable.
#[test]
fn a_saved_game_that_cannot_be_counted_is_kept_on_every_path() {
    for (args, input) in [
        (&["--game", "8", "--autosave", "--stats"][..], "d\n"),
        (&["--resume", "--autosave", "--stats"][..], "d\nnew 9\nd\n"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path();
        leave_game_7(data);
        std::fs::create_dir(data.join("statistics.json")).unwrap();
        let before = autosave_id(data).unwrap();
        let (code, _, err) = klondike(data, &[], args, input);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(err.contains("could not be counted, so") && err.contains("kept"), "{args:?}: {err}");
        assert_eq!(autosave_id(data).as_deref(), Some(before.as_str()), "{args:?}: game 7 is still saved");
    }
}

/// Two sessions at once: the second neither saves over the first one's game
/// nor counts it; it says so in one line.
#[test]
fn a_second_session_at_the_same_time_does_not_touch_the_first_ones_game() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let mut first = start_klondike(data, &[], &["--game", "5", "--autosave", "--stats"], true);
    let mut input = first.stdin.take().unwrap();
    input.write_all(b"d\n").unwrap();
    input.flush().unwrap();
    let started = std::time::Instant::now();
    while autosave_id(data).is_none() {
        assert!(started.elapsed().as_secs() < 30, "the first session saved nothing");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let first_id = autosave_id(data).unwrap();
    let (code, _, err) = klondike(data, &[], &["--game", "7", "--autosave", "--stats"], "d\nd\nd\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("another klondike session"), "{err}");
    // Resuming the game the first session has open is refused, in one line.
    let (code, _, err) = klondike(data, &[], &["--resume", "--autosave", "--stats"], "d\n");
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("open in another klondike session"), "{err}");
    input.write_all(b"d\nq\n").unwrap();
    drop(input);
    assert!(first.wait().unwrap().success());
    assert_eq!(autosave_id(data), Some(first_id), "the first session's game is saved");
    // Game 7 could not be saved, so it counts as lost; game 5 stays saved.
    let stats = statistics(data);
    assert_eq!(played(&stats), 1);
    assert!(!counted_ids(&stats).contains(&autosave_id(data).unwrap()));
}

/// A session that resumes the saved game without saving leaves it saved,
/// and so does not count it (it would be counted again where it is saved).
#[test]
fn a_session_that_does_not_save_does_not_count_the_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    leave_game_7(data);
    let before = std::fs::read(data.join("autosave.json")).unwrap();
    for input in ["d\nq\n", "d\nnew 9\nd\n"] {
        let (code, _, err) = klondike(data, &[], &["--resume", "--stats"], input);
        assert_eq!(code, 0, "{err}");
    }
    assert_eq!(std::fs::read(data.join("autosave.json")).unwrap(), before);
    assert_eq!(played(&statistics(data)), 1, "only game 9, which was not saved");
}

/// Undoing every move does not make a game unplayed: it is still saved, and
/// counts as lost when another takes its place.
#[test]
fn undoing_every_move_does_not_make_a_game_unplayed() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let (code, _, err) = klondike(data, &[], &["--game", "7", "--autosave", "--stats"], "d\nd\nu\nu\nq\n");
    assert_eq!(code, 0, "{err}");
    assert!(autosave_id(data).is_some(), "kept with its redo list");
    let (code, _, err) = klondike(data, &[], &["--resume", "--autosave", "--stats"], "new 8\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(played(&statistics(data)), 1);
}

/// A new game that cannot be dealt (a bad `--deal`) leaves the saved game
/// alone: it is settled only once the new game is good.
#[test]
fn a_bad_deal_does_not_touch_the_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    leave_game_7(data);
    let before = std::fs::read(data.join("autosave.json")).unwrap();
    for deal in ["AH AH", "@/no/such/file"] {
        let (code, _, err) = klondike(data, &[], &["--deal", deal, "--autosave", "--stats"], "d\n");
        assert_eq!(code, 1, "{err}");
        assert!(!err.contains("counts as lost"), "{err}");
    }
    assert_eq!(std::fs::read(data.join("autosave.json")).unwrap(), before);
    assert_eq!(played(&statistics(data)), 0);
}

/// A session that resumes without saving never counts the game, not even a
/// win: the game stays saved, and is counted where it is saved.
#[test]
fn a_win_in_a_session_that_does_not_save_is_not_counted() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let (code, line, err) =
        common::run_klondike(&[&["solve", "--game", "7", "--fast"], &common::BY_STATES[..]].concat(), &[], "");
    assert_eq!(code, 0, "{err}");
    let moves: Vec<&str> = line.lines().skip(1).collect();
    let (first, rest) = moves.split_at(moves.len() / 2);
    let (code, _, err) = klondike(data, &[], &["--game", "7", "--autosave", "--stats"], &(first.join("\n") + "\n"));
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = klondike(data, &[], &["--resume", "--stats"], &(rest.join("\n") + "\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("You won"), "{out}");
    assert_eq!(played(&statistics(data)), 0);
    assert!(autosave_id(data).is_some(), "still saved");
    // Won where it is saved, it is counted once.
    let (code, _, err) = klondike(data, &[], &["--resume", "--autosave", "--stats"], &(rest.join("\n") + "\n"));
    assert_eq!(code, 0, "{err}");
    let stats = statistics(data);
    assert_eq!(
        (played(&stats), stats["per_rules"].as_object().unwrap().values().next().unwrap()["won"].as_u64()),
        (1, Some(1))
    );
}

/// A saved game written before ids existed has one id however often it is
/// read, so a kill between counting it and removing it does not count it
/// twice.
#[test]
fn a_saved_game_without_an_id_is_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    leave_game_7(data);
    let path = data.join("autosave.json");
    let mut record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record.as_object_mut().unwrap().remove("id");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    // Killed right after the statistics were written (steps 1-3), before
    // the saved game was removed.
    let (code, _, _) = klondike(data, &[(CRASH_AT_ENV, "3")], &["--game", "8", "--autosave", "--stats"], "");
    assert_eq!(code, CRASH_EXIT_STATUS);
    assert!(path.exists());
    let (code, _, err) = klondike(data, &[], &["--game", "9", "--autosave", "--stats"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(played(&statistics(data)), 1);
    assert!(!path.exists());
}

/// Looking at a corrupt statistics file (to see whether a saved game was
/// counted) moves nothing; only an update moves it aside, and says so.
#[test]
fn a_corrupt_statistics_file_is_not_moved_without_a_word() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    leave_game_7(data);
    std::fs::write(data.join("statistics.json"), "{ torn").unwrap();
    let (code, _, err) = klondike(data, &[], &["--resume", "--autosave", "--stats"], "d\nq\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "");
    assert_eq!(std::fs::read_to_string(data.join("statistics.json")).unwrap(), "{ torn");
}

/// A statistics file that is not ours (no format_version) is moved aside
/// with one line, never taken for empty statistics and written over.
#[test]
fn a_statistics_file_that_is_not_ours_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let notes = r#"{"name":"my-notes","items":[1,2,3]}"#;
    std::fs::write(data.join("statistics.json"), notes).unwrap();
    let (code, _, err) = klondike(data, &[], &["--game", "5", "--stats"], "d\nnew 4\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("moved aside"), "{err}");
    let aside: Vec<_> = std::fs::read_dir(data)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("statistics.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read_to_string(aside[0].path()).unwrap(), notes);
}

/// A saved game left behind by a kill after it was counted is removed by the
/// next session that counts games, even one that does not save: its id is
/// never forgotten while the save exists.
#[test]
fn a_counted_saved_game_is_removed_by_any_counting_session() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    leave_game_7(data);
    let (code, _, _) = klondike(data, &[(CRASH_AT_ENV, "3")], &["--game", "8", "--autosave", "--stats"], "");
    assert_eq!(code, CRASH_EXIT_STATUS);
    assert!(data.join("autosave.json").exists());
    let (code, _, err) = klondike(data, &[], &["--game", "9", "--stats"], "");
    assert_eq!(code, 0, "{err}");
    assert!(!data.join("autosave.json").exists());
    assert_eq!(played(&statistics(data)), 1);
}

/// `save` never writes over klondike's own saved game or statistics.
#[test]
fn save_refuses_our_own_files() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    leave_game_7(data);
    let before = std::fs::read(data.join("autosave.json")).unwrap();
    let target = data.join("autosave.json");
    let (code, out, err) = klondike(data, &[], &["--game", "3"], &format!("d\nsave {}\n", target.display()));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("klondike's own files"), "{out}");
    assert_eq!(std::fs::read(&target).unwrap(), before);
}

/// Nor through a link: a link to the autosave (or to where it would be) is
/// the autosave.
#[cfg(unix)]
#[test]
fn save_refuses_our_own_files_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    leave_game_7(data);
    let before = std::fs::read(data.join("autosave.json")).unwrap();
    let link = dir.path().join("mine.json");
    std::os::unix::fs::symlink(data.join("autosave.json"), &link).unwrap();
    let (code, out, err) = klondike(data, &[], &["--game", "3"], &format!("d\nsave {}\n", link.display()));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("klondike's own files"), "{out}");
    assert_eq!(std::fs::read(data.join("autosave.json")).unwrap(), before);
    // A link to where the statistics would be, before they exist.
    let stats_link = dir.path().join("stats-link.json");
    std::os::unix::fs::symlink(data.join("statistics.json"), &stats_link).unwrap();
    let _ = std::fs::remove_file(data.join("statistics.json"));
    let (_, out, _) = klondike(data, &[], &["--game", "3"], &format!("d\nsave {}\n", stats_link.display()));
    assert!(out.contains("klondike's own files"), "{out}");
    assert!(!data.join("statistics.json").exists());
}

/// The temporary files of `name` in `data` (`.NAME.XXXXXX.tmp`).
fn temp_files_of(data: &Path, name: &str) -> usize {
    let prefix = format!(".{name}.");
    std::fs::read_dir(data)
        .unwrap()
        .filter(|e| {
            let n = e.as_ref().unwrap().file_name().to_string_lossy().into_owned();
            n.starts_with(&prefix) && n.ends_with(".tmp")
        })
        .count()
}

/// A session killed again and again just before the rename of a write
/// leaves one temporary file, not one per kill: the next session removes
/// the last one's when it takes the lock its writes hold.
#[test]
fn sessions_killed_before_a_rename_leave_one_temporary_file_however_many() {
    // Each session is killed at the same step of the same work: counting
    // the saved game 7 as lost (its count never lands, so game 7 stays
    // saved), or saving game 8 for the first time (it never lands either).
    let counting: &[&str] = &["--game", "8", "--autosave", "--stats"];
    let saving: &[&str] = &["--game", "8", "--autosave"];
    for (session, game_7, what, name) in [
        (counting, true, "rename statistics.json", "statistics.json"),
        (saving, false, "rename autosave.json", "autosave.json"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path();
        let trace = dir.path().join("trace.txt");
        let crash_at = {
            let dir = tempfile::tempdir().unwrap();
            if game_7 {
                leave_game_7(dir.path());
            }
            let (code, _, err) = klondike(dir.path(), &[(TRACE_ENV, trace.to_str().unwrap())], session, "d\nd\n");
            assert_eq!(code, 0, "{err}");
            let steps = std::fs::read_to_string(&trace).unwrap();
            (steps.lines().position(|s| s.ends_with(what)).expect(what) + 1).to_string()
        };
        if game_7 {
            leave_game_7(data);
        }
        for kill in 1..=5 {
            let (code, _, err) = klondike(data, &[(CRASH_AT_ENV, &crash_at)], session, "d\nd\n");
            assert_eq!(code, CRASH_EXIT_STATUS, "{what}: {err}");
            assert_eq!(temp_files_of(data, name), 1, "{what}, after kill {kill}");
        }
        // A session that ends well leaves none.
        let (code, _, err) = klondike(data, &[], session, "d\nd\n");
        assert_eq!(code, 0, "{err}");
        assert_eq!(temp_files_of(data, name), 0, "{what}");
        if game_7 {
            assert_eq!(played(&statistics(data)), 1, "game 7 counted once");
        }
    }
}

/// A statistics file that cannot be read for the moment (no permission) is
/// no corrupt file: it is said, left as it is, and nothing is counted into
/// a new one; the game it could not take stays saved, and is counted once
/// the file reads again. The tests run as root, whom `chmod 000` does not
/// stop, so the read is made to fail by the test hook.
#[test]
fn a_statistics_file_that_cannot_be_read_for_now_is_kept_and_the_game_counted_later() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    for game in ["1", "2", "3"] {
        let (code, _, err) = klondike(data, &[], &["--game", game, "--stats"], "d\n");
        assert_eq!(code, 0, "{err}");
    }
    assert_eq!(played(&statistics(data)), 3);
    let before = std::fs::read(data.join("statistics.json")).unwrap();
    let unreadable = [(UNREADABLE_ENV, "statistics.json")];
    let (code, _, err) = klondike(data, &unreadable, &["--game", "4", "--autosave", "--stats"], "d\nnew 5\nd\n");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("statistics.json: no permission to read it"), "{err}");
    assert_eq!(err.matches("no permission").count(), 1, "said once: {err}");
    assert_eq!(std::fs::read(data.join("statistics.json")).unwrap(), before, "left as it was");
    let names: Vec<String> =
        std::fs::read_dir(data).unwrap().filter_map(|e| e.ok()?.file_name().into_string().ok()).collect();
    assert!(!names.iter().any(|n| n.contains("corrupt")), "nothing moved aside: {names:?}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data.join("autosave.json")).unwrap()).unwrap();
    assert_eq!(saved["game"], "4", "the game not counted stays saved");
    // Readable again: the game left is counted, once.
    let (code, _, err) = klondike(data, &[], &["--game", "6", "--autosave", "--stats"], "");
    assert_eq!(code, 0, "{err}");
    let stats = statistics(data);
    assert_eq!(played(&stats), 4, "{err}");
    assert!(counted_ids(&stats).contains(&saved["id"].as_str().unwrap().to_string()));
}

/// A write-protected file (mode 444) is never replaced, by `save` nor by a
/// census's verdict file or picture, even by root, whom the system would
/// let: each refuses, says so, and leaves the file as it was (as `cp`
/// without `-f` does).
#[cfg(unix)]
#[test]
fn write_protected_files_are_refused_and_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let protect = |path: &Path| std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o444)).unwrap();
    // A saved game, then write-protected.
    let saved = dir.path().join("mine.json");
    let (code, out, err) = klondike(&data, &[], &["--game", "3"], &format!("d\nsave {}\n", saved.display()));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Saved the game"), "{out}");
    protect(&saved);
    let before = std::fs::read(&saved).unwrap();
    let (code, out, err) = klondike(&data, &[], &["--game", "3"], &format!("d\nd\nsave {}\n", saved.display()));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("write-protected"), "{out}");
    assert_eq!(std::fs::read(&saved).unwrap(), before);
    // A verdict file and a picture, then write-protected.
    let verdicts = dir.path().join("v.txt");
    let picture = dir.path().join("p.svg");
    let census = dir.path().join("c");
    let (v, p, c) = (verdicts.to_str().unwrap(), picture.to_str().unwrap(), census.to_str().unwrap());
    let solve = ["census", "--games", "1..3", "--draw", "1", "--passes", "1", "--foundation-to-tableau", "on"];
    let mut args: Vec<&str> = solve.to_vec();
    args.extend(["--max-states", "3000", "--dir", c, "--verdict-file", v, "--plot", p]);
    let (code, _, err) = klondike(&data, &[], &args, "");
    assert_eq!(code, 0, "{err}");
    // A batch's results file too: no results are added to it.
    let results = census.join("draw1-passes1-f2t-on.jsonl");
    let r = results.to_str().unwrap();
    let (code, _, err) = klondike(&data, &[], &["solve", "--games", "1..5", "--max-states", "3000", "--output", r], "");
    assert_eq!(code, 0, "{err}");
    protect(&results);
    let before = std::fs::read(&results).unwrap();
    let (code, _, err) = klondike(&data, &[], &["solve", "--games", "1..9", "--max-states", "3000", "--output", r], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("write-protected") && err.trim().lines().count() == 1, "{err}");
    assert_eq!(std::fs::read(&results).unwrap(), before);
    for (file, option) in [(&verdicts, "--verdict-file"), (&picture, "--plot")] {
        protect(file);
        let before = std::fs::read(file).unwrap();
        let mut again: Vec<&str> = solve.to_vec();
        again.extend(["--max-states", "3000", "--dir", c, option, file.to_str().unwrap()]);
        let (code, out, err) = klondike(&data, &[], &again, "");
        assert_eq!(code, 1, "{option}: {out}{err}");
        assert!(err.contains("write-protected") && err.trim().lines().count() == 1, "{option}: {err}");
        assert_eq!(std::fs::read(file).unwrap(), before, "{option}");
    }
}

/// A file the user names that is a folder, or is not there, is said in the
/// program's words ("it is a folder"), never the system's ("Is a
/// directory"), after what was being done with it; one line, exit 1.
#[test]
fn the_system_s_reasons_are_said_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let folder = dir.path().to_str().unwrap();
    let missing = dir.path().join("missing.txt");
    let missing = missing.to_str().unwrap();
    let deal_at_folder = format!("@{folder}");
    let deal_at_missing = format!("@{missing}");
    let cases: [(&[&str], &str); 5] = [
        (&["solve", "--deal", &deal_at_folder], "cannot read the deal file"),
        (&["--deal", &deal_at_missing], "cannot read the deal file"),
        (&["solve", "--games-file", folder], "cannot read the games file"),
        (&["solve", "--game", "1", "--moves", folder], "cannot read the moves file"),
        (&["solve", "--games", "1..2", "--output", folder], "cannot open"),
    ];
    for (args, doing) in cases {
        let (code, _, err) = klondike(&data, &[], args, "");
        assert_eq!(code, 1, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(doing), "{args:?}: {err}");
        assert!(err.contains(": it is a folder") || err.contains(": it does not exist"), "{args:?}: {err}");
        for system in ["Is a directory", "No such file", "os error"] {
            assert!(!err.contains(system), "{args:?}: {err}");
        }
    }
}

/// A batch syncs its results file to the disk when it ends (and every few
/// seconds while it runs), so that a power cut after it says it is done
/// loses nothing: the last step it takes on its file is the sync, after
/// the last result is written.
#[test]
fn a_batch_syncs_its_results_when_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.txt");
    let results = dir.path().join("results.jsonl");
    let args = ["solve", "--games", "1..3", "--max-states", "2000", "--output", results.to_str().unwrap()];
    let (code, _, err) = klondike(&dir.path().join("data"), &[(TRACE_ENV, trace.to_str().unwrap())], &args, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&results).unwrap().lines().count(), 3);
    let steps = std::fs::read_to_string(&trace).unwrap();
    assert!(steps.lines().last().is_some_and(|l| l.ends_with(" synced results.jsonl")), "{steps}");
}

/// Sends `signal` (a name `kill` takes: INT, TERM, HUP) to `child`.
#[cfg(unix)]
fn send(child: &std::process::Child, signal: &str) {
    let sent = std::process::Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status();
    assert!(sent.is_ok_and(|s| s.success()), "kill -{signal}");
}

/// Waits up to a minute for `ready`, checking every 20 ms.
fn wait_for(what: &str, ready: impl Fn() -> bool) {
    let start = std::time::Instant::now();
    while !ready() {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "waited a minute for {what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Ctrl-C, SIGTERM or SIGHUP while a census writes its verdict file (held
/// before its rename by a test hook): the temporary file, which can take
/// hundreds of megabytes, is removed, no verdict file is left half made,
/// and the census ends of the signal as before.
#[cfg(unix)]
#[test]
fn a_census_stopped_while_it_writes_its_verdicts_leaves_no_temporary_file() {
    use klondike::app::store::PAUSE_BEFORE_RENAME_ENV;
    use std::os::unix::process::ExitStatusExt;
    for (signal, number) in [("INT", 2), ("TERM", 15), ("HUP", 1)] {
        let dir = tempfile::tempdir().unwrap();
        let census = dir.path().join("c");
        let verdicts = dir.path().join("v.txt");
        let args = ["census", "--games", "1..2", "--draw", "1", "--passes", "1", "--foundation-to-tableau", "on"];
        let files =
            ["--max-states", "3000", "--dir", census.to_str().unwrap(), "--verdict-file", verdicts.to_str().unwrap()];
        let pause = [(PAUSE_BEFORE_RENAME_ENV, "60000")];
        let child = start_klondike(&dir.path().join("data"), &pause, &[&args[..], &files].concat(), false);
        wait_for("the verdict file's temporary file", || temp_files_of(dir.path(), "v.txt") == 1);
        send(&child, signal);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.signal(), Some(number), "{signal}: {out:?}");
        assert_eq!(temp_files_of(dir.path(), "v.txt"), 0, "{signal}");
        assert!(!verdicts.exists(), "{signal}");
    }
}

/// A census started with SIGHUP and SIGINT ignored (under `nohup`, or in
/// the background by a script) keeps them ignored: a hang-up or a Ctrl-C
/// does not stop it, while SIGTERM still does, as before (here while it
/// writes its verdict file, held before its rename by a test hook: the
/// temporary file is removed).
#[cfg(target_os = "linux")]
#[test]
fn a_census_started_with_hang_ups_ignored_goes_on_through_one() {
    use klondike::app::store::PAUSE_BEFORE_RENAME_ENV;
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let census = dir.path().join("c");
    let verdicts = dir.path().join("v.txt");
    let (census, verdicts) = (census.to_str().unwrap(), verdicts.to_str().unwrap());
    let args = ["census", "--games", "1..2", "--draw", "1", "--passes", "1", "--foundation-to-tableau", "on"];
    let files = ["--max-states", "3000", "--dir", census, "--verdict-file", verdicts];
    // The shell sets both signals to be ignored, and the program inherits
    // that through exec.
    let child = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' HUP INT; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_klondike"))
        .args(args)
        .args(files)
        .env("KLONDIKE_DATA_DIR", dir.path().join("data"))
        .env(PAUSE_BEFORE_RENAME_ENV, "60000")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    wait_for("the verdict file's temporary file", || temp_files_of(dir.path(), "v.txt") == 1);
    let mut child = child;
    for signal in ["HUP", "INT"] {
        send(&child, signal);
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(child.try_wait().unwrap().is_none(), "{signal} ended a census started with it ignored");
    }
    send(&child, "TERM");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.signal(), Some(15), "{out:?}");
    assert_eq!(temp_files_of(dir.path(), "v.txt"), 0);
}

/// A batch stopped by Ctrl-C says in one line what it did and that a rerun
/// goes on, with the count of results its file holds; the rerun finishes
/// the rest and says how many were already there.
#[cfg(unix)]
#[test]
fn a_batch_stopped_by_ctrl_c_says_what_it_did_and_its_rerun_goes_on() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let args = ["solve", "--games", "1..300", "--max-states", "300000", "--output", results.to_str().unwrap()];
    let child = start_klondike(&dir.path().join("data"), &[], &args, false);
    let lines = || std::fs::read_to_string(&results).map_or(0, |t| t.lines().count());
    wait_for("a first result", || lines() >= 2);
    send(&child, "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.signal(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let done = lines();
    assert!(done < 300, "the batch ended before it was stopped: {err}");
    let said = format!("klondike: stopped with {done} of 300 games in {}: ", results.display());
    assert!(err.lines().count() == 1 && err.starts_with(&said), "{err}");
    assert!(err.contains(&format!("; {done} solved now, 0 were already there; at most ")), "{err}");
    assert!(err.trim_end().ends_with(" MB of tables a thread; run it again to go on"), "{err}");
    // Nothing left to do: a game the file holds.
    let text = std::fs::read_to_string(&results).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let game = first["game"].as_str().unwrap().to_string();
    let range = format!("{game}..{game}");
    let again = ["solve", "--games", &range, "--output", results.to_str().unwrap()];
    let (code, out, err) = klondike(&dir.path().join("data"), &[], &again, "");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let said = format!("klondike: 1 game in {}: ", results.display());
    assert!(err.starts_with(&said) && err.trim_end().ends_with("; 0 solved now, 1 was already there"), "{err}");
    assert_eq!(std::fs::read_to_string(&results).unwrap(), text);
}

/// A census holds its verdict file from its check to its write: a second
/// census naming the same file meanwhile is refused (it would have written
/// over the first one's verdicts, or the first over its own), and the
/// first then writes it whole. A picture named as the verdict file, and a
/// verdict file in a folder that does not exist, are refused before any
/// work.
#[cfg(unix)]
#[test]
fn a_verdict_file_is_held_by_its_census_and_checked_before_the_work() {
    use klondike::app::store::PAUSE_BEFORE_RENAME_ENV;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let census = dir.path().join("c");
    let verdicts = dir.path().join("v.txt");
    let (c, v) = (census.to_str().unwrap(), verdicts.to_str().unwrap());
    let solve = ["census", "--games", "1..3", "--draw", "1", "--passes", "1", "--foundation-to-tableau", "on"];
    let mut args: Vec<&str> = solve.to_vec();
    args.extend(["--max-states", "3000", "--dir", c, "--verdict-file", v]);
    let first = start_klondike(&data, &[(PAUSE_BEFORE_RENAME_ENV, "3000")], &args, false);
    wait_for("the first census's temporary file", || temp_files_of(dir.path(), "v.txt") == 1);
    let only = ["census", "--only", "1..3", &format!("{c}/draw1-passes1-f2t-on.jsonl"), "--verdict-file", v];
    let (code, _, err) = klondike(&data, &[], &only, "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("a klondike process is using it"), "{err}");
    let out = first.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(std::fs::read_to_string(&verdicts).unwrap().lines().count(), 5, "a header of two lines and three games");
    // The picture over the verdict file; a verdict file with no folder.
    let batch = format!("{c}/draw1-passes1-f2t-on.jsonl");
    let cases: [(&[&str], &str); 2] = [
        (&["census", "--only", "1..3", &batch, "--plot", "p.svg", "--verdict-file", "p.svg"], "it is the verdict file"),
        (&["census", "--only", "1..3", &batch, "--verdict-file", "no/such/folder/v.txt"], "its folder does not exist"),
    ];
    for (args, said) in cases {
        let (code, _, err) = common::run_klondike(args, &[("KLONDIKE_DATA_DIR", data.as_os_str())], "");
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains(said) && err.trim().lines().count() == 1, "{args:?}: {err}");
    }
    assert!(!std::path::Path::new("p.svg").exists() && !std::path::Path::new("no").exists());
}

/// `save` into a folder where no file can be made (Linux's `/proc`) says
/// so, not that the file does not exist, and the game goes on.
#[test]
#[cfg(target_os = "linux")]
fn save_where_no_file_can_be_made_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = klondike(&dir.path().join("data"), &[], &["--game", "3"], "save /proc/klondike-x\nd\n");
    assert_eq!(code, 0, "{err}");
    // The line typed is echoed; the answer follows it.
    let said: Vec<&str> =
        out.lines().chain(err.lines()).filter(|l| l.contains("/proc/klondike-x") && !l.starts_with("> ")).collect();
    assert_eq!(said.len(), 1, "{out}{err}");
    assert!(said[0].contains("no file can be made in that folder"), "{}", said[0]);
    assert!(!said[0].contains("does not exist"), "{}", said[0]);
    assert!(!Path::new("/proc/klondike-x").exists());
}

/// `save` never writes a file named as a lock file (`*.lock`), of this data
/// folder or any other; a batch whose results file has no folder says so,
/// and one whose folder is a file says that.
#[test]
fn save_refuses_lock_file_names_and_a_batch_names_a_missing_folder() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let other = dir.path().join("other-data");
    std::fs::create_dir(&other).unwrap();
    let lock = other.join("autosave.json.lock");
    std::fs::write(&lock, "").unwrap();
    let (code, out, err) = klondike(&data, &[], &["--game", "3"], &format!("d\nsave {}\n", lock.display()));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("it is named as a lock file"), "{out}");
    assert_eq!(std::fs::read(&lock).unwrap(), b"");
    let missing = dir.path().join("no-such-folder/r.jsonl");
    let (code, _, err) = klondike(&data, &[], &["solve", "--games", "1..2", "--output", missing.to_str().unwrap()], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("its folder does not exist") && err.trim().lines().count() == 1, "{err}");
    assert!(!dir.path().join("no-such-folder").exists());
    // A file named as its folder is said to be a file, and left as it is.
    let file = dir.path().join("results.jsonl");
    std::fs::write(&file, "").unwrap();
    let inside = file.join("r.jsonl");
    let (code, _, err) = klondike(&data, &[], &["solve", "--games", "1..2", "--output", inside.to_str().unwrap()], "");
    assert_eq!(code, 1, "{err}");
    let said = format!("'{}' is a file, not a folder", file.display());
    assert!(err.contains(&said) && err.trim().lines().count() == 1, "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), b"");
}

/// klondike run with `args` and `stdin` under a file size limit of `bytes`
/// (`ulimit -f`), in the data folder `data`: exit code (`None`: ended by
/// a signal), standard output and standard error.
#[cfg(target_os = "linux")]
fn klondike_under_file_limit(data: &Path, bytes: u64, args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"));
    // SAFETY: between fork and exec only `setrlimit`, which is
    // async-signal-safe, is called.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command
        .args(args)
        .current_dir(data.parent().unwrap())
        .env("KLONDIKE_DATA_DIR", data)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// The temporary files left in `dir` and the folders in it.
fn temporary_files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        if entry.path().is_dir() {
            found.extend(temporary_files(&entry.path()));
        } else if entry.file_name().to_string_lossy().ends_with(".tmp") {
            found.push(entry.path().display().to_string());
        }
    }
    found
}

/// A write past the file size limit (`ulimit -f`) fails as one on a full
/// disk does: said in one line, taken back, its temporary file removed;
/// the game goes on, the batch stops with status 1 and whole lines only.
/// It ended the program by SIGXFSZ (status 153 in a shell, nothing said),
/// leaving a temporary file and a line cut short (helper report).
#[test]
#[cfg(target_os = "linux")]
fn a_file_size_limit_fails_the_write_not_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (code, line, err) = klondike(&data, &[], &["solve", "--game", "7"], "");
    assert_eq!(code, 0, "{err}");
    // The autosave of game 7 passes 1 KiB within its first moves.
    let (code, out, err) = klondike_under_file_limit(&data, 1024, &["--game", "7", "--autosave", "--stats"], &line);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("You won"), "{out}");
    assert!(err.contains("the file would pass the size limit; the game goes on"), "{err}");
    assert_eq!(temporary_files(dir.path()), Vec::<String>::new());
    let (code, stats, err) = klondike(&data, &[], &["stats"], "");
    assert_eq!(code, 0, "{err}");
    let row = stats.lines().find(|l| l.starts_with("draw 1, unlimited")).unwrap_or_else(|| panic!("{stats}"));
    let counts: Vec<&str> = row.split_whitespace().skip(3).take(2).collect();
    assert_eq!(counts, ["1", "1"], "played and won: {stats}");
    // A batch's results file under a limit of 4 KiB: some results, then
    // a one-line failure.
    let results = dir.path().join("r.jsonl");
    let args = ["solve", "--games", "1..20", "--max-states", "100000", "--fast", "-o", "r.jsonl"];
    let (code, _, err) = klondike_under_file_limit(&data, 4096, &args, "");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.trim(), "klondike: cannot write to 'r.jsonl': the file would pass the size limit");
    let text = std::fs::read_to_string(&results).unwrap();
    assert!(!text.is_empty() && text.ends_with('\n'), "{text}");
    for l in text.lines() {
        assert!(serde_json::from_str::<serde_json::Value>(l).is_ok(), "{l}");
    }
    assert_eq!(temporary_files(dir.path()), Vec::<String>::new());
}

/// A batch never writes its results into klondike's own files in the data
/// folder: it took a lock file (a results file held by a batch blocked the
/// saving and counting of every game meanwhile) and the history, where
/// `save` and a census's verdict file refuse them (helper report).
#[test]
fn a_batch_refuses_klondikes_own_files_for_its_results() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (code, _, err) = klondike(&data, &[], &["--game", "1", "--autosave", "--stats"], "d\n");
    assert_eq!(code, 0, "{err}");
    std::fs::write(data.join("history.txt"), "").unwrap();
    for name in ["autosave.json.lock", "statistics.json.lock", "history.txt", "statistics.json", "autosave.json"] {
        let file = data.join(name);
        // Missing or there, it is not written.
        let before = std::fs::read(&file).ok();
        let args = ["solve", "--games", "1..2", "--max-states", "2000", "-o", file.to_str().unwrap()];
        let (code, out, err) = klondike(&data, &[], &args, "");
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(err.contains("is one of klondike's own files") && err.trim().lines().count() == 1, "{name}: {err}");
        assert_eq!(std::fs::read(&file).ok(), before, "{name} unchanged");
    }
}
