//! [`Value`]: one typed value, and [`Decoder`]: typed values of a property
//! from its raw values, by the catalogue.

use std::borrow::Cow;

use super::compose::{expand_into, split, split_decoded, Splitter};
use super::error::{PropertyError, ValueError, ValueErrorKind};
use super::go::{BoardSize, Move, Point};
use super::scalar::{none, number, real_with, Color, Double};
use crate::props::{self, Arity, ValueType};
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
struct Cx {
    size: BoardSize,
    /// Raw values with escapes (from events), or tree values whose
    /// escapes are already gone.
    escaped: bool,
    /// The lenient second try: loose reals, lowercase colors, `19:19`,
    /// rectangles of one point.
    loose: bool,
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
        ValueType::Number => Value::Number(number(raw)?),
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
fn one<'a>(
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
fn repair<'a>(ty: ValueType, list: bool, raw: &'a [u8], cx: Cx, out: &mut Vec<Value<'a>>) -> bool {
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

/// Decodes the values of properties by the FF[4] catalogue
/// ([`props::lookup`]), for a board of a given size.
///
/// [`decode`](Self::decode) is strict: the first value that does not fit
/// its type is an error. [`decode_lenient`](Self::decode_lenient) always
/// gives values and reports such values as warnings: it repairs what it
/// can (whitespace in non-text values, `.5` and `6,5` reals, lowercase
/// colors, `SZ[19:19]`, rectangles of one point, a Compose without `:`
/// whose second half may be empty, as `AP[Foxwq]`, a list's lone `[]`, extra
/// values after the first of a single-value property, which are dropped,
/// values after an elist's `[]` (`VW[][aa]` is the empty list, as the
/// reference checker reads it),
/// invalid UTF-8, replaced by U+FFFD) and keeps the rest as
/// [`Value::Raw`] (or [`Value::Text`] for tree values). Unknown
/// properties are kept raw by both.
///
/// ```
/// use sgf_stream::typed::{BoardSize, Decoder, Move, Point, Value};
/// let decoder = Decoder::with_size(BoardSize::square(19));
/// assert_eq!(decoder.decode_raw("B", [&b"pd"[..]])?, [Value::Move(Move::Play(Point::new(15, 3)))]);
/// assert_eq!(decoder.decode_raw("AB", [&b"aa:bb"[..]])?.len(), 4);
/// assert_eq!(decoder.decode_raw("KM", [&b"6.5"[..]])?, [Value::Real(6.5)]);
/// assert!(decoder.decode_raw("KM", [&b"6,5"[..]]).is_err());
///
/// let (values, warnings) = decoder.decode_raw_lenient("KM", [&b" 6,5"[..]]);
/// assert_eq!(values, [Value::Real(6.5)]);
/// assert_eq!(warnings.len(), 1);
/// # Ok::<(), sgf_stream::typed::PropertyError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Decoder {
    size: BoardSize,
}

impl Decoder {
    /// A decoder for a 19×19 board.
    pub fn new() -> Self {
        Decoder::default()
    }

    /// A decoder for a board of `size` (from the root's `SZ`).
    pub fn with_size(size: BoardSize) -> Self {
        Decoder { size }
    }

    /// The board size points are checked against.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Strictly decodes the values of an event's property.
    ///
    /// # Errors
    /// The first value that does not fit its type; see
    /// [`PropertyError::locate`] to add its position in the input.
    ///
    /// ```
    /// use sgf_stream::{Event, Parser, typed::{Decoder, Value}};
    /// for event in Parser::new(b"(;SZ[9]KM[5.5])") {
    ///     if let Event::Property(id, values) = event? {
    ///         let typed = Decoder::new().decode(id.as_str(), values).unwrap();
    ///         assert!(matches!(typed[0], Value::Size(_) | Value::Real(5.5)));
    ///     }
    /// }
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn decode<'a>(
        &self,
        ident: &str,
        values: crate::RawValues<'a>,
    ) -> Result<Vec<Value<'a>>, PropertyError> {
        self.decode_raw(ident, values.iter().map(|v| v.as_bytes()))
    }

    /// Decodes the values of an event's property leniently: values and
    /// warnings.
    pub fn decode_lenient<'a>(
        &self,
        ident: &str,
        values: crate::RawValues<'a>,
    ) -> (Vec<Value<'a>>, Vec<PropertyError>) {
        self.decode_raw_lenient(ident, values.iter().map(|v| v.as_bytes()))
    }

    /// Strictly decodes raw values (escapes untouched).
    ///
    /// # Errors
    /// As [`decode`](Self::decode).
    pub fn decode_raw<'a, I>(&self, ident: &str, values: I) -> Result<Vec<Value<'a>>, PropertyError>
    where
        I: IntoIterator<Item = &'a [u8]>,
    {
        let mut sink = Strict(None);
        let values = self.run(ident, values, true, &mut sink);
        sink.0.map_or(Ok(values), Err)
    }

    /// Leniently decodes raw values (escapes untouched).
    pub fn decode_raw_lenient<'a, I>(
        &self,
        ident: &str,
        values: I,
    ) -> (Vec<Value<'a>>, Vec<PropertyError>)
    where
        I: IntoIterator<Item = &'a [u8]>,
    {
        let mut warnings = Vec::new();
        let values = self.run(ident, values, true, &mut warnings);
        (values, warnings)
    }

    /// Strictly decodes the values of a tree node ([`SgfTree::get`]),
    /// which the tree already decoded as Text: escapes are gone, so a
    /// Compose splits at its first `:`.
    ///
    /// # Errors
    /// As [`decode`](Self::decode).
    ///
    /// [`SgfTree::get`]: crate::SgfTree::get
    ///
    /// ```
    /// use sgf_stream::typed::{Decoder, Value};
    /// let tree = sgf_stream::parse("(;AP[Primiview:3.1])")?;
    /// let values = Decoder::new().decode_tree("AP", tree.get("AP").unwrap()).unwrap();
    /// let (name, version) = values[0].as_compose().unwrap();
    /// assert_eq!((name.as_text(), version.as_text()), (Some("Primiview"), Some("3.1")));
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn decode_tree<'a>(
        &self,
        ident: &str,
        values: &'a [String],
    ) -> Result<Vec<Value<'a>>, PropertyError> {
        let mut sink = Strict(None);
        let raw = values.iter().map(|v| v.as_bytes());
        let values = self.run(ident, raw, false, &mut sink);
        sink.0.map_or(Ok(values), Err)
    }

    /// Leniently decodes the values of a tree node.
    pub fn decode_tree_lenient<'a>(
        &self,
        ident: &str,
        values: &'a [String],
    ) -> (Vec<Value<'a>>, Vec<PropertyError>) {
        let mut warnings = Vec::new();
        let raw = values.iter().map(|v| v.as_bytes());
        let values = self.run(ident, raw, false, &mut warnings);
        (values, warnings)
    }

    /// Decodes every value; a strict sink stops at the first problem.
    fn run<'a, I>(
        &self,
        ident: &str,
        values: I,
        escaped: bool,
        sink: &mut dyn Sink,
    ) -> Vec<Value<'a>>
    where
        I: IntoIterator<Item = &'a [u8]>,
    {
        let cx = Cx {
            size: self.size,
            escaped,
            loose: false,
        };
        let keep = |raw: &'a [u8]| match escaped {
            true => Value::Raw(Cow::Borrowed(raw)),
            false => Value::Text(String::from_utf8_lossy(raw)),
        };
        let Some(info) = props::lookup(ident) else {
            return values.into_iter().map(keep).collect();
        };
        let list = info.arity != Arity::One;
        let mut out = Vec::new();
        let mut empty_elist = false;
        for (index, raw) in values.into_iter().enumerate() {
            let problem = |err| PropertyError::new(ident, index, err);
            if index == 0 && list && raw.is_empty() {
                if info.arity == Arity::List {
                    let stop = sink.report(problem(ValueError::new(ValueErrorKind::EmptyList, 0)));
                    if stop {
                        break;
                    }
                }
                empty_elist = info.arity == Arity::EList;
                continue;
            }
            if empty_elist {
                // `VW[][aa]`: the empty list stands, what follows goes.
                let kind = ValueErrorKind::ValuesAfterEmptyList;
                sink.report(problem(ValueError::new(kind, 0)));
                break;
            }
            if index == 1 && !list {
                if sink.report(problem(ValueError::new(ValueErrorKind::TooManyValues, 0))) {
                    break;
                }
                continue;
            }
            if index > 1 && !list {
                continue;
            }
            let Err(err) = one(info.value, list, raw, cx, &mut out) else {
                continue;
            };
            if sink.report(problem(err)) {
                break;
            }
            if !repair(info.value, list, raw, cx, &mut out) {
                out.push(keep(raw));
            }
        }
        out
    }
}

/// Where decoding problems go; `report` says whether to stop.
trait Sink {
    fn report(&mut self, problem: PropertyError) -> bool;
}

struct Strict(Option<PropertyError>);

impl Sink for Strict {
    fn report(&mut self, problem: PropertyError) -> bool {
        self.0 = Some(problem);
        true
    }
}

impl Sink for Vec<PropertyError> {
    fn report(&mut self, problem: PropertyError) -> bool {
        self.push(problem);
        false
    }
}
