//! Input to events: the FF[4] example file, spans, whitespace, and the
//! parser against a deliberately naive tokenizer.

mod common;

use proptest::prelude::*;
use sgf_stream::{Event, Parser};

/// A naive, obviously-correct tokenizer for well-formed input: one byte at
/// a time, values found by walking escapes. Returns events as strings.
fn naive(input: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    let space = |b: u8| b.is_ascii_whitespace() || b == 0x0b;
    while i < input.len() {
        let b = input[i];
        if space(b) {
            i += 1;
        } else if b == b'(' {
            out.push("(".to_string());
            i += 1;
        } else if b == b')' {
            out.push(")".to_string());
            i += 1;
        } else if b == b';' {
            out.push(";".to_string());
            i += 1;
        } else {
            let start = i;
            while input[i].is_ascii_uppercase() {
                i += 1;
            }
            let mut prop = String::from_utf8(input[start..i].to_vec()).unwrap();
            loop {
                while space(input[i]) {
                    i += 1;
                }
                if input[i] != b'[' {
                    break;
                }
                i += 1;
                let mut value = Vec::new();
                while input[i] != b']' {
                    if input[i] == b'\\' {
                        value.push(input[i]);
                        i += 1;
                    }
                    value.push(input[i]);
                    i += 1;
                }
                i += 1;
                prop.push('[');
                prop.push_str(&String::from_utf8_lossy(&value));
                prop.push(']');
                if i == input.len() {
                    break;
                }
            }
            out.push(prop);
        }
    }
    out
}

fn ours(input: &[u8]) -> Vec<String> {
    Parser::new(input)
        .map(|event| match event.unwrap() {
            Event::StartGameTree => "(".to_string(),
            Event::EndGameTree => ")".to_string(),
            Event::Node => ";".to_string(),
            Event::Property(ident, values) => {
                let mut prop = ident.to_string();
                for value in values {
                    prop.push('[');
                    prop.push_str(&String::from_utf8_lossy(value.as_bytes()));
                    prop.push(']');
                }
                prop
            }
        })
        .collect()
}

#[test]
fn ff4_example_file() {
    let Some(path) = common::shared("conformance/sgf-spec-examples/ff4_ex.sgf") else {
        return;
    };
    let input = std::fs::read(path).unwrap();
    let events: Vec<Event> = Parser::new(&input).collect::<Result<_, _>>().unwrap();
    assert_eq!(ours(&input), naive(&input));
    let mut depth = 0;
    let mut top_level = 0;
    for event in &events {
        match event {
            Event::StartGameTree => {
                top_level += (depth == 0) as usize;
                depth += 1;
            }
            Event::EndGameTree => depth -= 1,
            _ => {}
        }
    }
    assert_eq!(top_level, 2);
    // The comment on soft line breaks uses every line-end style.
    let comment = events
        .iter()
        .find_map(|event| match event {
            Event::Property(ident, values) if ident == "C" => {
                let text = values.first().text().unwrap();
                text.contains("linebreak 4").then(|| text.into_owned())
            }
            _ => None,
        })
        .expect("the example has the line break comment");
    for style in ["\"\\n\"", "\"\\n\\r\"", "\"\\r\\n\"", "\"\\r\""] {
        assert!(
            comment.contains(&format!("{style}: >ok<")),
            "{style} in {comment}"
        );
    }
    assert!(!comment.contains('\r'));
    let trees = sgf_stream::parse_collection(&input).unwrap();
    assert_eq!(trees.len(), 2);
    assert_eq!(trees[1].get("GM").unwrap(), ["1"]);
}

#[test]
fn whitespace_wherever_the_grammar_allows() {
    let input = b" \r\n( \t; B  [dg] \n [dh]\r; C[x]\r\n( ;W[aa] ) ( ;W[bb] )\n) \n";
    assert_eq!(
        ours(input),
        [
            "(",
            ";",
            "B[dg][dh]",
            ";",
            "C[x]",
            "(",
            ";",
            "W[aa]",
            ")",
            "(",
            ";",
            "W[bb]",
            ")",
            ")"
        ]
    );
}

#[test]
fn spans_cover_each_event() {
    let input = b"(;AB[aa] [bb]\n;C[x\\]])";
    let mut spans = Vec::new();
    let mut parser = Parser::new(input);
    while let Some((_, span)) = parser.next_spanned().unwrap() {
        spans.push(span);
    }
    assert_eq!(spans, [0..1, 1..2, 2..13, 14..15, 15..21, 21..22]);
    let mut parser = Parser::new(input);
    parser.next();
    parser.next();
    assert_eq!(parser.position(), 2);
    assert_eq!(parser.depth(), 1);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    assert_eq!(ours(b"\xEF\xBB\xBF(;A[b])"), ["(", ";", "A[b]", ")"]);
}

#[test]
fn event_is_small() {
    assert!(
        std::mem::size_of::<Event>() <= 48,
        "{}",
        std::mem::size_of::<Event>()
    );
}

#[test]
fn corpus_matches_the_naive_tokenizer() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    for file in files {
        let input = std::fs::read(&file).unwrap();
        assert_eq!(ours(&input), naive(&input), "{}", file.display());
    }
}

/// Random well-formed SGF built from pieces that stress the tokenizer.
fn sgf_text() -> impl Strategy<Value = Vec<u8>> {
    let value = proptest::collection::vec(
        prop_oneof![
            Just(&b"\\]"[..]),
            Just(&b"\\\\"[..]),
            Just(&b"\\\n"[..]),
            Just(&b"\\\r\n"[..]),
            Just(&b"["[..]),
            Just(&b"("[..]),
            Just(&b";"[..]),
            Just(&b" \t\r\n"[..]),
            Just("表ソ".as_bytes()),
            Just(&b"pd"[..]),
        ],
        0..6,
    )
    .prop_map(|parts| parts.concat());
    let prop = (
        prop_oneof![Just("B"), Just("C"), Just("AB"), Just("MULTIGOGM")],
        proptest::collection::vec(value, 1..4),
        prop_oneof![Just(""), Just(" "), Just("\r\n")],
    )
        .prop_map(|(id, values, gap)| {
            let mut out = id.as_bytes().to_vec();
            for value in values {
                out.extend_from_slice(gap.as_bytes());
                out.push(b'[');
                out.extend(value);
                out.push(b']');
            }
            out
        });
    let node = proptest::collection::vec(prop, 0..4).prop_map(|props| {
        let mut out = b";".to_vec();
        for prop in props {
            out.extend(prop);
        }
        out
    });
    let sequence = proptest::collection::vec(node, 1..4).prop_map(|nodes| nodes.concat());
    sequence
        .prop_recursive(3, 24, 3, |inner| {
            (inner.clone(), proptest::collection::vec(inner, 0..3)).prop_map(|(head, vars)| {
                let mut out = head;
                for var in vars {
                    out.push(b'(');
                    out.extend(var);
                    out.push(b')');
                }
                out
            })
        })
        .prop_map(|body| [&b"("[..], &body, b")"].concat())
}

proptest! {
    #[test]
    fn tokenizer_matches_naive_reference(input in sgf_text()) {
        prop_assert_eq!(ours(&input), naive(&input));
    }
}
