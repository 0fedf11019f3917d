//! Where the `sgf` tool writes: `--out-dir` mirroring the input folders,
//! `split`, `convert --to` a legacy charset and back, `CA[UTF-8]` for
//! legacy input, files rewritten in place that are never left
//! half-written, and `stats` with no path from an installed binary.
#![cfg(feature = "cli")]

#[path = "support/cli.rs"]
mod cli;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use cli::{files_below, sgf, write};
use tempfile::TempDir;

/// `sgf COMMAND --out-dir OUT INPUT`, run.
fn to_out_dir(command: &str, out: &Path, input: &Path) -> assert_cmd::assert::Assert {
    sgf()
        .arg(command)
        .arg("--out-dir")
        .arg(out)
        .arg(input)
        .assert()
}

/// A nested folder of SGF files (and a file that is not SGF).
fn nested() -> TempDir {
    let dir = TempDir::new().unwrap();
    write(
        dir.path(),
        "top.sgf",
        "(;GM[1]SZ[9];B[aa](;W[bb])(;W[cc]))\n",
    );
    write(dir.path(), "a/one.SGF", "(;GM[1]  ;B[dd]\n\n;W[ee])");
    write(
        dir.path(),
        "a/b/c/two.sgf",
        "(;GM[1]C[first])(;GM[1]C[second](;B[aa])(;B[bb]))",
    );
    write(dir.path(), "a/b/readme.txt", "not a game");
    dir
}

#[test]
fn out_dir_mirrors_the_input_folders_with_what_standard_output_gets() {
    let input = nested();
    for command in ["fmt", "mainline", "convert"] {
        let out = TempDir::new().unwrap();
        to_out_dir(command, out.path(), input.path()).code(0);
        assert_eq!(
            files_below(out.path()),
            ["a/b/c/two.sgf", "a/one.SGF", "top.sgf"],
            "{command}"
        );
        for rel in files_below(out.path()) {
            let printed = sgf()
                .arg(command)
                .arg(input.path().join(&rel))
                .output()
                .unwrap()
                .stdout;
            let written = fs::read(out.path().join(&rel)).unwrap();
            assert_eq!(written, printed, "{command} {rel}");
        }
    }
}

#[test]
fn split_writes_one_file_per_game_below_the_out_dir() {
    let input = nested();
    let out = TempDir::new().unwrap();
    to_out_dir("split", out.path(), input.path()).code(0);
    assert_eq!(
        files_below(out.path()),
        [
            "a/b/c/two-0000.sgf",
            "a/b/c/two-0001.sgf",
            "a/one-0000.sgf",
            "top-0000.sgf"
        ]
    );
    let originals =
        sgf_stream::parse_collection(fs::read(input.path().join("a/b/c/two.sgf")).unwrap())
            .unwrap();
    for (index, original) in originals.iter().enumerate() {
        let path = out.path().join(format!("a/b/c/two-{index:04}.sgf"));
        let games = sgf_stream::parse_collection(fs::read(&path).unwrap()).unwrap();
        assert_eq!(games.len(), 1, "{}", path.display());
        let game = &games[0];
        assert_eq!(game.get("CA").unwrap(), ["UTF-8"]);
        assert_eq!(game.get("C"), original.get("C"));
        assert_eq!(game.nodes().count(), original.nodes().count());
    }
}

#[test]
fn convert_to_shift_jis_and_back_gives_the_same_text() {
    use encoding_rs::SHIFT_JIS;
    let dir = TempDir::new().unwrap();
    // 表, ソ and 能 have 0x5C (`\`) as their second byte in Shift_JIS.
    let utf8 = "(;GM[1]FF[4]CA[UTF-8]PB[表ソ能]C[申し訳ない: 表現 \\] ok]\n;B[pd]C[ソフト])\n";
    let path = write(dir.path(), "g.sgf", utf8);
    let sjis = sgf()
        .args(["convert", "--to", "Shift_JIS"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(sjis.status.code(), Some(0));
    let declared = utf8.replace("CA[UTF-8]", "CA[Shift_JIS]");
    let (expected, _, unmappable) = SHIFT_JIS.encode(&declared);
    assert!(!unmappable);
    assert_eq!(sjis.stdout, expected.as_ref());
    // The library reads it back as the same game.
    let decoded = sgf_stream::read::DecodedInput::new(&sjis.stdout);
    assert_eq!(decoded.report().charset, sgf_stream::Charset::ShiftJis);
    let read = sgf_stream::parse_collection(decoded.text()).unwrap();
    assert_eq!(read[0].get("PB").unwrap(), ["表ソ能"]);
    // And back to UTF-8: the original text.
    let back_path = write(dir.path(), "back.sgf", &sjis.stdout);
    let back = sgf()
        .args(["convert", "--to", "UTF-8"])
        .arg(&back_path)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(back.stdout).unwrap(), utf8);
}

#[test]
fn convert_refuses_a_charset_it_cannot_write() {
    sgf()
        .args(["convert", "--to", "UTF-16LE", "x.sgf"])
        .assert()
        .code(2);
    sgf()
        .args(["convert", "--to", "no-such-charset", "x.sgf"])
        .assert()
        .code(2);
}

#[test]
fn fmt_and_mainline_declare_utf8_for_legacy_input_without_ca() {
    let dir = TempDir::new().unwrap();
    let text =
        "(;GM[1]PB[Jos\u{e9} \u{e9}t\u{e9} caf\u{e9} r\u{e9}sum\u{e9}];B[aa](;W[bb])(;W[cc]))";
    let latin1 = encoding_rs::WINDOWS_1252.encode(text).0;
    let path = write(dir.path(), "latin1.sgf", &latin1);
    for command in ["fmt", "mainline"] {
        let out = sgf().arg(command).arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{command}");
        let written = String::from_utf8(out.stdout).expect("UTF-8 output");
        let game = sgf_stream::parse(&written).unwrap();
        assert_eq!(game.get("CA").unwrap(), ["UTF-8"], "{command}: {written}");
        assert_eq!(
            game.get("PB").unwrap(),
            ["Jos\u{e9} \u{e9}t\u{e9} caf\u{e9} r\u{e9}sum\u{e9}"]
        );
    }
    // A UTF-8 file is left as it is: no CA added.
    let path = write(dir.path(), "utf8.sgf", "(;GM[1]PB[Ann];B[aa])");
    let out = sgf().arg("fmt").arg(&path).output().unwrap();
    assert_eq!(out.stdout, b"(;GM[1]PB[Ann];B[aa])\n");
}

#[test]
fn stats_with_no_path_needs_no_source_folder() {
    // The binary copied to a folder of its own, run from an empty folder.
    let install = TempDir::new().unwrap();
    let binary = install.path().join("sgf");
    fs::copy(assert_cmd::cargo::cargo_bin("sgf"), &binary).unwrap();
    let empty = TempDir::new().unwrap();
    let run = || {
        std::process::Command::new(&binary)
            .args(["--quiet", "stats", "--json"])
            .current_dir(empty.path())
            .output()
    };
    // A copy just written can be "busy" for a moment: a process another
    // test started meanwhile may hold it open until it runs its own
    // program.
    let mut out = run();
    for _ in 0..50 {
        match &out {
            Err(err) if err.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(20));
                out = run();
            }
            _ => break,
        }
    }
    let out = out.unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let data = common::workspace_root().join("tests/data");
    let files = common::sgf_files(&data);
    let games: usize = files
        .iter()
        .map(|f| {
            sgf_stream::parse_collection(fs::read(f).unwrap())
                .unwrap()
                .len()
        })
        .sum();
    assert_eq!(stats["files"], files.len());
    assert_eq!(stats["games"], games);
    assert_eq!(fs::read_dir(empty.path()).unwrap().count(), 0);
}

#[test]
fn gzipped_files_are_read_and_written_back_plain() {
    use std::io::Write;
    let dir = TempDir::new().unwrap();
    let text = "(;GM[1]C[one];B[aa])\n(;GM[1]C[two];B[bb])\n";
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(text.as_bytes()).unwrap();
    write(dir.path(), "in/sub/games.SGF.gz", gz.finish().unwrap());
    let json = sgf()
        .arg("json")
        .arg(dir.path().join("in"))
        .output()
        .unwrap();
    assert_eq!(json.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["game"], 1);
    let out = dir.path().join("out");
    to_out_dir("fmt", &out, &dir.path().join("in")).code(0);
    assert_eq!(files_below(&out), ["sub/games.SGF"]);
    assert_eq!(fs::read_to_string(out.join("sub/games.SGF")).unwrap(), text);
}

/// Tests run as root, where permission bits do not stop a write. So the
/// temporary file's place is taken by a directory: creating the temporary
/// file fails, as it would in a read-only directory.
#[test]
fn fmt_in_place_leaves_the_original_intact_when_the_new_file_cannot_be_created() {
    let dir = TempDir::new().unwrap();
    let original = "(;GM[1]   ;B[aa])";
    let path = write(dir.path(), "g.sgf", original);
    let blocker = dir.path().join(".g.sgf.sgf-tmp");
    fs::create_dir(&blocker).unwrap();
    let other = write(dir.path(), "h.sgf", "(;GM[1]   ;B[bb])");
    let out = sgf()
        .args(["fmt", "--in-place"])
        .args([&path, &other])
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains(&path.display().to_string()), "{stderr}");
    assert_eq!(fs::read_to_string(&path).unwrap(), original);
    assert!(blocker.is_dir(), "someone else's file is never replaced");
    assert_eq!(
        fs::read_to_string(&other).unwrap(),
        "(;GM[1];B[bb])\n",
        "the job went on"
    );
}

/// Writing fails half-way: the file size limit is 0 (`ulimit -f 0`, with
/// SIGXFSZ ignored so the write returns an error, as on a full disk).
#[test]
fn fmt_in_place_leaves_the_original_intact_when_writing_fails_half_way() {
    let dir = TempDir::new().unwrap();
    let original = "(;GM[1]   ;B[aa])";
    let path = write(dir.path(), "g.sgf", original);
    let bin = assert_cmd::cargo::cargo_bin("sgf");
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("trap '' XFSZ; ulimit -f 0 && exec \"$0\" \"$@\"")
        .arg(&bin)
        .args(["--quiet", "fmt", "--in-place"])
        .arg(&path);
    let out = cmd.assert().code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert_eq!(fs::read_to_string(&path).unwrap(), original);
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["g.sgf"], "the temporary file is removed");
}

#[test]
fn in_place_needs_plain_files() {
    sgf()
        .args(["fmt", "--in-place", "-"])
        .write_stdin("(;GM[1];B[aa])")
        .assert()
        .code(2)
        .stdout("");
}

/// A game the lenient reader gives up (a value that never closes, with a
/// game after it; an identifier over the limit right after a text
/// property, which the reader holds back a step) is no game for the
/// subcommands that hand games on: not a line of `json`, not listed by
/// `select`, not split into a file, not indexed; the games around it
/// are, each once.
#[test]
fn a_game_the_reader_gives_up_is_handed_on_by_no_subcommand() {
    // No `]` after the value that never closes: the last game has none.
    given_up_by_every_subcommand(
        "(;GM[1]CA[UTF-8];B[aa])\n(;GM[1];B[bb];W[cc]C[never closed\n(;;;)\n",
    );
    let ident = "X".repeat(65);
    given_up_by_every_subcommand(&format!(
        "(;GM[1]CA[UTF-8];B[aa])\n(;GM[1];B[bb];W[cc]C[held]{ident}[x];B[dd])\n(;;;)\n"
    ));
}

fn given_up_by_every_subcommand(input: &str) {
    let dir = TempDir::new().unwrap();
    let path = write(dir.path(), "given-up.sgf", input);
    let output = sgf().arg("json").arg(&path).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let shapes: Vec<(usize, u64)> = stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect(line))
        .map(|game| {
            (
                game["moves"].as_array().unwrap().len(),
                game["nodes"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(shapes, [(1, 2), (0, 3)], "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("given-up.sgf:2:1: error: skipped a game tree"),
        "{stderr}"
    );
    assert_eq!(output.status.code(), Some(1));

    let listed = cli::stdout_of(sgf().args(["select", "--list"]).arg(&path));
    let name = path.display();
    assert_eq!(listed, format!("{name}:0\n{name}:1\n"));

    let out = dir.path().join("split");
    to_out_dir("split", &out, &path).code(1);
    let games: Vec<String> = files_below(&out)
        .iter()
        .map(|file| fs::read_to_string(out.join(file)).unwrap())
        .collect();
    assert_eq!(games.len(), 2, "{games:?}");
    // Each in UTF-8, saying so in its root.
    assert_eq!(games, ["(;GM[1]CA[UTF-8];B[aa])\n", "(;CA[UTF-8];;)\n"]);

    let stats = cli::stdout_of(sgf().args(["stats", "--json"]).arg(&path));
    let stats: serde_json::Value = serde_json::from_str(&stats).unwrap();
    let counts = [&stats["games"], &stats["nodes"], &stats["moves"]];
    assert_eq!(counts, [2, 5, 1], "{stats}");

    let index = dir.path().join("games.idx");
    let printed = Command::cargo_bin("sgf")
        .unwrap()
        .arg("index")
        .arg("-o")
        .arg(&index)
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8(printed.stderr).unwrap();
    assert!(said.contains("2 games indexed"), "{said}");
}
