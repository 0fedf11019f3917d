//! The ready-made `Trees` job: every game of a collection as an
//! `SgfTree`, the same as the library's own reading of each input, in
//! input order for any number of jobs, with its span and charset.

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "support/collection.rs"]
mod support;

use std::ops::ControlFlow;

use sgf_stream::{ReaderBuilder, SgfTree};
use sgf_tool::collection::{Collection, Delivery, GameTree, Policy, Source, Trees};
use support::bytes;

/// The games of each input, in order: (input name, its games).
fn read(sources: &[Source], policy: Policy, jobs: usize) -> Vec<(String, Vec<GameTree>)> {
    read_with(Collection::new().jobs(jobs).policy(policy), sources, policy)
}

fn read_with(
    collection: Collection,
    sources: &[Source],
    policy: Policy,
) -> Vec<(String, Vec<GameTree>)> {
    let read = support::run(&collection, sources, &Trees::new(policy));
    read.into_iter()
        .map(|(name, games, _)| (name, games))
        .collect()
}

fn names(games: &[GameTree]) -> Vec<String> {
    let name = |tree: &SgfTree| tree.get("GN").map_or(String::new(), |v| v[0].to_string());
    games.iter().map(|game| name(&game.product)).collect()
}

#[test]
fn every_corpus_file_gives_the_trees_the_library_reads_in_it() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let files = &files[..files.len().min(800)];
    let sources: Vec<Source> = files.iter().cloned().map(Source::Path).collect();
    let one = read(&sources, Policy::Lenient, 1);
    let two = read(&sources, Policy::Lenient, 2);
    assert_eq!(one.len(), files.len());
    assert_eq!(one, two, "the same trees for any number of jobs");
    let mut games = 0;
    for (file, (name, read)) in files.iter().zip(&one) {
        assert_eq!(name, &file.display().to_string());
        let input = std::fs::read(file).unwrap();
        let expected = ReaderBuilder::new().lenient(true).read_collection(&input);
        let expected = expected.unwrap().trees;
        let built: Vec<&SgfTree> = read.iter().map(|game| &game.product).collect();
        assert_eq!(built, expected.iter().collect::<Vec<_>>(), "{name}");
        for game in read {
            let span = game.span.start as usize..game.span.end as usize;
            assert!(span.start < span.end && span.end <= input.len(), "{name}");
            assert_eq!(input[span.start], b'(', "{name}: a game starts at its `(`");
            // A game in UTF-8 read again from its span alone.
            if game.charset.charset.name() == "UTF-8" && input[span.end - 1] == b')' {
                let again = ReaderBuilder::new()
                    .lenient(true)
                    .read_collection(&input[span]);
                assert_eq!(
                    again.unwrap().trees,
                    std::slice::from_ref(&game.product),
                    "{name}"
                );
            }
        }
        games += read.len();
    }
    assert!(
        games >= files.len(),
        "{games} games in {} files",
        files.len()
    );
}

#[test]
fn games_of_a_large_input_come_in_order_from_every_batch() {
    let text: String = (0..2_000)
        .map(|i| format!("(;GN[g{i}]C[{}];B[aa];W[bb])\n", "x".repeat(i % 97)))
        .collect();
    let sources = [bytes("big.sgf", &text)];
    // Small batches: the input is cut into many pieces.
    let collection = |jobs| Collection::new().jobs(jobs).target(4096);
    for jobs in [1, 2, 3] {
        let mut pieces = 0;
        collection(jobs).run(&sources, &Trees::new(Policy::Lenient), |delivery| {
            pieces += usize::from(matches!(delivery, Delivery::Piece(..)));
            ControlFlow::Continue(())
        });
        assert!(pieces > 20, "{pieces} pieces");
        let read = read_with(collection(jobs), &sources, Policy::StrictThenLenient);
        assert_eq!(read.len(), 1);
        let expected: Vec<String> = (0..2_000).map(|i| format!("g{i}")).collect();
        assert_eq!(names(&read[0].1), expected, "jobs {jobs}");
        // Spans follow one another: each game ends where its line does.
        let mut at = 0;
        for game in &read[0].1 {
            assert_eq!(game.span.start, at);
            at = game.span.end + 1;
        }
        assert_eq!(at as usize, text.len());
    }
}

#[test]
fn a_strict_builder_refuses_a_game_and_builds_the_others() {
    let text = "(;GN[a])(;GN[b]C[x]C[y];B[aa](;W[bb])(;W[cc]))(;GN[c])";
    let sources = [bytes("a.sgf", text)];
    let mut diagnostics = Vec::new();
    let mut games = Vec::new();
    let collection = Collection::new().policy(Policy::Strict);
    collection.run(&sources, &Trees::new(Policy::Strict), |delivery| {
        if let Delivery::Piece(_, done) = delivery {
            games.extend(done.out);
            diagnostics.extend(done.diagnostics);
        }
        ControlFlow::Continue(())
    });
    assert_eq!(names(&games), ["a", "c"]);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].code, "repeated_property");
    assert_eq!(
        diagnostics[0].position.offset,
        text.find("C[y]").unwrap() as u64
    );
    // Leniently, the values are merged, with a warning.
    let read = read(&sources, Policy::StrictThenLenient, 1);
    assert_eq!(names(&read[0].1), ["a", "b", "c"]);
    assert_eq!(read[0].1[1].product.get("C").unwrap(), ["x\n\ny"]);
}

#[test]
fn a_game_the_reader_gives_up_is_no_tree() {
    let long = "x".repeat(100);
    let text = format!("(;GN[a])(;GN[b]C[{long}];B[aa])(;GN[c])");
    let sources = [bytes("a.sgf", &text)];
    let reader = ReaderBuilder::new().max_value_len(50);
    let collection = Collection::new().policy(Policy::Lenient).reader(reader);
    let mut games = Vec::new();
    let mut codes = Vec::new();
    collection.run(&sources, &Trees::new(Policy::Lenient), |delivery| {
        if let Delivery::Piece(_, done) = delivery {
            codes.extend(done.diagnostics.iter().map(|d| d.code));
            games.extend(done.out);
        }
        ControlFlow::Continue(())
    });
    assert_eq!(names(&games), ["a", "c"]);
    assert!(codes.contains(&"skipped_game_tree"), "{codes:?}");
    let c = text.rfind("(;GN[c])").unwrap() as u64;
    assert_eq!(games[1].span, c..c + 8);
}

#[test]
fn each_game_has_its_charset_and_its_diagnostics() {
    // A game in Shift_JIS (declared), then one in UTF-8 with a repair.
    let mut input = b"(;CA[Shift_JIS]GN[sj]PB[".to_vec();
    input.extend([0x93, 0xfa, 0x96, 0x7b]); // 日本
    input.extend(b"])\n(;GN[u]CA[UTF-8]C[a]C[b])");
    let sources = [Source::Bytes {
        name: "mixed.sgf".into(),
        bytes: input.clone().into(),
    }];
    let mut seen = Vec::new();
    let collection = Collection::new().policy(Policy::StrictThenLenient);
    let trees = Trees::new(Policy::StrictThenLenient);
    collection.run(&sources, &trees, |delivery| {
        if let Delivery::Piece(_, done) = delivery {
            for game in &done.out {
                let codes: Vec<_> = done
                    .diagnostics_in(&game.span)
                    .iter()
                    .map(|d| d.code)
                    .collect();
                let charset = game.charset.charset.name().to_string();
                seen.push((names(std::slice::from_ref(game)), charset, codes));
            }
        }
        ControlFlow::Continue(())
    });
    assert_eq!(seen.len(), 2);
    assert_eq!(
        seen[0],
        (vec!["sj".to_string()], "Shift_JIS".to_string(), vec![])
    );
    assert_eq!(seen[1].1, "UTF-8");
    assert_eq!(seen[1].2, ["merged_property"]);
}

#[test]
fn damaged_corpus_files_give_the_trees_the_lenient_library_reads_in_them() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let mut rng = common::generate::Rng::new(20261202);
    let mut sources = Vec::new();
    for i in 0..300 {
        let mut bytes = std::fs::read(&files[rng.range(0, files.len())]).unwrap();
        common::damage::damage(&mut bytes, &mut rng);
        sources.push(Source::Bytes {
            name: format!("{i}.sgf"),
            bytes: bytes.into(),
        });
    }
    // An identifier longer than 64 bytes breaks a limit: that game is
    // given up.
    let reader = ReaderBuilder::new().max_ident_len(64);
    let collection = |jobs| Collection::new().jobs(jobs).reader(reader);
    let one = read_with(collection(1), &sources, Policy::Lenient);
    let two = read_with(collection(2), &sources, Policy::Lenient);
    assert_eq!(one, two);
    let (mut games, mut given_up) = (0, 0);
    for (source, (name, read)) in sources.iter().zip(&one) {
        let Source::Bytes { bytes, .. } = source else {
            unreachable!()
        };
        let expected = reader.lenient(true).read_collection(bytes).unwrap();
        let built: Vec<&SgfTree> = read.iter().map(|game| &game.product).collect();
        assert_eq!(built, expected.trees.iter().collect::<Vec<_>>(), "{name}");
        games += read.len();
        let skipped = |w: &&sgf_stream::Warning| w.kind().code() == "skipped_game_tree";
        given_up += expected.warnings.iter().filter(skipped).count();
    }
    assert!(
        games >= 200 && given_up >= 20,
        "{games} games, {given_up} given up"
    );
}
