//! Converting GIB, NGF and UGF records to SGF does work linear in the
//! record's length, on records built to provoke quadratic behaviour: an
//! operation count (`sgf_stream::work`, feature `work-count`), never a
//! timing, as in `linear_work.rs`.
//!
//! Placing a line or an invalid byte in the input maps a text offset back
//! to the input, decoding from the nearest anchor before it: anchors far
//! apart (UTF-16 text, a long run of invalid bytes) made each placement
//! cost the distance, and the record quadratic.

#[cfg(not(feature = "work-count"))]
#[test]
fn formats_linear_work_needs_the_work_count_feature() {
    eprintln!("note: linear-work checks skipped; run `cargo test --all-features`");
}

#[cfg(feature = "work-count")]
mod counted {
    use sgf_stream::charset::CharsetMode;
    use sgf_stream::formats::{to_sgf_in, Format};
    use sgf_stream::{work, Charset};

    /// Most work per input byte a conversion may do.
    const MAX_WORK_PER_BYTE: f64 = 24.0;

    /// A record family: its name, format, charset mode, and the record as
    /// a function of a size.
    type Family = (&'static str, Format, CharsetMode, fn(usize) -> Vec<u8>);

    /// A GIB record with `header` lines and a move a line, `moves` of them.
    fn gib(kind: &str, header: &[u8], moves: usize) -> Vec<u8> {
        let mut out = format!("\\HS\n\\[GIBOKIND={kind}\\]\n").into_bytes();
        out.extend_from_slice(header);
        out.extend_from_slice(b"\\HE\n\\GS\n2 1 0\n119 0 &4\nINI 0 1 0 &4\n");
        for i in 0..moves {
            let (colour, x, y) = (1 + i % 2, i % 19, i / 19 % 19);
            out.extend(format!("STO 0 {} {colour} {x} {y}\n", i + 2).bytes());
        }
        out.extend_from_slice(b"\\GE\n");
        out
    }

    /// An NGF record with Black's name `black` and a move a line.
    fn ngf(black: &[u8], moves: usize) -> Vec<u8> {
        let mut out = b"Rated game\n19\n".to_vec();
        out.extend_from_slice(black);
        out.extend_from_slice(b" 9DP\nCYY 9DP\nx\n0\n0\n7\n20170316 [09:37]\n5\nB+\n");
        out.extend(format!("{moves}\n").bytes());
        for i in 0..moves {
            let (c, r) = (
                char::from(b'B' + (i % 19) as u8),
                char::from(b'B' + (i / 19 % 19) as u8),
            );
            let colour = if i % 2 == 0 { 'B' } else { 'W' };
            out.extend(format!("PMAA{colour}{c}{r}{r}{c}\n").bytes());
        }
        out
    }

    /// A UGF record with a move a line.
    fn ugf(moves: usize) -> Vec<u8> {
        let mut out = b"[Header]\nSize=19\nPlayerB=a,7d\nPlayerW=b,8d\n[Data]\n".to_vec();
        for i in 0..moves {
            let (c, r) = (
                char::from(b'A' + (i % 19) as u8),
                char::from(b'A' + (i / 19 % 19) as u8),
            );
            let colour = if i % 2 == 0 { 'B' } else { 'W' };
            out.extend(format!("{c}{r},{colour}1,{},0\n", i + 1).bytes());
        }
        out
    }

    /// `text` in UTF-16LE, with a byte order mark if `bom`.
    fn utf16(text: &[u8], bom: bool) -> Vec<u8> {
        let mark: &[u8] = if bom { b"\xFF\xFE" } else { b"" };
        let units = text.iter().flat_map(|&b| [b, 0]);
        mark.iter().copied().chain(units).collect()
    }

    fn families() -> Vec<Family> {
        let shift_jis = CharsetMode::Fixed(Charset::ShiftJis);
        vec![
            (
                "GIB in UTF-16, a move a line",
                Format::Gib,
                CharsetMode::Auto,
                |n| utf16(&gib("Global", b"", n / 44), true),
            ),
            (
                "NGF in UTF-16, a move a line",
                Format::Ngf,
                CharsetMode::Fixed(Charset::Utf16Le),
                |n| utf16(&ngf(b"LQC", n / 20), false),
            ),
            (
                "UGF in UTF-16, a move a line",
                Format::Ugf,
                CharsetMode::Auto,
                |n| utf16(&ugf(n / 24), true),
            ),
            (
                "GIB in Shift_JIS, a name of invalid bytes",
                Format::Gib,
                CharsetMode::Auto,
                |n| {
                    let name = [
                        b"\\[GAMEBLACKNAME=".as_slice(),
                        &b"\xa0\xff".repeat(n / 2),
                        b"\\]\n",
                    ];
                    gib("Japan", &name.concat(), 10)
                },
            ),
            (
                "NGF in Shift_JIS, a name of invalid bytes",
                Format::Ngf,
                shift_jis,
                |n| ngf(&b"\xa0\xff".repeat(n / 2), 10),
            ),
        ]
    }

    #[test]
    fn conversions_do_linear_work_on_slow_records() {
        let mut failures = Vec::new();
        for (family, format, mode, make) in families() {
            let mut per_byte = Vec::new();
            for size in [20_000, 80_000] {
                let input = make(size);
                let (converted, work) = work::measure(|| to_sgf_in(format, &input, mode));
                let converted = converted.unwrap_or_else(|err| panic!("{family}: {err}"));
                // The record was read: its moves are in the SGF.
                assert!(converted.sgf().matches(";B[").count() >= 5, "{family}");
                per_byte.push(work as f64 / input.len() as f64);
            }
            let [small, large] = per_byte[..] else {
                unreachable!()
            };
            if std::env::var_os("SHOW_WORK").is_some() {
                eprintln!("{small:6.1} {large:6.1}  {family}");
            }
            if large > MAX_WORK_PER_BYTE || large > small * 1.5 + 1.0 {
                failures.push(format!(
                    "{family}: {small:.1} then {large:.1} work per byte"
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
