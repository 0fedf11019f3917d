//! `sgf index` and `sgf search` run as processes: hits checked by hand,
//! the index and the scan giving the same lines, `--force` and
//! `--append`, and a damaged index.
#![cfg(feature = "cli")]

#[allow(dead_code)]
#[path = "support/archives.rs"]
mod archives;
#[path = "support/cli.rs"]
mod cli;

use std::fs;

use archives::gzip;
use cli::{sgf, stdout_of, write};
use serde_json::{json, Value};
use tempfile::TempDir;

/// Black's 3-3 point in a 4x4 corner of a 9x9 board, the rest empty.
const PATTERN: &str = "(;SZ[9]AB[cc]VW[aa:dd])";
/// Game 0 plays the pattern at move 1, game 1 in the opposite corner
/// (turned 180 degrees), game 2 in the upper right corner at move 3 (and
/// with the colours exchanged at move 2, White's `cc`).
const FIRST: &str = "(;SZ[9]RE[B+R];B[cc];W[gg])(;SZ[9]RE[W+3];B[gg];W[cc];B[ee])(;SZ[9];B[ee];W[cc];B[gc];W[cg];B[gg])\n";
/// Game 0 has the pattern at the start, as setup; then White plays `dd`.
const SECOND: &str = "(;SZ[9]AB[gc];W[dd])\n";

fn lines(cmd: &mut assert_cmd::Command) -> Vec<Value> {
    stdout_of(cmd)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn index_and_scan_find_the_same_games() {
    let dir = TempDir::new().unwrap();
    let games = dir.path().join("games");
    write(&games, "a.sgf", FIRST);
    write(&games, "b.sgf.gz", gzip(SECOND.as_bytes()));
    let pattern = write(dir.path(), "p.sgf", PATTERN);
    let index = dir.path().join("games.idx");
    sgf()
        .arg("index")
        .arg(&games)
        .arg("-o")
        .arg(&index)
        .assert()
        .success();
    let search = |target: &std::path::Path| {
        lines(
            sgf()
                .arg("search")
                .arg(target)
                .arg("--pattern")
                .arg(&pattern)
                .arg("--json"),
        )
    };
    let from_index = search(&index);
    let file = |name: &str| games.join(name).display().to_string();
    // By hand: game 1's gg is the pattern's cc turned 180 degrees, and its
    // next move W[cc] is the pattern's gg. Game 2's gc is the pattern's cc
    // turned 90 degrees clockwise (Rotate90: column, row to rows - 1 - row,
    // column), and its next move W[cg], turned back, is the pattern's gg.
    // b.sgf.gz's setup gc is the same, and W[dd] turned back is the
    // pattern's df.
    let expected = vec![
        json!({"file": file("a.sgf"), "game": 0, "move": 1, "symmetry": 0, "colors_swapped": false, "next": [6, 6]}),
        json!({"file": file("a.sgf"), "game": 1, "move": 1, "symmetry": 2, "colors_swapped": false, "next": [6, 6]}),
        json!({"file": file("a.sgf"), "game": 2, "move": 3, "symmetry": 1, "colors_swapped": false, "next": [6, 6]}),
        json!({"file": file("b.sgf.gz"), "game": 0, "move": 0, "symmetry": 1, "colors_swapped": false, "next": [3, 5]}),
    ];
    assert_eq!(from_index, expected);
    assert_eq!(search(&games), expected, "the scan");

    // With the colours exchanged, game 2 matches earlier, at White's cc.
    let colors = lines(
        sgf()
            .arg("search")
            .arg(&index)
            .arg("-p")
            .arg(&pattern)
            .args(["--colors", "--json"]),
    );
    assert_eq!(colors.len(), 4);
    assert_eq!(colors[2]["colors_swapped"], json!(true));
    assert_eq!(
        (colors[2]["game"].clone(), colors[2]["move"].clone()),
        (json!(2), json!(2))
    );

    // The table: W[gg] followed three times, won once by each side (game
    // 2 has no result).
    let table = stdout_of(sgf().arg("search").arg(&index).arg("-p").arg(&pattern));
    let row: Vec<&str> = table.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row, ["gg", "W", "3", "33.3%", "33.3%"]);
}

#[test]
fn an_index_is_replaced_only_when_asked_and_can_grow() {
    let dir = TempDir::new().unwrap();
    let first = write(dir.path(), "a.sgf", FIRST);
    let second = write(dir.path(), "b.sgf", SECOND);
    let pattern = write(dir.path(), "p.sgf", PATTERN);
    let index = dir.path().join("games.idx");
    sgf()
        .arg("index")
        .arg(&first)
        .arg("-o")
        .arg(&index)
        .assert()
        .success();
    let before = fs::read(&index).unwrap();
    sgf()
        .arg("index")
        .arg(&second)
        .arg("-o")
        .arg(&index)
        .assert()
        .code(2);
    assert_eq!(fs::read(&index).unwrap(), before);
    sgf()
        .arg("index")
        .arg(&second)
        .arg("-o")
        .arg(&index)
        .arg("--append")
        .assert()
        .success();
    let hits = lines(
        sgf()
            .arg("search")
            .arg(&index)
            .arg("-p")
            .arg(&pattern)
            .arg("--json"),
    );
    assert_eq!(hits.len(), 4);
    assert_eq!(hits[3]["file"], json!(second.display().to_string()));
    sgf()
        .arg("index")
        .arg(&second)
        .arg("-o")
        .arg(&index)
        .arg("--force")
        .assert()
        .success();
    let hits = lines(
        sgf()
            .arg("search")
            .arg(&index)
            .arg("-p")
            .arg(&pattern)
            .arg("--json"),
    );
    assert_eq!(hits.len(), 1);
    // No file is left beside the index.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 4);
}

#[test]
fn a_damaged_index_or_pattern_is_a_clear_error() {
    let dir = TempDir::new().unwrap();
    let first = write(dir.path(), "a.sgf", FIRST);
    let pattern = write(dir.path(), "p.sgf", PATTERN);
    let index = dir.path().join("games.idx");
    sgf()
        .arg("index")
        .arg(&first)
        .arg("-o")
        .arg(&index)
        .assert()
        .success();
    let mut bytes = fs::read(&index).unwrap();
    bytes[71] = 0x7f; // the first section's offset, now far past the end
    fs::write(&index, &bytes).unwrap();
    let out = sgf()
        .arg("search")
        .arg(&index)
        .arg("-p")
        .arg(&pattern)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("index damaged at byte 64"));
    let bad = write(dir.path(), "bad.sgf", "(;SZ[9]AB[zz])");
    let out = sgf()
        .arg("search")
        .arg(&first)
        .arg("-p")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad value of AB"));
}
