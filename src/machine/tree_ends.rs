//! The one lexical scan of game ends ([`TreeScan`]) against the machine
//! as an oracle: wherever the machine reads a game to its `)`, the scan
//! from the game's `(` ends just past that `)`, whatever the read size;
//! where the input ends inside a game, the scan finds no end. On the
//! shared corpus (`../shared/corpus`, or `$SGF_SHARED/corpus`; skipped
//! when absent) and on random games.

use super::*;
use crate::lex::TreeScan;
use crate::testing::end_in_steps;
use proptest::prelude::*;

/// What the machine says of each game it starts: where it ends (just
/// past its `)`), or `None` when the input ends inside it. Games after
/// the first error other than a cut input are left out, and so is the
/// game holding that error.
fn machine_games(input: &[u8]) -> Vec<(usize, Option<usize>)> {
    let mut machine = Machine::new(Limits::none());
    let (mut pos, mut games) = (0, Vec::new());
    let mut open = None;
    loop {
        match machine.step(input, &mut pos, true) {
            Step::Token(Token::StartGameTree, start, _) if machine.depth() == 1 => {
                open = Some(start);
            }
            Step::Token(Token::EndGameTree, _, end) if machine.depth() == 0 => {
                games.extend(open.take().map(|start| (start, Some(end))));
            }
            Step::Token(..) | Step::NeedMore => {}
            Step::End => return games,
            Step::Error(kind, _) => {
                let cut = matches!(
                    kind,
                    ErrorKind::UnclosedTree | ErrorKind::UnclosedValue | ErrorKind::EscapeAtEnd
                );
                if cut {
                    games.extend(open.map(|start| (start, None)));
                }
                return games;
            }
        }
    }
}

/// Where the scan from the `(` at `start` ends the game, fed `step` bytes
/// at a time into a buffer that forgets what the scan passed.
fn scanned_end(input: &[u8], start: usize, step: usize) -> Option<usize> {
    end_in_steps(TreeScan::new(0), input, start, step)
}

/// Checks the scan against the machine on `input`; the games compared.
fn check(input: &[u8], steps: &[usize]) -> Result<usize, TestCaseError> {
    let games = machine_games(input);
    for &(start, end) in &games {
        for &step in steps {
            let scanned = scanned_end(input, start, step.max(1));
            prop_assert_eq!(scanned, end, "game at {}, {}-byte steps", start, step);
        }
    }
    Ok(games.len())
}

/// The `.sgf` files below `dir`, in name order.
fn sgf_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let (mut files, mut dirs) = (Vec::new(), vec![dir.to_path_buf()]);
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|ext| ext.eq_ignore_ascii_case("sgf"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn the_scan_ends_the_corpus_games_where_the_machine_does() {
    let shared = std::env::var_os("SGF_SHARED").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
        std::path::PathBuf::from,
    );
    let dir = shared.join("corpus");
    if !dir.is_dir() {
        eprintln!("note: {} is absent; skipping this test", dir.display());
        return;
    }
    let files = sgf_files(&dir);
    assert!(files.len() > 100, "{} files", files.len());
    let mut games = 0;
    for file in &files {
        let input = std::fs::read(file).expect("a readable file");
        games += check(&input, &[input.len(), 4096, 7]).unwrap_or_else(|err| {
            panic!("{}: {err}", file.display());
        });
    }
    assert!(
        games >= files.len(),
        "{games} games in {} files",
        files.len()
    );
}

/// Pieces of SGF: structure, values with parentheses, brackets and
/// escapes in them, moves, whitespace and junk.
const PIECES: [&[u8]; 18] = [
    b"(;",
    b"(",
    b")",
    b";",
    b";B[pd]",
    b"W[dd]",
    b"C[a (b) ;c]",
    b"C[x\\]y]",
    b"C[\\\\]",
    b"GC[((]",
    b"AB[aa][bb]",
    b" [cc]",
    b"\r\n",
    b"\n;W[ab]",
    b"C[open",
    b"\\",
    b"x",
    b"]",
];

fn pieces() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(proptest::sample::select(PIECES.to_vec()), 0..40)
        .prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_scan_ends_random_games_where_the_machine_does(
        body in pieces(),
        step in 1usize..9,
    ) {
        // A game around the pieces (often malformed: then the games up
        // to the error are compared), and a second game after it.
        let input = [b"(;GM[1]".as_slice(), &body, b")\n(;B[aa])"].concat();
        check(&input, &[input.len(), step])?;
        check(&body, &[body.len().max(1), step])?;
    }
}
