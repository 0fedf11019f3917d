//! [`ReaderBuilder::read_collection`]: a whole file in memory to trees,
//! with its warnings and its charset.

use super::{Games, TreeBuilder};
use crate::charset::CharsetReport;
use crate::error::Error;
use crate::read::ReaderBuilder;
use crate::tree::SgfTree;
use crate::warning::Warning;

/// What [`ReaderBuilder::read_collection`] read: the game trees, the
/// warnings, and the charset.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Parsed {
    /// The game trees, in file order.
    pub trees: Vec<SgfTree>,
    /// Every repair, skip and guess, in file order (charset warnings
    /// first).
    pub warnings: Vec<Warning>,
    /// Which charset the file was read in, and why.
    pub charset: CharsetReport,
}

impl ReaderBuilder {
    /// Reads a whole SGF file in memory into trees, with these options.
    ///
    /// The input goes through the charset stage (see
    /// [`from_reader_decoded`](Self::from_reader_decoded)): each game's
    /// charset is found as [`charset`](Self::charset) says and its text
    /// converted to UTF-8; offsets in errors and warnings count bytes of
    /// `input` as given.
    ///
    /// Strict, this is [`parse_collection`](crate::parse_collection) with
    /// warnings and charsets: the first malformation is an error. With
    /// [`lenient`](Self::lenient) on, nothing is an error: every repair
    /// of the reader and of the [lenient tree
    /// builder](TreeBuilder::lenient) is a [`Warning`], and a game tree
    /// that cannot be repaired is left out.
    ///
    /// # Errors
    /// Only when strict: the first malformation, as
    /// [`parse_collection`](crate::parse_collection) reports it.
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::{ReaderBuilder, WarningKind};
    /// let input = b"(;GM[1]C[a]C[b]) junk ((;B[pd]))";
    /// let parsed = ReaderBuilder::new().lenient(true).read_collection(input)?;
    /// assert_eq!(parsed.trees.len(), 2);
    /// assert_eq!(parsed.trees[0].get("C").unwrap(), ["a\n\nb"]);
    /// let kinds: Vec<_> = parsed.warnings.iter().map(|w| w.kind().clone()).collect();
    /// assert_eq!(kinds, [
    ///     WarningKind::MergedProperty("C".into()),
    ///     WarningKind::SkippedText,
    ///     WarningKind::RedundantParenthesis,
    /// ]);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn read_collection(self, input: &[u8]) -> Result<Parsed, Error> {
        let builder = match self.lenient {
            true => TreeBuilder::lenient(),
            false => TreeBuilder::new(),
        };
        let mut games = Games::new(self.from_reader_decoded(input), builder);
        let mut trees = Vec::new();
        let mut warnings = Vec::new();
        loop {
            let next = games.next();
            warnings.append(&mut games.take_warnings());
            match next {
                None => break,
                Some(tree) => trees.push(tree?),
            }
        }
        // The charset stage's warnings and the repairs, in input order.
        warnings.sort_by_key(Warning::offset);
        Ok(Parsed {
            trees,
            warnings,
            charset: games.reader().source().first_report(),
        })
    }
}
