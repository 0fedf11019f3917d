//! Pictures of positions: a board diagram as SVG, and as PNG with the
//! `png` feature.
//!
//! A [`Position`] replays a line of a game (any node of any game, with
//! captures) and keeps what a diagram shows: the board, the moves, the
//! last node's markup (`LB`, `TR`, `SQ`, `CR`, `MA`, `DD`) and view
//! (`VW`). Its [`diagram`](Position::diagram) is a [`Diagram`], a builder
//! of the picture's options: [`Style`] (wood or book), [`Coordinates`],
//! move numbers, the region shown, the size in pixels.
//!
//! Text (coordinates, numbers, labels, notes) is drawn with the diagram's
//! own stroke font as paths, not as SVG text: the SVG looks the same in
//! every viewer, the PNG is drawn from the same SVG without any font,
//! and the same diagram gives the same bytes on every machine. The font
//! has digits, capital letters and a few signs (`? ! + - . , : # ( ) / =`);
//! lowercase letters are drawn as small capitals, other characters as a
//! box.
//!
//! ```
//! use sgf_go::render::{Coordinates, Position, Style};
//! use sgf_go::ReplayOptions;
//!
//! let tree = sgf_stream::parse("(;SZ[9];B[ee];W[gc];B[cc]LB[gg:A]TR[ge])")?;
//! let position = Position::replay(tree.main_line(), ReplayOptions::new())?;
//! let svg = position
//!     .diagram()
//!     .style(Style::Book)
//!     .coordinates(Coordinates::Four)
//!     .numbers(1..=3)
//!     .size_px(360)
//!     .to_svg();
//! assert_eq!(svg.matches("class=\"stone ").count(), 3);
//! assert!(svg.contains("aria-label=\"A\""));
//! assert!(svg.contains("class=\"mark triangle\""));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "png")]
mod animation;
mod glyphs;
mod layout;
mod markup;
mod numbers;
mod options;
#[cfg(feature = "png")]
mod png;
mod position;
mod svg;

#[cfg(feature = "png")]
pub use animation::Animation;
pub use layout::{column_name, point_name, Coordinates, Region};
pub use markup::{Mark, Markup};
pub use numbers::Played;
pub use options::{Diagram, Style, SIZE_PX};
#[cfg(feature = "png")]
pub use png::PngError;
pub use position::Position;
