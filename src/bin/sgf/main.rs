//! `sgf`: check, summarise, clean and export SGF game records in bulk.
//!
//! Every subcommand takes PATHs: files, directories (searched recursively
//! for `.sgf` in any letter case), `-` for standard input, and archives
//! read without extracting (`.zip`, `.tar`, `.tar.gz`, `.tgz`). Files are
//! processed in parallel; output comes in a deterministic order (the order
//! of the PATHs, directories sorted by name, archives in member order).
//!
//! Exit status: 0 when every game parsed (warnings allowed), 1 when any
//! input had an error, 2 for usage or I/O problems.

mod check;
mod convert;
mod dedupe;
mod diag;
mod fmt;
mod inplace;
mod json;
mod mainline;
mod output;
mod position;
mod progress;
mod rewrite;
mod rules;
mod run;
mod sources;
mod stats;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

/// Check, summarise, clean and export SGF game records in bulk.
#[derive(Debug, Parser)]
#[command(name = "sgf", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    common: Common,
}

/// Options every subcommand takes.
#[derive(Debug, Clone, Args)]
pub struct Common {
    /// Worker threads (default: all cores).
    #[arg(short, long, global = true, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// No progress bar and no summary on standard error.
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

/// Where the input comes from, for every subcommand.
#[derive(Debug, Clone, Args)]
pub struct Inputs {
    /// Files, directories, archives (.zip, .tar, .tar.gz, .tgz), or `-` for
    /// standard input.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate: one line per problem (`file:line:column: error|warning:
    /// message`), then a summary.
    Check(check::CheckArgs),
    /// Games, nodes, moves, variations, board sizes, results, players,
    /// dates, charsets, properties, bytes and MB/s.
    Stats(stats::StatsArgs),
    /// Re-layout with the writer's options, to standard output or in place.
    Fmt(fmt::FmtArgs),
    /// Transcode legacy charsets to UTF-8 and set `CA[UTF-8]`, keeping the
    /// layout, to standard output or in place.
    Convert(convert::ConvertArgs),
    /// Drop all variations, keep each game's main line.
    Mainline(mainline::MainlineArgs),
    /// JSON Lines, one object per game: root and game-info properties,
    /// moves, variations, source file and game index.
    Json(json::JsonArgs),
    /// Groups of games that are the same game (the same moves, or the same
    /// final position, up to rotation and mirroring): files and game
    /// indexes.
    Dedupe(dedupe::DedupeArgs),
}

/// The exit statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every game parsed (warnings allowed).
    Ok = 0,
    /// Some input had an error.
    Errors = 1,
    /// A usage or I/O problem.
    Trouble = 2,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match &cli.command {
        Command::Check(args) => check::main(args, &cli.common),
        Command::Stats(args) => stats::main(args, &cli.common),
        Command::Fmt(args) => fmt::main(args, &cli.common),
        Command::Convert(args) => convert::main(args, &cli.common),
        Command::Mainline(args) => mainline::main(args, &cli.common),
        Command::Json(args) => json::main(args, &cli.common),
        Command::Dedupe(args) => dedupe::main(args, &cli.common),
    };
    ExitCode::from(status as u8)
}
