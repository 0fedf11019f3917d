//! Searching: the games of an [`Index`] on several threads, or records
//! one after another ([`Scanner`]), with the same [`Matcher`].

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::format::IndexError;
use super::index::Index;
use super::matcher::{Matcher, Scratch};
use super::pattern::Pattern;
use super::record::GameRecord;
use super::results::{Hit, SearchResults};
use sgf_stream::game::{Filter, GameFacts};
use sgf_stream::typed::Color;

/// How to search: with the colours exchanged or not, on how many
/// threads, and which games to search ([`with_filter`](Self::with_filter)).
///
/// ```
/// use sgf_go::search::SearchOptions;
/// use sgf_stream::game::Filter;
/// let options = SearchOptions::new().colors(true).threads(2);
/// assert!(options.colors && options.filter().is_none());
/// let dan = options.with_filter(Filter::new().min_rank("1d".parse()?))?;
/// assert!(dan.filter().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SearchOptions {
    /// Whether positions with the colours exchanged match too (default:
    /// no).
    pub colors: bool,
    /// Threads searching an index (default: 1).
    pub threads: usize,
    /// The games searched: those that pass it (default: all).
    filter: Option<Filter>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            colors: false,
            threads: 1,
            filter: None,
        }
    }
}

impl SearchOptions {
    /// The defaults: the pattern's colours only, one thread, every game.
    pub fn new() -> Self {
        SearchOptions::default()
    }

    /// Sets [`colors`](Self::colors).
    pub fn colors(mut self, yes: bool) -> Self {
        self.colors = yes;
        self
    }

    /// Sets [`threads`](Self::threads) (at least 1).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Searches only the games that pass `filter`: a game that does not
    /// is no hit, and its next move is not counted. The filter looks at
    /// what the index stores of each game ([`GameRecord::facts`]: the
    /// players, ranks, result, date, komi and handicap as written, the
    /// board size, and the moves of the main line, passes included); a
    /// scan looks at the same. A filter that keeps every game is no
    /// filter.
    ///
    /// A game is checked once it matches, so a filter adds nothing to the
    /// games that do not; an index's game is checked on the values the
    /// filter looks at alone ([`Filter::reads`]).
    ///
    /// # Errors
    /// [`IndexError::NotStored`] for a filter on the properties a game
    /// uses ([`Filter::has`]), which the index does not store.
    ///
    /// ```
    /// use sgf_go::search::{IndexError, SearchOptions};
    /// use sgf_stream::game::Filter;
    /// let err = SearchOptions::new().with_filter(Filter::new().has("C")).unwrap_err();
    /// assert!(matches!(err, IndexError::NotStored { filter: "has" }));
    /// assert!(SearchOptions::new().with_filter(Filter::new())?.filter().is_none());
    /// # Ok::<(), IndexError>(())
    /// ```
    pub fn with_filter(mut self, filter: Filter) -> Result<Self, IndexError> {
        if !filter.properties().is_empty() {
            return Err(IndexError::NotStored { filter: "has" });
        }
        self.filter = (filter != Filter::new()).then_some(filter);
        Ok(self)
    }

    /// The filter of [`with_filter`](Self::with_filter), if any.
    pub fn filter(&self) -> Option<&Filter> {
        self.filter.as_ref()
    }

    /// Whether a game that matched passes the filter; `facts` gives what
    /// it looks at, asked only when there is a filter.
    #[inline]
    fn keeps(&self, facts: impl FnOnce() -> GameFacts) -> bool {
        self.filter.as_ref().map_or(true, |f| f.matches(&facts()))
    }
}

/// A chunk's number and its hits.
type ChunkHits = (usize, Result<Vec<Hit>, IndexError>);

/// Games a thread takes at a time.
const CHUNK: usize = 4096;

impl Index<'_> {
    /// Every game of the index that matches `pattern`, at its first
    /// matching position, among those that pass the options' filter; see
    /// [`Matcher`] for what matches.
    ///
    /// # Errors
    /// [`IndexError::Damaged`]: a game's record points outside the file.
    ///
    /// ```
    /// use sgf_go::search::{GameRecord, Index, IndexBuilder, Pattern, SearchOptions};
    /// let mut builder = IndexBuilder::new();
    /// let file = builder.add_file("games.sgf");
    /// for (i, game) in ["(;SZ[9];B[cc];W[gg])", "(;SZ[9];B[ee];W[cc])"].iter().enumerate() {
    ///     builder.push(file, i as u64, &GameRecord::from_tree(&sgf_stream::parse(game)?)?);
    /// }
    /// let bytes = builder.to_bytes();
    /// let index = Index::from_bytes(&bytes)?;
    /// let pattern = Pattern::from_sgf(b"(;SZ[9]AB[cc]VW[aa:dd])")?;
    /// let results = index.search(&pattern, &SearchOptions::new())?;
    /// assert_eq!(results.hits.len(), 1); // the second game has White there
    /// let swapped = index.search(&pattern, &SearchOptions::new().colors(true))?;
    /// assert_eq!(swapped.hits.len(), 2);
    /// assert!(swapped.hits[1].found.colors_swapped);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(
        &self,
        pattern: &Pattern,
        options: &SearchOptions,
    ) -> Result<SearchResults, IndexError> {
        let matcher = Matcher::new(pattern, options.colors);
        let chunks = self.games().div_ceil(CHUNK);
        let next = AtomicUsize::new(0);
        let done: Mutex<Vec<ChunkHits>> = Mutex::new(Vec::new());
        let work = || {
            let mut scratch = Scratch::default();
            loop {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks {
                    break;
                }
                let games = chunk * CHUNK..((chunk + 1) * CHUNK).min(self.games());
                let hits = self.search_games(&matcher, options, games, &mut scratch);
                done.lock()
                    .expect("no thread panics holding it")
                    .push((chunk, hits));
            }
        };
        let threads = options.threads.clamp(1, chunks.max(1));
        if threads == 1 {
            work();
        } else {
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(work);
                }
            });
        }
        let mut done = done.into_inner().expect("no thread panics holding it");
        done.sort_by_key(|(chunk, _)| *chunk);
        let mut hits = Vec::new();
        for (_, found) in done {
            hits.extend(found?);
        }
        Ok(SearchResults {
            hits,
            games: self.games() as u64,
        })
    }

    fn search_games(
        &self,
        matcher: &Matcher,
        options: &SearchOptions,
        games: std::ops::Range<usize>,
        scratch: &mut Scratch,
    ) -> Result<Vec<Hit>, IndexError> {
        let mut hits = Vec::new();
        let filter = options.filter();
        for i in games {
            let game = self.game(i)?;
            let Some(found) = matcher.find(game.size(), &game.ever(), game.entries(), scratch)
            else {
                continue;
            };
            if filter.is_some_and(|filter| !self.passes(filter, i)) {
                continue;
            }
            hits.push(Hit {
                game: i as u64,
                file: game.file(),
                index: game.index_in_file(),
                found,
                winner: game.winner(),
            });
        }
        Ok(hits)
    }

    /// Whether game `i` passes `filter`: read again, out of the loop of
    /// [`search_games`](Self::search_games), which keeps no more of each
    /// game than it does without a filter (most games do not match).
    #[cold]
    #[inline(never)]
    fn passes(&self, filter: &Filter, i: usize) -> bool {
        self.game(i)
            .is_ok_and(|game| filter.matches(&game.facts_for(filter)))
    }
}

/// A search over records given one by one, in order: the scan of
/// inputs without an index. It gives the hits that an index of the same
/// records gives.
///
/// ```
/// use sgf_go::search::{GameRecord, Pattern, Scanner};
/// let pattern = Pattern::from_sgf(b"(;SZ[9]AB[ee]VW[dd:ff])")?;
/// let mut scanner = Scanner::new(&pattern, false);
/// for (i, game) in ["(;SZ[9];B[ee])", "(;SZ[9];B[cc])"].iter().enumerate() {
///     scanner.push(0, i as u32, &GameRecord::from_tree(&sgf_stream::parse(game)?)?);
/// }
/// let results = scanner.finish();
/// assert_eq!((results.games, results.hits.len()), (2, 1));
/// assert_eq!(results.hits[0].found.moves, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Scanner {
    matcher: Matcher,
    options: SearchOptions,
    scratch: Scratch,
    results: SearchResults,
}

impl Scanner {
    /// A scan for `pattern`; with `colors`, exchanged colours too.
    pub fn new(pattern: &Pattern, colors: bool) -> Scanner {
        Scanner::with_options(pattern, &SearchOptions::new().colors(colors))
    }

    /// A scan for `pattern` with `options` (its filter included; the
    /// threads are not used): the hits that [`Index::search`] gives with
    /// them on an index of the same records.
    ///
    /// ```
    /// use sgf_go::search::{GameRecord, Pattern, Scanner, SearchOptions};
    /// use sgf_stream::game::Filter;
    /// use sgf_stream::typed::Color;
    /// let pattern = Pattern::from_sgf(b"(;SZ[9]AB[ee]VW[dd:ff])")?;
    /// let options = SearchOptions::new().with_filter(Filter::new().winner(Color::White))?;
    /// let mut scanner = Scanner::with_options(&pattern, &options);
    /// for (i, game) in ["(;SZ[9]RE[B+R];B[ee])", "(;SZ[9]RE[W+R];B[ee])"].iter().enumerate() {
    ///     scanner.push(0, i as u32, &GameRecord::from_tree(&sgf_stream::parse(game)?)?);
    /// }
    /// let results = scanner.finish();
    /// assert_eq!((results.games, results.hits.len()), (2, 1));
    /// assert_eq!(results.hits[0].index, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_options(pattern: &Pattern, options: &SearchOptions) -> Scanner {
        Scanner {
            matcher: Matcher::new(pattern, options.colors),
            options: options.clone(),
            scratch: Scratch::default(),
            results: SearchResults::default(),
        }
    }

    /// Searches the next game: `index` is its place in file `file`.
    /// Returns the hit, if it matched and passes the filter.
    pub fn push(&mut self, file: u32, index: u32, record: &GameRecord) -> Option<Hit> {
        let game = self.results.games;
        self.results.games += 1;
        let found = self.matcher.find(
            record.size(),
            &[*record.ever(Color::Black), *record.ever(Color::White)],
            record.entries().iter().copied(),
            &mut self.scratch,
        )?;
        if !self.options.keeps(|| record.facts()) {
            return None;
        }
        let hit = Hit {
            game,
            file,
            index,
            found,
            winner: record.meta.winner(),
        };
        self.results.hits.push(hit);
        Some(hit)
    }

    /// The hits so far.
    pub fn results(&self) -> &SearchResults {
        &self.results
    }

    /// The results.
    pub fn finish(self) -> SearchResults {
        self.results
    }
}
