//! Typed values: SGF's value types decoded from raw values, and encoded
//! back.
//!
//! The decoders take raw values (`&[u8]` between `[` and `]`, escapes
//! untouched, as [`RawValue::as_bytes`](crate::event::RawValue::as_bytes) gives
//! them) and borrow where they can:
//!
//! - scalars: [`none`], [`number`], [`real`], [`Double`], [`Color`]; Text
//!   and SimpleText are [`crate::value::text`] and
//!   [`crate::value::simple_text`];
//! - Go: [`Point`], [`Move`] (a pass is `[]`, or `tt` on boards up to
//!   19×19), [`BoardSize`] (`SZ[19]`, `SZ[13:9]`), [`point_list`] with
//!   compressed rectangles (`AB[aa:cc]` is nine points);
//! - Compose: [`split_compose`] at the first unescaped `:`.
//!
//! A [`Decoder`] decodes whole properties by the FF\[4\] catalogue
//! ([`crate::props`]) into [`Value`]s, strictly (an error with the
//! property, value index and position), tolerantly (what mainstream
//! editors accept, with a warning for each deviation) or leniently
//! (values always, and warnings). [`Value::to_sgf`] and [`values_to_sgf`] write them back,
//! escaped, and [`Writer::typed_property`](crate::Writer::typed_property)
//! writes them through the [`Writer`](crate::Writer).
//!
//! ```
//! use sgf_stream::{Event, Parser};
//! use sgf_stream::typed::{Decoder, Move, Point, Value};
//!
//! let mut moves = Vec::new();
//! for event in Parser::new(b"(;SZ[19];B[pd];W[])") {
//!     if let Event::Property(id, values) = event? {
//!         if let Ok(values) = Decoder::new().decode(id.as_str(), values) {
//!             if let [Value::Move(m)] = values[..] {
//!                 moves.push(m);
//!             }
//!         }
//!     }
//! }
//! assert_eq!(moves, [Move::Play(Point::new(15, 3)), Move::Pass]);
//! # Ok::<(), sgf_stream::Error>(())
//! ```

mod compose;
mod decoder;
mod encode;
mod error;
mod go;
mod scalar;
mod value;
mod write;

pub(crate) use compose::repeated_points;
pub use compose::{compress_points, point_list, rectangle, split_compose};
pub(crate) use decoder::Reading;
pub use decoder::{Decoder, Tolerated};
pub use encode::{points_to_sgf, real_to_sgf, values_to_sgf};
pub use error::{PropertyError, ValueError, ValueErrorKind};
pub use go::{BoardSize, Move, Point};
pub use scalar::{none, number, real, Color, Double};
pub use value::Value;
