//! `sgf dedupe`: games that are the same game, stored twice (in several
//! collections, or turned or mirrored): grouped by their main line's
//! moves, or by their final position, up to the board's symmetries.
//!
//! Each group of two games or more is printed as a line
//! `same moves: N games, M moves` (or `same final position: N games, S
//! stones`), then one line per game, `  FILE #INDEX` (the game's index in
//! its file, from 0). Games without moves (or without stones) are not
//! grouped. Groups come in the order of their first game.

use std::collections::HashMap;
use std::io::{self, Write};

use std::ops::Range;

use sgf_stream::build::TreeBuilder;
use sgf_stream::Event;

use crate::position::{self, Outcome};
use crate::run::Sources;
use crate::run::{self, Policied};
use crate::{Common, Inputs, Status};
use sgf_tool::collection::Policy;
use sgf_tool::collection::{Ctx, Job, Note, Visit};
use sgf_tool::diagnostics::Counts;

/// Arguments of `sgf dedupe`.
#[derive(Debug, clap::Args)]
pub struct DedupeArgs {
    #[command(flatten)]
    inputs: Inputs,
    /// What makes two games the same: their moves in order, or the
    /// position they end in (each up to rotation and mirroring).
    #[arg(long, value_enum, default_value = "moves")]
    by: By,
    #[command(flatten)]
    strictness: crate::diag::Strictness,
}

/// What makes two games the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum By {
    /// The moves of the main line.
    Moves,
    /// The final position of the main line.
    Position,
}

struct DedupeJob(Policy);

/// The games of a piece, each replayed from a tree built for it alone.
#[derive(Default)]
struct Outcomes {
    builder: Option<TreeBuilder>,
    /// Games opened in the piece.
    games: usize,
    /// Each game's index in the piece, and what it comes to (none when it
    /// is not Go).
    found: Vec<(usize, Option<Outcome>)>,
}

impl Job for DedupeJob {
    type Visitor = Outcomes;

    fn visitor(&self) -> Outcomes {
        Outcomes::default()
    }
}

impl Policied for DedupeJob {
    fn policy(&self) -> Policy {
        self.0
    }
}

impl Visit for Outcomes {
    type Out = Vec<(usize, Option<Outcome>)>;

    fn event(&mut self, event: &Event<'_>, span: Range<u64>, _: &Ctx<'_>, _: &mut Vec<Note>) {
        let builder = self.builder.get_or_insert_with(TreeBuilder::lenient);
        if let Ok(Some(tree)) = builder.push_spanned(event, span) {
            self.found.push((self.games, position::outcome(&tree)));
            self.games += 1;
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Self::Out {
        self.builder = None;
        self.games = 0;
        std::mem::take(&mut self.found)
    }
    /// A game the reader gave up is no game: its tree is not built.
    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        if let Some(builder) = &mut self.builder {
            builder.abandon();
        }
    }
}

/// Games that are the same game, in the order of the first one.
struct Group {
    /// Their moves, or their stones.
    size: u32,
    /// Each game's file (an index in the names) and index in the file.
    members: Vec<(usize, usize)>,
}

/// A group's key and size, for a game: `None` when it has nothing to
/// compare.
fn key(outcome: &Outcome, by: By) -> Option<(u64, u32)> {
    match by {
        By::Moves => (outcome.moves > 0).then_some((outcome.canonical_sequence, outcome.moves)),
        By::Position => {
            (outcome.stones > 0).then_some((outcome.canonical_position, outcome.stones))
        }
    }
}

/// Runs `sgf dedupe`.
pub fn main(args: &DedupeArgs, common: &Common) -> Status {
    let job = DedupeJob(args.strictness.policy());
    let mut names: Vec<String> = Vec::new();
    let mut counts = Counts::default();
    let mut groups: Vec<Group> = Vec::new();
    let mut by_key: HashMap<(u64, u32), usize> = HashMap::new();
    let mut games = 0;
    // The index of the first game of the next piece, in its input.
    let mut first = 0;
    let sources = Sources::Paths(&args.inputs.paths);
    let totals = run::run(sources, common, &job, |delivery, _| {
        let Some((_, done)) = run::piece(delivery, |input| {
            names.push(input.name.clone());
            first = 0;
        }) else {
            return Ok(());
        };
        counts.add(Counts::of(&done.diagnostics));
        let name = names.len() - 1;
        for (index, outcome) in done.out {
            games += 1;
            let Some(key) = outcome.and_then(|outcome| key(&outcome, args.by)) else {
                continue;
            };
            let group = *by_key.entry(key).or_insert_with(|| {
                groups.push(Group {
                    size: key.1,
                    members: Vec::new(),
                });
                groups.len() - 1
            });
            groups[group].members.push((name, first + index));
        }
        first += done.games as usize;
        Ok(())
    });
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut written = Ok(());
    let mut repeated = 0;
    for Group { size, members } in groups.iter().filter(|group| group.members.len() > 1) {
        repeated += 1;
        let what = match args.by {
            By::Moves => format!("same moves: {} games, {size} moves", members.len()),
            By::Position => format!(
                "same final position: {} games, {size} stones",
                members.len()
            ),
        };
        written = written.and_then(|()| writeln!(out, "{what}"));
        for &(name, index) in members {
            written = written.and_then(|()| writeln!(out, "  {} #{index}", names[name]));
        }
    }
    if !common.quiet {
        let summary = format!(
            "{} files, {games} games, {repeated} groups of the same game",
            totals.files
        );
        written = written.and_then(|()| writeln!(out, "{summary}"));
    }
    if written.and_then(|()| out.flush()).is_err() {
        return Status::Trouble;
    }
    crate::check::status(&totals, counts)
}
