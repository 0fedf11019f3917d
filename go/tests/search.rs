//! The search against a brute-force oracle: every position of every main
//! line replayed board by board and compared point by point with the
//! pattern under every symmetry (and with the colours exchanged); the
//! index, read back from its bytes, and the scan of records give the
//! same hits. On the shared corpus (whole-board, corner, side and centre
//! patterns, captures inside the region, handicap setups) and on random
//! small games.

#[path = "../../tests/common/mod.rs"]
mod common;

use proptest::prelude::*;
use sgf_go::search::{
    Found, GameRecord, Index, IndexBuilder, Kind, Pattern, Scanner, SearchOptions,
};
use sgf_go::{ReplayOptions, Symmetry};
use sgf_stream::typed::{BoardSize, Color, Decoder, Move, Point, Value};
use sgf_stream::{ReaderBuilder, SgfTree};

/// A position: each point's stone, row by row.
type Board = Vec<Option<Color>>;

/// The positions of a main line, board by board: the start (the setup
/// up to the first move, that move's node included), then the board
/// after each move; and each position's next move.
struct Line {
    size: BoardSize,
    positions: Vec<Board>,
    moves: Vec<(Color, Move)>,
}

fn snapshot(board: &sgf_go::Board) -> Board {
    let size = board.size();
    let mut out = Vec::new();
    for row in 0..size.rows {
        for col in 0..size.cols {
            out.push(board.get(Point { col, row }));
        }
    }
    out
}

/// The setup of `node` (`AE`, then `AB`, then `AW`) applied to `board`.
fn set_up(board: &mut sgf_go::Board, node: &sgf_stream::tree::Node<'_>) {
    let decoder = Decoder::with_size(board.size());
    for (ident, stone) in [
        ("AE", None),
        ("AB", Some(Color::Black)),
        ("AW", Some(Color::White)),
    ] {
        let Some(values) = node.get(ident) else {
            continue;
        };
        let (values, _) = decoder.decode_tree_lenient(ident, values);
        for point in values.iter().filter_map(Value::as_point) {
            board.set(point, stone);
        }
    }
}

/// Replays the main line of `tree` board by board, as the index's
/// records define its positions; `None` when it is not Go.
fn line(tree: &SgfTree) -> Option<Line> {
    let mut game = ReplayOptions::new().lenient(true).check_turn(false).game();
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for node in tree.main_line() {
        let start = if moves.is_empty() && (node.get("B").is_some() || node.get("W").is_some()) {
            let mut board = if game.nodes() == 0 {
                sgf_go::Board::new(tree.board_size().ok()?)
            } else {
                game.board().clone()
            };
            set_up(&mut board, &node);
            Some(snapshot(&board))
        } else {
            None
        };
        let step = game.play_node(&node).ok()?;
        if let Some((color, played)) = step.played {
            if moves.is_empty() {
                positions.push(start?);
            }
            let played = match played {
                Move::Play(p) if game.board().size().contains(p) => Move::Play(p),
                _ => Move::Pass,
            };
            moves.push((color, played));
            positions.push(snapshot(game.board()));
        }
    }
    if moves.is_empty() {
        positions.push(snapshot(game.board()));
    }
    Some(Line {
        size: game.board().size(),
        positions,
        moves,
    })
}

/// The first position of `line` that matches, by brute force: each
/// variant in the matcher's order, each point of the region.
fn naive(pattern: &Pattern, line: &Line, colors: bool) -> Option<Found> {
    let psize = pattern.size();
    let region: Vec<(Point, Option<Color>)> = pattern.region().collect();
    for (k, board) in line.positions.iter().enumerate() {
        for swapped in [false, true].into_iter().take(1 + usize::from(colors)) {
            for (si, s) in Symmetry::ALL.iter().enumerate() {
                if s.apply_size(psize) != line.size {
                    continue;
                }
                let fits = region.iter().all(|&(r, want)| {
                    let p = s.apply(r, psize);
                    let want = if swapped {
                        want.map(Color::opponent)
                    } else {
                        want
                    };
                    board[usize::from(p.row) * usize::from(line.size.cols) + usize::from(p.col)]
                        == want
                });
                if fits {
                    let next = line.moves.get(k).map(|&(color, played)| {
                        let color = if swapped { color.opponent() } else { color };
                        let played = match played {
                            Move::Play(q) => Move::Play(s.inverse().apply(q, line.size)),
                            Move::Pass => Move::Pass,
                        };
                        (color, played)
                    });
                    return Some(Found {
                        moves: k as u32,
                        symmetry: si as u8,
                        colors_swapped: swapped,
                        next,
                    });
                }
            }
        }
    }
    None
}

/// A pattern of `size` holding `board`'s content on the points where
/// `inside` says so, turned by `symmetry` and with colours exchanged
/// when `swap`.
fn cut(
    board: &Board,
    size: BoardSize,
    inside: impl Fn(Point) -> bool,
    symmetry: Symmetry,
    swap: bool,
) -> Pattern {
    let target = symmetry.apply_size(size);
    let mut grid = vec![None; usize::from(target.cols) * usize::from(target.rows)];
    for row in 0..size.rows {
        for col in 0..size.cols {
            let point = Point { col, row };
            if !inside(point) {
                continue;
            }
            let stone = board[usize::from(row) * usize::from(size.cols) + usize::from(col)];
            let stone = if swap {
                stone.map(Color::opponent)
            } else {
                stone
            };
            let to = symmetry.apply(point, size);
            grid[usize::from(to.row) * usize::from(target.cols) + usize::from(to.col)] =
                Some(stone);
        }
    }
    Pattern::from_grid(target, &grid).unwrap()
}

/// The hits of `pattern` over `records`, by a scan and from an index of
/// them read back from its bytes with two threads; asserts that the two
/// agree with `expected`.
fn check_hits(
    pattern: &Pattern,
    records: &[Option<GameRecord>],
    colors: bool,
    expected: &[(u64, Found)],
) {
    let mut scanner = Scanner::new(pattern, colors);
    let mut builder = IndexBuilder::new();
    let file = builder.add_file("games");
    for (i, record) in records.iter().enumerate() {
        let Some(record) = record else { continue };
        scanner.push(file, i as u32, record);
        builder.push(file, i as u64, record);
    }
    let scanned: Vec<(u64, Found)> = scanner
        .finish()
        .hits
        .iter()
        .map(|h| (h.game, h.found))
        .collect();
    assert_eq!(scanned, expected, "the scan and the brute force");
    let bytes = builder.to_bytes();
    let index = Index::from_bytes(&bytes).unwrap();
    let options = SearchOptions::new().colors(colors).threads(2);
    let searched: Vec<(u64, Found)> = index
        .search(pattern, &options)
        .unwrap()
        .hits
        .iter()
        .map(|h| (h.game, h.found))
        .collect();
    assert_eq!(searched, expected, "the index and the brute force");
}

/// The brute force's hits of each pattern (with and without `colors`)
/// over `trees`, replayed one at a time; games that are not Go are left
/// out of the numbering, as the index leaves them out.
fn naive_hits(patterns: &[&Pattern], trees: &[SgfTree]) -> Vec<[Vec<(u64, Found)>; 2]> {
    let mut hits: Vec<[Vec<(u64, Found)>; 2]> =
        patterns.iter().map(|_| Default::default()).collect();
    let mut number = 0;
    for tree in trees {
        let Some(line) = line(tree) else { continue };
        for (pattern, found) in patterns.iter().zip(&mut hits) {
            for colors in [false, true] {
                if let Some(hit) = naive(pattern, &line, colors) {
                    found[usize::from(colors)].push((number, hit));
                }
            }
        }
        number += 1;
    }
    hits
}

/// Every sixth file of the shared corpus (about 600 games: the brute
/// force's snapshots of every position are slow in a debug build).
fn corpus() -> Option<Vec<SgfTree>> {
    let mut trees = Vec::new();
    for file in common::corpus_files()?.into_iter().step_by(6) {
        let data = std::fs::read(&file).unwrap();
        let parsed = ReaderBuilder::new()
            .lenient(true)
            .read_collection(&data)
            .unwrap();
        trees.extend(parsed.trees);
    }
    Some(trees)
}

/// Patterns cut from positions of corpus games, each found at or before
/// the position it was cut from, and everywhere the brute force finds it.
#[test]
fn corpus_patterns_match_the_brute_force() {
    let Some(trees) = corpus() else { return };
    let records: Vec<Option<GameRecord>> = trees
        .iter()
        .map(|t| GameRecord::from_tree(t).ok())
        .collect();
    let size = BoardSize::square(19);
    let big: Vec<usize> = (0..trees.len())
        .filter(|&i| {
            records[i]
                .as_ref()
                .is_some_and(|r| r.size() == size && r.moves() > 150)
        })
        .collect();
    assert!(big.len() > 200);
    let corner = |n: u8| move |p: Point| p.col < n && p.row < n;
    let mut cases: Vec<(&str, usize, usize, Pattern, bool)> = Vec::new();
    let mut case =
        |name, game: usize, k: usize, inside: &dyn Fn(Point) -> bool, s: Symmetry, swap: bool| {
            let line = line(&trees[game]).unwrap();
            let pattern = cut(&line.positions[k], size, inside, s, swap);
            cases.push((name, game, k, pattern, swap));
        };
    case(
        "whole board",
        big[10],
        40,
        &|_| true,
        Symmetry::Identity,
        false,
    );
    case(
        "whole board, turned",
        big[200],
        12,
        &|_| true,
        Symmetry::Rotate90,
        false,
    );
    case(
        "whole board, exchanged",
        big[300],
        6,
        &|_| true,
        Symmetry::Transpose,
        true,
    );
    case(
        "corner 9x9",
        big[20],
        20,
        &corner(9),
        Symmetry::Identity,
        false,
    );
    case(
        "corner 7x7, mirrored and exchanged",
        big[30],
        14,
        &corner(7),
        Symmetry::FlipVertical,
        true,
    );
    case(
        "corner 6x6 of the opening",
        big[40],
        4,
        &corner(6),
        Symmetry::AntiTranspose,
        false,
    );
    case(
        "side",
        big[50],
        60,
        &|p: Point| (5..14).contains(&p.col) && p.row < 5,
        Symmetry::Rotate270,
        false,
    );
    case(
        "centre",
        big[60],
        140,
        &|p: Point| (6..13).contains(&p.col) && (6..13).contains(&p.row),
        Symmetry::Identity,
        false,
    );
    case(
        "empty corner",
        big[70],
        0,
        &corner(5),
        Symmetry::Identity,
        false,
    );
    // A capture inside the region: the first capture after move 30 of
    // some game, with a 7x7 region around a stone it took.
    let (game, k, taken) = capture_after(&trees, &big, 30).expect("a capture in the corpus");
    let (c, r) = (i32::from(taken.col), i32::from(taken.row));
    let near =
        move |p: Point| (i32::from(p.col) - c).abs() <= 3 && (i32::from(p.row) - r).abs() <= 3;
    case(
        "captures inside",
        game,
        k,
        &near,
        Symmetry::Rotate180,
        false,
    );
    case(
        "captures inside, before",
        game,
        k - 1,
        &near,
        Symmetry::Identity,
        false,
    );
    // Handicap: a game that sets up black stones before its first move.
    let handicap = (0..trees.len())
        .find(|&i| {
            records[i].as_ref().is_some_and(|r| {
                r.size() == size
                    && r.moves() > 5
                    && r.entries()[0].kind() == Some(Kind::Setup(Color::Black))
            })
        })
        .expect("a handicap game in the corpus");
    case(
        "handicap start",
        handicap,
        0,
        &|_| true,
        Symmetry::Identity,
        false,
    );
    case(
        "handicap corner",
        handicap,
        30,
        &corner(10),
        Symmetry::Rotate90,
        false,
    );

    let patterns: Vec<&Pattern> = cases.iter().map(|c| &c.3).collect();
    let expected = naive_hits(&patterns, &trees);
    for ((name, game, k, pattern, swapped), hits) in cases.iter().zip(&expected) {
        for colors in [false, true] {
            let hits = &hits[usize::from(colors)];
            check_hits(pattern, &records, colors, hits);
            if !*swapped || colors {
                let number = records[..*game].iter().filter(|r| r.is_some()).count() as u64;
                let own = hits.iter().find(|(n, _)| *n == number);
                let own = own.unwrap_or_else(|| panic!("{name}: its own game is not a hit"));
                assert!(own.1.moves as usize <= *k, "{name}");
            }
            eprintln!("{name} (colors {colors}): {} hits", hits.len());
        }
    }
}

/// The first move after move `after` of one of the `big` games that
/// captured, and a stone it took.
fn capture_after(trees: &[SgfTree], big: &[usize], after: usize) -> Option<(usize, usize, Point)> {
    for &game in big {
        let line = line(&trees[game]).unwrap();
        for k in after..line.positions.len() {
            let (before, now) = (&line.positions[k - 1], &line.positions[k]);
            let taken = (0..now.len()).find(|&i| before[i].is_some() && now[i].is_none());
            if let Some(i) = taken {
                let point = Point::new((i % 19) as u8, (i / 19) as u8);
                return Some((game, k, point));
            }
        }
    }
    None
}

/// An SGF game on a small board from random choices: setup in the root,
/// moves (anywhere, so that stones are captured, points reused and
/// passes made), now and then a setup node.
fn random_game(cols: u8, rows: u8, setup: &[(u8, u8, u8)], moves: &[(u8, u8, u8)]) -> String {
    let letter = |n: u8| (b'a' + n) as char;
    let point = |c: u8, r: u8| format!("[{}{}]", letter(c % cols), letter(r % rows));
    let size = if cols == rows {
        cols.to_string()
    } else {
        format!("{cols}:{rows}")
    };
    let mut sgf = format!("(;SZ[{size}]");
    for (ident, color) in [("AB", 0), ("AW", 1)] {
        let values: String = setup
            .iter()
            .filter(|s| s.0 % 2 == color)
            .map(|&(_, c, r)| point(c, r))
            .collect();
        if !values.is_empty() {
            sgf += &format!("{ident}{values}");
        }
    }
    for (i, &(kind, c, r)) in moves.iter().enumerate() {
        let color = if i % 2 == 0 { "B" } else { "W" };
        match kind % 12 {
            0 => sgf += &format!(";{color}[]"),
            1 => sgf += &format!(";AE{}", point(c, r)),
            // Setup and a move in one node (on different points: the
            // index records the setup of a node's own move point as the
            // move alone).
            2 if point(c, r) != point(r, c) => {
                sgf += &format!(";AW{}{color}{}", point(c, r), point(r, c))
            }
            _ => sgf += &format!(";{color}{}", point(c, r)),
        }
    }
    sgf + ")"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random games on small boards, square or not, and patterns cut from
    /// their positions (or from another game's): the brute force, the
    /// scan and the index agree.
    #[test]
    fn random_games_match_the_brute_force(
        cols in 3u8..7,
        rows in 3u8..7,
        games in proptest::collection::vec(
            (proptest::collection::vec((0u8..2, 0u8..7, 0u8..7), 0..4),
             proptest::collection::vec((0u8..12, 0u8..7, 0u8..7), 0..40)),
            1..8),
        source in 0usize..8,
        at in 0usize..41,
        region in proptest::collection::vec(any::<bool>(), 49),
        symmetry in 0usize..8,
        swap in any::<bool>(),
        colors in any::<bool>(),
    ) {
        let trees: Vec<SgfTree> = games
            .iter()
            .map(|(setup, moves)| sgf_stream::parse(random_game(cols, rows, setup, moves)).unwrap())
            .collect();
        let records: Vec<Option<GameRecord>> = trees.iter().map(|t| GameRecord::from_tree(t).ok()).collect();
        let size = BoardSize { cols, rows };
        let source = source % trees.len();
        let from = line(&trees[source]).unwrap();
        let board = &from.positions[at % from.positions.len()];
        let inside = |p: Point| region[usize::from(p.row) * 7 + usize::from(p.col)];
        if (0..rows).all(|row| (0..cols).all(|col| !inside(Point { col, row }))) {
            return Ok(());
        }
        let pattern = cut(board, size, inside, Symmetry::ALL[symmetry], swap);
        let hits = naive_hits(&[&pattern], &trees).swap_remove(0);
        let hits = &hits[usize::from(colors)];
        check_hits(&pattern, &records, colors, hits);
        if !swap || colors {
            prop_assert!(hits.iter().any(|(n, _)| *n == source as u64));
        }
    }
}
