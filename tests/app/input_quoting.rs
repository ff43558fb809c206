//! Input as the binary reads and quotes it: comment lines of any length are
//! skipped, stored files have a size cap, and messages quote what was typed
//! (its case kept, unprintable characters named, never Rust escapes).

use crate::common;

fn klondike(args: &[&str], stdin: &str) -> (i32, String, String) {
    common::run_klondike(args, &[], stdin)
}

#[test]
fn a_comment_line_of_any_length_is_skipped() {
    let script = format!("#{}\nd\n", "x".repeat(1 << 20));
    let (code, out, err) = klondike(&["--game", "1", "--json", "--strict"], &script);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "the deal and the draw");
    assert!(out.lines().last().unwrap().contains("\"ok\":true"), "{out}");
}

#[test]
fn a_stored_file_past_the_size_cap_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.json");
    std::fs::write(&big, vec![b' '; (1 << 20) + 1]).unwrap();
    let (code, _, err) = klondike(&["--load", big.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("larger than 1 MiB"), "{err}");
}

#[test]
fn messages_quote_input_as_typed_with_unprintable_characters_named() {
    let (_, out, _) = klondike(&["--game", "1"], "XyZ\nt 9 2\nl Q\nfoo\u{1}bar\nd\u{2028}\n");
    assert!(out.contains("unknown command 'XyZ'"), "{out}");
    assert!(out.contains("'Q' is not a place to look at"), "{out}");
    assert!(out.contains("'foo<U+0001>bar'"), "{out}");
    assert!(out.contains("<line separator>"), "{out}");
    assert!(!out.contains("\\u{"), "no Rust escapes: {out}");
}

/// Messages about files show no Rust escapes and no system error codes.
#[test]
fn file_errors_read_as_words() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("save.json");
    std::fs::write(&save, r#"{"format_version":1,"game":"1","draw":"\u0001","moves":[]}"#).unwrap();
    let (code, _, err) = klondike(&["--load", save.to_str().unwrap()], "");
    assert_eq!(code, 1);
    // The parser's words ('invalid type: string "\u{1}"') are not shown;
    // the field is named.
    assert!(err.contains("its field draw holds a value that no klondike file holds") && !err.contains("\\u"), "{err}");
    // A format_version that is there but no version number is not said to
    // be missing.
    std::fs::write(&save, r#"{"format_version":"1","game":"1","moves":[]}"#).unwrap();
    let (code, _, err) = klondike(&["--load", save.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("its format_version is not a version number") && !err.contains("has no"), "{err}");
    let (code, _, err) = klondike(&["--deal", "@/no/such/file"], "");
    assert_eq!(code, 1);
    assert!(!err.contains("os error"), "{err}");
}

proptest::proptest! {
    /// Any text, however odd, makes a message without a panic and without an
    /// unprintable character.
    #[test]
    fn messages_are_made_of_printable_text(text in "\\PC*|[\\x00-\\x1f\\u{2028}\\u{202e}\\\\u{}0-9a-f]*") {
        for shown in [klondike::app::render::words::plain_message(&text), klondike::app::render::words::readable(&text, 30)] {
            proptest::prop_assert!(!shown.chars().any(klondike::app::render::words::is_unprintable), "{shown:?}");
        }
    }
}

/// A file name given with bytes that are not UTF-8 is refused, and no
/// file is written: it was read with U+FFFD in their place and saved under
/// that other name (helper report).
#[test]
fn a_file_name_that_is_not_utf8_is_refused() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["--game", "1"])
        .current_dir(dir.path())
        .env("KLONDIKE_DATA_DIR", dir.path().join("data"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"save sv\xff.json\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(text.contains("has bytes in it that are not UTF-8 text: name the file in plain characters"), "{text}");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(names.iter().all(|n| !n.to_string_lossy().starts_with("sv")), "{names:?}");
}
