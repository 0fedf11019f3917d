//! [`ParseOptions`]: strict or lenient parsing, limits, charsets.

use crate::machine::Limits;

/// How [`parse_collection_with`](crate::parse_collection_with) and
/// [`LenientParser`](crate::LenientParser) read a file.
///
/// The default is strict, like [`parse_collection`](crate::parse_collection):
/// the first malformation is an error. [`ParseOptions::lenient`] repairs
/// what real-world files get wrong instead, and reports each repair as a
/// [`Warning`](crate::Warning).
///
/// ```
/// use sgf_stream::{parse_collection_with, ParseOptions};
/// let input = b"(;GM[1]AddBlack[aa][bb];B[pd]";
/// assert!(parse_collection_with(input, &ParseOptions::default()).is_err());
///
/// let parsed = parse_collection_with(input, &ParseOptions::lenient())?;
/// assert_eq!(parsed.trees[0].get("AB").unwrap(), ["aa", "bb"]);
/// assert_eq!(parsed.warnings.len(), 2); // `AddBlack`, and the missing `)`
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Repair malformed input with warnings instead of failing. Default
    /// `false`.
    pub lenient: bool,
    /// Resource limits. In lenient mode a game tree that exceeds one is
    /// skipped with a warning. Default [`Limits::default`].
    pub limits: Limits,
    /// Find the file's charset (BOM, `CA`, detection) and convert it to
    /// UTF-8 before parsing. Default `true`; with `false` (or without the
    /// `encoding` feature) input is read as UTF-8.
    pub charset: bool,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            lenient: false,
            limits: Limits::default(),
            charset: true,
        }
    }
}

impl ParseOptions {
    /// Strict parsing (the default): the first malformation is an error.
    pub fn strict() -> Self {
        ParseOptions::default()
    }

    /// Lenient parsing: repair, skip and warn, never fail on bad syntax.
    pub fn lenient() -> Self {
        ParseOptions {
            lenient: true,
            ..ParseOptions::default()
        }
    }

    /// These options with `limits`.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// These options with charset handling on or off.
    pub fn with_charset(mut self, charset: bool) -> Self {
        self.charset = charset;
        self
    }
}
