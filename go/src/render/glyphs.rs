//! The diagram's own stroke font: digits, capital letters and a few signs
//! drawn as paths, so that a picture looks the same in any SVG viewer and
//! in the PNG, on any machine, with no font installed or embedded.
//!
//! A glyph is a path over a box 40 units high (y down, the baseline at
//! 40), stroked with round ends. Lowercase letters are drawn as small
//! capitals; a character with no glyph is drawn as an empty box.

use super::layout::{scale, Num};

/// The glyph box's height, in glyph units.
const HEIGHT: i64 = 40;
/// The space between two glyphs, in glyph units.
const GAP: i64 = 7;
/// Small capitals are this many fortieths of a capital's size.
const SMALL: i64 = 30;

/// A glyph: its advance width and its path (commands `M`, `L`, `C`, `A`,
/// `Z` with absolute, whole-number coordinates).
type Glyph = (i64, &'static str);

/// The box drawn for a character that has no glyph.
const MISSING: Glyph = (24, "M2 0L22 0L22 40L2 40Z");

/// The glyph of `c`, and whether it is drawn as a small capital.
fn glyph(c: char) -> (Glyph, bool) {
    let small = c.is_ascii_lowercase();
    let found = match c.to_ascii_uppercase() {
        '0' => (22, "M11 0A10 20 0 0 1 11 40A10 20 0 0 1 11 0Z"),
        '1' => (22, "M4 8L13 0L13 40"),
        '2' => (24, "M2 10A10 10 0 0 1 22 10C22 18 14 24 2 40L22 40"),
        '3' => (24, "M4 4A10 10 0 1 1 12 20A10 10 0 1 1 4 36M8 20L12 20"),
        '4' => (24, "M16 40L16 0L1 28L23 28"),
        '5' => (
            24,
            "M20 0L4 0L3 18C6 16 9 15 12 15C18 15 22 20 22 27C22 35 17 40 12 40C8 40 5 39 2 36",
        ),
        '6' => (
            24,
            "M19 3C16 0 14 0 12 0C5 0 2 8 2 29M2 29A10 11 0 0 0 22 29A10 11 0 0 0 2 29",
        ),
        '7' => (24, "M2 0L22 0L9 40"),
        '8' => (
            24,
            "M12 0A9 10 0 0 1 12 20A9 10 0 0 1 12 0ZM12 20A10 10 0 0 1 12 40A10 10 0 0 1 12 20Z",
        ),
        '9' => (
            24,
            "M5 37C8 40 10 40 12 40C19 40 22 32 22 11M22 11A10 11 0 0 0 2 11A10 11 0 0 0 22 11",
        ),
        'A' => (24, "M0 40L12 0L24 40M4 27L20 27"),
        'B' => (24, "M2 20L14 20A9 10 0 0 1 14 40L2 40L2 0L13 0A8 10 0 0 1 13 20"),
        'C' => (24, "M22 9A12 20 0 1 0 22 31"),
        'D' => (24, "M2 0L2 40L10 40A13 20 0 0 0 10 0Z"),
        'E' => (22, "M21 0L2 0L2 40L21 40M2 20L17 20"),
        'F' => (22, "M21 0L2 0L2 40M2 20L17 20"),
        'G' => (24, "M22 9A12 20 0 1 0 24 23L14 23"),
        'H' => (24, "M2 0L2 40M22 0L22 40M2 20L22 20"),
        'I' => (16, "M8 0L8 40M2 0L14 0M2 40L14 40"),
        'J' => (20, "M18 0L18 30A8 10 0 0 1 2 30"),
        'K' => (24, "M2 0L2 40M22 0L2 24M9 17L22 40"),
        'L' => (22, "M2 0L2 40L20 40"),
        'M' => (26, "M1 40L1 0L13 26L25 0L25 40"),
        'N' => (24, "M2 40L2 0L22 40L22 0"),
        'O' => (24, "M12 0A12 20 0 0 1 12 40A12 20 0 0 1 12 0Z"),
        'P' => (24, "M2 40L2 0L13 0A9 10 0 0 1 13 20L2 20"),
        'Q' => (24, "M12 0A12 20 0 0 1 12 40A12 20 0 0 1 12 0ZM14 28L24 42"),
        'R' => (24, "M2 40L2 0L13 0A9 10 0 0 1 13 20L2 20M12 20L22 40"),
        'S' => (
            24,
            "M21 5C19 2 16 0 12 0C6 0 2 4 2 10C2 16 7 18 12 20C17 22 22 24 22 30C22 36 18 40 12 40C7 40 4 38 2 35",
        ),
        'T' => (24, "M0 0L24 0M12 0L12 40"),
        'U' => (24, "M2 0L2 28A10 12 0 0 0 22 28L22 0"),
        'V' => (24, "M0 0L12 40L24 0"),
        'W' => (26, "M0 0L7 40L13 12L19 40L26 0"),
        'X' => (24, "M1 0L23 40M23 0L1 40"),
        'Y' => (24, "M0 0L12 20L24 0M12 20L12 40"),
        'Z' => (24, "M2 0L22 0L2 40L22 40"),
        '?' => (24, "M3 9A9 9 0 1 1 12 18L12 27M12 37L12 39"),
        '!' => (10, "M5 0L5 27M5 37L5 39"),
        '+' => (24, "M2 22L22 22M12 12L12 32"),
        '-' => (20, "M3 22L17 22"),
        '.' => (10, "M5 37L5 39"),
        ',' => (10, "M6 36L3 44"),
        ':' => (10, "M5 13L5 15M5 35L5 37"),
        '#' => (24, "M9 6L7 34M18 6L16 34M2 14L22 14M2 26L22 26"),
        '(' => (14, "M12 0A10 20 0 0 0 12 40"),
        ')' => (14, "M2 0A10 20 0 0 1 2 40"),
        '/' => (20, "M18 0L2 40"),
        '=' => (24, "M3 15L21 15M3 29L21 29"),
        ' ' => (14, ""),
        _ => MISSING,
    };
    (found, small)
}

/// The width of `text` in glyph units at full size: the advances and the
/// gaps between glyphs.
fn width(text: &str) -> i64 {
    let mut total = 0;
    for (i, c) in text.chars().enumerate() {
        let ((advance, _), small) = glyph(c);
        total += if small { advance * SMALL / 40 } else { advance };
        if i > 0 {
            total += GAP;
        }
    }
    total
}

/// Where and how large a line of text is drawn, in the diagram's units.
#[derive(Debug, Clone, Copy)]
pub struct Place {
    /// The text's centre.
    pub x: i64,
    /// The middle of its capitals' height.
    pub y: i64,
    /// Its capitals' height.
    pub height: i64,
    /// The widest it may be: wider text is narrowed to fit.
    pub max_width: i64,
}

/// The stroke width of text `height` high.
pub fn stroke(height: i64) -> i64 {
    height * 11 / 100
}

/// Appends to `out` the path data of `text` set at `place`.
pub fn path(out: &mut String, text: &str, place: Place) {
    let natural = width(text).max(1);
    // Horizontal scale: height / 40, narrowed so that the text fits.
    let (mut num, mut den) = (place.height, HEIGHT);
    if natural * num > place.max_width * den {
        (num, den) = (place.max_width, natural);
    }
    let left = place.x - scale(natural, num, den) / 2;
    let top = place.y - place.height / 2;
    let mut pen = 0;
    for c in text.chars() {
        let ((advance, data), small) = glyph(c);
        let size = if small { SMALL } else { 40 };
        let frame = Frame {
            left: left + scale(pen, num, den),
            top: top + place.height * (40 - size) / 40,
            x: (num * size, den * 40),
            y: (place.height * size, HEIGHT * 40),
        };
        frame.write(out, data);
        pen += advance * size / 40 + GAP;
    }
}

/// Maps a glyph's units to the diagram's: an origin and a scale per axis.
struct Frame {
    left: i64,
    top: i64,
    x: (i64, i64),
    y: (i64, i64),
}

impl Frame {
    fn px(&self, v: i64) -> Num {
        Num(self.left + scale(v, self.x.0, self.x.1))
    }

    fn py(&self, v: i64) -> Num {
        Num(self.top + scale(v, self.y.0, self.y.1))
    }

    /// Writes `data` (a glyph's path) mapped into this frame.
    fn write(&self, out: &mut String, data: &str) {
        use std::fmt::Write;
        let mut tokens = data
            .split(|c: char| c == ' ' || c.is_ascii_alphabetic())
            .filter(|t| !t.is_empty());
        let mut next = || -> i64 { tokens.next().and_then(|t| t.parse().ok()).unwrap_or(0) };
        for command in data.chars().filter(char::is_ascii_alphabetic) {
            // Writing to a String cannot fail.
            let _ = match command {
                'M' | 'L' => {
                    let (x, y) = (next(), next());
                    write!(out, "{command}{} {}", self.px(x), self.py(y))
                }
                'C' => {
                    let p: [i64; 6] = std::array::from_fn(|_| next());
                    write!(
                        out,
                        "C{} {} {} {} {} {}",
                        self.px(p[0]),
                        self.py(p[1]),
                        self.px(p[2]),
                        self.py(p[3]),
                        self.px(p[4]),
                        self.py(p[5])
                    )
                }
                'A' => {
                    let p: [i64; 7] = std::array::from_fn(|_| next());
                    let rx = Num(scale(p[0], self.x.0, self.x.1));
                    let ry = Num(scale(p[1], self.y.0, self.y.1));
                    write!(
                        out,
                        "A{rx} {ry} 0 {} {} {} {}",
                        p[3],
                        p[4],
                        self.px(p[5]),
                        self.py(p[6])
                    )
                }
                _ => write!(out, "Z"),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_has_whole_commands_inside_its_box() {
        let chars = ('0'..='9').chain('A'..='Z').chain("?!+-.,:#()/=".chars());
        for c in chars {
            let ((advance, data), _) = glyph(c);
            assert_ne!((advance, data), MISSING, "{c}");
            let mut numbers = 0;
            let mut expected = 0;
            for command in data.chars().filter(char::is_ascii_alphabetic) {
                expected += match command {
                    'M' | 'L' => 2,
                    'C' => 6,
                    'A' => 7,
                    'Z' => 0,
                    other => panic!("{c}: command {other}"),
                };
            }
            let tokens = data
                .split(|c: char| c == ' ' || c.is_ascii_alphabetic())
                .filter(|t| !t.is_empty());
            for token in tokens {
                let v: i64 = token.parse().unwrap();
                assert!((0..=44).contains(&v), "{c}: {v}");
                numbers += 1;
            }
            assert_eq!(numbers, expected, "{c}");
        }
    }

    #[test]
    fn wide_text_is_narrowed_to_fit_and_unknown_characters_are_boxes() {
        let place = Place {
            x: 1000,
            y: 1000,
            height: 400,
            max_width: 600,
        };
        let mut out = String::new();
        path(&mut out, "123", place);
        // The x of each move and line.
        let xs: Vec<f64> = out
            .split(['M', 'L'])
            .filter_map(|part| part.split(' ').next()?.parse().ok())
            .collect();
        assert!(xs.len() > 5);
        // Numbers print in tenths: the text spans at most 60 units.
        let (min, max) = xs
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
        assert!(min >= 69.9 && max <= 130.1, "{min} {max}");
        assert_eq!(glyph('\u{263a}').0, MISSING);
        assert_eq!(glyph('a'), (glyph('A').0, true));
    }
}
