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

use crate::diag::{self, Counts, Mode};
use crate::position::{self, Outcome};
use crate::run::{self, Input};
use crate::{Common, Inputs, Status};

/// Arguments of `sgf dedupe`.
#[derive(Debug, clap::Args)]
pub struct DedupeArgs {
    #[command(flatten)]
    inputs: Inputs,
    /// What makes two games the same: their moves in order, or the
    /// position they end in (each up to rotation and mirroring).
    #[arg(long, value_enum, default_value = "moves")]
    by: By,
    /// Read with the exercise's strict rules (default: lenient).
    #[arg(long)]
    strict: bool,
}

/// What makes two games the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum By {
    /// The moves of the main line.
    Moves,
    /// The final position of the main line.
    Position,
}

/// One game of one input.
struct Game {
    index: usize,
    outcome: Outcome,
}

struct FileGames {
    name: String,
    games: Vec<Game>,
    counts: Counts,
}

fn file_games(input: &Input, mode: Mode) -> FileGames {
    let (parsed, diagnostics) = diag::parse_trees(input.data, mode);
    let trees = parsed.map(|parsed| parsed.trees).unwrap_or_default();
    let games = trees
        .iter()
        .enumerate()
        .filter_map(|(index, tree)| {
            Some(Game {
                index,
                outcome: position::outcome(tree)?,
            })
        })
        .collect();
    FileGames {
        name: input.name.to_string(),
        games,
        counts: Counts::of(&diagnostics),
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
    let mode = Mode::from_flag(args.strict);
    let mut names: Vec<String> = Vec::new();
    let mut counts = Counts::default();
    let mut groups: Vec<Group> = Vec::new();
    let mut by_key: HashMap<(u64, u32), usize> = HashMap::new();
    let mut games = 0;
    let totals = run::run(
        &args.inputs.paths,
        common,
        |input| file_games(input, mode),
        |file, _| {
            counts.add(file.counts);
            let name = names.len();
            names.push(file.name);
            for game in file.games {
                games += 1;
                let Some(key) = key(&game.outcome, args.by) else {
                    continue;
                };
                let group = *by_key.entry(key).or_insert_with(|| {
                    let size = key.1;
                    groups.push(Group {
                        size,
                        members: Vec::new(),
                    });
                    groups.len() - 1
                });
                groups[group].members.push((name, game.index));
            }
            Ok(())
        },
    );
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
