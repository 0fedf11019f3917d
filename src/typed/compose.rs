//! Compose values `a:b`, and point lists with compressed rectangles.

use super::error::{ValueError, ValueErrorKind};
use super::go::{BoardSize, Point};

/// Splits a raw Compose value at its first unescaped `:`, or returns
/// `None` when it has none. The halves keep their escapes.
///
/// ```
/// use sgf_stream::typed::split_compose;
/// assert_eq!(split_compose(b"dc:1"), Some((&b"dc"[..], &b"1"[..])));
/// assert_eq!(split_compose(b"a\\:b:c:d"), Some((&b"a\\:b"[..], &b"c:d"[..])));
/// assert_eq!(split_compose(b"pd"), None);
/// ```
pub fn split_compose(raw: &[u8]) -> Option<(&[u8], &[u8])> {
    split(raw)
}

/// A function that splits a Compose value: [`split`] or [`split_decoded`].
pub(crate) type Splitter = fn(&[u8]) -> Option<(&[u8], &[u8])>;

pub(crate) fn split(raw: &[u8]) -> Option<(&[u8], &[u8])> {
    crate::lex::split_compose(raw)
}

/// Splits at the first `:` of a value whose escapes are already gone
/// (tree values).
pub(crate) fn split_decoded(raw: &[u8]) -> Option<(&[u8], &[u8])> {
    let at = memchr::memchr(b':', raw)?;
    Some((&raw[..at], &raw[at + 1..]))
}

/// Every point of the rectangle with corners `a` and `b`, in rows from
/// the top, each row from the left. The corners may be given in any
/// order.
///
/// ```
/// use sgf_stream::typed::{rectangle, Point};
/// let points: Vec<Point> = rectangle(Point::new(2, 2), Point::new(0, 0)).collect();
/// assert_eq!(points.len(), 9);
/// assert_eq!(points[0], Point::new(0, 0));
/// assert_eq!(points[8], Point::new(2, 2));
/// ```
pub fn rectangle(a: Point, b: Point) -> impl Iterator<Item = Point> {
    let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
    let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
    (r0..=r1).flat_map(move |row| (c0..=c1).map(move |col| Point { col, row }))
}

/// Decodes one value of a point list: a point, or a compressed rectangle
/// `ul:lr` (corners in any order), appending its points to `out`.
/// `single_ok` accepts a rectangle of one point (`aa:aa`), which the spec
/// forbids.
pub(crate) fn expand_into(
    raw: &[u8],
    size: BoardSize,
    single_ok: bool,
    split_at: Splitter,
    out: &mut Vec<Point>,
) -> Result<(), ValueError> {
    let Some((left, right)) = split_at(raw) else {
        out.push(Point::decode(raw, size)?);
        return Ok(());
    };
    let a = Point::decode(left, size)?;
    let b = Point::decode(right, size).map_err(|e| e.shifted(left.len() + 1))?;
    if a == b && !single_ok {
        return Err(ValueError::new(ValueErrorKind::SinglePointRectangle, 0));
    }
    out.extend(rectangle(a, b));
    Ok(())
}

/// Decodes a list of points, expanding compressed rectangles: `AB[aa:cc]`
/// is nine points. An elist's single `[]` is the empty list.
///
/// # Errors
/// The first value that is not a point or rectangle on the board, with
/// its index; a rectangle of one point is an error, as in the spec; so is
/// a value after a leading `[]` ([`ValueErrorKind::ValuesAfterEmptyList`]:
/// an elist is points or a single `[]`).
///
/// ```
/// use sgf_stream::typed::{point_list, BoardSize, Point, ValueErrorKind};
/// let points = point_list([&b"do:gq"[..], b"dd"], BoardSize::default()).unwrap();
/// assert_eq!(points.len(), 13);
/// assert_eq!(points[12], Point::new(3, 3));
/// assert!(point_list([&b""[..]], BoardSize::default()).unwrap().is_empty());
/// let (index, err) = point_list([&b"aa"[..], b"a"], BoardSize::default()).unwrap_err();
/// assert_eq!(index, 1);
/// let (index, err) = point_list([&b""[..], b"aa"], BoardSize::default()).unwrap_err();
/// assert_eq!((index, err.kind), (1, ValueErrorKind::ValuesAfterEmptyList));
/// ```
pub fn point_list<'a, I>(values: I, size: BoardSize) -> Result<Vec<Point>, (usize, ValueError)>
where
    I: IntoIterator<Item = &'a [u8]>,
{
    let mut out = Vec::new();
    let mut empty = false;
    for (index, raw) in values.into_iter().enumerate() {
        if empty {
            let kind = ValueErrorKind::ValuesAfterEmptyList;
            return Err((index, ValueError::new(kind, 0)));
        }
        if raw.is_empty() && index == 0 {
            empty = true;
            continue;
        }
        expand_into(raw, size, false, split, &mut out).map_err(|e| (index, e))?;
    }
    Ok(out)
}

/// Compresses a set of points into as few rectangles as a greedy scan
/// finds: each `(a, b)` is a rectangle from corner `a` (upper left) to
/// corner `b` (lower right), with `a == b` for a single point. Repeated
/// points are counted once. Expanding the result gives the same set.
///
/// ```
/// use sgf_stream::typed::{compress_points, rectangle, Point};
/// let square: Vec<Point> = rectangle(Point::new(0, 0), Point::new(2, 2)).collect();
/// assert_eq!(compress_points(&square), [(Point::new(0, 0), Point::new(2, 2))]);
/// let two = [Point::new(5, 5), Point::new(0, 0)];
/// assert_eq!(compress_points(&two).len(), 2);
/// ```
pub fn compress_points(points: &[Point]) -> Vec<(Point, Point)> {
    let mut left = [[false; 52]; 52];
    for p in points {
        left[usize::from(p.row)][usize::from(p.col)] = true;
    }
    let mut sorted: Vec<Point> = points.to_vec();
    sorted.sort_by_key(|p| (p.row, p.col));
    sorted.dedup();
    let mut out = Vec::new();
    for start in sorted {
        let (r0, c0) = (usize::from(start.row), usize::from(start.col));
        if !left[r0][c0] {
            continue;
        }
        let mut c1 = c0;
        while c1 + 1 < 52 && left[r0][c1 + 1] {
            c1 += 1;
        }
        let mut r1 = r0;
        while r1 + 1 < 52 && (c0..=c1).all(|c| left[r1 + 1][c]) {
            r1 += 1;
        }
        for row in &mut left[r0..=r1] {
            row[c0..=c1].iter_mut().for_each(|cell| *cell = false);
        }
        let corner = |r: usize, c: usize| Point::new(c as u8, r as u8);
        out.push((corner(r0, c0), corner(r1, c1)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_skips_escaped_colons() {
        assert_eq!(split(b"a\\:b"), None);
        assert_eq!(split(b"a\\"), None);
        assert_eq!(split(b":"), Some((&b""[..], &b""[..])));
        assert_eq!(split(b"\\\\:x"), Some((&b"\\\\"[..], &b"x"[..])));
    }

    #[test]
    fn swapped_and_single_rectangles() {
        let size = BoardSize::default();
        let mut out = Vec::new();
        expand_into(b"cc:aa", size, false, split, &mut out).unwrap();
        expand_into(b"ca:ac", size, false, split, &mut out).unwrap();
        assert_eq!(out.len(), 18);
        assert_eq!(out[..9], out[9..]);
        let err = expand_into(b"aa:aa", size, false, split, &mut out).unwrap_err();
        assert_eq!(err.kind, ValueErrorKind::SinglePointRectangle);
        let err = expand_into(b"aa:zz", size, false, split, &mut out).unwrap_err();
        assert_eq!(err.offset, 3);
    }
}
