//! [`Decoder`]: the typed values of a property from its raw values, by
//! the catalogue, strictly, tolerantly or leniently.

use std::borrow::Cow;
use std::ops::ControlFlow;

use super::compose::PointSet;
use super::error::{PropertyError, ValueError, ValueErrorKind};
use super::go::BoardSize;
use super::value::{one, repair, Cx, Value};
use crate::props::{self, Arity, ValueType};

/// Values decoded tolerantly, and the warnings saying what was tolerated.
pub type Tolerated<'a> = (Vec<Value<'a>>, Vec<PropertyError>);

/// How strictly values are read: by the letter of FF\[4\], as mainstream
/// editors read them, or always (see [`Decoder`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Reading {
    Strict,
    #[default]
    Tolerant,
    Lenient,
}

/// Decodes the values of properties by the FF\[4\] catalogue
/// ([`props::lookup`]), for a board of a given size.
///
/// [`decode`](Self::decode) is strict: the first value that does not fit
/// its type is an error. [`decode_tolerant`](Self::decode_tolerant)
/// accepts what mainstream editors accept: every value the lenient
/// decoding repairs into a value of its type, each reported as a warning;
/// only a value no repair fixes is an error. [`decode_lenient`](Self::decode_lenient) always
/// gives values and reports such values as warnings: it repairs what it
/// can (whitespace in non-text values, `.5` and `6,5` reals, lowercase
/// colors, `SZ[19:19]`, rectangles of one point, a Compose without `:`
/// whose second half may be empty, as `AP[Foxwq]`, a list's lone `[]`, extra
/// values after the first of a single-value property, which are dropped,
/// values after an elist's `[]` (`VW[][aa]` is the empty list, as the
/// reference checker reads it), a Real where a Number is expected,
/// rounded down (`HA[7.5]` is 7),
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

    /// Tolerantly decodes the values of an event's property: what
    /// mainstream editors accept is accepted, and reported as warnings
    /// (see [`Decoder`]); a value that cannot be repaired is the error.
    ///
    /// # Errors
    /// The first value that no repair makes fit its type (`KM[abc]`,
    /// `B[zz]` on 19×19).
    ///
    /// ```
    /// use sgf_stream::{Event, Parser, typed::{Decoder, Value, ValueErrorKind}};
    /// let mut found = Vec::new();
    /// for event in Parser::new(b"(;CA[UTF-8][UTF-8]HA[7.5]AP[YuanYu])") {
    ///     if let Event::Property(id, values) = event? {
    ///         let (typed, warnings) = Decoder::new().decode_tolerant(id.as_str(), values).unwrap();
    ///         found.push((typed[0].clone(), warnings[0].kind.clone()));
    ///     }
    /// }
    /// assert_eq!(found[0].1, ValueErrorKind::TooManyValues);
    /// assert_eq!(found[1], (Value::Number(7), ValueErrorKind::Number));
    /// assert_eq!(found[2].1, ValueErrorKind::MissingColon);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn decode_tolerant<'a>(
        &self,
        ident: &str,
        values: crate::RawValues<'a>,
    ) -> Result<Tolerated<'a>, PropertyError> {
        self.decode_raw_tolerant(ident, values.iter().map(|v| v.as_bytes()))
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
        let decoded = self.decode_with(ident, values, true, Reading::Strict);
        decoded.map(|(values, _)| values)
    }

    /// Tolerantly decodes raw values (escapes untouched).
    ///
    /// # Errors
    /// As [`decode_tolerant`](Self::decode_tolerant).
    pub fn decode_raw_tolerant<'a, I>(
        &self,
        ident: &str,
        values: I,
    ) -> Result<Tolerated<'a>, PropertyError>
    where
        I: IntoIterator<Item = &'a [u8]>,
    {
        self.decode_with(ident, values, true, Reading::Tolerant)
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
        let decoded = self.decode_with(ident, values, true, Reading::Lenient);
        decoded.unwrap_or_default()
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
    pub fn decode_tree<'a, I, S>(
        &self,
        ident: &str,
        values: I,
    ) -> Result<Vec<Value<'a>>, PropertyError>
    where
        I: IntoIterator<Item = &'a S>,
        S: AsRef<str> + ?Sized + 'a,
    {
        self.decode_tree_with(ident, values, Reading::Strict)
            .map(|(values, _)| values)
    }

    /// Tolerantly decodes the values of a tree node.
    ///
    /// # Errors
    /// As [`decode_tolerant`](Self::decode_tolerant).
    pub fn decode_tree_tolerant<'a, I, S>(
        &self,
        ident: &str,
        values: I,
    ) -> Result<Tolerated<'a>, PropertyError>
    where
        I: IntoIterator<Item = &'a S>,
        S: AsRef<str> + ?Sized + 'a,
    {
        self.decode_tree_with(ident, values, Reading::Tolerant)
    }

    /// Leniently decodes the values of a tree node.
    pub fn decode_tree_lenient<'a, I, S>(
        &self,
        ident: &str,
        values: I,
    ) -> (Vec<Value<'a>>, Vec<PropertyError>)
    where
        I: IntoIterator<Item = &'a S>,
        S: AsRef<str> + ?Sized + 'a,
    {
        let decoded = self.decode_tree_with(ident, values, Reading::Lenient);
        decoded.unwrap_or_default()
    }

    /// Decodes the values of a tree node as `reading` says.
    pub(crate) fn decode_tree_with<'a, I, S>(
        &self,
        ident: &str,
        values: I,
        reading: Reading,
    ) -> Result<Tolerated<'a>, PropertyError>
    where
        I: IntoIterator<Item = &'a S>,
        S: AsRef<str> + ?Sized + 'a,
    {
        let raw = values.into_iter().map(|v| v.as_ref().as_bytes());
        self.decode_with(ident, raw, false, reading)
    }

    /// Decodes values (raw, or a tree's when not `escaped`) as `reading`
    /// says; a lenient reading never fails.
    pub(crate) fn decode_with<'a, I>(
        &self,
        ident: &str,
        values: I,
        escaped: bool,
        reading: Reading,
    ) -> Result<Tolerated<'a>, PropertyError>
    where
        I: IntoIterator<Item = &'a [u8]>,
    {
        match reading {
            Reading::Strict => {
                let mut sink = Strict(None);
                let values = self.run(ident, values, escaped, &mut sink);
                sink.0.map_or(Ok((values, Vec::new())), Err)
            }
            Reading::Tolerant => {
                let mut sink = Tolerant::default();
                let values = self.run(ident, values, escaped, &mut sink);
                sink.finish(values)
            }
            Reading::Lenient => {
                let mut warnings = Vec::new();
                let values = self.run(ident, values, escaped, &mut warnings);
                Ok((values, warnings))
            }
        }
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
        let Some(info) = props::lookup(ident) else {
            return values.into_iter().map(|raw| kept(raw, escaped)).collect();
        };
        let list = info.arity != Arity::One;
        // A point list is a set: each value's points not listed before.
        let points = list && matches!(info.value, ValueType::Point | ValueType::Stone);
        let mut seen = PointSet::default();
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
            let from = out.len();
            let flow = value(info.value, list, raw, cx, &mut out, sink, problem);
            if points {
                seen.keep_new(&mut out, from, Value::as_point);
            }
            if flow.is_break() {
                break;
            }
        }
        out
    }
}

/// Decodes one value of type `ty` into `out`: as the type says, else
/// (the problem reported) repaired, else kept as written; whether the
/// sink says to stop.
fn value<'a>(
    ty: ValueType,
    list: bool,
    raw: &'a [u8],
    cx: Cx,
    out: &mut Vec<Value<'a>>,
    sink: &mut dyn Sink,
    problem: impl Fn(ValueError) -> PropertyError,
) -> ControlFlow<()> {
    let Err(err) = one(ty, list, raw, cx, out) else {
        return ControlFlow::Continue(());
    };
    if sink.report(problem(err)) {
        return ControlFlow::Break(());
    }
    if !repair(ty, list, raw, cx, out) {
        if sink.unrepaired() {
            return ControlFlow::Break(());
        }
        out.push(kept(raw, cx.escaped));
    }
    ControlFlow::Continue(())
}

/// A value kept as written: raw (escapes and all) or a tree's text.
fn kept(raw: &[u8], escaped: bool) -> Value<'_> {
    match escaped {
        true => Value::Raw(Cow::Borrowed(raw)),
        false => Value::Text(String::from_utf8_lossy(raw)),
    }
}

/// Where decoding problems go; each call says whether to stop.
trait Sink {
    /// A value does not fit its type (or a list or arity rule is broken).
    fn report(&mut self, problem: PropertyError) -> bool;

    /// The value last reported cannot be repaired: it would be kept raw.
    fn unrepaired(&mut self) -> bool {
        false
    }
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

/// Tolerant decoding: problems that are repaired are warnings; the first
/// one that is not is the error.
#[derive(Default)]
struct Tolerant {
    warnings: Vec<PropertyError>,
    error: Option<PropertyError>,
}

impl Sink for Tolerant {
    fn report(&mut self, problem: PropertyError) -> bool {
        self.warnings.push(problem);
        false
    }

    fn unrepaired(&mut self) -> bool {
        self.error = self.warnings.pop();
        true
    }
}

impl Tolerant {
    fn finish<'a>(self, values: Vec<Value<'a>>) -> Result<Tolerated<'a>, PropertyError> {
        match self.error {
            Some(error) => Err(error),
            None => Ok((values, self.warnings)),
        }
    }
}
