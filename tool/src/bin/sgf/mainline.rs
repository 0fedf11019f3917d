//! `sgf mainline`: drop all variations, keep each game's main line.

use crate::output::{self, OutputArgs};
use crate::rewrite::{LayoutArgs, RewriteJob};
use crate::{Common, Status};

/// Arguments of `sgf mainline`.
#[derive(Debug, clap::Args)]
pub struct MainlineArgs {
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    layout: LayoutArgs,
}

/// Runs `sgf mainline`.
pub fn main(args: &MainlineArgs, common: &Common) -> Status {
    let job = RewriteJob {
        mode: args.output.mode(),
        options: args.layout.options(),
        main_line_only: true,
    };
    output::main("mainline", &args.output, common, &job)
}
