//! sgf-tool: collections of SGF game records, and the `sgf` command-line
//! tool built on them (feature `cli`).
//!
//! [`inputs`] finds SGF inputs under paths in a fixed order (folders
//! walked in name order, `.sgf` and `.sgf.gz` files) and reads `.gz`
//! files and `.zip`, `.tar`, `.tar.gz`, `.tgz` archives as streams,
//! without extracting.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod inputs;
