//! `sgf mainline`: drop all variations, keep each game's main line.

use crate::output::{self, OutputArgs};
use crate::rewrite::{self, LayoutArgs};
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
    let options = args.layout.options();
    let mode = args.output.mode();
    output::main("mainline", &args.output, common, |input| {
        rewrite::rewrite(input.data, mode, options.clone(), true)
    })
}
