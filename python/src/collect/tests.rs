//! A game the lenient reader gives up (a value over the limit) is
//! dropped by the visitor where it is built: no game, no row and no span
//! of it reaches a piece, whatever path the events take (the event
//! builder, a game it refused, the tree builder, a stream), in one batch
//! with good games or cut into many, on one worker thread or two; and
//! every path finds the same problems. The oracle: the good games, told
//! apart by their number of nodes.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use sgf_stream::charset::CharsetMode;
use sgf_stream::{Charset, ReaderBuilder, WarningKind};
use sgf_tool::collection::{Delivery, Done, Source};

use super::{Games, Piece, Plan};
use crate::arrow::Column;
use crate::columns::{names, Columns};
use crate::data::Nodes;
use crate::gather::{Gather, Item};

/// The reader's value limit in these tests.
const LIMIT: usize = 16;

/// A good game of `nodes` nodes.
fn good(nodes: usize) -> String {
    format!("(;PB[G]{})", ";B[aa]".repeat(nodes - 1))
}

/// Games the reader gives up, with a value over [`LIMIT`]: at the
/// root's first property; deep in a variation, the root's information,
/// setup and main line read; after a property repeated in a node (which
/// the event builder refuses); and right after a repeated text property,
/// which the reader holds back a step and gives before it reports the
/// game given up.
fn bad_games() -> [String; 4] {
    let long = "x".repeat(LIMIT + 4);
    [
        format!("(;C[{long}]PB[Bad];B[aa])"),
        format!("(;PB[Bad]KM[5]AB[cc];B[aa];W[bb](;B[dd];W[ee]C[{long}])(;B[ff]))"),
        format!("(;PB[Bad]C[a]C[b];B[aa];C[{long}];W[bb])"),
        format!("(;PB[Bad];B[aa];C[a]C[b]GN[{long}];W[bb])"),
    ]
}

/// The input: given-up games first, in the middle (two in a row) and
/// last, among good games of 1 to 12 nodes, as text; and the node counts
/// of the good games, in order.
fn input() -> (String, Vec<i64>) {
    let [root, late, repeated, held] = bad_games();
    let mut games = vec![root.clone()];
    let mut nodes = Vec::new();
    for n in 1..=12 {
        games.push(good(n));
        nodes.push(n as i64);
        match n {
            4 => games.push(late.clone()),
            8 => games.extend([repeated.clone(), root.clone()]),
            10 => games.push(held.clone()),
            _ => {}
        }
    }
    games.extend([late, repeated, held]);
    (games.join("\n"), nodes)
}

/// Games given up in [`input`], and of them, those with a property
/// repeated in a node.
const GIVEN_UP: usize = 8;
const REPEATED: usize = 4;

/// The node counts of the rows of `rows`.
fn row_nodes(rows: &Columns) -> Vec<i64> {
    let at = names().position(|name| name == "node_count").unwrap();
    let Column::Number { data, .. } = &rows.columns[at] else {
        panic!("node_count is a number column")
    };
    let bytes = data.chunks(8).map(|b| b.try_into().unwrap());
    bytes.map(i64::from_le_bytes).collect()
}

/// Checks a piece: one span per game the collection counts (given-up
/// games are not counted), and a game or a row per span.
fn check_piece(done: &Done<Piece>, plan: Plan) {
    let piece = &done.out;
    assert_eq!(piece.spans.len() as u64, done.games, "{plan:?}");
    let built = match &piece.rows {
        Some(rows) => rows.len(),
        None => piece.games.len(),
    };
    assert_eq!(built, piece.spans.len(), "{plan:?}");
    assert!(plan.table || piece.rows.is_none());
}

/// What reading [`input`] gave.
struct Read {
    /// The node counts of the games (or rows), in order.
    nodes: Vec<i64>,
    /// Warnings of games skipped.
    skipped: usize,
    /// Every problem of every piece: code and offset.
    problems: Vec<(&'static str, u64)>,
}

/// Reads the input by `plan`, cut into batches of about `target` bytes.
fn read(plan: Plan, target: usize) -> Read {
    let (text, _) = input();
    let sources = [Source::Bytes {
        name: "games.sgf".to_string(),
        bytes: text.into_bytes().into(),
    }];
    let reader = ReaderBuilder::new()
        .charset(plan.charset)
        .max_value_len(LIMIT);
    let collection = plan.collection().reader(reader).target(target);
    let mut gather = Gather::new(plan, true);
    let mut items = VecDeque::new();
    let mut problems = Vec::new();
    collection.run(&sources, &Games(plan), |delivery| {
        if let Delivery::Piece(_, done) = &delivery {
            check_piece(done, plan);
            let found = done.diagnostics.iter();
            problems.extend(found.map(|d| (d.code, d.position.offset)));
        }
        gather.take(delivery, &mut items);
        ControlFlow::Continue(())
    });
    let (mut nodes, mut skipped) = (Vec::new(), 0);
    for item in items {
        match item {
            Item::Game(game) => {
                // A tree's values as written are the game's own events.
                if let Nodes::Built(arena) = &game.nodes {
                    assert!(arena.raw_values || arena.raw.is_some(), "{plan:?}");
                }
                nodes.push(game.node_count as i64);
            }
            Item::Rows(rows) => nodes.extend(row_nodes(&rows)),
            Item::Skipped { .. } => skipped += 1,
            Item::Loose { .. } => {}
            other => panic!("{other:?} in {plan:?}"),
        }
    }
    Read {
        nodes,
        skipped,
        problems,
    }
}

#[test]
fn the_bad_games_are_over_the_limit_and_the_good_ones_are_not() {
    let read = |text: &str, limit: usize| {
        let mut reader = ReaderBuilder::new()
            .max_value_len(limit)
            .from_slice(text.as_bytes());
        while reader.next_event()?.is_some() {}
        Ok::<_, sgf_stream::Error>(())
    };
    for bad in bad_games() {
        assert!(read(&bad, LIMIT + 4).is_ok(), "{bad} is SGF");
        assert!(read(&bad, LIMIT).is_err(), "{bad} is over the limit");
    }
    for nodes in 1..=12 {
        assert!(read(&good(nodes), LIMIT).is_ok());
    }
    let (text, nodes) = input();
    let bad = bad_games().map(|game| text.matches(game.as_str()).count());
    assert_eq!(bad.iter().sum::<usize>(), GIVEN_UP);
    assert_eq!(bad[2] + bad[3], REPEATED);
    assert_eq!(nodes.len(), 12);
}

#[test]
fn no_game_the_reader_gave_up_reaches_a_piece() {
    let (_, expected) = input();
    let utf8 = CharsetMode::Fixed(Charset::Utf8);
    let merged = WarningKind::MergedProperty(String::new()).code();
    let mut first: Option<Vec<(&str, u64)>> = None;
    for jobs in [1, 2] {
        for (table, trees, charset) in [
            (false, false, CharsetMode::Auto),
            (true, false, CharsetMode::Auto),
            (false, true, CharsetMode::Auto),
            (false, false, utf8),
            (true, false, utf8),
        ] {
            let plan = Plan {
                table,
                trees,
                charset,
                ..Plan::new(true, None, jobs).unwrap()
            };
            for target in [1 << 20, 64, 1] {
                let read = read(plan, target);
                let context = format!("{plan:?}, batches of {target}");
                assert_eq!(read.nodes, expected, "{context}");
                assert_eq!(read.skipped, GIVEN_UP, "{context}");
                // The repeated properties of given-up games are noted,
                // as the reader's own repairs in them are, on every path.
                let repairs = read.problems.iter().filter(|p| p.0 == merged);
                assert_eq!(repairs.count(), REPEATED, "{context}");
                let first = first.get_or_insert_with(|| read.problems.clone());
                assert_eq!(&read.problems, first, "{context}");
            }
        }
    }
}
