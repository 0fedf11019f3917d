//! Search a collection by position and pattern: an index of many games
//! in one file, patterns, and the search of an index or of plain
//! records.
//!
//! A [`Pattern`] is a region of a board and what each of its points must
//! hold. A game matches at its first position (the start position, with
//! the setup of the nodes up to the first move, then the position after
//! each move of the main line, captures removed, passes counted) where,
//! under one of the board's symmetries (and optionally with the colours
//! exchanged), every point of the mapped region holds exactly what the
//! pattern says: black, white or empty. A [`Hit`] says where and how;
//! [`SearchResults::continuations`] counts the moves played next, turned
//! back to the pattern's orientation. A [`Filter`](sgf_stream::game::Filter)
//! in the [`SearchOptions`] keeps the games of some players, ranks,
//! dates, results, komi or handicap: the others are no hits.
//!
//! Games are turned into [`GameRecord`]s (on any thread), appended to an
//! [`IndexBuilder`] in order and written as one file, which an
//! [`Index`] reads from bytes, memory-mapped or read whole.
//! [`Index::search`] searches it on several threads; a [`Scanner`]
//! searches records as they come, without an index, with the same
//! results.
//!
//! ```
//! use sgf_go::search::{GameRecord, Index, IndexBuilder, Pattern, SearchOptions};
//! use sgf_stream::game::Filter;
//! use sgf_stream::typed::{Color, Move, Point};
//!
//! let games = ["(;SZ[19]RE[B+R];B[pd];W[qf];B[nc])", "(;SZ[19]RE[W+2];B[dp];W[fq];B[cn])"];
//! let mut builder = IndexBuilder::new();
//! let file = builder.add_file("two.sgf");
//! for (i, game) in games.iter().enumerate() {
//!     builder.push(file, i as u64, &GameRecord::from_tree(&sgf_stream::parse(game)?)?);
//! }
//! let bytes = builder.to_bytes();
//! let index = Index::from_bytes(&bytes)?;
//! // Black's 4-4 point approached at White's 3-6 point, in a 7x7 corner.
//! let pattern = Pattern::from_sgf(b"(;SZ[19]AB[pd]AW[qf]VW[ma:sg])")?;
//! let results = index.search(&pattern, &SearchOptions::new())?;
//! assert_eq!(results.hits.len(), 2); // the second game is the first turned
//! assert_eq!(results.hits[1].found.moves, 2);
//! let next = results.continuations();
//! assert_eq!(next[0].count, 2);
//! assert_eq!(next[0].played, Move::Play(Point::new(13, 2))); // nc, in both games
//! assert_eq!((next[0].black_wins, next[0].white_wins), (1, 1));
//! // Only the games Black won.
//! let black = SearchOptions::new().with_filter(Filter::new().winner(Color::Black))?;
//! let results = index.search(&pattern, &black)?;
//! assert_eq!(results.hits.len(), 1);
//! assert_eq!(results.continuations()[0].black_wins, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The index file, version 2
//!
//! Little-endian throughout; sections start at multiples of eight
//! bytes, so a reader can work on the bytes of a memory map in place.
//!
//! | bytes | what |
//! |---|---|
//! | 0–7 | magic `SGFINDEX` |
//! | 8–11 | format version (`u32`, 2) |
//! | 12–15 | header size (`u32`, 64) |
//! | 16–23 | games (`u64`) |
//! | 24–31 | files (`u64`) |
//! | 32–35 | sections (`u32`, 6) |
//! | 40–47 | moves of all games (`u64`) |
//! | 64– | the section table: per section, its offset and length (`u64`, `u64`) |
//!
//! The sections, in this order:
//!
//! 1. **games**: per game 40 bytes: the first of its entries (`u64`,
//!    counted in entries), the first byte of its information (`u64`),
//!    its file (`u32`), its place in the file (`u32`), its number of
//!    entries (`u32`), the length of its information (`u16`), columns
//!    and rows (`u8`, `u8`), moves (`u32`), the winner (`u8`: 0 unknown,
//!    1 Black, 2 White), three bytes of zeros.
//! 2. **bits**: per game 96 bytes: the points that ever held a black
//!    stone, then a white one, each as six `u64` words, point
//!    `row * cols + col` at bit `i % 64` of word `i / 64` (all set on a
//!    board of more than 384 points).
//! 3. **entries**: the main lines, one [`Entry`] (`u16`) per change: a
//!    move, a stone it captured, a point set up; see [`Entry`].
//! 4. **meta**: each game's information as tagged fields, the first
//!    value of each property on the main line: tag 1 `PB`, 2 `PW`, 3
//!    `BR`, 4 `WR`, 5 `DT`, 6 `RE`, 7 `EV`, 8 `KM`, 9 `HA`; see
//!    [`GameMeta`]. A search's filter reads them, with the board size and
//!    the moves of the games section.
//! 5. **files**: `files + 1` offsets (`u64`) into the names (none when
//!    there is no file): file `i`'s name is `names[offsets[i]..offsets[i + 1]]`.
//! 6. **names**: the files' names, UTF-8.
//!
//! A reader rejects another version ([`IndexError::Version`]): version
//! 1 had the same layout without the fields `KM` and `HA`, so its games
//! could not be filtered on komi and handicap; index them again. Adding
//! games rewrites the file
//! ([`IndexBuilder::from_index`], then [`IndexBuilder::write_file`],
//! which writes beside it and renames).

mod builder;
mod entry;
mod format;
mod index;
mod matcher;
mod meta;
mod pattern;
mod record;
mod results;
mod scan;
mod section;

pub use builder::IndexBuilder;
pub use entry::{Entry, Kind, PASS};
pub use format::{IndexError, MAGIC, VERSION};
pub use index::{Index, IndexedGame};
pub use matcher::{Found, Matcher, Scratch};
pub use meta::GameMeta;
pub use pattern::{Pattern, PatternError};
pub use record::{Bits, GameRecord, BIT_WORDS};
pub use results::{Continuation, Hit, SearchResults};
pub use scan::{Scanner, SearchOptions};
