//! [`Games`]: one game at a time from any reader, for bulk jobs over
//! collections far larger than memory.

use std::io::Read;

use super::{Build, CompactBuilder, TreeBuilder};
use crate::error::Error;
use crate::read::{Reader, ReaderBuilder, Source, Stream};
use crate::warning::Warning;

/// The game trees of a collection, one at a time: a [`Reader`] over any
/// source, and a builder ([`TreeBuilder`] for [`SgfTree`]s,
/// [`CompactBuilder`] for [`CompactTree`]s).
///
/// Reading a stream, memory is bounded by the largest game (plus the
/// reader's buffer), not by the collection. The iterator stops after the
/// first error, and at the end of the input; over pushed chunks it gives
/// `None` while it waits for more (see [`reader_mut`](Self::reader_mut)).
///
/// [`SgfTree`]: crate::SgfTree
/// [`CompactTree`]: crate::CompactTree
#[derive(Debug)]
pub struct Games<S, B> {
    reader: Reader<S>,
    builder: B,
    done: bool,
}

impl<S: Source, B: Build> Games<S, B> {
    /// The games that `builder` builds from what `reader` reads.
    pub fn new(reader: Reader<S>, builder: B) -> Self {
        Games {
            reader,
            builder,
            done: false,
        }
    }

    /// The reader.
    pub fn reader(&self) -> &Reader<S> {
        &self.reader
    }

    /// The reader, mutably: to [`feed`](Reader::feed) a reader of
    /// pushed chunks, whose games come out as the chunks complete them.
    ///
    /// ```
    /// use sgf_stream::build::{Games, TreeBuilder};
    /// use sgf_stream::read::Reader;
    /// let mut games = Games::new(Reader::pushed(), TreeBuilder::new());
    /// let mut names = Vec::new();
    /// for chunk in [&b"(;GN[one]"[..], b";B[pd])(;GN", b"[two])"] {
    ///     games.reader_mut().feed(chunk);
    ///     for game in games.by_ref() {
    ///         names.push(game?.get("GN").unwrap()[0].to_string());
    ///     }
    /// }
    /// games.reader_mut().finish();
    /// assert!(games.next().is_none());
    /// assert_eq!(names, ["one", "two"]);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn reader_mut(&mut self) -> &mut Reader<S> {
        &mut self.reader
    }

    /// Takes the warnings found since the last call (a lenient reader's
    /// repairs and a lenient builder's, a charset stage's guesses).
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        self.reader.take_warnings()
    }

    /// The absolute byte offset reached in the input.
    pub fn position(&self) -> u64 {
        self.reader.position()
    }

    /// Gives back the reader.
    pub fn into_reader(self) -> Reader<S> {
        self.reader
    }

    /// Feeds tokens to the builder until a game closes.
    fn next_game(&mut self) -> Result<Option<B::Game>, Error> {
        self.builder.next_game(&mut self.reader)
    }
}

impl<S: Source, B: Build> Iterator for Games<S, B> {
    type Item = Result<B::Game, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.next_game().transpose();
        // A source fed by the caller may give more after `None`.
        self.done = match &item {
            Some(Ok(_)) => false,
            Some(Err(_)) => true,
            None => self.reader.is_done(),
        };
        item
    }
}

/// The game trees of a collection read from `reader`, one at a time, as
/// [`SgfTree`](crate::SgfTree)s.
///
/// Trees and errors are those of
/// [`parse_collection`](crate::parse_collection) on the same bytes.
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
pub fn games<R: Read>(reader: R) -> Games<Stream<R>, TreeBuilder> {
    ReaderBuilder::new().games(reader)
}

/// The game trees of a collection read from `reader`, one at a time,
/// each as a [`CompactTree`](crate::CompactTree) over a copy of just its
/// own bytes: `'static + Send`, ready for a worker thread. Values are
/// decoded only when asked.
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
pub fn compact_games<R: Read>(reader: R) -> Games<Stream<R>, CompactBuilder> {
    ReaderBuilder::new().compact_games(reader)
}

impl ReaderBuilder {
    /// The game trees of a collection read from `reader`, one at a time;
    /// see [`games`].
    pub fn games<R: Read>(self, reader: R) -> Games<Stream<R>, TreeBuilder> {
        let builder = match self.lenient {
            true => TreeBuilder::lenient(),
            false => TreeBuilder::new(),
        };
        Games::new(self.from_reader(reader), builder)
    }

    /// The game trees of a collection read from `reader`, one at a time,
    /// as [`CompactTree`](crate::CompactTree)s; see [`compact_games`].
    pub fn compact_games<R: Read>(self, reader: R) -> Games<Stream<R>, CompactBuilder> {
        Games::new(self.from_reader(reader), CompactBuilder::default())
    }
}
