//! Helpers of the tests of the collection's ready-made jobs
//! (`tests/collection_*.rs`).
#![allow(dead_code)]

use std::ops::ControlFlow;

use sgf_tool::collection::{Collection, Delivery, Game, Job, Source, Visit};
use sgf_tool::diagnostics::Diagnostic;

/// One input read: its name, its games, its diagnostics.
pub type Read<T> = (String, Vec<Game<T>>, Vec<Diagnostic>);

/// What `job` makes of each input of `sources`, in input order.
pub fn run<J, T>(collection: &Collection, sources: &[Source], job: &J) -> Vec<Read<T>>
where
    J: Job,
    J::Visitor: Visit<Out = Vec<Game<T>>>,
{
    let mut inputs: Vec<Read<T>> = Vec::new();
    collection.run(sources, job, |delivery| {
        match delivery {
            Delivery::Begin(input) => inputs.push((input.name.clone(), Vec::new(), Vec::new())),
            Delivery::Piece(_, done) => {
                let input = inputs.last_mut().unwrap();
                input.1.extend(done.out);
                input.2.extend(done.diagnostics);
            }
            _ => {}
        }
        ControlFlow::Continue(())
    });
    inputs
}

/// An input in memory named `name`.
pub fn bytes(name: &str, text: impl AsRef<[u8]>) -> Source {
    Source::Bytes {
        name: name.into(),
        bytes: text.as_ref().to_vec().into(),
    }
}
