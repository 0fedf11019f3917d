//! One named test per crash that fuzzing found (`fuzz/`), so it stays
//! fixed. Each names its fuzz target.

/// fuzz target `charset`: a `CA[UTF-8]` file with a character cut in the
/// middle came back from `decode_to_utf8` as invalid UTF-8.
#[test]
fn charset_decode_of_cut_utf8_is_valid_utf8() {
    let mut input = b"(;GM[1]CA[UTF-8]PB[Lee \xEC\x84]".to_vec();
    for _ in 0..20 {
        input.extend_from_slice("C[표 한국어 흑 승률]".as_bytes());
    }
    input.push(b')');
    let (text, report) = sgf_stream::decode_to_utf8(&input);
    assert_eq!(report.charset, "UTF-8");
    let text = std::str::from_utf8(&text).expect("always UTF-8");
    assert!(text.starts_with("(;GM[1]CA[UTF-8]PB[Lee \u{fffd}]C[표 한국어"));
    // Whatever charset a few bad bytes make it guess, the text is UTF-8.
    let (text, _) = sgf_stream::decode_to_utf8(b"(;CA[UTF-8]C[\xEC\x84\xff])");
    assert!(std::str::from_utf8(&text).is_ok());
}

/// fuzz target `writer`: `G[]\n[]` written as `G[][]` compared unequal,
/// because `RawValues` equality counted the whitespace between values.
#[test]
fn writer_raw_values_equal_without_the_space_between_them() {
    use sgf_stream::{Event, Parser};
    let property = |input: &'static [u8]| match Parser::new(input).nth(2) {
        Some(Ok(event @ Event::Property(..))) => event,
        other => panic!("{other:?}"),
    };
    assert_eq!(property(b"(;G[]\n[])"), property(b"(;G[][])"));
    assert_ne!(property(b"(;G[a][b])"), property(b"(;G[ab])"));
    assert_ne!(property(b"(;G[a][b])"), property(b"(;G[b][a])"));
}
