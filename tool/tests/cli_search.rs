//! `sgf index` and `sgf search` run as processes: hits checked by hand,
//! the index and the scan giving the same lines, with and without the
//! filters of `sgf select` (on hand-written games and on the shared
//! corpus), `--force` and `--append`, and a damaged index.
#![cfg(feature = "cli")]

#[allow(dead_code)]
#[path = "support/archives.rs"]
mod archives;
#[path = "support/cli.rs"]
mod cli;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::fs;
use std::path::Path;

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

/// `sgf index INPUT -o INDEX` with `flags`, run.
fn build_index(input: &Path, index: &Path, flags: &[&str]) -> assert_cmd::assert::Assert {
    sgf()
        .arg("index")
        .arg(input)
        .arg("-o")
        .arg(index)
        .args(flags)
        .assert()
}

/// `sgf search TARGET -p PATTERN`, to be given more flags.
fn search(target: &Path, pattern: &Path) -> assert_cmd::Command {
    let mut cmd = sgf();
    cmd.arg("search").arg(target).arg("-p").arg(pattern);
    cmd
}

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
    build_index(&games, &index, &[]).success();
    let from_index = games_found(&index, &pattern, &[]);
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
    assert_eq!(games_found(&games, &pattern, &[]), expected, "the scan");

    // With the colours exchanged, game 2 matches earlier, at White's cc.
    let colors = lines(search(&index, &pattern).args(["--colors", "--json"]));
    assert_eq!(colors.len(), 4);
    assert_eq!(colors[2]["colors_swapped"], json!(true));
    assert_eq!(
        (colors[2]["game"].clone(), colors[2]["move"].clone()),
        (json!(2), json!(2))
    );

    // The table: W[gg] followed three times, won once by each side (game
    // 2 has no result).
    let table = stdout_of(&mut search(&index, &pattern));
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
    build_index(&first, &index, &[]).success();
    let before = fs::read(&index).unwrap();
    build_index(&second, &index, &[]).code(2);
    assert_eq!(fs::read(&index).unwrap(), before);
    build_index(&second, &index, &["--append"]).success();
    let hits = games_found(&index, &pattern, &[]);
    assert_eq!(hits.len(), 4);
    assert_eq!(hits[3]["file"], json!(second.display().to_string()));
    build_index(&second, &index, &["--force"]).success();
    let hits = games_found(&index, &pattern, &[]);
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
    build_index(&first, &index, &[]).success();
    let mut bytes = fs::read(&index).unwrap();
    bytes[71] = 0x7f; // the first section's offset, now far past the end
    fs::write(&index, &bytes).unwrap();
    let out = search(&index, &pattern).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("index damaged at byte 64"));
    let bad = write(dir.path(), "bad.sgf", "(;SZ[9]AB[zz])");
    let out = search(&first, &bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad value of AB"));
}

/// Games 0 to 3 hold Black's 3-3 point at move 1 in an empty corner;
/// game 4 never does. Their players, ranks, results, dates, komi,
/// handicap and lengths differ.
const KNOWN: &str = "(;SZ[9]PB[Ann]BR[3d]PW[Bob]WR[1k]RE[B+R]DT[2020-01-05]KM[6.5];B[cc];W[gg])\n\
(;SZ[9]PB[Bob]BR[2d]PW[Cat]WR[2d]RE[W+3.5]DT[2021-07]KM[7]HA[0];B[cc];W[ee];B[gg])\n\
(;SZ[9]PB[Cat]BR[5k]PW[Ann]WR[3d]RE[W+T]DT[2019-12-31]KM[0.5]HA[2];B[cc];W[ef])\n\
(;SZ[9];B[cc];W[dd])\n\
(;SZ[9]PB[Ann]PW[Cat]RE[B+R]DT[2021-01-01]KM[6.5];B[ee];W[cc])\n";

/// The games (their numbers in the file) of the hits of `sgf search
/// TARGET --pattern PATTERN --json` with `flags` (the long flag, where
/// [`search`] gives `-p`).
fn games_found(target: &Path, pattern: &Path, flags: &[&str]) -> Vec<Value> {
    let mut cmd = sgf();
    cmd.arg("search").arg(target).arg("--pattern").arg(pattern);
    lines(cmd.arg("--json").args(flags))
}

#[test]
fn the_filters_of_select_give_the_same_hits_from_the_index_and_the_scan() {
    let dir = TempDir::new().unwrap();
    let games = write(dir.path(), "games/known.sgf", KNOWN);
    let pattern = write(dir.path(), "p.sgf", PATTERN);
    let index = dir.path().join("games.idx");
    build_index(&games, &index, &[]).success();
    // Worked out by hand from KNOWN.
    let cases: &[(&[&str], &[u64])] = &[
        (&[], &[0, 1, 2, 3]),
        (&["--player", "ann"], &[0, 2]),
        (&["--black", "BOB"], &[1]),
        (&["--white", "cat", "--exact-names"], &[1]),
        (&["--min-rank", "2d"], &[1]),
        (&["--max-rank", "3d"], &[0, 1, 2]),
        (&["--winner", "W"], &[1, 2]),
        (&["--reason", "time"], &[2]),
        (&["--from", "2020", "--to", "2021-06"], &[0]),
        (&["--komi", "6.5"], &[0]),
        (&["--komi", "7"], &[1]),
        (&["--handicap", "0"], &[0, 1, 3]),
        (&["--handicap", "2"], &[2]),
        (&["--size", "9"], &[0, 1, 2, 3]),
        (&["--size", "19"], &[]),
        (&["--min-moves", "3"], &[1]),
        (&["--max-moves", "2"], &[0, 2, 3]),
        (&["--player", "ann", "--winner", "B"], &[0]),
    ];
    for (flags, expected) in cases {
        let found = games_found(&index, &pattern, flags);
        let numbers: Vec<u64> = found
            .iter()
            .map(|hit| hit["game"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, *expected, "{flags:?}");
        assert_eq!(
            games_found(&games, &pattern, flags),
            found,
            "{flags:?}: the scan"
        );
    }
    // The table counts the next moves of the games kept: W[gg] (game 0)
    // alone among Black's wins.
    let table = stdout_of(search(&index, &pattern).args(["--winner", "B"]));
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(1)
        .take_while(|line| !line.is_empty())
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert_eq!(rows, [["gg", "W", "1", "100.0%", "0.0%"]]);
}

#[test]
fn a_filter_the_index_cannot_answer_is_refused() {
    let dir = TempDir::new().unwrap();
    let games = write(dir.path(), "known.sgf", KNOWN);
    let pattern = write(dir.path(), "p.sgf", PATTERN);
    let index = dir.path().join("games.idx");
    build_index(&games, &index, &[]).success();
    for target in [&index, &games] {
        let out = search(target, &pattern)
            .args(["--has", "C"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(
            message.contains("--has") && message.contains("does not store"),
            "{message}"
        );
    }
}

/// On the shared corpus, with a rank and a date filter: the index and
/// the scan give the same JSON, which holds the unfiltered hits that
/// `sgf select --list` keeps with the same flags.
#[test]
fn the_index_and_the_scan_of_the_corpus_agree_under_a_filter() {
    let Some(corpus) = common::shared("corpus") else {
        return;
    };
    let dir = TempDir::new().unwrap();
    // Black's 4-4 point in an empty 9x9 corner.
    let pattern = write(dir.path(), "p.sgf", "(;SZ[19]AB[pd]VW[ka:si])");
    let index = dir.path().join("corpus.idx");
    build_index(&corpus, &index, &[]).success();
    let flags = ["--min-rank", "1p", "--from", "2017-06", "--to", "2018-06"];
    let from_index = games_found(&index, &pattern, &flags);
    assert_eq!(
        games_found(&corpus, &pattern, &flags),
        from_index,
        "the scan"
    );
    let all = games_found(&index, &pattern, &[]);
    let selected = stdout_of(sgf().args(["select", "--list"]).arg(&corpus).args(flags));
    let selected: std::collections::HashSet<&str> = selected.lines().collect();
    let key = |hit: &Value| format!("{}:{}", hit["file"].as_str().unwrap(), hit["game"]);
    let expected: Vec<Value> = all
        .into_iter()
        .filter(|hit| selected.contains(key(hit).as_str()))
        .collect();
    assert!(!from_index.is_empty() && from_index.len() < selected.len());
    assert_eq!(from_index, expected, "the hits that select keeps");
}
