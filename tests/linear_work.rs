//! The work every input path does stays linear in the input's length, on
//! inputs built to provoke quadratic behaviour: an operation count
//! (`sgf_stream::work`, feature `work-count`), never a timing.
//!
//! Each input is measured at two sizes: the work per input byte must stay
//! under a fixed bound at both, and must not grow with the size (a
//! quadratic scan doubles its work per byte when the input doubles). So
//! must the bytes allocated per input byte (a counting allocator), for
//! memory that grows faster than the input.

#[cfg(feature = "work-count")]
mod common;

#[cfg(not(feature = "work-count"))]
#[test]
fn linear_work_needs_the_work_count_feature() {
    eprintln!("note: linear-work checks skipped; run `cargo test --all-features`");
}

/// A count of the bytes each thread allocates, for memory that must stay
/// linear in the input as the work does.
#[cfg(feature = "work-count")]
mod allocated {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local! {
        static ALLOCATED: Cell<u64> = const { Cell::new(0) };
    }

    /// The system allocator, counting the bytes each thread asks for.
    struct Counting;

    fn add(bytes: usize) {
        let _ = ALLOCATED.try_with(|count| count.set(count.get() + bytes as u64));
    }

    // SAFETY: every call goes to the system allocator unchanged.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            add(layout.size());
            // SAFETY: the caller's contract is passed on unchanged.
            unsafe { System.alloc(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: the caller's contract is passed on unchanged.
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            add(new_size);
            // SAFETY: the caller's contract is passed on unchanged.
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    #[global_allocator]
    static ALLOCATOR: Counting = Counting;

    /// The bytes this thread allocated so far (a grown block counts its
    /// new size).
    pub fn on_this_thread() -> u64 {
        ALLOCATED.with(Cell::get)
    }
}

#[cfg(feature = "work-count")]
mod counted {
    use sgf_stream::read::decode_to_utf8;
    use sgf_stream::{
        charset::CharsetMode, compact_games, games, parse_collection, work, Charset, Limits,
        Parser, Reader, ReaderBuilder,
    };

    /// Most work per input byte any path may do.
    const MAX_WORK_PER_BYTE: f64 = 24.0;

    /// Most bytes any path may allocate per input byte (the fixed
    /// buffers of the readers included).
    const MAX_ALLOCATED_PER_BYTE: f64 = 1000.0;

    use crate::allocated;
    use crate::common::Trickle;

    /// A way of reading input, by name.
    type Path = (&'static str, fn(&[u8]));

    /// A family of inputs, by name, as a function of a size.
    type Family = (&'static str, fn(usize) -> Vec<u8>);

    /// Every way of reading `input`, each as a name and a run.
    fn paths() -> Vec<Path> {
        vec![
            ("slice events", |input| {
                Parser::new(input).for_each(drop);
            }),
            ("strict trees", |input| {
                let _ = parse_collection(input);
            }),
            ("lenient events", |input| {
                ReaderBuilder::new()
                    .lenient(true)
                    .from_slice(input)
                    .for_each(drop);
            }),
            ("lenient trees with charset", |input| {
                let options = ReaderBuilder::new().lenient(true);
                let _ = options.read_collection(input);
            }),
            ("charset decoding", |input| {
                let _ = decode_to_utf8(input);
            }),
            ("reader, 1-byte reads, 8 KiB chunks", |input| {
                let mut reader = ReaderBuilder::new().from_reader(Trickle {
                    rest: input,
                    piece: 1,
                });
                while let Ok(Some(_)) = reader.next_event() {}
            }),
            ("reader, 7-byte reads, 16-byte chunks", |input| {
                let source = Trickle {
                    rest: input,
                    piece: 7,
                };
                let mut reader = ReaderBuilder::new().chunk_size(16).from_reader(source);
                while let Ok(Some(_)) = reader.next_event() {}
            }),
            ("charset stage", |input| {
                let mut reader = Reader::from_reader_decoded(input);
                while let Ok(Some(_)) = reader.next_spanned() {}
                reader.take_warnings();
            }),
            ("charset stage, 7-byte reads, 16-byte chunks", |input| {
                let source = Trickle {
                    rest: input,
                    piece: 7,
                };
                let options = ReaderBuilder::new().chunk_size(16);
                let mut reader = options.from_reader_decoded(source);
                while let Ok(Some(_)) = reader.next_event() {}
                reader.take_warnings();
            }),
            ("charset stage as Shift_JIS, 1-byte reads", |input| {
                let source = Trickle {
                    rest: input,
                    piece: 1,
                };
                let options = ReaderBuilder::new().charset(CharsetMode::Fixed(Charset::ShiftJis));
                let mut reader = options.from_reader_decoded(source);
                while let Ok(Some(_)) = reader.next_spanned() {}
                reader.take_warnings();
            }),
            ("push, 1-byte pieces", |input| {
                let mut push = Reader::pushed();
                for byte in input.chunks(1) {
                    push.feed(byte);
                    while let Ok(Some(_)) = push.next_event() {}
                }
                push.finish();
                while let Ok(Some(_)) = push.next_event() {}
            }),
            ("games, 3-byte reads", |input| {
                games(Trickle {
                    rest: input,
                    piece: 3,
                })
                .take_while(Result::is_ok)
                .for_each(drop);
            }),
            ("compact games", |input| {
                compact_games(input)
                    .take_while(Result::is_ok)
                    .for_each(drop);
            }),
            ("validated lenient trees", |input| {
                let options = ReaderBuilder::new().lenient(true);
                for tree in options
                    .read_collection(input)
                    .map_or(Vec::new(), |p| p.trees)
                {
                    drop(tree.validate());
                }
            }),
        ]
    }

    /// Inputs built to be slow, as a name and a function of a size.
    fn families() -> Vec<Family> {
        vec![
            ("run of backslashes", |n| {
                [b"(;C[".as_slice(), &b"\\".repeat(2 * n), b"])"].concat()
            }),
            ("unclosed brackets", |n| {
                [b"(;C".as_slice(), &b"[".repeat(n)].concat()
            }),
            ("open parentheses", |n| b"(".repeat(n)),
            ("deep nodes", |n| b"(;".repeat(n)),
            ("properties in one node", |n| {
                let mut input = b"(;".to_vec();
                for i in 0..n / 8 {
                    input.extend(format!("P{}[x]", ident(i)).bytes());
                }
                input.push(b')');
                input
            }),
            ("sibling variations", |n| {
                [b"(;A[]".as_slice(), &b"(;B[])".repeat(n / 6), b")"].concat()
            }),
            ("stray brackets after text", |n| {
                [b"(;".as_slice(), &b"C[a]]".repeat(n / 5), b")"].concat()
            }),
            ("stray brackets before a close", |n| {
                [b"(;".as_slice(), &b"C[a])];B[aa]".repeat(n / 12), b")"].concat()
            }),
            ("closes followed by text", |n| {
                [b"(;C[a]".as_slice(), &b"(;C[a])x".repeat(n / 8), b")"].concat()
            }),
            ("games without their close", |n| {
                b"(;GM[1];B[aa]\n".repeat(n / 14)
            }),
            ("root nodes in variations", |n| {
                [b"(;GM[1]".as_slice(), &b"(;GM[1]C[x])".repeat(n / 12), b")"].concat()
            }),
            ("stray brackets, no resync", |n| {
                [b"(;C[a]".as_slice(), &b"]x".repeat(n / 2), b")"].concat()
            }),
            ("games swallowed by open values", |n| {
                b"(;C[a(;C[".repeat(n / 9)
            }),
            ("repeated list properties", |n| {
                // Lenient parsing merges each repeat into the first `AB`:
                // a membership test over all earlier values was quadratic.
                let mut input = b"(;".to_vec();
                let mut i = 0;
                while input.len() < n {
                    input.extend(format!("AB[{i}]").bytes());
                    i += 1;
                }
                input.push(b')');
                input
            }),
            ("repeated text property", |n| {
                // Issue 24, item 3: a lenient tree joins each repeat into
                // the first `C`; rewriting the joined text at each repeat
                // was quadratic in time and memory.
                [b"(;".as_slice(), &b"C[x]".repeat(n / 4), b")"].concat()
            }),
            ("repeated unknown property", |n| {
                // An unknown property gets every value of its repeats.
                [b"(;".as_slice(), &b"XX[x]".repeat(n / 5), b")"].concat()
            }),
            ("repeated property after many others", |n| {
                // Each repeat is looked for among the node's properties.
                let mut input = b"(;".to_vec();
                for i in 0..n / 16 {
                    input.extend(format!("P{}[x]", ident(i)).bytes());
                }
                input.extend(b"GC[x]".repeat(n / 10));
                input.push(b')');
                input
            }),
            ("lowercase properties", |n| {
                [b"(;".as_slice(), &b"aB[x]".repeat(n / 5), b")"].concat()
            }),
            ("junk between trees", |n| b"x(x(;A[]]y)".repeat(n / 11)),
            ("a problem at each node of a long line", |n| {
                // Each violation of `validate` names its node's path:
                // copying the path of each was quadratic in the depth.
                [b"(;GM[1]".as_slice(), &b";KO[]".repeat(n / 5), b")"].concat()
            }),
            ("repeated rectangles in one point list", |n| {
                // A point list is a set: decoded, it holds each point once
                // (expanding every repeat made 361 points of 7 bytes).
                [b"(;SZ[19]AB".as_slice(), &b"[aa:ss]".repeat(n / 7), b")"].concat()
            }),
            ("nodes after variations", |n| {
                [b"(;A[](;B[])".as_slice(), &b";C[]".repeat(n / 4), b")"].concat()
            }),
            ("identifiers without values", |n| {
                [b"(;".as_slice(), &b"AB ".repeat(n / 3), b")"].concat()
            }),
            ("whitespace", |n| {
                [b"(;A".as_slice(), &b" \r\n\t".repeat(n / 4), b"[b])"].concat()
            }),
            ("random structural bytes", random_structure),
            ("one long value", |n| {
                [b"(;C[".as_slice(), &b"x".repeat(n), b"])"].concat()
            }),
            ("Shift_JIS with `\\` second bytes", |n| {
                let text = b"\x95\x5c\x83\x5c]C[".repeat(n / 8);
                [b"(;CA[SJIS]C[".as_slice(), &text, b"])"].concat()
            }),
            ("small games in alternating charsets", |n| {
                let two = b"(;CA[SJIS]C[\x95\x5c])\n(;CA[GB2312]C[\xcb\xbc\xc4\xb1])\n";
                two.repeat(n / two.len())
            }),
            ("repaired games in alternating charsets", |n| {
                // Each game needs repairs (a header before it, junk in
                // it): the lenient stage's look-ahead must not decode the
                // games after it in its charset, to decode them again.
                let two = b"From: a\n(;CA[SJIS]C[\x95\x5c] oops ;B[aa])\n\
                    From: b\n(;CA[GB2312]C[\xcb\xbc] oops (;B[aa])(;W[bb]))\n";
                two.repeat(n / two.len())
            }),
            ("legacy bytes without CA", |n| {
                let text = b"\x93\xfa\x96\x7b\x8c\xea";
                [b"(;C[".as_slice(), &text.repeat(n / text.len()), b"])"].concat()
            }),
            ("invalid bytes", |n| {
                [
                    b"(;CA[Shift_JIS]C[".as_slice(),
                    &b"\xa0\xff".repeat(n / 2),
                    b"])",
                ]
                .concat()
            }),
        ]
    }

    /// Two-letter identifiers (suffixes) for distinct properties.
    fn ident(mut i: usize) -> String {
        let mut out = String::new();
        loop {
            out.push(char::from(b'A' + (i % 26) as u8));
            i /= 26;
            if i == 0 {
                return out;
            }
        }
    }

    /// Deterministic random bytes over SGF's structural alphabet.
    fn random_structure(n: usize) -> Vec<u8> {
        let alphabet = b"();[]\\AaBC \n\r";
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        (0..n)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                alphabet[(state >> 33) as usize % alphabet.len()]
            })
            .collect()
    }

    /// Work per input byte of `run` over `input`.
    fn work_per_byte(run: fn(&[u8]), input: &[u8]) -> f64 {
        per_byte(run, input).0
    }

    /// Work and bytes allocated (on this thread) per input byte of `run`
    /// over `input`.
    fn per_byte(run: fn(&[u8]), input: &[u8]) -> (f64, f64) {
        let before = allocated::on_this_thread();
        let ((), work) = work::measure(|| run(input));
        let allocated = allocated::on_this_thread() - before;
        let len = input.len() as f64;
        (work as f64 / len, allocated as f64 / len)
    }

    #[test]
    fn every_path_does_linear_work_on_slow_inputs() {
        let mut failures = Vec::new();
        for (family, make) in families() {
            let (small, large) = (make(20_000), make(80_000));
            for (path, run) in paths() {
                let (per_small, alloc_small) = per_byte(run, &small);
                let (per_large, alloc_large) = per_byte(run, &large);
                let grows = per_large > per_small * 1.5 + 1.0;
                let alloc_grows = alloc_large > alloc_small * 1.5 + 16.0;
                if std::env::var_os("SHOW_WORK").is_some() {
                    eprintln!(
                        "{per_small:6.1} {per_large:6.1} {alloc_small:7.1} {alloc_large:7.1}  \
                         {path} on {family}"
                    );
                }
                if per_large > MAX_WORK_PER_BYTE || grows {
                    failures.push(format!(
                        "{path} on {family}: {per_small:.1} then {per_large:.1} work per byte"
                    ));
                }
                if alloc_large > MAX_ALLOCATED_PER_BYTE || alloc_grows {
                    failures.push(format!(
                        "{path} on {family}: {alloc_small:.1} then {alloc_large:.1} \
                         bytes allocated per byte"
                    ));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn the_count_sees_every_byte_of_a_value() {
        // A lower bound, so the counter is known to count: each byte of a
        // value is looked at at least once, on every path.
        let input = [b"(;C[".as_slice(), &b"x".repeat(10_000), b"])"].concat();
        for (path, run) in paths() {
            let per_byte = work_per_byte(run, &input);
            assert!(per_byte >= 1.0, "{path}: {per_byte:.2} work per byte");
        }
    }

    #[test]
    fn a_rescanning_scan_would_be_caught() {
        // The machine resumes a value where it stopped: fed one byte at a
        // time, a 100,000-byte value costs a few units per byte, where
        // rescanning from the value's start would cost ~50,000.
        let input = [b"(;C[".as_slice(), &b"x".repeat(100_000), b"])"].concat();
        let mut push = Reader::pushed();
        let ((), work) = work::measure(|| {
            for byte in input.chunks(1) {
                push.feed(byte);
                while let Ok(Some(_)) = push.next_event() {}
            }
            push.finish();
            while let Ok(Some(_)) = push.next_event() {}
            assert!(push.is_done());
        });
        let per_byte = work as f64 / input.len() as f64;
        assert!(per_byte < 10.0, "{per_byte:.1} work per byte");
    }

    #[test]
    fn a_value_over_the_limit_is_scanned_no_further_than_the_limit() {
        // The error comes once the limit is passed: the megabyte after it
        // is not looked at, on a slice as on a stream.
        let input = [b"(;C[".as_slice(), &b"x".repeat(1 << 20), b"])"].concat();
        let options = ReaderBuilder::new().max_value_len(1000);
        let (err, work) = work::measure(|| options.from_slice(&input).find_map(Result::err));
        assert_eq!(
            err.unwrap().kind(),
            &sgf_stream::ErrorKind::ValueTooLong(1000)
        );
        assert!(work < 10_000, "slice: {work}");
        let ((), work) = work::measure(|| {
            let mut reader = options.chunk_size(4096).from_reader(&input[..]);
            while let Ok(Some(_)) = reader.next_event() {}
        });
        assert!(work < 40_000, "stream: {work}");
    }

    /// A game over a limit followed by a small game, as a name, the
    /// limit, and the input as a function of a size.
    type OverLimit = (&'static str, fn() -> ReaderBuilder, fn(usize) -> Vec<u8>);

    fn over_limit() -> Vec<OverLimit> {
        vec![
            (
                "a value over max_value_len",
                || ReaderBuilder::new().lenient(true).max_value_len(1000),
                |n| [b"(;C[".as_slice(), &b"x".repeat(n), b"])(;B[aa])"].concat(),
            ),
            (
                "values over max_values_per_property",
                || {
                    ReaderBuilder::new()
                        .lenient(true)
                        .max_values_per_property(100)
                },
                |n| [b"(;AB".as_slice(), &b"[aa]".repeat(n / 4), b")(;B[aa])"].concat(),
            ),
            (
                "trees over max_depth",
                || ReaderBuilder::new().lenient(true).max_depth(100),
                |n| {
                    [
                        b"(;".repeat(n / 3),
                        b")".repeat(n / 3),
                        b"(;B[aa])".to_vec(),
                    ]
                    .concat()
                },
            ),
        ]
    }

    /// Reads `input` with `options` from a slice, a stream of 7-byte
    /// reads into 16-byte chunks, pushed 5-byte pieces and the charset
    /// stage: the work of each, and the warnings each gave.
    fn work_on_sources(options: fn() -> ReaderBuilder, input: &[u8]) -> [(u64, usize); 4] {
        let slice = || {
            let mut reader = options().from_slice(input);
            while let Ok(Some(_)) = reader.next_event() {}
            reader.take_warnings().len()
        };
        let stream = || {
            let source = Trickle {
                rest: input,
                piece: 7,
            };
            let mut reader = options().chunk_size(16).from_reader(source);
            while let Ok(Some(_)) = reader.next_event() {}
            reader.take_warnings().len()
        };
        let pushed = || {
            let mut push = options().pushed();
            for piece in input.chunks(5) {
                push.feed(piece);
                while let Ok(Some(_)) = push.next_event() {}
            }
            push.finish();
            while let Ok(Some(_)) = push.next_event() {}
            push.take_warnings().len()
        };
        let decoded = || {
            let mut reader = options().chunk_size(4096).from_reader_decoded(input);
            while let Ok(Some(_)) = reader.next_event() {}
            reader.take_warnings().len()
        };
        let runs: [&dyn Fn() -> usize; 4] = [&slice, &stream, &pushed, &decoded];
        runs.map(|run| {
            let (warnings, work) = work::measure(run);
            (work, warnings)
        })
    }

    #[test]
    fn a_game_over_a_limit_is_skipped_in_linear_work_no_dearer_than_reading_it() {
        let mut failures = Vec::new();
        for (family, options, make) in over_limit() {
            let mut per_byte = Vec::new();
            for size in [100_000, 400_000] {
                let input = make(size);
                let skipped = work_on_sources(options, &input);
                // The peer: the lenient reader reading the same game whole.
                let whole = || ReaderBuilder::new().lenient(true).limits(Limits::none());
                let read = work_on_sources(whole, &input);
                for (source, ((skip, _), (whole, _))) in skipped.iter().zip(read).enumerate() {
                    if std::env::var_os("SHOW_WORK").is_some() {
                        eprintln!("{family}, source {source}, {size} bytes: {skip} then {whole}");
                    }
                    if *skip as f64 > whole as f64 * 1.25 + 1000.0 {
                        failures.push(format!(
                            "{family}, source {source}: skipping costs {skip}, reading {whole}"
                        ));
                    }
                }
                per_byte.push(skipped.map(|(work, _)| work as f64 / input.len() as f64));
                // Each source skips the big game, with one warning.
                assert!(
                    skipped.iter().all(|&(_, warnings)| warnings == 1),
                    "{family}"
                );
            }
            for (small, large) in per_byte[0].iter().zip(&per_byte[1]) {
                if *large > MAX_WORK_PER_BYTE || *large > small * 1.5 + 1.0 {
                    failures.push(format!("{family}: {small:.1} then {large:.1} per byte"));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
