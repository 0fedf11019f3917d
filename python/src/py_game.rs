//! The Python classes over the binding's game records: `Game`, `Node`,
//! `GameInfo` and `ParseWarning`.

use std::sync::Arc;

use numpy::PyArrayMethods;
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::data::{GameData, Info, Problem, NONE};
use crate::pictures::{draw, png_bytes, svg_text, At, Look, PyPng};
use crate::positions::planes;
use crate::tree::{write, WriteSpec};

/// A numpy array of `rows` rows of `width`, from flat values, made
/// through numpy's C API (no Python object per value).
pub fn numpy_array<'py, T: numpy::Element>(
    py: Python<'py>,
    flat: &[T],
    width: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let rows = flat.len() / width.max(1);
    let array = numpy::PyArray1::from_slice(py, flat).reshape([rows, width])?;
    Ok(array.into_any())
}

/// The layout arguments of `to_sgf` and `write`.
pub fn write_spec(
    layout: &str,
    wrap: Option<usize>,
    newline: &str,
    charset: Option<String>,
) -> PyResult<WriteSpec> {
    let node_per_line = match layout {
        "one-line" | "one_line" => false,
        "node-per-line" | "node_per_line" => true,
        _ => {
            return Err(PyValueError::new_err(format!(
                "layout must be \"one-line\" or \"node-per-line\", not {layout:?}"
            )))
        }
    };
    let crlf = match newline {
        "\n" => false,
        "\r\n" => true,
        _ => {
            return Err(PyValueError::new_err(
                "newline must be \"\\n\" or \"\\r\\n\"",
            ))
        }
    };
    Ok(WriteSpec {
        node_per_line,
        wrap,
        crlf,
        charset,
    })
}

/// A warning of a lenient read (or a value that does not fit its
/// property): what, and where in the file.
#[pyclass(frozen, module = "sgf_stream", name = "ParseWarning")]
#[derive(Debug, Clone)]
pub struct PyWarning {
    /// What kind of repair or problem, e.g. ``"skipped_text"``: the
    /// library's code (also ``code``).
    #[pyo3(get)]
    kind: String,
    /// The message, e.g. ``"skipped text that is not SGF"``.
    #[pyo3(get)]
    message: String,
    /// Byte offset from 0, or None for a value found bad after parsing.
    #[pyo3(get)]
    offset: Option<u64>,
    /// Line from 1, or None.
    #[pyo3(get)]
    line: Option<u32>,
    /// Column (in bytes) from 1, or None.
    #[pyo3(get)]
    column: Option<u32>,
    /// The bytes concerned, ``(start, end)``.
    #[pyo3(get)]
    range: (u64, u64),
    /// The file, or None for ``parse``.
    #[pyo3(get)]
    file: Option<String>,
}

impl PyWarning {
    pub fn new(problem: &Problem, file: Option<&str>) -> PyWarning {
        PyWarning {
            kind: problem.code.clone(),
            message: problem.message.clone(),
            offset: problem.place.map(|p| p.offset),
            line: problem.place.map(|p| p.line),
            column: problem.place.map(|p| p.column),
            range: problem.range,
            file: file.map(str::to_string),
        }
    }
}

#[pymethods]
impl PyWarning {
    /// The library's code, e.g. ``"skipped_text"`` (``kind`` is the same).
    #[getter]
    fn code(&self) -> &str {
        &self.kind
    }

    fn __repr__(&self) -> String {
        match (self.line, self.column) {
            (Some(line), Some(column)) => format!(
                "ParseWarning({:?}, line={line}, column={column}, offset={})",
                self.kind,
                self.offset.unwrap_or(0)
            ),
            _ => format!("ParseWarning({:?}, {:?})", self.kind, self.message),
        }
    }

    pub fn __str__(&self) -> String {
        let mut out = String::new();
        if let Some(file) = &self.file {
            out.push_str(file);
            out.push_str(": ");
        }
        out.push_str(&self.message);
        if let (Some(line), Some(column), Some(offset)) = (self.line, self.column, self.offset) {
            out.push_str(&format!(" at line {line}, column {column} (byte {offset})"));
        }
        out
    }
}

/// The game information: root and game-info properties, decoded. A field
/// is None when the game does not say; the size is 19x19 by default.
#[pyclass(frozen, module = "sgf_stream", name = "GameInfo")]
pub struct PyInfo {
    info: Arc<GameData>,
}

macro_rules! info_getters {
    ($($(#[$doc:meta])* $field:ident: $ty:ty;)*) => {
        #[pymethods]
        impl PyInfo {
            $(
                $(#[$doc])*
                #[getter]
                fn $field(&self) -> $ty {
                    self.get().$field.clone()
                }
            )*

            /// ``SZ``: ``(columns, rows)``.
            #[getter]
            fn size(&self) -> (u8, u8) {
                (self.get().cols, self.get().rows)
            }

            fn __repr__(&self) -> String {
                let info = self.get();
                format!(
                    "GameInfo(black={:?}, white={:?}, result={:?}, komi={:?}, size={}x{})",
                    info.black, info.white, info.result, info.komi, info.cols, info.rows
                )
            }

            /// Every field as a dict (``size`` as ``(columns, rows)``).
            fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                let dict = PyDict::new(py);
                dict.set_item("size", self.size())?;
                $( dict.set_item(stringify!($field), self.$field())?; )*
                Ok(dict)
            }
        }
    };
}

impl PyInfo {
    fn get(&self) -> &Info {
        self.info.info()
    }
}

info_getters! {
    /// ``PB``: Black's name.
    black: Option<String>;
    /// ``PW``: White's name.
    white: Option<String>;
    /// ``BR``: Black's rank, ``"5k"``, ``"3d"`` or ``"9p"`` (read by the
    /// library's rules: ``P8段`` is ``"8p"``, ``9段`` ``"9d"``).
    black_rank: Option<String>;
    /// ``WR``: White's rank, as ``black_rank``.
    white_rank: Option<String>;
    /// ``RE`` as written, e.g. ``"B+R"``.
    result: Option<String>;
    /// ``"B"`` or ``"W"`` when ``RE`` names a winner.
    winner: Option<&'static str>;
    /// The points won by, for a win on score.
    margin: Option<f64>;
    /// How the game ended: ``score``, ``resign``, ``time``, ``forfeit``,
    /// ``draw``, ``void``, ``unknown`` (also a result not read); None
    /// only without ``RE``.
    reason: Option<&'static str>;
    /// ``KM``: komi, in points (``KM[750]`` is 7.5).
    komi: Option<f64>;
    /// ``HA``: handicap stones.
    handicap: Option<i64>;
    /// ``DT``: the first date, ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``.
    date: Option<String>;
    /// ``DT``: the last date (the first, for a game of one date).
    date_last: Option<String>;
    /// ``RU``: the rules.
    rules: Option<String>;
    /// ``EV``: the event.
    event: Option<String>;
    /// ``RO``: the round.
    round: Option<String>;
    /// ``PC``: the place.
    place: Option<String>;
    /// ``GN``: the game's name.
    name: Option<String>;
    /// ``SO``: the source.
    source: Option<String>;
    /// ``TM``: the time limit in seconds.
    time_limit: Option<f64>;
    /// ``OT``: the overtime method.
    overtime: Option<String>;
    /// ``AP``: ``application:version``.
    application: Option<String>;
    /// ``CA``: the charset the file names.
    charset: Option<String>;
    /// ``FF``: the file format.
    file_format: Option<i64>;
    /// ``GM``: the game (1 is Go).
    game: Option<i64>;
}

/// One game: its tree of nodes, its main-line moves as a numpy array,
/// its information, and where it came from.
#[pyclass(frozen, module = "sgf_stream", name = "Game")]
pub struct PyGame {
    pub data: Arc<GameData>,
}

fn node(game: &Arc<GameData>, index: u32) -> PyNode {
    PyNode {
        game: game.clone(),
        index,
    }
}

#[pymethods]
impl PyGame {
    /// The root node.
    #[getter]
    fn root(&self) -> PyNode {
        node(&self.data, 0)
    }

    /// The file (or ``archive/member``) the game came from; None for
    /// ``parse``.
    #[getter]
    fn source(&self) -> Option<&str> {
        self.data.source.as_deref()
    }

    /// The game's index among the games of its file (or input), from 0.
    #[getter]
    fn index(&self) -> u64 {
        self.data.index
    }

    /// The charset the game was read in, e.g. ``"UTF-8"``.
    #[getter]
    fn charset(&self) -> &'static str {
        self.data.charset
    }

    /// The game information (``PB``, ``RE``, ``KM``, ``SZ``, ...).
    #[getter]
    fn info(&self) -> PyInfo {
        PyInfo {
            info: self.data.clone(),
        }
    }

    /// The repairs of a lenient read, and values that do not fit their
    /// property (a move off the board), as ``ParseWarning``s.
    #[getter]
    fn warnings(&self) -> Vec<PyWarning> {
        let file = self.data.source.as_deref();
        self.data
            .all_warnings()
            .iter()
            .map(|w| PyWarning::new(w, file))
            .collect()
    }

    /// The main line's moves: an ``int16`` array of shape ``(n, 3)``,
    /// rows of colour (0 Black, 1 White), x (column from 0 at the left)
    /// and y (row from 0 at the top); a pass is ``x = y = -1``.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        numpy_array(py, self.data.moves.as_flattened(), 3)
    }

    /// The root's setup stones: ``{"AB": array, "AW": array, "AE":
    /// array}``, each ``int16`` of shape ``(n, 2)``: x, y.
    #[getter]
    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (ident, points) in ["AB", "AW", "AE"].iter().zip(&self.data.setup) {
            dict.set_item(ident, numpy_array(py, points.as_flattened(), 2)?)?;
        }
        Ok(dict)
    }

    /// The positions of the main line, replayed on a Go board (captures,
    /// ko, the rules of ``RU``; a move on an occupied point is played
    /// anyway): an ``int8`` array of shape ``(n, rows, columns)``, 1 for a
    /// black stone, -1 for a white one, 0 for an empty point, row 0 at
    /// the top. ``positions[0]`` is the board before the first move (the
    /// setup stones), ``positions[i + 1]`` the board after ``moves[i]``:
    /// ``n == len(moves) + 1``, unless a node holds several moves. A game
    /// without moves gives its last position.
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let planes = py
            .detach(|| planes(&self.data))
            .map_err(PyValueError::new_err)?;
        // The planes' buffer becomes the array's, without a copy.
        let array = numpy::PyArray1::from_vec(py, planes.data);
        let shape = [planes.count, planes.rows, planes.cols];
        Ok(array.reshape(shape)?.into_any())
    }

    /// How many nodes the game has.
    #[getter]
    fn node_count(&self) -> u64 {
        self.data.node_count
    }

    /// The nodes of the main line: the root, its first child, and so on.
    fn main_line(&self) -> Vec<PyNode> {
        self.root().main_line()
    }

    /// Every node, in pre-order (a node before its children).
    fn nodes(&self) -> Vec<PyNode> {
        (0..self.data.arena().nodes.len() as u32)
            .map(|i| node(&self.data, i))
            .collect()
    }

    /// The game as SGF text: ``layout`` is ``"one-line"`` or
    /// ``"node-per-line"``; ``wrap`` breaks lines at that many columns;
    /// ``newline`` is ``"\n"`` or ``"\r\n"``.
    #[pyo3(signature = (*, layout = "one-line", wrap = None, newline = "\n"))]
    fn to_sgf(&self, layout: &str, wrap: Option<usize>, newline: &str) -> PyResult<String> {
        self.root().to_sgf(layout, wrap, newline)
    }

    /// The position after move ``move`` of the main line as SVG text (0:
    /// the start, with the setup stones; default: the end), replayed as
    /// ``positions`` is. Keyword options: ``numbers=(first, last)`` puts
    /// move numbers on those moves' stones; ``style`` is ``"wood"``
    /// (default) or ``"book"``; ``coordinates`` ``"none"``, ``"two"``
    /// (default) or ``"four"``; ``size`` the longer side in pixels (16 to
    /// 4096, default 600). ValueError for a move past the end or a game
    /// that is not Go.
    #[pyo3(signature = (r#move = None, **kw))]
    fn svg(&self, py: Python, r#move: Option<u32>, kw: Option<&Bound<PyDict>>) -> PyResult<String> {
        let look = Look::from_options(kw)?;
        draw(py, &self.data, At::Move(r#move), look, false).map(svg_text)
    }

    /// The same picture as ``svg`` as PNG bytes, ``size`` pixels on its
    /// longer side.
    #[pyo3(signature = (r#move = None, **kw))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        r#move: Option<u32>,
        kw: Option<&Bound<PyDict>>,
    ) -> PyPng<'py> {
        let look = Look::from_options(kw)?;
        draw(py, &self.data, At::Move(r#move), look, true).map(|b| png_bytes(py, b))
    }

    /// The end of the main line as a board, for notebooks.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        draw(py, &self.data, At::Move(None), Look::notebook(), false).map(svg_text)
    }

    fn __repr__(&self) -> String {
        let info = self.data.info();
        format!(
            "Game(source={:?}, index={}, black={:?}, white={:?}, result={:?}, moves={})",
            self.data.source.as_deref(),
            self.data.index,
            info.black,
            info.white,
            info.result,
            self.data.moves.len()
        )
    }
}

/// Sets `dict[ident]` to `values`, or extends it (a repeated identifier).
fn add_values(dict: &Bound<'_, PyDict>, ident: &str, values: Bound<'_, PyList>) -> PyResult<()> {
    match dict.get_item(ident)? {
        Some(old) => {
            let old = old.downcast_into::<PyList>()?;
            for value in values.iter() {
                old.append(value)?;
            }
            Ok(())
        }
        None => dict.set_item(ident, values),
    }
}

/// One node: its properties (decoded text) and its children.
#[pyclass(frozen, module = "sgf_stream", name = "Node")]
pub struct PyNode {
    game: Arc<GameData>,
    index: u32,
}

impl PyNode {
    fn find(&self, ident: &str) -> Option<Vec<String>> {
        let mut found: Option<Vec<String>> = None;
        for prop in self.game.arena().props_of(self.index) {
            if self.game.arena().str(prop.ident) == ident {
                let values = self.game.arena().values_of(prop).map(|v| v.into_owned());
                found.get_or_insert_with(Vec::new).extend(values);
            }
        }
        found
    }

    fn raw_value(&self, index: u32) -> PyResult<&[u8]> {
        self.game.arena().raw_value(index as usize).ok_or_else(|| {
            PyValueError::new_err(
                "no raw values: read with raw=True (a repaired game whose tree no longer \
                 matches its text has none)",
            )
        })
    }

    fn to_sgf(&self, layout: &str, wrap: Option<usize>, newline: &str) -> PyResult<String> {
        let spec = write_spec(layout, wrap, newline, None)?;
        let bytes = write(&[(&self.game, self.index)], &spec).map_err(PyValueError::new_err)?;
        String::from_utf8(bytes).map_err(|err| PyValueError::new_err(err.to_string()))
    }

    /// The game this node belongs to, and its index there.
    pub fn game_and_index(&self) -> (Arc<GameData>, u32) {
        (self.game.clone(), self.index)
    }
}

#[pymethods]
impl PyNode {
    /// The properties: ``{identifier: [value, ...]}`` in file order.
    #[getter]
    fn properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for prop in self.game.arena().props_of(self.index) {
            let ident = self.game.arena().str(prop.ident);
            add_values(
                &dict,
                &ident,
                PyList::new(py, self.game.arena().values_of(prop))?,
            )?;
        }
        Ok(dict)
    }

    /// The values of ``ident``, or ``default`` when the node lacks it.
    #[pyo3(signature = (ident, default = None))]
    fn get(&self, py: Python<'_>, ident: &str, default: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        match self.find(ident) {
            Some(values) => Ok(PyList::new(py, values)?.into_any().unbind()),
            None => Ok(default.unwrap_or_else(|| py.None())),
        }
    }

    fn __getitem__(&self, ident: &str) -> PyResult<Vec<String>> {
        self.find(ident)
            .ok_or_else(|| PyKeyError::new_err(ident.to_string()))
    }

    fn __contains__(&self, ident: &str) -> bool {
        self.game
            .arena()
            .props_of(self.index)
            .iter()
            .any(|prop| self.game.arena().str(prop.ident) == ident)
    }

    /// The values as written in the file, escapes and line breaks kept
    /// (after conversion to UTF-8): ``{identifier: [bytes, ...]}``. Needs
    /// ``raw=True`` when reading; a game that was repaired so that its
    /// tree no longer matches the text has none (ValueError).
    #[getter]
    fn raw_properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for prop in self.game.arena().props_of(self.index) {
            let ident = self.game.arena().str(prop.ident);
            let mut values = Vec::with_capacity(prop.values.1 as usize - prop.values.0 as usize);
            for index in prop.values.0..prop.values.1 {
                values.push(PyBytes::new(py, self.raw_value(index)?));
            }
            add_values(&dict, &ident, PyList::new(py, values)?)?;
        }
        Ok(dict)
    }

    /// The children; the first one is the main line.
    #[getter]
    fn children(&self) -> Vec<PyNode> {
        self.game
            .arena()
            .children_of(self.index)
            .into_iter()
            .map(|i| node(&self.game, i))
            .collect()
    }

    /// The parent, or None for the root.
    #[getter]
    fn parent(&self) -> Option<PyNode> {
        let parent = self.game.arena().nodes[self.index as usize].parent;
        (parent != NONE).then(|| node(&self.game, parent))
    }

    /// This node's place in the game's pre-order, from 0 (the root).
    #[getter]
    fn index(&self) -> u32 {
        self.index
    }

    /// This node, its first child, that one's first child, and so on.
    fn main_line(&self) -> Vec<PyNode> {
        self.game
            .arena()
            .line_from(self.index)
            .into_iter()
            .map(|i| node(&self.game, i))
            .collect()
    }

    /// This node and everything below it as SGF text (see
    /// ``Game.to_sgf``).
    #[pyo3(name = "to_sgf", signature = (*, layout = "one-line", wrap = None, newline = "\n"))]
    fn py_to_sgf(&self, layout: &str, wrap: Option<usize>, newline: &str) -> PyResult<String> {
        self.to_sgf(layout, wrap, newline)
    }

    /// The position after this node (its line from the root replayed) as
    /// SVG text; the options are ``Game.svg``'s.
    #[pyo3(signature = (**kw))]
    fn svg(&self, py: Python<'_>, kw: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let look = Look::from_options(kw)?;
        draw(py, &self.game, At::Node(self.index), look, false).map(svg_text)
    }

    /// The same picture as ``svg`` as PNG bytes.
    #[pyo3(signature = (**kw))]
    fn png<'py>(&self, py: Python<'py>, kw: Option<&Bound<'_, PyDict>>) -> PyPng<'py> {
        let look = Look::from_options(kw)?;
        draw(py, &self.game, At::Node(self.index), look, true).map(|b| png_bytes(py, b))
    }

    /// The position after this node as a board, for notebooks.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        draw(
            py,
            &self.game,
            At::Node(self.index),
            Look::notebook(),
            false,
        )
        .map(svg_text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyNode>()
            .is_ok_and(|o| Arc::ptr_eq(&o.get().game, &self.game) && o.get().index == self.index)
    }

    fn __hash__(&self) -> u64 {
        (Arc::as_ptr(&self.game) as u64).wrapping_mul(31) ^ u64::from(self.index)
    }

    fn __repr__(&self) -> String {
        let mut out = format!("Node({}: ", self.index);
        for (i, prop) in self
            .game
            .arena()
            .props_of(self.index)
            .iter()
            .take(6)
            .enumerate()
        {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&self.game.arena().str(prop.ident));
            for value in self.game.arena().values_of(prop).take(3) {
                let short: String = value.chars().take(20).collect();
                out.push_str(&format!("[{short}]"));
            }
        }
        out.push(')');
        out
    }
}
