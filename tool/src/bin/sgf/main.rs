//! `sgf`: check, summarise, clean, convert and export SGF game records
//! in bulk, in bounded memory, on as many cores as asked.
//!
//! Every subcommand takes PATHs: files, directories (searched recursively
//! for `.sgf`, and the GIB, NGF and UGF records `.gib`, `.ngf`, `.ugf`,
//! `.ugi`, each also gzipped, in any letter case), `-` for standard input,
//! and archives read as streams (`.zip`, `.tar`, `.tar.gz`, `.tgz`).
//! Records are read as SGF.
//! Inputs are cut into batches of whole games that worker threads read
//! in parallel, one large file as readily as many small ones; output
//! comes in input order and does not depend on the number of jobs.
//!
//! Exit status: 0 when nothing went wrong (warnings allowed), 1 when an
//! error was found in an input, 2 for usage or I/O problems.

/// Small blocks from mimalloc, large ones from the system ([`sgf_alloc`]).
#[global_allocator]
static ALLOCATOR: sgf_alloc::Split = sgf_alloc::Split;

mod check;
mod convert;
mod dedupe;
mod diag;
mod filter_args;
mod fmt;
mod index;
mod inplace;
mod json;
mod mainline;
mod output;
mod position;
mod progress;
mod render;
mod rewrite;
mod run;
mod search;
mod select;
mod split;
mod stats;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

/// What `sgf --help` says first.
const ABOUT: &str = "Check, summarise, clean, convert and export SGF game records in bulk";

/// What `sgf --help` says after the subcommands.
const AFTER_HELP: &str = "\
PATH is a file, a directory (searched recursively for .sgf and .sgf.gz, in any \
letter case, and for the GIB, NGF and UGF records of Go servers: .gib, .ngf, .ugf, \
.ugi, also gzipped), `-` for standard input, or an archive read as a stream (.zip, \
.tar, .tar.gz, .tgz; members named as in a directory). A file named directly, or \
standard input, is told SGF or a record by its first bytes. A record is read as \
an SGF game (problems placed at its own lines); `sgf convert --out-dir DIR` writes \
each as DIR/NAME.sgf. Large inputs are cut into batches \
of whole games that the worker threads read in parallel; memory stays bounded by \
a few batches and the largest game, whatever the size of the inputs. Output comes \
in input order (directories sorted by name, archive members in archive order) \
and is the same for any --jobs.

Reading repairs what real-world files get wrong: each repair is reported, as an \
error when it changed or dropped data, as a warning when it kept every value. \
--strict reads by the letter of FF[4] instead: the first deviation is an error \
and the rest of that file is not read. Each game's charset is found from its CA, \
or guessed from its bytes, and the text converted to UTF-8.

Exit status: 0 when nothing went wrong (warnings allowed), 1 when an error was \
found in an input, 2 for usage or I/O problems.";

/// The `sgf` command line.
#[derive(Debug, Parser)]
#[command(name = "sgf", version, about = ABOUT, long_about = None, after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    common: Common,
}

/// Options every subcommand takes.
#[derive(Debug, Clone, Args)]
pub struct Common {
    /// Worker threads (default: all cores). With 1, everything runs on one
    /// thread.
    #[arg(short, long, global = true, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// No progress bar, no summary, and only errors on standard error.
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

/// Where the input comes from, for every subcommand.
#[derive(Debug, Clone, Args)]
pub struct Inputs {
    /// Files, directories, archives (.zip, .tar, .tar.gz, .tgz), .sgf.gz
    /// files, GIB/NGF/UGF records, or `-` for standard input.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate: one line per problem (`file:line:column: error|warning|note:
    /// message`), then a summary; checks values and where properties go too
    /// (--ignore CODE), and replays the games with --rules.
    Check(check::CheckArgs),
    /// Games, nodes, moves, variations, board sizes, results, reasons,
    /// ranks, years, players, dates, charsets, properties, bytes and MB/s (with no PATH: the sample
    /// games built into the tool).
    Stats(stats::StatsArgs),
    /// Re-layout with the writer's options, to standard output, in place,
    /// or under --out-dir.
    Fmt(fmt::FmtArgs),
    /// Write the text in another charset (--to, default UTF-8) with each
    /// game's CA saying so, keeping the layout; a GIB, NGF or UGF record
    /// as SGF (under --out-dir as NAME.sgf).
    Convert(convert::ConvertArgs),
    /// Drop all variations, keep each game's main line.
    Mainline(mainline::MainlineArgs),
    /// JSON Lines, one object per game: file, game index, charset, root and
    /// game-info properties, setup stones, moves, nodes, variations
    /// (--hash: the final position's hashes).
    Json(json::JsonArgs),
    /// One file per game under --out-dir, in UTF-8, the layout kept.
    Split(split::SplitArgs),
    /// The games that pass filters (--player, --min-rank, --winner,
    /// --reason, --from, --to, --size, --handicap, --komi, --min-moves,
    /// --has, ...): as SGF, one file each under --out-dir, or `FILE:GAME`
    /// lines (--list).
    Select(select::SelectArgs),
    /// Groups of games that are the same game (the same moves, or the same
    /// final position, up to rotation and mirroring): files and game
    /// indexes.
    Dedupe(dedupe::DedupeArgs),
    /// A picture of a position of one game, as SVG or PNG: the last move
    /// of the main line, --move N, a variation by --path; or one picture
    /// per move (--all-moves).
    Render(render::RenderArgs),
    /// An index of the games for `sgf search`, in one file (-o INDEX).
    Index(index::IndexArgs),
    /// Games where a pattern (an SGF file's SZ, AB/AW and VW) occurs, up
    /// to rotation and mirroring: the moves played next, then the games;
    /// from an index, or a scan of PATHs; filtered as `sgf select` filters
    /// (--player, --min-rank, --from, --winner, --komi, ...).
    Search(search::SearchArgs),
}

/// The exit statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Nothing went wrong (warnings allowed).
    Ok = 0,
    /// An error was found in an input.
    Errors = 1,
    /// A usage or I/O problem.
    Trouble = 2,
}

fn main() -> ExitCode {
    sgf_alloc::keep_large_blocks();
    let cli = Cli::parse();
    let status = match &cli.command {
        Command::Check(args) => check::main(args, &cli.common),
        Command::Stats(args) => stats::main(args, &cli.common),
        Command::Fmt(args) => fmt::main(args, &cli.common),
        Command::Convert(args) => convert::main(args, &cli.common),
        Command::Mainline(args) => mainline::main(args, &cli.common),
        Command::Json(args) => json::main(args, &cli.common),
        Command::Split(args) => split::main(args, &cli.common),
        Command::Dedupe(args) => dedupe::main(args, &cli.common),
        Command::Render(args) => render::main(args, &cli.common),
        Command::Index(args) => index::main(args, &cli.common),
        Command::Search(args) => search::main(args, &cli.common),
        Command::Select(args) => select::main(args, &cli.common),
    };
    ExitCode::from(status as u8)
}
