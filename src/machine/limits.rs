//! [`Limits`]: resource limits against hostile input.

/// Resource limits against hostile input. Each one, when exceeded, stops
/// parsing with a clear error.
///
/// ```
/// use sgf_stream::{ErrorKind, Limits, ReaderBuilder};
/// let limits = Limits { max_depth: 2, ..Limits::default() };
/// let err = ReaderBuilder::new()
///     .limits(limits)
///     .from_slice(b"(;(;(;)))")
///     .find_map(Result::err)
///     .unwrap();
/// assert_eq!(err.kind(), &ErrorKind::TooDeep(2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nesting of game trees and variations. Default 1,048,576.
    pub max_depth: u32,
    /// Longest raw value in bytes, and longest run of whitespace inside a
    /// property (before, between and after its values). A streaming
    /// reader holds a property whole, so its buffer never holds much more
    /// than this. Default 64 MiB.
    pub max_value_len: usize,
    /// Longest property identifier in letters. Default 64 (FF\[4\]
    /// identifiers have one or two; private ones a few more).
    pub max_ident_len: usize,
    /// Most properties in one node. Default 1,048,576.
    pub max_properties_per_node: u32,
    /// Most values of one property. Default 1,048,576.
    pub max_values_per_property: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 1 << 20,
            max_value_len: 64 << 20,
            max_ident_len: 64,
            max_properties_per_node: 1 << 20,
            max_values_per_property: 1 << 20,
        }
    }
}

impl Limits {
    /// No limits at all (each one at its type's maximum).
    pub fn none() -> Self {
        Limits {
            max_depth: u32::MAX,
            max_value_len: usize::MAX,
            max_ident_len: usize::MAX,
            max_properties_per_node: u32::MAX,
            max_values_per_property: u32::MAX,
        }
    }
}
