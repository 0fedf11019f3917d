//! [`Record`]: what a format's reader found in a record (the game
//! information, the handicap and setup stones, the main line), each part
//! with the place in the input it came from, and the SGF text it makes.

use super::handicap;
use super::text::Span;
use crate::game::GameResult;
use crate::lex::{escape_str, Escape};
use crate::typed::{real_to_sgf, Color, Point};
use crate::warning::{Warning, WarningKind};

/// The order of the root properties in the SGF text, after
/// `GM[1]FF[4]CA[UTF-8]SZ[..]`; `HA` brings its `AB` and `AW` stones.
const ORDER: &[&str] = &[
    "PB", "PW", "BR", "WR", "KM", "HA", "RE", "DT", "PC", "GN", "EV", "RU", "TM", "OT", "GC",
];

/// A move of the main line: who, where (`None`: a pass), and the line
/// it came from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Played {
    pub color: Color,
    pub point: Option<Point>,
    pub span: Span,
}

/// A record read into the parts of an SGF game.
#[derive(Debug)]
pub(crate) struct Record {
    size: (u8, Span),
    /// Root properties (other than `SZ`, `HA`, `AB`, `AW`) with their
    /// values as text, unescaped.
    props: Vec<(&'static str, String, Span)>,
    handicap: Option<(u8, Span)>,
    stones: Vec<(Color, Point, Span)>,
    moves: Vec<Played>,
}

/// Where each piece of an SGF text comes from: the SGF offset where the
/// piece starts, and its place in the input.
pub(crate) type Segments = Vec<(usize, Span)>;

impl Record {
    /// An empty record of a board of `size` lines, the size read at
    /// `span`.
    pub(crate) fn new(size: u8, span: Span) -> Self {
        Record {
            size: (size, span),
            props: Vec::new(),
            handicap: None,
            stones: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The board's side.
    pub(crate) fn size(&self) -> u8 {
        self.size.0
    }

    /// Whether `ident` has a value already.
    pub(crate) fn has(&self, ident: &str) -> bool {
        self.props.iter().any(|(name, ..)| *name == ident)
    }

    /// Sets `ident` to `value` read at `span`, unless it has a value
    /// (readers try their sources best first) or `value` is blank.
    pub(crate) fn set(&mut self, ident: &'static str, value: &str, span: Span) {
        let value = value.trim();
        if !value.is_empty() && !self.has(ident) {
            self.props.push((ident, value.to_string(), span));
        }
    }

    /// `KM`: komi.
    pub(crate) fn set_komi(&mut self, komi: f64, span: Span) {
        self.set("KM", &real_to_sgf(komi), span);
    }

    /// `RE`: the result, in FF\[4\] form.
    pub(crate) fn set_result(&mut self, result: GameResult, span: Span) {
        self.set("RE", &result.to_string(), span);
    }

    /// The number of handicap stones (from 2), without stones: readers
    /// list them ([`add_stone`](Self::add_stone)) or place them
    /// ([`place_handicap`](Self::place_handicap)).
    pub(crate) fn set_handicap(&mut self, count: u8, span: Span) {
        if count >= 2 && self.handicap.is_none() {
            self.handicap = Some((count, span));
        }
    }

    /// The handicap set, if any.
    pub(crate) fn handicap(&self) -> Option<u8> {
        self.handicap.map(|(count, _)| count)
    }

    /// A setup stone (`AB`, `AW`) listed by the record.
    pub(crate) fn add_stone(&mut self, color: Color, point: Point, span: Span) {
        self.stones.push((color, point, span));
    }

    /// Whether the record listed setup stones.
    pub(crate) fn has_stones(&self) -> bool {
        !self.stones.is_empty()
    }

    /// Puts the handicap's black stones on their fixed points (see
    /// [`handicap::points`]); a warning where the board has none.
    pub(crate) fn place_handicap(&mut self, warnings: &mut Vec<Warning>) {
        let Some((count, span)) = self.handicap else {
            return;
        };
        match handicap::points(count, self.size.0) {
            Some(points) => {
                for point in points {
                    self.add_stone(Color::Black, point, span);
                }
            }
            None => warnings.push(Warning::new(
                WarningKind::UnreadValue {
                    field: "handicap",
                    value: format!(
                        "{count} (no fixed points on a board of {} lines)",
                        self.size.0
                    ),
                },
                span.start,
                span.range(),
            )),
        }
    }

    /// A move of the main line.
    pub(crate) fn play(&mut self, color: Color, point: Option<Point>, span: Span) {
        self.moves.push(Played { color, point, span });
    }

    /// The moves so far.
    pub(crate) fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// The SGF text of the game, with the place in the input of each of
    /// its pieces; `start` and `end` are the record's first and last
    /// places (for `(;GM[1]FF[4]CA[UTF-8]` and the final `)`).
    pub(crate) fn to_sgf(&self, start: Span, end: Span) -> (String, Segments) {
        let mut out = Sgf::default();
        out.piece("(;GM[1]FF[4]CA[UTF-8]", start);
        out.property("SZ", &self.size.0.to_string(), self.size.1);
        for &ident in ORDER {
            if ident == "HA" {
                self.setup(&mut out);
            }
            for (_, value, span) in self.props.iter().filter(|(name, ..)| *name == ident) {
                out.property(ident, value, *span);
            }
        }
        out.sgf.push('\n');
        for played in &self.moves {
            let point = played.point.map_or([0; 2], Point::to_sgf);
            let value = match played.point {
                Some(_) => std::str::from_utf8(&point).unwrap_or_default(),
                None => "",
            };
            out.piece(";", played.span);
            out.sgf.push_str(played.color.ident());
            out.value(value);
        }
        out.piece(")\n", end);
        (out.sgf, out.segments)
    }

    /// `HA`, then the setup stones as `AB` and `AW`.
    fn setup(&self, out: &mut Sgf) {
        if let Some((count, span)) = self.handicap {
            out.property("HA", &count.to_string(), span);
        }
        for color in [Color::Black, Color::White] {
            let mut stones = self.stones.iter().filter(|stone| stone.0 == color);
            let Some(&(_, first, span)) = stones.next() else {
                continue;
            };
            out.segments.push((out.sgf.len(), span));
            out.sgf
                .push_str(if color == Color::Black { "AB" } else { "AW" });
            out.point(first, span);
            for &(_, point, span) in stones {
                out.point(point, span);
            }
        }
    }
}

/// SGF text being written, with its segments.
#[derive(Debug, Default)]
struct Sgf {
    sgf: String,
    segments: Segments,
}

impl Sgf {
    /// Text that comes from `span`.
    fn piece(&mut self, text: &str, span: Span) {
        self.segments.push((self.sgf.len(), span));
        self.sgf.push_str(text);
    }

    /// `ident[value]`, the value escaped.
    fn property(&mut self, ident: &str, value: &str, span: Span) {
        self.piece(ident, span);
        self.value(value);
    }

    /// `[value]`, escaped.
    fn value(&mut self, value: &str) {
        self.sgf.push('[');
        self.sgf.push_str(&escape_str(value, Escape::VALUE));
        self.sgf.push(']');
    }

    /// `[pd]`, from `span`.
    fn point(&mut self, point: Point, span: Span) {
        self.segments.push((self.sgf.len(), span));
        let [col, row] = point.to_sgf();
        self.sgf.push('[');
        self.sgf.push(col as char);
        self.sgf.push(row as char);
        self.sgf.push(']');
    }
}
