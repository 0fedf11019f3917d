//! sgf-tool: collections of SGF game records (and of the GIB, NGF and
//! UGF records that [`sgf_stream::formats`] reads as SGF), and the `sgf`
//! command-line tool built on them (feature `cli`).
//!
//! - [`collection`]: many inputs read by worker threads in batches of
//!   whole games (a record in another format converted whole), handed back in input order, under one reading policy
//!   (strict, lenient, strict then lenient), in memory bounded by the
//!   batches and the reader's limits.
//! - [`diagnostics`]: the problems found, each with a stable code, one
//!   severity rule and its place; what the tool prints and Python raises.
//! - [`inputs`]: game records found under paths in a fixed order (folders
//!   walked in name order; `.sgf`, `.gib`, `.ngf`, `.ugf`, `.ugi` files,
//!   each also gzipped), `.gz` files and
//!   `.zip`, `.tar`, `.tar.gz`, `.tgz` archives read as streams, without
//!   extracting.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod collection;
pub mod diagnostics;
pub mod inputs;

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
