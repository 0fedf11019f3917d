//! What deciding a game's charset looks at ([`Prefix`]) and gives
//! ([`Decision`]), and the game's own declaration ([`find_ca`]): shared
//! by the decision rules (`detect`), the sampling of detected charsets
//! (`sample`) and UTF-16 (`utf16`).

use std::ops::Range;
use std::sync::OnceLock;

use memchr::memmem;

use super::structure::tree_open;
use super::{Charset, CharsetSource};
use crate::warning::WarningKind;

/// What the stage decided for a game (or for the rest of the input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Decision {
    pub charset: Charset,
    pub source: CharsetSource,
    /// The game's `CA` value, as written.
    pub declared: Option<String>,
    /// Bytes of a byte order mark to skip.
    pub skip: usize,
    /// The charset holds for the rest of the input: a byte order mark,
    /// UTF-16, or a charset the caller fixed.
    pub whole: bool,
    /// What to warn about, and the prefix's bytes it concerns.
    pub warning: Option<(WarningKind, Range<usize>)>,
    /// Where the game seems to end in the prefix (just past its `)`),
    /// if the next game may be in another charset: decoding need not go
    /// further before the reader finds the end.
    pub extent: Option<usize>,
    /// How many bytes from the start of the prefix are known to be valid
    /// UTF-8 (so that the next decision need not check them again).
    pub utf8_valid: usize,
}

/// What a decision looks at: a bounded prefix of the input from the
/// game's start, and what is known of it.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "encoding"), allow(dead_code))]
pub(crate) struct Prefix<'a> {
    /// At most [`DECISION_PREFIX`](super::DECISION_PREFIX) bytes.
    pub bytes: &'a [u8],
    /// The bytes are the rest of the input.
    pub complete: bool,
    /// The start of the input, where a byte order mark or UTF-16 decide
    /// for all of it.
    pub first: bool,
    /// The charset of the game before, if any.
    pub previous: Option<Charset>,
    /// How many of the bytes an earlier decision found valid UTF-8.
    pub utf8_valid: usize,
}

impl Decision {
    pub(super) fn new(charset: Charset, source: CharsetSource) -> Self {
        Decision {
            charset,
            source,
            declared: None,
            skip: 0,
            whole: false,
            warning: None,
            extent: None,
            utf8_valid: 0,
        }
    }

    pub(super) fn whole(mut self, skip: usize) -> Self {
        self.whole = true;
        self.skip = skip;
        self
    }

    pub(super) fn declaring(mut self, found: Option<Found>) -> Self {
        self.declared = found.map(|found| found.label);
        self
    }
}

/// A `CA` value found in the prefix.
#[derive(Debug, Clone)]
pub(super) struct Found {
    pub(super) label: String,
    #[cfg_attr(not(feature = "encoding"), allow(dead_code))]
    pub(super) range: Range<usize>,
}

/// The first `CA[...]` value of the root node of the game that starts
/// `prefix`, trimmed: looked for from the game's `(;` to the end of its
/// root node (or the next `(;`, whichever comes first), so that a `CA` below the root (where it means nothing) or
/// another game's is never taken.
pub(super) fn find_ca(prefix: &[u8]) -> Option<Found> {
    let open = tree_open(prefix, 0)?;
    // The root ends at the next game's `(;` if that comes first: the look
    // for its end goes no further, so that the games a lenient reader
    // cuts short are each looked at once, not to the end of the prefix.
    let next = tree_open(prefix, open + 1).unwrap_or(prefix.len());
    let end = super::structure::root_end(&prefix[..next], open);
    let region = &prefix[open..end];
    crate::work::count(region.len());
    static CA: OnceLock<memmem::Finder<'static>> = OnceLock::new();
    let finder = CA.get_or_init(|| memmem::Finder::new(b"CA["));
    for at in finder.find_iter(region) {
        if at > 0 && region[at - 1].is_ascii_alphabetic() {
            continue;
        }
        let value = &region[at + 3..];
        let close = memchr::memchr(b']', &value[..value.len().min(100)])?;
        let raw = &value[..close];
        let label = String::from_utf8_lossy(raw).trim().to_string();
        let start = open + at + 3;
        return Some(Found {
            label,
            range: start..start + close,
        });
    }
    None
}
