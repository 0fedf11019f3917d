//! `sgf json`: JSON Lines, one object per game, ready for DuckDB, pandas
//! or Spark, written straight from events.
//!
//! Each object has: `file` (the input's name), `game` (its index in the
//! file, from 0), `charset` (the charset the game was read in), `root`
//! (the root properties of the FF\[4\] catalogue: `GM`, `FF`, `SZ`, `CA`,
//! `AP`, `ST`), `info` (the game-info properties, `PB`, `PW`, `RE`, `KM`,
//! `HA`, `DT`, ..., first found on the main line), `normalized` (those
//! values read by the library's rules, `sgf_stream::game::Normalized`:
//! `black_rank`, `white_rank` as `5k`, `3d`, `9p`; `winner` `B` or `W`;
//! `reason`, one of `score`, `resign`, `time`, `forfeit`, `draw`, `void`,
//! `unknown`, null only without `RE`; `margin` and `komi` in points;
//! `handicap`; `date` and `date_last` as `YYYY[-MM[-DD]]`; each null when
//! there is none), `setup` (the stones
//! the root sets up, `AB`, `AW`, `AE`, each a list of `[column, row]`,
//! and `PL`, the player to move: with `SZ`, the position the moves start
//! from, handicap stones included), `moves` (the main line's moves in
//! order, each `{"color": "B"|"W", "point": [column, row]}` from 0 at the
//! top left, `"point": null` for a pass; a value that is not a move on
//! the board is left out and named in `move_errors`; stones set up
//! further down the main line are in `later_setup`, each with the number
//! of moves played before it), `nodes` (in all variations) and
//! `variations` (lines of play besides the main line). Values are decoded
//! text; a property given several values keeps the first.

use std::io::{self, Write};
use std::ops::Range;

use serde_json::{Map, Value};
use sgf_stream::build::TreeBuilder;
use sgf_stream::game::{Normalized, Rank};
use sgf_stream::props::{self, Category};
use sgf_stream::typed::{point_list, BoardSize, Move};
use sgf_stream::{Event, RawValues, SgfTree};

use crate::diag;
use crate::run::Sources;
use crate::run::{self, Policied};
use crate::{Common, Inputs, Status};
use sgf_tool::collection::Policy;
use sgf_tool::collection::{Ctx, Job, Note, Visit};
use sgf_tool::diagnostics::{Counts, Severity};

/// Arguments of `sgf json`.
#[derive(Debug, clap::Args)]
pub struct JsonArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    strictness: crate::diag::Strictness,
    /// Add the main line's hashes, each 16 hexadecimal digits:
    /// `final_hash` (the final position and side to move),
    /// `canonical_hash` (the same for the game turned or mirrored) and
    /// `moves_hash` (the moves, up to rotation and mirroring).
    #[arg(long)]
    hash: bool,
}

struct JsonJob {
    mode: Policy,
    hash: bool,
}

impl Job for JsonJob {
    type Visitor = Games;

    fn visitor(&self) -> Games {
        Games {
            hash: self.hash,
            ..Games::default()
        }
    }
}

impl Policied for JsonJob {
    fn policy(&self) -> Policy {
        self.mode
    }
}

/// The games of a piece as JSON: each object but its first two fields
/// (`file` and `game`, which only the whole input knows).
#[derive(Debug, Default)]
pub struct Lines {
    /// The objects' other fields, one after another.
    pub text: Vec<u8>,
    /// Where each object's fields end in `text`.
    pub ends: Vec<usize>,
}

/// One game being turned into JSON.
#[derive(Debug, Default)]
struct Game {
    root: Map<String, Value>,
    info: Map<String, Value>,
    /// The values of `info` read by the library's rules.
    normalized: Normalized,
    setup: Map<String, Value>,
    /// The entries of `later_setup`, written as JSON as each node ends
    /// (comma-separated), so that a long line of setup nodes holds its
    /// output's bytes, not a value per point.
    later_setup: Vec<u8>,
    moves: Vec<u8>,
    move_count: usize,
    move_errors: Vec<Value>,
    size: BoardSize,
    depth: u32,
    nodes: u64,
    leaves: u64,
    after_end: bool,
    /// Still on the main line: before the game's first `)`.
    main: bool,
    /// In the root node.
    in_root: bool,
    /// The setup of the current node further down the main line.
    node_setup: Map<String, Value>,
    tree: Option<TreeBuilder>,
    /// The game's tree, once built.
    built: Option<SgfTree>,
    /// The reader gave the game up: its closing events are passed over.
    given_up: bool,
}

/// Turns the events of a piece into [`Lines`].
#[derive(Debug, Default)]
pub struct Games {
    hash: bool,
    lines: Lines,
    game: Game,
    /// Where the current game's fields start in `lines.text`.
    game_start: usize,
}

impl Visit for Games {
    type Out = Lines;

    #[inline]
    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        let game = &mut self.game;
        if game.given_up {
            game.depth = game.depth.saturating_sub(1);
            game.given_up = game.depth > 0;
            return;
        }
        if let Some(tree) = &mut game.tree {
            if let Ok(Some(built)) = tree.push_spanned(event, span.clone()) {
                game.built = Some(built);
            }
        }
        match event {
            Event::StartGameTree => {
                if game.depth == 0 {
                    // The moves' buffer is kept from game to game.
                    let mut moves = std::mem::take(&mut game.moves);
                    moves.clear();
                    *game = Game {
                        main: true,
                        tree: self.hash.then(TreeBuilder::lenient),
                        moves,
                        ..Game::default()
                    };
                    let charset = ctx.charset(span.start).charset;
                    self.game_start = self.lines.text.len();
                    self.lines.text.extend_from_slice(b"\"charset\":");
                    json_string(&mut self.lines.text, charset.name());
                    if let Some(tree) = &mut self.game.tree {
                        let _ = tree.push_spanned(event, span);
                    }
                }
                let game = &mut self.game;
                game.depth += 1;
                game.after_end = false;
            }
            Event::Node => {
                game.end_node();
                game.nodes += 1;
                game.after_end = false;
                game.in_root = game.nodes == 1;
            }
            Event::Property(ident, values) => {
                if game.main {
                    game.property(ident.as_str(), values);
                }
            }
            Event::EndGameTree => {
                game.end_node();
                game.main = false;
                game.leaves += !game.after_end as u64;
                game.after_end = true;
                game.depth = game.depth.saturating_sub(1);
                if game.depth == 0 {
                    self.finish_game(span.start, notes);
                }
            }
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Lines {
        std::mem::take(&mut self.lines)
    }

    /// A game the reader gave up is no line: what was written of it goes.
    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        self.lines.text.truncate(self.game_start);
        self.game.tree = None;
        self.game.given_up = true;
    }
}

impl Games {
    /// The game just closed (and its tree, when hashes are asked for):
    /// its fields go after its `charset`.
    fn finish_game(&mut self, at: u64, notes: &mut Vec<Note>) {
        let mut game = std::mem::take(&mut self.game);
        let out = &mut self.lines.text;
        let _ = write!(
            out,
            ",\"root\":{},\"info\":{}",
            Value::Object(game.root),
            Value::Object(game.info),
        );
        write_normalized(out, &game.normalized);
        let _ = write!(out, ",\"setup\":{},\"moves\":[", Value::Object(game.setup));
        out.extend_from_slice(&game.moves);
        out.push(b']');
        self.game.moves = std::mem::take(&mut game.moves);
        if !game.move_errors.is_empty() {
            let _ = write!(out, ",\"move_errors\":{}", Value::Array(game.move_errors));
        }
        if !game.later_setup.is_empty() {
            out.extend_from_slice(b",\"later_setup\":[");
            out.extend_from_slice(&game.later_setup);
            out.push(b']');
        }
        let _ = write!(
            out,
            ",\"nodes\":{},\"variations\":{}",
            game.nodes,
            game.leaves.saturating_sub(1)
        );
        if game.tree.is_some() {
            match game.built {
                Some(tree) => crate::position::write_hashes(out, &tree),
                None => notes.push(Note {
                    at,
                    code: "no-hash",
                    severity: Severity::Error,
                    message: "cannot hash the game".into(),
                }),
            }
        }
        out.push(b'}');
        self.lines.ends.push(out.len());
    }
}

impl Game {
    fn property(&mut self, ident: &str, values: &RawValues<'_>) {
        let color = match ident {
            "B" => b'B',
            "W" => b'W',
            _ => return self.other(ident, values),
        };
        let raw = values.first().as_bytes();
        match Move::decode(raw, self.size) {
            Ok(played) => {
                let mut entry = Small::default();
                if self.move_count > 0 {
                    entry.push(b',');
                }
                self.move_count += 1;
                entry.extend(b"{\"color\":\"");
                entry.push(color);
                match played {
                    Move::Play(point) => {
                        entry.extend(b"\",\"point\":[");
                        entry.small(point.col);
                        entry.push(b',');
                        entry.small(point.row);
                        entry.extend(b"]}");
                    }
                    Move::Pass => entry.extend(b"\",\"point\":null}"),
                }
                entry.append_to(&mut self.moves);
            }
            Err(err) => self
                .move_errors
                .push(Value::from(format!("{ident}: {}", err.kind))),
        }
    }

    fn other(&mut self, ident: &str, values: &RawValues<'_>) {
        let Some(info) = props::lookup(ident) else {
            return;
        };
        match info.category {
            Category::Root if self.in_root => {
                if ident == "SZ" {
                    if let Ok(size) = BoardSize::decode_lenient(values.first().as_bytes()) {
                        self.size = size;
                    }
                }
                self.root.entry(ident).or_insert_with(|| first(values));
            }
            Category::GameInfo => {
                if let serde_json::map::Entry::Vacant(slot) = self.info.entry(ident) {
                    let value = first(values);
                    if let (true, Value::String(text)) = (written_normalized(ident), &value) {
                        self.normalized.absorb(ident, text);
                    }
                    slot.insert(value);
                }
            }
            Category::Setup => {
                let value = match ident {
                    "PL" => first(values),
                    _ => points(values, self.size),
                };
                let setup = match self.in_root {
                    true => &mut self.setup,
                    false => &mut self.node_setup,
                };
                setup.insert(ident.to_string(), value);
            }
            _ => {}
        }
    }

    /// The node ends: its setup, below the root, goes to `later_setup`.
    #[inline(always)]
    fn end_node(&mut self) {
        if !self.node_setup.is_empty() {
            self.later_setup();
        }
    }

    #[inline(never)]
    fn later_setup(&mut self) {
        let mut setup = std::mem::take(&mut self.node_setup);
        setup.insert("after_moves".into(), Value::from(self.move_count));
        if !self.later_setup.is_empty() {
            self.later_setup.push(b',');
        }
        let _ = serde_json::to_writer(&mut self.later_setup, &Value::Object(setup));
    }
}

/// The first value, as decoded text.
fn first(values: &RawValues<'_>) -> Value {
    let raw = values.first();
    Value::from(match raw.text() {
        Ok(text) => text.into_owned(),
        Err(_) => String::from_utf8_lossy(raw.as_bytes()).into_owned(),
    })
}

/// The properties whose values go into `normalized` (of those
/// [`Normalized::absorb`] reads, the main time and overtime are not
/// written).
fn written_normalized(ident: &str) -> bool {
    matches!(ident, "BR" | "WR" | "RE" | "KM" | "HA" | "DT")
}

/// `,"normalized":{...}`: the values of [`Normalized`] under the keys
/// its docs name, each `null` when there is none.
fn write_normalized(out: &mut Vec<u8>, n: &Normalized) {
    fn word(out: &mut Vec<u8>, value: Option<&str>) {
        match value {
            Some(value) => {
                out.push(b'"');
                out.extend_from_slice(value.as_bytes());
                out.push(b'"');
            }
            None => out.extend_from_slice(b"null"),
        }
    }
    fn shown(out: &mut Vec<u8>, value: Option<impl std::fmt::Display>) {
        match value {
            Some(value) => {
                let _ = write!(out, "\"{value}\"");
            }
            None => out.extend_from_slice(b"null"),
        }
    }
    fn number(out: &mut Vec<u8>, value: Option<f64>) {
        let _ = serde_json::to_writer(out, &value);
    }
    out.extend_from_slice(b",\"normalized\":{\"black_rank\":");
    word(out, n.black_rank.ok().map(Rank::as_str));
    out.extend_from_slice(b",\"white_rank\":");
    word(out, n.white_rank.ok().map(Rank::as_str));
    out.extend_from_slice(b",\"winner\":");
    word(out, n.winner().map(|color| color.ident()));
    out.extend_from_slice(b",\"reason\":");
    word(out, n.reason().map(|reason| reason.as_str()));
    out.extend_from_slice(b",\"margin\":");
    number(out, n.margin());
    out.extend_from_slice(b",\"komi\":");
    number(out, n.komi.ok());
    out.extend_from_slice(b",\"handicap\":");
    match n.handicap {
        Ok(handicap) => {
            let mut digits = Small::default();
            digits.number(u64::from(handicap));
            out.extend_from_slice(digits.bytes());
        }
        Err(_) => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"date\":");
    shown(out, n.date());
    out.extend_from_slice(b",\"date_last\":");
    shown(out, n.date_last());
    out.push(b'}');
}

/// A list of points, compressed rectangles expanded, each point once
/// (where first listed); values that are no points on the board are left
/// out.
fn points(values: &RawValues<'_>, size: BoardSize) -> Value {
    let valid = values
        .iter()
        .map(|value| value.as_bytes())
        .filter(|raw| !raw.is_empty() && point_list([*raw], size).is_ok());
    let list = point_list(valid, size).unwrap_or_default();
    let list = list
        .into_iter()
        .map(|point| Value::from(vec![point.col, point.row]));
    Value::Array(list.collect())
}

/// A few bytes of JSON put together on the stack, to be appended at
/// once: a move, a game's index.
#[derive(Debug, Default)]
struct Small {
    bytes: [u8; 32],
    len: usize,
}

impl Small {
    #[inline]
    fn push(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    #[inline]
    fn extend(&mut self, bytes: &[u8]) {
        self.bytes[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    /// `n`, below 100, in decimal.
    #[inline]
    fn small(&mut self, n: u8) {
        if n >= 10 {
            self.push(b'0' + n / 10);
        }
        self.push(b'0' + n % 10);
    }

    /// Appends the bytes to `out`: all the buffer is copied (a copy of
    /// a known size, with no call), then cut to length.
    #[inline]
    fn append_to(&self, out: &mut Vec<u8>) {
        let len = out.len() + self.len;
        out.extend_from_slice(&self.bytes);
        out.truncate(len);
    }

    /// `n` in decimal.
    #[inline]
    fn number(&mut self, mut n: u64) {
        let mut digits = [0; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.extend(&digits[at..]);
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// `text` as a JSON string.
fn json_string(out: &mut Vec<u8>, text: &str) {
    let _ = serde_json::to_writer(out, text);
}

/// Runs `sgf json`.
pub fn main(args: &JsonArgs, common: &Common) -> Status {
    let job = JsonJob {
        mode: args.strictness.policy(),
        hash: args.hash,
    };
    let mut out = io::BufWriter::with_capacity(1 << 20, io::stdout().lock());
    let mut counts = Counts::default();
    let mut head = Vec::new();
    let mut index = 0u64;
    let sources = Sources::Paths(&args.inputs.paths);
    let totals = run::run(sources, common, &job, |delivery, progress| {
        let Some((input, done)) = run::piece(delivery, |input| {
            head.clear();
            head.extend_from_slice(b"{\"file\":");
            json_string(&mut head, &input.name);
            head.extend_from_slice(b",\"game\":");
            index = 0;
        }) else {
            return Ok(());
        };
        let found = diag::print_on_stderr(&done.diagnostics, &input.name, common.quiet, progress);
        counts.add(found);
        let lines = done.out;
        let mut start = 0;
        for end in lines.ends {
            out.write_all(&head)?;
            let mut number = Small::default();
            number.number(index);
            number.push(b',');
            out.write_all(number.bytes())?;
            out.write_all(&lines.text[start..end])?;
            out.write_all(b"\n")?;
            index += 1;
            start = end;
        }
        Ok(())
    });
    let flushed = out.flush();
    let status = crate::check::status(&totals, counts);
    if flushed.is_err() {
        Status::Trouble
    } else {
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn objects(input: &str) -> Vec<Value> {
        let batch = sgf_stream::read::Batch::whole(input.as_bytes().to_vec());
        let decoded = batch.decode();
        let mut games = Games::default();
        for item in sgf_stream::Parser::new(decoded.text()).into_spans() {
            let (event, span) = item.unwrap();
            games.event(&event, span, &Ctx::Batch(&decoded), &mut Vec::new());
        }
        let lines = games.take(&Ctx::Batch(&decoded), &mut Vec::new());
        let mut start = 0;
        lines
            .ends
            .iter()
            .map(|&end| {
                let object = format!("{{{}", String::from_utf8_lossy(&lines.text[start..end]));
                start = end;
                serde_json::from_str(&object).unwrap()
            })
            .collect()
    }

    #[test]
    fn one_game_as_json() {
        let found =
            objects("(;GM[1]SZ[9]PB[Ann]C[hello];B[cc];W[](;B[zz]PW[Bob])(;B[aa]))(;B[dd])");
        let value = &found[0];
        assert_eq!(value["charset"], "UTF-8");
        assert_eq!(value["root"], json!({ "GM": "1", "SZ": "9" }));
        assert_eq!(value["info"], json!({ "PB": "Ann", "PW": "Bob" }));
        let moves = value["moves"].as_array().unwrap();
        assert_eq!(moves[0], json!({ "color": "B", "point": [2, 2] }));
        assert_eq!(moves[1], json!({ "color": "W", "point": null }));
        assert_eq!(moves.len(), 2, "zz is off a 9x9 board");
        assert_eq!(value["move_errors"][0], "B: point off the 9x9 board");
        assert_eq!(value["variations"], 1);
        assert_eq!(value["nodes"], 5);
        assert_eq!(
            found[1]["moves"][0],
            json!({ "color": "B", "point": [3, 3] })
        );
    }

    #[test]
    fn normalized_values_by_the_library_rules() {
        let found = objects(
            "(;BR[P8段]WR[9段]RE[黑胜3又3/4子]KM[375]HA[0]DT[1996-05-06,07,08];B[aa])\
             (;GM[1];B[aa]C[no game information])\
             (;RE[gave up]BR[?]KM[6目半]HA[two]DT[1996/5/6];WR[3k]DT[1997])",
        );
        assert_eq!(
            found[0]["normalized"],
            json!({
                "black_rank": "8p", "white_rank": "9d", "winner": "B", "reason": "score",
                "margin": 7.5, "komi": 7.5, "handicap": 0,
                "date": "1996-05-06", "date_last": "1996-05-08",
            })
        );
        let none = json!({
            "black_rank": null, "white_rank": null, "winner": null, "reason": null,
            "margin": null, "komi": null, "handicap": null, "date": null, "date_last": null,
        });
        assert_eq!(found[1]["normalized"], none);
        // Game information further down the main line counts; the first
        // DT stands.
        assert_eq!(
            found[2]["normalized"],
            json!({
                "black_rank": null, "white_rank": "3k", "winner": null, "reason": "unknown",
                "margin": null, "komi": 6.5, "handicap": null,
                "date": "1996-05-06", "date_last": "1996-05-06",
            })
        );
    }

    #[test]
    fn setup_stones_give_the_start_position() {
        let found = objects("(;SZ[9]HA[2]AB[cc][gg:gh]AW[ee]PL[W];W[dd];AE[cc]AB[aa];B[ii])");
        let value = &found[0];
        assert_eq!(value["info"]["HA"], "2");
        assert_eq!(
            value["setup"],
            json!({ "AB": [[2, 2], [6, 6], [6, 7]], "AW": [[4, 4]], "PL": "W" })
        );
        assert_eq!(
            value["later_setup"],
            json!([{ "AE": [[2, 2]], "AB": [[0, 0]], "after_moves": 1 }])
        );
        assert_eq!(value["moves"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn a_point_list_gives_each_point_once() {
        // Overlapping rectangles, a repeat, a value off the board; then
        // two nodes of setup further down, each an entry.
        let repeated = "[aa:bb]".repeat(1000);
        let found = objects(&format!(
            "(;SZ[9]AB[aa:bb][ba:cb][aa]{repeated}[zz];B[ee];AW[ii][ii];AE[aa:bb][bb])"
        ));
        let value = &found[0];
        assert_eq!(
            value["setup"]["AB"],
            json!([[0, 0], [1, 0], [0, 1], [1, 1], [2, 0], [2, 1]])
        );
        assert_eq!(
            value["later_setup"],
            json!([
                { "AW": [[8, 8]], "after_moves": 1 },
                { "AE": [[0, 0], [1, 0], [0, 1], [1, 1]], "after_moves": 1 }
            ])
        );
    }
}
