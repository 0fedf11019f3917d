//! Throughput of the charset stage against peers in the same run: the
//! stage reading generated Shift_JIS games against `encoding_rs` decoding
//! all the bytes in one call and the slice parser reading the result (in
//! memory as large as the input, with no offsets back to it), the stage
//! over UTF-8 against the plain reader (no stage), and the lenient stage
//! over games that need repairs (a mail header before each, junk in its
//! root node) against the same games without them: in Shift_JIS, and in
//! four charsets in turn (Shift_JIS, GB18030, Big5, EUC-KR), long games
//! and 50-move ones.
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

use encoding_rs::Encoding;
use sgf_stream::read::decode_to_utf8;
use sgf_stream::read::Reader;
use sgf_stream::ReaderBuilder;

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

/// The four charsets of the mixed collections, with their `CA` labels.
const CHARSETS: [(&Encoding, &str); 4] = [
    (encoding_rs::SHIFT_JIS, "Shift_JIS"),
    (encoding_rs::GB18030, "GB18030"),
    (encoding_rs::BIG5, "Big5"),
    (encoding_rs::EUC_KR, "EUC-KR"),
];

/// A short game: a root with names and a comment, 50 moves, a comment
/// every ten, all in UTF-8 with a `CA` to be replaced.
fn short_game(index: usize) -> String {
    let mut game = String::from(
        "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[李世乭]PW[井山裕太]\
         C[黒番の手筋が見事で、白番は右下の隅を諦めた。]",
    );
    for i in 0..50 {
        let (x, y) = ((i * 7 + index) % 19, (i * 11 + index) % 19);
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let (x, y) = (char::from(b'a' + x as u8), char::from(b'a' + y as u8));
        game.push_str(&format!(";{colour}[{x}{y}]"));
        if i % 10 == 9 {
            game.push_str("C[好手。白の手が厳しい]");
        }
    }
    game.push_str(")\n");
    game
}

/// Games (UTF-8 text with `CA[UTF-8]`) each encoded in the charset of
/// `charsets` at its index in turn, clean and with two repairs each: a
/// mail header before it and junk in its root node.
fn encoded(games: &[String], charsets: &[(&'static Encoding, &str)]) -> (Vec<u8>, Vec<u8>) {
    let (mut clean, mut repaired) = (Vec::new(), Vec::new());
    for (i, game) in games.iter().enumerate() {
        let (encoding, label) = charsets[i % charsets.len()];
        let game = game.replacen("CA[UTF-8]", &format!("CA[{label}]"), 1);
        let bytes = encoding.encode(&game).0;
        clean.extend_from_slice(&bytes);
        let header = format!("From: server {i}\nSubject: game record\n\n");
        repaired.extend_from_slice(header.as_bytes());
        let root = memchr::memchr(b';', &bytes).expect("a root node") + 1;
        repaired.extend_from_slice(&bytes[..root]);
        repaired.extend_from_slice(b"oops ");
        repaired.extend_from_slice(&bytes[root..]);
    }
    (clean, repaired)
}

/// Events of the lenient charset stage over `input`.
fn lenient_events(input: &[u8]) -> usize {
    let mut reader = ReaderBuilder::new()
        .lenient(true)
        .from_reader_decoded(input);
    count(|| matches!(reader.next_event(), Ok(Some(_))))
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

    let mut rng = generate::Rng::new(5);
    let long: Vec<String> = (0..200)
        .map(|_| {
            let mut game = Vec::new();
            generate::game(&mut rng, &mut game);
            String::from_utf8(game).expect("generated UTF-8")
        })
        .collect();
    let short: Vec<String> = (0..2000).map(short_game).collect();
    let lenient = [
        ("Shift_JIS", encoded(&long, &CHARSETS[..1])),
        ("4 charsets", encoded(&long, &CHARSETS)),
        ("4 charsets, 50 moves", encoded(&short, &CHARSETS)),
    ];

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
    let mut workloads = workloads;
    for (name, (clean, repaired)) in &lenient {
        let clean_name = format!("lenient, {name}: clean");
        let repaired_name = format!("lenient, {name}: repairs");
        // Every game is read, repaired or not.
        assert_eq!(lenient_events(clean), lenient_events(repaired), "{name}");
        workloads.push((
            Box::leak(clean_name.into_boxed_str()),
            clean.len(),
            Box::new(|| lenient_events(clean)),
        ));
        workloads.push((
            Box::leak(repaired_name.into_boxed_str()),
            repaired.len(),
            Box::new(|| lenient_events(repaired)),
        ));
    }
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
        println!("{name:40} {mbs:8.1} MB/s");
    }
    println!(
        "stage events / decode all, then parse (Shift_JIS): {:.2}",
        median[2] / median[1]
    );
    println!(
        "stage events / reader events (UTF-8):              {:.2}",
        median[5] / median[4]
    );
    for (i, (name, _)) in lenient.iter().enumerate() {
        let clean = median[7 + 2 * i];
        let repaired = median[8 + 2 * i];
        println!(
            "lenient, repairs / clean ({name}): {:.2} (goal >= 0.5)",
            repaired / clean
        );
    }
}
