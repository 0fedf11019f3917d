//! The Arrow buffers of one column of a table (offsets, values,
//! validity): emptied for reuse, measured, and grown by whole ranges of
//! rows of another column, copied in bulk; and validity bitmaps.
//! `columns.rs` makes the columns of a table and appends rows to them.

use std::ops::Range;

/// The Arrow buffers of one column.
#[derive(Debug, Clone, PartialEq)]
pub enum Column {
    /// `string`: validity, `i32` offsets, UTF-8 data.
    Utf8 {
        valid: Vec<bool>,
        offsets: Vec<i32>,
        data: Vec<u8>,
    },
    /// A number type ("int64", "float64", "int16", "int32", "date32"):
    /// validity and little-endian values of `width` bytes.
    Number {
        kind: &'static str,
        width: usize,
        valid: Vec<bool>,
        data: Vec<u8>,
    },
    /// `list<fixed_size_list<int16, width>>`: list offsets (in points) and
    /// the flat values.
    Points {
        width: usize,
        offsets: Vec<i32>,
        values: Vec<i16>,
    },
    /// `list<string>`: list offsets, string offsets, UTF-8 data.
    Texts {
        offsets: Vec<i32>,
        inner: Vec<i32>,
        data: Vec<u8>,
    },
}

/// Appends `from[range]` to `to`, each shifted by `shift`.
fn shifted(to: &mut Vec<i32>, from: &[i32], shift: i32) {
    to.extend(from.iter().map(|&offset| offset + shift));
}

impl Column {
    /// No rows, the buffers kept: as [`Column::new`] makes it (every
    /// offsets buffer starts at 0).
    pub fn clear(&mut self) {
        match self {
            Column::Utf8 {
                valid,
                offsets,
                data,
            } => {
                valid.clear();
                offsets.truncate(1);
                data.clear();
            }
            Column::Number { valid, data, .. } => {
                valid.clear();
                data.clear();
            }
            Column::Points {
                offsets, values, ..
            } => {
                offsets.truncate(1);
                values.clear();
            }
            Column::Texts {
                offsets,
                inner,
                data,
            } => {
                offsets.truncate(1);
                inner.truncate(1);
                data.clear();
            }
        }
    }

    /// The bytes its buffers hold room for.
    pub fn capacity(&self) -> usize {
        match self {
            Column::Utf8 {
                valid,
                offsets,
                data,
            } => valid.capacity() + 4 * offsets.capacity() + data.capacity(),
            Column::Number { valid, data, .. } => valid.capacity() + data.capacity(),
            Column::Points {
                offsets, values, ..
            } => 4 * offsets.capacity() + 2 * values.capacity(),
            Column::Texts {
                offsets,
                inner,
                data,
            } => 4 * offsets.capacity() + 4 * inner.capacity() + data.capacity(),
        }
    }

    /// Appends the texts of one row (a `Texts` column).
    pub fn push_texts<'a>(&mut self, texts: impl Iterator<Item = &'a str>) {
        if let Column::Texts {
            offsets,
            inner,
            data,
        } = self
        {
            for text in texts {
                data.extend_from_slice(text.as_bytes());
                inner.push(data.len() as i32);
            }
            offsets.push(inner.len() as i32 - 1);
        }
    }

    /// The bytes or values that rows `rows` hold, of each buffer but the
    /// validity: what [`append`](Self::append) copies.
    pub fn sizes(&self, rows: &Range<usize>) -> [usize; 2] {
        let span = |offsets: &[i32]| (offsets[rows.end] - offsets[rows.start]) as usize;
        match self {
            Column::Utf8 { offsets, .. } => [rows.len(), span(offsets)],
            Column::Points { width, offsets, .. } => [rows.len(), span(offsets) * width],
            Column::Number { width, .. } => [0, rows.len() * width],
            Column::Texts { offsets, inner, .. } => {
                let strings = span(offsets);
                let first = offsets[rows.start] as usize;
                let bytes = inner[first + strings] - inner[first];
                [rows.len() + strings, bytes as usize]
            }
        }
    }

    /// Makes room for `sizes` more (as [`sizes`](Self::sizes) counts)
    /// and `rows` more rows.
    pub fn reserve(&mut self, rows: usize, sizes: [usize; 2]) {
        match self {
            Column::Utf8 {
                valid,
                offsets,
                data,
            } => {
                valid.reserve(rows);
                offsets.reserve(sizes[0]);
                data.reserve(sizes[1]);
            }
            Column::Number { valid, data, .. } => {
                valid.reserve(rows);
                data.reserve(sizes[1]);
            }
            Column::Points {
                offsets, values, ..
            } => {
                offsets.reserve(sizes[0]);
                values.reserve(sizes[1]);
            }
            Column::Texts {
                offsets,
                inner,
                data,
            } => {
                offsets.reserve(rows);
                inner.reserve(sizes[0] - rows);
                data.reserve(sizes[1]);
            }
        }
    }

    /// Appends rows `rows` of `other`, a column of the same kind.
    pub fn append(&mut self, other: &Column, rows: Range<usize>) {
        match (self, other) {
            (
                Column::Utf8 {
                    valid,
                    offsets,
                    data,
                },
                Column::Utf8 {
                    valid: v,
                    offsets: o,
                    data: d,
                },
            ) => {
                valid.extend_from_slice(&v[rows.clone()]);
                let (start, end) = (o[rows.start], o[rows.end]);
                shifted(
                    offsets,
                    &o[rows.start + 1..=rows.end],
                    data.len() as i32 - start,
                );
                data.extend_from_slice(&d[start as usize..end as usize]);
            }
            (
                Column::Number {
                    width, valid, data, ..
                },
                Column::Number {
                    valid: v, data: d, ..
                },
            ) => {
                valid.extend_from_slice(&v[rows.clone()]);
                data.extend_from_slice(&d[rows.start * *width..rows.end * *width]);
            }
            (
                Column::Points {
                    offsets, values, ..
                },
                Column::Points {
                    width,
                    offsets: o,
                    values: v,
                },
            ) => {
                let (start, end) = (o[rows.start], o[rows.end]);
                let at = (values.len() / width) as i32;
                shifted(offsets, &o[rows.start + 1..=rows.end], at - start);
                values.extend_from_slice(&v[start as usize * width..end as usize * width]);
            }
            (
                Column::Texts {
                    offsets,
                    inner,
                    data,
                },
                Column::Texts {
                    offsets: o,
                    inner: i,
                    data: d,
                },
            ) => {
                let (first, last) = (o[rows.start], o[rows.end]);
                shifted(
                    offsets,
                    &o[rows.start + 1..=rows.end],
                    inner.len() as i32 - 1 - first,
                );
                let (start, end) = (i[first as usize], i[last as usize]);
                let strings = &i[first as usize + 1..=last as usize];
                shifted(inner, strings, data.len() as i32 - start);
                data.extend_from_slice(&d[start as usize..end as usize]);
            }
            _ => unreachable!("columns of one table are alike"),
        }
    }

    /// The texts of row `row` (a `Texts` column).
    pub fn texts(&self, row: usize) -> impl Iterator<Item = &str> {
        let (offsets, inner, data) = match self {
            Column::Texts {
                offsets,
                inner,
                data,
            } => (&offsets[..], &inner[..], &data[..]),
            _ => (&[0, 0][..], &[0][..], &[][..]),
        };
        let strings = offsets[row] as usize..offsets[row + 1] as usize;
        strings.map(move |at| {
            let bytes = &data[inner[at] as usize..inner[at + 1] as usize];
            std::str::from_utf8(bytes).unwrap_or_default()
        })
    }
}

/// A validity bitmap (least significant bit first), or `None` when every
/// value is there.
pub fn bitmap(valid: &[bool]) -> Option<Vec<u8>> {
    if valid.iter().all(|&v| v) {
        return None;
    }
    let mut bits = vec![0u8; valid.len().div_ceil(8)];
    for (i, _) in valid.iter().enumerate().filter(|(_, &v)| v) {
        bits[i / 8] |= 1 << (i % 8);
    }
    Some(bits)
}
