//! `sgf fmt`: re-layout with the writer's options.

use crate::output::{self, OutputArgs};
use crate::rewrite::{self, LayoutArgs};
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
    let options = args.layout.options();
    let mode = args.output.mode();
    output::main("fmt", &args.output, common, |input| {
        rewrite::rewrite(input.data, mode, options.clone(), false)
    })
}
