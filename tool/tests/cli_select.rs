//! `sgf select` and the normalised values of `sgf json` and `sgf stats`,
//! run as a process on games written here, whose ranks, results, dates
//! and the rest are known: every expected value below is worked out by
//! hand from the game's text.
#![cfg(feature = "cli")]

#[path = "support/cli.rs"]
mod cli;

use std::fs;
use std::path::Path;

use cli::{sgf, stdout_of, write};
use serde_json::{json, Value};
use tempfile::TempDir;

/// Lee Sedol (9p) against AlphaGo (9p), won by White by resignation.
const A: &str = "(;GM[1]SZ[19]PB[Lee Sedol]BR[9p]PW[AlphaGo]WR[9p]RE[W+R]KM[7.5]DT[2016-03-09]\
                 ;B[pd];W[dd];B[pq])";
/// Fox's forms: Black 9p (`P9段`), White 9d (`9段`), won by White by
/// resignation, komi 6.5 (×100).
const B: &str = "(;GM[1]SZ[19]PB[Ke Jie]BR[P9段]PW[Master]WR[9段]RE[白中盘胜]KM[650]\
                 DT[2017.01.03 21:00];B[pd];W[dd])";
/// 9×9, 5k against 3k, Black by 3.5 points, five moves, two dates.
const C: &str = "(;GM[1]CA[UTF-8]SZ[9]PB[ann]BR[5k]PW[bob]WR[3k]RE[B+3.5]KM[5.5]HA[0]\
                 DT[1996-05-06,07];B[ee];W[cc];B[gg];W[gc];B[cg])";
/// 13×13, two handicap stones (not moves), a draw, White unranked, a
/// date of a year only, one move.
const D: &str = "(;GM[1]SZ[13]PB[Cho]BR[1d]PW[Lee Changho]WR[UR]RE[0]HA[2]DT[1996]\
                 ;AB[dd][jj];W[gg])";
/// No SZ, no ranks: Black on time in November 2005, a comment; then a
/// game with no RE and no DT.
const E: &str = "(;PB[x]PW[y]RE[B+T]DT[2005-11]C[note];B[aa])\n(;PB[Lee]PW[z];B[aa];W[bb])";

/// a.sgf (A), b.sgf (B, C), sub/c.sgf (D), sub/d.sgf (E: two games).
fn games() -> TempDir {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.sgf", A);
    write(dir.path(), "b.sgf", format!("{B}\n{C}\n"));
    write(dir.path(), "sub/c.sgf", D);
    write(dir.path(), "sub/d.sgf", E);
    dir
}

/// The `FILE:GAME` lines of `select --list` with `filters`, file names
/// relative to `dir`.
fn listed(dir: &Path, filters: &[&str]) -> Vec<String> {
    let out = stdout_of(sgf().args(["select", "--list"]).args(filters).arg(dir));
    let prefix = format!("{}/", dir.display());
    out.lines()
        .map(|line| line.strip_prefix(&prefix).unwrap_or(line).to_string())
        .collect()
}

#[test]
fn select_lists_the_games_that_pass_each_filter() {
    let dir = games();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &[],
            &[
                "a.sgf:0",
                "b.sgf:0",
                "b.sgf:1",
                "sub/c.sgf:0",
                "sub/d.sgf:0",
                "sub/d.sgf:1",
            ],
        ),
        (
            &["--player", "lee"],
            &["a.sgf:0", "sub/c.sgf:0", "sub/d.sgf:1"],
        ),
        (&["--player", "LEE", "--exact-names"], &["sub/d.sgf:1"]),
        (&["--black", "lee"], &["a.sgf:0", "sub/d.sgf:1"]),
        (&["--white", "lee"], &["sub/c.sgf:0"]),
        (&["--min-rank", "1p"], &["a.sgf:0"]),
        (&["--min-rank", "9d"], &["a.sgf:0", "b.sgf:0"]),
        (&["--max-rank", "1k"], &["b.sgf:1"]),
        (&["--min-rank", "4k", "--max-rank", "1d"], &[]),
        (&["--winner", "W"], &["a.sgf:0", "b.sgf:0"]),
        (&["--winner", "b"], &["b.sgf:1", "sub/d.sgf:0"]),
        (&["--reason", "score"], &["b.sgf:1"]),
        (&["--reason", "draw"], &["sub/c.sgf:0"]),
        (&["--reason", "time"], &["sub/d.sgf:0"]),
        (&["--from", "2016"], &["a.sgf:0", "b.sgf:0"]),
        (&["--to", "1996"], &["b.sgf:1", "sub/c.sgf:0"]),
        (
            &["--from", "1996-05", "--to", "1996-05"],
            &["b.sgf:1", "sub/c.sgf:0"],
        ),
        (
            &["--from", "1996-05-07"],
            &["a.sgf:0", "b.sgf:0", "sub/c.sgf:0", "sub/d.sgf:0"],
        ),
        (
            &["--from", "2005-11-15", "--to", "2005-11-15"],
            &["sub/d.sgf:0"],
        ),
        (&["--size", "9"], &["b.sgf:1"]),
        (
            &["--size", "19"],
            &["a.sgf:0", "b.sgf:0", "sub/d.sgf:0", "sub/d.sgf:1"],
        ),
        (&["--handicap", "2"], &["sub/c.sgf:0"]),
        (
            &["--handicap", "0"],
            &[
                "a.sgf:0",
                "b.sgf:0",
                "b.sgf:1",
                "sub/d.sgf:0",
                "sub/d.sgf:1",
            ],
        ),
        (&["--komi", "6.5"], &["b.sgf:0"]),
        (&["--komi", "7.5"], &["a.sgf:0"]),
        (&["--min-moves", "5"], &["b.sgf:1"]),
        (&["--max-moves", "1"], &["sub/c.sgf:0", "sub/d.sgf:0"]),
        (&["--has", "C"], &["sub/d.sgf:0"]),
        (&["--has", "AB", "--has", "HA"], &["sub/c.sgf:0"]),
        (&["--player", "lee", "--winner", "W"], &["a.sgf:0"]),
    ];
    for (filters, expected) in cases {
        assert_eq!(listed(dir.path(), filters), *expected, "{filters:?}");
    }
}

#[test]
fn select_prints_the_games_as_written_in_utf8() {
    let dir = games();
    // C declares UTF-8: its text comes out as it is.
    let out = stdout_of(sgf().args(["select", "--size", "9"]).arg(dir.path()));
    assert_eq!(out, format!("{C}\n"));
    // A has no CA: it gets one saying UTF-8, after the root's `;`.
    let out = stdout_of(sgf().args(["select", "--komi", "7.5"]).arg(dir.path()));
    assert_eq!(out, format!("{}\n", A.replacen("(;", "(;CA[UTF-8]", 1)));
}

#[test]
fn select_writes_one_file_per_game_and_never_overwrites_without_force() {
    let dir = games();
    let out = TempDir::new().unwrap();
    sgf()
        .args(["select", "--winner", "B", "--out-dir"])
        .arg(out.path())
        .arg(dir.path())
        .assert()
        .code(0);
    let written = out.path().join("b-0001.sgf");
    assert_eq!(fs::read_to_string(&written).unwrap(), format!("{C}\n"));
    let second = out.path().join("sub/d-0000.sgf");
    assert!(fs::read_to_string(&second)
        .unwrap()
        .starts_with("(;CA[UTF-8]PB[x]"));
    assert_eq!(
        fs::read_dir(out.path()).unwrap().count(),
        2,
        "b-0001.sgf and sub/"
    );

    fs::write(&written, "mine").unwrap();
    let again = sgf()
        .args(["select", "--winner", "B", "--out-dir"])
        .arg(out.path())
        .arg(dir.path())
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&again.get_output().stderr).to_string();
    assert!(stderr.contains("exists (--force replaces it)"), "{stderr}");
    assert_eq!(fs::read_to_string(&written).unwrap(), "mine");

    sgf()
        .args(["select", "--winner", "B", "--force", "--out-dir"])
        .arg(out.path())
        .arg(dir.path())
        .assert()
        .code(0);
    assert_eq!(fs::read_to_string(&written).unwrap(), format!("{C}\n"));
    let leftovers = fs::read_dir(out.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with("-tmp")
        })
        .count();
    assert_eq!(leftovers, 0);
}

#[test]
fn select_rejects_values_it_cannot_read() {
    for args in [
        ["--min-rank", "strong"],
        ["--winner", "black"],
        ["--reason", "resigned"],
        ["--from", "2016/01"],
        ["--size", "60"],
    ] {
        sgf().arg("select").args(args).arg(".").assert().code(2);
    }
}

#[test]
fn select_list_is_the_same_for_one_job_and_two() {
    let dir = TempDir::new().unwrap();
    // Over 512 KiB in one file, so that it is read in several batches;
    // and a few small files beside it.
    let padding = "x".repeat(200);
    let mut big = String::new();
    for i in 0..4000 {
        let rank = i % 30 + 1;
        big += &format!("(;PB[p{i}]BR[{rank}k]WR[{rank}k]C[{padding}];B[aa];W[bb])\n");
    }
    write(dir.path(), "big.sgf", &big);
    for i in 0..20 {
        let rank = i % 30 + 1;
        write(
            dir.path(),
            &format!("small/{i:02}.sgf"),
            format!("(;BR[{rank}k]WR[1k])"),
        );
    }
    let run = |jobs: &str| {
        let out = sgf()
            .args(["--jobs", jobs, "select", "--list", "--max-rank", "10k"])
            .arg(dir.path())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(run("2"), one);
    // 10k or weaker: a rank of 10 to 30 kyu; the small files' White is 1k.
    let big_name = dir.path().join("big.sgf").display().to_string();
    let expected: Vec<String> = (0..4000)
        .filter(|i| i % 30 + 1 >= 10)
        .map(|i| format!("{big_name}:{i}"))
        .collect();
    assert_eq!(one.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn json_gives_each_game_its_normalized_values() {
    let dir = games();
    let out = stdout_of(sgf().arg("json").arg(dir.path()));
    let objects: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 6);
    assert_eq!(
        objects[1]["normalized"],
        json!({
            "black_rank": "9p", "white_rank": "9d", "winner": "W", "reason": "resign",
            "margin": null, "komi": 6.5, "handicap": null,
            "date": "2017-01-03", "date_last": "2017-01-03",
        })
    );
    assert_eq!(
        objects[2]["normalized"],
        json!({
            "black_rank": "5k", "white_rank": "3k", "winner": "B", "reason": "score",
            "margin": 3.5, "komi": 5.5, "handicap": 0,
            "date": "1996-05-06", "date_last": "1996-05-07",
        })
    );
    assert_eq!(objects[3]["normalized"]["white_rank"], Value::Null, "UR");
    assert_eq!(objects[3]["normalized"]["reason"], "draw");
    assert_eq!(objects[3]["normalized"]["date"], "1996");
    assert_eq!(objects[5]["normalized"]["reason"], Value::Null, "no RE");
    for object in &objects {
        let keys: Vec<&str> = object["normalized"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = [
            "black_rank",
            "white_rank",
            "winner",
            "reason",
            "margin",
            "komi",
            "handicap",
            "date",
            "date_last",
        ];
        expected.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, expected);
    }
}

#[test]
fn stats_count_ranks_reasons_and_years() {
    let dir = games();
    let out = stdout_of(sgf().args(["stats", "--json"]).arg(dir.path()));
    let stats: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        stats["ranks"],
        json!({ "9p": 3, "9d": 1, "5k": 1, "3k": 1, "1d": 1, "(not read)": 1, "(none)": 4 })
    );
    assert_eq!(
        stats["reasons"],
        json!({ "resign": 2, "score": 1, "draw": 1, "time": 1, "(none)": 1 })
    );
    assert_eq!(
        stats["years"],
        json!({ "2016": 1, "2017": 1, "1996": 2, "2005": 1, "(none)": 1 })
    );
    assert_eq!(
        stats["results"],
        json!({ "W+R": 2, "B+points": 1, "Draw": 1, "B+T": 1, "(none)": 1 })
    );
    assert_eq!(
        stats["dates"],
        json!({ "first": "1996", "last": "2017-01-03" })
    );
    // The text lists ranks from the weakest, reasons in their order,
    // years in order.
    let text = stdout_of(sgf().arg("stats").arg(dir.path()));
    let section = |title: &str| -> Vec<String> {
        let start = text.find(&format!("\n{title} (")).unwrap();
        text[start..]
            .lines()
            .skip(2)
            .take_while(|line| !line.is_empty())
            .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(
        section("players by rank"),
        [
            "1 5k",
            "1 3k",
            "1 1d",
            "1 9d",
            "3 9p",
            "4 (none)",
            "1 (not read)"
        ]
    );
    assert_eq!(
        section("reasons"),
        ["1 score", "2 resign", "1 time", "1 draw", "1 (none)"]
    );
    assert_eq!(
        section("years"),
        ["2 1996", "1 2005", "1 2016", "1 2017", "1 (none)"]
    );
}
