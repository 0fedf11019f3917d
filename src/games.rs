//! [`games`]: one owned game tree at a time from a reader, for bulk jobs
//! over collections far larger than memory.

use std::io::Read;

use crate::error::{Error, ErrorKind};
use crate::event::Event;
use crate::reader::StreamReader;
use crate::tree::{SgfTree, TreeBuilder};

/// The game trees of a collection read from `reader`, one at a time.
///
/// Memory is bounded by the largest game (plus the reader's buffer), not
/// by the collection. Trees and errors are those of
/// [`parse_collection`](crate::parse_collection) on the same bytes; the
/// iterator stops after the first error.
///
/// ```
/// let file = &b"(;GN[one];B[pd]) (;GN[two];B[dd];W[pp])"[..]; // any io::Read
/// let mut moves = Vec::new();
/// for game in sgf_stream::games(file) {
///     let game = game?;
///     moves.push(game.main_line().count() - 1);
/// }
/// assert_eq!(moves, [1, 2]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn games<R: Read>(reader: R) -> Games<R> {
    Games::new(StreamReader::new(reader))
}

/// Iterator of the game trees read from a reader; see [`games`].
#[derive(Debug)]
pub struct Games<R> {
    reader: StreamReader<R>,
    builder: TreeBuilder,
    done: bool,
}

impl<R: Read> Games<R> {
    pub(crate) fn new(reader: StreamReader<R>) -> Self {
        Games {
            reader,
            builder: TreeBuilder::default(),
            done: false,
        }
    }

    /// The absolute byte offset reached in the input.
    pub fn position(&self) -> u64 {
        self.reader.position()
    }

    /// Gives back the underlying reader.
    pub fn into_inner(self) -> R {
        self.reader.into_inner()
    }

    /// Feeds events to the builder until a game closes.
    fn next_game(&mut self) -> Result<Option<SgfTree>, Error> {
        loop {
            let Some((start, end, token)) = self.reader.read_token()? else {
                return Ok(None);
            };
            let window = self.reader.window();
            let event = window.event(token, start, end);
            let (kind, offset) = match self.builder.push(&event) {
                Ok(Some(tree)) => return Ok(Some(tree)),
                Ok(None) => continue,
                Err((kind @ ErrorKind::RepeatedProperty(_), _)) => (kind, start),
                Err((kind, at)) => match &event {
                    Event::Property(_, values) => (kind, window.offset_of(values.as_bytes()) + at),
                    _ => (kind, start),
                },
            };
            return Err(self.reader.window_mut().fail(kind, offset));
        }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = Result<SgfTree, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.next_game().transpose();
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

impl<R: Read> std::iter::FusedIterator for Games<R> {}
