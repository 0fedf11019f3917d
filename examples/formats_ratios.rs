//! Reading speed of GIB, NGF and UGF records against SGF files of the
//! same games: each record of `../shared/formats` (or the folder given)
//! is converted once to SGF; then, in interleaved rounds, the SGF text is
//! read into trees (`ReaderBuilder::read_collection`, charset stage
//! included) and the record is read into trees
//! (`formats::read_collection`: decoding, conversion, the same read).
//! Prints the median time per file of each, their ratio, and the time
//! of the conversion alone (`formats::to_sgf`).
//!
//! ```text
//! cargo run --release --example formats_ratios [-- FOLDER [ROUNDS]]
//! ```

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sgf_stream::formats::{self, Format};
use sgf_stream::ReaderBuilder;

/// Microseconds per call of `run`, over at least 20 ms.
fn per_call(run: &dyn Fn() -> usize) -> f64 {
    let start = Instant::now();
    let mut calls = 0u32;
    while start.elapsed() < Duration::from_millis(20) {
        black_box(run());
        calls += 1;
    }
    start.elapsed().as_secs_f64() * 1e6 / f64::from(calls)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let folder = args.next().map(PathBuf::from).unwrap_or_else(|| {
        let shared = std::env::var_os("SGF_SHARED")
            .map_or_else(|| PathBuf::from("../shared"), PathBuf::from);
        shared.join("formats")
    });
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(15);
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&folder) {
        Ok(entries) => entries
            .filter_map(|entry| Some(entry.ok()?.path()))
            .collect(),
        Err(err) => {
            eprintln!("{}: {err}", folder.display());
            return;
        }
    };
    files.sort();
    println!(
        "{:<46} {:>6} {:>6} {:>9} {:>9} {:>6}",
        "record", "bytes", "sgf", "sgf µs", "record µs", "ratio"
    );
    let (mut sgf_total, mut record_total) = (0.0, 0.0);
    for path in files {
        let bytes = std::fs::read(&path).expect("readable file");
        let format = formats::detect(Some(&path), &bytes);
        if format == Format::Sgf {
            continue;
        }
        let sgf = formats::to_sgf(format, &bytes)
            .expect("a record")
            .into_sgf();
        let read_sgf = || {
            ReaderBuilder::new()
                .read_collection(sgf.as_bytes())
                .unwrap()
                .trees
                .len()
        };
        let read_record = || {
            formats::read_collection(ReaderBuilder::new(), format, &bytes)
                .unwrap()
                .trees
                .len()
        };
        let convert = || formats::to_sgf(format, &bytes).unwrap().sgf().len();
        let (mut sgf_times, mut record_times, mut convert_times) =
            (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            sgf_times.push(per_call(&read_sgf));
            record_times.push(per_call(&read_record));
            convert_times.push(per_call(&convert));
        }
        let (sgf_us, record_us) = (median(sgf_times), median(record_times));
        let convert_us = median(convert_times);
        sgf_total += sgf_us;
        record_total += record_us;
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        println!(
            "{name:<46} {:>6} {:>6} {sgf_us:>9.1} {record_us:>9.1} {:>5.2}x {convert_us:>10.1}",
            bytes.len(),
            sgf.len(),
            record_us / sgf_us
        );
    }
    println!(
        "{:<46} {:>6} {:>6} {sgf_total:>9.1} {record_total:>9.1} {:>5.2}x",
        "all",
        "",
        "",
        record_total / sgf_total
    );
}
