//! The ready-made `Compacts` and `Records` jobs: every game of a
//! collection as a `CompactTree` or a `GameRecord`, the same as the
//! library makes of each game, in input order for any number of jobs,
//! with its span and charset; repaired, refused and given-up games.

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "support/collection.rs"]
mod support;

use std::ops::Range;

use sgf_stream::formats::{self, Format};
use sgf_stream::game::{GameCollector, GameRecord};
use sgf_stream::{CompactTree, Parser, ReaderBuilder, SgfTree};
use sgf_tool::collection::{Collection, Compacts, Game, Policy, Records, Source};
use sgf_tool::diagnostics::{Diagnostic, Severity};
use support::{bytes, run, Read};

/// A compact tree as plain data: its bytes, and each node's offset,
/// whether it has a child, and its next sibling.
type Shape = (Vec<u8>, Vec<(usize, bool, Option<usize>)>);

fn shape(tree: &CompactTree) -> Shape {
    let nodes = tree.nodes().map(|node| {
        let sibling = node.next_sibling().map(|n| n.index());
        (node.offset(), node.first_child().is_some(), sibling)
    });
    (tree.source().to_vec(), nodes.collect())
}

/// The shapes, spans and charsets of games made compact, for comparing
/// two readings.
/// An input's games made compact, as plain data: shapes, spans, charsets.
type Shapes = (String, Vec<(Shape, Range<u64>, String)>);

fn shapes(read: &[Read<CompactTree>]) -> Vec<Shapes> {
    let game = |g: &Game<CompactTree>| {
        let charset = g.charset.charset.name().to_string();
        (shape(&g.product), g.span.clone(), charset)
    };
    let input =
        |(name, games, _): &Read<CompactTree>| (name.clone(), games.iter().map(game).collect());
    read.iter().map(input).collect()
}

fn own_bytes(input: &[u8], span: &Range<u64>) -> CompactTree {
    CompactTree::from_bytes(input[span.start as usize..span.end as usize].to_vec()).unwrap()
}

fn names(games: &[Game<CompactTree>]) -> Vec<String> {
    let name = |game: &Game<CompactTree>| {
        let root = game.product.root().unwrap();
        root.get("GN")
            .map_or(String::new(), |v| v.first().text().unwrap().into_owned())
    };
    games.iter().map(name).collect()
}

fn codes(diagnostics: &[Diagnostic]) -> Vec<(&'static str, Severity, u64)> {
    let code = |d: &Diagnostic| (d.code, d.severity, d.position.offset);
    diagnostics.iter().map(code).collect()
}

/// The records the library's collector makes of the events of `input`.
fn collected(mut collector: GameCollector, input: &[u8]) -> Vec<GameRecord> {
    let mut records = Vec::new();
    for event in Parser::new(input) {
        records.extend(collector.push(&event.unwrap()).unwrap());
    }
    records
}

#[test]
fn games_read_as_written_are_compact_over_their_own_bytes() {
    let many: String = (0..300)
        .map(|i| {
            format!(
                "(;GN[g{i}]C[{}];B[aa](;W[bb])(;W[cc]))\n",
                "x".repeat(i % 31)
            )
        })
        .collect();
    let mut shift_jis = b"(;CA[Shift_JIS]GN[sj]PB[".to_vec();
    shift_jis.extend([0x93, 0xfa, 0x96, 0x7b]); // 日本
    shift_jis.extend(b"])");
    let sources = [
        bytes(
            "a.sgf",
            "(;GN[a]C[x\\]y];B[pd](;W[dp])(;W[dd]))\n  (;GN[b])",
        ),
        // Skipped text between games: read leniently, no game repaired.
        bytes("b.sgf", "(;GN[c])junk(;GN[d])"),
        bytes("many.sgf", &many),
        bytes("sj.sgf", &shift_jis),
    ];
    // Small batches: `many.sgf` is cut into many pieces.
    let collection = |jobs| Collection::new().jobs(jobs).target(1024);
    let job = Compacts::new(Policy::StrictThenLenient);
    let one = run(&collection(1), &sources, &job);
    let two = run(&collection(2), &sources, &job);
    assert_eq!(
        shapes(&one),
        shapes(&two),
        "the same games for any number of jobs"
    );
    assert_eq!(names(&one[0].1), ["a", "b"]);
    assert_eq!(names(&one[1].1), ["c", "d"]);
    assert_eq!(codes(&one[1].2), [("skipped_text", Severity::Error, 8)]);
    assert_eq!(one[2].1.len(), 300);
    for (source, (name, games, _)) in sources[..3].iter().zip(&one) {
        let Source::Bytes { bytes: input, .. } = source else {
            unreachable!()
        };
        for game in games {
            assert_eq!(game.charset.charset.name(), "UTF-8");
            // The game's own bytes, its nodes where they are in them.
            let expected = own_bytes(input, &game.span);
            assert_eq!(shape(&game.product), shape(&expected), "{name}");
        }
    }
    // The escape is kept as written.
    let root = one[0].1[0].product.root().unwrap();
    assert_eq!(root.get("C").unwrap().first().as_bytes(), b"x\\]y");
    assert_eq!(one[0].1[1].span, 40..48);
    // A legacy charset: the game's bytes of the UTF-8 text.
    let sj = &one[3].1[0];
    assert_eq!(sj.charset.charset.name(), "Shift_JIS");
    assert_eq!(sj.span, 0..shift_jis.len() as u64);
    let text = "(;CA[Shift_JIS]GN[sj]PB[日本])";
    assert_eq!(
        shape(&sj.product),
        shape(&own_bytes(text.as_bytes(), &(0..text.len() as u64)))
    );
}

#[test]
fn repaired_games_are_compact_over_their_built_trees() {
    let text = "(;GN[clean];B[aa])\n(;GN[merged]C[a]C[b])\n(;GN[lower]AddBlack[aa])\n(GN[node];B[aa])\n(;GN[clean2])\n(;GN[open];B[cc]";
    let sources = [bytes("a.sgf", text)];
    let expected = ReaderBuilder::new()
        .lenient(true)
        .read_collection(text.as_bytes());
    let expected = expected.unwrap().trees;
    for policy in [Policy::Lenient, Policy::StrictThenLenient] {
        let collection = Collection::new().policy(policy);
        let read = run(&collection, &sources, &Compacts::new(policy));
        let games = &read[0].1;
        let gn = ["clean", "merged", "lower", "node", "clean2", "open"];
        assert_eq!(names(games), gn);
        let repaired = [false, true, true, true, false, true];
        for ((game, tree), repaired) in games.iter().zip(&expected).zip(repaired) {
            assert_eq!(
                game.product.to_sgf_trees().unwrap(),
                std::slice::from_ref(tree)
            );
            let made: &[u8] = game.product.source();
            let span = game.span.start as usize..game.span.end as usize;
            if repaired {
                // The built tree, written out.
                assert_eq!(made, tree.to_string().as_bytes(), "{}", tree);
                assert_eq!(
                    shape(&game.product),
                    shape(&CompactTree::from_tree(tree).unwrap())
                );
            } else {
                assert_eq!(made, &text.as_bytes()[span], "{}", tree);
            }
        }
        let codes: Vec<_> = read[0].2.iter().map(|d| d.code).collect();
        assert!(codes.contains(&"merged_property"), "{codes:?}");
        assert!(codes.contains(&"lowercase_identifier"), "{codes:?}");
        assert!(codes.contains(&"missing_close"), "{codes:?}");
        // The last game's span ends at the end of the input.
        assert_eq!(games[5].span.end, text.len() as u64);
    }
}

#[test]
fn a_stream_gives_compacts_of_the_built_trees() {
    let text = "(;GN[a]\n  C[x]  ;B[aa])\n(;GN[b] ; W[bb])";
    let sources = [bytes("a.sgf", text)];
    // No batch may be cut: the input is read as a stream.
    let stream = Collection::new().jobs(1).target(8).max(8);
    let read = run(&stream, &sources, &Compacts::new(Policy::StrictThenLenient));
    let expected = sgf_stream::parse_collection(text.as_bytes()).unwrap();
    let games = &read[0].1;
    assert_eq!(games.len(), 2);
    for (game, tree) in games.iter().zip(&expected) {
        // Not the input's bytes (its layout), the tree written out.
        assert_eq!(&game.product.source()[..], tree.to_string().as_bytes());
    }
    assert_eq!(
        (games[0].span.clone(), games[1].span.clone()),
        (0..23, 24..40)
    );
    assert_eq!(games[1].charset.charset.name(), "UTF-8");
    // The same records from a stream as from a batch.
    let records = run(&stream, &sources, &Records::new(Policy::Lenient));
    let batch = run(&Collection::new(), &sources, &Records::new(Policy::Lenient));
    assert_eq!(records, batch);
    assert_eq!(records[0].1.len(), 2);
}

/// Set in the child process of `standard_input_is_read_as_a_stream`.
const CHILD: &str = "SGF_PRODUCTS_STDIN_CHILD";

#[test]
fn standard_input_is_read_as_a_stream() {
    if std::env::var_os(CHILD).is_some() {
        // The child: what it reads on standard input, on standard output.
        // Standard input is cut into batches where it can be; no batch may
        // be cut here: it is read as a stream.
        let stream = Collection::new().target(8).max(8);
        let read = run(&stream, &[Source::Stdin], &Compacts::new(Policy::Lenient));
        for game in &read[0].1 {
            let source = String::from_utf8(game.product.source().to_vec()).unwrap();
            println!("game {:?} {}..{}", source, game.span.start, game.span.end);
        }
        return;
    }
    use std::io::Write;
    use std::process::{Command, Stdio};
    let text = "(;GN[a]  C[x])\n(;GN[b]C[y]C[z])";
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "standard_input_is_read_as_a_stream",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let out = String::from_utf8(out.stdout).unwrap();
    // (The harness's own line may precede the first game's on its line.)
    let games: Vec<&str> = out
        .lines()
        .filter_map(|l| l.find("game ").map(|at| &l[at..]))
        .collect();
    // Built trees written out: the layout is not kept, the `C` merged.
    assert_eq!(
        games,
        [
            r#"game "(;GN[a]C[x])" 0..14"#,
            r#"game "(;GN[b]C[y\n\nz])" 15..31"#
        ]
    );
}

#[test]
fn refused_games_give_no_compact_and_no_record() {
    let text = "(;GN[a]HA[2])(;GN[b]C[x]C[y];B[aa](;W[bb])(;W[cc]))(;GN[c]KM[six];B[aa])(;GN[d]AP[YuanYu])";
    let sources = [bytes("a.sgf", text)];
    let at = |s: &str| text.find(s).unwrap() as u64;
    let strict = Collection::new().policy(Policy::Strict);
    // The strict builder refuses the repeated `C`.
    let compacts = run(&strict, &sources, &Compacts::new(Policy::Strict));
    assert_eq!(names(&compacts[0].1), ["a", "c", "d"]);
    let c = &compacts[0].1[1];
    assert_eq!(c.span, at("(;GN[c]")..at("(;GN[d]"));
    assert_eq!(
        codes(&compacts[0].2),
        [("repeated_property", Severity::Error, at("C[y]"))]
    );
    // The strict collector refuses `KM[six]` and `AP` without `:`.
    let records = run(&strict, &sources, &Records::new(Policy::Strict));
    let (_, games, diagnostics) = &records[0];
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].product.info.handicap, Some(2));
    assert_eq!(games[1].span, at("(;GN[b]")..at("(;GN[c]"));
    assert_eq!(
        codes(diagnostics),
        [
            ("bad_value", Severity::Error, at("six")),
            ("bad_value", Severity::Error, at("YuanYu")),
        ]
    );
    assert!(diagnostics[0]
        .message
        .starts_with("`KM` value 0: not a real number"));
    // The tolerant collector takes `AP` with a warning, in the record.
    let tolerant = Collection::new().policy(Policy::StrictThenLenient);
    let records = run(
        &tolerant,
        &sources,
        &Records::new(Policy::StrictThenLenient),
    );
    let (_, games, diagnostics) = &records[0];
    assert_eq!(games.len(), 3);
    assert_eq!(
        games[2].product.info.application,
        Some(("YuanYu".into(), String::new()))
    );
    assert_eq!(games[2].product.warnings[0].property, "AP");
    assert_eq!(
        codes(diagnostics),
        [("bad_value", Severity::Error, at("six"))]
    );
    // The same records as the library's collector over the events.
    let library = collected(
        GameCollector::new(),
        b"(;GN[a]HA[2])(;GN[b]C[x]C[y];B[aa](;W[bb])(;W[cc]))(;GN[d]AP[YuanYu])",
    );
    let made: Vec<&GameRecord> = games.iter().map(|g| &g.product).collect();
    assert_eq!(made, library.iter().collect::<Vec<_>>());
}

#[test]
fn games_the_reader_gives_up_give_no_compact_and_no_record() {
    let long = "x".repeat(100);
    let text = format!("(;GN[a])(;GN[b]C[{long}];B[aa])(;GN[c];B[cc])");
    let sources = [bytes("a.sgf", &text)];
    let reader = ReaderBuilder::new().max_value_len(50);
    let c = text.rfind("(;GN[c]").unwrap() as u64;
    let batch = Collection::new().policy(Policy::Lenient).reader(reader);
    let stream = batch.clone().jobs(1).target(8).max(8);
    for (what, collection) in [("batch", batch), ("stream", stream)] {
        let compacts = run(&collection, &sources, &Compacts::new(Policy::Lenient));
        assert_eq!(names(&compacts[0].1), ["a", "c"], "{what}");
        assert_eq!(compacts[0].1[1].span, c..text.len() as u64, "{what}");
        let codes: Vec<_> = compacts[0].2.iter().map(|d| d.code).collect();
        assert!(codes.contains(&"skipped_game_tree"), "{what}: {codes:?}");
        let records = run(&collection, &sources, &Records::new(Policy::Lenient));
        let games = &records[0].1;
        assert_eq!(games.len(), 2, "{what}");
        assert_eq!(games[1].span, c..text.len() as u64, "{what}");
        assert_eq!(games[1].product.moves.len(), 1, "{what}");
    }
}

#[test]
fn a_converted_record_is_compact_over_its_sgf_text() {
    let ugf = "[Header]\nSize=9\nPlayerB=Black,1d\n[Data]\nEE,B1,1,0\nCC,W2,2,0\n";
    let sources = [bytes("a.ugf", ugf)];
    let converted = formats::to_sgf(Format::Ugf, ugf.as_bytes()).unwrap();
    let sgf = converted.sgf().as_bytes();
    let compacts = run(
        &Collection::new(),
        &sources,
        &Compacts::new(Policy::Lenient),
    );
    let games = &compacts[0].1;
    assert_eq!(games.len(), 1);
    // The record's SGF text, which the events' spans count in.
    let whole = sgf.len() - usize::from(sgf.ends_with(b"\n"));
    assert_eq!(&games[0].product.source()[..], &sgf[..whole]);
    let records = run(&Collection::new(), &sources, &Records::new(Policy::Lenient));
    assert_eq!(records[0].1.len(), 1);
    assert_eq!(
        records[0].1[0].product,
        collected(GameCollector::new(), sgf)[0]
    );
    assert_eq!(records[0].1[0].product.moves.len(), 2);
}

#[test]
fn records_over_bytes_are_the_collectors_with_moves_or_without() {
    let text =
        "(;SZ[9]PB[Honinbo]KM[6.5];B[ee](;W[tt])(;W[cc]))\n(;B[pd];W[dp];B[pp])(;HA[7.5]RE[W+R])";
    let sources = [bytes("a.sgf", text), bytes("b.sgf", "(;GN[x];B[aa])")];
    for moves in [true, false] {
        let job = Records::new(Policy::StrictThenLenient).moves(moves);
        let one = run(&Collection::new().jobs(1), &sources, &job);
        let two = run(&Collection::new().jobs(2), &sources, &job);
        assert_eq!(one, two);
        let collector = || match moves {
            true => GameCollector::new(),
            false => GameCollector::new().without_moves(),
        };
        let made: Vec<GameRecord> = one[0].1.iter().map(|g| g.product.clone()).collect();
        assert_eq!(made, collected(collector(), text.as_bytes()));
        assert_eq!(made[0].moves.len(), if moves { 2 } else { 0 });
        // `HA[7.5]` is tolerated (rounded down), with a warning.
        assert_eq!(made[2].info.handicap, Some(7));
        assert_eq!(made[2].warnings.len(), 1);
        let spans: Vec<_> = one[0].1.iter().map(|g| g.span.clone()).collect();
        assert_eq!(spans, [0..48, 49..69, 69..86]);
        assert_eq!(one[1].1[0].product.moves.len(), usize::from(moves));
    }
}

#[test]
fn every_corpus_file_gives_the_compacts_and_records_the_library_makes() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let files = &files[..files.len().min(400)];
    let sources: Vec<Source> = files.iter().cloned().map(Source::Path).collect();
    let collection = |jobs| Collection::new().jobs(jobs);
    let policy = Policy::StrictThenLenient;
    let compacts = run(&collection(1), &sources, &Compacts::new(policy));
    assert_eq!(
        shapes(&compacts),
        shapes(&run(&collection(2), &sources, &Compacts::new(policy)))
    );
    let records = run(&collection(1), &sources, &Records::new(policy));
    assert_eq!(
        records,
        run(&collection(2), &sources, &Records::new(policy))
    );
    assert_eq!((compacts.len(), records.len()), (files.len(), files.len()));
    let (mut own, mut games, mut compared) = (0, 0, 0);
    for ((file, compacts), records) in files.iter().zip(&compacts).zip(&records) {
        let name = &compacts.0;
        assert_eq!(name, &file.display().to_string());
        let input = std::fs::read(file).unwrap();
        let trees = ReaderBuilder::new().lenient(true).read_collection(&input);
        let trees: Vec<SgfTree> = trees.unwrap().trees;
        assert_eq!(compacts.1.len(), trees.len(), "{name}");
        for (game, tree) in compacts.1.iter().zip(&trees) {
            assert_eq!(
                game.product.to_sgf_trees().unwrap(),
                std::slice::from_ref(tree),
                "{name}"
            );
            let span = game.span.start as usize..game.span.end as usize;
            if game.charset.charset.name() == "UTF-8" && input[span.end - 1] == b')' {
                assert_eq!(
                    shape(&game.product),
                    shape(&own_bytes(&input, &game.span)),
                    "{name}"
                );
                own += 1;
            }
        }
        games += trees.len();
        // The records of the library's collector over the UTF-8 text.
        let (text, _) = sgf_stream::read::decode_to_utf8(&input);
        if Parser::new(&text).all(|event| event.is_ok()) {
            let made: Vec<&GameRecord> = records.1.iter().map(|g| &g.product).collect();
            let library = collected(GameCollector::new(), &text);
            assert_eq!(made, library.iter().collect::<Vec<_>>(), "{name}");
            let spans: Vec<_> = records.1.iter().map(|g| &g.span).collect();
            let compact_spans: Vec<_> = compacts.1.iter().map(|g| &g.span).collect();
            assert_eq!(spans, compact_spans, "{name}");
            compared += 1;
        }
    }
    assert!(
        games >= files.len() && own * 2 >= games,
        "{own} of {games} games over their own bytes"
    );
    assert!(
        compared * 2 >= files.len(),
        "{compared} files' records compared"
    );
}
