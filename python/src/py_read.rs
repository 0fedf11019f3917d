//! The Python reading functions: `parse`, `iter_games` (`GameIterator`),
//! `events` (`EventIterator`) and `write`; errors become `SgfError`,
//! skipped games `SgfWarning`s.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString, PyTuple};
use sgf_tool::collection::{Delivery, Source};

use crate::collect::{CountNodes, Plan};
use crate::data::{GameData, Problem};
use crate::gather::{read_all, skipped_code, Item, Reading};
use crate::py_game::{write_spec, PyGame, PyNode, PyWarning};
use crate::read::{Step, Steps};
use crate::tree::write;

/// The `SgfError` for `problem` in `file`, in its game `game`.
pub fn sgf_error(
    py: Python<'_>,
    problem: &Problem,
    file: Option<&str>,
    game: Option<u64>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let class = py.import("sgf_stream._errors")?.getattr("SgfError")?;
        let place = problem.place.unwrap_or_default();
        let error = class.call1((
            problem.describe(),
            problem.code.as_str(),
            place.offset,
            place.line,
            place.column,
            file,
            game,
        ))?;
        Ok(PyErr::from_value(error))
    };
    build().unwrap_or_else(|err| err)
}

/// Emits `problem` as a Python warning (`SgfWarning`), from `file`, before
/// its game `game`.
pub fn warn(
    py: Python<'_>,
    problem: &Problem,
    file: Option<&str>,
    game: Option<u64>,
) -> PyResult<()> {
    let warnings = py.import("warnings")?;
    let class = py.import("sgf_stream._errors")?.getattr("SgfWarning")?;
    let place = problem.place;
    let warning = class.call1((
        problem.describe(),
        problem.code.as_str(),
        place.map(|p| p.offset),
        place.map(|p| p.line),
        place.map(|p| p.column),
        file,
        game,
    ))?;
    warnings.call_method1("warn", (warning, py.None(), 2))?;
    Ok(())
}

/// The reading plan from the Python arguments.
pub fn plan(lenient: bool, charset: Option<&str>, jobs: usize) -> PyResult<Plan> {
    Plan::new(lenient, charset, jobs).map_err(PyValueError::new_err)
}

/// The bytes of `data`: `bytes`, `bytearray`, `memoryview` or `str`
/// (as UTF-8).
fn input_bytes(data: &Bound<'_, PyAny>) -> PyResult<Bytes> {
    if let Ok(bytes) = data.downcast::<PyBytes>() {
        return Ok(Bytes::copy_from_slice(bytes.as_bytes()));
    }
    if let Ok(text) = data.downcast::<PyString>() {
        return Ok(Bytes::from(text.to_cow()?.into_owned().into_bytes()));
    }
    if let Ok(array) = data.downcast::<PyByteArray>() {
        return Ok(Bytes::from(array.to_vec()));
    }
    let bytes = data
        .call_method0("tobytes")
        .map_err(|_| PyValueError::new_err("data must be bytes, bytearray, memoryview or str"))?;
    Ok(Bytes::copy_from_slice(
        bytes.downcast::<PyBytes>()?.as_bytes(),
    ))
}

/// What Python does with an item that holds no game: raises an error,
/// warns, or keeps problems of no game in `loose`; an item of games is
/// given back.
pub fn settle(
    py: Python<'_>,
    item: Item,
    loose: &mut Vec<(Option<Arc<str>>, Problem)>,
) -> PyResult<Option<Item>> {
    match item {
        Item::Game(_) | Item::Rows(_) => return Ok(Some(item)),
        Item::Error {
            problem,
            source,
            game,
        } => return Err(sgf_error(py, &problem, source.as_deref(), Some(game))),
        Item::Skipped {
            problem,
            source,
            game,
        } => warn(py, &problem, source.as_deref(), Some(game))?,
        Item::Loose { source, problems } => {
            loose.extend(problems.into_iter().map(|p| (source.clone(), p)))
        }
        Item::Failed { source, message } => {
            return Err(PyOSError::new_err(format!("{source}: {message}")))
        }
    }
    Ok(None)
}

/// parse(data, *, lenient=False, charset=None)
/// --
///
/// Reads every game of ``data`` (``bytes`` or ``str``).
#[pyfunction]
#[pyo3(signature = (data, *, lenient = false, charset = None, raw = false))]
pub fn parse(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    lenient: bool,
    charset: Option<&str>,
    raw: bool,
) -> PyResult<Vec<PyGame>> {
    let plan = Plan {
        raw,
        ..plan(lenient, charset, 1)?
    };
    parse_planned(py, data, plan)
}

/// _parse_with_trees(data, *, lenient=False)
/// --
///
/// ``parse`` with every game read through the library's trees (for
/// tests: the answer of the Rust API).
#[pyfunction]
#[pyo3(name = "_parse_with_trees", signature = (data, *, lenient = false, raw = false))]
pub fn parse_with_trees(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    lenient: bool,
    raw: bool,
) -> PyResult<Vec<PyGame>> {
    let plan = Plan {
        raw,
        trees: true,
        ..plan(lenient, None, 1)?
    };
    parse_planned(py, data, plan)
}

fn parse_planned(py: Python<'_>, data: &Bound<'_, PyAny>, plan: Plan) -> PyResult<Vec<PyGame>> {
    let input = input_bytes(data)?;
    let sources = [Source::Bytes {
        name: String::new(),
        bytes: input,
    }];
    let items = py.detach(|| read_all(&sources, plan, false));
    let mut loose = Vec::new();
    let mut games = Vec::new();
    for item in items {
        if let Some(Item::Game(game)) = settle(py, item, &mut loose)? {
            games.push(game);
        }
    }
    let mut loose: Vec<Problem> = loose.into_iter().map(|(_, p)| p).collect();
    match games.last_mut() {
        Some(last) => GameData::fresh(last).later_warnings.append(&mut loose),
        None => {
            // The games skipped were warned about as they came.
            for problem in loose.iter().filter(|p| p.code != skipped_code()) {
                warn(py, problem, None, None)?;
            }
        }
    }
    Ok(games
        .into_iter()
        .map(|game| PyGame { data: game })
        .collect())
}

/// _read_only(paths, *, jobs=1, lenient=True, charset=None)
/// --
///
/// Reads files, folders and archives as ``iter_games`` and ``to_arrow``
/// do (the same collection: batches, worker threads, charsets, strict
/// then lenient) and only counts their games and nodes: the library's
/// reader, the peer of ``bench/bench.py``. Returns ``(games, nodes)``.
#[pyfunction]
#[pyo3(name = "_read_only", signature = (paths, *, jobs = 1, lenient = true, charset = None))]
pub fn read_only(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    jobs: usize,
    lenient: bool,
    charset: Option<&str>,
) -> PyResult<(u64, u64)> {
    let collection = plan(lenient, charset, jobs)?.collection();
    let sources = Source::paths(paths);
    Ok(py.detach(|| {
        let (mut games, mut nodes) = (0, 0);
        collection.run(&sources, &CountNodes, |delivery| {
            if let Delivery::Piece(_, done) = delivery {
                games += done.games;
                nodes += done.out;
            }
            std::ops::ControlFlow::Continue(())
        });
        (games, nodes)
    }))
}

/// The games of files, folders and archives, read on worker threads, in
/// input order. Made by ``sgf_stream.iter_games``.
#[pyclass(module = "sgf_stream")]
pub struct GameIterator {
    /// In a `Mutex` only so that Python's threads may share the iterator;
    /// taken through `&mut self`, never locked.
    reading: Option<Mutex<Reading>>,
    loose: Vec<(Option<Arc<str>>, Problem)>,
}

impl GameIterator {
    pub fn start(paths: Vec<PathBuf>, plan: Plan) -> GameIterator {
        GameIterator {
            reading: Some(Mutex::new(Reading::start(Source::paths(paths), plan))),
            loose: Vec::new(),
        }
    }

    /// The next game's record, or `None` at the end; errors raised.
    pub fn next_game(&mut self, py: Python<'_>) -> PyResult<Option<Arc<GameData>>> {
        loop {
            let Some(Ok(reading)) = self.reading.as_mut().map(Mutex::get_mut) else {
                return Ok(None);
            };
            // The GIL is let go only to wait for the workers.
            let item = match reading.next_ready() {
                Some(item) => Some(item),
                None => py.detach(|| reading.next_item()),
            };
            let Some(item) = item else {
                self.reading = None;
                return Ok(None);
            };
            if let Some(Item::Game(game)) = settle(py, item, &mut self.loose)? {
                return Ok(Some(game));
            }
        }
    }
}

#[pymethods]
impl GameIterator {
    #[new]
    #[pyo3(signature = (paths, *, jobs = 1, lenient = true, charset = None, raw = false))]
    fn new(
        paths: Vec<PathBuf>,
        jobs: usize,
        lenient: bool,
        charset: Option<&str>,
        raw: bool,
    ) -> PyResult<Self> {
        let plan = Plan {
            raw,
            ..plan(lenient, charset, jobs)?
        };
        Ok(GameIterator::start(paths, plan))
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        Ok(self.next_game(py)?.map(|game| PyGame { data: game }))
    }

    /// Warnings that belong to no game: of a file with no game tree, or
    /// of text after a file's last game.
    #[getter]
    fn problems(&self) -> Vec<PyWarning> {
        self.loose
            .iter()
            .map(|(source, problem)| PyWarning::new(problem, source.as_deref()))
            .collect()
    }
}

/// The parser's events over some input, made by ``sgf_stream.events``.
#[pyclass(module = "sgf_stream")]
pub struct EventIterator {
    steps: Steps,
    warnings: Vec<Problem>,
    done: bool,
}

#[pymethods]
impl EventIterator {
    #[new]
    #[pyo3(signature = (data, *, lenient = false))]
    fn new(data: &Bound<'_, PyAny>, lenient: bool) -> PyResult<Self> {
        let input = input_bytes(data)?;
        Ok(EventIterator {
            steps: Steps::new(input, lenient),
            warnings: Vec::new(),
            done: false,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        if self.done {
            return Ok(None);
        }
        let step = self.steps.next_step();
        self.warnings.append(&mut self.steps.take_warnings());
        let step = match step {
            None => {
                self.done = true;
                return Ok(None);
            }
            Some(Err(problem)) => {
                self.done = true;
                return Err(sgf_error(py, &problem, None, None));
            }
            Some(Ok(step)) => step,
        };
        let tuple = match step {
            Step::Start => PyTuple::new(py, ["start"])?,
            Step::Node => PyTuple::new(py, ["node"])?,
            Step::End => PyTuple::new(py, ["end"])?,
            Step::Property(ident, values) => {
                let values = PyList::new(py, values.iter().map(|v| PyBytes::new(py, v)))?;
                PyTuple::new(
                    py,
                    [
                        PyString::new(py, "property").into_any(),
                        PyString::new(py, &ident).into_any(),
                        values.into_any(),
                    ],
                )?
            }
        };
        Ok(Some(tuple))
    }

    /// The repairs of a lenient read, up to the last event taken (all of
    /// them once every event is taken).
    #[getter]
    fn warnings(&self) -> Vec<PyWarning> {
        self.warnings
            .iter()
            .map(|w| PyWarning::new(w, None))
            .collect()
    }
}

/// write(trees, *, layout="one-line", wrap=None, newline="\n", charset=None)
/// --
///
/// SGF bytes of games or nodes (each node with everything below it).
#[pyfunction]
#[pyo3(signature = (trees, *, layout = "one-line", wrap = None, newline = "\n", charset = None))]
pub fn write_sgf<'py>(
    py: Python<'py>,
    trees: Vec<Bound<'py, PyAny>>,
    layout: &str,
    wrap: Option<usize>,
    newline: &str,
    charset: Option<String>,
) -> PyResult<Bound<'py, PyBytes>> {
    let spec = write_spec(layout, wrap, newline, charset)?;
    let mut roots = Vec::with_capacity(trees.len());
    let mut holders = Vec::with_capacity(trees.len());
    for tree in &trees {
        if let Ok(game) = tree.downcast::<PyGame>() {
            holders.push((game.get().data.clone(), 0));
        } else if let Ok(node) = tree.downcast::<PyNode>() {
            holders.push(node.get().game_and_index());
        } else {
            return Err(PyValueError::new_err("write takes Game and Node objects"));
        }
    }
    for (game, index) in &holders {
        roots.push((&**game, *index));
    }
    let bytes = py
        .detach(|| write(&roots, &spec))
        .map_err(PyValueError::new_err)?;
    Ok(PyBytes::new(py, &bytes))
}
