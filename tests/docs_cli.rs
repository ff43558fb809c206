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

/// Each subcommand's help starts with what it does, and lists its own
/// options (they are declared only when the subcommand is given).
#[test]
fn each_subcommand_help_says_what_it_does_and_lists_its_options() {
    for (sub, about, option) in [
        ("solve", "Solve a deal: is it winnable", "--max-states"),
        ("play", "Play a game", "--strict"),
        ("deal", "Print the deal", "--game"),
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
fn the_readmes_command_table_names_every_command_of_the_table_and_its_aliases() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme.find("### Commands").expect("the README has its command table");
    let table = &readme[start..start + readme[start..].find("\nQueries (").expect("the table ends")];
    for spec in klondike::app::command::COMMANDS.iter().filter(|c| c.verb != klondike::app::command::Verb::Card) {
        for word in std::iter::once(spec.word).chain(spec.aliases.iter().copied()) {
            let named = table.contains(&format!("`{word}`")) || table.contains(&format!("`{word} "));
            assert!(named, "the README's command table does not name `{word}`");
        }
        // Every example the table of commands gives is a line the program reads.
        for form in spec.forms {
            assert!(form.example.parse::<klondike::app::session::Line>().is_ok(), "{}", form.example);
        }
    }
}
