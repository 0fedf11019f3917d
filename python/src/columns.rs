//! Tables: one row per game, as Arrow buffers (offsets, values, validity
//! bitmaps). A worker thread writes the rows of its piece of input into
//! [`Columns`] of their own as it reads them; the rows of the pieces are
//! then put together, in input order, by copying each column's buffers
//! in bulk (`arrow.rs`; `table.rs` hands them to Python).

use std::ops::Range;

use crate::arrow::Column;
use crate::data::{Info, Problem};

/// What a row is made of: a game's values, borrowed.
pub struct Row<'a> {
    pub charset: &'static str,
    pub info: &'a Info,
    pub node_count: u64,
    pub moves: &'a [[i16; 3]],
    pub setup: &'a [Vec<[i16; 2]>; 3],
    /// Its warnings, in order.
    pub warnings: &'a [Problem],
}

/// How a column reads a row.
#[derive(Clone, Copy)]
enum Get {
    Utf8(for<'a> fn(&Row<'a>) -> Option<&'a str>),
    Int64(fn(&Row<'_>) -> Option<i64>),
    Int32(fn(&Row<'_>) -> Option<i32>),
    Int16(fn(&Row<'_>) -> Option<i16>),
    Float64(fn(&Row<'_>) -> Option<f64>),
    /// Days since 1970-01-01.
    Date32(fn(&Row<'_>) -> Option<i32>),
    /// Points of this many values (x, y or colour, x, y), flat.
    Points(usize, for<'a> fn(&Row<'a>) -> &'a [i16]),
    Warnings,
    /// The input's name, set for the rows of a piece at once.
    Source,
    /// The game's index in its input, set for a piece at once.
    Index,
}

/// The table's columns, in order.
const COLUMNS: [(&str, Get); 36] = [
    ("source", Get::Source),
    ("index", Get::Index),
    ("charset", Get::Utf8(|r| Some(r.charset))),
    ("size_cols", Get::Int16(|r| Some(i16::from(r.info.cols)))),
    ("size_rows", Get::Int16(|r| Some(i16::from(r.info.rows)))),
    ("black", Get::Utf8(|r| r.info.black.as_deref())),
    ("white", Get::Utf8(|r| r.info.white.as_deref())),
    ("black_rank", Get::Utf8(|r| r.info.black_rank.as_deref())),
    ("white_rank", Get::Utf8(|r| r.info.white_rank.as_deref())),
    (
        "black_rank_ordinal",
        Get::Int16(|r| r.info.black_rank_ordinal),
    ),
    (
        "white_rank_ordinal",
        Get::Int16(|r| r.info.white_rank_ordinal),
    ),
    ("result", Get::Utf8(|r| r.info.result.as_deref())),
    ("winner", Get::Utf8(|r| r.info.winner)),
    ("margin", Get::Float64(|r| r.info.margin)),
    ("reason", Get::Utf8(|r| r.info.reason)),
    ("komi", Get::Float64(|r| r.info.komi)),
    ("handicap", Get::Int64(|r| r.info.handicap)),
    ("date", Get::Utf8(|r| r.info.date.as_deref())),
    ("date_last", Get::Utf8(|r| r.info.date_last.as_deref())),
    ("date_day", Get::Date32(|r| r.info.date_day)),
    ("date_last_day", Get::Date32(|r| r.info.date_last_day)),
    ("rules", Get::Utf8(|r| r.info.rules.as_deref())),
    ("event", Get::Utf8(|r| r.info.event.as_deref())),
    ("round", Get::Utf8(|r| r.info.round.as_deref())),
    ("place", Get::Utf8(|r| r.info.place.as_deref())),
    ("name", Get::Utf8(|r| r.info.name.as_deref())),
    ("application", Get::Utf8(|r| r.info.application.as_deref())),
    ("time_limit", Get::Float64(|r| r.info.time_limit)),
    ("overtime", Get::Utf8(|r| r.info.overtime.as_deref())),
    ("move_count", Get::Int32(|r| Some(r.moves.len() as i32))),
    ("node_count", Get::Int64(|r| Some(r.node_count as i64))),
    ("moves", Get::Points(3, |r| r.moves.as_flattened())),
    ("setup_black", Get::Points(2, |r| r.setup[0].as_flattened())),
    ("setup_white", Get::Points(2, |r| r.setup[1].as_flattened())),
    ("setup_empty", Get::Points(2, |r| r.setup[2].as_flattened())),
    ("warnings", Get::Warnings),
];

/// The names of the columns, in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    COLUMNS.iter().map(|&(name, _)| name)
}

/// Appends `value` to a `Number` column's buffers.
fn number<T: Default, const N: usize>(
    valid: &mut Vec<bool>,
    data: &mut Vec<u8>,
    value: Option<T>,
    bytes: impl Fn(T) -> [u8; N],
) {
    valid.push(value.is_some());
    data.extend_from_slice(&bytes(value.unwrap_or_default()));
}

/// How a column of the table is made, and reads a row.
impl Column {
    /// A column of no rows, of the kind `get` reads.
    fn new(get: Get) -> Column {
        let number = |kind, width| Column::Number {
            kind,
            width,
            valid: Vec::new(),
            data: Vec::new(),
        };
        match get {
            Get::Utf8(_) | Get::Source => Column::Utf8 {
                valid: Vec::new(),
                offsets: vec![0],
                data: Vec::new(),
            },
            Get::Int64(_) | Get::Index => number("int64", 8),
            Get::Int32(_) => number("int32", 4),
            Get::Int16(_) => number("int16", 2),
            Get::Float64(_) => number("float64", 8),
            Get::Date32(_) => number("date32", 4),
            Get::Points(width, _) => Column::Points {
                width,
                offsets: vec![0],
                values: Vec::new(),
            },
            Get::Warnings => Column::Texts {
                offsets: vec![0],
                inner: vec![0],
                data: Vec::new(),
            },
        }
    }

    /// Appends `row`'s value, as `get` reads it (nothing for the columns
    /// set a piece at a time).
    fn push(&mut self, get: Get, row: &Row<'_>) {
        match (self, get) {
            (_, Get::Source | Get::Index) => {}
            (
                Column::Utf8 {
                    valid,
                    offsets,
                    data,
                },
                Get::Utf8(get),
            ) => {
                let value = get(row);
                valid.push(value.is_some());
                data.extend_from_slice(value.unwrap_or("").as_bytes());
                offsets.push(data.len() as i32);
            }
            (Column::Number { valid, data, .. }, Get::Int64(get)) => {
                number(valid, data, get(row), i64::to_le_bytes)
            }
            (Column::Number { valid, data, .. }, Get::Int32(get) | Get::Date32(get)) => {
                number(valid, data, get(row), i32::to_le_bytes)
            }
            (Column::Number { valid, data, .. }, Get::Int16(get)) => {
                number(valid, data, get(row), i16::to_le_bytes)
            }
            (Column::Number { valid, data, .. }, Get::Float64(get)) => {
                number(valid, data, get(row), f64::to_le_bytes)
            }
            (
                Column::Points {
                    offsets, values, ..
                },
                Get::Points(width, get),
            ) => {
                values.extend_from_slice(get(row));
                offsets.push((values.len() / width) as i32);
            }
            (Column::Texts { .. }, Get::Warnings) => {}
            _ => unreachable!("a column is made for its reader"),
        }
    }
}

/// The columns of a table, a row per game.
#[derive(Debug, Clone, PartialEq)]
pub struct Columns {
    pub columns: Vec<Column>,
    length: usize,
}

/// Where the columns set a piece at a time are.
const SOURCE: usize = 0;
const INDEX: usize = 1;
const MOVES: usize = COLUMNS.len() - 5;
const WARNINGS: usize = COLUMNS.len() - 1;

/// Sets of columns dropped empty-handed, for new tables: many small
/// inputs, a table each, then cost no allocation each (see
/// [`Columns::drop`](Drop)).
static POOL: std::sync::Mutex<Vec<Vec<Column>>> = std::sync::Mutex::new(Vec::new());

/// How many sets of columns the pool keeps at most.
const POOLED: usize = 256;

/// The largest set of columns the pool takes, in bytes of its buffers.
const POOLED_BYTES: usize = 64 << 10;

impl Columns {
    /// An empty table: a set of columns from the pool (emptied, its
    /// buffers kept), or a new one.
    pub fn new() -> Columns {
        let pooled = POOL.lock().ok().and_then(|mut pool| pool.pop());
        Columns {
            columns: pooled
                .unwrap_or_else(|| COLUMNS.iter().map(|&(_, get)| Column::new(get)).collect()),
            length: 0,
        }
    }

    /// The columns, taken out (for Python); the table is left empty.
    pub fn take_columns(&mut self) -> Vec<Column> {
        self.length = 0;
        std::mem::take(&mut self.columns)
    }

    /// How many rows.
    pub fn len(&self) -> usize {
        self.length
    }

    /// Makes room for the moves of games written in `bytes` bytes: as
    /// many bytes (a move takes at least six bytes, `;B[aa]`, and its row
    /// six).
    pub fn reserve_moves(&mut self, bytes: usize) {
        if let Some(Column::Points { values, .. }) = self.columns.get_mut(MOVES) {
            values.reserve(bytes / 2);
        }
    }

    /// Appends `row`, its source and index left to [`name`](Self::name).
    pub fn push(&mut self, row: &Row<'_>) {
        for (column, &(_, get)) in self.columns.iter_mut().zip(&COLUMNS) {
            column.push(get, row);
        }
        let warnings = row.warnings.iter().map(Problem::describe);
        let texts: Vec<String> = warnings.collect();
        self.columns[WARNINGS].push_texts(texts.iter().map(String::as_str));
        self.length += 1;
    }

    /// Sets the source and index of every row: `source`, and `first` up.
    pub fn name(&mut self, source: Option<&str>, first: u64) {
        let rows = self.length;
        if let Column::Utf8 {
            valid,
            offsets,
            data,
        } = &mut self.columns[SOURCE]
        {
            let name = source.unwrap_or("").as_bytes();
            valid.clear();
            valid.resize(rows, source.is_some());
            offsets.truncate(1);
            data.clear();
            data.reserve(rows * name.len());
            for _ in 0..rows {
                data.extend_from_slice(name);
                offsets.push(data.len() as i32);
            }
        }
        if let Column::Number { valid, data, .. } = &mut self.columns[INDEX] {
            valid.clear();
            valid.resize(rows, true);
            data.clear();
            let indices = first as i64..first as i64 + rows as i64;
            data.extend(indices.flat_map(i64::to_le_bytes));
        }
    }

    /// Puts `before` (rows, in order, each with its texts) before the
    /// warnings of those rows.
    pub fn warn_first(&mut self, before: &[(usize, Vec<String>)]) {
        if before.is_empty() {
            return;
        }
        let old = std::mem::replace(&mut self.columns[WARNINGS], Column::new(Get::Warnings));
        let mut before = before.iter().peekable();
        for row in 0..self.length {
            let first = before.next_if(|(at, _)| *at == row).map(|(_, texts)| texts);
            let first = first.into_iter().flatten().map(String::as_str);
            self.columns[WARNINGS].push_texts(first.chain(old.texts(row)));
        }
    }

    /// The rows `rows` only.
    pub fn keep(&self, rows: &[Range<usize>]) -> Columns {
        let mut kept = Columns::new();
        kept.extend(rows.iter().map(|range| (self, range.clone())));
        kept
    }

    /// Appends the rows of `parts`, each a range of rows of some columns:
    /// every buffer grown once, to its final size.
    pub fn extend<'a>(&mut self, parts: impl Iterator<Item = (&'a Columns, Range<usize>)> + Clone) {
        for (at, column) in self.columns.iter_mut().enumerate() {
            let mut sizes = [0, 0];
            let mut rows = 0;
            for (part, range) in parts.clone() {
                let [a, b] = part.columns[at].sizes(&range);
                sizes = [sizes[0] + a, sizes[1] + b];
                rows += range.len();
            }
            column.reserve(rows, sizes);
            for (part, range) in parts.clone() {
                column.append(&part.columns[at], range);
            }
        }
        self.length += parts.map(|(_, range)| range.len()).sum::<usize>();
    }
}

impl Drop for Columns {
    /// A small table's columns go to the pool, emptied.
    fn drop(&mut self) {
        let bytes: usize = self.columns.iter().map(Column::capacity).sum();
        if self.columns.len() != COLUMNS.len() || bytes > POOLED_BYTES {
            return;
        }
        let mut columns = std::mem::take(&mut self.columns);
        columns.iter_mut().for_each(Column::clear);
        if let Ok(mut pool) = POOL.lock() {
            if pool.len() < POOLED {
                pool.push(columns);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::GameData;
    use crate::testing::{games, pushed};

    #[test]
    fn rows_put_together_are_the_rows_pushed_one_by_one() {
        let games = games();
        let all: Vec<&GameData> = games.iter().collect();
        let (a, b) = (pushed(&all[..3], "s", 0), pushed(&all[3..], "s", 3));
        let mut together = Columns::new();
        together.extend([(&a, 0..3), (&b, 0..4)].into_iter());
        assert_eq!(together, pushed(&all, "s", 0));
        // Parts of parts.
        let mut some = Columns::new();
        some.extend([(&a, 1..3), (&b, 0..2)].into_iter());
        assert_eq!(some, pushed(&all[1..5], "s", 1));
        let kept = pushed(&all, "s", 0).keep(&[0..1, 4..6]);
        let expected = [all[0], all[4], all[5]];
        let mut named = pushed(&expected, "s", 0);
        named.name(Some("s"), 0);
        let mut kept_named = kept;
        kept_named.name(Some("s"), 0);
        assert_eq!(kept_named, named);
    }

    #[test]
    fn warnings_carried_to_rows_come_before_their_own() {
        let games = games();
        let mut columns = pushed(&games.iter().collect::<Vec<_>>(), "s", 0);
        columns.warn_first(&[
            (1, vec!["first".into(), "second".into()]),
            (2, vec!["x".into()]),
        ]);
        let texts = |row| columns.columns[WARNINGS].texts(row).collect::<Vec<_>>();
        assert_eq!(texts(0), Vec::<&str>::new());
        let own = games[1].all_warnings();
        assert_eq!(own.len(), 1, "KM[x] is not a komi");
        assert_eq!(texts(1), ["first", "second", own[0].describe().as_str()]);
        assert_eq!(texts(2), ["x"]);
        assert_eq!(texts(4).len(), 1);
    }

    #[test]
    fn the_columns_set_apart_are_where_their_names_are() {
        let at = |name| names().position(|n| n == name);
        assert_eq!(at("source"), Some(SOURCE));
        assert_eq!(at("index"), Some(INDEX));
        assert_eq!(at("moves"), Some(MOVES));
        assert_eq!(at("warnings"), Some(WARNINGS));
    }

    #[test]
    fn source_and_index_are_set_for_every_row() {
        let games = games();
        let columns = pushed(&games.iter().collect::<Vec<_>>(), "a.sgf", 10);
        let Column::Utf8 { offsets, data, .. } = &columns.columns[SOURCE] else {
            panic!("source is a string column")
        };
        assert_eq!(data, &b"a.sgf".repeat(7));
        assert_eq!(offsets, &(0..=7).map(|at| at * 5).collect::<Vec<i32>>());
        let Column::Number { data, .. } = &columns.columns[INDEX] else {
            panic!("index is a number column")
        };
        let indices: Vec<i64> = data
            .chunks(8)
            .map(|b| i64::from_le_bytes(b.try_into().unwrap()))
            .collect();
        assert_eq!(indices, (10..17).collect::<Vec<i64>>());
    }

    /// The table's work without Python, for profiling:
    /// `SGF_TABLE_INPUTS=a.sgf:b.sgf SGF_TABLE_JOBS=1 cargo test --release
    /// --lib table_without_python -- --ignored --nocapture`.
    #[test]
    #[ignore = "a profiling harness over SGF_TABLE_INPUTS"]
    fn table_without_python() {
        use crate::collect::Plan;
        use crate::gather::{Item, Reading};
        let Ok(inputs) = std::env::var("SGF_TABLE_INPUTS") else {
            eprintln!("SGF_TABLE_INPUTS not set: nothing read");
            return;
        };
        let jobs = std::env::var("SGF_TABLE_JOBS").map_or(1, |j| j.parse().unwrap());
        let paths: Vec<std::path::PathBuf> = inputs.split(':').map(Into::into).collect();
        let plan = Plan {
            table: true,
            ..Plan::new(true, None, jobs).unwrap()
        };
        let mut reading = Reading::start(sgf_tool::collection::Source::paths(paths), plan);
        let mut parts = Vec::new();
        while let Some(item) = reading.next_item() {
            if let Item::Rows(rows) = item {
                parts.push(rows);
            }
        }
        let mut columns = Columns::new();
        columns.extend(parts.iter().map(|part| (part, 0..part.len())));
        eprintln!("{} games", columns.len());
        assert_eq!(columns.len(), parts.iter().map(Columns::len).sum::<usize>());
    }
}
