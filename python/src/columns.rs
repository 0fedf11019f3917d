//! Tables: one row per game, built as Arrow buffers (offsets, values,
//! validity bitmaps) a game at a time as games come, handed to Python as
//! numpy arrays that own them (no copy) for pyarrow to wrap, without one
//! Python object per move or per game.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use sgf_tool::collection::Source;

use crate::collect::Plan;
use crate::data::GameData;
use crate::gather::read_all;
use crate::py_game::describe;
use crate::py_read::{plan, settle, GameIterator};

/// How a column reads a game.
#[derive(Clone, Copy)]
enum Get {
    Utf8(for<'a> fn(&'a GameData) -> Option<&'a str>),
    Int64(fn(&GameData) -> Option<i64>),
    Int32(fn(&GameData) -> Option<i32>),
    Int16(fn(&GameData) -> Option<i16>),
    Float64(fn(&GameData) -> Option<f64>),
    /// Days since 1970-01-01.
    Date32(fn(&GameData) -> Option<i32>),
    /// Points of this many values (x, y or colour, x, y), flat.
    Points(usize, fn(&GameData) -> &[i16]),
    Warnings,
}

/// The table's columns, in order.
const COLUMNS: [(&str, Get); 36] = [
    ("source", Get::Utf8(|g| g.source.as_deref())),
    ("index", Get::Int64(|g| Some(g.index as i64))),
    ("charset", Get::Utf8(|g| Some(g.charset))),
    ("size_cols", Get::Int16(|g| Some(i16::from(g.info().cols)))),
    ("size_rows", Get::Int16(|g| Some(i16::from(g.info().rows)))),
    ("black", Get::Utf8(|g| g.info().black.as_deref())),
    ("white", Get::Utf8(|g| g.info().white.as_deref())),
    ("black_rank", Get::Utf8(|g| g.info().black_rank.as_deref())),
    ("white_rank", Get::Utf8(|g| g.info().white_rank.as_deref())),
    (
        "black_rank_ordinal",
        Get::Int16(|g| g.info().black_rank_ordinal),
    ),
    (
        "white_rank_ordinal",
        Get::Int16(|g| g.info().white_rank_ordinal),
    ),
    ("result", Get::Utf8(|g| g.info().result.as_deref())),
    ("winner", Get::Utf8(|g| g.info().winner)),
    ("margin", Get::Float64(|g| g.info().margin)),
    ("reason", Get::Utf8(|g| g.info().reason)),
    ("komi", Get::Float64(|g| g.info().komi)),
    ("handicap", Get::Int64(|g| g.info().handicap)),
    ("date", Get::Utf8(|g| g.info().date.as_deref())),
    ("date_last", Get::Utf8(|g| g.info().date_last.as_deref())),
    ("date_day", Get::Date32(|g| g.info().date_day)),
    ("date_last_day", Get::Date32(|g| g.info().date_last_day)),
    ("rules", Get::Utf8(|g| g.info().rules.as_deref())),
    ("event", Get::Utf8(|g| g.info().event.as_deref())),
    ("round", Get::Utf8(|g| g.info().round.as_deref())),
    ("place", Get::Utf8(|g| g.info().place.as_deref())),
    ("name", Get::Utf8(|g| g.info().name.as_deref())),
    (
        "application",
        Get::Utf8(|g| g.info().application.as_deref()),
    ),
    ("time_limit", Get::Float64(|g| g.info().time_limit)),
    ("overtime", Get::Utf8(|g| g.info().overtime.as_deref())),
    ("move_count", Get::Int32(|g| Some(g.moves.len() as i32))),
    ("node_count", Get::Int64(|g| Some(g.node_count as i64))),
    ("moves", Get::Points(3, |g| g.moves.as_flattened())),
    ("setup_black", Get::Points(2, |g| g.setup[0].as_flattened())),
    ("setup_white", Get::Points(2, |g| g.setup[1].as_flattened())),
    ("setup_empty", Get::Points(2, |g| g.setup[2].as_flattened())),
    ("warnings", Get::Warnings),
];

/// The Arrow buffers of one column.
enum Column {
    /// `string`: validity, `i32` offsets, UTF-8 data.
    Utf8 {
        valid: Vec<bool>,
        offsets: Vec<i32>,
        data: Vec<u8>,
    },
    /// A number type ("int64", "float64", "int16", "int32", "date32"):
    /// validity and little-endian values.
    Number {
        kind: &'static str,
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

impl Column {
    fn new(get: Get) -> Column {
        let number = |kind| Column::Number {
            kind,
            valid: Vec::new(),
            data: Vec::new(),
        };
        let points = |width| Column::Points {
            width,
            offsets: vec![0],
            values: Vec::new(),
        };
        match get {
            Get::Utf8(_) => Column::Utf8 {
                valid: Vec::new(),
                offsets: vec![0],
                data: Vec::new(),
            },
            Get::Int64(_) => number("int64"),
            Get::Int32(_) => number("int32"),
            Get::Int16(_) => number("int16"),
            Get::Float64(_) => number("float64"),
            Get::Date32(_) => number("date32"),
            Get::Points(width, _) => points(width),
            Get::Warnings => Column::Texts {
                offsets: vec![0],
                inner: vec![0],
                data: Vec::new(),
            },
        }
    }

    /// Appends `game`'s value, as `get` reads it.
    fn push(&mut self, get: Get, game: &GameData) {
        fn number<T: Default, const N: usize>(
            valid: &mut Vec<bool>,
            data: &mut Vec<u8>,
            value: Option<T>,
            bytes: impl Fn(T) -> [u8; N],
        ) {
            valid.push(value.is_some());
            data.extend_from_slice(&bytes(value.unwrap_or_default()));
        }
        match (self, get) {
            (
                Column::Utf8 {
                    valid,
                    offsets,
                    data,
                },
                Get::Utf8(get),
            ) => {
                let value = get(game);
                valid.push(value.is_some());
                data.extend_from_slice(value.unwrap_or("").as_bytes());
                offsets.push(data.len() as i32);
            }
            (Column::Number { valid, data, .. }, Get::Int64(get)) => {
                number(valid, data, get(game), i64::to_le_bytes)
            }
            (Column::Number { valid, data, .. }, Get::Int32(get) | Get::Date32(get)) => {
                number(valid, data, get(game), i32::to_le_bytes)
            }
            (Column::Number { valid, data, .. }, Get::Int16(get)) => {
                number(valid, data, get(game), i16::to_le_bytes)
            }
            (Column::Number { valid, data, .. }, Get::Float64(get)) => {
                number(valid, data, get(game), f64::to_le_bytes)
            }
            (
                Column::Points {
                    offsets, values, ..
                },
                Get::Points(width, get),
            ) => {
                values.extend_from_slice(get(game));
                offsets.push((values.len() / width) as i32);
            }
            (
                Column::Texts {
                    offsets,
                    inner,
                    data,
                },
                Get::Warnings,
            ) => {
                for warning in &game.all_warnings() {
                    data.extend_from_slice(describe(warning).as_bytes());
                    inner.push(data.len() as i32);
                }
                offsets.push(inner.len() as i32 - 1);
            }
            _ => unreachable!("a column is made for its reader"),
        }
    }
}

/// The columns of a batch, filled a game at a time.
struct Columns {
    columns: Vec<Column>,
    length: usize,
}

impl Columns {
    fn new() -> Columns {
        Columns {
            columns: COLUMNS.iter().map(|&(_, get)| Column::new(get)).collect(),
            length: 0,
        }
    }

    fn push(&mut self, game: &GameData) {
        for (column, &(_, get)) in self.columns.iter_mut().zip(&COLUMNS) {
            column.push(get, game);
        }
        self.length += 1;
    }
}

/// A validity bitmap (least significant bit first), or `None` when every
/// value is there.
fn bitmap(valid: &[bool]) -> Option<Vec<u8>> {
    if valid.iter().all(|&v| v) {
        return None;
    }
    let mut bits = vec![0u8; valid.len().div_ceil(8)];
    for (i, _) in valid.iter().enumerate().filter(|(_, &v)| v) {
        bits[i / 8] |= 1 << (i % 8);
    }
    Some(bits)
}

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
        Column::Number { kind, valid, data } => vec![
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
fn batch(py: Python<'_>, columns: Columns) -> PyResult<Bound<'_, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("length", columns.length)?;
    let list = PyList::empty(py);
    for (column, (name, _)) in columns.columns.into_iter().zip(COLUMNS) {
        list.append((name, to_python(py, column)?))?;
    }
    out.set_item("columns", list)?;
    Ok(out)
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
    let plan = Plan {
        info: true,
        ..plan(lenient, charset, 1)?
    };
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
    let mut columns = Columns::new();
    let mut loose = Vec::new();
    for item in items {
        if let Some(game) = settle(py, item, &mut loose)? {
            columns.push(&game);
        }
    }
    batch(py, columns)
}

/// Batches of table rows from files, folders and archives; made by
/// ``sgf_stream.to_arrow``.
#[pyclass(module = "sgf_stream")]
pub struct TableReader {
    games: GameIterator,
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
        let plan = Plan {
            info: true,
            ..plan(lenient, charset, jobs)?
        };
        Ok(TableReader {
            games: GameIterator::start(paths, plan),
        })
    }

    /// The next batch of at most `rows` games, as ``{"length": n,
    /// "columns": [(name, [kind, buffers...]), ...]}``; None at the end.
    fn next_batch<'py>(
        &mut self,
        py: Python<'py>,
        rows: usize,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        // Each game goes into the columns as it comes, while the workers
        // read the next ones.
        let mut columns = Columns::new();
        while columns.length < rows.max(1) {
            match self.games.next_game(py)? {
                Some(game) => columns.push(&game),
                None => break,
            }
        }
        if columns.length == 0 {
            return Ok(None);
        }
        batch(py, columns).map(Some)
    }

    /// Column names and kinds, for an empty input's schema.
    #[staticmethod]
    fn layout(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
        let list = PyList::empty(py);
        for (column, (name, _)) in Columns::new().columns.into_iter().zip(COLUMNS) {
            list.append((name, to_python(py, column)?))?;
        }
        Ok(list)
    }
}
