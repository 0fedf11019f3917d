//! Tables: one row per game, built as Arrow buffers (offsets, values,
//! validity bitmaps) that the Python side hands to pyarrow without one
//! Python object per move or per game.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use std::sync::Arc;

use crate::data::GameData;
use crate::pool::{parse_input, Item, Plan};
use crate::py_game::describe;
use crate::py_read::{read_options, sgf_error, GameIterator};

/// The Arrow buffers of one column.
enum Column {
    /// `string`: validity, `i32` offsets, UTF-8 data.
    Utf8 {
        valid: Vec<bool>,
        offsets: Vec<i32>,
        data: Vec<u8>,
    },
    /// A number type ("int64", "float64", "int16", "int32"): validity and
    /// little-endian values.
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

fn utf8<'a>(games: &'a [Arc<GameData>], get: impl Fn(&'a GameData) -> Option<&'a str>) -> Column {
    let mut valid = Vec::with_capacity(games.len());
    let mut offsets = Vec::with_capacity(games.len() + 1);
    let mut data = Vec::new();
    offsets.push(0);
    for game in games {
        let value = get(game);
        valid.push(value.is_some());
        data.extend_from_slice(value.unwrap_or("").as_bytes());
        offsets.push(data.len() as i32);
    }
    Column::Utf8 {
        valid,
        offsets,
        data,
    }
}

macro_rules! number {
    ($name:ident, $ty:ty, $kind:literal) => {
        fn $name(games: &[Arc<GameData>], get: impl Fn(&GameData) -> Option<$ty>) -> Column {
            let mut valid = Vec::with_capacity(games.len());
            let mut data = Vec::with_capacity(games.len() * std::mem::size_of::<$ty>());
            for game in games {
                let value = get(game);
                valid.push(value.is_some());
                data.extend_from_slice(&value.unwrap_or_default().to_le_bytes());
            }
            Column::Number {
                kind: $kind,
                valid,
                data,
            }
        }
    };
}

number!(int64, i64, "int64");
number!(int32, i32, "int32");
number!(int16, i16, "int16");
number!(float64, f64, "float64");

fn points<const N: usize>(
    games: &[Arc<GameData>],
    get: impl Fn(&GameData) -> &[[i16; N]],
) -> Column {
    let mut offsets = Vec::with_capacity(games.len() + 1);
    let mut values = Vec::new();
    offsets.push(0);
    for game in games {
        values.extend_from_slice(get(game).as_flattened());
        offsets.push((values.len() / N) as i32);
    }
    Column::Points {
        width: N,
        offsets,
        values,
    }
}

fn warnings(games: &[Arc<GameData>]) -> Column {
    let mut offsets = vec![0];
    let mut inner = vec![0];
    let mut data = Vec::new();
    for game in games {
        for warning in &game.all_warnings() {
            data.extend_from_slice(describe(warning).as_bytes());
            inner.push(data.len() as i32);
        }
        offsets.push(inner.len() as i32 - 1);
    }
    Column::Texts {
        offsets,
        inner,
        data,
    }
}

/// The table's columns, in order: name and buffers.
fn columns(games: &[Arc<GameData>]) -> Vec<(&'static str, Column)> {
    vec![
        ("source", utf8(games, |g| g.source.as_deref())),
        ("index", int64(games, |g| Some(g.index as i64))),
        ("charset", utf8(games, |g| Some(g.charset))),
        (
            "size_cols",
            int16(games, |g| Some(i16::from(g.info().cols))),
        ),
        (
            "size_rows",
            int16(games, |g| Some(i16::from(g.info().rows))),
        ),
        ("black", utf8(games, |g| g.info().black.as_deref())),
        ("white", utf8(games, |g| g.info().white.as_deref())),
        (
            "black_rank",
            utf8(games, |g| g.info().black_rank.as_deref()),
        ),
        (
            "white_rank",
            utf8(games, |g| g.info().white_rank.as_deref()),
        ),
        ("result", utf8(games, |g| g.info().result.as_deref())),
        ("winner", utf8(games, |g| g.info().winner)),
        ("margin", float64(games, |g| g.info().margin)),
        ("reason", utf8(games, |g| g.info().reason)),
        ("komi", float64(games, |g| g.info().komi)),
        ("handicap", int64(games, |g| g.info().handicap)),
        ("date", utf8(games, |g| g.info().date.as_deref())),
        ("rules", utf8(games, |g| g.info().rules.as_deref())),
        ("event", utf8(games, |g| g.info().event.as_deref())),
        ("round", utf8(games, |g| g.info().round.as_deref())),
        ("place", utf8(games, |g| g.info().place.as_deref())),
        ("name", utf8(games, |g| g.info().name.as_deref())),
        (
            "application",
            utf8(games, |g| g.info().application.as_deref()),
        ),
        ("time_limit", float64(games, |g| g.info().time_limit)),
        ("overtime", utf8(games, |g| g.info().overtime.as_deref())),
        ("move_count", int32(games, |g| Some(g.moves.len() as i32))),
        ("node_count", int64(games, |g| Some(g.node_count as i64))),
        ("moves", points(games, |g| &g.moves)),
        ("setup_black", points(games, |g| &g.setup[0])),
        ("setup_white", points(games, |g| &g.setup[1])),
        ("setup_empty", points(games, |g| &g.setup[2])),
        ("warnings", warnings(games)),
    ]
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

fn le_bytes<T: Copy, const N: usize>(values: &[T], to: impl Fn(T) -> [u8; N]) -> Vec<u8> {
    values.iter().flat_map(|&v| to(v)).collect()
}

/// One column for Python: `(kind, buffers...)`.
fn to_python<'py>(py: Python<'py>, column: &Column) -> PyResult<Bound<'py, PyAny>> {
    let bytes = |data: &[u8]| PyBytes::new(py, data).into_any();
    let optional = |data: Option<Vec<u8>>| match data {
        Some(data) => bytes(&data),
        None => py.None().into_bound(py),
    };
    let list = match column {
        Column::Utf8 {
            valid,
            offsets,
            data,
        } => vec![
            "utf8".into_pyobject(py)?.into_any(),
            optional(bitmap(valid)),
            bytes(&le_bytes(offsets, i32::to_le_bytes)),
            bytes(data),
        ],
        Column::Number { kind, valid, data } => vec![
            kind.into_pyobject(py)?.into_any(),
            optional(bitmap(valid)),
            bytes(data),
        ],
        Column::Points {
            width,
            offsets,
            values,
        } => vec![
            "points".into_pyobject(py)?.into_any(),
            width.into_pyobject(py)?.into_any(),
            bytes(&le_bytes(offsets, i32::to_le_bytes)),
            bytes(&le_bytes(values, i16::to_le_bytes)),
        ],
        Column::Texts {
            offsets,
            inner,
            data,
        } => vec![
            "texts".into_pyobject(py)?.into_any(),
            bytes(&le_bytes(offsets, i32::to_le_bytes)),
            bytes(&le_bytes(inner, i32::to_le_bytes)),
            bytes(data),
        ],
    };
    Ok(PyList::new(py, list)?.into_any())
}

/// The Python form of a batch: ``{"length": n, "columns": [(name,
/// [kind, buffers...]), ...]}``.
fn batch<'py>(py: Python<'py>, games: &[Arc<GameData>]) -> PyResult<Bound<'py, PyDict>> {
    let built = py.detach(|| columns(games));
    let out = PyDict::new(py);
    out.set_item("length", games.len())?;
    let list = PyList::empty(py);
    for (name, column) in &built {
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
        options: read_options(lenient, charset)?,
        fast: true,
        raw: false,
        info: true,
    };
    let items = py.detach(|| {
        let mut items = Vec::new();
        for (source, data) in inputs {
            let source: Arc<str> = source.as_str().into();
            let mut index = 0;
            let data = bytes::Bytes::from(data);
            for mut item in parse_input(&data, Some(&source), &plan) {
                if let Item::Game(game) = &mut item {
                    GameData::fresh(game).index = index;
                    index += 1;
                }
                items.push(item);
            }
        }
        items
    });
    let mut games = Vec::with_capacity(items.len());
    for item in items {
        match item {
            Item::Game(game) => games.push(game),
            Item::Problems {
                source,
                problems,
                fatal: true,
            } => {
                if let Some(problem) = problems.first() {
                    return Err(sgf_error(py, problem, source.as_deref()));
                }
            }
            _ => {}
        }
    }
    batch(py, &games)
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
            options: read_options(lenient, charset)?,
            fast: true,
            raw: false,
            info: true,
        };
        Ok(TableReader {
            games: GameIterator::start(paths, jobs, plan)?,
        })
    }

    /// The next batch of at most `rows` games, as ``{"length": n,
    /// "columns": [(name, [kind, buffers...]), ...]}``; None at the end.
    fn next_batch<'py>(
        &mut self,
        py: Python<'py>,
        rows: usize,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let mut games = Vec::new();
        while games.len() < rows.max(1) {
            match self.games.next_game(py)? {
                Some(game) => games.push(game),
                None => break,
            }
        }
        if games.is_empty() {
            return Ok(None);
        }
        batch(py, &games).map(Some)
    }

    /// Column names and kinds, for an empty input's schema.
    #[staticmethod]
    fn layout(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
        let list = PyList::empty(py);
        for (name, column) in columns(&[]) {
            list.append((name, to_python(py, &column)?))?;
        }
        Ok(list)
    }
}
