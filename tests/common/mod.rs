//! Running the built binary from integration tests, and saying when a
//! test cannot run where it is.

use std::io::Write;
use std::process::{Command, Stdio};

/// Options for a `solve` bounded by states alone: a budget every deal the
/// tests solve so is decided well within, and the largest `--timeout` there
/// is (months), never reached; so that verdicts and lines are the same on
/// any machine and under any load.
#[allow(dead_code)] // not every test file that shares this module solves
pub const BY_STATES: [&str; 4] = ["--max-states", "1000000", "--timeout", "1e7"];

/// Runs `klondike` with `args`, the environment variables `env` set (and
/// KLONDIKE_SCREEN_READER removed), and `stdin` as standard input; returns
/// the exit code (-1 for a signal), standard output and standard error.
#[allow(dead_code)] // not every test file that shares this module runs the binary
pub fn run_klondike(args: &[&str], env: &[(&str, &std::ffi::OsStr)], stdin: &str) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_klondike"));
    command.args(args).env_remove("KLONDIKE_SCREEN_READER");
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the klondike binary runs");
    if let Some(mut input) = child.stdin.take() {
        // The program may exit before reading everything (q, --strict).
        let _ = input.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().expect("the klondike binary ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// For a test that cannot run where it is (no pseudo-terminal, no right to
/// mount a filesystem, no `../shared`): says why on standard error, past
/// the test harness's capture so that it shows even when the test passes,
/// and returns so that the test can end. In CI (the environment variable
/// `CI` set, as CI runs with `CI=true`) it fails the test instead: there
/// every test must run, and one that quietly checked nothing would pass.
#[allow(dead_code)] // not every test file that shares this module needs it
pub fn cannot_run_here(why: &str) {
    // The test harness names each test's thread after the test.
    let thread = std::thread::current();
    let test = thread.name().filter(|n| *n != "main").unwrap_or("a test");
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    if ci {
        panic!("{test} cannot run here: {why}; in CI every test must run");
    }
    let _ = writeln!(std::io::stderr(), "skipped {test}: {why} (set CI=true to make this a failure)");
}

/// FNV-1a, for the sets of positions of the tests' own exhaustive
/// searches: a position is hashed card by card, byte by byte, where SipHash
/// (the default, made to resist chosen keys, which these are not) spends
/// most of such a search's time in a build with little optimisation.
#[allow(dead_code)] // not every test file that shares this module searches
#[derive(Clone, Copy, Default)]
pub struct Fnv;

/// The state of an [`Fnv`] hash.
pub struct FnvHasher(u64);

impl std::hash::BuildHasher for Fnv {
    type Hasher = FnvHasher;
    fn build_hasher(&self) -> FnvHasher {
        FnvHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for FnvHasher {
    fn write(&mut self, bytes: &[u8]) {
        // An index, not an iterator: builds with little optimisation call an iterator's
        // every step.
        let mut i = 0;
        while i < bytes.len() {
            self.write_u8(bytes[i]);
            i += 1;
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}
