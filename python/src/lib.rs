//! `sgf_stream._native`: the Rust half of the `sgf_stream` Python
//! package. Collections are read by `sgf_tool::collection` through the
//! binding's visitor (`collect.rs`) and handed to Python in input order
//! (`gather.rs`); a table's rows are written as Arrow buffers on the
//! worker threads (`columns.rs`, `arrow.rs`) and put together for
//! Python in bulk (`table.rs`); other calls into the sgf-stream library
//! live in `read.rs` (one game's text, events), `info.rs` (game
//! information, typed values) and `tree.rs` (trees, writing); the rest
//! works on the binding's own records (`data.rs`; what a game builds
//! from its text when first asked for: `game.rs`).
#![forbid(unsafe_code)]

mod arrow;
mod collect;
mod columns;
mod data;
mod game;
mod gather;
mod index;
mod info;
mod moves;
mod pictures;
mod positions;
mod py_game;
mod py_read;
mod raw;
mod read;
mod summary;
mod table;
#[cfg(test)]
mod testing;
mod tree;

use pyo3::prelude::*;

/// The binding's allocations (games, rows, Arrow buffers): small blocks
/// from mimalloc, large ones from the system ([`sgf_alloc`]). Its worker
/// threads make what the thread that hands results to Python frees.
#[global_allocator]
static ALLOCATOR: sgf_alloc::Split = sgf_alloc::Split;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_read::parse, m)?)?;
    m.add_function(wrap_pyfunction!(py_read::write_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(py_read::parse_with_trees, m)?)?;
    m.add_function(wrap_pyfunction!(py_read::read_only, m)?)?;
    m.add_class::<py_read::GameIterator>()?;
    m.add_class::<py_read::EventIterator>()?;
    m.add_class::<table::TableReader>()?;
    m.add_function(wrap_pyfunction!(table::batch_from_bytes, m)?)?;
    m.add_class::<py_game::PyGame>()?;
    m.add_class::<py_game::PyNode>()?;
    m.add_class::<py_game::PyInfo>()?;
    m.add_class::<py_game::PyWarning>()?;
    m.add_class::<index::IndexFile>()?;
    m.add("BLACK", data::BLACK)?;
    m.add("WHITE", data::WHITE)?;
    Ok(())
}
