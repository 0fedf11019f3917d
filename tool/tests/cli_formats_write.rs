//! Records in other formats written as SGF by the `sgf` tool: `convert
//! --out-dir` names each `.sgf`, the files written parse and replay on a
//! board with what the records hold; an existing file is not replaced
//! without `--force`; a record is not rewritten in place.
#![cfg(feature = "cli")]

#[path = "support/cli.rs"]
mod cli;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::fs;
use std::path::Path;

use cli::{files_below, sgf, stdout_of, write};
use serde_json::Value;
use sgf_go::ReplayOptions;
use tempfile::TempDir;

/// The games `sgf json PATH` prints, without the file's name.
fn games(path: &Path) -> Vec<Value> {
    let mut cmd = sgf();
    cmd.arg("json").arg(path);
    stdout_of(&mut cmd)
        .lines()
        .map(|line| {
            let mut game: Value = serde_json::from_str(line).unwrap();
            game.as_object_mut().unwrap().remove("file");
            game
        })
        .collect()
}

#[test]
fn convert_out_dir_writes_each_shared_record_as_sgf_that_parses_and_replays() {
    let Some(records) = common::shared("formats") else {
        return;
    };
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("out");
    sgf()
        .args(["convert", "--out-dir"])
        .arg(&out)
        .arg(&records)
        .assert()
        .code(0);
    let mut names: Vec<String> = fs::read_dir(&records)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".md"))
        .map(|name| format!("{}.sgf", name.rsplit_once('.').unwrap().0))
        .collect();
    names.sort();
    assert_eq!(names.len(), 10);
    assert_eq!(files_below(&out), names);
    for name in &names {
        let stem = name.strip_suffix(".sgf").unwrap();
        let record = fs::read_dir(&records)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .find(|path| path.file_stem().unwrap() == stem)
            .unwrap();
        let written = out.join(name);
        let text = fs::read_to_string(&written).unwrap();
        // Valid SGF, strictly, that replays on a board without an illegal
        // move, with the record's moves.
        let tree = sgf_stream::parse(&text).unwrap_or_else(|err| panic!("{name}: {err}"));
        let game = ReplayOptions::new()
            .replay(tree.main_line())
            .run()
            .unwrap_or_else(|err| panic!("{name}: {err}"));
        let from_record = games(&record);
        let from_sgf = games(&written);
        assert_eq!(from_record.len(), 1, "{name}");
        let moves = from_record[0]["moves"].as_array().unwrap().len();
        assert_eq!(game.moves() as usize, moves, "{name}");
        // The same game either way; only the charset read differs.
        for key in ["root", "info", "setup", "moves", "nodes", "variations"] {
            assert_eq!(from_sgf[0][key], from_record[0][key], "{name}: {key}");
        }
        assert_eq!(from_sgf[0]["charset"], "UTF-8", "{name}");
    }
}

const NGF: &str = "Rated game\n19\nace550      7D*\np81587      5D*\nwww.cyberoro.com\n\
                   0\n0\n6\n20170316 [09:51]\n5\nWhite wins by  resign!\n2\nPMABBREER\nPMACWEEEE\n";

#[test]
fn an_existing_file_is_replaced_only_with_force() {
    let dir = TempDir::new().unwrap();
    let input = dir.path().join("in");
    write(&input, "a.ngf", NGF);
    write(&input, "sub/b.sgf", "(;B[aa])");
    let out = dir.path().join("out");
    let theirs = write(&out, "a.sgf", "(;C[theirs])");
    let run = |force: bool| {
        let mut cmd = sgf();
        cmd.args(["fmt", "--out-dir"]).arg(&out).arg(&input);
        if force {
            cmd.arg("--force");
        }
        cmd.output().unwrap()
    };
    let first = run(false);
    let stderr = String::from_utf8(first.stderr).unwrap();
    assert_eq!(first.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("exists: not overwritten"), "{stderr}");
    assert_eq!(fs::read_to_string(&theirs).unwrap(), "(;C[theirs])");
    // The other input is written all the same.
    assert_eq!(
        fs::read_to_string(out.join("sub/b.sgf")).unwrap(),
        "(;B[aa])\n"
    );
    assert_eq!(run(true).status.code(), Some(0));
    let text = fs::read_to_string(&theirs).unwrap();
    assert!(
        text.contains("PW[ace550]") && text.contains(";B[qd];W[dd]"),
        "{text}"
    );
    assert_eq!(files_below(&out), ["a.sgf", "sub/b.sgf"]);
}

#[test]
fn a_record_is_not_rewritten_in_place() {
    let dir = TempDir::new().unwrap();
    let path = write(dir.path(), "a.NGF", NGF);
    let out = sgf().args(["fmt", "-i"]).arg(&path).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("NGF record: not rewritten in place"),
        "{stderr}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), NGF);
    assert_eq!(files_below(dir.path()), ["a.NGF"]);
}

#[test]
fn split_names_a_record_s_games_as_sgf_files() {
    let dir = TempDir::new().unwrap();
    let path = write(dir.path(), "in/a.ngf", NGF);
    let out = dir.path().join("out");
    sgf()
        .args(["split", "--out-dir"])
        .arg(&out)
        .arg(&path)
        .assert()
        .code(0);
    assert_eq!(files_below(&out), ["a-0000.sgf"]);
}
