//! Damaged real files: every subcommand that hands games on agrees on
//! which games a folder holds. Corpus files (`../shared/corpus`, or
//! `$SGF_SHARED/corpus`) are damaged here, each in a few places (an
//! identifier over the limit, right after a text property or alone, stray
//! brackets and parentheses, a node mark, a repeated property), some with
//! another file after them; then `json` (with one job and two), `stats`,
//! `select --list`, `split` and `check` must each find as many games as
//! the library's lenient reader finds in the files one by one, and every
//! line of `json` must be a JSON object.
#![cfg(feature = "cli")]

#[path = "support/cli.rs"]
mod cli;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use cli::{files_below, sgf, stdout_of};
use common::damage::damage;
use common::generate::Rng;
use sgf_stream::ReaderBuilder;
use tempfile::TempDir;

/// How many damaged files the test writes.
const FILES: usize = 300;

/// Writes the damaged files into `dir`; gives the games the library's
/// lenient reader finds in them, file by file.
fn write_damaged(files: &[PathBuf], dir: &Path) -> usize {
    let mut rng = Rng::new(20261202);
    let mut games = 0;
    for i in 0..FILES {
        let mut bytes = fs::read(&files[rng.range(0, files.len())]).unwrap();
        damage(&mut bytes, &mut rng);
        if i % 3 == 0 {
            bytes.extend(fs::read(&files[rng.range(0, files.len())]).unwrap());
        }
        let parsed = ReaderBuilder::new().lenient(true).read_collection(&bytes);
        games += parsed
            .expect("the lenient reader reads any bytes")
            .trees
            .len();
        fs::write(dir.join(format!("{i:04}.sgf")), bytes).unwrap();
    }
    games
}

#[test]
fn every_subcommand_finds_the_games_of_damaged_real_files() {
    let Some(corpus) = common::corpus_files() else {
        return;
    };
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("damaged");
    fs::create_dir(&dir).unwrap();
    let games = write_damaged(&corpus, &dir);

    let json = sgf()
        .args(["json", "--jobs", "1"])
        .arg(&dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&json.stderr);
    assert!(
        stderr.contains("skipped a game tree"),
        "no game given up:\n{stderr}"
    );
    let lines = String::from_utf8(json.stdout.clone()).unwrap();
    for line in lines.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect(line);
        assert!(value.is_object(), "{line}");
    }
    assert_eq!(lines.lines().count(), games, "json");
    let two = sgf()
        .args(["json", "--jobs", "2"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(two.stdout, json.stdout, "json with two jobs");

    let stats = stdout_of(sgf().args(["stats", "--json"]).arg(&dir));
    let stats: serde_json::Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(stats["games"], games as u64, "stats");

    let listed = stdout_of(sgf().args(["select", "--list"]).arg(&dir));
    assert_eq!(listed.lines().count(), games, "select --list");

    let out = tmp.path().join("split");
    sgf()
        .arg("split")
        .arg("--out-dir")
        .arg(&out)
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(files_below(&out).len(), games, "split");

    // The summary, which `--quiet` leaves out, is the last line.
    let checked = Command::cargo_bin("sgf")
        .unwrap()
        .arg("check")
        .arg(&dir)
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&checked.stdout);
    let summary = printed.lines().last().unwrap_or_default();
    assert!(
        summary.contains(&format!(" {games} games,")),
        "check: {summary}"
    );
}
