//! The house rules, read from the sources so that they cannot rot: the
//! engine names nothing above it and does no I/O of its own, the play layer
//! names nothing of the front end, and no module is in an import cycle.
//!
//! A module is a file (`src/engine/game.rs` is `engine::game`, a `mod.rs`
//! is its folder). Its code is what precedes its first `#[cfg(test)]`, less
//! comments: tests may print and read files. A module may name its own
//! ancestors and descendants (`super::`, a `mod.rs` and its children), which
//! is how Rust nests modules and is no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Paths and calls the engine may not use: files, the environment, the
/// process, the network, threads, the clock, randomness, printing.
const ENGINE_FORBIDS: &[&str] = &[
    "std::fs",
    "std::env",
    "std::process",
    "std::net",
    "std::thread",
    "std::io::stdin",
    "std::io::stdout",
    "std::io::stderr",
    "Instant::now",
    "SystemTime",
    "rand::",
    "println!",
    "eprintln!",
    "print!",
    "eprint!",
    "dbg!",
    "File::",
];

/// The library's modules: name (`engine::game`) to the code of its file.
fn modules() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&src, &mut files);
    let mut modules = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(&src).expect("under src");
        let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if parts[0] == "cli" || rel == Path::new("lib.rs") || rel == Path::new("layers.rs") {
            continue;
        }
        let last = parts.pop().expect("a file name");
        let stem = last.trim_end_matches(".rs");
        if stem != "mod" {
            parts.push(stem.to_string());
        }
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        modules.insert(parts.join("::"), code_of(&text));
    }
    modules
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The code of a file: up to its first `#[cfg(test)]`, comments left out.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let line = line.split("//").next().unwrap_or_default();
        code.push_str(line);
        code.push('\n');
    }
    code
}

/// The modules a module's code names through `crate::` paths (the longest
/// prefix of each path that is a module).
fn named(code: &str, modules: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let path: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':').collect();
        let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        if let Some(found) =
            (1..=segments.len()).rev().map(|k| segments[..k].join("::")).find(|m| modules.contains_key(m))
        {
            out.insert(found);
        }
    }
    out
}

fn related(a: &str, b: &str) -> bool {
    a == b || a.starts_with(&format!("{b}::")) || b.starts_with(&format!("{a}::"))
}

#[test]
fn the_engine_names_nothing_above_it() {
    let modules = modules();
    let mut faults = Vec::new();
    for (name, code) in modules.iter().filter(|(n, _)| n.starts_with("engine")) {
        for above in ["crate::app", "klondike::app", "crate::cli"] {
            if code.contains(above) {
                faults.push(format!("{name} names {above}"));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_engine_does_no_io() {
    let modules = modules();
    let mut faults = Vec::new();
    for (name, code) in modules.iter().filter(|(n, _)| n.starts_with("engine")) {
        for forbidden in ENGINE_FORBIDS {
            if code.contains(forbidden) {
                faults.push(format!("{name} uses {forbidden}"));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn no_module_is_in_an_import_cycle() {
    let modules = modules();
    let edges: BTreeMap<&str, BTreeSet<String>> = modules
        .iter()
        .map(|(name, code)| (name.as_str(), named(code, &modules).into_iter().filter(|t| !related(name, t)).collect()))
        .collect();
    // A module is in a cycle when it reaches itself: a walk from each.
    let mut cycles = Vec::new();
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&str> = edges[start].iter().map(String::as_str).collect();
        while let Some(at) = stack.pop() {
            if at == *start {
                cycles
                    .push(format!("{start}: through {}", edges[start].iter().cloned().collect::<Vec<_>>().join(", ")));
                break;
            }
            if seen.insert(at) {
                stack.extend(edges.get(at).into_iter().flatten().map(String::as_str));
            }
        }
    }
    assert!(cycles.is_empty(), "modules in an import cycle:\n{}", cycles.join("\n"));
}

#[test]
fn the_checks_see_the_modules_and_their_paths() {
    let modules = modules();
    assert!(modules.contains_key("engine::game") && modules.contains_key("app::session"), "{:?}", modules.keys());
    let code = code_of("use crate::engine::card::Card; // crate::app::x\n#[cfg(test)]\nuse crate::app::play;");
    assert_eq!(named(&code, &modules), BTreeSet::from(["engine::card".to_string()]));
    assert!(related("app::session", "app::session::folder") && !related("app::session", "app::sessions"));
}

#[test]
fn no_two_modules_share_a_name() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&src, &mut files);
    let mut seen: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut twice = Vec::new();
    for file in files {
        let stem = file.file_stem().expect("a file name").to_string_lossy().into_owned();
        if ["mod", "main", "lib", "tests"].contains(&stem.as_str()) {
            continue;
        }
        if let Some(first) = seen.insert(stem.clone(), file.clone()) {
            twice.push(format!("{stem}: {} and {}", first.display(), file.display()));
        }
    }
    assert!(twice.is_empty(), "{}", twice.join("\n"));
}
