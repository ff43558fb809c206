//! Golden transcripts of the `klondike` binary (trycmd): each case is
//! `tests/cmd/NAME.toml` with its `NAME.stdin` and the expected `NAME.stdout`
//! / `NAME.stderr` beside it. Regenerate with `TRYCMD=overwrite cargo test
//! --test cli`, then read every changed golden file before committing it.

#[test]
fn cli_transcripts() {
    trycmd::TestCases::new().case("tests/cmd/*.toml");
}
