//! The repairs of the lenient stage, one per machine error, and the
//! repairs that a token calls for: a stray `]` in a text value, a game
//! missing its final `)`, a game that cannot be repaired.

use super::scan;
use super::{CloseScan, Ctx, Fix, Found, Out, Prop, Stage, LOOK_AHEAD};
use crate::error::{Error, ErrorKind};
use crate::lex::{skip_space, tree_open, TreeEnd, TreeScan};
use crate::machine::{Machine, Resume, Step, Token};
use crate::read::source::Source;
use crate::warning::WarningKind;

impl<S: Source> Stage<'_, S> {
    pub(super) fn on_error(&mut self, kind: ErrorKind, at: usize) {
        match kind {
            ErrorKind::TreeMissing | ErrorKind::TrailingText(_) => self.outside(at),
            ErrorKind::TreeWithNoNodes => self.no_nodes(at),
            ErrorKind::MissingNode(_) => self.missing_node(at),
            ErrorKind::PropertyNotUppercase => self.lowercase(),
            ErrorKind::UnexpectedByte(_) => self.stray(at),
            ErrorKind::PropertiesWithoutDelimiter => self.no_value(at),
            ErrorKind::NodeAfterVariation => self.node_after_variation(at),
            ErrorKind::UnclosedValue | ErrorKind::EscapeAtEnd => self.open_value(kind, at),
            ErrorKind::UnclosedTree => self.finish(),
            other => self.abandon(other, at),
        }
    }

    /// Junk or a `)` outside all game trees.
    fn outside(&mut self, at: usize) {
        let input = self.view(at);
        if at >= input.len() {
            return self.finish();
        }
        if input[at] == b')' {
            if self.state.fixes.last() == Some(&Fix::Redundant(0)) {
                self.state.fixes.pop();
            } else {
                self.warn(WarningKind::UnmatchedClose, at, at..at + 1);
            }
            return self.resume_at(at + 1, Ctx::Outside, 0);
        }
        let to = scan::find_tree_start(input, at);
        self.warn(WarningKind::SkippedText, at, at..to);
        self.resume_at(to, Ctx::Outside, 0);
    }

    /// `()` or `((`.
    fn no_nodes(&mut self, at: usize) {
        let (open, before) = match self.state.pending.take() {
            Some((open, before)) => (open, before),
            None => (self.mark(at), Ctx::Outside),
        };
        let outer = self.core.machine.depth().saturating_sub(1);
        let back = if outer == 0 { Ctx::Outside } else { before };
        let o = open.position.offset;
        if self.source.bytes()[at] == b')' {
            let end = self.input(at + 1);
            self.warn_mark(WarningKind::EmptyGameTree, open, o..end);
            self.resume_at(at + 1, back, outer);
        } else {
            self.warn_mark(WarningKind::RedundantParenthesis, open, open.span());
            self.state.fixes.push(Fix::Redundant(outer));
            self.resume_at(at, back, outer);
        }
    }

    fn missing_node(&mut self, at: usize) {
        self.warn(WarningKind::MissingNode, at, at..at);
        self.flush_pending();
        let here = self.input(at);
        self.emit(Out::Node(here..here));
        self.resume_at(at, Ctx::InNode, self.core.machine.depth());
    }

    /// A lowercase letter in a node: a legacy identifier if a value
    /// follows, else junk.
    fn lowercase(&mut self) {
        let start = self.core.pos;
        if self.legacy_ident_at_pos() {
            let ident_len = scan::letters_end(self.view(start), start) - start;
            let depth = self.core.machine.depth();
            self.core
                .machine
                .resume(Resume::Values { ident_len }, depth);
            return;
        }
        self.stray(start);
    }

    /// Whether letters of any case at the position are followed by a
    /// value: a legacy identifier such as `AddBlack`.
    fn legacy_ident_at_pos(&self) -> bool {
        let start = self.core.pos;
        let input = self.view(start);
        let next = skip_space(input, scan::letters_end(input, start));
        input.get(next) == Some(&b'[')
    }

    /// Junk inside a game tree: bytes to skip.
    fn stray(&mut self, at: usize) {
        let to = scan::skip_junk(self.view(at), at);
        self.warn(WarningKind::SkippedText, at, at..to);
        self.resume_at(to, self.state.ctx, self.core.machine.depth());
    }

    /// An identifier with no value (`PL;`): drop it.
    fn no_value(&mut self, at: usize) {
        let start = self.core.pos;
        let ident_end = scan::letters_end(self.view(start), start);
        let bytes = &self.source.bytes()[start..ident_end];
        let ident = String::from_utf8_lossy(bytes).into_owned();
        self.warn(WarningKind::DroppedProperty(ident), start, start..ident_end);
        self.resume_at(at, Ctx::InNode, self.core.machine.depth());
    }

    fn node_after_variation(&mut self, at: usize) {
        self.warn(WarningKind::NodeAfterVariation, at, at..at);
        let here = self.input(at);
        self.emit(Out::Start(here..here));
        let depth = self.core.machine.depth() + 1;
        self.state.fixes.push(Fix::Supplied(depth));
        self.resume_at(at, Ctx::TreeOpen, depth);
    }

    // ---- a stray `]` in a text value ----

    /// Whether `step`, right after the held text property, shows that the
    /// property's value had an unescaped `]`; if so the value is kept
    /// open up to the `]` that really closes it.
    pub(super) fn held_extended(&mut self, step: &Step) -> bool {
        if self.state.held.is_none() || self.state.ctx != Ctx::InNode {
            return false;
        }
        match *step {
            Step::Error(ErrorKind::UnexpectedByte(_), at) => self.unescaped_bracket(at),
            Step::Error(ErrorKind::PropertiesWithoutDelimiter, _) => {
                self.unescaped_bracket(self.core.pos)
            }
            Step::Error(ErrorKind::PropertyNotUppercase, _) if !self.legacy_ident_at_pos() => {
                self.unescaped_bracket(self.core.pos)
            }
            Step::Token(Token::EndGameTree, start, _) => {
                let depth = self.core.machine.depth() + 1;
                self.bracket_before_close(start, depth)
            }
            _ => false,
        }
    }

    /// If junk at `at` follows the held text property directly, keeps its
    /// value open up to the real `]`.
    fn unescaped_bracket(&mut self, at: usize) -> bool {
        let Some(close) = self.real_close_after_text(at) else {
            return false;
        };
        self.keep_bracket(close, self.core.machine.depth());
        true
    }

    /// A `)` at `start` (closing depth `depth`) right after a text value,
    /// where what follows the `)` cannot follow a game tree's end and a
    /// later `]` resynchronises inside a node: the `]` before the `)` was
    /// unescaped text (`C[a [b])];B[aa]`), not the value's end.
    fn bracket_before_close(&mut self, start: usize, depth: u32) -> bool {
        if self.closes_cleanly(start + 1, depth - 1) {
            return false;
        }
        let Some(close) = self.real_close_after_text(start) else {
            return false;
        };
        let input = self.view(start);
        if skip_space(input, close + 1) == input.len() {
            // Text with a `]` after the last game is trailing junk.
            return false;
        }
        self.keep_bracket(close, depth);
        true
    }

    /// Whether after a `)` at `after - 1` comes what may follow a game
    /// tree that leaves `depth` trees open: whitespace, then the end, `(`,
    /// or (inside a tree) `)`.
    fn closes_cleanly(&self, after: usize, depth: u32) -> bool {
        let input = self.view(after);
        super::ahead::closes_cleanly(input.get(skip_space(input, after)).copied(), depth)
    }

    /// The `]` that really closes the held text property's value, when
    /// only whitespace separates its end from `at`.
    fn real_close_after_text(&self, at: usize) -> Option<usize> {
        let held = self.state.held.as_ref()?;
        let end = self.buffer(held.prop.values.end);
        let input = self.view(end);
        let gap = input.get(end..at).unwrap_or(b"x");
        if !gap.iter().all(|&b| crate::lex::is_space(b)) {
            return None;
        }
        scan::find_real_close(input, end)
    }

    /// Keeps the held property's value open past its stray `]` up to the
    /// real `]` at `close`, and resumes after it in the node at `depth`.
    fn keep_bracket(&mut self, close: usize, depth: u32) {
        let Some(held) = &self.state.held else {
            return;
        };
        let stray = self.buffer(held.prop.values.end) - 1;
        self.warn(WarningKind::UnescapedBracket, stray, stray..close);
        let (end, input_end) = (self.abs(close + 1), self.input(close + 1));
        if let Some(held) = &mut self.state.held {
            held.prop.span.end = input_end;
            held.prop.values.end = end;
            held.prop.repaired = true;
        }
        self.resume_at(close + 1, Ctx::InNode, depth);
    }

    // ---- a game missing its final `)` ----

    /// Whether the `(` at `start`, at the top level of a game, starts the
    /// next game because the game lacks its `)`: a root property follows
    /// in its first node and the game does not close within the
    /// look-ahead. If so, closes the game where its `)` is missing (at
    /// `last_end`, where its last token ended) and resumes at `start`,
    /// outside.
    pub(super) fn next_game_inside(&mut self, start: usize, last_end: u64) -> bool {
        let plain = matches!(self.state.ctx, Ctx::InNode | Ctx::AfterVariation)
            && self.state.discard.is_none()
            && self.state.fixes.iter().all(|fix| *fix == Fix::Redundant(0));
        if !plain || !scan::root_node_at(self.view(start), start + 1) || !self.stays_open(start) {
            return false;
        }
        // Right after the game's last token; its bytes are kept unless
        // more whitespace than the look-ahead follows it.
        let scan = self.state.close_scan;
        let missing = match last_end >= self.abs(0) {
            true => self.buffer(last_end),
            false => start,
        };
        self.warn(WarningKind::UnclosedGame, missing, missing..missing);
        self.close_all(self.input(missing));
        self.resume_at(start, Ctx::Outside, 0);
        self.closed(0);
        // The scan for this game's `)` goes on for the next game, which
        // is one tree less deep.
        let next = self.abs(start);
        if let Some(scan) = scan {
            let found = match scan.found {
                Found::Open { at, scan } if at > next && scan.depth() > 1 => Found::Open {
                    at,
                    scan: scan.outer(),
                },
                _ => Found::Open {
                    at: next,
                    scan: TreeScan::new(0),
                },
            };
            let generation = scan.generation;
            self.state.close_scan = Some(CloseScan {
                game: next,
                found,
                generation,
            });
        }
        true
    }

    /// Whether no `)` closes the current game within the look-ahead from
    /// the `(` at `start`, one of its variations. The scan goes on from
    /// where the last one stopped, so every byte is scanned once.
    fn stays_open(&mut self, start: usize) -> bool {
        let game = self.state.tree_start.offset;
        let from = self.abs(start);
        let limit = from + LOOK_AHEAD as u64;
        let generation = self.source.generation();
        let max_depth = u64::from(self.state.limits.max_depth);
        let mut found = match self.state.close_scan {
            Some(scan) if scan.game == game && scan.generation == generation => scan.found,
            _ => Found::Open {
                at: from,
                scan: TreeScan::new(1),
            },
        };
        if let Found::Open { at, scan } = found {
            // Up to `start` the machine knows the depth: one tree, the
            // game, is open there.
            let (at, mut scan) = match at <= from {
                true => (from, TreeScan::new(1).with_max_depth(max_depth)),
                false => (at, scan),
            };
            if at < limit {
                let view = self.view(start);
                let eof = self.source.is_eof() && view.len() == self.source.bytes().len();
                let mut pos = self.buffer(at);
                found = match scan.end(view, &mut pos) {
                    TreeEnd::Closed(at) => Found::Closed(self.abs(at)),
                    TreeEnd::TooDeep(_) => Found::GaveUp,
                    // A value the end of the input cuts never closes.
                    TreeEnd::More if eof && scan.in_value() => Found::GaveUp,
                    TreeEnd::More => Found::Open {
                        at: self.abs(pos),
                        scan,
                    },
                };
            }
        }
        self.state.close_scan = Some(CloseScan {
            game,
            found,
            generation,
        });
        match found {
            Found::Open { .. } => true,
            Found::Closed(at) => at >= limit,
            Found::GaveUp => false,
        }
    }

    // ---- values that never close, games that cannot be repaired ----

    /// A value that never closes (the input is all buffered): close it at
    /// the end, unless another game starts inside it (then this game
    /// cannot be repaired).
    fn open_value(&mut self, kind: ErrorKind, at: usize) {
        let input = self.source.bytes();
        let len = input.len();
        let start = self.core.pos;
        let never_closes = self.state.never_closes.map_or(usize::MAX, |(from, _)| from);
        let scan = scan::scan_open_property(input, start, never_closes);
        let end = if kind == ErrorKind::EscapeAtEnd {
            at
        } else {
            len
        };
        if self.state.never_closes.is_none() {
            self.state.never_closes = Some((scan.open + 1, end));
        }
        if let Some(game) = tree_open(input, scan.open + 1) {
            return self.abandon_to(ErrorKind::UnclosedValue, game);
        }
        self.core.pos = len;
        let Some(ident) = self.ident(start, scan.ident_end, len) else {
            return self.finish();
        };
        self.warn(WarningKind::UnclosedValue, scan.open, scan.open + 1..len);
        self.emit(Out::Property(Prop {
            span: self.input(start)..self.input(len),
            start: self.abs(start),
            ident,
            values: self.abs(scan.values_start)..self.abs(len),
            count: scan.count + 1,
            repaired: true,
        }));
        self.finish();
    }

    /// Stops reporting the current game tree (it exceeds a limit): close
    /// what was reported, then skip to its end by the byte rules (see
    /// [`skip`](Self::skip)), from the start of the token that broke the
    /// limit.
    fn abandon(&mut self, kind: ErrorKind, at: usize) {
        self.start_discard(kind);
        if self.state.ctx == Ctx::Outside {
            self.state.tree_start = self.mark(at);
        }
        let depth = u64::from(self.core.machine.depth());
        self.state.skip = Some(TreeScan::new(depth));
    }

    /// Goes on skipping a game tree over a limit: scans for the `)` that
    /// closes it (parentheses counted outside values), keeping no bytes
    /// behind the scan; the end of the input ends it too. `false` when a
    /// source fed by the caller has no more bytes yet.
    pub(super) fn skip(&mut self) -> Result<bool, Error> {
        let Some(mut scan) = self.state.skip.take() else {
            return Ok(true);
        };
        loop {
            let end = scan.end(self.source.bytes(), &mut self.core.pos);
            self.state.last_end = self.abs(self.core.pos);
            if let TreeEnd::Closed(end) = end {
                self.end_discard(end);
                return Ok(true);
            }
            if self.source.is_eof() {
                self.end_discard(self.source.bytes().len());
                return Ok(true);
            }
            if !self.fill(None)? {
                self.state.skip = Some(scan);
                return Ok(false);
            }
        }
    }

    fn start_discard(&mut self, kind: ErrorKind) {
        self.state.queue.push_abandoned();
        self.state.pending = None;
        self.state.held = None;
        self.close_all(self.input(self.core.pos));
        self.state.discard = Some(kind);
    }

    /// Skips the current game tree up to `to`, where the next one starts.
    pub(super) fn abandon_to(&mut self, kind: ErrorKind, to: usize) {
        if self.state.discard.is_none() {
            self.start_discard(kind);
        }
        self.end_discard(to);
    }

    pub(super) fn end_discard(&mut self, to: usize) {
        let Some(kind) = self.state.discard.take() else {
            return;
        };
        let start = self.state.tree_start;
        let range = start.position.offset..self.input(to);
        self.warn_mark(WarningKind::SkippedGameTree(kind), start, range);
        self.core.machine = Machine::new(self.state.limits);
        self.state.fixes.retain(|fix| *fix == Fix::Redundant(0));
        self.state.pending = None;
        self.state.held = None;
        self.resume_at(to, Ctx::Outside, 0);
        self.game_ended(to);
    }

    /// The end of the input: close what is open.
    pub(super) fn finish(&mut self) {
        let len = self.source.bytes().len();
        if self.state.discard.is_some() {
            return self.end_discard(len);
        }
        self.release_held();
        self.core.pos = len;
        if let Some((open, _)) = self.state.pending.take() {
            self.warn_mark(WarningKind::EmptyGameTree, open, open.span());
        }
        let end = self.input(len);
        if self.state.open_events > 0 {
            let open = self.state.open_events;
            self.warn(WarningKind::MissingClose(open), len, len..len);
            self.close_all(end);
        }
        if !self.state.seen_tree {
            self.warn(WarningKind::NoGameTree, len, len..len);
        }
        self.state.done = true;
        self.core.done = true;
    }
}
