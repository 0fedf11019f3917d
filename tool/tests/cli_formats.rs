//! GIB, NGF and UGF/UGI records through the `sgf` tool: the ten shared
//! records (`../shared/formats`, or `$SGF_SHARED/formats`) through
//! `json`, `stats` and `check`, checked against the shared README's table
//! (written here by hand); folders mixing SGF and records, a `.gib.gz`, a
//! zip with an `.ngf` member, records told by their content, a malformed
//! record among good ones, and a record over the size limit.
#![cfg(feature = "cli")]

#[allow(dead_code)]
#[path = "support/archives.rs"]
mod archives;
#[path = "support/cli.rs"]
mod cli;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::path::Path;

use cli::{sgf, stdout_of, write};
use serde_json::Value;
use tempfile::TempDir;

/// One row of the shared README's table.
struct Row {
    file: &'static str,
    black: &'static str,
    white: &'static str,
    result: Option<&'static str>,
    komi: f64,
    stones: &'static [&'static str],
    moves: usize,
    first: [&'static str; 4],
    /// The charset, where the file's name or header names it.
    charset: Option<&'static str>,
}

/// The README's table, row by row.
const TABLE: &[Row] = &[
    Row {
        file: "sabaki-euc-kr.gib",
        black: "dustkd1015",
        white: "dongjik",
        result: Some("B+T"),
        komi: 6.5,
        stones: &[],
        moves: 49,
        first: ["B[qc]", "W[dp]", "B[qo]", "W[dd]"],
        charset: Some("EUC-KR"),
    },
    Row {
        file: "sabaki-gb2312-h5.gib",
        black: "石下之臣",
        white: "harpmaster",
        result: Some("W+11"),
        komi: 0.0,
        stones: &["pd", "dp", "dd", "pp", "jj"],
        moves: 268,
        first: ["W[qn]", "B[nq]", "W[qf]", "B[qj]"],
        charset: Some("GB18030"),
    },
    Row {
        file: "sabaki-utf8-h3.gib",
        black: "jy512",
        white: "leejw977",
        result: None,
        komi: 0.0,
        stones: &["pd", "dp", "dd"],
        moves: 118,
        first: ["W[pp]", "B[nq]", "W[qn]", "B[no]"],
        charset: Some("UTF-8"),
    },
    Row {
        file: "gokifu-sample1.gib",
        black: "joppon",
        white: "yunmi89",
        result: Some("W+R"),
        komi: 6.5,
        stones: &[],
        moves: 178,
        first: ["B[pd]", "W[dp]", "B[qp]", "W[dc]"],
        charset: None,
    },
    Row {
        file: "ekenstein-K_002odc-Menskit-202008212255.gib",
        black: "Menskit",
        white: "K_002odc",
        result: Some("W+R"),
        komi: 6.5,
        stones: &[],
        moves: 152,
        first: ["B[pd]", "W[qp]", "B[dd]", "W[cp]"],
        charset: None,
    },
    Row {
        file: "ekenstein-Menskit-zxcv2358-202006291602.gib",
        black: "zxcv2358",
        white: "Menskit",
        result: Some("W+24.5"),
        komi: 6.5,
        stones: &[],
        moves: 262,
        first: ["B[dp]", "W[pd]", "B[dd]", "W[pp]"],
        charset: None,
    },
    Row {
        file: "glift-tygem_example.gib",
        black: "go48",
        white: "Radagast",
        result: Some("W+59.5"),
        komi: 6.5,
        stones: &[],
        moves: 298,
        first: ["B[pp]", "W[dc]", "B[dq]", "W[pd]"],
        charset: None,
    },
    Row {
        file: "sabaki-even.NGF",
        black: "CYY",
        white: "LQC",
        result: Some("B+0.5"),
        komi: 7.5,
        stones: &[],
        moves: 333,
        first: ["B[qd]", "W[dd]", "B[pq]", "W[dp]"],
        charset: None,
    },
    Row {
        file: "sabaki-handicap2.NGF",
        black: "p81587",
        white: "ace550",
        result: Some("W+R"),
        komi: 0.0,
        stones: &["pd", "dp"],
        moves: 189,
        first: ["W[pq]", "B[dd]", "W[fq]", "B[hq]"],
        charset: None,
    },
    Row {
        file: "sabaki-amateur.ugf",
        black: "kaziwami",
        white: "YINNI",
        result: Some("B+7.5"),
        komi: -5.5,
        stones: &[],
        moves: 254,
        first: ["B[qd]", "W[dd]", "B[pq]", "W[dq]"],
        charset: Some("Shift_JIS"),
    },
];

/// An SGF point (`qc`) as `sgf json` writes it: `[column, row]` from 0.
fn point(sgf: &str) -> Value {
    let b = sgf.as_bytes();
    serde_json::json!([b[0] - b'a', b[1] - b'a'])
}

/// A move as the table writes it (`B[qc]`) as `sgf json` writes it.
fn json_move(sgf: &str) -> Value {
    serde_json::json!({"color": &sgf[..1], "point": point(&sgf[2..4])})
}

/// The JSON lines that `sgf json ARGS` prints.
fn json_lines(args: &[&Path]) -> Vec<Value> {
    let mut cmd = sgf();
    cmd.arg("json").args(args);
    stdout_of(&mut cmd)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// `line`'s file name, without its folder.
fn file_name(line: &Value) -> String {
    let file = line["file"].as_str().unwrap();
    file.rsplit(['/', '\\']).next().unwrap().to_string()
}

/// Whether `line`, a game of `sgf json`, is what `row` says.
fn check_row(row: &Row, line: &Value) {
    let info = &line["info"];
    let file = row.file;
    assert_eq!(line["root"]["SZ"], "19", "{file}");
    assert_eq!(info["PB"], row.black, "{file}");
    assert_eq!(info["PW"], row.white, "{file}");
    assert_eq!(info["RE"].as_str(), row.result, "{file}");
    let komi: f64 = info["KM"].as_str().unwrap().parse().unwrap();
    assert_eq!(komi, row.komi, "{file}");
    if row.stones.is_empty() {
        assert!(info.get("HA").is_none(), "{file}");
        assert!(line["setup"].get("AB").is_none(), "{file}");
    } else {
        assert_eq!(info["HA"], row.stones.len().to_string(), "{file}");
        let stones: Vec<Value> = row.stones.iter().map(|p| point(p)).collect();
        assert_eq!(line["setup"]["AB"], Value::from(stones), "{file}");
    }
    let moves = line["moves"].as_array().unwrap();
    assert_eq!(moves.len(), row.moves, "{file}");
    for (got, want) in moves.iter().zip(row.first) {
        assert_eq!(*got, json_move(want), "{file}");
    }
    if let Some(charset) = row.charset {
        assert_eq!(line["charset"], charset, "{file}");
    }
}

#[test]
fn json_reads_the_shared_records_as_the_readme_table_gives_them() {
    let Some(dir) = common::shared("formats") else {
        return;
    };
    // The folder: every record found, in name order, one game each.
    let lines = json_lines(&[&dir]);
    let names: Vec<String> = lines.iter().map(file_name).collect();
    let mut sorted: Vec<&str> = TABLE.iter().map(|row| row.file).collect();
    sorted.sort_unstable();
    assert_eq!(names, sorted);
    for line in &lines {
        let row = TABLE.iter().find(|row| row.file == file_name(line));
        check_row(row.unwrap(), line);
        assert_eq!(line["game"], 0);
    }
    // Each file named on its own reads the same.
    for row in TABLE {
        let lines = json_lines(&[&dir.join(row.file)]);
        assert_eq!(lines.len(), 1, "{}", row.file);
        check_row(row, &lines[0]);
    }
}

#[test]
fn stats_and_check_read_the_shared_records() {
    let Some(dir) = common::shared("formats") else {
        return;
    };
    let mut cmd = sgf();
    cmd.args(["stats", "--json"]).arg(&dir);
    let stats: Value = serde_json::from_str(&stdout_of(&mut cmd)).unwrap();
    let moves: usize = TABLE.iter().map(|row| row.moves).sum();
    assert_eq!(stats["files"], TABLE.len());
    assert_eq!(stats["games"], TABLE.len());
    assert_eq!(stats["moves"], moves);
    assert_eq!(stats["errors"], 0);
    assert_eq!(stats["board_sizes"]["19"], TABLE.len());
    let handicaps = TABLE.iter().filter(|row| !row.stones.is_empty()).count();
    assert_eq!(stats["property_counts"]["HA"], handicaps);
    // Checked and replayed on a board: no problem at all.
    let out = sgf().args(["check", "--rules"]).arg(&dir).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        !stdout.contains("error") && !stdout.contains("warning"),
        "{stdout}"
    );
}

/// A GIB record written from the shared README's rules: `GRLT:3` is
/// black winning by resignation, `GONGJE:65` komi 6.5; `STO` x 15, y 3 is
/// `pd`, x 3, y 15 is `dp`.
const GIB: &str = "\\HS\n\\[GAMEBLACKNAME=kim (3D)\\]\n\\[GAMEWHITENAME=lee (2D)\\]\n\
                       \\[GAMEINFOMAIN=GRLT:3,ZIPSU:0,GONGJE:65\\]\n\\HE\n\\GS\n2 1 0\n\
                       3 0 &4\nINI 0 1 0 &4\nSTO 0 2 1 15 3\nSTO 0 3 2 3 15\n\\GE\n";

/// An NGF record: white `ace550`, black `p81587`, handicap 2 (`pd dp`),
/// white wins by resignation; `PMABWQRRQ` is `W[pq]` (letters from `B`).
const NGF: &str = "Rated game\n19\nace550      7D*\np81587      5D*\nwww.cyberoro.com\n\
                       2\n0\n0\n20170316 [09:51]\n5\nWhite wins by  resign!\n1\nPMABWQRRQ\n";

/// A UGF record: `QP` with IGS coordinates (rows from the bottom) is
/// `qd`, `DD` is `dp`; white wins by resignation.
const UGF: &str = "[Header]\nSize=19\nHdcp=0,6.5\nWinner=W,C\nPlayerB=kaz,7d\n\
                       PlayerW=yin,6d\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDD,W1,2,0\n";

/// The players, result and moves of a game of `sgf json`.
fn summary(line: &Value) -> (String, String, String, Vec<Value>) {
    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
    let info = &line["info"];
    let moves = line["moves"].as_array().unwrap().clone();
    (
        text(&info["PB"]),
        text(&info["PW"]),
        text(&info["RE"]),
        moves,
    )
}

fn game(
    black: &str,
    white: &str,
    result: &str,
    moves: &[&str],
) -> (String, String, String, Vec<Value>) {
    let moves = moves.iter().map(|m| json_move(m)).collect();
    (black.into(), white.into(), result.into(), moves)
}

#[test]
fn a_folder_mixing_sgf_and_records_in_any_letter_case() {
    let dir = TempDir::new().unwrap();
    let root = dir.path().join("games");
    write(&root, "a.sgf", "(;PB[ann]PW[bob]RE[B+R];B[aa];W[bb])");
    write(&root, "b.GIB", GIB);
    write(&root, "c.Ngf", NGF);
    write(&root, "d/e.ugi", UGF);
    write(&root, "f.gib.GZ", archives::gzip(GIB.as_bytes()));
    write(&root, "g.UGF", UGF);
    // Not taken from a folder: other names, even with a record inside.
    write(&root, "notes.txt", NGF);
    write(&root, "h.gibx", GIB);
    let lines = json_lines(&[&root]);
    let names: Vec<String> = lines
        .iter()
        .map(|line| line["file"].as_str().unwrap().replace('\\', "/"))
        .map(|file| file.rsplit("games/").next().unwrap().to_string())
        .collect();
    assert_eq!(
        names,
        ["a.sgf", "b.GIB", "c.Ngf", "d/e.ugi", "f.gib.GZ", "g.UGF"]
    );
    let games: Vec<_> = lines.iter().map(summary).collect();
    let gib = game("kim", "lee", "B+R", &["B[pd]", "W[dp]"]);
    let ugf = game("kaz", "yin", "W+R", &["B[qd]", "W[dp]"]);
    assert_eq!(
        games,
        [
            game("ann", "bob", "B+R", &["B[aa]", "W[bb]"]),
            gib.clone(),
            game("p81587", "ace550", "W+R", &["W[pq]"]),
            ugf.clone(),
            gib,
            ugf,
        ]
    );
    assert_eq!(
        lines[2]["setup"]["AB"],
        serde_json::json!([[15, 3], [3, 15]])
    );
    let mut cmd = sgf();
    cmd.args(["stats", "--json"]).arg(&root);
    let stats: Value = serde_json::from_str(&stdout_of(&mut cmd)).unwrap();
    assert_eq!(
        (stats["files"].as_u64(), stats["moves"].as_u64()),
        (Some(6), Some(11))
    );
}

#[test]
fn a_zip_member_and_a_gzipped_record_named_directly_are_read() {
    let dir = TempDir::new().unwrap();
    let zip = archives::zip_bytes(
        &[
            ("x/one.ngf", NGF.as_bytes()),
            ("readme.txt", GIB.as_bytes()),
            ("x/two.sgf", b"(;PB[z];B[cc])"),
        ],
        zip::CompressionMethod::Deflated,
    );
    let zip = write(dir.path(), "set.zip", zip);
    let gz = write(dir.path(), "one.gib.gz", archives::gzip(GIB.as_bytes()));
    let lines = json_lines(&[&zip, &gz]);
    let files: Vec<&str> = lines.iter().map(|l| l["file"].as_str().unwrap()).collect();
    let zip_name = zip.display().to_string();
    assert_eq!(
        files,
        [
            format!("{zip_name}:x/one.ngf"),
            format!("{zip_name}:x/two.sgf"),
            gz.display().to_string(),
        ]
    );
    assert_eq!(
        summary(&lines[0]),
        game("p81587", "ace550", "W+R", &["W[pq]"])
    );
    assert_eq!(
        summary(&lines[2]),
        game("kim", "lee", "B+R", &["B[pd]", "W[dp]"])
    );
}

#[test]
fn a_file_named_directly_and_standard_input_are_told_by_their_content() {
    let dir = TempDir::new().unwrap();
    let txt = write(dir.path(), "record.txt", NGF);
    let none = write(dir.path(), "record", UGF);
    let wrong = write(dir.path(), "record.sgf", GIB);
    let lines = json_lines(&[&txt, &none, &wrong]);
    let games: Vec<_> = lines.iter().map(summary).collect();
    assert_eq!(
        games,
        [
            game("p81587", "ace550", "W+R", &["W[pq]"]),
            game("kaz", "yin", "W+R", &["B[qd]", "W[dp]"]),
            game("kim", "lee", "B+R", &["B[pd]", "W[dp]"]),
        ]
    );
    let out = sgf().args(["json", "-"]).write_stdin(UGF).output().unwrap();
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["file"], "<stdin>");
    assert_eq!(
        summary(&line),
        game("kaz", "yin", "W+R", &["B[qd]", "W[dp]"])
    );
}

/// The lines `sgf check ARGS PATHS` prints, with the folder `dir`
/// dropped from the names, and its exit status.
fn check(dir: &Path, args: &[&str], paths: &[&Path]) -> (Vec<String>, i32) {
    let out = sgf().arg("check").args(args).args(paths).output().unwrap();
    let prefix = format!("{}{}", dir.display(), std::path::MAIN_SEPARATOR);
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| line.replace(&prefix, ""))
        .collect();
    (lines, out.status.code().unwrap())
}

#[test]
fn a_malformed_record_is_an_error_at_its_line_and_the_rest_is_read() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.gib", GIB);
    // Line 10, the second move: a point that is not two capital letters.
    let bad = UGF.replace("DD,W1,2,0", "D\u{e9},W1,2,0");
    write(dir.path(), "b.ugf", bad);
    // Line 13 of an NGF, the first move line, cut to four letters.
    write(dir.path(), "c.ngf", NGF.replace("PMABWQRRQ", "PMAB"));
    write(dir.path(), "d.sgf", "(;B[aa])");
    let (lines, status) = check(dir.path(), &[], &[dir.path()]);
    assert_eq!(status, 1, "{lines:?}");
    assert!(
        lines[0].starts_with("b.ugf:10:1: error: malformed line"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("c.ngf:13:1: error: malformed line"),
        "{lines:?}"
    );
    assert_eq!(lines.len(), 2, "{lines:?}");
    // The good ones are read, the bad ones give no game.
    assert_eq!(files_read(dir.path()), ["a.gib", "d.sgf"]);
}

/// The names of the files of the games that `sgf json DIR` prints.
fn files_read(dir: &Path) -> Vec<String> {
    json_lines(&[dir]).iter().map(file_name).collect()
}

#[test]
fn problems_found_in_a_record_point_at_its_lines() {
    let dir = TempDir::new().unwrap();
    // Black plays `QP` (qd) again on line 11: the board refuses it.
    let ugf = format!("{UGF}QP,B1,3,0\n");
    let path = write(dir.path(), "x.ugf", ugf);
    let (lines, status) = check(dir.path(), &["--rules"], &[&path]);
    assert_eq!(status, 1, "{lines:?}");
    assert!(
        lines[0].starts_with("x.ugf:11:1: error: illegal-occupied"),
        "{lines:?}"
    );
    // A record cut short: the moves it has, and a warning where it ends.
    let gib = GIB.replace("\\GE\n", "");
    let path = write(dir.path(), "y.gib", gib);
    let (lines, status) = check(dir.path(), &[], &[&path]);
    assert_eq!(status, 0, "{lines:?}");
    assert!(lines[0].starts_with("y.gib:"), "{lines:?}");
    assert!(lines[0].contains("warning"), "{lines:?}");
}

#[test]
fn a_record_over_the_size_limit_is_an_error_and_the_rest_is_read() {
    let dir = TempDir::new().unwrap();
    let mut big = GIB.replace("\\GE\n", "").into_bytes();
    big.resize(sgf_tool::collection::MAX_RECORD + 10, b'\n');
    write(dir.path(), "a.gib", big);
    write(dir.path(), "b.gib", GIB);
    let (lines, status) = check(dir.path(), &[], &[dir.path()]);
    assert_eq!(status, 1, "{lines:?}");
    assert_eq!(
        lines[0],
        "a.gib:1:1: error: GIB record larger than the limit of 4 MiB: not read"
    );
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(files_read(dir.path()), ["b.gib"]);
}
