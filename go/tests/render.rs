//! Diagrams: the SVG is XML with one stone element per stone of the
//! replayed position, PNGs decode at the asked size, every board size
//! renders, and the committed snapshots of each style still match.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sgf_go::render::{Coordinates, Diagram, Mark, Markup, Position, Region, Style};
use sgf_go::{Board, ReplayOptions};
use sgf_stream::typed::{BoardSize, Color, Point};

/// The workspace's folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn lenient() -> ReplayOptions {
    ReplayOptions::new().lenient(true).check_turn(false)
}

/// The stones of an SVG without coordinates: each `<circle class="stone
/// …">`'s point, from its centre (the first point is 60 units from the
/// edge, points are 100 apart), by colour.
fn stones_in(svg: &str) -> BTreeSet<(Point, Color)> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let mut found = BTreeSet::new();
    for node in doc.descendants().filter(|n| n.has_tag_name("circle")) {
        let Some(class) = node.attribute("class").filter(|c| c.starts_with("stone ")) else {
            continue;
        };
        let at = |name: &str| -> u8 {
            let v: f64 = node.attribute(name).unwrap().parse().unwrap();
            assert_eq!((v - 60.0) % 100.0, 0.0, "{name}={v}");
            ((v - 60.0) / 100.0) as u8
        };
        let color = match class {
            "stone black" => Color::Black,
            "stone white" => Color::White,
            other => panic!("class {other}"),
        };
        assert!(
            found.insert((Point::new(at("cx"), at("cy")), color)),
            "two stones on a point"
        );
    }
    found
}

fn stones_of(board: &Board) -> BTreeSet<(Point, Color)> {
    board.stones().collect()
}

#[test]
fn one_stone_element_per_stone_on_sample_games_captures_included() {
    let mut captures = 0;
    let mut checked = 0;
    for name in ["game1.sgf", "game2.sgf", "collection.sgf", "variations.sgf"] {
        let text = std::fs::read(root().join("tests/data").join(name)).unwrap();
        for tree in sgf_stream::parse_collection(&text).unwrap() {
            let mut position = Position::new(lenient());
            let nodes: Vec<_> = tree.main_line().collect();
            for (i, node) in nodes.iter().enumerate() {
                captures += position.play_node(node).unwrap().captured;
                // Every fifth position and the last, to keep the test short.
                if i % 5 != 0 && i + 1 != nodes.len() {
                    continue;
                }
                let svg = position
                    .diagram()
                    .coordinates(Coordinates::None)
                    .numbers(1..=400)
                    .to_svg();
                assert_eq!(stones_in(&svg), stones_of(position.board()));
                checked += 1;
            }
        }
    }
    assert!(captures > 10, "the samples capture stones: {captures}");
    assert!(checked > 100, "{checked}");
}

#[test]
fn numbers_in_the_range_are_on_their_stones() {
    let tree = sgf_stream::parse("(;SZ[9];B[ee];W[ec];B[ce];W[cc];B[gg])").unwrap();
    let position = Position::replay(tree.main_line(), ReplayOptions::new()).unwrap();
    let svg = position.diagram().numbers(2..=4).to_svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("text"))
        .filter_map(|n| n.attribute("aria-label"))
        .collect();
    assert_eq!(labels, ["2", "3", "4"]);
    // Move 5 is the last: not numbered, so marked.
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("last"))
            .count(),
        1
    );
}

#[test]
fn the_start_of_a_handicap_game_shows_its_stones() {
    let text = std::fs::read(root().join("tests/data/game2.sgf")).unwrap();
    let tree = sgf_stream::parse(&text).unwrap();
    let start = Position::at_move(tree.main_line(), Some(0), lenient()).unwrap();
    let svg = start.diagram().coordinates(Coordinates::None).to_svg();
    let expected: BTreeSet<_> = [
        (Point::new(3, 15), Color::Black),
        (Point::new(15, 3), Color::Black),
    ]
    .into();
    assert_eq!(stones_in(&svg), expected);
    assert!(!svg.contains("class=\"last\""));
}

#[test]
fn markup_is_drawn_and_its_text_escaped() {
    let tree = sgf_stream::parse(
        "(;SZ[9]AB[cc]AW[dd];B[ee]LB[aa:<&>][cc:1]TR[dd]SQ[ff]CR[gg]MA[hh]DD[ii][cc])",
    )
    .unwrap();
    let position = Position::replay(tree.main_line(), ReplayOptions::new()).unwrap();
    let svg = position.diagram().to_svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let labels: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("aria-label"))
        .collect();
    assert_eq!(labels, ["<&>", "1"]);
    assert!(svg.contains("aria-label=\"&lt;&amp;&gt;\""));
    for class in [
        "mark triangle",
        "mark square",
        "mark circle",
        "mark cross",
        "dimmed",
        "last",
    ] {
        let count = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count();
        assert_eq!(count, 1, "{class}");
    }
}

#[test]
fn a_view_shows_its_region_only() {
    let tree = sgf_stream::parse("(;SZ[19]VW[pa:sd]AB[pd][dd]AW[qc][dp])").unwrap();
    let position = Position::replay(tree.main_line(), ReplayOptions::new()).unwrap();
    let svg = position.diagram().coordinates(Coordinates::Four).to_svg();
    assert_eq!(svg.matches("class=\"stone ").count(), 2);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // Four columns (P to T) by four rows (19 to 16), coordinates on four sides.
    let coordinates = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("coordinates"))
        .unwrap();
    assert!(coordinates.attribute("d").unwrap().len() > 100);
    let (w, h) = position.diagram().pixels();
    assert_eq!((w, h), (600, 600));
    let whole = position
        .diagram()
        .region(Some(Region::whole(BoardSize::square(19))));
    assert_eq!(whole.to_svg().matches("class=\"stone ").count(), 4);
}

/// Every number in the SVG is whole tenths: no float formatting.
fn assert_plain_numbers(svg: &str) {
    for token in svg.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == 'E')) {
        if token.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            let (whole, tenth) = token.split_once('.').unwrap_or((token, ""));
            assert!(whole.bytes().all(|b| b.is_ascii_digit()), "{token}");
            assert!(
                tenth.len() <= 1 && tenth.bytes().all(|b| b.is_ascii_digit()),
                "{token}"
            );
        }
    }
}

#[test]
fn every_board_size_renders_without_panic() {
    let mut sizes: Vec<(u8, u8)> = (1..=52).map(|n| (n, n)).collect();
    sizes.extend([(1, 52), (52, 1), (2, 3), (19, 9), (5, 37), (52, 13)]);
    for (cols, rows) in sizes {
        let size = BoardSize { cols, rows };
        let mut board = Board::new(size);
        let corner = Point::new(cols - 1, rows - 1);
        board.set(Point::new(0, 0), Some(Color::Black));
        board.set(corner, Some(Color::White));
        let markup = Markup {
            labels: vec![(corner, "xyz".into())],
            marks: vec![(Point::new(0, 0), Mark::Circle)],
            dimmed: vec![corner],
        };
        for coordinates in [Coordinates::None, Coordinates::Two, Coordinates::Four] {
            let svg = Diagram::new(&board)
                .coordinates(coordinates)
                .markup(&markup)
                .last_move(Some(corner))
                .region(Some(Region {
                    left: 0,
                    top: 0,
                    right: 60,
                    bottom: 2,
                }))
                .to_svg();
            roxmltree::Document::parse(&svg).expect("XML");
            assert_plain_numbers(&svg);
            let expected = if rows <= 3 {
                1 + usize::from(cols * rows > 1)
            } else {
                1
            };
            assert_eq!(
                svg.matches("class=\"stone ").count(),
                expected,
                "{cols}x{rows}"
            );
        }
    }
}

#[test]
fn the_same_diagram_gives_the_same_bytes() {
    let text = std::fs::read(root().join("tests/data/game1.sgf")).unwrap();
    let tree = sgf_stream::parse(&text).unwrap();
    let svg = || {
        let position = Position::at_move(tree.main_line(), Some(80), lenient()).unwrap();
        let diagram = position
            .diagram()
            .numbers(60..=80)
            .coordinates(Coordinates::Four);
        diagram.to_svg()
    };
    let first = svg();
    assert_eq!(first, svg());
    assert_plain_numbers(&first);
}

/// The snapshot `name` in `go/tests/data/`: each was checked by eye,
/// drawn as PNG (the stones, numbers, marks and notes of
/// `SNAPSHOT_GAME` worked out by hand). `UPDATE_SNAPSHOTS=1` writes them
/// anew.
fn snapshot(name: &str, svg: &str) {
    let path = root().join("go/tests/data").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, svg).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert!(
        expected == svg,
        "{name} changed; look at it, then UPDATE_SNAPSHOTS=1"
    );
}

/// A small problem with every kind of markup, a capture and a ko retaken.
const SNAPSHOT_GAME: &str = "(;GM[1]FF[4]SZ[9]AB[ba][ab][bc][ee]AW[ca][bb][db][cc][ge]\
    ;B[cb];W[gg];B[dd];W[bb];B[gc];W[ec];B[cb]LB[fg:a][hc:B]TR[ge]SQ[dd]CR[gg]MA[ec]DD[ih])";

#[test]
fn snapshot_of_each_style() {
    let tree = sgf_stream::parse(SNAPSHOT_GAME).unwrap();
    let position = Position::replay(tree.main_line(), ReplayOptions::new()).unwrap();
    let wood = position.diagram().numbers(1..=7).size_px(360).to_svg();
    snapshot("wood.svg", &wood);
    let book = position
        .diagram()
        .style(Style::Book)
        .coordinates(Coordinates::Four)
        .numbers(4..=7)
        .size_px(360)
        .to_svg();
    snapshot("book.svg", &book);
}

#[test]
fn corpus_games_render() {
    let corpus = root().join("../shared/corpus");
    if !corpus.exists() {
        eprintln!("note: {} is absent; skipping this test", corpus.display());
        return;
    }
    let mut files = Vec::new();
    let mut pending = vec![corpus];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut rendered = 0;
    for path in &files {
        let text = std::fs::read(path).unwrap();
        let Ok(trees) = sgf_stream::parse_collection(&text) else {
            continue;
        };
        for tree in trees {
            // A game that is not Go, or whose root is broken, has no position.
            let Ok(position) = Position::replay(tree.main_line(), lenient()) else {
                continue;
            };
            let last = position.moves().last().map_or(0, |m| m.number);
            let svg = position
                .diagram()
                .numbers(last.saturating_sub(30)..=last)
                .coordinates(Coordinates::Four)
                .to_svg();
            let view = position.view();
            let shown = position
                .board()
                .stones()
                .filter(|&(p, _)| view.map_or(true, |r| r.contains(p)))
                .count();
            let found = svg.matches("class=\"stone ").count();
            assert_eq!(found, shown, "{}", path.display());
            rendered += 1;
        }
    }
    assert!(
        rendered > files.len() / 2,
        "{rendered} of {} files",
        files.len()
    );
}

#[cfg(feature = "png")]
mod png_output {
    use super::*;

    /// The size and the RGB pixels of a PNG (a palette expanded).
    fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut decoder = png::Decoder::new(png);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        assert_eq!(reader.output_color_type().0, png::ColorType::Rgb);
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    #[test]
    fn pngs_decode_at_the_asked_size() {
        let text = std::fs::read(root().join("tests/data/game1.sgf")).unwrap();
        let tree = sgf_stream::parse(&text).unwrap();
        let position = Position::at_move(tree.main_line(), Some(100), lenient()).unwrap();
        for px in [64, 300, 777] {
            let diagram = position.diagram().numbers(80..=100).size_px(px);
            let (w, h, pixels) = decode(&diagram.to_png().unwrap());
            // Notes under the board make it taller than wide.
            assert_eq!((w, h), diagram.pixels());
            assert_eq!(h, px);
            assert!(w < px);
            assert_eq!(diagram.to_png().unwrap(), diagram.to_png().unwrap());
            // Not blank: black stones and the board's colour are both there.
            assert!(pixels.chunks(3).any(|p| p == [0, 0, 0]));
            assert!(pixels.chunks(3).any(|p| p == [0xdc, 0xb3, 0x5c]));
        }
        let wide = Board::new(BoardSize { cols: 13, rows: 5 });
        let animated = {
            let mut animation = sgf_go::render::Animation::new(100);
            let mut position = Position::new(lenient());
            for node in tree.main_line().take(30) {
                position.play_node(&node).unwrap();
                animation.push(&position.diagram().size_px(100)).unwrap();
            }
            assert!(animation.push(&Diagram::new(&wide).size_px(100)).is_err());
            animation.finish().unwrap()
        };
        let mut reader = png::Decoder::new(&animated[..]).read_info().unwrap();
        let control = reader.info().animation_control.unwrap();
        assert_eq!((control.num_frames, control.num_plays), (30, 1));
        let mut buf = vec![0; reader.output_buffer_size()];
        for _ in 0..30 {
            let frame = reader.next_frame(&mut buf).unwrap();
            assert!(frame.width <= 100 && frame.height <= 100);
        }
        let diagram = Diagram::new(&wide)
            .coordinates(Coordinates::None)
            .size_px(200);
        let (w, h, _) = decode(&diagram.to_png().unwrap());
        assert_eq!((w, h), diagram.pixels());
        assert_eq!(w, 200);
        assert!(h < 100);
    }
}
