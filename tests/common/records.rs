//! Records of the other formats written for the tests, and what to
//! read from them.

use sgf_stream::formats::{self, Format, FormatErrorKind};
use sgf_stream::{ErrorKind, ReaderBuilder, SgfTree, WarningKind};

/// A GIB record with `header` lines inside `\HS`..`\HE` and `game` lines
/// inside `\GS`..`\GE`.
pub fn gib(header: &[&str], game: &[&str]) -> String {
    let mut out = String::from("\\HS\r\n");
    for line in header {
        out.push_str(&format!("\\[{line}\\]\r\n"));
    }
    out.push_str("\\HE\r\n\\GS\r\n2 1 0\r\n10 0 &4\r\n");
    for line in game {
        out.push_str(line);
        out.push_str("\r\n");
    }
    out.push_str("\\GE\r\n");
    out
}

/// The tree of a record, read strictly.
pub fn tree(format: Format, input: &[u8]) -> SgfTree {
    let parsed = formats::read_collection(ReaderBuilder::new(), format, input).unwrap();
    assert_eq!(parsed.trees.len(), 1);
    parsed.trees.into_iter().next().unwrap()
}

pub fn one(tree: &SgfTree, ident: &str) -> Option<String> {
    tree.get(ident).map(|values| values[0].to_string())
}

/// The main line as `B[pd]` strings.
pub fn moves(tree: &SgfTree) -> Vec<String> {
    let moves = tree.moves().unwrap();
    moves
        .iter()
        .map(|(color, played)| format!("{color}[{played}]"))
        .collect()
}

pub fn warnings(format: Format, input: &[u8]) -> Vec<WarningKind> {
    let converted = formats::to_sgf(format, input).unwrap();
    converted
        .warnings()
        .iter()
        .map(|w| w.kind().clone())
        .collect()
}

pub fn format_error(format: Format, input: &[u8]) -> (FormatErrorKind, u32, u32) {
    let err = formats::to_sgf(format, input).unwrap_err();
    match err.kind() {
        ErrorKind::Format(kind) => (kind.clone(), err.line(), err.column()),
        other => panic!("not a format error: {other:?}"),
    }
}

/// The handicap stones of `tree`, sorted.
pub fn stones(tree: &SgfTree) -> Vec<String> {
    let mut stones: Vec<String> = tree
        .get("AB")
        .map(|values| values.iter().map(|v| v.to_string()).collect())
        .unwrap_or_default();
    stones.sort();
    stones
}

/// An NGF record in the current layout.
pub fn ngf_record(
    title: &str,
    size: u8,
    handicap: u8,
    komi: &str,
    result: &str,
    moves: &[&str],
) -> String {
    let mut out = format!(
        "{title}\n{size}\nwhite_name   3D*\nblack_name   2K*\nwww.cyberoro.com\n{handicap}\n0\n{komi}\n\
         20091104 [12:00]\n5\n{result}\n{}\n",
        moves.len()
    );
    for line in moves {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A UGF record with `header` lines and `data` lines.
pub fn ugf(header: &[&str], data: &[&str]) -> String {
    let mut out = String::from("[Header]\r\n");
    for line in header {
        out.push_str(line);
        out.push_str("\r\n");
    }
    out.push_str("[Data]\r\n");
    for line in data {
        out.push_str(line);
        out.push_str("\r\n");
    }
    out
}
