//! The collection layer as a library: input order for any number of
//! jobs, the policy, failures, and the charset visitors are told, in
//! batches and in streams.

#[allow(dead_code)]
#[path = "support/archives.rs"]
mod archives;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::ops::{ControlFlow, Range};

use sgf_stream::{Charset, Event, ReaderBuilder};
use sgf_tool::collection::{Collection, Ctx, Delivery, Job, Note, Policy, Source, Visit};

/// Records each game's charset as the visitor is told it at the game's
/// `(`, and its move count.
struct Games;

#[derive(Default)]
struct Record {
    depth: u32,
    games: Vec<(Charset, u32)>,
}

impl Visit for Record {
    type Out = Vec<(Charset, u32)>;

    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, _: &mut Vec<Note>) {
        match event {
            Event::StartGameTree => {
                if self.depth == 0 {
                    self.games.push((ctx.charset(span.start).charset, 0));
                }
                self.depth += 1;
            }
            Event::EndGameTree => self.depth -= 1,
            Event::Property(id, _) if *id == "B" || *id == "W" => {
                if let Some(game) = self.games.last_mut() {
                    game.1 += 1;
                }
            }
            _ => {}
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Self::Out {
        std::mem::take(&mut self.games)
    }

    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        self.games.pop();
    }
}

impl Job for Games {
    type Visitor = Record;

    fn visitor(&self) -> Record {
        Record::default()
    }
}

fn games_of(collection: &Collection, sources: &[Source]) -> Vec<(String, Charset, u32)> {
    let mut out = Vec::new();
    collection.run(sources, &Games, |delivery| {
        if let Delivery::Piece(input, done) = delivery {
            for (charset, moves) in done.out {
                out.push((input.name.clone(), charset, moves));
            }
        }
        ControlFlow::Continue(())
    });
    out
}

/// A UTF-8 game and a Shift_JIS one, each declaring its charset.
fn two_charsets() -> Vec<u8> {
    let mut bytes = b"(;CA[UTF-8]C[\xe8\xa1\xa8];B[aa];W[bb])\n".to_vec();
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]C[表];B[cc])\n");
    bytes.extend_from_slice(&sjis);
    bytes
}

#[test]
fn each_game_is_told_its_own_charset_in_batches_and_in_streams() {
    let sources = [Source::Bytes {
        name: "two.sgf".into(),
        bytes: two_charsets().into(),
    }];
    let expected = [
        ("two.sgf".to_string(), Charset::Utf8, 2),
        ("two.sgf".to_string(), Charset::ShiftJis, 1),
    ];
    // Read whole, as one batch.
    assert_eq!(games_of(&Collection::new().jobs(1), &sources), expected);
    // Cut into batches of one game each.
    let small = Collection::new().jobs(2).target(8);
    assert_eq!(games_of(&small, &sources), expected);
    // No batch may be cut: the input is read as a stream.
    let stream = Collection::new().jobs(1).target(8).max(8);
    assert_eq!(games_of(&stream, &sources), expected);
}

#[test]
fn games_come_in_input_order_for_any_number_of_jobs() {
    let sources: Vec<Source> = (0..40)
        .map(|i| Source::Bytes {
            name: format!("{i:02}.sgf"),
            bytes: "(;B[aa];W[bb])\n".repeat(i % 7 + 1).into(),
        })
        .collect();
    let one = games_of(&Collection::new().jobs(1), &sources);
    assert_eq!(one.len(), (0..40).map(|i| i % 7 + 1).sum::<usize>());
    for jobs in [2, 3, 8] {
        let collection = Collection::new().jobs(jobs).target(20);
        assert_eq!(games_of(&collection, &sources), one, "{jobs} jobs");
    }
}

#[test]
fn gzip_reads_alike_for_any_number_of_jobs() {
    // Inflated on the cutting thread with one job, ahead of it with more
    // (the file being large enough); cut into many batches, with gzip
    // members back to back. Comments of letters drawn at random keep the
    // gzip large.
    let mut rng = common::generate::Rng::new(12345);
    let mut letter = || char::from(b'a' + rng.range(0, 26) as u8);
    let games: String = (0..3_000)
        .map(|i| {
            let comment: String = (0..400).map(|_| letter()).collect();
            format!("(;C[{i} {comment}];B[aa]{})\n", ";W[bb]".repeat(i % 5))
        })
        .collect();
    let mut gz = archives::gzip(games.as_bytes());
    gz.extend(archives::gzip(b"(;B[cc])"));
    assert!(gz.len() as u64 >= sgf_tool::inputs::INFLATE_AHEAD_FROM);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.sgf.gz");
    std::fs::write(&path, &gz).unwrap();
    let sources = [
        Source::Bytes {
            name: "many.sgf.gz".into(),
            bytes: gz.into(),
        },
        Source::Path(path),
    ];
    let one = games_of(&Collection::new().jobs(1).target(64 << 10), &sources);
    assert_eq!(one.len(), 2 * 3_001);
    assert_eq!(one[3_000].2, 1);
    for jobs in [2, 3] {
        let collection = Collection::new().jobs(jobs).target(64 << 10);
        assert_eq!(games_of(&collection, &sources), one, "{jobs} jobs");
    }
}

#[test]
fn large_gzip_files_in_a_folder_deliver_alike_for_any_number_of_jobs() {
    // `.gz` files too large to inflate whole in a group (inflated and cut
    // as they are found, their batches read by the workers), beside small
    // files, a truncated one and one that is not gzip: the same
    // deliveries in the same order for any number of jobs, also when the
    // caller stops early.
    let mut rng = common::generate::Rng::new(2026);
    let mut letter = || char::from(b'a' + rng.range(0, 26) as u8);
    let dir = tempfile::tempdir().unwrap();
    for i in 0..12 {
        let games: String = (0..40 + 30 * i)
            .map(|g| {
                let comment: String = (0..60).map(|_| letter()).collect();
                format!("(;C[{i} {g} {comment}];B[aa]{})\n", ";W[bb]".repeat(g % 4))
            })
            .collect();
        let gz = archives::gzip(games.as_bytes());
        let name = format!("{i:02}a.sgf.gz");
        match i {
            5 => std::fs::write(dir.path().join(name), &gz[..gz.len() / 2]).unwrap(),
            7 => std::fs::write(dir.path().join(name), games.as_bytes()).unwrap(),
            _ => std::fs::write(dir.path().join(name), &gz).unwrap(),
        }
        std::fs::write(dir.path().join(format!("{i:02}b.sgf")), "(;B[cc])").unwrap();
    }
    let sources = [Source::Path(dir.path().to_path_buf())];
    let one = deliveries_of(&Collection::new().jobs(1).target(4096), &sources);
    let ended = |name: &str, complete: bool| {
        let path = dir.path().join(name);
        one.contains(&format!("end {} {complete}", path.display()))
    };
    assert!(ended("00a.sgf.gz", true) && ended("11a.sgf.gz", true));
    assert!(ended("05a.sgf.gz", false));
    let failed = format!("failed {}", dir.path().join("07a.sgf.gz").display());
    assert!(one.contains(&failed) || ended("07a.sgf.gz", false));
    let pieces = one
        .iter()
        .filter(|line| line.contains("a.sgf.gz: ["))
        .count();
    assert!(
        pieces > 2 * 11,
        "{pieces} pieces: most files are cut in several"
    );
    for jobs in [2, 3, 4] {
        let collection = Collection::new().jobs(jobs).target(4096);
        let got = deliveries_of(&collection, &sources);
        let first = got.iter().zip(&one).position(|(got, want)| got != want);
        assert_eq!((first, got.len()), (None, one.len()), "{jobs} jobs");
        for stop in [1, 40, one.len() / 2] {
            let got = deliveries_until(&collection, &sources, stop);
            assert_eq!(got[..], one[..stop], "{jobs} jobs, stopped after {stop}");
        }
    }
}

/// The first `stop` deliveries of a run, as [`deliveries_of`] tells
/// them; the run is told to stop there.
fn deliveries_until(collection: &Collection, sources: &[Source], stop: usize) -> Vec<String> {
    let mut out = Vec::new();
    collection.run(sources, &Games, |delivery| {
        out.push(match delivery {
            Delivery::Begin(input) => format!("begin {}", input.name),
            Delivery::Piece(input, done) => format!("{}: {:?}", input.name, done.out),
            Delivery::End(input, complete) => format!("end {} {complete}", input.name),
            Delivery::Failed { name, .. } => format!("failed {name}"),
        });
        match out.len() < stop {
            true => ControlFlow::Continue(()),
            false => ControlFlow::Break(()),
        }
    });
    out
}

/// Every delivery of a run, as text: inputs begun and ended (complete or
/// not), failures, and each piece's games.
fn deliveries_of(collection: &Collection, sources: &[Source]) -> Vec<String> {
    deliveries_until(collection, sources, usize::MAX)
}

#[test]
fn small_gzip_files_are_read_whole_in_groups_and_large_ones_as_streams() {
    // Small `.gz` files (read whole, many to a unit of work), larger
    // ones (cut into batches), a broken one and a truncated one, in a
    // folder: the same deliveries, in the same order, for any number of
    // jobs, and the same games as the plain files they hold.
    let dir = tempfile::tempdir().unwrap();
    let gz = dir.path().join("gz");
    let plain = dir.path().join("plain");
    std::fs::create_dir_all(&gz).unwrap();
    std::fs::create_dir_all(&plain).unwrap();
    for i in 0..150 {
        let games = "(;B[aa];W[bb])\n".repeat(1 + i % 7 + 400 * usize::from(i % 50 == 0));
        let name = format!("{i:03}.sgf");
        std::fs::write(plain.join(&name), &games).unwrap();
        std::fs::write(
            gz.join(format!("{name}.gz")),
            archives::gzip(games.as_bytes()),
        )
        .unwrap();
    }
    let whole = archives::gzip("(;B[cc])\n".repeat(300).as_bytes());
    std::fs::write(gz.join("075a.sgf.gz"), &whole[..whole.len() / 2]).unwrap();
    std::fs::write(gz.join("075b.sgf.gz"), "not gzip").unwrap();
    let sources = [Source::Path(gz.clone())];
    let one = deliveries_of(&Collection::new().jobs(1).target(4096), &sources);
    assert!(one.contains(&format!("failed {}", gz.join("075b.sgf.gz").display())));
    assert!(one.contains(&format!("end {} false", gz.join("075a.sgf.gz").display())));
    for jobs in [2, 3] {
        let collection = Collection::new().jobs(jobs).target(4096);
        assert_eq!(deliveries_of(&collection, &sources), one, "{jobs} jobs");
    }
    let games = |folder: &std::path::Path, suffix: &str| {
        let sources = [Source::Path(folder.to_path_buf())];
        let games = games_of(&Collection::new().jobs(2).target(4096), &sources);
        let prefix = format!("{}/", folder.display());
        games
            .into_iter()
            .filter(|(name, ..)| !name.contains("075a") && !name.contains("075b"))
            .map(|(name, charset, moves)| {
                let name = name.trim_start_matches(&prefix).trim_end_matches(suffix);
                (name.to_string(), charset, moves)
            })
            .collect::<Vec<_>>()
    };
    let from_gz = games(&gz, ".gz");
    assert_eq!(
        from_gz.len(),
        (0..150)
            .map(|i| 1 + i % 7 + 400 * usize::from(i % 50 == 0))
            .sum::<usize>()
    );
    assert_eq!(from_gz, games(&plain, ""));
}

#[test]
fn files_read_unsized_after_a_run_of_small_ones_deliver_as_files_sized() {
    // With more than one job, files in a folder are sized until a run of
    // them were small, then read unsized, many to a unit; those that do
    // not fit (larger than the target, or than what their unit has left)
    // are given back and read where they were found, the units of the
    // rest running on. Files that do not open fail in their place. The
    // same deliveries, in the same order, for any number of jobs.
    let dir = tempfile::tempdir().unwrap();
    // Games of 15 bytes: files larger than the target (4096 bytes), files
    // within it but larger than a quarter of it (not small enough for a
    // run), and small ones.
    let size_of = |i: usize| match i {
        _ if i % 97 == 96 => 600,
        100..=109 | 250..=252 => 200,
        _ => 1 + i % 5,
    };
    for i in 0..400 {
        let games = "(;B[aa];W[bb])\n".repeat(size_of(i));
        std::fs::write(dir.path().join(format!("{i:03}.sgf")), games).unwrap();
    }
    // A link to nothing cannot be opened.
    #[cfg(unix)]
    std::os::unix::fs::symlink("nowhere", dir.path().join("150a.sgf")).unwrap();
    let sources = [Source::Path(dir.path().to_path_buf())];
    let one = deliveries_of(&Collection::new().jobs(1).target(4096), &sources);
    let failed = format!("failed {}", dir.path().join("150a.sgf").display());
    assert_eq!(one.contains(&failed), cfg!(unix));
    let ends = one.iter().filter(|line| line.starts_with("end ")).count();
    assert_eq!(ends, 400);
    let games = one.iter().filter(|line| line.contains(": [")).count();
    assert!(games > 400, "the large files come in several pieces");
    for jobs in [2, 3] {
        let collection = Collection::new().jobs(jobs).target(4096);
        let got = deliveries_of(&collection, &sources);
        let first = got.iter().zip(&one).position(|(got, want)| got != want);
        assert_eq!((first, got.len()), (None, one.len()), "{jobs} jobs");
    }
}

#[test]
fn the_largest_target_reads_every_file_whole() {
    // Sizes and the room of a unit are counted without overflow: bytes
    // given before the files, then files not sized, with one job and two.
    let dir = tempfile::tempdir().unwrap();
    for i in 0..80 {
        let games = "(;B[aa];W[bb])\n".repeat(1 + i % 3);
        std::fs::write(dir.path().join(format!("{i:02}.sgf")), games).unwrap();
    }
    let sources = [
        Source::Bytes {
            name: "first.sgf".into(),
            bytes: "(;B[cc])".into(),
        },
        Source::Path(dir.path().to_path_buf()),
    ];
    let want = deliveries_of(&Collection::new().jobs(1), &sources);
    assert_eq!(want.len(), 3 * 81);
    for jobs in [1, 2] {
        let collection = Collection::new().jobs(jobs).target(usize::MAX);
        assert_eq!(deliveries_of(&collection, &sources), want, "{jobs} jobs");
    }
}

#[test]
fn small_gzip_files_read_whole_deliver_what_their_streams_deliver() {
    // Small `.gz` files are inflated whole by the unit that reads their
    // group; those it cannot read so (larger inflated than the target,
    // damaged, not gzip) are read again as streams. Each delivers what
    // its bytes deliver given in memory, read as a stream (named alike:
    // both are told their format by a look).
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let game = |i: usize| format!("(;C[{i}];B[aa];W[bb])\n");
    for i in 0..40 {
        let games: String = (0..1 + i % 5).map(game).collect();
        files.push((format!("{i:02}.sgf.gz"), archives::gzip(games.as_bytes())));
    }
    // Inflates far past the target from a few bytes: read again.
    let big = format!("(;C[{}];B[aa])\n(;W[bb])\n", "x".repeat(20_000));
    files.push(("40-big.sgf.gz".into(), archives::gzip(big.as_bytes())));
    // Two members; a member and trailing zeros; a member cut short; not
    // gzip; an empty file; a member whose checksum is wrong.
    let mut two = archives::gzip(game(1).as_bytes());
    two.extend(archives::gzip(game(2).as_bytes()));
    files.push(("41-two.sgf.gz".into(), two));
    let mut trailing = archives::gzip(game(3).as_bytes());
    trailing.extend([0; 8]);
    files.push(("42-trailing.sgf.gz".into(), trailing));
    let whole = archives::gzip(&big.as_bytes()[..900]);
    files.push(("43-cut.sgf.gz".into(), whole[..whole.len() - 5].to_vec()));
    files.push(("44-not.sgf.gz".into(), b"(;B[aa])".to_vec()));
    files.push(("45-empty.sgf.gz".into(), Vec::new()));
    let mut bad_sum = archives::gzip(game(4).as_bytes());
    let at = bad_sum.len() - 8;
    bad_sum[at] ^= 1;
    files.push(("46-sum.sgf.gz".into(), bad_sum));
    for (name, bytes) in &files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let named: Vec<Source> = files
        .iter()
        .map(|(name, _)| Source::Path(dir.path().join(name)))
        .collect();
    let in_memory: Vec<Source> = files
        .iter()
        .map(|(name, bytes)| Source::Bytes {
            name: dir.path().join(name).display().to_string(),
            bytes: bytes.clone().into(),
        })
        .collect();
    let folder = [Source::Path(dir.path().to_path_buf())];
    let one = deliveries_of(&Collection::new().jobs(1).target(4096), &folder);
    for jobs in [1, 2, 3] {
        let collection = Collection::new().jobs(jobs).target(4096);
        let expected = deliveries_of(&collection, &in_memory);
        assert_eq!(
            expected.iter().filter(|l| l.starts_with("failed")).count(),
            5
        );
        assert!(expected.iter().filter(|l| l.contains("40-big")).count() > 3);
        assert!(
            deliveries_of(&collection, &named) == expected,
            "{jobs} jobs"
        );
        assert!(deliveries_of(&collection, &folder) == one, "{jobs} jobs");
    }
    // Each is named as the stream it holds: no `.gz`, no file to rewrite.
    let mut inputs = Vec::new();
    Collection::new().jobs(2).run(&folder, &Games, |delivery| {
        if let Delivery::Begin(input) = delivery {
            inputs.push((input.rel.clone(), input.path.clone()));
        }
        ControlFlow::Continue(())
    });
    assert_eq!(inputs.len(), files.len());
    assert!(inputs.contains(&("00.sgf".into(), None)));
    assert!(inputs
        .iter()
        .all(|(rel, path)| path.is_none() && rel.extension().unwrap() == "sgf"));
}

#[test]
fn small_zip_members_read_whole_deliver_what_the_zip_crate_reads() {
    // Small zip members are handed over as stored and inflated whole by
    // the unit that reads their group; one larger inflated than the
    // target or damaged is read again as a stream in its place. The games
    // are those of a tar of the same members (read by the walker), for
    // any number of jobs; a damaged member fails, named, and the rest is
    // read.
    let game = |i: usize| format!("(;C[{i}];B[aa];W[bb])\n");
    let mut members: Vec<(String, Vec<u8>)> = (0..40)
        .map(|i| {
            (
                format!("g/{i:02}.sgf"),
                (0..1 + i % 4).map(game).collect::<String>().into_bytes(),
            )
        })
        .collect();
    let big = format!("(;C[{}];B[aa])\n(;W[bb])\n", "x".repeat(20_000));
    members.push(("g/40-big.sgf".into(), big.into_bytes()));
    members.push(("g/41-notes.txt".into(), b"not a game".to_vec()));
    let list: Vec<(&str, &[u8])> = members.iter().map(|(n, b)| (n.as_str(), &b[..])).collect();
    let deflated = archives::zip_bytes(&list, zip::CompressionMethod::Deflated);
    let stored = archives::zip_bytes(&list, zip::CompressionMethod::Stored);
    let tar = archives::tar_bytes(&list);
    // The first member's data damaged: its checksum no longer matches.
    let mut damaged = stored.clone();
    let at = damaged.windows(2).position(|w| w == b"(;").unwrap() + 3;
    damaged[at] ^= 0x01;
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in [
        ("d.zip", &deflated),
        ("s.zip", &stored),
        ("t.tar", &tar),
        ("x.zip", &damaged),
    ] {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let archive = |name: &str| [Source::Path(dir.path().join(name))];
    // Deliveries with the archive's name left out.
    let read = |jobs: usize, name: &str| {
        let prefix = format!("{}/", dir.path().join(name).display());
        let collection = Collection::new()
            .jobs(jobs)
            .target(4096)
            .member_separator('/');
        let lines = deliveries_of(&collection, &archive(name));
        lines
            .into_iter()
            .map(|line| line.replace(&prefix, ""))
            .collect::<Vec<_>>()
    };
    let expected = read(1, "t.tar");
    assert_eq!(
        expected
            .iter()
            .filter(|line| line.starts_with("begin"))
            .count(),
        41
    );
    assert!(
        expected
            .iter()
            .filter(|line| line.contains("40-big"))
            .count()
            > 3
    );
    for jobs in [1, 2, 3] {
        assert_eq!(read(jobs, "d.zip"), expected, "deflated, {jobs} jobs");
        assert_eq!(read(jobs, "s.zip"), expected, "stored, {jobs} jobs");
        let damaged = read(jobs, "x.zip");
        let failed = ["begin g/00.sgf", "failed g/00.sgf", "end g/00.sgf false"];
        assert_eq!(damaged[..3], failed, "{jobs} jobs");
        assert_eq!(damaged[3..], expected[3..], "{jobs} jobs");
    }
}

#[test]
fn files_of_a_folder_read_alike_sized_first_or_not() {
    // With one job the files of a folder are read without a look at
    // their sizes first: a small one read whole, one larger than the
    // batch target read again and cut into batches. The deliveries are
    // those of two jobs (which size them first) and of each file named
    // directly (whose size is known).
    let dir = tempfile::tempdir().unwrap();
    // A game of `n` bytes, its comment filling it out.
    let game = |n: usize| format!("(;B[aa]C[{}])\n", "x".repeat(n - 12));
    // Files around the target (4096 bytes) and far past it.
    let files: Vec<String> = vec![
        game(100),
        game(4095),
        game(4096),
        game(4097),
        game(1000).repeat(30),
        game(2000) + &game(3000),
        game(50).repeat(3),
        game(200_000),
        String::new(),
    ];
    let mut names = Vec::new();
    for (i, text) in files.iter().enumerate() {
        let name = format!("{i:02}.sgf");
        std::fs::write(dir.path().join(&name), text).unwrap();
        names.push(name);
    }
    let folder = [Source::Path(dir.path().to_path_buf())];
    let named: Vec<Source> = names
        .iter()
        .map(|name| Source::Path(dir.path().join(name)))
        .collect();
    let one = deliveries_of(&Collection::new().jobs(1).target(4096), &folder);
    let begun = one.iter().filter(|line| line.starts_with("begin")).count();
    assert_eq!(begun, files.len());
    assert_eq!(
        deliveries_of(&Collection::new().jobs(2).target(4096), &folder),
        one
    );
    assert_eq!(
        deliveries_of(&Collection::new().jobs(1).target(4096), &named),
        one
    );
    // The file of 30 games is cut into several pieces.
    let cut = one.iter().filter(|line| line.contains("04.sgf: "));
    assert!(cut.count() > 3);
}

#[test]
fn strict_stops_an_input_at_its_first_error_and_lenient_repairs() {
    let sources = [
        Source::Bytes {
            name: "bad.sgf".into(),
            bytes: "(;B[aa])(;B[bb]C[x]]B[cc])(;W[dd])".into(),
        },
        Source::Bytes {
            name: "good.sgf".into(),
            bytes: "(;B[ee])".into(),
        },
    ];
    let mut codes = Vec::new();
    let strict = Collection::new().jobs(1).policy(Policy::Strict);
    let games = {
        let mut games = 0;
        strict.run(&sources, &Games, |delivery| {
            if let Delivery::Piece(input, done) = delivery {
                games += done.games;
                codes.extend(
                    done.diagnostics
                        .iter()
                        .map(|d| (input.name.clone(), d.code)),
                );
            }
            ControlFlow::Continue(())
        });
        games
    };
    // The first game of bad.sgf, then the error; good.sgf is read.
    assert_eq!(games, 2);
    assert_eq!(codes, [("bad.sgf".to_string(), "unexpected_byte")]);
    let lenient = games_of(&Collection::new().jobs(1), &sources);
    assert_eq!(lenient.len(), 4);
}

#[test]
fn an_unreadable_path_is_a_failure_and_the_rest_is_read() {
    let sources = [
        Source::Path("/nonexistent/sgf-tool-test/x.sgf".into()),
        Source::Bytes {
            name: "good.sgf".into(),
            bytes: "(;B[ee])".into(),
        },
    ];
    let mut failed = Vec::new();
    let mut games = 0;
    let totals = Collection::new().jobs(2).run(&sources, &Games, |delivery| {
        match delivery {
            Delivery::Failed { name, .. } => failed.push(name),
            Delivery::Piece(_, done) => games += done.games,
            _ => {}
        }
        ControlFlow::Continue(())
    });
    assert_eq!(failed, ["/nonexistent/sgf-tool-test/x.sgf"]);
    assert_eq!((games, totals.unreadable, totals.files), (1, 1, 1));
}

#[test]
fn iter_gives_what_run_gives_and_stops_when_dropped() {
    let sources: Vec<Source> = (0..20)
        .map(|i| Source::Bytes {
            name: format!("{i}.sgf"),
            bytes: "(;B[aa])".repeat(i + 1).into(),
        })
        .collect();
    let collection = Collection::new().jobs(2);
    let games: u64 = collection
        .iter(sources.clone(), Games)
        .filter_map(|delivery| match delivery {
            Delivery::Piece(_, done) => Some(done.games),
            _ => None,
        })
        .sum();
    assert_eq!(games, (1..=20).sum::<u64>());
    // Taking one delivery and dropping the iterator returns.
    let mut iter = collection.iter(sources, Games);
    assert!(iter.next().is_some());
    drop(iter);
}

#[test]
fn a_game_the_reader_gives_up_is_not_a_game_in_batches_and_in_streams() {
    let sources = [Source::Bytes {
        name: "long.sgf".into(),
        bytes: "(;B[aa])\n(;C[a comment over the limit];B[bb];W[cc])\n(;W[dd];B[ee])\n".into(),
    }];
    let limited = ReaderBuilder::new().max_value_len(16);
    let batch = Collection::new().jobs(1).reader(limited);
    let stream = Collection::new().jobs(1).target(8).max(8).reader(limited);
    for (what, collection) in [("batch", batch), ("stream", stream)] {
        let (mut games, mut counted, mut codes) = (Vec::new(), 0, Vec::new());
        collection.run(&sources, &Games, |delivery| {
            if let Delivery::Piece(_, done) = delivery {
                games.extend(done.out.iter().map(|game| game.1));
                counted += done.games;
                codes.extend(done.diagnostics.iter().map(|d| d.code));
            }
            ControlFlow::Continue(())
        });
        assert_eq!(games, [1, 2], "{what}: the moves of the games kept");
        assert_eq!(counted, 2, "{what}");
        assert_eq!(codes, ["skipped_game_tree"], "{what}");
    }
}
