//! `sgf json`: JSON Lines, one object per game, ready for DuckDB, pandas
//! or Spark.
//!
//! Each object has: `file` (the input's name), `game` (its index in the
//! file, from 0), `charset` (the charset the file was read in), `root`
//! (the root properties of the FF\[4\] catalogue: `GM`, `FF`, `SZ`, `CA`,
//! `AP`, `ST`), `info` (the game-info properties, `PB`, `PW`, `RE`, `KM`,
//! `DT`, ..., first found on the main line), `moves` (the main line's
//! moves in order, each `{"color": "B"|"W", "point": [column, row]}` from
//! 0 at the top left, `"point": null` for a pass; a value that is not a
//! move on the board is left out and named in `move_errors`), `nodes` (in
//! all variations)
//! and `variations` (lines of play besides the main line). Values are
//! decoded text; a property given several values keeps the first.

use std::fmt::Write as _;
use std::io::{self, Write};

use serde_json::{Map, Value};
use sgf_stream::props::{self, Category};
use sgf_stream::typed::Move;
use sgf_stream::SgfTree;

use crate::diag::{self, Counts, Diagnostic, Mode, Severity};
use crate::run::{self, Input};
use crate::{Common, Inputs, Status};

/// Arguments of `sgf json`.
#[derive(Debug, clap::Args)]
pub struct JsonArgs {
    #[command(flatten)]
    inputs: Inputs,
    /// Read with the exercise's strict rules (default: lenient).
    #[arg(long)]
    strict: bool,
    /// Add the main line's hashes, each 16 hexadecimal digits:
    /// `final_hash` (the final position and side to move),
    /// `canonical_hash` (the same for the game turned or mirrored) and
    /// `moves_hash` (the moves, up to rotation and mirroring).
    #[arg(long)]
    hash: bool,
}

struct FileJson {
    name: String,
    lines: Vec<u8>,
    diagnostics: Vec<Diagnostic>,
}

/// Runs `sgf json`.
pub fn main(args: &JsonArgs, common: &Common) -> Status {
    let mode = Mode::from_flag(args.strict);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut counts = Counts::default();
    let totals = run::run(
        &args.inputs.paths,
        common,
        |input| file_json(input, mode, args.hash),
        |file, progress| {
            counts.add(Counts::of(&file.diagnostics));
            for diagnostic in &file.diagnostics {
                if diagnostic.severity == Severity::Error || !common.quiet {
                    progress.eprintln(&diagnostic.render(&file.name));
                }
            }
            out.write_all(&file.lines)
        },
    );
    let flushed = out.flush();
    let status = crate::check::status(&totals, counts);
    if flushed.is_err() {
        Status::Trouble
    } else {
        status
    }
}

fn file_json(input: &Input, mode: Mode, hash: bool) -> FileJson {
    let (parsed, diagnostics) = diag::parse_trees(input.data, mode);
    let mut lines = Vec::new();
    if let Some(parsed) = parsed {
        for (index, tree) in parsed.trees.iter().enumerate() {
            let mut line = game_json(tree, input.name, index, parsed.charset.charset.name());
            if hash {
                crate::position::add_hashes(&mut line, tree);
            }
            lines.extend_from_slice(line.as_bytes());
            lines.push(b'\n');
        }
    }
    FileJson {
        name: input.name.to_string(),
        lines,
        diagnostics,
    }
}

/// The object for one game, as one line of JSON (without the newline).
///
/// Written by hand around `serde_json`'s string escaping: the moves are
/// most of the output, and building a `Value` for each costs more than
/// the parse.
pub fn game_json(tree: &SgfTree, file: &str, index: usize, charset: &str) -> String {
    let mut root = Map::new();
    let mut info = Map::new();
    for (ident, values) in tree.properties() {
        if category(ident) == Some(Category::Root) {
            root.insert(ident.to_string(), first(values));
        }
    }
    for node in tree.main_line() {
        for (ident, values) in node.properties() {
            if category(ident) == Some(Category::GameInfo) && !info.contains_key(ident) {
                info.insert(ident.to_string(), first(values));
            }
        }
    }
    let (mut nodes, mut leaves) = (0usize, 0usize);
    for node in tree.nodes() {
        nodes += 1;
        leaves += node.children().is_empty() as usize;
    }
    let mut line = format!(
        "{{\"file\":{},\"game\":{index},\"charset\":{},\"root\":{},\"info\":{},\"moves\":",
        Value::from(file),
        Value::from(charset),
        Value::Object(root),
        Value::Object(info),
    );
    write_moves(&mut line, tree);
    let _ = write!(
        line,
        ",\"nodes\":{nodes},\"variations\":{}}}",
        leaves.saturating_sub(1)
    );
    line
}

fn category(ident: &str) -> Option<Category> {
    props::lookup(ident).map(|info| info.category)
}

fn first(values: &[sgf_stream::value::Text]) -> Value {
    Value::from(values.first().map_or("", |value| value.as_str()))
}

/// The moves of the main line, in order, as a JSON array (the library's
/// [`SgfTree::moves_lenient`]), then the values that are not moves, if
/// any, as `"move_errors"`.
fn write_moves(out: &mut String, tree: &SgfTree) {
    let (moves, errors) = tree.moves_lenient();
    out.push('[');
    for (i, (color, played)) in moves.iter().enumerate() {
        let comma = if i > 0 { "," } else { "" };
        let color = color.ident();
        let _ = match played {
            Move::Play(p) => write!(
                out,
                r#"{comma}{{"color":"{color}","point":[{},{}]}}"#,
                p.col, p.row
            ),
            Move::Pass => write!(out, r#"{comma}{{"color":"{color}","point":null}}"#),
        };
    }
    out.push(']');
    if !errors.is_empty() {
        let messages: Vec<Value> = errors
            .iter()
            .map(|e| Value::from(format!("{}: {}", e.property, e.kind)))
            .collect();
        let _ = write!(out, r#","move_errors":{}"#, Value::Array(messages));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_game_as_json() {
        let tree =
            sgf_stream::parse("(;GM[1]SZ[9]PB[Ann]C[hello];B[cc];W[](;B[zz]PW[Bob])(;B[aa]))")
                .unwrap();
        let line = game_json(&tree, "f\"g.sgf", 3, "UTF-8");
        let value: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["file"], "f\"g.sgf");
        assert_eq!(value["game"], 3);
        assert_eq!(value["root"], json!({ "GM": "1", "SZ": "9" }));
        assert_eq!(value["info"], json!({ "PB": "Ann", "PW": "Bob" }));
        let moves = value["moves"].as_array().unwrap();
        assert_eq!(moves[0], json!({ "color": "B", "point": [2, 2] }));
        assert_eq!(moves[1], json!({ "color": "W", "point": null }));
        assert_eq!(moves.len(), 2, "zz is off a 9x9 board");
        assert_eq!(value["move_errors"][0], "B: point off the 9x9 board");
        assert_eq!(value["variations"], 1);
        assert_eq!(value["nodes"], 5);
    }
}
