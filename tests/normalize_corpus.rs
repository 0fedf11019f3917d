//! The normalised game information over real records, read at run time
//! (`../shared/corpus`, and Tygem's `../shared/tygem/*.sgf.gz` through
//! `gzip -dc`, or the same below `$SGF_SHARED`; each skipped with a note
//! when absent): values of the FF\[4\]
//! shapes must read as naive readers written here read them, every value
//! read must survive a round trip through its output spelling, and the
//! three ways to normalise (a tree, its `GameInfo`, streamed values) must
//! agree. Run with `--nocapture` for how many values of each property are
//! read, and the most common ones that are not.

mod common;

use std::collections::HashMap;
use std::path::Path;

use sgf_stream::game::{Date, NormalizeError, Normalized, Outcome, Overtime, Rank, Reason};
use sgf_stream::typed::Color;
use sgf_stream::{Event, Parser, ReaderBuilder};

const IDENTS: [&str; 8] = ["BR", "WR", "RE", "KM", "HA", "DT", "TM", "OT"];

/// The first value of each of [`IDENTS`], as written.
type Texts = [Option<String>; 8];

/// What was read, per property: values seen, values read, the errors,
/// values checked against a naive reader, and the values not read.
#[derive(Default)]
struct Tally {
    seen: [usize; 8],
    read: [usize; 8],
    errors: [HashMap<NormalizeError, usize>; 8],
    checked: [usize; 8],
    unread: [HashMap<String, usize>; 8],
    games: usize,
}

impl Tally {
    fn add(&mut self, texts: &Texts, n: &Normalized) {
        self.games += 1;
        let results = [
            n.black_rank.map(|_| ()),
            n.white_rank.map(|_| ()),
            n.outcome.map(|_| ()),
            n.komi.map(|_| ()),
            n.handicap.map(|_| ()),
            n.dates.map(|_| ()),
            n.time_limit.map(|_| ()),
            n.overtime.map(|_| ()),
        ];
        for (at, (text, result)) in texts.iter().zip(results).enumerate() {
            let Some(text) = text else {
                assert_eq!(result, Err(NormalizeError::Missing), "{}", IDENTS[at]);
                continue;
            };
            self.seen[at] += 1;
            match result {
                Ok(()) => self.read[at] += 1,
                Err(error) => {
                    assert_ne!(error, NormalizeError::Missing, "{}[{text}]", IDENTS[at]);
                    *self.errors[at].entry(error).or_default() += 1;
                    *self.unread[at].entry(text.clone()).or_default() += 1;
                }
            }
        }
        self.check(texts, n);
    }

    /// The values of FF[4] shapes against naive readers, and round trips.
    fn check(&mut self, texts: &Texts, n: &Normalized) {
        for (at, rank) in [(0, n.black_rank), (1, n.white_rank)] {
            let text = texts[at].as_deref().unwrap_or("");
            if let Some(expected) = naive_rank(text) {
                assert_eq!(rank.ok(), Some(expected), "{}[{text}]", IDENTS[at]);
                self.checked[at] += 1;
            }
            if let Ok(rank) = rank {
                assert_eq!(Rank::parse(&rank.to_string()), Ok(rank));
            }
        }
        let result = texts[2].as_deref().unwrap_or("");
        if let Some(expected) = naive_result(result) {
            assert_eq!(n.outcome, Ok(expected), "RE[{result}]");
            self.checked[2] += 1;
        }
        if let Ok(outcome) = n.outcome {
            assert_eq!(
                Outcome::parse(&outcome.to_string()),
                Ok(outcome),
                "RE[{result}]"
            );
        }
        let komi = texts[3].as_deref().unwrap_or("");
        if let Some(expected) = naive_komi(komi) {
            assert_eq!(n.komi, Ok(expected), "KM[{komi}]");
            self.checked[3] += 1;
        }
        let handicap = texts[4].as_deref().unwrap_or("");
        if !handicap.is_empty() && handicap.bytes().all(|b| b.is_ascii_digit()) {
            assert_eq!(n.handicap.ok(), handicap.parse().ok(), "HA[{handicap}]");
            self.checked[4] += 1;
        }
        self.check_dates(texts[5].as_deref().unwrap_or(""), n);
        let time = texts[6].as_deref().unwrap_or("");
        if !time.is_empty() && time.bytes().all(|b| b.is_ascii_digit()) {
            assert_eq!(n.time_limit.ok(), time.parse().ok(), "TM[{time}]");
            self.checked[6] += 1;
        }
        let overtime = texts[7].as_deref().unwrap_or("");
        if let Some(expected) = naive_byo_yomi(overtime) {
            assert_eq!(n.overtime, Ok(expected), "OT[{overtime}]");
            self.checked[7] += 1;
        }
    }

    fn check_dates(&mut self, text: &str, n: &Normalized) {
        let bytes = text.as_bytes();
        let ymd = bytes.len() == 10
            && bytes.iter().enumerate().all(|(at, &b)| match at {
                4 | 7 => b == b'-',
                _ => b.is_ascii_digit(),
            });
        if ymd {
            let first = n.date().map(|d| d.to_string());
            assert_eq!(first.as_deref(), Some(text), "DT[{text}]");
            assert_eq!(n.date(), n.date_last(), "DT[{text}]");
            self.checked[5] += 1;
        }
        for date in [n.date(), n.date_last()].into_iter().flatten() {
            assert_eq!(Date::parse(&date.to_string()), Ok(date), "DT[{text}]");
        }
    }

    fn report(&self, name: &str) {
        eprintln!("{name}: {} games", self.games);
        for (at, ident) in IDENTS.iter().enumerate() {
            let mut unread: Vec<_> = self.unread[at].iter().collect();
            unread.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            let unread: Vec<String> = unread
                .iter()
                .take(5)
                .map(|(t, c)| format!("{t:?}×{c}"))
                .collect();
            eprintln!(
                "  {ident}: {} present, {} read, {} checked against a naive reader; not read: {:?} {}",
                self.seen[at],
                self.read[at],
                self.checked[at],
                self.errors[at],
                unread.join(", ")
            );
        }
    }
}

/// `5k`, `3d`, `9p` (any case), `P9`, `9段`, `P9段`: the shapes in the
/// corpus, read the obvious way.
fn naive_rank(text: &str) -> Option<Rank> {
    use sgf_stream::game::RankKind::{Dan, Kyu, Pro};
    let (pro_mark, rest) = match text.strip_prefix('P') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let level: u8 = rest[..digits].parse().ok()?;
    let kind = match (&rest[digits..], pro_mark) {
        ("k" | "K", false) => Kyu,
        ("d" | "D" | "段", false) => Dan,
        ("p" | "P", _) | ("" | "段", true) => Pro,
        _ => return None,
    };
    Rank::new(kind, level).ok()
}

/// The FF[4] result forms, read the obvious way.
fn naive_result(text: &str) -> Option<Outcome> {
    let ended = |reason| Outcome {
        winner: None,
        reason,
        margin: None,
    };
    match text.to_ascii_lowercase().as_str() {
        "0" | "draw" | "jigo" => return Some(ended(Reason::Draw)),
        "void" => return Some(ended(Reason::Void)),
        "?" => return Some(ended(Reason::Unknown)),
        _ => {}
    }
    let winner = match text.get(..2)? {
        "B+" | "b+" => Color::Black,
        "W+" | "w+" => Color::White,
        _ => return None,
    };
    let method = &text[2..];
    let (reason, margin) = match method.to_ascii_lowercase().as_str() {
        "" => (Reason::Unknown, None),
        "r" | "resign" => (Reason::Resign, None),
        "t" | "time" => (Reason::Time, None),
        "f" | "forfeit" => (Reason::Forfeit, None),
        number => {
            let (whole, fraction) = number.split_once('.').unwrap_or((number, "0"));
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if !digits(whole) || !digits(fraction) {
                return None;
            }
            (Reason::Score, Some(number.parse().ok()?))
        }
    };
    Some(Outcome {
        winner: Some(winner),
        reason,
        margin,
    })
}

/// A komi written as a plain decimal, by the issue's rules: Fox's integers
/// of 100 or more are ×100, and a quarter left over is stones.
fn naive_komi(text: &str) -> Option<f64> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    if !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut komi: f64 = text.parse().ok()?;
    if komi >= 100.0 && komi.fract() == 0.0 {
        komi /= 100.0;
    }
    if [0.25, 0.75].contains(&komi.fract()) {
        komi *= 2.0;
    }
    Some(komi)
}

/// `PxS byo-yomi`.
fn naive_byo_yomi(text: &str) -> Option<Overtime> {
    let (periods, seconds) = text.strip_suffix(" byo-yomi")?.split_once('x')?;
    Some(Overtime::ByoYomi {
        periods: periods.parse().ok()?,
        seconds: seconds.parse().ok()?,
    })
}

/// The first value of each of [`IDENTS`] on the main line of `tree`.
fn texts_of(tree: &sgf_stream::SgfTree) -> Texts {
    let mut texts = Texts::default();
    for node in tree.main_line() {
        for (ident, values) in node.properties() {
            if let Some(at) = IDENTS.iter().position(|&i| i == ident) {
                texts[at].get_or_insert_with(|| values.first().unwrap_or("").to_string());
            }
        }
    }
    texts
}

#[test]
fn corpus_values_read_check_and_round_trip() {
    let Some(dir) = shared("corpus") else {
        return;
    };
    let files = common::sgf_files(&dir);
    let mut tally = Tally::default();
    for file in &files {
        let bytes = std::fs::read(file).expect("readable corpus file");
        let Ok(parsed) = ReaderBuilder::new().lenient(true).read_collection(&bytes) else {
            continue;
        };
        for tree in &parsed.trees {
            let n = tree.normalized();
            tally.add(&texts_of(tree), &n);
            // The `GameInfo` path agrees where it holds the values as written.
            let from_info = tree.game_info_lenient().0.normalized();
            assert_eq!(from_info.black_rank, n.black_rank);
            assert_eq!(from_info.outcome, n.outcome);
            assert_eq!(from_info.dates, n.dates);
            assert_eq!(from_info.overtime, n.overtime);
            if let (Ok(a), Ok(b)) = (from_info.komi, n.komi) {
                assert_eq!(a, b, "{}", file.display());
            }
        }
    }
    tally.report("corpus");
    // The corpus holds values of every FF[4] shape checked above.
    for (at, ident) in IDENTS.iter().enumerate().filter(|(at, _)| *at != 4) {
        assert!(
            tally.checked[at] > 0,
            "no {ident} of an FF[4] shape checked"
        );
    }
    // Every `RE` the corpus holds is read (the sentence forms included).
    assert!(
        tally.unread[2].is_empty(),
        "results not read: {:?}",
        tally.unread[2]
    );
}

#[test]
fn tygem_values_read_check_and_round_trip() {
    let Some(dir) = shared("tygem") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("readable tygem folder")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.to_string_lossy().ends_with(".sgf.gz"))
        .collect();
    files.sort();
    let mut tally = Tally::default();
    for file in &files {
        let Some(text) = gunzip(file) else {
            return;
        };
        for line in text.lines().filter(|line| line.starts_with('(')) {
            let (texts, n) = root_values(line);
            tally.add(&texts, &n);
        }
    }
    tally.report("tygem");
    assert!(tally.games > 1000, "the Tygem files hold many games");
    for at in [0, 1, 2, 3, 5, 6, 7] {
        assert_eq!(
            tally.seen[at], tally.read[at],
            "every {} is read",
            IDENTS[at]
        );
        assert!(tally.checked[at] > 0);
    }
}

/// `$SGF_SHARED/<rel>` when that variable is set, else `../shared/<rel>`
/// (with a note when absent).
fn shared(rel: &str) -> Option<std::path::PathBuf> {
    match std::env::var_os("SGF_SHARED") {
        Some(dir) => Some(Path::new(&dir).join(rel)).filter(|path| path.exists()),
        None => common::shared(rel),
    }
}

/// The decompressed text of a `.gz` file, by `gzip -dc`; `None` (with a
/// note) where there is no `gzip`.
fn gunzip(path: &Path) -> Option<String> {
    let output = std::process::Command::new("gzip")
        .arg("-dc")
        .arg(path)
        .output();
    match output {
        Ok(output) if output.status.success() => {
            Some(String::from_utf8_lossy(&output.stdout).into_owned())
        }
        _ => {
            eprintln!(
                "note: `gzip -dc {}` failed; skipping this test",
                path.display()
            );
            None
        }
    }
}

/// The values of the root node of a game, and their normalised forms,
/// streamed from events.
fn root_values(game: &str) -> (Texts, Normalized) {
    let mut texts = Texts::default();
    let mut n = Normalized::new();
    let mut nodes = 0;
    for event in Parser::new(game.as_bytes()) {
        match event.expect("a well-formed Tygem game") {
            Event::Node if nodes == 1 => break,
            Event::Node => nodes += 1,
            Event::Property(ident, values) => {
                let text = values.first().text().expect("UTF-8 text");
                n.absorb(ident.as_str(), &text);
                if let Some(at) = IDENTS.iter().position(|&i| i == ident.as_str()) {
                    texts[at].get_or_insert_with(|| text.into_owned());
                }
            }
            _ => {}
        }
    }
    (texts, n)
}
