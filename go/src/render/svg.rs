//! The SVG writer: a diagram drawn as SVG text ([`Diagram::to_svg`]),
//! every number in it whole tenths of a user unit, so that the same
//! diagram gives the same bytes; and the picture's size in pixels
//! ([`Diagram::pixels`]).

use std::fmt::Write;

use super::glyphs::{self, Place};
use super::layout::{
    column_name, star_points, Coordinates, Layout, Num, Region, NOTE_LINE, NOTE_TEXT, SPACING,
};
use super::markup::Mark;
use super::numbers::{number, Numbering};
use super::options::{Diagram, Style};
use crate::scratch::Marks;
use crate::work;
use sgf_stream::typed::{Color, Point};

const BLACK: &str = "#000";
const WHITE: &str = "#fff";
/// A stone's radius.
const STONE: i64 = 480;
/// How far lines go past the last point shown, on a side the view cuts.
const OPEN: i64 = 500;

/// The colours of a style: board, lines.
fn board_colour(style: Style) -> &'static str {
    match style {
        Style::Wood => "#dcb35c",
        Style::Book => WHITE,
    }
}

impl Diagram<'_> {
    /// The diagram as SVG text: one `<circle class="stone black">` or
    /// `<circle class="stone white">` per stone shown, text as paths
    /// (`aria-label` holds the text).
    ///
    /// ```
    /// use sgf_go::render::Diagram;
    /// let board = sgf_go::Board::from_diagram("X.\n.O")?;
    /// let svg = Diagram::new(&board).size_px(100).to_svg();
    /// assert!(svg.contains("<circle class=\"stone white\""));
    /// assert!(svg.ends_with("</svg>\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self) -> String {
        write(self)
    }

    /// The picture's width and height in pixels.
    ///
    /// ```
    /// use sgf_go::render::{Coordinates, Diagram};
    /// use sgf_stream::typed::BoardSize;
    /// let board = sgf_go::Board::new(BoardSize::square(19));
    /// assert_eq!(Diagram::new(&board).size_px(400).pixels(), (400, 400));
    /// let wide = sgf_go::Board::new(BoardSize { cols: 9, rows: 5 });
    /// let (w, h) = Diagram::new(&wide).coordinates(Coordinates::None).size_px(400).pixels();
    /// assert_eq!(w, 400);
    /// assert!(h < 250);
    /// ```
    pub fn pixels(&self) -> (u32, u32) {
        layout(self).0.pixels(self.size_px)
    }
}

/// The diagram's layout and numbers.
fn layout(diagram: &Diagram<'_>) -> (Layout, Numbering, Vec<String>) {
    let size = diagram.board.size();
    let region = diagram
        .region
        .map_or(Region::whole(size), |r| r.clamped(size));
    let numbering = match &diagram.numbers {
        Some(range) => number(diagram.board, diagram.moves, range),
        None => Numbering::default(),
    };
    let first = Layout::new(size, region, diagram.coordinates, 0);
    let lines = wrap(&numbering.notes, first.width - 2 * NOTE_TEXT);
    let layout = Layout::new(size, region, diagram.coordinates, lines.len());
    (layout, numbering, lines)
}

/// Notes joined into lines that fit `width`.
fn wrap(notes: &[String], width: i64) -> Vec<String> {
    // A character takes about three quarters of the text's height.
    let per_line = (width / (NOTE_TEXT * 3 / 4)).max(8) as usize;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for (i, note) in notes.iter().enumerate() {
        let item = if i + 1 < notes.len() {
            format!("{note},")
        } else {
            note.clone()
        };
        if !line.is_empty() && line.len() + 1 + item.len() > per_line {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The diagram as SVG.
fn write(diagram: &Diagram<'_>) -> String {
    let (layout, numbering, notes) = layout(diagram);
    let mut svg = Svg {
        out: String::with_capacity(16 * 1024),
        layout,
        board: board_colour(diagram.style),
    };
    let (w, h) = layout.pixels(diagram.size_px);
    let _ = writeln!(
        svg.out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {} {}\">",
        Num(layout.width),
        Num(layout.height)
    );
    let _ = writeln!(
        svg.out,
        "<rect class=\"board\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
        Num(layout.width),
        Num(layout.height),
        svg.board
    );
    svg.grid();
    svg.stars();
    svg.coordinates();
    svg.stones(diagram);
    svg.signs(diagram, &numbering);
    svg.dimmed(diagram);
    svg.notes(&numbering, &notes);
    svg.out.push_str("</svg>\n");
    svg.out
}

/// The SVG being written.
struct Svg {
    out: String,
    layout: Layout,
    board: &'static str,
}

impl Svg {
    fn centre(&self, p: Point) -> (i64, i64) {
        (self.layout.x(p.col), self.layout.y(p.row))
    }

    /// A circle of radius `r` on `p`: `<circle{before} cx cy r{after}/>`.
    fn circle(&mut self, p: Point, before: &str, r: i64, after: &str) {
        let (x, y) = self.centre(p);
        let _ = write!(
            self.out,
            "<circle{before} cx=\"{}\" cy=\"{}\" r=\"{}\"{after}/>",
            Num(x),
            Num(y),
            Num(r)
        );
    }

    /// A path of text drawn as strokes `height` high in `colour`, with
    /// `label` (escaped) as its `aria-label`, if any.
    fn text_path(&mut self, class: &str, label: Option<&str>, d: &str, colour: &str, height: i64) {
        let _ = write!(self.out, "<path class=\"{class}\"");
        if let Some(label) = label {
            let _ = write!(self.out, " aria-label=\"{}\"", escape(label));
        }
        let _ = writeln!(self.out, " d=\"{d}\" {}/>", text_style(colour, height));
    }

    /// The lines: inside ones thin, the board's edges thick.
    fn grid(&mut self) {
        let (l, size) = (self.layout, self.layout.size);
        let r = l.region;
        let open = |cut: bool| if cut { OPEN } else { 0 };
        let (x0, x1) = (
            l.x(r.left) - open(r.left > 0),
            l.x(r.right) + open(r.right + 1 < size.cols),
        );
        let (y0, y1) = (
            l.y(r.top) - open(r.top > 0),
            l.y(r.bottom) + open(r.bottom + 1 < size.rows),
        );
        let (mut inner, mut edge) = (String::new(), String::new());
        for col in r.left..=r.right {
            let d = if col == 0 || col + 1 == size.cols {
                &mut edge
            } else {
                &mut inner
            };
            let x = Num(l.x(col));
            let _ = write!(d, "M{x} {}V{}", Num(y0), Num(y1));
        }
        for row in r.top..=r.bottom {
            let d = if row == 0 || row + 1 == size.rows {
                &mut edge
            } else {
                &mut inner
            };
            let y = Num(l.y(row));
            let _ = write!(d, "M{} {y}H{}", Num(x0), Num(x1));
        }
        for (class, d, width) in [("grid", inner, 30), ("edge", edge, 60)] {
            if !d.is_empty() {
                let _ = writeln!(
                    self.out,
                    "<path class=\"{class}\" d=\"{d}\" fill=\"none\" stroke=\"{BLACK}\" stroke-width=\"{}\" stroke-linecap=\"square\"/>",
                    Num(width)
                );
            }
        }
    }

    fn stars(&mut self) {
        let region = self.layout.region;
        let points: Vec<Point> = star_points(self.layout.size)
            .into_iter()
            .filter(|&p| region.contains(p))
            .collect();
        if points.is_empty() {
            return;
        }
        let _ = write!(self.out, "<g class=\"stars\" fill=\"{BLACK}\">");
        for p in points {
            self.circle(p, "", 90, "");
        }
        self.out.push_str("</g>\n");
    }

    fn coordinates(&mut self) {
        let l = self.layout;
        if l.coordinates == Coordinates::None {
            return;
        }
        let four = l.coordinates == Coordinates::Four;
        let (left, right, top, bottom) = l.band_centres();
        let mut d = String::new();
        let height = 300;
        let max_width = 640;
        let mut name_at = |name: &str, x, y| {
            let place = Place {
                x,
                y,
                height,
                max_width,
            };
            glyphs::path(&mut d, name, place);
        };
        for col in l.region.left..=l.region.right {
            let name = column_name(col);
            for y in [Some(bottom), four.then_some(top)].into_iter().flatten() {
                name_at(&name, l.x(col), y);
            }
        }
        for row in l.region.top..=l.region.bottom {
            let name = (u32::from(l.size.rows) - u32::from(row)).to_string();
            for x in [Some(left), four.then_some(right)].into_iter().flatten() {
                name_at(&name, x, l.y(row));
            }
        }
        self.text_path("coordinates", None, &d, BLACK, height);
    }

    fn stones(&mut self, diagram: &Diagram<'_>) {
        let region = self.layout.region;
        for (color, name, paint) in [
            (Color::Black, "black", format!("fill=\"{BLACK}\"")),
            (
                Color::White,
                "white",
                format!("fill=\"{WHITE}\" stroke=\"{BLACK}\" stroke-width=\"3.5\""),
            ),
        ] {
            let stones: Vec<Point> = diagram
                .board
                .stones()
                .filter(|&(p, c)| c == color && region.contains(p))
                .map(|(p, _)| p)
                .collect();
            if stones.is_empty() {
                continue;
            }
            let _ = write!(self.out, "<g {paint}>");
            let class = format!(" class=\"stone {name}\"");
            for p in stones {
                self.circle(p, &class, STONE, "");
            }
            self.out.push_str("</g>\n");
        }
    }

    /// On each point, the first of: label, number, mark, last move.
    fn signs(&mut self, diagram: &Diagram<'_>, numbering: &Numbering) {
        let region = self.layout.region;
        let board = diagram.board;
        let mut taken = Marks::new();
        let mut take = |p: Point| {
            work::count(1);
            region.contains(p) && board.cell(p).is_some_and(|cell| !taken.mark(cell))
        };
        if let Some(markup) = diagram.markup {
            for (p, text) in &markup.labels {
                if take(*p) {
                    self.label(*p, text, board.get(*p));
                }
            }
        }
        for &(p, n) in &numbering.stones {
            if take(p) {
                self.text(p, &n.to_string(), board.get(p), 420);
            }
        }
        if let Some(markup) = diagram.markup {
            for &(p, mark) in &markup.marks {
                if take(p) {
                    self.mark(p, mark, board.get(p));
                }
            }
        }
        if let Some(p) = diagram.last.filter(|&p| take(p)) {
            if let Some(color) = board.get(p) {
                let fill = format!(" fill=\"{}\"", ink(Some(color)));
                self.circle(p, " class=\"last\"", 170, &fill);
                self.out.push('\n');
            }
        }
    }

    /// A label: on an empty point, the lines under it are covered.
    fn label(&mut self, p: Point, text: &str, stone: Option<Color>) {
        if stone.is_none() {
            let fill = format!(" fill=\"{}\"", self.board);
            self.circle(p, "", 320, &fill);
        }
        self.text(p, text, stone, 440);
    }

    /// Text centred on a point, in the colour that shows on it.
    fn text(&mut self, p: Point, text: &str, stone: Option<Color>, height: i64) {
        let (x, y) = self.centre(p);
        let mut d = String::new();
        let max_width = 780;
        let place = Place {
            x,
            y,
            height,
            max_width,
        };
        glyphs::path(&mut d, text, place);
        self.text_path("text", Some(text), &d, ink(stone), height);
    }

    fn mark(&mut self, p: Point, mark: Mark, stone: Option<Color>) {
        let (x, y) = self.centre(p);
        let (class, d) = match mark {
            Mark::Triangle => (
                "triangle",
                format!(
                    "M{} {}L{} {}L{} {}Z",
                    Num(x),
                    Num(y - 300),
                    Num(x + 260),
                    Num(y + 150),
                    Num(x - 260),
                    Num(y + 150)
                ),
            ),
            Mark::Square => (
                "square",
                format!("M{} {}h44v44h-44Z", Num(x - 220), Num(y - 220)),
            ),
            Mark::Circle => (
                "circle",
                format!(
                    "M{} {}a25 25 0 1 1 0 50a25 25 0 1 1 0 -50Z",
                    Num(x),
                    Num(y - 250)
                ),
            ),
            Mark::Cross => (
                "cross",
                format!(
                    "M{} {}l44 44M{} {}l-44 44",
                    Num(x - 220),
                    Num(y - 220),
                    Num(x + 220),
                    Num(y - 220)
                ),
            ),
        };
        let _ = writeln!(
            self.out,
            "<path class=\"mark {class}\" d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"6\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
            ink(stone)
        );
    }

    fn dimmed(&mut self, diagram: &Diagram<'_>) {
        let Some(markup) = diagram.markup else {
            return;
        };
        let region = self.layout.region;
        let mut d = String::new();
        let board = diagram.board;
        let mut done = Marks::new();
        for &p in markup.dimmed.iter().filter(|&&p| region.contains(p)) {
            work::count(1);
            if board.cell(p).map_or(true, |cell| done.mark(cell)) {
                continue;
            }
            let (x, y) = self.centre(p);
            let half = SPACING / 2;
            let _ = write!(d, "M{} {}h100v100h-100Z", Num(x - half), Num(y - half));
        }
        if !d.is_empty() {
            let _ = writeln!(
                self.out,
                "<path class=\"dimmed\" d=\"{d}\" fill=\"{}\" fill-opacity=\"0.6\"/>",
                self.board
            );
        }
    }

    fn notes(&mut self, numbering: &Numbering, lines: &[String]) {
        if lines.is_empty() {
            return;
        }
        let l = self.layout;
        let mut d = String::new();
        for (i, line) in lines.iter().enumerate() {
            let place = Place {
                x: l.width / 2,
                y: l.notes_top + i as i64 * NOTE_LINE + NOTE_LINE / 2,
                height: NOTE_TEXT,
                max_width: l.width - 2 * NOTE_TEXT,
            };
            glyphs::path(&mut d, line, place);
        }
        let label = numbering.notes.join(", ");
        self.text_path("notes", Some(&label), &d, BLACK, NOTE_TEXT);
    }
}

/// The colour that shows on a point with `stone`.
fn ink(stone: Option<Color>) -> &'static str {
    match stone {
        Some(Color::Black) => WHITE,
        _ => BLACK,
    }
}

/// The attributes of text `height` high, drawn in `colour`.
fn text_style(colour: &str, height: i64) -> String {
    format!(
        "fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"",
        Num(glyphs::stroke(height))
    )
}

/// `text` escaped for an XML attribute.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_and_control_characters() {
        assert_eq!(
            escape("a<b>&\"c'\u{1}"),
            "a&lt;b&gt;&amp;&quot;c&apos;\u{fffd}"
        );
    }

    #[test]
    fn each_point_shows_one_sign_and_is_dimmed_once() {
        use crate::render::{Mark, Markup, Played};
        use sgf_stream::typed::BoardSize;
        let board = crate::Board::new(BoardSize::square(5));
        let (a, b, c) = (Point::new(0, 0), Point::new(1, 1), Point::new(2, 2));
        // `a`: two labels and a mark, the first label shows. `b`: a mark
        // after a number (a move on an empty point is noted, not shown,
        // so the mark shows). `c`: two marks and the last move, the first
        // mark shows. `a` and `e1` are dimmed twice, a point off the board
        // once.
        let markup = Markup {
            labels: vec![(a, "P".into()), (a, "Q".into())],
            marks: vec![
                (a, Mark::Square),
                (b, Mark::Circle),
                (c, Mark::Triangle),
                (c, Mark::Cross),
                (Point::new(7, 7), Mark::Square),
            ],
            dimmed: vec![a, Point::new(4, 4), a, Point::new(9, 0), Point::new(4, 4)],
        };
        let moves = [Played {
            number: 1,
            color: Color::Black,
            point: Some(b),
        }];
        let svg = Diagram::new(&board)
            .markup(&markup)
            .moves(&moves)
            .numbers(1..=1)
            .last_move(Some(c))
            .to_svg();
        assert_eq!(svg.matches("aria-label=\"P\"").count(), 1);
        assert!(!svg.contains("aria-label=\"Q\""));
        assert!(!svg.contains("mark square") && !svg.contains("mark cross"));
        assert_eq!(svg.matches("mark circle").count(), 1);
        assert_eq!(svg.matches("mark triangle").count(), 1);
        assert!(!svg.contains("class=\"last\""));
        assert_eq!(svg.matches("h100v100h-100Z").count(), 2);
        assert!(svg.contains("aria-label=\"1 at B4\""));
    }

    #[cfg(feature = "work-count")]
    /// Steps of drawing a `cols`×52 board with a label and a mark on every
    /// point, and every point dimmed twice.
    fn marked_up_work(cols: u8) -> u64 {
        use crate::render::{Mark, Markup};
        use sgf_stream::typed::BoardSize;
        let board = crate::Board::new(BoardSize { cols, rows: 52 });
        let points: Vec<Point> = (0..52)
            .flat_map(|row| (0..cols).map(move |col| Point::new(col, row)))
            .collect();
        let markup = Markup {
            labels: points.iter().map(|&p| (p, "A".to_string())).collect(),
            marks: points.iter().map(|&p| (p, Mark::Cross)).collect(),
            dimmed: [points.clone(), points.clone()].concat(),
        };
        let diagram = Diagram::new(&board).markup(&markup);
        let (svg, work) = sgf_stream::work::measure(|| diagram.to_svg());
        assert_eq!(svg.matches("aria-label=\"A\"").count(), points.len());
        assert!(!svg.contains("class=\"mark"));
        assert_eq!(svg.matches("h100v100h-100Z").count(), points.len());
        work
    }

    #[cfg(feature = "work-count")]
    #[test]
    fn signs_and_dimmed_points_take_work_linear_in_the_markup() {
        let (small, large) = (marked_up_work(26), marked_up_work(52));
        assert!(large <= 4 * 4 * 52 * 52, "{small} then {large} steps");
        assert!(large < small * 2 + 100, "{small} then {large} steps");
    }

    #[test]
    fn notes_wrap_at_the_width() {
        let notes: Vec<String> = (1..=30).map(|n| format!("{n} at {}", n + 100)).collect();
        let lines = wrap(&notes, 6000);
        assert!(lines.len() > 3);
        assert!(lines.iter().all(|l| l.len() <= 26), "{lines:?}");
        assert_eq!(lines.join(" ").split(", ").count(), 30);
    }
}
