//! The manual page and the shell completions.

use std::process::Command;

fn stdout(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_klondike")).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_man_page_is_section_6_and_carries_rules_commands_scripts_and_exit_codes() {
    let man = stdout(&["man"]);
    assert!(man.contains(".TH klondike 6"), "section 6");
    for section in [
        ".SH RULES",
        ".SH COMMANDS",
        ".SH SCORING",
        ".SH SCRIPTS",
        ".SH EXIT STATUS",
        ".SH OPTIONS",
        ".SH FILES AND ENVIRONMENT",
    ] {
        assert!(man.contains(section), "missing {section}");
    }
    assert!(man.contains("only a king") || man.contains("Only a king"));
    assert!(man.contains("\\-\\-strict stopped at a rejected command"));
    assert!(man.contains("w N"), "the command table");
    assert!(man.contains("\\fBklondike review\\fR"), "the subcommand review");
    assert!(man.contains("\\fBreview\\fR"), "the command review");
    // No line may start with a dot or quote that roff would take as a request by accident.
    for line in man.lines() {
        if let Some(rest) = line.strip_prefix('.') {
            assert!(rest.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '\\'), "{line}");
        }
    }
}

#[test]
fn completions_for_each_shell() {
    assert!(stdout(&["completions", "bash"]).contains("_klondike()"));
    assert!(stdout(&["completions", "zsh"]).contains("#compdef klondike"));
    assert!(stdout(&["completions", "fish"]).contains("complete -c klondike"));
    let out = Command::new(env!("CARGO_BIN_EXE_klondike")).args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The help of play (and of the program, which plays by default) says that
/// the rules and display options given at a terminal are kept, since the
/// defaults it shows are then those of a first game only; the other
/// subcommands keep nothing, and say nothing of it.
#[test]
fn the_help_of_play_says_that_options_given_at_a_terminal_are_kept() {
    let kept = "are kept as your defaults for the next game there";
    for args in [&["--help"][..], &["play", "--help"], &["-h"]] {
        let help = stdout(args);
        assert!(help.contains(kept), "{args:?}: {help}");
        assert!(help.contains("--foundation-to-tableau, --scoring, --autoplay, --layout"), "{args:?}");
    }
    for sub in ["solve", "review", "deal", "census"] {
        assert!(!stdout(&[sub, "--help"]).contains(kept), "{sub}");
    }
}

/// Each subcommand's help starts with what it does, and lists its own
/// options (they are declared only when the subcommand is given).
#[test]
fn each_subcommand_help_says_what_it_does_and_lists_its_options() {
    for (sub, about, option) in [
        ("solve", "Solve a deal: is it winnable", "--max-states"),
        ("play", "Play a game", "--strict"),
        ("deal", "Print the deal", "--game"),
        ("review", "Review a lost game", "--max-states"),
    ] {
        let help = stdout(&[sub, "--help"]);
        assert!(help.starts_with(about), "{sub}: {help}");
        assert!(help.contains(option), "{sub}: {help}");
        assert_eq!(stdout(&["help", sub]), help, "{sub}");
    }
    // The completions name every subcommand with what it does, and the
    // options of each.
    let zsh = stdout(&["completions", "zsh"]);
    assert!(zsh.contains("'solve:Solve a deal"), "{zsh}");
    assert!(zsh.contains("--max-states"));
}

#[test]
fn the_guides_command_table_names_every_command_of_the_table_and_its_aliases() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide.md")).unwrap();
    let start = guide.find("### Commands").expect("the guide has its command table");
    let table = &guide[start..start + guide[start..].find("\nQueries (").expect("the table ends")];
    for spec in klondike::app::command::COMMANDS.iter().filter(|c| c.verb != klondike::app::command::Verb::Card) {
        for word in std::iter::once(spec.word).chain(spec.aliases.iter().copied()) {
            let named = table.contains(&format!("`{word}`")) || table.contains(&format!("`{word} "));
            assert!(named, "the guide's command table does not name `{word}`");
        }
        // Every example the table of commands gives is a line the program reads.
        for form in spec.forms {
            assert!(form.example.parse::<klondike::app::session::Line>().is_ok(), "{}", form.example);
        }
    }
}

/// The results table of docs/census.md is exactly what the census prints
/// for the committed verdict file: the comment line above the table names
/// the command's arguments, and the fenced block under it is its output.
#[test]
fn the_census_docs_table_is_what_the_census_of_the_committed_verdicts_prints() {
    let root = env!("CARGO_MANIFEST_DIR");
    let docs = std::fs::read_to_string(format!("{root}/docs/census.md")).unwrap();
    let marker = "<!-- census-table: ";
    let start = docs.find(marker).expect("docs/census.md names the command of its table") + marker.len();
    let (command, rest) = docs[start..].split_once(" -->\n").expect("the command's comment ends its line");
    let block = rest.strip_prefix("```text\n").expect("the table's fenced block follows the comment");
    let table = &block[..block.find("\n```\n").expect("the table's fenced block ends") + 1];
    let args: Vec<&str> = command.split_whitespace().collect();
    let out = Command::new(env!("CARGO_BIN_EXE_klondike")).args(&args).current_dir(root).output().unwrap();
    assert!(out.status.success(), "klondike {command}: {}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(table, printed, "docs/census.md's table is not what `klondike {command}` prints: paste its output");
}

/// docs/census.svg is the picture `census --plot` draws of the committed
/// verdicts, and it names every rules setting.
#[test]
fn the_census_docs_picture_is_what_census_plot_draws_of_the_committed_verdicts() {
    let root = env!("CARGO_MANIFEST_DIR");
    let dir = tempfile::tempdir().unwrap();
    let drawn = dir.path().join("census.svg");
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["census", "src/app/census/verdicts.txt", "--plot"])
        .arg(&drawn)
        .current_dir(root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let drawn = std::fs::read_to_string(&drawn).unwrap();
    for rules in klondike::app::census::variants(
        &[klondike::engine::rules::DrawCount::One, klondike::engine::rules::DrawCount::Three],
        &[
            klondike::engine::rules::PassLimit::Limited(1),
            klondike::engine::rules::PassLimit::Limited(3),
            klondike::engine::rules::PassLimit::Unlimited,
        ],
        &[true, false],
    ) {
        assert!(drawn.contains(&rules.to_string()), "the picture does not name {rules}");
    }
    let committed = std::fs::read_to_string(format!("{root}/docs/census.svg")).unwrap();
    assert!(
        committed == drawn,
        "docs/census.svg is not what census --plot draws now: draw it again (docs/census.md names the command)"
    );
}
