//! [`Value`]: one typed value, and how one raw value of a given type is
//! decoded, strictly and with the lenient repairs.

use std::borrow::Cow;

use super::compose::{expand_into, split, split_decoded, Splitter};
use super::error::{ValueError, ValueErrorKind};
use super::go::{BoardSize, Move, Point};
use super::scalar::{none, number_with, real_with, Color, Double};
use crate::props::ValueType;
use crate::value as text;

/// One decoded value. Text borrows from the input when it needs no
/// change; a list of points holds one `Point` per point, compressed
/// rectangles expanded.
///
/// ```
/// use sgf_stream::typed::{Decoder, Point, Value};
/// let values = Decoder::new().decode_raw("LB", [&b"dc:A\\]"[..]])?;
/// let (point, label) = values[0].as_compose().unwrap();
/// assert_eq!(point.as_point(), Some(Point::new(3, 2)));
/// assert_eq!(label.as_text(), Some("A]"));
/// # Ok::<(), sgf_stream::typed::PropertyError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// An empty value of type None (`KO[]`), or an empty `FG[]`.
    None,
    /// A Number.
    Number(i64),
    /// A Real.
    Real(f64),
    /// A Double.
    Double(Double),
    /// A Color.
    Color(Color),
    /// SimpleText, decoded.
    SimpleText(Cow<'a, str>),
    /// Text, decoded.
    Text(Cow<'a, str>),
    /// A point (also a stone, and each point of a point list).
    Point(Point),
    /// A move of `B` or `W`.
    Move(Move),
    /// A board size (`SZ`).
    Size(BoardSize),
    /// Two values from `a:b`.
    Compose(Box<Value<'a>>, Box<Value<'a>>),
    /// The raw bytes, escapes untouched: the values of an unknown
    /// property, and a bad value kept by lenient decoding.
    Raw(Cow<'a, [u8]>),
}

impl<'a> Value<'a> {
    /// The number of a Number.
    pub fn as_number(&self) -> Option<i64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The number of a Real or a Number.
    pub fn as_real(&self) -> Option<f64> {
        match self {
            Value::Real(r) => Some(*r),
            Value::Number(n) => Some(*n as f64),
            _ => None,
        }
    }

    /// The text of a SimpleText or Text.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::SimpleText(t) | Value::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The point of a Point, or of a Move that is not a pass.
    pub fn as_point(&self) -> Option<Point> {
        match self {
            Value::Point(p) => Some(*p),
            Value::Move(m) => m.point(),
            _ => None,
        }
    }

    /// The move of a Move.
    pub fn as_move(&self) -> Option<Move> {
        match self {
            Value::Move(m) => Some(*m),
            _ => None,
        }
    }

    /// The two halves of a Compose.
    pub fn as_compose(&self) -> Option<(&Value<'a>, &Value<'a>)> {
        match self {
            Value::Compose(a, b) => Some((a, b)),
            _ => None,
        }
    }

    /// The value, owning its text.
    pub fn into_owned(self) -> Value<'static> {
        match self {
            Value::None => Value::None,
            Value::Number(n) => Value::Number(n),
            Value::Real(r) => Value::Real(r),
            Value::Double(d) => Value::Double(d),
            Value::Color(c) => Value::Color(c),
            Value::SimpleText(t) => Value::SimpleText(Cow::Owned(t.into_owned())),
            Value::Text(t) => Value::Text(Cow::Owned(t.into_owned())),
            Value::Point(p) => Value::Point(p),
            Value::Move(m) => Value::Move(m),
            Value::Size(s) => Value::Size(s),
            Value::Compose(a, b) => {
                Value::Compose(Box::new(a.into_owned()), Box::new(b.into_owned()))
            }
            Value::Raw(r) => Value::Raw(Cow::Owned(r.into_owned())),
        }
    }
}

/// How a value is decoded.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cx {
    pub(super) size: BoardSize,
    /// Raw values with escapes (from events), or tree values whose
    /// escapes are already gone.
    pub(super) escaped: bool,
    /// The lenient second try: loose reals, reals for numbers, lowercase
    /// colors, `19:19`, rectangles of one point.
    pub(super) loose: bool,
}

impl Cx {
    fn split(self) -> Splitter {
        if self.escaped {
            split
        } else {
            split_decoded
        }
    }
}

fn text_value(raw: &[u8], simple: bool, cx: Cx) -> Result<Cow<'_, str>, ValueError> {
    if !cx.escaped {
        let s = std::str::from_utf8(raw)
            .map_err(|e| ValueError::new(ValueErrorKind::Utf8, e.valid_up_to()))?;
        return Ok(match simple && s.contains('\n') {
            true => Cow::Owned(s.replace('\n', " ")),
            false => Cow::Borrowed(s),
        });
    }
    let decoded = if simple {
        text::simple_text(raw)
    } else {
        text::text(raw)
    };
    match decoded {
        Ok(t) => Ok(t),
        Err(e) if !cx.loose => Err(ValueError::new(ValueErrorKind::Utf8, e.offset)),
        Err(_) => {
            let lossy = text::text_lossy(raw).into_owned();
            Ok(Cow::Owned(if simple {
                lossy.replace('\n', " ")
            } else {
                lossy
            }))
        }
    }
}

fn scalar<'a>(ty: ValueType, raw: &'a [u8], cx: Cx) -> Result<Value<'a>, ValueError> {
    Ok(match ty {
        ValueType::None => none(raw).map(|()| Value::None)?,
        ValueType::Number => Value::Number(number_with(raw, cx.loose)?),
        ValueType::Real => Value::Real(real_with(raw, cx.loose)?),
        ValueType::Double => Value::Double(Double::decode(raw)?),
        ValueType::Color if cx.loose => Value::Color(Color::decode(&raw.to_ascii_uppercase())?),
        ValueType::Color => Value::Color(Color::decode(raw)?),
        ValueType::SimpleText => Value::SimpleText(text_value(raw, true, cx)?),
        ValueType::Text => Value::Text(text_value(raw, false, cx)?),
        ValueType::Point | ValueType::Stone => Value::Point(Point::decode(raw, cx.size)?),
        ValueType::Move => Value::Move(Move::decode(raw, cx.size)?),
        ValueType::Size if cx.loose => Value::Size(BoardSize::decode_lenient(raw)?),
        ValueType::Size => Value::Size(BoardSize::decode(raw)?),
        ValueType::OrNone(_) if raw.is_empty() => Value::None,
        ValueType::OrNone(inner) => scalar(*inner, raw, cx)?,
        ValueType::Compose(a, b) => {
            // Loosely, a value without `:` is its first half (`AP[Foxwq]`).
            let (left, right) = match (cx.split())(raw) {
                Some(halves) => halves,
                None if cx.loose => (raw, &raw[raw.len()..]),
                None => return Err(ValueError::new(ValueErrorKind::MissingColon, 0)),
            };
            let a = scalar(*a, left, cx)?;
            let b = scalar(*b, right, cx).map_err(|e| e.shifted(left.len() + 1))?;
            Value::Compose(Box::new(a), Box::new(b))
        }
    })
}

/// Decodes one raw value of a property of type `ty`, appending to `out`
/// (a point list value may be a rectangle of many points).
pub(super) fn one<'a>(
    ty: ValueType,
    list: bool,
    raw: &'a [u8],
    cx: Cx,
    out: &mut Vec<Value<'a>>,
) -> Result<(), ValueError> {
    if list && matches!(ty, ValueType::Point | ValueType::Stone) {
        let mut points = Vec::new();
        expand_into(raw, cx.size, cx.loose, cx.split(), &mut points)?;
        out.extend(points.into_iter().map(Value::Point));
        return Ok(());
    }
    out.push(scalar(ty, raw, cx)?);
    Ok(())
}

/// Is this a type whose values never hold meaningful whitespace?
fn strips_whitespace(ty: ValueType) -> bool {
    !matches!(
        ty,
        ValueType::SimpleText | ValueType::Text | ValueType::Compose(..)
    )
}

/// The lenient second try after `one` failed: without whitespace, and
/// loosely.
pub(super) fn repair<'a>(
    ty: ValueType,
    list: bool,
    raw: &'a [u8],
    cx: Cx,
    out: &mut Vec<Value<'a>>,
) -> bool {
    let loose = Cx { loose: true, ..cx };
    if one(ty, list, raw, loose, out).is_ok() {
        return true;
    }
    if !strips_whitespace(ty) || !raw.iter().any(u8::is_ascii_whitespace) {
        return false;
    }
    let squeezed: Vec<u8> = raw
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    let mut values = Vec::new();
    if one(ty, list, &squeezed, loose, &mut values).is_err() {
        return false;
    }
    // Nothing in these types borrows: make them independent of `squeezed`.
    for value in values {
        let owned: Value<'static> = value.into_owned();
        out.push(owned);
    }
    true
}
