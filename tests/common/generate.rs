//! A deterministic generator of realistic SGF, for tests and benchmarks.
//!
//! Games look like the records of a Go server: a game-info root (names in
//! Latin, Chinese, Japanese and Korean script), 150–350 moves on a 19x19
//! board, line breaks every dozen moves, comments with escapes (`\]`,
//! `\\`), CJK text, soft (`\` + newline) and hard line breaks, some markup
//! with several values, and about one game in three with variations
//! (sometimes nested).
//!
//! The random numbers come from a hand-written SplitMix64, so the output
//! is the same byte for byte on every machine and with every Rust version.
//! This file uses only `std`; include it from tests (`mod generate;` in
//! `tests/common/mod.rs`) or from benches and examples with
//! `#[path = "../tests/common/generate.rs"] mod generate;`.
#![allow(dead_code)]

use std::io::{self, Read};

/// SplitMix64: tiny, fast, and good enough for test data.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `low..high` (`high > low`).
    pub fn range(&mut self, low: usize, high: usize) -> usize {
        low + (self.next_u64() % (high - low) as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }

    /// One element of `items`.
    pub fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.range(0, items.len())]
    }
}

const PLAYERS: &[&str] = &[
    "Lee Sedol",
    "Ke Jie",
    "Iyama Yuta",
    "Shin Jinseo",
    "李世乭",
    "柯洁",
    "井山裕太",
    "신진서",
    "芝野虎丸",
    "박정환",
    "Golaxy",
    "Leela Zero",
];
const RANKS: &[&str] = &["9p", "9段", "8d", "7段", "1p"];
const PLACES: &[&str] = &["Seoul", "东京", "北京", "Tygem", "Fox", "KGS"];
const RESULTS: &[&str] = &["B+R", "W+R", "B+3.5", "W+0.5", "W+12.5", "B+T"];

/// Comment fragments; escapes are already written as in a file.
const PHRASES: &[&str] = &[
    "Black takes the corner.",
    "A slow move; the [joseki\\] book prefers the tenuki.",
    "Path C:\\\\games\\\\kifu.sgf",
    "黑棋这手很厉害",
    "白の手が厳しい。",
    "이 수는 좋은 수입니다",
    "winrate B 52.3% W 47.7%",
    "This comment is long enough that an editor wrapped it \\\nwith a soft line break.",
    "Hard line break follows:\nsecond line",
    "(;this looks like SGF;but is text)",
    "好手！",
    "Tab\tseparated",
];

const POINTS: &[u8] = b"abcdefghijklmnopqrs";

fn point(rng: &mut Rng, out: &mut Vec<u8>) {
    out.push(POINTS[rng.range(0, 19)]);
    out.push(POINTS[rng.range(0, 19)]);
}

fn root(rng: &mut Rng, out: &mut Vec<u8>) {
    out.extend_from_slice(b"(;GM[1]FF[4]CA[UTF-8]AP[sgf-stream-gen:1]SZ[19]\n");
    let (year, month, day) = (rng.range(1990, 2025), rng.range(1, 13), rng.range(1, 29));
    let date = format!("DT[{year}-{month:02}-{day:02}]");
    out.extend_from_slice(date.as_bytes());
    for (ident, list) in [
        ("PB", PLAYERS),
        ("BR", RANKS),
        ("PW", PLAYERS),
        ("WR", RANKS),
        ("PC", PLACES),
        ("RE", RESULTS),
    ] {
        let value = rng.pick(list);
        out.extend_from_slice(format!("{ident}[{value}]").as_bytes());
    }
    out.extend_from_slice(b"KM[6.5]RU[Japanese]TM[3600]OT[3x30 byo-yomi]\n");
    if rng.chance(1, 2) {
        out.extend_from_slice(b"GC[");
        comment_text(rng, out);
        out.extend_from_slice(b"]\n");
    }
}

fn comment_text(rng: &mut Rng, out: &mut Vec<u8>) {
    for i in 0..rng.range(1, 4) {
        if i > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(rng.pick(PHRASES).as_bytes());
    }
}

/// One move node, sometimes with a comment, markup or time left.
fn move_node(rng: &mut Rng, out: &mut Vec<u8>, number: usize) {
    out.extend_from_slice(if number % 2 == 0 { b";B[" } else { b";W[" });
    point(rng, out);
    out.push(b']');
    if rng.chance(1, 4) {
        let left = rng.range(1, 3600);
        let ident: &[u8] = if number % 2 == 0 { b"BL[" } else { b"WL[" };
        out.extend_from_slice(ident);
        out.extend_from_slice(left.to_string().as_bytes());
        out.push(b']');
    }
    if rng.chance(1, 8) {
        out.extend_from_slice(b"C[");
        comment_text(rng, out);
        out.push(b']');
    }
    if rng.chance(1, 40) {
        out.extend_from_slice(b"LB");
        for label in b"ABC".iter().take(rng.range(1, 4)) {
            out.push(b'[');
            point(rng, out);
            out.push(b':');
            out.push(*label);
            out.push(b']');
        }
        out.extend_from_slice(b"TR[");
        point(rng, out);
        out.extend_from_slice(b"][");
        point(rng, out);
        out.push(b']');
    }
    if number % 12 == 11 {
        out.push(b'\n');
    }
}

fn moves(rng: &mut Rng, out: &mut Vec<u8>, from: usize, count: usize) {
    for number in from..from + count {
        move_node(rng, out, number);
    }
}

/// Appends one complete game (a top-level game tree) and a line break.
pub fn game(rng: &mut Rng, out: &mut Vec<u8>) {
    root(rng, out);
    let total = rng.range(150, 351);
    let branches = if rng.chance(1, 3) { rng.range(1, 4) } else { 0 };
    let mut done = 0;
    let mut alternatives = Vec::new();
    for left in (1..=branches).rev() {
        let prefix = rng.range(1, (total - done) / (left + 1) + 1);
        moves(rng, out, done, prefix);
        done += prefix;
        out.push(b'(');
        alternatives.push((done, rng.range(1, 3)));
    }
    moves(rng, out, done, total - done);
    // Close the main line's variations from the innermost out; after each
    // comes its list of alternative lines.
    while let Some((at, count)) = alternatives.pop() {
        out.push(b')');
        for _ in 0..count {
            out.extend_from_slice(b"\n(");
            let length = rng.range(1, 30);
            moves(rng, out, at, length);
            out.push(b')');
        }
    }
    out.extend_from_slice(b")\n");
}

/// A collection of `games` games generated from `seed`.
pub fn collection(seed: u64, games: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(games * 3000);
    for _ in 0..games {
        game(&mut rng, &mut out);
    }
    out
}

/// An `io::Read` that yields whole games lazily, generating each one only
/// when the previous one has been read, until at least `min_bytes` bytes
/// have been produced (the last game is never cut); `u64::MAX` means
/// forever. Memory stays at one game whatever the total.
#[derive(Debug, Clone)]
pub struct GameReader {
    rng: Rng,
    game: Vec<u8>,
    offset: usize,
    produced: u64,
    min_bytes: u64,
    games: u64,
}

impl GameReader {
    /// Games from `seed`, at least `min_bytes` bytes of them.
    pub fn new(seed: u64, min_bytes: u64) -> Self {
        GameReader {
            rng: Rng::new(seed),
            game: Vec::with_capacity(8 << 10),
            offset: 0,
            produced: 0,
            min_bytes,
            games: 0,
        }
    }

    /// How many games have been started so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// How many bytes have been read so far.
    pub fn produced(&self) -> u64 {
        self.produced
    }
}

impl Read for GameReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.offset == self.game.len() {
            if self.produced >= self.min_bytes {
                return Ok(0);
            }
            self.game.clear();
            self.offset = 0;
            game(&mut self.rng, &mut self.game);
            self.games += 1;
        }
        let n = buf.len().min(self.game.len() - self.offset);
        buf[..n].copy_from_slice(&self.game[self.offset..self.offset + n]);
        self.offset += n;
        self.produced += n as u64;
        Ok(n)
    }
}
