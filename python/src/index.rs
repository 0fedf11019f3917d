//! `_native.IndexFile`: the search index of `sgf_go::search`, built from
//! inputs found by `sgf_tool::inputs` and searched for patterns; the
//! Python class `sgf_stream.Index` wraps it and makes Arrow tables of
//! the results. A search's filters (the keyword arguments of
//! `Index.search`) become the library's `sgf_stream::game::Filter`.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc;

use numpy::PyReadonlyArray2;
use pyo3::exceptions::{PyFileExistsError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sgf_go::search::{GameRecord, Index, IndexBuilder, Pattern, SearchOptions, SearchResults};
use sgf_stream::game::{Date, Filter, Rank, Reason};
use sgf_stream::typed::{BoardSize, Color, Move};
use sgf_stream::ReaderBuilder;
use sgf_tool::inputs::{Failure, FoundFile, Input, Visitor, Walker};

/// An index file, read whole.
#[pyclass(module = "sgf_stream._native", frozen)]
pub struct IndexFile {
    bytes: Vec<u8>,
}

fn index_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// Every input's name and bytes, in the walker's order.
struct Collect<'a> {
    send: &'a mpsc::SyncSender<(String, Vec<u8>)>,
    failures: Vec<String>,
}

impl Visitor for Collect<'_> {
    fn file(&mut self, file: FoundFile) -> ControlFlow<()> {
        let mut bytes = Vec::new();
        match file.open().and_then(|mut f| f.read_to_end(&mut bytes)) {
            Ok(_) => self.send(file.name(), bytes),
            Err(err) => {
                self.failures.push(format!("{}: {err}", file.name()));
                ControlFlow::Continue(())
            }
        }
    }

    fn stream(&mut self, input: Input, reader: &mut dyn Read) -> ControlFlow<()> {
        let mut bytes = Vec::new();
        match reader.read_to_end(&mut bytes) {
            Ok(_) => self.send(input.name(), bytes),
            Err(err) => {
                self.failures.push(format!("{}: {err}", input.name()));
                ControlFlow::Continue(())
            }
        }
    }

    fn failed(&mut self, failure: Failure) -> ControlFlow<()> {
        self.failures.push(failure.to_string());
        ControlFlow::Continue(())
    }
}

impl Collect<'_> {
    fn send(&self, name: String, bytes: Vec<u8>) -> ControlFlow<()> {
        match self.send.send((name, bytes)) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }
}

/// The records of the games of one input (lenient reading; games that
/// are not Go left out).
fn records_of(bytes: &[u8]) -> Vec<GameRecord> {
    match ReaderBuilder::new().lenient(true).read_collection(bytes) {
        Ok(parsed) => parsed
            .trees
            .iter()
            .filter_map(|tree| GameRecord::from_tree(tree).ok())
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Adds the games of `paths` to `builder`: one thread walks the inputs,
/// `jobs` threads turn each into records, this thread appends them in
/// input order. Returns the inputs that could not be read.
fn add_inputs(builder: &mut IndexBuilder, paths: &[PathBuf], jobs: usize) -> Vec<String> {
    let (send, inputs) = mpsc::sync_channel::<(String, Vec<u8>)>(jobs);
    let inputs = std::sync::Mutex::new(inputs);
    let (done_send, done) = mpsc::channel::<(usize, String, Vec<GameRecord>)>();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let walker = scope.spawn(move || {
            let mut collect = Collect {
                send: &send,
                failures: Vec::new(),
            };
            let _ = Walker::new().walk(paths, &mut collect);
            collect.failures
        });
        for _ in 0..jobs.max(1) {
            let (inputs, done_send, next) = (&inputs, done_send.clone(), &next);
            scope.spawn(move || loop {
                let taken = {
                    let inputs = inputs.lock().expect("no worker panics holding it");
                    inputs.recv().ok().map(|input| {
                        (
                            next.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
                            input,
                        )
                    })
                };
                let Some((seq, (name, bytes))) = taken else {
                    break;
                };
                if done_send.send((seq, name, records_of(&bytes))).is_err() {
                    break;
                }
            });
        }
        drop(done_send);
        let mut waiting = std::collections::BTreeMap::new();
        let mut expected = 0;
        for (seq, name, records) in done.iter() {
            waiting.insert(seq, (name, records));
            while let Some((name, records)) = waiting.remove(&expected) {
                let file = builder.add_file(&name);
                for (i, record) in records.iter().enumerate() {
                    builder.push(file, i as u64, record);
                }
                expected += 1;
            }
        }
        walker.join().expect("the walker does not panic")
    })
}

/// The library's filter from the filters of `Index.search`, a dict of
/// its keyword arguments that are set: names as strings, `exact_names`
/// a bool, ranks, the winner (`B` or `W`), the reason, dates
/// (`YYYY[-MM[-DD]]`) and the size (`N` or `COLS:ROWS`) as text, the
/// handicap and the moves as integers, the komi as a number.
fn filter_of(filters: Option<&Bound<'_, PyDict>>) -> PyResult<Filter> {
    let mut filter = Filter::new();
    for (key, value) in filters.into_iter().flat_map(|dict| dict.iter()) {
        let key: String = key.extract()?;
        let bad = |err: String| PyValueError::new_err(format!("{key}: {err}"));
        let text = || value.extract::<String>();
        let rank =
            |text: String| Rank::parse(&text).map_err(|e| bad(format!("`{text}` is no rank: {e}")));
        let date = |text: String| {
            Date::parse(&text).map_err(|e| bad(format!("`{text}` is no YYYY[-MM[-DD]] date: {e}")))
        };
        filter = match key.as_str() {
            "player" => filter.player(&text()?),
            "black" => filter.black(&text()?),
            "white" => filter.white(&text()?),
            "exact_names" => filter.exact_names(value.extract()?),
            "min_rank" => filter.min_rank(rank(text()?)?),
            "max_rank" => filter.max_rank(rank(text()?)?),
            "winner" => filter.winner(match text()?.as_str() {
                "B" | "b" => Color::Black,
                "W" | "w" => Color::White,
                other => return Err(bad(format!("`{other}` is neither B nor W"))),
            }),
            "reason" => {
                let text = text()?;
                filter.reason(text.parse::<Reason>().map_err(|_| {
                    bad(format!(
                        "`{text}` is not one of score, resign, time, forfeit, draw, void, unknown"
                    ))
                })?)
            }
            "date_from" => filter.date_from(date(text()?)?),
            "date_to" => filter.date_to(date(text()?)?),
            "size" => {
                let text = text()?;
                let size = BoardSize::decode_lenient(text.as_bytes())
                    .map_err(|e| bad(format!("`{text}`: {e}")))?;
                filter.size(size)
            }
            "handicap" => filter.handicap(value.extract()?),
            "komi" => filter.komi(value.extract()?),
            "min_moves" => filter.min_moves(value.extract()?),
            "max_moves" => filter.max_moves(value.extract()?),
            _ => return Err(PyTypeError::new_err(format!("no search filter `{key}`"))),
        };
    }
    Ok(filter)
}

/// The results as two dicts of columns: the hits, and the next moves.
fn results_to_python<'py>(
    py: Python<'py>,
    results: &SearchResults,
    names: &[String],
) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
    let hits = PyDict::new(py);
    let name = |file: u32| names.get(file as usize).cloned().unwrap_or_default();
    let next_point = |next: Option<(Color, Move)>| match next {
        Some((_, Move::Play(p))) => (Some(p.col), Some(p.row)),
        _ => (None, None),
    };
    let color = |c: Color| if c == Color::Black { "B" } else { "W" };
    let h = &results.hits;
    hits.set_item("file", h.iter().map(|x| name(x.file)).collect::<Vec<_>>())?;
    hits.set_item("game", h.iter().map(|x| x.index).collect::<Vec<_>>())?;
    hits.set_item("move", h.iter().map(|x| x.found.moves).collect::<Vec<_>>())?;
    hits.set_item(
        "symmetry",
        h.iter().map(|x| x.found.symmetry).collect::<Vec<_>>(),
    )?;
    let swapped: Vec<bool> = h.iter().map(|x| x.found.colors_swapped).collect();
    hits.set_item("colors_swapped", swapped)?;
    let next: Vec<_> = h.iter().map(|x| next_point(x.found.next)).collect();
    hits.set_item("next_col", next.iter().map(|n| n.0).collect::<Vec<_>>())?;
    hits.set_item("next_row", next.iter().map(|n| n.1).collect::<Vec<_>>())?;
    let next_color: Vec<Option<&str>> = h
        .iter()
        .map(|x| x.found.next.map(|(c, _)| color(c)))
        .collect();
    hits.set_item("next_color", next_color)?;
    let continuations = results.continuations();
    let c = &continuations;
    let table = PyDict::new(py);
    table.set_item(
        "color",
        c.iter().map(|x| color(x.color)).collect::<Vec<_>>(),
    )?;
    let points: Vec<_> = c
        .iter()
        .map(|x| next_point(Some((x.color, x.played))))
        .collect();
    table.set_item("col", points.iter().map(|p| p.0).collect::<Vec<_>>())?;
    table.set_item("row", points.iter().map(|p| p.1).collect::<Vec<_>>())?;
    table.set_item("count", c.iter().map(|x| x.count).collect::<Vec<_>>())?;
    table.set_item(
        "black_wins",
        c.iter().map(|x| x.black_wins).collect::<Vec<_>>(),
    )?;
    table.set_item(
        "white_wins",
        c.iter().map(|x| x.white_wins).collect::<Vec<_>>(),
    )?;
    table.set_item(
        "black_share",
        c.iter().map(|x| x.black_share()).collect::<Vec<_>>(),
    )?;
    table.set_item(
        "white_share",
        c.iter().map(|x| x.white_share()).collect::<Vec<_>>(),
    )?;
    Ok((hits, table))
}

#[pymethods]
impl IndexFile {
    /// Reads the index at `path`.
    #[new]
    fn new(path: PathBuf) -> PyResult<IndexFile> {
        let bytes = std::fs::read(&path)
            .map_err(|err| PyOSError::new_err(format!("{}: {err}", path.display())))?;
        Index::from_bytes(&bytes).map_err(index_error)?;
        Ok(IndexFile { bytes })
    }

    /// Indexes the games of `paths` into `path` (replacing it with
    /// `force`, adding to it with `append`); returns the games, files and
    /// moves of the index written.
    #[staticmethod]
    #[pyo3(signature = (paths, path, *, jobs = 1, force = false, append = false))]
    fn build(
        py: Python<'_>,
        paths: Vec<PathBuf>,
        path: PathBuf,
        jobs: usize,
        force: bool,
        append: bool,
    ) -> PyResult<(u64, u32, u64)> {
        let mut builder = match (append, std::fs::read(&path)) {
            (true, Ok(bytes)) => {
                IndexBuilder::from_index(&Index::from_bytes(&bytes).map_err(index_error)?)
            }
            (false, Ok(_)) if !force => {
                return Err(PyFileExistsError::new_err(format!(
                    "{} exists: force=True replaces it, append=True adds to it",
                    path.display()
                )))
            }
            _ => IndexBuilder::new(),
        };
        let folder = match path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder.to_path_buf(),
            _ => PathBuf::from("."),
        };
        builder = builder.spill_to(folder);
        let failures = py.detach(|| add_inputs(&mut builder, &paths, jobs));
        if let Some(first) = failures.first() {
            return Err(PyOSError::new_err(first.clone()));
        }
        py.detach(|| builder.write_file(&path, true))
            .map_err(|err| PyOSError::new_err(err.to_string()))?;
        Ok((builder.games(), builder.files(), builder.moves()))
    }

    /// Games in the index.
    #[getter]
    fn games(&self) -> PyResult<usize> {
        Ok(Index::from_bytes(&self.bytes).map_err(index_error)?.games())
    }

    /// Searches for the pattern in the root of `sgf`, in the games that
    /// pass `filters` (see [`filter_of`]).
    #[pyo3(signature = (sgf, *, colors = false, jobs = 1, filters = None))]
    fn search_sgf<'py>(
        &self,
        py: Python<'py>,
        sgf: &[u8],
        colors: bool,
        jobs: usize,
        filters: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        let pattern = Pattern::from_sgf(sgf).map_err(index_error)?;
        let options = options(colors, jobs, filters)?;
        self.search(py, &pattern, &options)
    }

    /// Searches for the pattern in `grid` (rows × columns: 1 black, -1
    /// white, 0 empty), on the points where `region` is true (all when
    /// it is None), in the games that pass `filters`.
    #[pyo3(signature = (grid, region = None, *, colors = false, jobs = 1, filters = None))]
    fn search_grid<'py>(
        &self,
        py: Python<'py>,
        grid: PyReadonlyArray2<'py, i8>,
        region: Option<PyReadonlyArray2<'py, bool>>,
        colors: bool,
        jobs: usize,
        filters: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        let options = options(colors, jobs, filters)?;
        let grid = grid.as_array();
        let (rows, cols) = grid.dim();
        if !(1..=52).contains(&rows) || !(1..=52).contains(&cols) {
            return Err(PyValueError::new_err(
                "a pattern has 1 to 52 rows and columns",
            ));
        }
        let region = region.as_ref().map(|r| r.as_array());
        if region.as_ref().is_some_and(|r| r.dim() != (rows, cols)) {
            return Err(PyValueError::new_err(
                "the region's shape is not the grid's",
            ));
        }
        let mut points = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for col in 0..cols {
                let inside = region.as_ref().map_or(true, |r| r[(row, col)]);
                let stone = match grid[(row, col)] {
                    1 => Some(Color::Black),
                    -1 => Some(Color::White),
                    0 => None,
                    other => {
                        return Err(PyValueError::new_err(format!(
                            "{other} in a pattern (1, -1 or 0)"
                        )))
                    }
                };
                points.push(inside.then_some(stone));
            }
        }
        let size = BoardSize {
            cols: cols as u8,
            rows: rows as u8,
        };
        let pattern = Pattern::from_grid(size, &points).map_err(index_error)?;
        self.search(py, &pattern, &options)
    }
}

/// The options of a search: `colors`, `jobs` threads, the filters.
fn options(
    colors: bool,
    jobs: usize,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<SearchOptions> {
    SearchOptions::new()
        .colors(colors)
        .threads(jobs)
        .with_filter(filter_of(filters)?)
        .map_err(index_error)
}

impl IndexFile {
    fn search<'py>(
        &self,
        py: Python<'py>,
        pattern: &Pattern,
        options: &SearchOptions,
    ) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        let index = Index::from_bytes(&self.bytes).map_err(index_error)?;
        let results = py
            .detach(|| index.search(pattern, options))
            .map_err(index_error)?;
        let names = (0..index.files() as u32)
            .map(|f| index.file_name(f).map(str::to_string))
            .collect::<Result<Vec<_>, _>>()
            .map_err(index_error)?;
        results_to_python(py, &results, &names)
    }
}
