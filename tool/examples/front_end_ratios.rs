//! The `sgf` tool's speed against the library's reader, in one run: each
//! subcommand with `--jobs 1` and `--jobs 2` over the same input, the
//! reader's event pass over it on this thread, in interleaved rounds.
//!
//! ```text
//! cargo build --release -p sgf-tool --features cli
//! cargo run --release -p sgf-tool --features cli --example front_end_ratios -- PATH [ROUNDS] [COMMANDS]
//! ```
//!
//! PATH is a file or a folder (every `.sgf` below it, for the reader).
//! COMMANDS, comma-separated, picks subcommands (default: all five).
//! Each workload's median wall-clock time over the rounds (default 5) is
//! turned into MB/s of input and into a ratio against the reader's
//! median; goals are stated as such ratios (the issue's MB/s goals over
//! the reader's 890 MB/s), and `--jobs 2` against `--jobs 1`. A second
//! table takes each workload's best round instead: on a machine shared
//! with other work, the closest to its undisturbed speed. On Linux
//! the CPU time of each run is shown too (the child's user and system
//! time, the reader thread's time on a CPU): on a loaded machine it
//! varies less than the wall clock. `SGF=PATH` times another `sgf`
//! binary, and `SGF=BEFORE:AFTER` two of them, round by round (an older
//! build and a newer one: a before-and-after in one run). A last table
//! gives `--jobs 2` against `--jobs 1` round by round (the two run one
//! after the other in each round): its median and quartiles, and beside
//! it what the machine's two cores gave in the same round, two
//! `--jobs 1` runs started together (twice the work in their time,
//! against one run's): the most `--jobs 2` could reach there.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use sgf_stream::Reader;

/// A subcommand, its extra arguments, and its goal as a share of the
/// reader's speed with `--jobs 1` (`stats` on many small files has a goal
/// of its own, 100 MB/s).
const COMMANDS: &[(&str, &[&str], f64)] = &[
    ("stats", &[], 300.0 / 890.0),
    ("check", &[], 250.0 / 890.0),
    ("json", &[], 150.0 / 890.0),
    ("fmt", &[], 250.0 / 890.0),
    ("mainline", &[], 200.0 / 890.0),
];

/// The goal of `stats` over a folder of small files, as a share of the
/// reader's speed.
const SMALL_FILES_GOAL: f64 = 100.0 / 890.0;

/// One run's times, in seconds: wall clock, and CPU when known.
#[derive(Debug, Clone, Copy)]
struct Time {
    wall: f64,
    cpu: Option<f64>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next().map(PathBuf::from) else {
        eprintln!("usage: front_end_ratios PATH [ROUNDS] [COMMANDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let picked: Option<Vec<String>> = args
        .next()
        .map(|list| list.split(',').map(str::to_string).collect());
    let commands: Vec<_> = COMMANDS
        .iter()
        .filter(|(name, _, _)| {
            picked
                .as_ref()
                .map_or(true, |p| p.iter().any(|n| n == name))
        })
        .collect();
    let binaries = sgf_binaries();
    let files = sgf_files(&path);
    let bytes: u64 = files
        .iter()
        .map(|f| f.metadata().map_or(0, |m| m.len()))
        .sum();
    let mut times: Vec<(String, Vec<Time>)> = Vec::new();
    let mut record = |name: String, time: Time| match times.iter_mut().find(|(n, _)| *n == name) {
        Some((_, list)) => list.push(time),
        None => times.push((name, vec![time])),
    };
    for _ in 0..rounds {
        record("reader".into(), time_reader(&files));
        for (tag, sgf) in &binaries {
            for (command, extra, _) in &commands {
                for jobs in [1, 2] {
                    let time = time_command(sgf, command, extra, (jobs, 1), &path);
                    record(format!("{command} -j{jobs}{tag}"), time);
                }
                let time = time_command(sgf, command, extra, (1, 2), &path);
                record(format!("{command} 2x-j1{tag}"), time);
            }
        }
    }
    let mb = bytes as f64 / 1e6;
    println!(
        "{} ({:.1} MB, {} files), {rounds} rounds",
        path.display(),
        mb,
        files.len(),
    );
    for (tag, sgf) in &binaries {
        println!("sgf{tag}: {}", sgf.display());
    }
    let many_files = files.len() > 100;
    for (title, best) in [("medians", false), ("best of the rounds", true)] {
        println!("\n{title}");
        let pick = |name: &str, cpu: bool| {
            let list = &times.iter().find(|(n, _)| n == name).unwrap().1;
            let mut list: Vec<f64> = match cpu {
                false => list.iter().map(|t| t.wall).collect(),
                true => list.iter().filter_map(|t| t.cpu).collect(),
            };
            list.sort_by(f64::total_cmp);
            match best {
                true => list.first().copied(),
                false => list.get(list.len() / 2).copied(),
            }
        };
        table(&pick, mb, &commands, &binaries, many_files);
    }
    paired(&times, &commands, &binaries);
    println!(
        "\ngoals: x reader with -j1 (stats {:.3}, check {:.3}, json {:.3}, fmt {:.3}, \
         mainline {:.3}; stats on many small files {:.3}); -j2 / -j1 at least 1.7",
        COMMANDS[0].2, COMMANDS[1].2, COMMANDS[2].2, COMMANDS[3].2, COMMANDS[4].2, SMALL_FILES_GOAL
    );
}

/// `--jobs 2` against `--jobs 1` round by round: each round runs the
/// two one after the other, so their ratio is less moved by load that
/// comes and goes than a ratio of medians taken over all rounds.
fn paired(
    times: &[(String, Vec<Time>)],
    commands: &[&(&str, &[&str], f64)],
    binaries: &[(String, PathBuf)],
) {
    let walls = |name: &str| -> Vec<f64> {
        let list = &times.iter().find(|(n, _)| n == name).unwrap().1;
        list.iter().map(|t| t.wall).collect()
    };
    println!(
        "\n-j2 / -j1 in each round (wall clock), and what two cores gave in the same \
         round: two -j1 runs at once (2 x -j1 / their time)"
    );
    println!(
        "{:<17} {:>9} {:>9} {:>9}   {:>13}   {:>10} {:>12}",
        "workload", "quartile", "median", "quartile", "rounds >= 1.7", "two cores", "-j2 / that"
    );
    let median = |mut list: Vec<f64>| {
        list.sort_by(f64::total_cmp);
        list[list.len() / 2]
    };
    for (tag, _) in binaries {
        for (command, _, _) in commands {
            let [one, two, both] =
                ["-j1", "-j2", "2x-j1"].map(|run| walls(&format!("{command} {run}{tag}")));
            let mut ratios: Vec<f64> = one.iter().zip(&two).map(|(one, two)| one / two).collect();
            let cores: Vec<f64> = one
                .iter()
                .zip(&both)
                .map(|(one, both)| 2.0 * one / both)
                .collect();
            let share: Vec<f64> = ratios.iter().zip(&cores).map(|(r, c)| r / c).collect();
            ratios.sort_by(f64::total_cmp);
            let at = |share: f64| ratios[((ratios.len() - 1) as f64 * share).round() as usize];
            let met = ratios.iter().filter(|r| **r >= 1.7).count();
            println!(
                "{:<17} {:>9.2} {:>9.2} {:>9.2}   {:>7} of {:<3}   {:>10.2} {:>12.2}",
                format!("{command}{tag}"),
                at(0.25),
                at(0.5),
                at(0.75),
                met,
                ratios.len(),
                median(cores),
                median(share),
            );
        }
    }
}

/// One table: each workload's MB/s and ratio to the reader, from its
/// time as `pick` takes it (wall clock, or CPU).
fn table(
    pick: &dyn Fn(&str, bool) -> Option<f64>,
    mb: f64,
    commands: &[&(&str, &[&str], f64)],
    binaries: &[(String, PathBuf)],
    many_files: bool,
) {
    let reader = pick("reader", false).unwrap();
    let reader_cpu = pick("reader", true);
    println!(
        "{:<17} {:>7} {:>9} {:>7}   {:>8} {:>9}   {:>9}",
        "workload", "MB/s", "x reader", "/ goal", "CPU MB/s", "x reader", "-j2 / -j1"
    );
    let cpu_cells = |cpu: Option<f64>| match (cpu, reader_cpu) {
        (Some(cpu), Some(reader_cpu)) => format!("{:>8.0} {:>9.3}", mb / cpu, reader_cpu / cpu),
        _ => format!("{:>8} {:>9}", "-", "-"),
    };
    println!(
        "{:<17} {:>7.0} {:>9.2} {:>7}   {}",
        "reader",
        mb / reader,
        1.0,
        "",
        cpu_cells(reader_cpu)
    );
    for (tag, _) in binaries {
        for (command, _, goal) in commands {
            let goal = match (*command, many_files) {
                ("stats", true) => SMALL_FILES_GOAL,
                _ => *goal,
            };
            let [one, two] = [1, 2].map(|jobs| format!("{command} -j{jobs}{tag}"));
            let (one_time, two_time) = (pick(&one, false).unwrap(), pick(&two, false).unwrap());
            println!(
                "{one:<17} {:>7.0} {:>9.3} {:>7.2}   {}   {:>9.2}",
                mb / one_time,
                reader / one_time,
                reader / one_time / goal,
                cpu_cells(pick(&one, true)),
                one_time / two_time
            );
            println!(
                "{two:<17} {:>7.0} {:>9.3} {:>7}   {}",
                mb / two_time,
                reader / two_time,
                "",
                cpu_cells(pick(&two, true)),
            );
        }
    }
}

/// The `sgf` binaries to time, each with the tag its rows carry: those
/// named by `SGF` (separated by `:`, tagged ` #1`, ` #2`, ... when more
/// than one), else the one beside this example's.
fn sgf_binaries() -> Vec<(String, PathBuf)> {
    if let Some(list) = std::env::var_os("SGF") {
        let paths: Vec<PathBuf> = std::env::split_paths(&list).collect();
        let tag = |i: usize| match paths.len() {
            1 => String::new(),
            _ => format!(" #{}", i + 1),
        };
        return paths
            .iter()
            .enumerate()
            .map(|(i, p)| (tag(i), p.clone()))
            .collect();
    }
    let exe = std::env::current_exe().expect("the example's path");
    let dir = exe.parent().and_then(Path::parent).expect("target/release");
    let sgf = dir.join("sgf");
    assert!(
        sgf.exists(),
        "{} is missing: cargo build --release -p sgf-tool --features cli",
        sgf.display()
    );
    vec![(String::new(), sgf)]
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
fn time_reader(files: &[PathBuf]) -> Time {
    let cpu = thread_cpu();
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
    Time {
        wall: started.elapsed().as_secs_f64(),
        cpu: cpu.zip(thread_cpu()).map(|(before, after)| after - before),
    }
}

/// The time `copies` runs of `sgf --jobs JOBS COMMAND PATH`, started
/// together, take to end.
fn time_command(
    sgf: &Path,
    command: &str,
    extra: &[&str],
    (jobs, copies): (u32, usize),
    path: &Path,
) -> Time {
    let cpu = children_cpu();
    let started = Instant::now();
    let children: Vec<_> = (0..copies)
        .map(|_| {
            Command::new(sgf)
                .args(["--quiet", "--jobs", &jobs.to_string(), command])
                .args(extra)
                .arg(path)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("sgf runs")
        })
        .collect();
    for mut child in children {
        let status = child.wait().expect("sgf runs");
        // Exit status 1 means errors were found in the input: the run
        // is still complete.
        assert!(
            status.code().is_some_and(|code| code <= 1),
            "sgf {command} failed"
        );
    }
    let wall = started.elapsed().as_secs_f64();
    Time {
        wall,
        cpu: cpu
            .zip(children_cpu())
            .map(|(before, after)| after - before),
    }
}

/// The user and system CPU seconds of this process's children that
/// have ended (Linux: `/proc/self/stat`, in ticks of 10 ms).
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command's name, which ends with the last `)`:
    // the state is field 3, cutime and cstime are fields 16 and 17.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(13)?.parse::<f64>().ok()? + fields.get(14)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// The seconds this thread has spent on a CPU (Linux:
/// `/proc/thread-self/schedstat`, in nanoseconds).
fn thread_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}
