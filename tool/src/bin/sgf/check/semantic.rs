//! The checks of `sgf check` beyond reading: what FF\[4\] says about
//! values and where properties may go, each problem with a stable code.
//!
//! Codes (see [`CODES`]): `off-board`, `bad-point`, `bad-size`,
//! `root-only`, `game-info-repeated`, `move-and-setup`, `elist-values`,
//! `too-many-values`, `unknown-ff`, `repeated-property`.

use std::ops::Range;

use sgf_stream::props::{self, Arity, Category};
use sgf_stream::typed::{
    number, point_list, split_compose, BoardSize, Move, Point, ValueErrorKind,
};
use sgf_stream::{Event, RawValues};

use sgf_tool::collection::Note;
use sgf_tool::collection::Policy;
use sgf_tool::diagnostics::Severity;

use super::idents::Idents;

/// Every code of these checks, with its severity and what it means.
pub const CODES: &[(&str, Severity, &str)] = &[
    (
        "off-board",
        Severity::Error,
        "a move or setup point off the board its SZ gives",
    ),
    (
        "bad-point",
        Severity::Error,
        "a move or setup value that is not a point",
    ),
    (
        "bad-size",
        Severity::Error,
        "SZ is not 1 to 52, or columns:rows",
    ),
    (
        "root-only",
        Severity::Warning,
        "a root property (AP CA FF GM ST SZ) below the root",
    ),
    (
        "game-info-repeated",
        Severity::Warning,
        "game-info properties in two nodes of one line of play",
    ),
    (
        "move-and-setup",
        Severity::Error,
        "a move and setup properties in one node",
    ),
    (
        "elist-values",
        Severity::Warning,
        "values after the empty list [] (VW[][aa])",
    ),
    (
        "too-many-values",
        Severity::Warning,
        "several values for a property that takes one (readers keep the first)",
    ),
    ("unknown-ff", Severity::Warning, "FF is not 1 to 4"),
    (
        "repeated-property",
        Severity::Warning,
        "a property twice in one node (an error when strict, or when the repeat is dropped)",
    ),
];

/// What is known of the line of play at one open game tree.
#[derive(Debug, Clone, Copy, Default)]
struct Line {
    /// A node above (on this line) has game-info properties.
    info: bool,
}

/// The checks' state over a piece's events.
#[derive(Debug)]
pub struct Semantic {
    mode: Policy,
    ignore: Ignore,
    lines: Vec<Line>,
    /// The game's board size, and whether it is Go.
    size: BoardSize,
    go: bool,
    /// Nodes of the current game so far.
    nodes: u64,
    /// The current node.
    node: NodeState,
}

/// Codes not to report.
pub type Ignore = std::sync::Arc<[&'static str]>;

/// A property identifier as a number: its letters, when at most 8
/// (nearly all), else a hash of them.
fn ident_key(ident: &str) -> u64 {
    match *ident.as_bytes() {
        [a] => u64::from(a),
        [a, b] => u64::from(a) | u64::from(b) << 8,
        ref bytes @ [_, _, _, ..] if bytes.len() <= 8 => bytes
            .iter()
            .rev()
            .fold(0, |key, &byte| key << 8 | u64::from(byte)),
        _ => {
            use std::hash::{Hash, Hasher};
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            ident.hash(&mut hasher);
            hasher.finish() | 1 << 63
        }
    }
}

#[derive(Debug, Default)]
struct NodeState {
    /// Properties seen, for repeats.
    idents: Idents,
    has_move: bool,
    has_setup: bool,
    info: bool,
    reported_mix: bool,
}

impl NodeState {
    /// A new node: nothing seen yet.
    fn clear(&mut self) {
        self.idents.clear();
        self.has_move = false;
        self.has_setup = false;
        self.info = false;
        self.reported_mix = false;
    }
}

impl Semantic {
    /// Checks for a piece read in `mode`; the codes in `ignore` are not
    /// reported.
    pub fn new(mode: Policy, ignore: Ignore) -> Semantic {
        Semantic {
            mode,
            ignore,
            lines: Vec::new(),
            size: BoardSize::default(),
            go: true,
            nodes: 0,
            node: NodeState::default(),
        }
    }

    fn note(
        &self,
        notes: &mut Vec<Note>,
        at: u64,
        code: &'static str,
        severity: Severity,
        text: String,
    ) {
        if !self.ignore.contains(&code) {
            notes.push(Note {
                at,
                code,
                severity,
                message: format!("{code}: {text}"),
            });
        }
    }

    /// Takes the next event, which covers `span`.
    #[inline(always)]
    pub fn event(&mut self, event: &Event<'_>, span: Range<u64>, notes: &mut Vec<Note>) {
        match event {
            Event::Node => {
                if let Some(line) = self.lines.last_mut() {
                    line.info |= self.node.info;
                }
                self.node.clear();
                self.nodes += 1;
            }
            Event::Property(ident, values) => {
                let ident = ident.as_str();
                if let ("B" | "W", 1) = (ident, values.len()) {
                    if self.quick_move(ident, values.first().as_bytes()) {
                        return;
                    }
                }
                self.property(ident, values, span.start, notes)
            }
            _ => self.tree(event),
        }
    }

    /// A game tree opens or closes.
    #[inline(never)]
    fn tree(&mut self, event: &Event<'_>) {
        if let Event::StartGameTree = event {
            let line = match self.lines.last_mut() {
                Some(line) => {
                    // The node before a variation is above it.
                    line.info |= self.node.info;
                    *line
                }
                None => {
                    self.size = BoardSize::default();
                    self.go = true;
                    self.nodes = 0;
                    Line::default()
                }
            };
            self.lines.push(line);
        } else {
            self.lines.pop();
        }
        self.node.clear();
    }

    /// A move (`B` or `W`, one value) that is the node's first property
    /// and a point on the board or a pass, as nearly every move is: it
    /// needs no other check. Whether it was one.
    #[inline(always)]
    fn quick_move(&mut self, ident: &str, raw: &[u8]) -> bool {
        let fine =
            self.node.idents.is_empty() && (!self.go || Move::decode(raw, self.size).is_ok());
        if fine {
            self.node.idents.insert(ident_key(ident));
            self.node.has_move = true;
        }
        fine
    }

    fn property(&mut self, ident: &str, values: &RawValues<'_>, at: u64, notes: &mut Vec<Note>) {
        self.repeat(ident, at, notes);
        if ident == "B" || ident == "W" {
            self.node.has_move = true;
            self.mix(at, notes);
            if values.len() == 1 {
                self.check_move(ident, values.first().as_bytes(), at, notes);
                return;
            }
        }
        let Some(info) = props::lookup(ident) else {
            return;
        };
        let root = self.nodes == 1 && self.lines.len() == 1;
        match info.category {
            Category::Root if !root => {
                let text = format!("{ident} belongs in the root node");
                self.note(notes, at, "root-only", Severity::Warning, text);
            }
            Category::GameInfo => {
                let line = self.lines.last().copied().unwrap_or_default();
                if line.info && !self.node.info {
                    let text =
                        format!("{ident}: game-info properties already given above on this line");
                    self.note(notes, at, "game-info-repeated", Severity::Warning, text);
                }
                self.node.info = true;
            }
            Category::Move => {
                self.node.has_move = true;
                self.mix(at, notes);
            }
            Category::Setup => {
                self.node.has_setup = true;
                self.mix(at, notes);
            }
            _ => {}
        }
        match info.arity {
            Arity::One if values.len() > 1 => {
                let text = format!("{ident} takes one value, has {}", values.len());
                self.note(notes, at, "too-many-values", Severity::Warning, text);
            }
            Arity::EList if values.len() > 1 && values.first().as_bytes().is_empty() => {
                let text = format!("{ident}: values after the empty list []");
                self.note(notes, at, "elist-values", Severity::Warning, text);
            }
            _ => {}
        }
        match ident {
            "SZ" => self.board_size(values, at, notes),
            "GM" => self.go = number(values.first().as_bytes()).map_or(true, |gm| gm == 1),
            "FF" => {
                let ff = number(values.first().as_bytes());
                if !matches!(ff, Ok(1..=4)) {
                    let text = format!(
                        "FF[{}] is not a file format (1 to 4)",
                        lossy(values.first().as_bytes())
                    );
                    self.note(notes, at, "unknown-ff", Severity::Warning, text);
                }
            }
            "AB" | "AW" | "AE" => self.check_setup(ident, values, at, notes),
            "B" | "W" => self.check_move(ident, values.first().as_bytes(), at, notes),
            _ => {}
        }
    }

    /// A property seen twice in one node.
    fn repeat(&mut self, ident: &str, at: u64, notes: &mut Vec<Note>) {
        let key = ident_key(ident);
        if self.node.idents.insert(key) {
            return;
        }
        let info = props::lookup(ident);
        let dropped =
            info.is_some_and(|info| info.arity == Arity::One && !matches!(ident, "C" | "GC"));
        let severity = match self.mode == Policy::Strict || dropped {
            true => Severity::Error,
            false => Severity::Warning,
        };
        let what = match dropped {
            true => "readers keep the first",
            false => "readers merge the values",
        };
        let text = format!("{ident} twice in one node: {what}");
        self.note(notes, at, "repeated-property", severity, text);
    }

    /// A move and setup properties in the node.
    fn mix(&mut self, at: u64, notes: &mut Vec<Note>) {
        if self.node.has_move && self.node.has_setup && !self.node.reported_mix {
            self.node.reported_mix = true;
            let text = "a move and setup properties in one node".to_string();
            self.note(notes, at, "move-and-setup", Severity::Error, text);
        }
    }

    fn board_size(&mut self, values: &RawValues<'_>, at: u64, notes: &mut Vec<Note>) {
        let raw = values.first().as_bytes();
        match BoardSize::decode_lenient(raw) {
            Ok(size) => self.size = size,
            Err(_) => {
                let text = format!(
                    "SZ[{}] is not a board size: 1 to 52, or columns:rows",
                    lossy(raw)
                );
                self.note(notes, at, "bad-size", Severity::Error, text);
            }
        }
    }

    fn check_move(&mut self, ident: &str, raw: &[u8], at: u64, notes: &mut Vec<Note>) {
        if !self.go || Move::decode(raw, self.size).is_ok() {
            return;
        }
        self.bad_point(ident, raw, at, notes);
    }

    fn check_setup(&mut self, ident: &str, values: &RawValues<'_>, at: u64, notes: &mut Vec<Note>) {
        if !self.go {
            return;
        }
        for (index, value) in values.iter().enumerate() {
            let raw = value.as_bytes();
            if raw.is_empty() && index == 0 {
                continue;
            }
            if let Err((_, err)) = point_list([raw], self.size) {
                match err.kind {
                    ValueErrorKind::SinglePointRectangle => {}
                    _ => self.bad_point(ident, raw, at, notes),
                }
            }
        }
    }

    /// A value of `ident` that is no point on the board.
    fn bad_point(&mut self, ident: &str, raw: &[u8], at: u64, notes: &mut Vec<Note>) {
        let corners = match split_compose(raw) {
            Some((a, b)) => vec![a, b],
            None => vec![raw],
        };
        let points = corners.iter().map(|raw| Point::parse(raw));
        let (size, value) = (self.size, lossy(raw));
        if points.clone().all(|point| point.is_ok()) {
            let text = format!(
                "{ident}[{value}] is off the {}x{} board",
                size.cols, size.rows
            );
            self.note(notes, at, "off-board", Severity::Error, text);
        } else {
            let text = format!("{ident}[{value}] is not a point");
            self.note(notes, at, "bad-point", Severity::Error, text);
        }
    }
}

fn lossy(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(input: &str) -> Vec<String> {
        let mut checks = Semantic::new(Policy::StrictThenLenient, Ignore::from([]));
        let mut notes = Vec::new();
        for item in sgf_stream::Parser::new(input.as_bytes()).into_spans() {
            let (event, span) = item.unwrap();
            checks.event(&event, span, &mut notes);
        }
        notes
            .iter()
            .map(|note| note.message.split(':').next().unwrap().to_string())
            .collect()
    }

    #[test]
    fn each_check_finds_its_problem_and_nothing_else() {
        assert!(
            codes("(;GM[1]FF[4]SZ[9]AB[aa][bb:cc];B[ii];W[];B[tt](;W[aa])(;W[bb]))").is_empty()
        );
        assert_eq!(codes("(;SZ[9];B[jj])"), ["off-board"]);
        assert_eq!(codes("(;SZ[9]AB[aa:jj])"), ["off-board"]);
        assert_eq!(codes("(;B[1])"), ["bad-point"]);
        assert_eq!(codes("(;SZ[99])"), ["bad-size"]);
        assert_eq!(codes("(;FF[4];SZ[9])"), ["root-only"]);
        assert_eq!(codes("(;PB[a];B[aa];PW[b])"), ["game-info-repeated"]);
        assert_eq!(codes("(;PB[a](;PW[b])(;B[aa]))"), ["game-info-repeated"]);
        assert_eq!(codes("(;B[aa]AB[bb])"), ["move-and-setup"]);
        assert_eq!(codes("(;VW[][aa])"), ["elist-values"]);
        assert_eq!(codes("(;B[aa][bb])"), ["too-many-values"]);
        assert_eq!(codes("(;FF[5])"), ["unknown-ff"]);
        assert_eq!(codes("(;C[a]C[b])"), ["repeated-property"]);
        // Not Go: points are not checked.
        assert!(codes("(;GM[3];B[zz])").is_empty());
        // Game info in two variations is fine.
        assert!(codes("(;B[aa](;PB[a])(;PB[b]))").is_empty());
    }
}
