//! The `sgf` tool's speed against the library's reader, in one run: each
//! subcommand with `--jobs 1` and `--jobs 2` over the same input, the
//! reader's event pass over it on this thread, in interleaved rounds.
//!
//! ```text
//! cargo build --release -p sgf-tool --features cli
//! cargo run --release -p sgf-tool --features cli --example front_end_ratios -- PATH [ROUNDS]
//! ```
//!
//! PATH is a file or a folder (every `.sgf` below it, for the reader).
//! Each workload's median wall-clock time over the rounds (default 5) is
//! turned into MB/s of input and into a ratio against the reader's
//! median; goals are stated as such ratios (the issue's MB/s goals over
//! the reader's 890 MB/s), and `--jobs 2` against `--jobs 1`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sgf_stream::Reader;

/// A subcommand, its extra arguments, and its goal as a share of the
/// reader's speed with `--jobs 1`.
const COMMANDS: &[(&str, &[&str], f64)] = &[
    ("stats", &[], 300.0 / 890.0),
    ("check", &[], 250.0 / 890.0),
    ("json", &[], 150.0 / 890.0),
    ("fmt", &[], 250.0 / 890.0),
    ("mainline", &[], 200.0 / 890.0),
];

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next().map(PathBuf::from) else {
        eprintln!("usage: front_end_ratios PATH [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let sgf = sgf_binary();
    let files = sgf_files(&path);
    let bytes: u64 = files
        .iter()
        .map(|f| f.metadata().map_or(0, |m| m.len()))
        .sum();
    let mut times: Vec<(String, Vec<Duration>)> = Vec::new();
    let mut record = |name: String, time: Duration| match times.iter_mut().find(|(n, _)| *n == name)
    {
        Some((_, list)) => list.push(time),
        None => times.push((name, vec![time])),
    };
    for _ in 0..rounds {
        record("reader".into(), time_reader(&files));
        for (command, extra, _) in COMMANDS {
            for jobs in [1, 2] {
                let time = time_command(&sgf, command, extra, jobs, &path);
                record(format!("{command} -j{jobs}"), time);
            }
        }
    }
    let median = |name: &str| {
        let mut list = times.iter().find(|(n, _)| n == name).unwrap().1.clone();
        list.sort();
        list[list.len() / 2].as_secs_f64()
    };
    let mb = bytes as f64 / 1e6;
    let reader = median("reader");
    println!(
        "{} ({:.1} MB, {} files), {rounds} rounds, medians",
        path.display(),
        mb,
        files.len()
    );
    println!(
        "{:<14} {:>9} {:>10} {:>8}   {:>10}",
        "workload", "MB/s", "x reader", "goal", "-j2 / -j1"
    );
    println!("{:<14} {:>9.0} {:>10.2}", "reader", mb / reader, 1.0);
    for (command, _, goal) in COMMANDS {
        let one = median(&format!("{command} -j1"));
        let two = median(&format!("{command} -j2"));
        println!(
            "{:<14} {:>9.0} {:>10.3} {:>8.3}   {:>10.2}",
            format!("{command} -j1"),
            mb / one,
            reader / one,
            goal,
            one / two
        );
        println!(
            "{:<14} {:>9.0} {:>10.3}",
            format!("{command} -j2"),
            mb / two,
            reader / two
        );
    }
}

/// The `sgf` binary beside this example's.
fn sgf_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the example's path");
    let dir = exe.parent().and_then(Path::parent).expect("target/release");
    let sgf = dir.join("sgf");
    assert!(
        sgf.exists(),
        "{} is missing: cargo build --release -p sgf-tool --features cli",
        sgf.display()
    );
    sgf
}

/// `path` itself, or every `.sgf` file below it, sorted.
fn sgf_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The reader's event pass over every file, as a stream, on this thread.
fn time_reader(files: &[PathBuf]) -> Duration {
    let started = Instant::now();
    let mut events = 0u64;
    for file in files {
        let file = std::fs::File::open(file).expect("a readable file");
        let mut reader = Reader::from_reader(file);
        while let Ok(Some(_)) = reader.next_event() {
            events += 1;
        }
    }
    assert!(events > 0, "no events read");
    started.elapsed()
}

fn time_command(sgf: &Path, command: &str, extra: &[&str], jobs: u32, path: &Path) -> Duration {
    let started = Instant::now();
    let status = Command::new(sgf)
        .args(["--quiet", "--jobs", &jobs.to_string(), command])
        .args(extra)
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("sgf runs");
    // Exit status 1 means errors were found in the input: the run is
    // still complete.
    assert!(
        status.code().is_some_and(|code| code <= 1),
        "sgf {command} failed"
    );
    started.elapsed()
}
