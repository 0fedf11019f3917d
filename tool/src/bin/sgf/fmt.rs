//! `sgf fmt`: re-layout with the writer's options.

use crate::output::{self, OutputArgs};
use crate::rewrite::{LayoutArgs, RewriteJob};
use crate::{Common, Status};

/// Arguments of `sgf fmt`.
#[derive(Debug, clap::Args)]
pub struct FmtArgs {
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    layout: LayoutArgs,
}

/// Runs `sgf fmt`.
pub fn main(args: &FmtArgs, common: &Common) -> Status {
    let job = RewriteJob {
        mode: args.output.mode(),
        options: args.layout.options(),
        main_line_only: false,
    };
    output::main("fmt", &args.output, common, &job)
}
