//! Games the lenient reader gives up (over a limit), over every source:
//! `take_abandoned` is true right after the first `EndGameTree` that
//! closes such a game, and only then, once per game given up; the events
//! of the other games are those of the input without the games given up.
//! The cases put the token that breaks a limit at the start, in the
//! middle and at the end of a collection, deep in a variation, and right
//! after a text property (which the reader holds back one step, for a
//! stray `]` that may follow it).

mod common;

use common::Trickle;

use bytes::Bytes;
use sgf_stream::read::{Buffered, Reader};
use sgf_stream::{Event, ReaderBuilder, WarningKind};

/// An event with owned contents, without its span (spans differ between
/// an input and the same input without its bad games).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Ev {
    Start,
    Node,
    Prop(String, Vec<Vec<u8>>),
    End,
}

fn ev(event: &Event<'_>) -> Ev {
    match event {
        Event::StartGameTree => Ev::Start,
        Event::Node => Ev::Node,
        Event::EndGameTree => Ev::End,
        Event::Property(ident, values) => {
            let raw = values.iter().map(|v| v.as_bytes().to_vec()).collect();
            Ev::Prop(ident.to_string(), raw)
        }
    }
}

/// What one read gave: each event with whether the game was reported
/// given up right after it, and the number of `SkippedGameTree` warnings.
#[derive(Debug, Default)]
struct Run {
    events: Vec<(Ev, bool)>,
    skipped: usize,
}

impl Run {
    fn push(&mut self, event: Ev, abandoned: bool) {
        self.events.push((event, abandoned));
    }

    fn count_skipped(&mut self, warnings: &[sgf_stream::Warning]) {
        let skipped =
            |w: &&sgf_stream::Warning| matches!(w.kind(), WarningKind::SkippedGameTree(_));
        self.skipped += warnings.iter().filter(skipped).count();
    }

    /// Checks where the reports came, and gives the events of the games
    /// not given up.
    fn kept(&self, name: &str) -> Vec<Vec<Ev>> {
        let mut games = Vec::new();
        let mut game = Vec::new();
        let (mut depth, mut given_up, mut reports) = (0u32, false, 0);
        for (event, abandoned) in &self.events {
            if *abandoned {
                assert_eq!(*event, Ev::End, "{name}: reported after {event:?}");
                assert!(depth > 0 && !given_up, "{name}: reported outside a game");
                (given_up, reports) = (true, reports + 1);
            }
            match event {
                Ev::Start => depth += 1,
                Ev::End => depth -= 1,
                _ => {}
            }
            game.push(event.clone());
            if depth == 0 {
                if !std::mem::take(&mut given_up) {
                    games.push(std::mem::take(&mut game));
                }
                game.clear();
            }
        }
        assert_eq!(reports, self.skipped, "{name}: one report per game skipped");
        games
    }
}

fn options() -> ReaderBuilder {
    ReaderBuilder::new()
        .lenient(true)
        .max_ident_len(8)
        .max_value_len(16)
        .max_depth(4)
        .max_properties_per_node(6)
        .max_values_per_property(5)
}

/// Reads everything `reader` (over a buffer it fills) gives, each event
/// with whether a game was reported given up right after it.
fn run_of<S: Buffered>(mut reader: Reader<S>) -> Run {
    let mut run = Run::default();
    while let Some((event, _)) = reader.next_spanned().expect("lenient never fails") {
        let event = ev(&event);
        run.push(event, reader.take_abandoned());
    }
    run.count_skipped(&reader.take_warnings());
    run
}

fn slice_run(input: &[u8]) -> Run {
    let mut reader = options().from_slice(input);
    let mut run = Run::default();
    while let Some((event, _)) = reader.next_spanned().expect("lenient never fails") {
        run.push(ev(&event), reader.take_abandoned());
    }
    run.count_skipped(&reader.take_warnings());
    run
}

fn stream_run(input: &[u8], piece: usize) -> Run {
    let source = Trickle { rest: input, piece };
    run_of(options().chunk_size(16).from_reader(source))
}

fn decoded_run(input: &[u8], piece: usize) -> Run {
    run_of(options().from_reader_decoded(Trickle { rest: input, piece }))
}

fn push_run(input: &[u8], piece: usize) -> Run {
    let mut reader = options().pushed();
    let mut run = Run::default();
    let mut drain = |reader: &mut Reader<sgf_stream::read::Pushed>| {
        while let Some((event, _)) = reader.next_spanned().expect("lenient never fails") {
            let event = ev(&event);
            run.push(event, reader.take_abandoned());
        }
    };
    for part in input.chunks(piece) {
        reader.feed(part);
        drain(&mut reader);
    }
    reader.finish();
    drain(&mut reader);
    run.count_skipped(&reader.take_warnings());
    run
}

fn bytes_run(input: &[u8]) -> Run {
    let mut reader = options().from_bytes(Bytes::copy_from_slice(input));
    let mut run = Run::default();
    while let Some(event) = reader.next_event().expect("lenient never fails") {
        let event = ev(&event.as_event());
        run.push(event, reader.take_abandoned());
    }
    run.count_skipped(&reader.take_warnings());
    run
}

/// Games that break a limit, each right after a text property in some.
const BAD: [&str; 8] = [
    "(;GM[1];B[aa];C[held]TOOLONGIDENT[x];W[bb])",
    "(;GM[1];B[aa];TOOLONGIDENT[x];W[bb])",
    "(;GM[1]C[held]N[a value that is too long];B[aa])",
    "(;GM[1](;B[aa](;W[bb](;B[cc]C[deep](;W[dd]))))(;B[ee]))",
    "(;GM[1];B[aa]C[held]N[a]GN[b]PC[c]EV[d]RO[e]SO[f])",
    "(;GM[1];AB[aa][bb][cc][dd][ee][ff];W[gg])",
    "(;C[held]TOOLONGIDENT[x])",
    "(;GM[1];B[aa](;W[bb]C[held]TOOLONGIDENT[x])(;W[cc]))",
];

/// Good games, variations and text properties included.
const GOOD: [&str; 3] = [
    "(;GM[1]PB[Ann];B[pd];W[dp]C[fine])",
    "(;GM[1];B[aa](;W[bb]C[one])(;W[cc]C[two]))",
    "(;FF[4]C[a comment])",
];

/// Collections with the bad games at the start, in the middle (two in a
/// row), at the end and alone, with their text without the bad games.
fn collections() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, bad) in BAD.iter().enumerate() {
        let other = BAD[(i + 1) % BAD.len()];
        let (a, b, c) = (GOOD[0], GOOD[1], GOOD[2]);
        out.push((format!("{bad}{a}{b}"), format!("{a}{b}")));
        out.push((format!("{a}\n{bad}{other}\n{b}"), format!("{a}\n\n{b}")));
        out.push((format!("{a}{b}{c}{bad}"), format!("{a}{b}{c}")));
        out.push((bad.to_string(), String::new()));
    }
    out
}

#[test]
fn a_game_given_up_is_reported_with_its_first_closing_event_from_every_source() {
    for (input, clean) in collections() {
        let (input, clean) = (input.as_bytes(), clean.as_bytes());
        let expected = slice_run(clean).kept("clean");
        assert_eq!(
            slice_run(clean).skipped,
            0,
            "the clean text breaks no limit"
        );
        let name = String::from_utf8_lossy(input).into_owned();
        let slice = slice_run(input);
        assert!(slice.skipped > 0, "{name}: no game given up");
        assert_eq!(slice.kept(&name), expected, "slice: {name}");
        assert_eq!(bytes_run(input).kept(&name), expected, "bytes: {name}");
        for piece in [1, 2, 3, 5, 8, 13, 64] {
            assert_eq!(
                stream_run(input, piece).kept(&name),
                expected,
                "stream {piece}: {name}"
            );
            assert_eq!(
                decoded_run(input, piece).kept(&name),
                expected,
                "decoded {piece}: {name}"
            );
            assert_eq!(
                push_run(input, piece).kept(&name),
                expected,
                "pushed {piece}: {name}"
            );
        }
    }
}

#[test]
fn a_held_text_property_before_the_break_comes_before_the_report() {
    let input = b"(;GM[1];B[aa];C[held]TOOLONGIDENT[x];W[bb])(;GM[1])";
    let run = slice_run(input);
    let at = run.events.iter().position(|(_, abandoned)| *abandoned);
    let at = at.expect("the game is given up");
    assert_eq!(
        run.events[at - 1].0,
        Ev::Prop("C".into(), vec![b"held".to_vec()])
    );
    assert_eq!(run.events[at].0, Ev::End);
}
