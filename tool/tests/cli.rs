//! The `sgf` binary run as a process: every subcommand on hand-written
//! files, standard input and archives built here, with exit statuses.
#![cfg(feature = "cli")]

#[path = "support/archives.rs"]
mod archives;
#[path = "support/cli.rs"]
mod cli;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::fs;

use archives::{gzip, tar_bytes, zip_bytes};
use assert_cmd::Command;
use cli::{sgf, stdout_of, write};
use serde_json::Value;
use tempfile::TempDir;

const GOOD: &str = "(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bob]RE[B+R];B[cc];W[gg](;B[cg])(;B[gc]))\n";
const GOOD2: &str = "(;GM[1]SZ[19]PB[Ann]DT[2001-05-06];B[pd];W[])(;GM[1]SZ[9];B[ee])\n";
/// An unclosed value on line 2, column 3: an error in strict mode; in
/// lenient mode an error too (a value cut by the end of the file), and a
/// warning (the game tree closed at the end).
const BAD: &str = "(;GM[1]\n;C[oops";
/// A game whose final `)` is missing: a repair that keeps every value, a
/// warning in lenient mode.
const UNCLOSED: &str = "(;GM[1]\n;C[fine]";
/// No game tree at all: an error in both modes.
const NOT_SGF: &str = "Subject: no game here\n";

fn json_of(cmd: &mut Command) -> Value {
    serde_json::from_str(&stdout_of(cmd)).expect("one JSON object")
}

/// Games in `inputs`, counted with the library rather than the binary.
fn games_in(inputs: &[&str]) -> u64 {
    inputs
        .iter()
        .map(|text| sgf_stream::parse_collection(text.as_bytes()).unwrap().len() as u64)
        .sum()
}

/// A directory with two good files (one in a subdirectory, with an
/// upper-case extension), a bad one, and a file that is not SGF.
fn tree() -> TempDir {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.sgf", GOOD);
    write(dir.path(), "sub/b.SGF", GOOD2);
    write(dir.path(), "sub/c.sgf", BAD);
    write(dir.path(), "notes.txt", "(;not[read])");
    dir
}

#[test]
fn check_reports_each_problem_with_its_position_and_exits_1() {
    let dir = tree();
    let out = sgf()
        .args(["check", "--strict"])
        .arg(dir.path())
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let bad = dir.path().join("sub/c.sgf");
    let expected = format!(
        "{}:2:3: error: value never closed: missing `]`",
        bad.display()
    );
    assert_eq!(stdout.lines().next(), Some(expected.as_str()), "{stdout}");
    assert_eq!(stdout.lines().count(), 1, "--quiet leaves out the summary");
}

#[test]
fn check_is_lenient_by_default_and_a_repair_that_keeps_every_value_is_a_warning() {
    let dir = tree();
    fs::write(dir.path().join("sub/c.sgf"), UNCLOSED).unwrap();
    let out = sgf().arg("check").arg(dir.path()).assert().code(0);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let bad = dir.path().join("sub/c.sgf").display().to_string();
    let expected =
        format!("{bad}:2:9: warning: input ended inside 1 open game tree(s): closed them");
    assert_eq!(stdout.lines().collect::<Vec<_>>(), [expected.as_str()]);
}

#[test]
fn a_lenient_repair_that_cuts_a_value_is_an_error_and_check_exits_1() {
    let dir = tree();
    let out = sgf().arg("check").arg(dir.path()).assert().code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let bad = dir.path().join("sub/c.sgf").display().to_string();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with(&format!("{bad}:2:3: error: value never closed")));
    assert!(lines[1].starts_with(&format!("{bad}:2:8: warning: input ended inside 1 open")));
}

#[test]
fn check_exits_1_when_a_file_holds_no_game_even_when_lenient() {
    let dir = tree();
    let junk = write(dir.path(), "junk.sgf", NOT_SGF);
    let out = sgf().arg("check").arg(&junk).assert().code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let expected = format!("{}:2:1: error: no game tree found", junk.display());
    assert!(stdout.lines().any(|l| l == expected), "{stdout}");
}

#[test]
fn check_summary_counts_files_games_errors_and_speed() {
    let dir = tree();
    let mut cmd = Command::cargo_bin("sgf").unwrap();
    let stdout = stdout_of(cmd.args(["check", "--strict"]).arg(dir.path()));
    let summary = stdout.lines().last().unwrap();
    let games = games_in(&[GOOD, GOOD2]);
    assert!(
        summary.starts_with("3 files (1 with errors), "),
        "{summary}"
    );
    assert!(
        summary.contains(&format!(" {games} games, 1 errors, 0 warnings")),
        "{summary}"
    );
    assert!(summary.ends_with(" MB/s"), "{summary}");
}

#[test]
fn check_of_good_files_exits_0_and_prints_nothing_when_quiet() {
    let dir = tree();
    fs::remove_file(dir.path().join("sub/c.sgf")).unwrap();
    sgf()
        .arg("check")
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout("");
}

#[test]
fn standard_input_is_read_for_a_dash() {
    sgf()
        .args(["check", "--strict", "-"])
        .write_stdin(BAD)
        .assert()
        .code(1)
        .stdout("<stdin>:2:3: error: value never closed: missing `]`\n");
    let stats = json_of(sgf().args(["stats", "--json", "-"]).write_stdin(GOOD2));
    assert_eq!(stats["games"], games_in(&[GOOD2]));
}

#[test]
fn a_missing_file_is_reported_by_name_and_the_job_goes_on_with_status_2() {
    let dir = tree();
    let missing = dir.path().join("missing.sgf");
    let out = sgf()
        .args(["stats", "--json"])
        .arg(&missing)
        .arg(dir.path().join("a.sgf"))
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains(&missing.display().to_string()), "{stderr}");
    let stats: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(stats["games"], games_in(&[GOOD]));
    assert_eq!(stats["unreadable"], 1);
}

#[test]
fn usage_problems_exit_2() {
    sgf().arg("check").assert().code(2);
    sgf().arg("frobnicate").assert().code(2);
    sgf().args(["stats", "--jobs", "0"]).assert().code(2);
}

#[test]
fn output_order_does_not_depend_on_the_number_of_threads() {
    let dir = TempDir::new().unwrap();
    for i in 0..40 {
        let content = if i % 3 == 0 {
            BAD.to_string()
        } else {
            GOOD.repeat(i)
        };
        write(dir.path(), &format!("d{}/f{i:02}.sgf", i % 4), content);
    }
    let run = |jobs: &str| {
        stdout_of(
            sgf()
                .args(["check", "--strict", "-j", jobs])
                .arg(dir.path()),
        )
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 14);
    let mut sorted: Vec<&str> = one.lines().collect();
    sorted.sort();
    assert_eq!(
        one.lines().collect::<Vec<_>>(),
        sorted,
        "files in name order"
    );
    assert_eq!(run("2"), one);
    assert_eq!(run("4"), one);
}

#[test]
fn stats_counts_games_moves_players_and_results() {
    let dir = tree();
    fs::remove_file(dir.path().join("sub/c.sgf")).unwrap();
    let stats = json_of(sgf().args(["stats", "--json"]).arg(dir.path()));
    assert_eq!(stats["files"], 2);
    assert_eq!(stats["games"], games_in(&[GOOD, GOOD2]));
    // B[cc] W[gg] B[cg] B[gc] + B[pd] W[] + B[ee]
    assert_eq!(stats["moves"], 7);
    assert_eq!(stats["variations"], 1);
    assert_eq!(stats["board_sizes"]["9"], 2);
    assert_eq!(stats["top_players"][0]["value"], "Ann");
    assert_eq!(stats["top_players"][0]["games"], 2);
    assert_eq!(stats["results"]["B+R"], 1);
    assert_eq!(stats["dates"]["first"], "2001-05-06");
    assert_eq!(stats["errors"], 0);
}

#[test]
fn stats_with_no_path_reads_the_shipped_samples() {
    let data = common::workspace_root().join("tests/data");
    let files = common::sgf_files(&data);
    let games: u64 = files
        .iter()
        .map(|f| {
            sgf_stream::parse_collection(fs::read(f).unwrap())
                .unwrap()
                .len() as u64
        })
        .sum();
    let stats = json_of(sgf().args(["stats", "--json"]));
    assert_eq!(stats["files"], files.len() as u64);
    assert_eq!(stats["games"], games);
    let text = stdout_of(sgf().arg("stats"));
    assert!(text.lines().any(|l| l
        .split_whitespace()
        .eq(["games".to_string(), games.to_string()])));
}

#[test]
fn stats_over_the_corpus_agree_with_the_library() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let stats = json_of(
        sgf()
            .args(["stats", "--json"])
            .arg(common::shared("corpus").unwrap()),
    );
    assert_eq!(stats["files"], files.len() as u64);
    assert_eq!(stats["unreadable"], 0);
    assert!(stats["games"].as_u64().unwrap() >= files.len() as u64);
}

const MEMBERS: &[(&str, &[u8])] = &[
    ("games/one.sgf", GOOD.as_bytes()),
    ("readme.txt", b"not a game"),
    ("games/deeper/two.SGF", GOOD2.as_bytes()),
    ("bad.sgf", BAD.as_bytes()),
];

#[test]
fn archives_are_read_without_extracting() {
    let dir = TempDir::new().unwrap();
    let zip = zip_bytes(MEMBERS, zip::CompressionMethod::Deflated);
    let tar = tar_bytes(MEMBERS);
    let archives = [
        write(dir.path(), "g.zip", zip),
        write(dir.path(), "g.tar", &tar),
        write(dir.path(), "g.tar.gz", gzip(&tar)),
        write(dir.path(), "g.TGZ", gzip(&tar)),
    ];
    for archive in &archives {
        let out = sgf()
            .args(["check", "--strict"])
            .arg(archive)
            .assert()
            .code(1);
        let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let name = format!("{}:bad.sgf:2:3: error: ", archive.display());
        assert!(stdout.starts_with(&name), "{stdout}");
        let stats = json_of(sgf().args(["stats", "--json"]).arg(archive));
        assert_eq!(stats["files"], 3, "{}", archive.display());
        assert_eq!(stats["games"], games_in(&[GOOD, GOOD2]) + 1);
    }
}

#[test]
fn a_broken_archive_member_is_reported_and_the_others_are_read() {
    let dir = TempDir::new().unwrap();
    let members: &[(&str, &[u8])] = &[
        ("a.sgf", GOOD.as_bytes()),
        ("b.sgf", b"(;C[the bytes of this member get damaged])"),
        ("c.sgf", GOOD2.as_bytes()),
    ];
    let mut zip = zip_bytes(members, zip::CompressionMethod::Stored);
    let at = zip.windows(7).position(|w| w == b"damaged").unwrap();
    zip[at] = b'D'; // the CRC no longer matches
    let archive = write(dir.path(), "damaged.zip", zip);
    let out = sgf()
        .args(["stats", "--json"])
        .arg(&archive)
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains(&format!("{}:b.sgf", archive.display())),
        "{stderr}"
    );
    let stats: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(stats["files"], 2);
    assert_eq!(stats["games"], games_in(&[GOOD, GOOD2]));
}

#[test]
fn a_truncated_or_bogus_archive_is_reported_and_the_job_goes_on() {
    let dir = TempDir::new().unwrap();
    let tar = gzip(&tar_bytes(MEMBERS));
    let cut = write(dir.path(), "cut.tar.gz", &tar[..tar.len() / 2]);
    let bogus = write(dir.path(), "bogus.zip", "this is no zip file");
    let good = write(dir.path(), "good.sgf", GOOD);
    let out = sgf()
        .args(["stats", "--json"])
        .args([&cut, &bogus, &good])
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains(&bogus.display().to_string()), "{stderr}");
    assert!(stderr.contains(&cut.display().to_string()), "{stderr}");
    let stats: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert!(stats["files"].as_u64().unwrap() >= 1);
}

// fmt, mainline, convert, json.

fn events_of(text: &[u8]) -> Vec<String> {
    sgf_stream::Parser::new(text)
        .map(|event| format!("{:?}", event.unwrap()))
        .collect()
}

#[test]
fn fmt_prints_the_same_events_in_the_chosen_layout() {
    let dir = tree();
    let input = fs::read(dir.path().join("a.sgf")).unwrap();
    let compact = sgf()
        .arg("fmt")
        .arg(dir.path().join("a.sgf"))
        .output()
        .unwrap();
    assert_eq!(compact.status.code(), Some(0));
    assert_eq!(events_of(&compact.stdout), events_of(&input));
    let per_line = sgf()
        .args(["fmt", "--layout", "node-per-line", "--crlf"])
        .arg(dir.path().join("a.sgf"))
        .output()
        .unwrap();
    assert_eq!(events_of(&per_line.stdout), events_of(&input));
    let nodes = sgf_stream::parse(GOOD).unwrap().nodes().count();
    assert_eq!(per_line.stdout.split(|&b| b == b'\n').count(), nodes + 1);
    assert!(per_line
        .stdout
        .windows(2)
        .all(|w| w[1] != b'\n' || w[0] == b'\r'));
}

#[test]
fn fmt_in_place_rewrites_good_files_and_leaves_no_temporary_file() {
    let dir = TempDir::new().unwrap();
    let path = write(dir.path(), "g.sgf", "(;GM[1]\n\n  ;B[aa]  ;W[bb]\n)");
    let expected = stdout_of(sgf().arg("fmt").arg(&path));
    sgf()
        .args(["fmt", "--in-place"])
        .arg(&path)
        .assert()
        .code(0);
    assert_eq!(fs::read_to_string(&path).unwrap(), expected);
    assert_eq!(expected, "(;GM[1];B[aa];W[bb])\n");
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["g.sgf"]);
}

#[test]
fn fmt_in_place_never_touches_a_file_with_errors_unless_forced() {
    let dir = TempDir::new().unwrap();
    let junk = write(dir.path(), "junk.sgf", NOT_SGF);
    let bad = write(dir.path(), "bad.sgf", BAD);
    let out = sgf()
        .args(["fmt", "--in-place"])
        .arg(&junk)
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("not written"), "{stderr}");
    assert_eq!(fs::read_to_string(&junk).unwrap(), NOT_SGF);
    sgf()
        .args(["fmt", "--strict", "-i"])
        .arg(&bad)
        .assert()
        .code(1);
    assert_eq!(fs::read_to_string(&bad).unwrap(), BAD);
    // Forced: what could be read is written, as valid SGF.
    sgf()
        .args(["fmt", "--strict", "-i", "--force"])
        .arg(&bad)
        .assert()
        .code(1);
    let forced = fs::read(&bad).unwrap();
    assert_ne!(forced, BAD.as_bytes());
    assert!(sgf_stream::parse_collection(&forced).is_ok());
    // Lenient (the default): a value cut at the end is an error, so the
    // file is written only when forced.
    fs::write(&bad, BAD).unwrap();
    sgf().args(["fmt", "-i"]).arg(&bad).assert().code(1);
    assert_eq!(fs::read_to_string(&bad).unwrap(), BAD);
    sgf()
        .args(["fmt", "-i", "--force"])
        .arg(&bad)
        .assert()
        .code(1);
    let repaired = sgf_stream::parse(fs::read_to_string(&bad).unwrap()).unwrap();
    assert_eq!(repaired.children()[0].get("C").unwrap(), ["oops"]);
    // A repair that keeps every value is a warning: the file is written.
    let unclosed = write(dir.path(), "unclosed.sgf", UNCLOSED);
    sgf().args(["fmt", "-i"]).arg(&unclosed).assert().code(0);
    assert_eq!(fs::read_to_string(&unclosed).unwrap(), "(;GM[1];C[fine])\n");
}

#[test]
fn mainline_keeps_each_games_main_line_only() {
    let dir = tree();
    let path = dir.path().join("a.sgf");
    let output = sgf().arg("mainline").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let games = sgf_stream::parse_collection(&output.stdout).unwrap();
    let originals = sgf_stream::parse_collection(GOOD.as_bytes()).unwrap();
    assert_eq!(games.len(), originals.len());
    for (game, original) in games.iter().zip(&originals) {
        assert!(game.nodes().all(|node| node.children().len() <= 1));
        let props = |t: &sgf_stream::SgfTree| {
            t.main_line()
                .map(|n| format!("{:?}", n.properties().collect::<Vec<_>>()))
                .collect::<Vec<_>>()
        };
        assert_eq!(props(game), props(original));
    }
}

#[test]
fn convert_round_trips_a_shift_jis_file() {
    use encoding_rs::SHIFT_JIS;
    let dir = TempDir::new().unwrap();
    // 表, ソ and 能 have 0x5C (`\`) as their second byte in Shift_JIS.
    let declared =
        "(;GM[1]FF[4]CA[Shift_JIS]PB[表ソ能]C[申し訳ない: 表現]\r\n;B[pd]C[ソフト];W[dp])";
    let undeclared =
        "(;GM[1]PB[本因坊秀策]C[これは日本語のコメントです。表示と能力のテスト。]\n;B[pd])";
    for text in [declared, undeclared] {
        let (sjis, _, unmappable) = SHIFT_JIS.encode(text);
        assert!(!unmappable);
        let path = write(dir.path(), "j.sgf", &sjis);
        sgf()
            .args(["convert", "--to-utf8", "-i"])
            .arg(&path)
            .assert()
            .code(0);
        let utf8 = fs::read_to_string(&path).unwrap();
        let expected = if text.contains("CA[") {
            text.replace("CA[Shift_JIS]", "CA[UTF-8]")
        } else {
            text.replacen("(;", "(;CA[UTF-8]", 1)
        };
        assert_eq!(utf8, expected);
        let tree = sgf_stream::parse(&utf8).unwrap();
        assert_eq!(tree.get("CA").unwrap(), ["UTF-8"]);
        // And back: the same bytes as the original, but for CA.
        let back = utf8.replace(
            "CA[UTF-8]",
            if text == declared {
                "CA[Shift_JIS]"
            } else {
                ""
            },
        );
        assert_eq!(SHIFT_JIS.encode(&back).0, sjis);
        // A second run changes nothing.
        let out = Command::cargo_bin("sgf")
            .unwrap()
            .args(["convert", "--to-utf8", "-i"])
            .arg(&path)
            .assert()
            .code(0);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(stderr.contains("0 written, 1 unchanged"), "{stderr}");
    }
}

#[test]
fn json_prints_one_object_per_game() {
    let dir = tree();
    let tar = gzip(&tar_bytes(MEMBERS));
    let archive = write(dir.path(), "g.tgz", tar);
    let b = dir.path().join("sub/b.SGF");
    let output = sgf().arg("json").arg(&b).arg(&archive).output().unwrap();
    // bad.sgf's last value is cut: an error, but its game is written.
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let expected_games = games_in(&[GOOD2]) + games_in(&[GOOD, GOOD2]) + 1;
    assert_eq!(lines.len() as u64, expected_games);
    assert_eq!(lines[0]["file"], b.display().to_string());
    assert_eq!(
        (lines[0]["game"].clone(), lines[1]["game"].clone()),
        (0.into(), 1.into())
    );
    let member = format!("{}:games/one.sgf", archive.display());
    let one = lines.iter().find(|l| l["file"] == member.as_str()).unwrap();
    let tree = sgf_stream::parse(GOOD).unwrap();
    let main_moves = tree
        .main_line()
        .filter(|n| n.get("B").is_some() || n.get("W").is_some())
        .count();
    assert_eq!(one["moves"].as_array().unwrap().len(), main_moves);
    assert_eq!(one["info"]["PB"], "Ann");
    assert_eq!(one["root"]["SZ"], "9");
    assert_eq!(one["variations"], 1);
    assert_eq!(
        lines[0]["moves"][1],
        serde_json::json!({ "color": "W", "point": null })
    );
}

/// A named pipe in a directory would block the job if it were read: it is
/// reported and skipped.
#[test]
fn a_named_pipe_in_a_directory_is_reported_not_read() {
    let dir = tree();
    let fifo = dir.path().join("sub/pipe.sgf");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("note: mkfifo is unavailable; skipping this test");
        return;
    }
    let out = sgf()
        .args(["stats", "--json"])
        .arg(dir.path())
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("pipe.sgf: not a regular file"), "{stderr}");
    let stats: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(stats["files"], 3);
}
