//! Any input, a game at a time, in bounded memory: the library's strict
//! reader through its charset stage gives each well-formed game's text
//! (`CompactBuilder`), which the binding's event builder summarizes;
//! what the strict reader refuses goes through the library's tree
//! builder (repairs, or the strict error), from the end of the last good
//! game on.

use std::cell::RefCell;
use std::io::{self, Cursor, Read};
use std::ops::ControlFlow;
use std::rc::Rc;

use bytes::Bytes;
use sgf_stream::build::{CompactBuilder, Games};
use sgf_stream::charset::{CharsetReport, CharsetSource};
use sgf_stream::SgfTree;

use crate::data::{Place, Problem};
use crate::read::{end_of, error, is_io, warning, ReadOptions, TreeStep, Trees};

/// A piece of what an input gives.
#[derive(Debug)]
pub enum Unit {
    /// One game's text (UTF-8, well-formed as far as the strict reader
    /// knows), with the charset stage's warnings about it. When the event
    /// builder refuses it (a property repeated in a node), `again` reads
    /// it through the trees.
    Text {
        text: Bytes,
        charset: &'static str,
        warnings: Vec<Problem>,
        again: Again,
    },
    /// A game of the library's tree builder, with the warnings up to its
    /// end, and the input it came from when it is the only game of it
    /// (for its values as written).
    Tree {
        tree: SgfTree,
        charset: &'static str,
        warnings: Vec<Problem>,
        input: Option<Bytes>,
    },
    /// Warnings of no game (text after the last game, or no game at all);
    /// `fatal`: the error of a strict read.
    Problems { problems: Vec<Problem>, fatal: bool },
    /// The input could not be read.
    Failed(String),
}

/// How to read a game again through the trees: its input from `base`
/// on (the end of the game before), `head` then `tail` (the game's text,
/// when that is its input as it was), in the charset it was read in.
#[derive(Debug, Clone)]
pub struct Again {
    head: Bytes,
    tail: Option<Bytes>,
    base: Place,
    options: ReadOptions,
}

impl Again {
    /// The units of this input through the trees, with what the charset
    /// stage said of `CA` the first time (in `first`): a read in a fixed
    /// charset does not look at `CA`.
    pub fn units(&self, first: &[Problem]) -> Vec<Unit> {
        let mut units = Vec::new();
        let input = match &self.tail {
            None => self.head.clone(),
            Some(tail) => Bytes::from([&self.head[..], &tail[..]].concat()),
        };
        let mut about_ca: Vec<Problem> = first.iter().filter(|p| is_about_ca(p)).cloned().collect();
        let read = Cursor::new(&input[..]);
        let _ = tree_units(
            read,
            &self.options,
            self.base,
            Some(&input),
            &mut |mut unit| {
                if let Unit::Tree { warnings, .. } = &mut unit {
                    if !about_ca.is_empty() {
                        about_ca.append(warnings);
                        *warnings = std::mem::take(&mut about_ca);
                        warnings.sort_by_key(|w| w.range.0);
                    }
                }
                units.push(unit);
                ControlFlow::Continue(())
            },
        );
        units
    }
}

/// Input bytes read but not yet known to belong to a good game: from the
/// end of the last one on (`bytes[dead..]`).
#[derive(Debug, Default)]
struct Kept {
    bytes: Vec<u8>,
    /// How many bytes at the front are forgotten (dropped from `bytes`
    /// once they are half of it).
    dead: usize,
    /// Where `bytes[dead]` is in the input.
    start: Place,
}

impl Kept {
    /// The bytes kept.
    fn live(&self) -> &[u8] {
        &self.bytes[self.dead..]
    }

    /// Forgets the bytes before input offset `at`.
    fn mark(&mut self, at: u64) {
        let drop = ((at - self.start.offset) as usize).min(self.live().len());
        self.start = end_of(&self.live()[..drop]).shifted(self.start);
        self.dead += drop;
        if self.dead > self.bytes.len() / 2 {
            self.bytes.drain(..self.dead);
            self.dead = 0;
        }
    }

    /// How to read the kept bytes up to input offset `end` again, the
    /// last of them being `text` when `same` (read as they are).
    fn again(&self, end: u64, text: &Bytes, same: bool, options: ReadOptions) -> Again {
        let live = self.live();
        let len = ((end - self.start.offset) as usize).min(live.len());
        let (head, tail) = match len.checked_sub(text.len()) {
            Some(head) if same => (&live[..head], Some(text.clone())),
            _ => (&live[..len], None),
        };
        debug_assert!(tail.is_none() || live[head.len()..len] == text[..]);
        Again {
            head: Bytes::copy_from_slice(head),
            tail,
            base: self.start,
            options,
        }
    }
}

/// A reader that keeps what it reads in `kept`.
struct Keeping<R> {
    inner: R,
    kept: Rc<RefCell<Kept>>,
}

impl<R: Read> Read for Keeping<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.kept.borrow_mut().bytes.extend_from_slice(&buf[..read]);
        Ok(read)
    }
}

/// Reads `input` a game at a time, handing each unit to `emit` until it
/// breaks; `whole`: all of `input`, when it is in memory.
pub fn read_units<R: Read>(
    input: R,
    options: &ReadOptions,
    whole: Option<&Bytes>,
    emit: &mut dyn FnMut(Unit) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let kept = Rc::new(RefCell::new(Kept::default()));
    let keeping = Keeping {
        inner: input,
        kept: kept.clone(),
    };
    let strict = sgf_stream::ReaderBuilder::new().charset(options.charset);
    let mut games = Games::new(
        strict.from_reader_decoded(keeping),
        CompactBuilder::default(),
    );
    let mut report = CharsetReport::default();
    let mut count = 0;
    loop {
        let next = games.next();
        let warnings = games.take_warnings();
        match next {
            // No game at all: the trees say what the input is.
            None if count == 0 => break,
            None => {
                let problems: Vec<Problem> = warnings.iter().map(warning).collect();
                if problems.is_empty() {
                    return ControlFlow::Continue(());
                }
                return emit(Unit::Problems {
                    problems,
                    fatal: false,
                });
            }
            Some(Err(err)) if is_io(&err) => return emit(Unit::Failed(err.to_string())),
            Some(Err(err)) if !options.lenient => {
                let problems = vec![error(&err)];
                return emit(Unit::Problems {
                    problems,
                    fatal: true,
                });
            }
            Some(Err(_)) => break,
            Some(Ok(tree)) => {
                count += 1;
                report = games.reader().charset_report().clone();
                let end = games.position();
                let mut kept = kept.borrow_mut();
                let text = tree.source().clone();
                let again = kept.again(
                    end,
                    &text,
                    !report.transcoded,
                    options.fixed(report.charset),
                );
                let unit = if std::str::from_utf8(&text).is_ok() {
                    Unit::Text {
                        text,
                        charset: report.charset.name(),
                        warnings: warnings.iter().map(warning).collect(),
                        again,
                    }
                } else {
                    // Bytes that are not UTF-8: the tree builder replaces
                    // them (or refuses them, strict).
                    kept.mark(end);
                    drop(kept);
                    let first: Vec<Problem> = warnings.iter().map(warning).collect();
                    for unit in again.units(&first) {
                        emit(unit)?;
                    }
                    continue;
                };
                kept.mark(end);
                drop(kept);
                emit(unit)?;
            }
        }
    }
    // The strict reader refused what follows the last good game: read
    // the rest through the trees, repairing. A charset decided at the
    // input's start (a byte order mark) holds for the rest.
    let keeping = games.into_reader().into_inner();
    let kept = std::mem::take(&mut *kept.borrow_mut());
    let decided = report.source == CharsetSource::ByteOrderMark && kept.start.offset > 0;
    let options = if decided {
        options.fixed(report.charset)
    } else {
        *options
    };
    let alone = whole.map(|whole| whole.slice(kept.start.offset as usize..));
    let mut kept_bytes = Cursor::new(kept.bytes);
    kept_bytes.set_position(kept.dead as u64);
    let rest = kept_bytes.chain(keeping.inner);
    tree_units(rest, &options, kept.start, alone.as_ref(), emit)
}

/// The units of a whole input through the library's tree builder alone
/// (`input` read from `whole`).
pub fn tree_units_of<R: Read>(
    input: R,
    options: &ReadOptions,
    whole: &Bytes,
    emit: &mut dyn FnMut(Unit) -> ControlFlow<()>,
) -> ControlFlow<()> {
    tree_units(input, options, Place::START, Some(whole), emit)
}

/// The units of `input` (which starts at `base` of the whole input)
/// through the library's tree builder; `alone`: the input, kept with its
/// game when it gives only one.
fn tree_units<R: Read>(
    input: R,
    options: &ReadOptions,
    base: Place,
    alone: Option<&Bytes>,
    emit: &mut dyn FnMut(Unit) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let shift = |problems: Vec<Problem>| -> Vec<Problem> {
        problems.into_iter().map(|p| p.shifted(base)).collect()
    };
    let mut trees = Trees::new(input, options);
    let mut pending: Option<Unit> = None;
    let mut count = 0;
    loop {
        let step = trees.step();
        if !matches!(step, TreeStep::End(_)) {
            if let Some(unit) = pending.take() {
                emit(unit)?;
            }
        }
        match step {
            TreeStep::Game {
                tree,
                warnings,
                charset,
            } => {
                count += 1;
                pending = Some(Unit::Tree {
                    tree,
                    charset,
                    warnings: shift(warnings),
                    input: None,
                });
            }
            TreeStep::End(warnings) => {
                if let Some(mut unit) = pending.take() {
                    if let (1, Unit::Tree { input, .. }) = (count, &mut unit) {
                        *input = alone.cloned();
                    }
                    emit(unit)?;
                }
                if warnings.is_empty() {
                    return ControlFlow::Continue(());
                }
                return emit(Unit::Problems {
                    problems: shift(warnings),
                    fatal: false,
                });
            }
            TreeStep::Failed(problem) if problem.kind == "io" => {
                return emit(Unit::Failed(problem.message))
            }
            TreeStep::Failed(problem) => {
                return emit(Unit::Problems {
                    problems: shift(vec![problem]),
                    fatal: true,
                })
            }
        }
    }
}

/// Whether the charset stage said `problem` of a game's `CA` (unknown,
/// or not matching the bytes): what a read in a fixed charset does not
/// say again.
fn is_about_ca(problem: &Problem) -> bool {
    matches!(
        problem.kind.as_str(),
        "unknown_charset" | "charset_mismatch"
    )
}
