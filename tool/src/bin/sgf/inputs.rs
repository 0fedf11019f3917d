//! Turning PATH arguments into inputs, in a deterministic order: files,
//! directories, archives and `.gz` files through the library's walker
//! (`sgf_tool::inputs`), standard input (`-`), and the built-in
//! samples, every one read as a stream.

use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::PathBuf;

use sgf_tool::inputs::{self as found, find_files, Failure, FoundFile, Walker};

use crate::progress::Progress;

/// One input: its name in messages and where its output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// A path, `<stdin>`, or `archive:member`.
    pub name: String,
    /// The file, when the input is a plain file (so it can be rewritten
    /// in place).
    pub path: Option<PathBuf>,
    /// Its path below the PATH argument it was found in (the file's name
    /// for a file named on the command line): where `--out-dir` puts its
    /// output.
    pub rel: PathBuf,
}

/// An input found, ready to be read.
pub enum Found<'a> {
    /// A plain `.sgf` file of `size` bytes.
    File { input: Input, size: u64 },
    /// Bytes to read now, in order: standard input, a `.sgf.gz` file, an
    /// archive member.
    Stream {
        input: Input,
        reader: &'a mut dyn Read,
    },
    /// Something that cannot be read: reported with its name.
    Failed { name: String, error: String },
}

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Where the inputs come from.
#[derive(Debug, Clone, Copy)]
pub enum Sources<'a> {
    /// The PATH arguments.
    Paths(&'a [PathBuf]),
    /// The sample games built into the tool.
    Samples,
}

/// The sample games built into the tool: the files of the source's
/// `tests/data`.
const SAMPLES: &[(&str, &[u8])] = &[
    (
        "collection.sgf",
        include_bytes!("../../../../tests/data/collection.sgf"),
    ),
    (
        "crlf.sgf",
        include_bytes!("../../../../tests/data/crlf.sgf"),
    ),
    (
        "game1.sgf",
        include_bytes!("../../../../tests/data/game1.sgf"),
    ),
    (
        "game2.sgf",
        include_bytes!("../../../../tests/data/game2.sgf"),
    ),
    (
        "variations.sgf",
        include_bytes!("../../../../tests/data/variations.sgf"),
    ),
];

/// Calls `visit` with every input of `sources`, in order, until it
/// returns `Break`. Bytes read from archives and compressed files are
/// counted in `progress`.
pub fn visit(
    sources: Sources<'_>,
    progress: &Progress,
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) {
    let paths = match sources {
        Sources::Paths(paths) => paths,
        Sources::Samples => {
            for (name, bytes) in SAMPLES {
                let input = Input {
                    name: format!("<samples>/{name}"),
                    path: None,
                    rel: PathBuf::from(name),
                };
                let mut reader = *bytes;
                if visit(Found::Stream {
                    input,
                    reader: &mut reader,
                })
                .is_break()
                {
                    return;
                }
            }
            return;
        }
    };
    let count = |bytes| progress.add(bytes);
    let walker = Walker::new().buffer_capacity(256 << 10).on_read(&count);
    let mut visitor = ToFound(visit);
    for path in paths {
        let flow = match path.as_os_str() == "-" {
            true => visit_stdin(progress, visitor.0),
            false => walker.walk_path(path, &mut visitor),
        };
        if flow.is_break() {
            return;
        }
    }
}

/// Standard input, counted in `progress`.
fn visit_stdin(
    progress: &Progress,
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let input = Input {
        name: STDIN_NAME.to_string(),
        path: None,
        rel: PathBuf::from("stdin.sgf"),
    };
    let mut reader = progress.counting(io::stdin().lock());
    visit(Found::Stream {
        input,
        reader: &mut reader,
    })
}

/// The walker's inputs as the tool's: archive members named
/// `archive:member`, plain files with their sizes.
struct ToFound<'v>(&'v mut dyn FnMut(Found<'_>) -> ControlFlow<()>);

impl found::Visitor for ToFound<'_> {
    fn file(&mut self, file: FoundFile) -> ControlFlow<()> {
        let size = match file.size() {
            Ok(size) => size,
            Err(err) => return (self.0)(failed(&file.name(), &err)),
        };
        let input = Input {
            name: file.name(),
            path: Some(file.path().to_path_buf()),
            rel: file.rel().to_path_buf(),
        };
        (self.0)(Found::File { input, size })
    }

    fn stream(&mut self, input: found::Input, reader: &mut dyn Read) -> ControlFlow<()> {
        let input = Input {
            name: input.name_with(':'),
            path: None,
            rel: input.rel,
        };
        (self.0)(Found::Stream { input, reader })
    }

    fn failed(&mut self, failure: Failure) -> ControlFlow<()> {
        (self.0)(failed(&failure.name_with(':'), &failure.source))
    }
}

fn failed(name: &str, err: &dyn std::fmt::Display) -> Found<'static> {
    Found::Failed {
        name: name.to_string(),
        error: err.to_string(),
    }
}

/// The size of every file that `sources` name, for the progress bar's
/// total; `None` when standard input is among them.
pub fn total_size(sources: Sources<'_>) -> Option<u64> {
    let paths = match sources {
        Sources::Paths(paths) => paths,
        Sources::Samples => return Some(SAMPLES.iter().map(|(_, bytes)| bytes.len() as u64).sum()),
    };
    let mut total = 0;
    for path in paths {
        if path.as_os_str() == "-" {
            return None;
        }
        let _ = find_files(path, &mut |found| {
            total += found.ok().and_then(|file| file.size().ok()).unwrap_or(0);
            ControlFlow::Continue(())
        });
    }
    Some(total)
}
