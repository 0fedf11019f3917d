//! Render times and sizes of board diagrams: a 19×19 mid-game position
//! (move 100 of `tests/data/game1.sgf`, moves 81 to 100 numbered,
//! coordinates on four sides) as SVG and as PNG at 600 and 1000 pixels,
//! each beside the replay of the game to that move in the same run.
//!
//! `cargo run --release -p sgf-go --features png --example render_times`

use std::hint::black_box;
use std::time::{Duration, Instant};

use sgf_go::render::{Coordinates, Position, Style};
use sgf_go::ReplayOptions;

/// The median time of `runs` runs of `work`.
fn median<T>(runs: usize, mut work: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(work());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/game1.sgf");
    let text = std::fs::read(path).expect("tests/data/game1.sgf");
    let tree = sgf_stream::parse(&text).expect("the sample parses");
    let options = ReplayOptions::new().lenient(true).check_turn(false);
    let replay = || Position::at_move(tree.main_line(), Some(100), options).unwrap();
    let position = replay();
    let stones = position.board().stones().count();
    let diagram = |px: u32, style: Style| {
        position
            .diagram()
            .numbers(81..=100)
            .coordinates(Coordinates::Four)
            .style(style)
            .size_px(px)
    };
    let peer = median(201, replay);
    println!("19x19, move 100, {stones} stones, moves 81-100 numbered, four coordinates");
    println!(
        "{:<28} {:>10} {:>9} {:>10}",
        "", "time", "bytes", "× replay"
    );
    println!(
        "{:<28} {:>7} µs {:>9} {:>9.1}×",
        "replay to move 100 (peer)",
        peer.as_micros(),
        "",
        1.0
    );
    let row = |name: &str, time: Duration, bytes: usize| {
        let ratio = time.as_secs_f64() / peer.as_secs_f64();
        println!(
            "{name:<28} {:>7} µs {bytes:>9} {ratio:>9.1}×",
            time.as_micros()
        );
    };
    for style in [Style::Wood, Style::Book] {
        let svg = diagram(600, style).to_svg();
        row(
            &format!("SVG, {style:?}"),
            median(201, || diagram(600, style).to_svg()),
            svg.len(),
        );
    }
    for px in [600, 1000] {
        for style in [Style::Wood, Style::Book] {
            let png = diagram(px, style).to_png().expect("a PNG");
            let time = median(21, || diagram(px, style).to_png().unwrap());
            row(&format!("PNG {px} px, {style:?}"), time, png.len());
        }
    }
}
