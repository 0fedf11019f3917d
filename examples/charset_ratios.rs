//! Throughput of the charset stage against peers in the same run: the
//! stage reading generated Shift_JIS games against `encoding_rs` decoding
//! all the bytes in one call and the slice parser reading the result (in
//! memory as large as the input, with no offsets back to it), and the
//! stage over UTF-8 against the plain reader (no stage).
//!
//! ```text
//! cargo run --release --example charset_ratios [-- ROUNDS]
//! ```
//!
//! Each round runs every workload once in turn for at least 50 ms; the
//! median MB/s (of input bytes) over the rounds is printed, then the
//! ratios.

#[path = "../tests/common/generate.rs"]
mod generate;

use std::hint::black_box;
use std::time::{Duration, Instant};

use sgf_stream::read::decode_to_utf8;
use sgf_stream::read::Reader;

/// Runs `run` for at least 50 ms; its speed in MB/s over `bytes`.
fn speed(bytes: usize, run: &dyn Fn() -> usize) -> f64 {
    let start = Instant::now();
    let mut runs = 0u32;
    while start.elapsed() < Duration::from_millis(50) || runs == 0 {
        black_box(run());
        runs += 1;
    }
    (bytes as f64 * f64::from(runs)) / start.elapsed().as_secs_f64() / 1e6
}

/// How many times `next` says an event came.
fn count(mut next: impl FnMut() -> bool) -> usize {
    let mut n = 0;
    while next() {
        n += 1;
    }
    n
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(9);
    let utf8 = generate::collection(3, 400);
    let text = String::from_utf8(utf8.clone()).expect("generated UTF-8");
    let declared = text.replace("CA[UTF-8]", "CA[Shift_JIS]");
    let sjis = encoding_rs::SHIFT_JIS.encode(&declared).0.into_owned();
    let (utf8, sjis) = (&utf8[..], &sjis[..]);

    type Run<'a> = Box<dyn Fn() -> usize + 'a>;
    let workloads: Vec<(&str, usize, Run<'_>)> = vec![
        (
            "Shift_JIS: encoding_rs decode",
            sjis.len(),
            Box::new(|| {
                let (text, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(sjis);
                text.len()
            }),
        ),
        (
            "Shift_JIS: decode all, then parse",
            sjis.len(),
            Box::new(|| {
                let (text, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(sjis);
                sgf_stream::Parser::new(text.as_bytes()).count()
            }),
        ),
        (
            "Shift_JIS: stage events",
            sjis.len(),
            Box::new(|| {
                let mut reader = Reader::from_reader_decoded(sjis);
                count(|| matches!(reader.next_event(), Ok(Some(_))))
            }),
        ),
        (
            "Shift_JIS: decode_to_utf8",
            sjis.len(),
            Box::new(|| decode_to_utf8(sjis).0.len()),
        ),
        (
            "UTF-8: reader events",
            utf8.len(),
            Box::new(|| {
                let mut reader = Reader::from_reader(utf8);
                count(|| matches!(reader.next_event(), Ok(Some(_))))
            }),
        ),
        (
            "UTF-8: stage events",
            utf8.len(),
            Box::new(|| {
                let mut reader = Reader::from_reader_decoded(utf8);
                count(|| matches!(reader.next_event(), Ok(Some(_))))
            }),
        ),
        (
            "UTF-8: decode_to_utf8",
            utf8.len(),
            Box::new(|| decode_to_utf8(utf8).0.len()),
        ),
    ];
    let mut speeds = vec![Vec::new(); workloads.len()];
    for _ in 0..rounds {
        for (i, (_, bytes, run)) in workloads.iter().enumerate() {
            speeds[i].push(speed(*bytes, run.as_ref()));
        }
    }
    let median: Vec<f64> = speeds
        .iter_mut()
        .map(|s| {
            s.sort_by(f64::total_cmp);
            s[s.len() / 2]
        })
        .collect();
    println!(
        "{} KB of Shift_JIS, {} KB of UTF-8, median of {rounds} rounds",
        sjis.len() >> 10,
        utf8.len() >> 10
    );
    for ((name, _, _), mbs) in workloads.iter().zip(&median) {
        println!("{name:32} {mbs:8.1} MB/s");
    }
    println!(
        "stage events / decode all, then parse (Shift_JIS): {:.2}",
        median[2] / median[1]
    );
    println!(
        "stage events / reader events (UTF-8):              {:.2}",
        median[5] / median[4]
    );
}
