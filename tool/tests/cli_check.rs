//! `sgf check` as a process: how bad each repair is, each check of
//! values with its code, `--ignore`, and the note for a guessed charset.
#![cfg(feature = "cli")]

#[path = "support/cli.rs"]
mod cli;

use std::fs;
use std::path::Path;

use cli::sgf;
use tempfile::TempDir;

/// The lines `sgf check ARGS FILE` prints for `content`, without the
/// file's name, and its exit status.
fn check(dir: &Path, content: &[u8], args: &[&str]) -> (Vec<String>, i32) {
    let path = dir.join("case.sgf");
    fs::write(&path, content).unwrap();
    let out = sgf().arg("check").args(args).arg(&path).output().unwrap();
    let prefix = format!("{}:", path.display());
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| line.strip_prefix(&prefix).unwrap_or(line).to_string())
        .collect();
    (lines, out.status.code().unwrap())
}

/// Each repair of lenient reading: what it looks like, and the severity
/// it gets (the list: a repair that keeps every value is a
/// warning, one that changes or drops data is an error).
const REPAIRS: &[(&str, &[u8], &str, &str)] = &[
    (
        "text that is not SGF skipped",
        b"From: a friend\n(;GM[1])",
        "error",
        "skipped text that is not SGF",
    ),
    (
        "a value cut at the end of the file",
        b"(;GM[1];C[cut sho",
        "error",
        "value never closed",
    ),
    (
        "a property dropped",
        b"(;GM[1]pl[B])",
        "error",
        "dropped property `pl`",
    ),
    (
        "no game at all",
        b"nothing here",
        "error",
        "no game tree found",
    ),
    (
        "the final `)` missing",
        b"(;GM[1];B[aa]",
        "warning",
        "input ended inside 1 open game tree(s)",
    ),
    (
        "a game not closed before the next",
        b"(;GM[1];B[aa]\n(;GM[1];B[bb])",
        "warning",
        "game tree not closed before the next game",
    ),
    (
        "a `)` that closes nothing",
        b"(;GM[1]))",
        "warning",
        "skipped `)` that closes no game tree",
    ),
    (
        "a `;` missing after `(`",
        b"(;GM[1](B[aa]))",
        "warning",
        "`(` not followed by `;`",
    ),
    (
        "an empty game tree",
        b"(;GM[1]())",
        "warning",
        "dropped an empty game tree",
    ),
    (
        "a redundant `(`",
        b"(;GM[1]((;B[aa])))",
        "warning",
        "dropped a redundant `(`",
    ),
    (
        "a node after a variation",
        b"(;GM[1](;B[aa]);W[bb])",
        "warning",
        "node after a variation",
    ),
    (
        "an FF[3] identifier with lowercase letters",
        b"(;FF[3]AddBlack[aa])",
        "warning",
        "identifier `AddBlack` has lowercase letters",
    ),
    (
        "an unescaped `]` kept as text",
        b"(;GM[1]C[a]b];B[aa])",
        "warning",
        "unescaped `]` inside a value",
    ),
    (
        "an unknown charset in CA",
        b"(;CA[klingon]C[x])",
        "warning",
        "unknown charset `klingon`",
    ),
];

#[test]
fn each_repair_is_a_warning_when_it_keeps_every_value_and_an_error_otherwise() {
    let dir = TempDir::new().unwrap();
    for (what, input, severity, message) in REPAIRS {
        let (lines, status) = check(dir.path(), input, &[]);
        let found = lines
            .iter()
            .find(|line| line.contains(message))
            .unwrap_or_else(|| panic!("{what}: no `{message}` in {lines:?}"));
        assert!(
            found.contains(&format!(": {severity}: {message}")),
            "{what}: {found}"
        );
        let errors = lines.iter().any(|line| line.contains(": error: "));
        assert_eq!(status, i32::from(errors), "{what}: {lines:?}");
    }
}

#[test]
fn bytes_invalid_in_the_charset_replaced_are_an_error() {
    let dir = TempDir::new().unwrap();
    // Enough valid UTF-8 that the bytes are taken for UTF-8, then one
    // byte that is not.
    let mut input = "(;CA[UTF-8]C[".as_bytes().to_vec();
    input.extend("日本語のテキスト".repeat(40).as_bytes());
    input.extend_from_slice(b"]GC[\xff])");
    let (lines, status) = check(dir.path(), &input, &[]);
    assert_eq!(
        lines,
        ["1:978: error: invalid UTF-8 bytes replaced with U+FFFD"]
    );
    assert_eq!(status, 1);
}

#[test]
fn strict_reading_stops_at_the_first_deviation_with_an_error() {
    let dir = TempDir::new().unwrap();
    let (lines, status) = check(dir.path(), b"(;GM[1];B[aa]", &["--strict"]);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains(": error: "), "{lines:?}");
    assert_eq!(status, 1);
}

/// A hand-made file for each check of values: its code, severity and
/// line.
const CODES: &[(&str, &str, &str)] = &[
    ("off-board", "error", "(;GM[1]SZ[9]\n;B[jj])"),
    ("off-board", "error", "(;GM[1]SZ[9]\nAB[aa:jj])"),
    ("bad-point", "error", "(;GM[1]\n;B[1])"),
    ("bad-size", "error", "(;GM[1]\nSZ[99])"),
    ("root-only", "warning", "(;GM[1]\n;SZ[9])"),
    (
        "game-info-repeated",
        "warning",
        "(;PB[Ann];B[aa]\n;PW[Bob])",
    ),
    ("move-and-setup", "error", "(;GM[1]\n;B[aa]AB[bb])"),
    ("elist-values", "warning", "(;GM[1]\n;VW[][aa])"),
    ("too-many-values", "warning", "(;GM[1]\n;B[aa][bb])"),
    ("unknown-ff", "warning", "(;GM[1]\nFF[7])"),
    ("repeated-property", "warning", "(;GM[1]\n;C[a]C[b])"),
];

#[test]
fn each_check_of_values_reports_its_code_and_ignore_silences_it() {
    let dir = TempDir::new().unwrap();
    for (code, severity, input) in CODES {
        let (lines, status) = check(dir.path(), input.as_bytes(), &[]);
        assert_eq!(lines.len(), 1, "{code}: {lines:?}");
        assert!(lines[0].starts_with("2:"), "{code}: on line 2: {lines:?}");
        assert!(
            lines[0].contains(&format!(": {severity}: {code}: ")),
            "{code}: {lines:?}"
        );
        assert_eq!(status, i32::from(*severity == "error"), "{code}");
        let (lines, status) = check(dir.path(), input.as_bytes(), &["--ignore", code]);
        assert!(lines.is_empty(), "{code} ignored: {lines:?}");
        assert_eq!(status, 0, "{code} ignored");
    }
    // Several codes at once, comma-separated.
    let both = b"(;GM[1]SZ[9]\n;B[jj];GM[1])";
    assert_eq!(check(dir.path(), both, &[]).0.len(), 2);
    let (lines, status) = check(dir.path(), both, &["--ignore", "off-board,root-only"]);
    assert!(lines.is_empty() && status == 0, "{lines:?}");
}

#[test]
fn a_good_file_passes_every_check() {
    let dir = TempDir::new().unwrap();
    let good =
        b"(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[Ann]PW[Bob]AB[aa][bb:cc];W[ii];B[](;W[ee])(;W[ff]C[x]))";
    assert_eq!(check(dir.path(), good, &[]), (vec![], 0));
}

#[test]
fn an_unknown_code_is_a_usage_error() {
    sgf()
        .args(["check", "--ignore", "no-such-code", "x.sgf"])
        .assert()
        .code(2);
}

#[test]
fn a_guessed_charset_is_a_note() {
    let dir = TempDir::new().unwrap();
    let latin1 = b"(;GM[1]PB[\xe9t\xe9 caf\xe9 r\xe9sum\xe9 na\xefve]C[d\xe9j\xe0 vu])";
    let (lines, status) = check(dir.path(), latin1, &[]);
    assert_eq!(
        lines,
        ["1:1: note: guessed-charset: no CA: read as windows-1252"]
    );
    assert_eq!(status, 0);
    let (lines, _) = check(dir.path(), latin1, &["--ignore", "guessed-charset"]);
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn help_explains_severity_and_lists_every_code() {
    let out = sgf().args(["check", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for (code, severity, _) in CODES {
        let line = help
            .lines()
            .find(|line| line.split_whitespace().next() == Some(code))
            .unwrap_or_else(|| panic!("{code} listed"));
        assert_eq!(line.split_whitespace().nth(1), Some(*severity), "{line}");
    }
    assert!(help.contains("exits with status 1 when it found an error"));
    assert!(help.contains("--strict"));
}
