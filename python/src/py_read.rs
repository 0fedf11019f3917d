//! The Python reading functions: `parse`, `iter_games` (`GameIterator`),
//! `events` (`EventIterator`) and `write`; errors become `SgfError`.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString, PyTuple};

use crate::data::{GameData, Problem};
use crate::pool::{parse_input, Item, Pipeline, Plan};
use crate::py_game::{describe, write_spec, PyGame, PyNode, PyWarning};
use crate::read::{ReadOptions, Step, Steps};
use crate::tree::write;

/// The `SgfError` for `problem` in `file`.
pub fn sgf_error(py: Python<'_>, problem: &Problem, file: Option<&str>) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let class = py.import("sgf_stream._errors")?.getattr("SgfError")?;
        let place = problem.place.unwrap_or_default();
        let error = class.call1((
            describe(problem),
            problem.kind.as_str(),
            place.offset,
            place.line,
            place.column,
            file,
        ))?;
        Ok(PyErr::from_value(error))
    };
    build().unwrap_or_else(|err| err)
}

/// Emits `problems` as Python warnings (`SgfWarning`).
fn warn(py: Python<'_>, problems: &[Problem], file: Option<&str>) -> PyResult<()> {
    let warnings = py.import("warnings")?;
    let category = py.import("sgf_stream._errors")?.getattr("SgfWarning")?;
    for problem in problems {
        let text = PyWarning::new(problem, file).__str__();
        warnings.call_method1("warn", (text, &category, 2))?;
    }
    Ok(())
}

/// The read options from the Python arguments.
pub fn read_options(lenient: bool, charset: Option<&str>) -> PyResult<ReadOptions> {
    ReadOptions::new(lenient, charset).map_err(PyValueError::new_err)
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

/// Games as they come out of reading, with the warnings of parts that
/// gave no game carried to the next game of the same source.
#[derive(Default)]
struct Assembler {
    carried: Vec<Problem>,
    carried_source: Option<Arc<str>>,
}

enum Next {
    Game(Arc<GameData>),
    Raise(PyErr),
    Nothing,
}

impl Assembler {
    fn take(
        &mut self,
        py: Python<'_>,
        item: Item,
        loose: &mut Vec<(Option<Arc<str>>, Problem)>,
    ) -> Next {
        match item {
            Item::Game(mut game) => {
                if !self.carried.is_empty() {
                    if self.carried_source == game.source {
                        let mut warnings = std::mem::take(&mut self.carried);
                        let fresh = GameData::fresh(&mut game);
                        warnings.append(&mut fresh.warnings);
                        fresh.warnings = warnings;
                    } else {
                        self.flush(loose);
                    }
                }
                Next::Game(game)
            }
            Item::Problems {
                source,
                problems,
                fatal: true,
            } => {
                let first = problems.first().cloned().unwrap_or_else(|| Problem {
                    kind: "internal".into(),
                    message: "unknown error".into(),
                    place: None,
                    range: (0, 0),
                });
                Next::Raise(sgf_error(py, &first, source.as_deref()))
            }
            Item::Problems {
                source, problems, ..
            } => {
                if self.carried_source != source {
                    self.flush(loose);
                    self.carried_source = source;
                }
                self.carried.extend(problems);
                Next::Nothing
            }
            Item::Failed { source, message } => {
                Next::Raise(PyOSError::new_err(format!("{source}: {message}")))
            }
        }
    }

    fn flush(&mut self, loose: &mut Vec<(Option<Arc<str>>, Problem)>) {
        let source = self.carried_source.clone();
        loose.extend(self.carried.drain(..).map(|p| (source.clone(), p)));
    }
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
        options: read_options(lenient, charset)?,
        fast: true,
        raw,
        info: false,
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
        options: read_options(lenient, None)?,
        fast: false,
        raw,
        info: false,
    };
    parse_planned(py, data, plan)
}

fn parse_planned(py: Python<'_>, data: &Bound<'_, PyAny>, plan: Plan) -> PyResult<Vec<PyGame>> {
    let input = input_bytes(data)?;
    let items = py.detach(|| parse_input(&input, None, &plan));
    let mut assembler = Assembler::default();
    let mut loose = Vec::new();
    let mut games = Vec::new();
    for item in items {
        match assembler.take(py, item, &mut loose) {
            Next::Game(mut game) => {
                GameData::fresh(&mut game).index = games.len() as u64;
                games.push(game);
            }
            Next::Raise(err) => return Err(err),
            Next::Nothing => {}
        }
    }
    assembler.flush(&mut loose);
    let mut loose: Vec<Problem> = loose.into_iter().map(|(_, p)| p).collect();
    match games.last_mut() {
        Some(last) => GameData::fresh(last).later_warnings.append(&mut loose),
        None => warn(py, &loose, None)?,
    }
    Ok(games
        .into_iter()
        .map(|game| PyGame { data: game })
        .collect())
}

/// The games of files, folders and archives, read on worker threads, in
/// input order. Made by ``sgf_stream.iter_games``.
#[pyclass(module = "sgf_stream")]
pub struct GameIterator {
    /// In a `Mutex` only so that Python's threads may share the iterator;
    /// taken through `&mut self`, never locked.
    pipeline: Option<Mutex<Pipeline>>,
    assembler: Assembler,
    loose: Vec<(Option<Arc<str>>, Problem)>,
}

impl GameIterator {
    pub fn start(paths: Vec<PathBuf>, jobs: usize, plan: Plan) -> PyResult<GameIterator> {
        Ok(GameIterator {
            pipeline: Some(Mutex::new(Pipeline::start(paths, jobs, plan)?)),
            assembler: Assembler::default(),
            loose: Vec::new(),
        })
    }

    /// The next game's record, or `None` at the end; errors raised.
    pub fn next_game(&mut self, py: Python<'_>) -> PyResult<Option<Arc<GameData>>> {
        loop {
            let Some(Ok(pipeline)) = self.pipeline.as_mut().map(Mutex::get_mut) else {
                return Ok(None);
            };
            // The GIL is let go only to wait for the workers.
            let item = match pipeline.next_ready() {
                Some(item) => Some(item),
                None => py.detach(|| pipeline.next_item()),
            };
            let Some(item) = item else {
                self.pipeline = None;
                self.assembler.flush(&mut self.loose);
                return Ok(None);
            };
            match self.assembler.take(py, item, &mut self.loose) {
                Next::Game(game) => return Ok(Some(game)),
                Next::Raise(err) => return Err(err),
                Next::Nothing => {}
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
            options: read_options(lenient, charset)?,
            fast: true,
            raw,
            info: false,
        };
        GameIterator::start(paths, jobs, plan)
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
                return Err(sgf_error(py, &problem, None));
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
