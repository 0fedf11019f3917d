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

/// The points of a list met so far: a point list is a set (FF\[4\]
/// forbids listing a point twice, also through overlapping rectangles),
/// so its decoded points hold each point once, where it is first listed,
/// and no more points than the board has, however many values repeat
/// them.
#[derive(Debug, Clone)]
pub(crate) struct PointSet {
    bits: [u64; 43],
}

impl Default for PointSet {
    fn default() -> Self {
        PointSet { bits: [0; 43] }
    }
}

impl PointSet {
    /// Adds `point`; whether it was not in the set. Points beyond the
    /// largest board (52×52) are never in it.
    pub(crate) fn insert(&mut self, point: Point) -> bool {
        let (col, row) = (usize::from(point.col), usize::from(point.row));
        if col >= 52 || row >= 52 {
            return true;
        }
        let at = row * 52 + col;
        let (word, bit) = (at / 64, 1u64 << (at % 64));
        let new = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        new
    }

    /// Keeps, of `items[from..]`, the points not met before (each once)
    /// and the items that are no point, in order; `items[..from]` stays.
    pub(crate) fn keep_new<T>(
        &mut self,
        items: &mut Vec<T>,
        from: usize,
        point: fn(&T) -> Option<Point>,
    ) {
        let mut kept = from;
        for at in from..items.len() {
            if point(&items[at]).map_or(true, |p| self.insert(p)) {
                items.swap(kept, at);
                kept += 1;
            }
        }
        items.truncate(kept);
    }
}

/// The points that a tree node's point list (`values`, as a tree holds
/// them) lists more than once, each once, in the order they are listed
/// again; values that are no point or rectangle on the board are passed
/// over. What [`PointSet`] keeps decoded lists from holding, for a
/// validator to report.
pub(crate) fn repeated_points<'a, I>(values: I, size: BoardSize) -> Vec<Point>
where
    I: IntoIterator<Item = &'a str>,
{
    let (mut seen, mut reported) = (PointSet::default(), PointSet::default());
    let (mut points, mut repeated) = (Vec::new(), Vec::new());
    for raw in values {
        points.clear();
        if expand_into(raw.as_bytes(), size, true, split_decoded, &mut points).is_err() {
            continue;
        }
        for &point in &points {
            if !seen.insert(point) && reported.insert(point) {
                repeated.push(point);
            }
        }
    }
    repeated
}

/// Decodes a list of points, expanding compressed rectangles: `AB[aa:cc]`
/// is nine points. An elist's single `[]` is the empty list. A point
/// listed again (a repeat, or rectangles that overlap; FF\[4\] forbids
/// both) is kept once, where it is first listed.
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
    let mut seen = PointSet::default();
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
        let from = out.len();
        expand_into(raw, size, false, split, &mut out).map_err(|e| (index, e))?;
        seen.keep_new(&mut out, from, |point| Some(*point));
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
    fn a_point_list_holds_each_point_once() {
        let size = BoardSize::square(9);
        let p = Point::new;
        let values = [&b"aa:bb"[..], b"ba:cb", b"aa", b"bb"];
        let points = point_list(values, size).unwrap();
        assert_eq!(
            points,
            [p(0, 0), p(1, 0), p(0, 1), p(1, 1), p(2, 0), p(2, 1)]
        );
        let many = vec![&b"aa:ii"[..]; 10_000];
        assert_eq!(point_list(many.iter().copied(), size).unwrap().len(), 81);
        // The decoder keeps the same points; what is no point stays.
        let decoder = super::super::Decoder::with_size(size);
        let (decoded, problems) = decoder.decode_raw_lenient("AB", [&b"aa:bb"[..], b"x", b"ba:cb"]);
        let decoded: Vec<_> = decoded.iter().map(|value| value.as_point()).collect();
        let q = |col, row| Some(p(col, row));
        assert_eq!(
            decoded,
            [q(0, 0), q(1, 0), q(0, 1), q(1, 1), None, q(2, 0), q(2, 1)]
        );
        assert_eq!(problems.len(), 1);
    }

    #[test]
    fn repeated_points_are_each_named_once() {
        let size = BoardSize::square(9);
        let values = ["aa:bb", "x", "bb", "aa:bb", "cc"];
        let p = Point::new;
        assert_eq!(
            repeated_points(values, size),
            [p(1, 1), p(0, 0), p(1, 0), p(0, 1)]
        );
        assert!(repeated_points(["aa", "bb:cc"], size).is_empty());
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
