//! `to_arrow`'s tables for Python: the rows that worker threads wrote
//! (`columns.rs`), put together into batches without the GIL and handed
//! to Python as numpy arrays that own the buffers (no copy) for pyarrow
//! to wrap: no Python object per game or per move.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use sgf_tool::collection::Source;

use crate::arrow::{bitmap, Column};
use crate::collect::Plan;
use crate::columns::{names, Columns};
use crate::data::Problem;
use crate::gather::{read_all, Item, Reading};
use crate::py_read::{plan, settle};

/// `values` as a numpy array that owns them, in little-endian order (as
/// Arrow wants them).
fn buffer<'py, T: numpy::Element + Copy>(
    py: Python<'py>,
    mut values: Vec<T>,
    to_le: impl Fn(T) -> T,
) -> Bound<'py, PyAny> {
    if cfg!(target_endian = "big") {
        values.iter_mut().for_each(|v| *v = to_le(*v));
    }
    numpy::PyArray1::from_vec(py, values).into_any()
}

fn bytes_buffer(py: Python<'_>, values: Vec<u8>) -> Bound<'_, PyAny> {
    buffer(py, values, |v| v)
}

/// One column for Python: `(kind, buffers...)`, each buffer a numpy array
/// (a validity bitmap may be None).
fn to_python(py: Python<'_>, column: Column) -> PyResult<Bound<'_, PyAny>> {
    let optional = |data: Option<Vec<u8>>| match data {
        Some(data) => bytes_buffer(py, data),
        None => py.None().into_bound(py),
    };
    let offsets = |values: Vec<i32>| buffer(py, values, i32::to_le);
    let list = match column {
        Column::Utf8 {
            valid,
            offsets: at,
            data,
        } => vec![
            "utf8".into_pyobject(py)?.into_any(),
            optional(bitmap(&valid)),
            offsets(at),
            bytes_buffer(py, data),
        ],
        Column::Number {
            kind, valid, data, ..
        } => vec![
            kind.into_pyobject(py)?.into_any(),
            optional(bitmap(&valid)),
            bytes_buffer(py, data),
        ],
        Column::Points {
            width,
            offsets: at,
            values,
        } => vec![
            "points".into_pyobject(py)?.into_any(),
            width.into_pyobject(py)?.into_any(),
            offsets(at),
            buffer(py, values, i16::to_le),
        ],
        Column::Texts {
            offsets: at,
            inner,
            data,
        } => vec![
            "texts".into_pyobject(py)?.into_any(),
            offsets(at),
            offsets(inner),
            bytes_buffer(py, data),
        ],
    };
    Ok(PyList::new(py, list)?.into_any())
}

/// The Python form of a batch: ``{"length": n, "columns": [(name,
/// [kind, buffers...]), ...]}``.
fn batch(py: Python<'_>, mut columns: Columns) -> PyResult<Bound<'_, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("length", columns.len())?;
    let list = PyList::empty(py);
    for (column, name) in columns.take_columns().into_iter().zip(names()) {
        list.append((name, to_python(py, column)?))?;
    }
    out.set_item("columns", list)?;
    Ok(out)
}

/// The reading plan of a table.
fn table_plan(lenient: bool, charset: Option<&str>, jobs: usize) -> PyResult<Plan> {
    Ok(Plan {
        table: true,
        ..plan(lenient, charset, jobs)?
    })
}

/// batch_from_bytes(inputs, *, lenient=True, charset=None)
/// --
///
/// The table rows of ``(source, data)`` pairs held in memory (as Spark's
/// ``binaryFile`` source gives them), as a batch (see ``next_batch``).
/// Warnings of input that holds no game are left out; a strict read
/// raises ``SgfError`` at the first malformation.
#[pyfunction]
#[pyo3(signature = (inputs, *, lenient = true, charset = None))]
pub fn batch_from_bytes<'py>(
    py: Python<'py>,
    inputs: Vec<(String, Vec<u8>)>,
    lenient: bool,
    charset: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let plan = table_plan(lenient, charset, 1)?;
    // Each input is read as a file of its name would be: a `.gz` file
    // decompressed, an archive member by member.
    let sources: Vec<Source> = inputs
        .into_iter()
        .map(|(name, data)| Source::Bytes {
            name,
            bytes: bytes::Bytes::from(data),
        })
        .collect();
    let items = py.detach(|| read_all(&sources, plan, true));
    let mut parts = Vec::new();
    let mut loose = Vec::new();
    for item in items {
        if let Some(Item::Rows(rows)) = settle(py, item, &mut loose)? {
            parts.push(rows);
        }
    }
    let columns = py.detach(|| {
        let mut columns = Columns::new();
        columns.extend(parts.iter().map(|part| (part, 0..part.len())));
        columns
    });
    batch(py, columns)
}

/// Batches of table rows from files, folders and archives; made by
/// ``sgf_stream.to_arrow``.
#[pyclass(module = "sgf_stream")]
pub struct TableReader {
    /// In a `Mutex` only so that Python's threads may share the reader;
    /// taken through `&mut self`, never locked.
    reading: Option<Mutex<Reading>>,
    /// Rows read and not yet handed out: each part from its first row
    /// not handed out.
    parts: VecDeque<(Columns, usize)>,
    loose: Vec<(Option<Arc<str>>, Problem)>,
}

impl TableReader {
    /// Rows read and not yet handed out.
    fn ready(&self) -> usize {
        self.parts
            .iter()
            .map(|(part, from)| part.len() - from)
            .sum()
    }

    /// Keeps `part`: appended to the last part while that one, not yet
    /// taken from, holds fewer than `rows` rows, up to `rows` rows (so
    /// that the rows of many small inputs make one part, each part's
    /// columns go back to the pool at once, and a part of `rows` rows is
    /// handed out whole); the rows left start a part.
    fn keep(&mut self, part: Columns, rows: usize) {
        let mut from = 0;
        while from < part.len() {
            match self.parts.back_mut() {
                Some((last, 0)) if last.len() < rows => {
                    let end = part.len().min(from + rows - last.len());
                    last.extend(std::iter::once((&part, from..end)));
                    from = end;
                }
                _ if from == 0 => {
                    self.parts.push_back((part, 0));
                    return;
                }
                _ => {
                    let rest = part.keep(std::slice::from_ref(&(from..part.len())));
                    self.parts.push_back((rest, 0));
                    return;
                }
            }
        }
    }

    /// Takes `rows` rows (or all there are) out of the parts, into one
    /// table.
    fn take(&mut self, rows: usize) -> Columns {
        // A whole part, not yet taken from: handed over as it is.
        if let Some((part, 0)) = self.parts.front() {
            if part.len() <= rows && (self.parts.len() == 1 || part.len() == rows) {
                return self
                    .parts
                    .pop_front()
                    .map(|(part, _)| part)
                    .unwrap_or_else(Columns::new);
            }
        }
        let mut ranges = Vec::new();
        let mut left = rows;
        for (part, from) in &self.parts {
            if left == 0 {
                break;
            }
            let end = part.len().min(from + left);
            left -= end - from;
            ranges.push((part, *from..end));
        }
        let mut columns = Columns::new();
        columns.extend(ranges.iter().cloned());
        let mut taken = rows - left;
        while let Some((part, from)) = self.parts.front_mut() {
            let here = (part.len() - *from).min(taken);
            *from += here;
            taken -= here;
            if *from < part.len() {
                break;
            }
            self.parts.pop_front();
        }
        columns
    }
}

#[pymethods]
impl TableReader {
    #[new]
    #[pyo3(signature = (paths, *, jobs = 1, lenient = true, charset = None))]
    fn new(
        paths: Vec<PathBuf>,
        jobs: usize,
        lenient: bool,
        charset: Option<&str>,
    ) -> PyResult<Self> {
        let plan = table_plan(lenient, charset, jobs)?;
        let reading = Reading::start(Source::paths(paths), plan);
        Ok(TableReader {
            reading: Some(Mutex::new(reading)),
            parts: VecDeque::new(),
            loose: Vec::new(),
        })
    }

    /// The next batch of at most `rows` games, as ``{"length": n,
    /// "columns": [(name, [kind, buffers...]), ...]}``; None at the end.
    fn next_batch<'py>(
        &mut self,
        py: Python<'py>,
        rows: usize,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let rows = rows.max(1);
        while self.ready() < rows {
            let Some(Ok(reading)) = self.reading.as_mut().map(Mutex::get_mut) else {
                break;
            };
            // The GIL is held only for what Python must see: warnings and
            // errors.
            let Some(item) = py.detach(|| reading.next_item()) else {
                self.reading = None;
                break;
            };
            if let Some(Item::Rows(part)) = settle(py, item, &mut self.loose)? {
                py.detach(|| self.keep(part, rows));
            }
        }
        if self.parts.is_empty() {
            return Ok(None);
        }
        let columns = py.detach(|| self.take(rows));
        batch(py, columns).map(Some)
    }

    /// Column names and kinds, for an empty input's schema.
    #[staticmethod]
    fn layout(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
        let list = PyList::empty(py);
        for (column, name) in Columns::new().take_columns().into_iter().zip(names()) {
            list.append((name, to_python(py, column)?))?;
        }
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use super::TableReader;
    use crate::testing::{games, pushed};
    use std::collections::VecDeque;

    #[test]
    fn parts_are_kept_up_to_a_batch_and_handed_out_in_order() {
        let games = games();
        let all: Vec<_> = games.iter().collect();
        let mut reader = TableReader {
            reading: None,
            parts: VecDeque::new(),
            loose: Vec::new(),
        };
        // Parts of 3 and 4 rows, batches of 5: the first part grows to 5
        // rows and is handed out as it is; the 2 rows left start a part.
        reader.keep(pushed(&all[..3], "s", 0), 5);
        reader.keep(pushed(&all[3..], "s", 3), 5);
        let sizes: Vec<_> = reader
            .parts
            .iter()
            .map(|(p, from)| (p.len(), *from))
            .collect();
        assert_eq!(sizes, [(5, 0), (2, 0)]);
        let first = reader.parts[0].0.columns.as_ptr();
        let batch = reader.take(5);
        assert_eq!(batch.columns.as_ptr(), first, "handed out without a copy");
        assert_eq!(batch, pushed(&all[..5], "s", 0));
        assert_eq!(reader.take(5), pushed(&all[5..], "s", 5));
        assert!(reader.parts.is_empty());
        // Batches smaller than a part: cut across it, every row once.
        reader.keep(pushed(&all, "s", 0), 3);
        let taken: Vec<_> = (0..3).map(|_| reader.take(3)).collect();
        assert_eq!(taken[0], pushed(&all[..3], "s", 0));
        assert_eq!(taken[1], pushed(&all[3..6], "s", 3));
        assert_eq!(taken[2], pushed(&all[6..], "s", 6));
    }
}
