//! Writing a `CompactTree` (`Writer::write_tree` of its games): byte-exact
//! output, the same bytes as parser events piped through a writer for
//! every layout (generated collections and the corpus), errors that write
//! nothing, and huge trees on a small stack.

mod common;

use common::{long_main_line, on_small_stack};
use sgf_stream::{CompactTree, Layout, Newline, Parser, WriteError, WriteOptions, Writer};

/// Every game of `input`'s compact tree through one writer.
fn write_compact(options: WriteOptions, input: &[u8]) -> Vec<u8> {
    let tree = CompactTree::from_bytes(input.to_vec()).unwrap();
    let mut writer = Writer::with_options(Vec::new(), options);
    for game in tree.games() {
        writer.write_tree(&game).unwrap();
    }
    writer.into_inner().unwrap()
}

/// Every event of `input` through one writer.
fn pass_through(options: WriteOptions, input: &[u8]) -> Vec<u8> {
    let mut writer = Writer::with_options(Vec::new(), options);
    for event in Parser::new(input) {
        writer.write_event(&event.unwrap()).unwrap();
    }
    writer.into_inner().unwrap()
}

fn layouts() -> Vec<WriteOptions> {
    vec![
        WriteOptions::new(),
        WriteOptions::new()
            .newline(Newline::CrLf)
            .final_newline(false),
        WriteOptions::new().layout(Layout::NodePerLine),
        WriteOptions::new().variations_on_new_lines(true),
        WriteOptions::new().wrap(true).width(30),
        WriteOptions::new().declare_charset(true),
    ]
}

const SPEC: &[u8] =
    b"(;C[r]\n (;C[a];C[b]\r\n(;C[c])\t(;C[d];C[e]))\n(;C[f](;C[g];C[h];C[i])(;C[j])))";

#[test]
fn compact_layout_is_byte_exact() {
    let written = write_compact(WriteOptions::new(), SPEC);
    assert_eq!(
        String::from_utf8(written).unwrap(),
        "(;C[r](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f](;C[g];C[h];C[i])(;C[j])))\n"
    );
    let input = b"(;GM[1] FF[4]\n AB [aa]\n [bb]C[a\\]\n b];B[pd]) (;W[dd])";
    let written = write_compact(WriteOptions::new(), input);
    assert_eq!(
        written,
        b"(;GM[1]FF[4]AB[aa][bb]C[a\\]\n b];B[pd])\n(;W[dd])\n"
    );
}

#[test]
fn other_layouts_are_byte_exact() {
    let per_line = write_compact(WriteOptions::new().layout(Layout::NodePerLine), SPEC);
    assert_eq!(
        String::from_utf8(per_line).unwrap(),
        "(;C[r]\n(;C[a]\n;C[b]\n(;C[c])\n(;C[d]\n;C[e]))\n(;C[f]\n(;C[g]\n;C[h]\n;C[i])\n(;C[j])))\n"
    );
    let declared = write_compact(WriteOptions::new().declare_charset(true), b"(;GM[1];B[pd])");
    assert_eq!(declared, b"(;GM[1]CA[UTF-8];B[pd])\n");
    let replaced = write_compact(WriteOptions::new(), b"(;CA[latin1]GM[1];C[x])");
    assert_eq!(replaced, b"(;CA[UTF-8]GM[1];C[x])\n");
    let kept = write_compact(WriteOptions::new(), b"(;GM[1] CA [utf8];C[x])");
    assert_eq!(kept, b"(;GM[1]CA[utf8];C[x])\n");
    let text = write_compact(WriteOptions::new(), b"(;C[CANADA] GM[1];C[CA[x\\]])");
    assert_eq!(text, b"(;C[CANADA]GM[1];C[CA[x\\]])\n");
}

#[test]
fn a_game_tree_inside_an_open_one_is_a_variation() {
    let tree = CompactTree::from_bytes(&b"(;B[pd];W[dd])"[..]).unwrap();
    let mut writer = Writer::new(Vec::new());
    writer.start_game_tree().unwrap();
    writer.node().unwrap();
    writer.text_property("GM", ["1"]).unwrap();
    writer.write_tree(&tree.root().unwrap()).unwrap();
    writer.write_tree(&tree.root().unwrap()).unwrap();
    let err = writer.node().unwrap_err();
    assert!(matches!(err, WriteError::NodeAfterVariation));
    writer.end_game_tree().unwrap();
    assert_eq!(
        writer.into_inner().unwrap(),
        b"(;GM[1](;B[pd];W[dd])(;B[pd];W[dd]))\n"
    );
}

#[test]
fn a_game_tree_right_after_an_opening_is_refused() {
    let tree = CompactTree::from_bytes(&b"(;B[pd])"[..]).unwrap();
    let mut writer = Writer::new(Vec::new());
    writer.start_game_tree().unwrap();
    let err = writer.write_tree(&tree.root().unwrap()).unwrap_err();
    assert!(matches!(err, WriteError::EmptyTree));
    writer.node().unwrap();
    writer.end_game_tree().unwrap();
    assert_eq!(writer.into_inner().unwrap(), b"(;)\n");
}

#[test]
fn generated_collections_write_as_their_events_do() {
    let input = common::generate::collection(7, 40);
    for options in layouts() {
        let written = write_compact(options.clone(), &input);
        assert_eq!(
            written,
            pass_through(options.clone(), &input),
            "{options:?}"
        );
    }
    // The compact output parses back to the same trees.
    let written = write_compact(WriteOptions::new(), &input);
    assert_eq!(
        sgf_stream::parse_collection(&written).unwrap(),
        sgf_stream::parse_collection(&input).unwrap()
    );
}

#[test]
fn corpus_writes_as_its_events_do() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let layouts = layouts();
    for (at, file) in files.iter().enumerate() {
        let input = std::fs::read(file).unwrap();
        if CompactTree::from_bytes(input.clone()).is_err() {
            continue;
        }
        // One layout per file, in turn: every layout sees the corpus.
        let options = layouts[at % layouts.len()].clone();
        let written = write_compact(options.clone(), &input);
        let piped = pass_through(options, &input);
        assert!(written == piped, "{}", file.display());
    }
}

const STACK: usize = 256 * 1024;

#[test]
fn a_million_moves_on_a_small_stack() {
    on_small_stack(STACK, || {
        let sgf = long_main_line(1_000_000);
        let written = write_compact(WriteOptions::new(), sgf.as_bytes());
        assert_eq!(written, format!("{sgf}\n").as_bytes());
        let options = WriteOptions::new().layout(Layout::NodePerLine);
        let written = write_compact(options.clone(), sgf.as_bytes());
        assert_eq!(written, pass_through(options, sgf.as_bytes()));
    });
}

/// `depth` levels, each node with two children: the next level and a
/// leaf `B[aa]`.
fn branching(depth: usize) -> String {
    let mut sgf: String = (0..depth).map(|i| format!("(;C[{i}]")).collect();
    sgf.push(')');
    sgf.push_str(&"(;B[aa]))".repeat(depth - 1));
    sgf
}

#[test]
fn a_hundred_thousand_nested_variations_on_a_small_stack() {
    on_small_stack(STACK, || {
        let sgf = branching(100_000);
        assert!(sgf.starts_with("(;C[0](;C[1](;C[2]"));
        assert!(sgf.ends_with(")(;B[aa]))(;B[aa]))"));
        let written = write_compact(WriteOptions::new(), sgf.as_bytes());
        assert_eq!(written, format!("{sgf}\n").as_bytes());
        let options = WriteOptions::new().variations_on_new_lines(true);
        let written = write_compact(options.clone(), sgf.as_bytes());
        assert_eq!(written, pass_through(options, sgf.as_bytes()));
    });
}

#[cfg(feature = "encoding")]
mod legacy {
    use super::*;
    use sgf_stream::Charset;

    #[test]
    fn an_unencodable_value_deep_in_a_big_tree_writes_nothing() {
        // Far more than one 64 KiB chunk before the bad value.
        let mut sgf = long_main_line(50_000);
        sgf.insert_str(sgf.len() - 1, ";C[smile 😀]");
        let tree = CompactTree::from_bytes(sgf).unwrap();
        let first = CompactTree::from_bytes("(;C[表])").unwrap();
        let options = WriteOptions::new().charset(Charset::ShiftJis);
        let mut writer = Writer::with_options(Vec::new(), options);
        writer.write_tree(&first.root().unwrap()).unwrap();
        let err = writer.write_tree(&tree.root().unwrap()).unwrap_err();
        assert!(matches!(
            err,
            WriteError::Unencodable {
                character: '😀',
                ..
            }
        ));
        writer.write_tree(&first.root().unwrap()).unwrap();
        let bytes = writer.into_inner().unwrap();
        let one = b"(;C[\x95\x5c]CA[Shift_JIS])\n";
        assert_eq!(bytes, [&one[..], &one[..]].concat());
    }
}
