//! [`games`]: one owned game tree at a time from a reader, for bulk jobs
//! over collections far larger than memory.

use std::io::Read;

use bytes::Bytes;

use crate::compact::{CompactBuilder, CompactTree, MAX_INPUT};
use crate::error::{Error, ErrorKind};
use crate::event::Event;
use crate::machine::Token;
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

/// The game trees of a collection read from `reader`, one at a time, each
/// as a [`CompactTree`] over a copy of just its own bytes.
///
/// Memory is bounded by the largest game (its bytes and 8 bytes per node),
/// not by the collection; each tree is `'static + Send`, ready for a worker
/// thread. Errors are those of the [`StreamReader`]; values are decoded
/// only when asked.
///
/// ```
/// let file = &b"(;GN[one];B[pd]) (;GN[two];B[dd];W[pp])"[..]; // any io::Read
/// let workers: Vec<_> = sgf_stream::compact_games(file)
///     .map(|game| {
///         let game = game.unwrap();
///         std::thread::spawn(move || game.root().unwrap().main_line().count())
///     })
///     .collect();
/// let lengths: Vec<usize> = workers.into_iter().map(|w| w.join().unwrap()).collect();
/// assert_eq!(lengths, [2, 3]);
/// ```
pub fn compact_games<R: Read>(reader: R) -> CompactGames<R> {
    CompactGames::new(StreamReader::new(reader))
}

/// Iterator of compact game trees read from a reader; see
/// [`compact_games`].
#[derive(Debug)]
pub struct CompactGames<R> {
    reader: StreamReader<R>,
    builder: CompactBuilder,
    /// The absolute offset of the current game's `(`.
    start: u64,
    done: bool,
}

impl<R: Read> CompactGames<R> {
    pub(crate) fn new(reader: StreamReader<R>) -> Self {
        CompactGames {
            reader,
            builder: CompactBuilder::default(),
            start: 0,
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

    /// Links nodes until a game closes, keeping its bytes meanwhile.
    fn next_game(&mut self) -> Result<Option<CompactTree>, Error> {
        loop {
            let Some((start, end, token)) = self.reader.read_token()? else {
                return Ok(None);
            };
            let window = self.reader.window_mut();
            match token {
                Token::Property { .. } => continue,
                Token::StartGameTree if window.depth() == 1 => {
                    window.keep_from(start);
                    self.start = window.absolute(start);
                }
                _ => {}
            }
            let at = window.absolute(start) - self.start;
            if at >= MAX_INPUT as u64 {
                return Err(window.fail(ErrorKind::InputTooLarge(at), start));
            }
            self.builder.push(token, at as u32);
            if token == Token::EndGameTree && window.depth() == 0 {
                let source = Bytes::copy_from_slice(window.take_kept(end).0);
                return Ok(Some(std::mem::take(&mut self.builder).finish(source)));
            }
        }
    }
}

impl<R: Read> Iterator for CompactGames<R> {
    type Item = Result<CompactTree, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.next_game().transpose();
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

impl<R: Read> std::iter::FusedIterator for CompactGames<R> {}
