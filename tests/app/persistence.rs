//! The binary's files, across runs: autosave and resume, statistics over
//! several games, and what happens to corrupt or newer files. Each test uses
//! its own data directory (KLONDIKE_DATA_DIR).

use std::path::Path;

use crate::common;

fn klondike(data: &Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    common::run_klondike(args, &[("KLONDIKE_DATA_DIR", data.as_os_str())], stdin)
}

#[test]
fn scripted_runs_touch_no_files_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, _) = klondike(dir.path(), &["--game", "1"], "d\nt 6 f\nnew 2\nd\n");
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_dir(dir.path()).map(|d| d.count()).unwrap_or(0), 0);
}

#[test]
fn an_unfinished_game_is_saved_and_resumed_with_its_history() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, _) = klondike(dir.path(), &["--game", "1", "--autosave"], "d\nt 6 f\nd\nu\nq\n");
    assert_eq!(code, 0);
    assert!(dir.path().join("autosave.json").exists());
    let (code, out, err) = klondike(dir.path(), &["--resume", "--json"], "redo\nu\nu\nu\nu\n");
    assert_eq!(code, 0, "{err}");
    let states: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(states[0]["game"], "1");
    assert_eq!(states[0]["moves"], 2, "resumed after d, t 6 f");
    assert_eq!(states[1]["ok"], true, "the redo list survived");
    assert_eq!(states[1]["moves"], 3);
    assert_eq!(states[4]["moves"], 0, "the undo history survived");
    assert_eq!(states[5]["ok"], false, "nothing before the start");
    // A scripted run without --autosave leaves the saved game as it was.
    let (_, again, _) = klondike(dir.path(), &["--resume", "--json"], "");
    assert!(again.contains("\"moves\":2"), "{again}");
    // With --autosave, the resumed game keeps the file in step; once it is
    // replaced by a new game, there is nothing left to resume.
    klondike(dir.path(), &["--resume", "--autosave"], "new 5\n");
    let (code, _, err) = klondike(dir.path(), &["--resume"], "");
    assert_eq!(code, 1);
    assert!(err.contains("no saved game"), "{err}");
}

/// `--load` and `load` of a link to nothing say that it is one (not "no
/// file"), and leave it as it is.
#[test]
#[cfg(unix)]
fn loading_a_link_to_nothing_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(dir.path().join("gone.json"), &link).unwrap();
    let name = link.to_str().unwrap();
    let (code, _, err) = klondike(dir.path(), &["--load", name], "");
    assert_eq!(code, 1);
    assert!(err.contains("the link leads nowhere"), "{err}");
    let (code, out, _) = klondike(dir.path(), &["--game", "1"], &format!("load {name}\n"));
    assert_eq!(code, 0);
    assert!(out.contains("error: cannot use") && out.contains("the link leads nowhere"), "{out}");
    assert!(std::fs::symlink_metadata(&link).is_ok(), "the link is left as it is");
}

#[test]
fn resuming_a_corrupt_save_fails_instead_of_dealing_another_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("autosave.json"), "garbage").unwrap();
    let (code, out, err) = klondike(dir.path(), &["--resume"], "");
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("cannot resume") && err.contains("moved aside"), "{err}");
}

#[test]
fn stats_with_a_corrupt_file_warn_and_show_fresh_statistics() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("statistics.json"), "A").unwrap();
    let (code, out, err) = klondike(dir.path(), &["stats"], "");
    assert_eq!(code, 0);
    assert!(err.contains("statistics.json") && err.contains("moved aside"), "{err}");
    assert!(out.contains("No games played yet"), "{out}");
}

#[test]
fn statistics_count_wins_losses_and_abandoned_games() {
    let dir = tempfile::tempdir().unwrap();
    let deal = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cmd/won_draw1.deal")).unwrap();
    let line = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cmd/won_draw1.stdin")).unwrap();
    let rules = ["--draw", "1", "--passes", "unlimited", "--foundation-to-tableau"];
    let mut args = vec!["--deal", deal.trim(), "--stats"];
    args.extend(rules);
    // A win.
    let (code, out, _) = klondike(dir.path(), &args, &line);
    assert_eq!(code, 0);
    assert!(out.contains("You won"));
    // A game abandoned for a new one counts as lost; the new one, with no
    // move made, does not count at all.
    let mut args = vec!["--game", "3", "--stats"];
    args.extend(rules);
    klondike(dir.path(), &args, "d\nnew 4\n");
    // Another loss: a scripted game left unfinished at the end of input.
    klondike(dir.path(), &args, "d\n");
    let (code, out, _) = klondike(dir.path(), &["stats", "--json"], "");
    assert_eq!(code, 0);
    let stats: serde_json::Value = serde_json::from_str(&out).unwrap();
    let record = &stats["per_rules"]["draw 1, passes unlimited, foundation-to-tableau on"];
    assert_eq!(record["played"], 3, "{out}");
    assert_eq!(record["won"], 1);
    assert_eq!(record["current_losing_streak"], 2);
    assert_eq!(record["longest_win_streak"], 1);
    assert_eq!(record["fewest_moves_to_win"], 137);
    // A table for the eye, a sentence a setting for a screen reader.
    let (_, text, _) = klondike(dir.path(), &["stats"], "");
    assert!(
        text.contains("\ndraw 1, unlimited, f2t      3    1   33%    2 L      1/2    535     137       -\n"),
        "{text}"
    );
    let data = dir.path().as_os_str();
    let aloud = [("KLONDIKE_DATA_DIR", data), ("KLONDIKE_SCREEN_READER", std::ffi::OsStr::new("1"))];
    let (_, text, _) = common::run_klondike(&["stats"], &aloud, "");
    assert!(text.contains("3 played, 1 won"), "{text}");
    let (_, text, _) = klondike(dir.path(), &["stats", "--screen-reader"], "");
    assert!(text.contains("3 played, 1 won"), "{text}");
}

#[test]
fn vegas_keeps_a_balance_across_games() {
    let dir = tempfile::tempdir().unwrap();
    klondike(dir.path(), &["--game", "1", "--scoring", "vegas", "--stats"], "t 6 f\n");
    klondike(dir.path(), &["--game", "2", "--scoring", "vegas", "--stats"], "d\n");
    let (_, out, _) = klondike(dir.path(), &["stats", "--json"], "");
    let stats: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(stats["vegas_balance"], -47 + -52);
}

#[test]
fn a_corrupt_statistics_file_is_moved_aside_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("statistics.json"), "{\"format_version\": 1, \"per_r").unwrap();
    let (code, _, err) = klondike(dir.path(), &["--game", "1", "--stats"], "d\n");
    assert_eq!(code, 0);
    assert!(err.contains("statistics.json"), "the error names the file: {err}");
    let names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().any(|n| n.starts_with("statistics.json.corrupt-")), "{names:?}");
    let (_, out, _) = klondike(dir.path(), &["stats", "--json"], "");
    let stats: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(stats["per_rules"]["draw 1, passes unlimited, foundation-to-tableau off"]["played"], 1);
}

#[test]
fn a_statistics_file_from_a_newer_version_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let newer = "{\"format_version\": 99, \"per_rules\": {}, \"vegas_balance\": 7}\n";
    std::fs::write(dir.path().join("statistics.json"), newer).unwrap();
    let (code, _, err) = klondike(dir.path(), &["--game", "1", "--stats"], "d\n");
    assert_eq!(code, 0);
    assert!(err.contains("statistics.json"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.path().join("statistics.json")).unwrap(), newer);
}

#[test]
fn a_saved_game_with_an_illegal_move_is_refused_with_the_move_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(
        &file,
        r#"{"format_version":1,"game":"1","deal":null,"draw":1,"passes":null,"foundation_to_tableau":false,"scoring":"standard","moves":["d","t 1 2"],"undone":[],"elapsed_seconds":0}"#,
    )
    .unwrap();
    let (code, _, err) = klondike(dir.path(), &["--load", file.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("t 1 2") && err.contains("queen of hearts"), "{err}");
}

#[test]
fn a_file_the_player_names_is_never_moved_or_replaced_by_something_else() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let folder = dir.path().join("a folder");
    std::fs::create_dir(&folder).unwrap();
    let junk = dir.path().join("notes.txt");
    std::fs::write(&junk, "not a saved game").unwrap();
    // Loading a folder or a file that is not a saved game: refused, left alone.
    for path in [&folder, &junk] {
        let p = path.to_str().unwrap();
        let (code, _, err) = klondike(&data, &["--load", p], "");
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("cannot use"), "{err}");
        let (code, out, _) = klondike(&data, &["--game", "1"], &format!("load {p}\n"));
        assert_eq!(code, 0);
        assert!(out.contains("error: cannot use"), "{out}");
    }
    assert!(folder.is_dir());
    assert_eq!(std::fs::read_to_string(&junk).unwrap(), "not a saved game");
    // Saving over a folder, or into a folder that does not exist: refused.
    let missing = dir.path().join("no such folder").join("g.json");
    let script = format!("d\nsave {}\nsave {}\n", folder.display(), missing.display());
    let (_, out, _) = klondike(&data, &["--game", "1"], &script);
    assert_eq!(out.matches("error: cannot use").count(), 2, "{out}");
    assert!(folder.is_dir());
    assert!(!missing.parent().unwrap().exists());
}

#[cfg(unix)]
#[test]
fn saving_through_a_link_writes_the_file_it_points_to() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.json");
    // An empty file (a save that is not ours is never replaced).
    std::fs::write(&target, "").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (code, out, _) = klondike(dir.path(), &["--game", "1"], &format!("d\nsave {}\n", link.display()));
    assert_eq!(code, 0);
    assert!(out.contains("Saved the game"), "{out}");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is still a link");
    assert!(std::fs::read_to_string(&target).unwrap().contains("\"moves\""));
}

#[test]
fn the_autosave_follows_every_command_so_a_killed_session_loses_nothing() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("autosave.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["--game", "1", "--autosave"])
        .env("KLONDIKE_DATA_DIR", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"d\nt 6 f\n").unwrap();
    input.flush().unwrap();
    let mut saved = String::new();
    for _ in 0..200 {
        saved = std::fs::read_to_string(&save).unwrap_or_default();
        if saved.contains("t 6 f") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(saved.contains("\"t 6 f\""), "the autosave was not written before the kill: {saved}");
    let (_, out, _) = klondike(dir.path(), &["--resume", "--json"], "");
    assert!(out.contains("\"moves\":2"), "{out}");
}

#[test]
fn a_game_replaced_or_won_leaves_no_autosave_behind() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("autosave.json");
    klondike(dir.path(), &["--game", "1", "--autosave"], "d\nnew 2\n");
    assert!(!save.exists(), "the replaced game's save is gone");
    let deal = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cmd/won_draw1.deal")).unwrap();
    let line = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cmd/won_draw1.stdin")).unwrap();
    let (_, out, _) = klondike(dir.path(), &["--deal", deal.trim(), "--foundation-to-tableau", "--autosave"], &line);
    assert!(out.contains("You won"));
    assert!(!save.exists(), "a won game is not kept for resuming");
}

/// A saved or resumed game is played under its own rules and scoring: the
/// options that would set others are refused, not silently ignored.
#[test]
fn rules_options_are_refused_with_a_saved_or_resumed_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("saved.json");
    let (code, _, err) =
        klondike(dir.path(), &["--game", "1", "--draw", "3"], &format!("d\nsave {}\n", file.display()));
    assert_eq!(code, 0, "{err}");
    let saved = file.to_str().unwrap();
    let (code, out, err) = klondike(dir.path(), &["--load", saved], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("draw 3"), "{out}");
    for extra in [["--draw", "1"], ["--passes", "2"], ["--scoring", "vegas"]] {
        for start in [&["--load", saved][..], &["--resume"], &["play", "--load", saved]] {
            let args: Vec<&str> = start.iter().chain(extra.iter()).copied().collect();
            let (code, _, err) = klondike(dir.path(), &args, "");
            assert_eq!(code, 2, "{args:?}: {err}");
            assert!(err.contains("cannot be used with"), "{args:?}: {err}");
        }
    }
    let (code, _, err) = klondike(dir.path(), &["--load", saved, "--foundation-to-tableau"], "");
    assert_eq!(code, 2, "{err}");
}

/// `save FILE` replaces only a saved game (never a text file or a save from
/// a newer version), keeps the mode of the file it replaces, and reads a
/// leading `~` as the home folder.
#[test]
fn save_replaces_only_saved_games_keeps_their_mode_and_expands_the_home_folder() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let (code, out, err) = klondike(&data, &["--game", "1", "--json"], &format!("d\nsave {}\n", notes.display()));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("something other than a saved game"), "{out}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    let newer = dir.path().join("newer.json");
    std::fs::write(&newer, r#"{"format_version": 99}"#).unwrap();
    let (_, out, _) = klondike(&data, &["--game", "1", "--json"], &format!("d\nsave {}\n", newer.display()));
    assert!(out.contains("newer"), "{out}");
    assert_eq!(std::fs::read_to_string(&newer).unwrap(), r#"{"format_version": 99}"#);
    // A save of ours is replaced, and keeps its mode.
    let save = dir.path().join("save.json");
    klondike(&data, &["--game", "1"], &format!("d\nsave {}\n", save.display()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&save, std::fs::Permissions::from_mode(0o644)).unwrap();
        let (code, _, err) = klondike(&data, &["--game", "1"], &format!("d\nd\nsave {}\n", save.display()));
        assert_eq!(code, 0, "{err}");
        assert_eq!(std::fs::metadata(&save).unwrap().permissions().mode() & 0o777, 0o644);
        assert!(std::fs::read_to_string(&save).unwrap().contains(r#""moves":["d","d"]"#));
    }
    // `~/NAME` is NAME in the home folder.
    let home = dir.path().join("home");
    std::fs::create_dir(&home).unwrap();
    let env = [("KLONDIKE_DATA_DIR", data.as_os_str()), ("HOME", home.as_os_str())];
    let (code, _, err) = common::run_klondike(&["--game", "1"], &env, "d\nsave ~/tilde.json\n");
    assert_eq!(code, 0, "{err}");
    assert!(home.join("tilde.json").exists());
    let (code, out, err) = common::run_klondike(&["--game", "2", "--json"], &env, "load ~/tilde.json\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"game\":\"1\""), "{out}");
}

/// Temporary files that killed writes of the autosave and the statistics
/// left are removed when a session next takes the lock those writes hold,
/// however young; nothing else in the folder is touched: not the history's
/// (written under no lock, so only removed once old), nor files that only
/// look like ours, nor links, folders and other files.
#[test]
fn leftover_temporary_files_of_locked_files_are_removed_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let (code, _, err) = klondike(data, &["--game", "7", "--autosave", "--stats"], "d\nd\nd\n");
    assert_eq!(code, 0, "{err}");
    let leftovers = [".autosave.json.a1B2c3.tmp", ".autosave.json.zz9900.tmp", ".statistics.json.x9y8z7.tmp"];
    let others = [
        ".history.txt.q1w2e3.tmp",
        ".autosave.json.tmp",
        ".autosave.json.abcdefg.tmp",
        "autosave.json.abc123.tmp",
        ".notes.json.abc123.tmp",
        ".autosave.json.abc123.tmp.bak",
        "mine.txt",
    ];
    for name in leftovers.iter().chain(&others) {
        std::fs::write(data.join(name), format!("{name}\n")).unwrap();
    }
    std::fs::create_dir(data.join(".autosave.json.d1r000.tmp")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(data.join("mine.txt"), data.join(".autosave.json.l1nk00.tmp")).unwrap();

    // Starting game 8 takes the autosave's lock, and counts game 7 as lost
    // under the statistics' lock.
    let (code, _, err) = klondike(data, &["--game", "8", "--autosave", "--stats"], "");
    assert_eq!(code, 0, "{err}");
    for name in leftovers {
        assert!(!data.join(name).exists(), "{name} is left");
    }
    for name in others {
        assert_eq!(std::fs::read_to_string(data.join(name)).unwrap(), format!("{name}\n"), "{name} was touched");
    }
    assert!(data.join(".autosave.json.d1r000.tmp").is_dir());
    #[cfg(unix)]
    assert!(std::fs::symlink_metadata(data.join(".autosave.json.l1nk00.tmp")).unwrap().file_type().is_symlink());
    assert!(data.join("statistics.json").exists());
}

#[test]
fn a_saved_game_with_an_impossible_clock_is_refused_and_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = klondike(dir.path(), &["--game", "1", "--autosave"], "d\nq\n");
    assert_eq!(code, 0, "{err}");
    let autosave = dir.path().join("autosave.json");
    let mut record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&autosave).unwrap()).unwrap();
    record["elapsed_seconds"] = serde_json::json!(u64::MAX);
    let text = record.to_string();
    std::fs::write(&autosave, &text).unwrap();
    // Loaded by name: refused, the file kept as it is.
    let named = dir.path().join("named.json");
    std::fs::write(&named, &text).unwrap();
    let (_, out, _) = klondike(dir.path(), &["--game", "2"], &format!("load {}\n", named.display()));
    assert!(out.contains("elapsed_seconds") && out.contains("100 years"), "{out}");
    assert_eq!(std::fs::read_to_string(&named).unwrap(), text);
    // The autosave: refused and moved aside, as any saved game that does
    // not replay.
    let (code, out, err) = klondike(dir.path(), &["--resume"], "");
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("elapsed_seconds") && err.contains("moved to"), "{err}");
    assert!(!autosave.exists());
    let aside: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("autosave.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
}

#[test]
fn save_never_replaces_the_autosave_lock_a_session_holds() {
    let dir = tempfile::tempdir().unwrap();
    let lock = dir.path().join("autosave.json.lock");
    let (code, out, err) =
        klondike(dir.path(), &["--game", "1", "--autosave", "--json"], &format!("d\nsave {}\n", lock.display()));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("one of klondike's own files"), "{out}");
    assert_eq!(std::fs::metadata(&lock).unwrap().len(), 0, "the lock file is left as it was");
}

/// Statistics kept elsewhere through a symbolic link are written through
/// it: the link stays, and its target holds the count (the link was
/// replaced by a file, the target left behind).
#[test]
#[cfg(unix)]
fn statistics_behind_a_symbolic_link_are_written_through_it() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("real-stats.json");
    let link = dir.path().join("statistics.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    for _ in 0..2 {
        let (code, _, err) = klondike(dir.path(), &["--game", "1", "--stats"], "d\n");
        assert_eq!(code, 0, "{err}");
    }
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is kept");
    let stats: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(stats["per_rules"]["draw 1, passes unlimited, foundation-to-tableau off"]["played"], 2);
}

/// A win that cannot be counted in the statistics (another process holds
/// their lock past the wait) is said to be lost to them, and the run still
/// ends normally; once the lock is free, the next win is counted. The win
/// went uncounted in silence when an earlier count had already said the
/// lock was held (helper report).
#[test]
fn a_win_that_cannot_be_counted_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (_, line, _) = common::run_klondike(&["solve", "--game", "1", "--fast"], &[], "");
    let moves: String = line.lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect();
    let lock = std::fs::File::create(dir.path().join("statistics.json.lock")).unwrap();
    lock.lock().unwrap();
    let (code, _, err) = klondike(dir.path(), &["--game", "1", "--stats", "--strict"], &moves);
    assert_eq!(code, 0, "{err}");
    // The wait is said before it starts: nothing else shows for 10 seconds.
    let waiting = err.find("waiting for the statistics, which another klondike has locked").expect(&err);
    assert!(waiting < err.find("this win could not be counted").unwrap_or(0), "{err}");
    assert!(
        err.contains("this win could not be counted in the statistics: could not lock")
            && err.contains("another process has held it for over 10 seconds"),
        "{err}"
    );
    assert!(!dir.path().join("statistics.json").exists());
    lock.unlock().unwrap();
    let (code, _, err) = klondike(dir.path(), &["--game", "1", "--stats", "--strict"], &moves);
    assert_eq!((code, err.as_str()), (0, ""));
    let (_, stats, _) = klondike(dir.path(), &["stats", "--json"], "");
    let stats: serde_json::Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(stats["per_rules"]["draw 1, passes unlimited, foundation-to-tableau off"]["won"], 1, "{stats}");
}
