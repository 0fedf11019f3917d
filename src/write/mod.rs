//! [`Writer`]: events or trees back to SGF text, streaming, without
//! recursion.
//!
//! A [`Writer`] takes the four events of the [`Parser`](crate::Parser)
//! ([`write_event`](Writer::write_event), or the calls
//! [`start_game_tree`](Writer::start_game_tree), [`node`](Writer::node),
//! [`property`](Writer::property), [`end_game_tree`](Writer::end_game_tree))
//! or whole trees ([`write_tree`](Writer::write_tree): any [`WriteTree`],
//! an [`SgfTree`](crate::SgfTree) or a [`CompactTree`](crate::CompactTree)'s
//! game), and writes SGF to any [`io::Write`](std::io::Write). It keeps a
//! depth counter and a small output buffer, never a tree: memory stays
//! flat however large or deep the input (but
//! for a game whose root `CA` the writer writes itself in UTF-8 output:
//! that game is held until its end, see below).
//! Events in the wrong place are errors before anything is written, so
//! the output is always valid SGF.
//!
//! ```
//! use sgf_stream::{Parser, Writer, WriteOptions};
//!
//! // Re-layout: every raw value passes through byte for byte.
//! let input = b"(;GM[1]C[a\\]b]\n;B[pd]\n(;W[dp])\n(;W[dd]))";
//! let mut writer = Writer::new(Vec::new());
//! for event in Parser::new(input) {
//!     writer.write_event(&event?)?;
//! }
//! assert_eq!(writer.into_inner()?, b"(;GM[1]C[a\\]b];B[pd](;W[dp])(;W[dd]))\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Trees: a first child continues its line, siblings are variations
//!
//! [`write_tree`](Writer::write_tree) writes a tree in the classic order
//! of Go editors' `SetLink`/`SaveTree`: a node's first child continues
//! its line (the same sequence), and its other children are variations
//! beside that first child. It walks the tree in pre-order
//! ([`SgfTree::walk`](crate::SgfTree::walk)) with an explicit stack
//! instead of recursion, holding, for each open variation, the siblings
//! still to visit:
//!
//! - a node's properties are written (`;` and then each property), then
//!   its first child: with no sibling it continues the same sequence, with
//!   siblings it opens a variation `(` (the level goes up) and its
//!   siblings are pushed;
//! - at a leaf the variation closes `)`; if a sibling of it is left on
//!   the stack, that sibling opens the next variation `(`, else the
//!   enclosing variation closes too (the level goes down by more than
//!   one, and as many `)` are written).
//!
//! So the spec's example tree writes as
//! `(;r(;a;b(;c)(;d;e))(;f(;g;h;i)(;j)))`, and a tree of any depth writes
//! on a small stack. The events go through the same layout code as parser
//! events.
//!
//! The order is the one of the `SetLink` and `SaveTree` routines in
//! Minoru Maeda's C# Go program tutorial (its files say
//! `AP[maeda-igo Ver-1]`): each move is a cell whose `car` is its first
//! child and whose `cdr` its next sibling; `SetLink` chains the cells in
//! pre-order, `car` before `cdr`, and `SaveTree` writes `(` and `)` from
//! the level changes along that chain.
//!
//! # Values and escaping
//!
//! - Raw values ([`write_event`](Writer::write_event),
//!   [`property`](Writer::property)) are written as they are, escapes and
//!   all: a re-layout can never change a value. A raw value given to
//!   `property` must be escaped: an unescaped `]` or a final lone `\` is an
//!   error.
//! - Decoded text ([`write_tree`](Writer::write_tree),
//!   [`text_property`](Writer::text_property)) gets `\` before every `\`
//!   and `]`, and [`compose_property`](Writer::compose_property) escapes
//!   `:` in each half too (see also [`value::escape_compose`](crate::value::escape_compose): the
//!   same escaping rule).
//!   Nothing else is escaped, so `parse(write(t)) == t` for every tree `t`
//!   whose values are in the normal form Text decoding gives (no tab, CR,
//!   vertical tab or form feed).
//!
//! # Charset and `CA`
//!
//! The output is UTF-8 unless [`WriteOptions::charset`] picks a legacy
//! charset (feature `encoding`): then every value, raw or decoded, is
//! taken as UTF-8, escaped, and encoded; a character the charset cannot
//! encode is an error naming it; raw values that are not UTF-8 are an
//! error. The root node of each top-level game tree (its first node) gets
//! a `CA` that names the output charset, by one rule for every call that
//! writes one (events, [`property`](Writer::property),
//! [`text_property`](Writer::text_property),
//! [`compose_property`](Writer::compose_property), trees of both kinds):
//!
//! - a `CA` whose first value names it already (any label of that
//!   charset, e.g. `utf8`) is written as it is;
//! - any other `CA` (another charset, or text that names none, such as a
//!   Compose value) is written as `CA[<name>]` ([`Charset::name`](crate::Charset::name));
//! - a root with no `CA` gets `CA[<name>]` after its last property (or in
//!   its place with [`WriteOptions::root_properties_first`], for trees)
//!   when the charset is not UTF-8, or with
//!   [`WriteOptions::declare_charset`]. A UTF-8 root without `CA` is left
//!   without one.
//!
//! With events the writer learns that the root node is over at the next
//! `(`, `;` or `)`, and adds the `CA` then. A call that fails (a `CA`
//! with no value, say) writes nothing and counts for nothing: the `CA` is
//! still added.
//!
//! Raw values are never transcoded for UTF-8 output, so the writer only
//! writes `CA[UTF-8]` (replacing or adding it) over raw values that are
//! UTF-8: otherwise the call that meets the first other value fails with
//! [`WriteError::NotUtf8`] and nothing of that game is written. For this
//! the writer holds such a game in its buffer until the game's end. Read
//! legacy files through [`decode_to_utf8`](crate::read::decode_to_utf8) (or
//! [`ReaderBuilder::read_collection`](crate::ReaderBuilder::read_collection)) first to
//! rewrite them as UTF-8, or write them with the charset they declare
//! ([`WriteOptions::charset`]) after decoding; without a `CA` to write,
//! raw values pass through as they are.
//!
//! A game refused so stays refused until its end: the writer keeps its
//! place in the game (the refusing call counts as the event it was), and
//! takes the game's later events and drops them, returning `Ok` (or the
//! error of an event out of place). Go on feeding the refused game's
//! events, so that the writer sees where it ends: a variation of it is
//! never written as a game, and the next game is written as usual. A
//! writer left in a refused game can still be
//! [`into_inner`](Writer::into_inner)ed: nothing of that game was written.
//!
//! ```
//! use sgf_stream::{Parser, WriteError, Writer};
//! // Shift_JIS bytes, read without decoding.
//! let input = b"(;CA[Shift_JIS]C[\x88\xcd\x8c\xe9])";
//! let mut writer = Writer::new(Vec::new());
//! let result = Parser::new(input).try_for_each(|event| writer.write_event(&event.unwrap()));
//! assert!(matches!(result, Err(WriteError::NotUtf8 { offset: 0, .. })));
//! assert_eq!(writer.into_inner()?, b""); // nothing of the game
//!
//! // Every event fed: the refused game's variations are dropped with
//! // it, and the next game is written.
//! let games = b"(;CA[]C[\xbd](;B[aa])(;W[bb]))(;B[cc])";
//! let mut writer = Writer::new(Vec::new());
//! let mut errors = Vec::new();
//! for event in Parser::new(games) {
//!     errors.extend(writer.write_event(&event.unwrap()).err());
//! }
//! assert!(matches!(&errors[..], [WriteError::NotUtf8 { offset: 0, .. }]));
//! assert_eq!(writer.into_inner()?, b"(;B[cc])\n");
//!
//! // Decoded first (feature `encoding`), the game is rewritten as UTF-8.
//! # #[cfg(feature = "encoding")] {
//! let (text, _) = sgf_stream::read::decode_to_utf8(input);
//! let mut writer = Writer::new(Vec::new());
//! for event in Parser::new(&text) {
//!     writer.write_event(&event.unwrap())?;
//! }
//! assert_eq!(String::from_utf8(writer.into_inner()?).unwrap(), "(;CA[UTF-8]C[囲碁])\n");
//! # }
//! # Ok::<(), sgf_stream::WriteError>(())
//! ```
//!
//! ```
//! use sgf_stream::{WriteOptions, Writer};
//! let mut writer = Writer::with_options(Vec::new(), WriteOptions::new().declare_charset(true));
//! writer.start_game_tree()?;
//! writer.node()?;
//! assert!(writer.text_property("CA", Vec::<&str>::new()).is_err());
//! writer.compose_property("CA", [("a", "b")])?;
//! writer.end_game_tree()?;
//! assert_eq!(writer.into_inner()?, b"(;CA[UTF-8])\n");
//! # Ok::<(), sgf_stream::WriteError>(())
//! ```
//!
//! # Layout
//!
//! See [`WriteOptions`]: one line per game tree ([`Layout::OneLine`]),
//! one node per line, wrapping at a column with optional soft line breaks
//! inside Text, variations on new lines, LF or CRLF, root properties
//! first, final line break.
//!
//! # Inside
//!
//! `writer.rs` holds the [`Writer`]'s state and its buffer; `events.rs`
//! the event and property calls; `root.rs` the root `CA` rule; `tree.rs`
//! [`WriteTree`] and [`TreeSink`] (the tree types implement the trait
//! beside their representation, in `tree/`); `out.rs` the layout engine,
//! with `wrap.rs` (line widths, soft line breaks) and `encode.rs` (legacy
//! charsets); `check.rs` what no call may write. Each uses only those
//! after it in the chain `tree` → `events` → `root` → `writer` → `game`
//! → `out` → (`wrap`, `encode`, `options`, `check`, `error`), and none
//! uses this file.

mod check;
mod compact_tree;
mod encode;
mod error;
mod events;
mod game;
mod options;
mod out;
mod owned_tree;
mod root;
mod tree;
mod wrap;
mod writer;

pub use error::WriteError;
pub use options::{Layout, Newline, WriteOptions, DEFAULT_WIDTH};
pub use tree::{TreeSink, WriteTree};
pub use writer::Writer;
