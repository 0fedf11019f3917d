//! The `sgf` tool on large inputs: output identical for any `--jobs`
//! on one big file (cut into batches read in parallel) and on many
//! files, and memory bounded whatever the input's size.
#![cfg(feature = "cli")]

#[path = "support/cli.rs"]
mod cli;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::time::Duration;

use cli::sgf;
use serde_json::json;
use tempfile::TempDir;

/// What `sgf ARGS PATH --jobs JOBS` prints on standard output and
/// standard error, and its exit status.
fn run(args: &[&str], path: &Path, jobs: u32) -> (Vec<u8>, String, Option<i32>) {
    let out = sgf()
        .args(args)
        .arg("--jobs")
        .arg(jobs.to_string())
        .arg(path)
        .output()
        .unwrap();
    let mut stdout = out.stdout;
    if args[0] == "stats" {
        // Leave out the fields that measure time.
        let mut stats: serde_json::Value = serde_json::from_slice(&stdout).unwrap();
        let object = stats.as_object_mut().unwrap();
        assert!(object.remove("seconds").is_some() && object.remove("mb_per_s").is_some());
        stdout = stats.to_string().into_bytes();
    }
    let stderr = String::from_utf8(out.stderr).unwrap();
    (stdout, stderr, out.status.code())
}

/// The games of each part of [`big_collection`].
const PART: usize = 120;

/// A collection of a few MiB (several batches), with damage the lenient
/// reader repairs, a game in Latin-1, and a value cut at the end.
fn big_collection() -> Vec<u8> {
    let mut out = Vec::new();
    for part in 0..6 {
        out.extend(common::generate::collection(part, PART));
        match part {
            1 => out.extend_from_slice(b")\n"),
            2 => out.extend_from_slice(b"junk between games ))\n(;GM[1](B[aa]))\n"),
            3 => out.extend_from_slice(
                b"(;GM[1]SZ[9]PB[Jos\xe9 \xe9t\xe9 caf\xe9 r\xe9sum\xe9];B[jj])\n",
            ),
            5 => out.extend_from_slice(b"(;GM[1];C[cut at the end"),
            _ => {}
        }
    }
    out
}

#[test]
fn one_big_file_gives_the_same_output_for_any_number_of_jobs() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("big.sgf");
    let input = big_collection();
    assert!(input.len() > 3 << 20, "several batches: {}", input.len());
    std::fs::write(&path, &input).unwrap();
    let commands: &[&[&str]] = &[
        &["check"],
        &["check", "--strict"],
        &["stats", "--json"],
        &["json"],
        &["fmt"],
        &["mainline"],
        &["convert"],
    ];
    for args in commands {
        let one = run(args, &path, 1);
        assert!(!one.0.is_empty(), "{args:?}");
        for jobs in [2, 4] {
            let many = run(args, &path, jobs);
            assert!(one == many, "{args:?} with {jobs} jobs differs");
        }
    }
    // The damage is found, at the same places each time.
    let (checked, _, status) = run(&["check"], &path, 4);
    let checked = String::from_utf8(checked).unwrap();
    assert_eq!(status, Some(1));
    for problem in [
        "warning: skipped `)` that closes no game tree",
        "error: skipped text that is not SGF",
        "warning: `(` not followed by `;`",
        "note: guessed-charset: no CA: read as windows-1252",
        "error: off-board",
        "error: value never closed",
    ] {
        assert!(checked.contains(problem), "{problem}: {checked}");
    }
    // Every game is in the JSON: the generated ones and the three added.
    let (json, _, _) = run(&["json"], &path, 2);
    let lines = json.split(|&b| b == b'\n').filter(|l| !l.is_empty());
    assert_eq!(lines.count(), 6 * PART + 3);
}

#[test]
fn many_files_give_the_same_output_for_any_number_of_jobs() {
    let Some(corpus) = common::shared("corpus") else {
        return;
    };
    for args in [&["check"][..], &["json"][..]] {
        let one = run(args, &corpus, 1);
        assert!(!one.0.is_empty());
        assert!(run(args, &corpus, 2) == one, "{args:?}");
        assert!(run(args, &corpus, 4) == one, "{args:?}");
    }
}

/// The peak resident memory of process `pid` so far, from Linux's
/// `/proc` (`VmHWM`); `None` once it has ended, or elsewhere.
fn peak_of(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Streams `bytes` of generated games into `sgf ARGS -` and returns the
/// most memory the process held, as Linux reports it (`None`
/// elsewhere), and how many bytes it was given.
fn peak_streaming(args: &[&str], bytes: u64) -> Option<(u64, u64)> {
    let games = common::generate::GameReader::new(7, bytes);
    let (peak, sent, _, status) = peak_reading(args, games)?;
    assert!(status.success(), "{args:?}");
    Some((peak, sent))
}

/// Streams what `input` reads into `sgf ARGS -` and returns the most
/// memory the process held, as Linux reports it (`None` elsewhere), how
/// many bytes it was given, what it printed (standard output, then
/// standard error) and its exit status.
fn peak_reading(
    args: &[&str],
    mut input: impl Read + Send + 'static,
) -> Option<(u64, u64, String, std::process::ExitStatus)> {
    peak_of(std::process::id())?;
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("sgf"))
        .args(args)
        .args(["--jobs", "2", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let drain = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            from.read_to_string(&mut text).unwrap();
            text
        })
    };
    let output = drain(Box::new(child.stdout.take().unwrap()));
    let errors = drain(Box::new(child.stderr.take().unwrap()));
    let feeder = std::thread::spawn(move || {
        let mut buf = vec![0; 64 << 10];
        let mut sent = 0;
        loop {
            let read = input.read(&mut buf).unwrap();
            if read == 0 || stdin.write_all(&buf[..read]).is_err() {
                return sent;
            }
            sent += read as u64;
        }
    });
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        peak = peak.max(peak_of(pid).unwrap_or(0));
        std::thread::sleep(Duration::from_millis(5));
    }
    let sent = feeder.join().unwrap();
    let status = child.wait().unwrap();
    let printed = output.join().unwrap() + &errors.join().unwrap();
    Some((peak, sent, printed, status))
}

/// A game whose one value is far over the value limit (64 MiB by
/// default) is skipped in memory bounded by that limit, with an error
/// placed in its input, and the game after it is read.
#[test]
fn a_game_with_a_value_over_the_limit_is_skipped_in_bounded_memory() {
    const VALUE: u64 = 200 << 20;
    const BOUND: u64 = 128 << 20;
    let head = &b"(;GM[1];B[dd])\n(;GM[1]C["[..];
    let tail = &b"])\n(;GM[1];B[aa];W[bb])\n"[..];
    for args in [&["check"][..], &["stats", "--json"][..], &["json"][..]] {
        let value = std::io::repeat(b'a').take(VALUE);
        let input = head.chain(value).chain(tail);
        let Some((peak, sent, printed, status)) = peak_reading(args, input) else {
            eprintln!("note: no /proc here; skipping this test");
            return;
        };
        eprintln!("{args:?}: {sent} bytes in, peak {peak} bytes");
        assert!(sent >= VALUE, "{args:?} read all the input");
        assert!(peak > 0 && peak < BOUND, "{args:?}: peak {peak} bytes");
        if args[0] == "check" {
            // The skipped game is an error at its value, on line 2.
            assert!(printed.contains("<stdin>:2:"), "{printed}");
            assert!(printed.contains("longer than the limit"), "{printed}");
        } else if args[0] == "json" {
            // One line for each game read; the skipped one is no line.
            let games: Vec<serde_json::Value> = printed
                .lines()
                .filter(|line| line.starts_with('{'))
                .map(|line| serde_json::from_str(line).unwrap())
                .collect();
            let moves: Vec<_> = games.iter().map(|game| game["moves"].clone()).collect();
            let first = json!([{"color": "B", "point": [3, 3]}]);
            let last = json!([{"color": "B", "point": [0, 0]}, {"color": "W", "point": [1, 1]}]);
            assert_eq!(moves, [first, last], "{printed}");
            assert!(printed.contains("longer than the limit"), "{printed}");
        } else {
            let stats: serde_json::Value = serde_json::from_str(&printed).unwrap();
            assert_eq!(stats["errors"], 1, "{printed}");
            // The games before and after it, and their moves only.
            assert_eq!(stats["games"], 2, "{printed}");
            assert_eq!(stats["nodes"], 5, "{printed}");
            assert_eq!(stats["moves"], 3, "{printed}");
        }
        assert_eq!(status.code(), Some(1), "{args:?}");
    }
}

/// 128 MiB of games through `check` and `json` in under 64 MiB.
#[test]
fn a_large_input_is_streamed_in_bounded_memory() {
    const INPUT: u64 = 128 << 20;
    const BOUND: u64 = 64 << 20;
    for args in [&["check"][..], &["json"][..]] {
        let Some((peak, sent)) = peak_streaming(args, INPUT) else {
            eprintln!("note: no /proc here; skipping this test");
            return;
        };
        assert!(sent >= INPUT, "{args:?} read all the input");
        eprintln!("{args:?}: {sent} bytes in, peak {peak} bytes");
        assert!(peak > 0 && peak < BOUND, "{args:?}: peak {peak} bytes");
    }
}
