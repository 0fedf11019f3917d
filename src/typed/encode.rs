//! Writing typed values back as raw SGF value text, escaped.

use std::borrow::Cow;

use super::compose::compress_points;
use super::go::Point;
use super::value::Value;
use crate::lex::{self, Escape};

/// Escapes text for one half of a Compose value: `\`, `]` and `:` get a
/// `\` (the rule of [`crate::value::escape_compose`], one half at a
/// time).
fn escape_compose_half(text: &str) -> Cow<'_, str> {
    lex::escape_str(text, Escape::COMPOSE_HALF)
}

/// A Real as SGF writes it: the shortest decimal that reads back to the
/// same `f64`, with no exponent (`6.5`, `-59.5`, `120`). A value that is
/// not finite is written `0`.
///
/// ```
/// use sgf_stream::typed::real_to_sgf;
/// assert_eq!(real_to_sgf(6.5), "6.5");
/// assert_eq!(real_to_sgf(120.0), "120");
/// assert_eq!(real_to_sgf(-0.25), "-0.25");
/// ```
pub fn real_to_sgf(real: f64) -> String {
    if real.is_finite() {
        format!("{real}")
    } else {
        "0".to_string()
    }
}

impl Value<'_> {
    /// Appends the raw SGF text of this value (without `[` `]`) to `out`,
    /// escaped: `\` and `]` in text, and also `:` in each half of a
    /// Compose. [`Value::Raw`] bytes are written as they are.
    pub fn write_sgf(&self, out: &mut Vec<u8>) {
        self.write(out, false);
    }

    /// The raw SGF text of this value, escaped; see
    /// [`write_sgf`](Self::write_sgf). Raw bytes that are not UTF-8 are
    /// replaced by U+FFFD here (`write_sgf` keeps them).
    ///
    /// ```
    /// use sgf_stream::typed::{Point, Value};
    /// use std::borrow::Cow;
    /// let label = Value::Compose(
    ///     Box::new(Value::Point(Point::new(3, 2))),
    ///     Box::new(Value::SimpleText(Cow::Borrowed("1:2]"))),
    /// );
    /// assert_eq!(label.to_sgf(), "dc:1\\:2\\]");
    /// assert_eq!(Value::Text(Cow::Borrowed("a\\b")).to_sgf(), "a\\\\b");
    /// assert_eq!(Value::Real(-59.5).to_sgf(), "-59.5");
    /// ```
    pub fn to_sgf(&self) -> String {
        let mut out = Vec::new();
        self.write_sgf(&mut out);
        match String::from_utf8(out) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }
    }

    fn write(&self, out: &mut Vec<u8>, half: bool) {
        match self {
            Value::None => {}
            Value::Number(n) => out.extend_from_slice(n.to_string().as_bytes()),
            Value::Real(r) => out.extend_from_slice(real_to_sgf(*r).as_bytes()),
            Value::Double(d) => out.extend_from_slice(d.to_string().as_bytes()),
            Value::Color(c) => out.extend_from_slice(c.ident().as_bytes()),
            Value::SimpleText(t) | Value::Text(t) => {
                let escaped = match half {
                    true => escape_compose_half(t),
                    false => crate::value::escape(t),
                };
                out.extend_from_slice(escaped.as_bytes());
            }
            Value::Point(p) => out.extend_from_slice(&p.to_sgf()),
            Value::Move(m) => out.extend_from_slice(m.to_string().as_bytes()),
            Value::Size(s) => out.extend_from_slice(s.to_string().as_bytes()),
            Value::Compose(a, b) => {
                a.write(out, true);
                out.push(b':');
                b.write(out, true);
            }
            Value::Raw(raw) => out.extend_from_slice(raw),
        }
    }
}

/// The raw SGF texts of a property's values, one per `[..]`.
///
/// With `compress`, a run of points (a point list such as `AB`) is
/// written as compressed rectangles `ul:lr` where it can; points are
/// then in rows from the top, and repeated ones written once. An empty
/// list is written as the single empty value of an elist.
///
/// ```
/// use sgf_stream::typed::{values_to_sgf, Decoder};
/// let values = Decoder::new().decode_raw("AB", [&b"aa"[..], b"ba", b"ab", b"bb", b"pd"])?;
/// assert_eq!(values_to_sgf(&values, true), ["aa:bb", "pd"]);
/// assert_eq!(values_to_sgf(&values, false), ["aa", "ba", "ab", "bb", "pd"]);
/// assert_eq!(values_to_sgf(&[], false), [""]);
/// # Ok::<(), sgf_stream::typed::PropertyError>(())
/// ```
pub fn values_to_sgf(values: &[Value<'_>], compress: bool) -> Vec<String> {
    if values.is_empty() {
        return vec![String::new()];
    }
    let points: Option<Vec<Point>> = values.iter().map(point_only).collect();
    match points {
        Some(points) if compress => points_to_sgf(&points, true),
        _ => values.iter().map(Value::to_sgf).collect(),
    }
}

fn point_only(value: &Value<'_>) -> Option<Point> {
    match value {
        Value::Point(p) => Some(*p),
        _ => None,
    }
}

/// The raw SGF texts of a point list, compressed into rectangles when
/// `compress` is set ([`compress_points`]).
///
/// ```
/// use sgf_stream::typed::{points_to_sgf, Point};
/// let points = [Point::new(0, 0), Point::new(1, 0), Point::new(9, 9)];
/// assert_eq!(points_to_sgf(&points, true), ["aa:ba", "jj"]);
/// assert_eq!(points_to_sgf(&points, false), ["aa", "ba", "jj"]);
/// ```
pub fn points_to_sgf(points: &[Point], compress: bool) -> Vec<String> {
    if !compress {
        return points.iter().map(Point::to_string).collect();
    }
    compress_points(points)
        .into_iter()
        .map(|(a, b)| match a == b {
            true => a.to_string(),
            false => format!("{a}:{b}"),
        })
        .collect()
}
