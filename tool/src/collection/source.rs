//! What a collection is read from ([`Source`]: paths, standard input,
//! bytes in memory) and the inputs found in it, in a deterministic order:
//! files, folders, archives and `.gz` files through the walker of
//! [`inputs`](crate::inputs).

use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::Bytes;

use crate::inputs::{self as found, find_files, Failure, Format, FoundFile, Walker};

/// Where a collection's inputs come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A file or a folder (searched for `.sgf` and `.sgf.gz` files), an
    /// archive (`.zip`, `.tar`, `.tar.gz`, `.tgz`) or a `.gz` file;
    /// `-` is standard input.
    Path(PathBuf),
    /// Standard input.
    Stdin,
    /// Bytes in memory, read as a file of that name would be: decompressed
    /// when the name ends in `.gz` or the bytes start as gzip does, read
    /// member by member when the name says it is an archive.
    Bytes {
        /// The input's name in messages (a path, a URL).
        name: String,
        /// Its bytes.
        bytes: Bytes,
    },
}

impl Source {
    /// The sources of `paths`, `-` standing for standard input.
    ///
    /// ```
    /// use sgf_tool::collection::Source;
    /// let sources = Source::paths(["a.sgf", "-"]);
    /// assert_eq!(sources, [Source::Path("a.sgf".into()), Source::Stdin]);
    /// ```
    pub fn paths<P: Into<PathBuf>>(paths: impl IntoIterator<Item = P>) -> Vec<Source> {
        paths
            .into_iter()
            .map(|path| {
                let path = path.into();
                match path.as_os_str() == "-" {
                    true => Source::Stdin,
                    false => Source::Path(path),
                }
            })
            .collect()
    }
}

/// One input of a collection: its name in messages and where it came
/// from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// A path, `<stdin>`, `archive:member`, or the name of bytes given.
    pub name: String,
    /// The file, when the input is a plain file (so that it can be
    /// rewritten in place).
    pub path: Option<PathBuf>,
    /// Its path below the path it was found in (the file's name for a
    /// file named directly), without a final `.gz`: where output that
    /// mirrors the inputs goes.
    pub rel: PathBuf,
}

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// An input found, ready to be read.
pub(crate) enum Found<'a> {
    /// A plain file of `size` bytes, not yet opened.
    File { input: Input, size: u64 },
    /// Bytes to read now, in order: standard input, a `.gz` file, an
    /// archive member.
    Stream {
        input: Input,
        reader: &'a mut dyn Read,
    },
    /// Bytes in memory.
    Bytes { input: Input, bytes: Bytes },
    /// Something that cannot be read: reported with its name.
    Failed { name: String, error: String },
}

/// Calls `visit` with every input of `sources`, in order, until it
/// returns `Break`. Bytes read from files, archives and compressed files
/// are counted with `on_read`.
pub(crate) fn visit(
    sources: &[Source],
    separator: char,
    on_read: &(dyn Fn(u64) + Sync),
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) {
    let walker = Walker::new().buffer_capacity(256 << 10).on_read(on_read);
    let mut visitor = ToFound(visit, separator);
    for source in sources {
        let flow = match source {
            Source::Path(path) if path.as_os_str() == "-" => visit_stdin(on_read, visitor.0),
            Source::Stdin => visit_stdin(on_read, visitor.0),
            Source::Path(path) => walker.walk_path(path, &mut visitor),
            Source::Bytes { name, bytes } => visit_bytes(&walker, name, bytes, &mut visitor),
        };
        if flow.is_break() {
            return;
        }
    }
}

/// Standard input, counted with `on_read`.
fn visit_stdin(
    on_read: &(dyn Fn(u64) + Sync),
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let input = Input {
        name: STDIN_NAME.to_string(),
        path: None,
        rel: PathBuf::from("stdin.sgf"),
    };
    let mut reader = Counted {
        inner: io::stdin().lock(),
        on_read,
    };
    visit(Found::Stream {
        input,
        reader: &mut reader,
    })
}

/// Bytes in memory: as they are when they are SGF, else through the
/// walker (decompressed, or read member by member).
fn visit_bytes(
    walker: &Walker<'_>,
    name: &str,
    bytes: &Bytes,
    visitor: &mut ToFound<'_>,
) -> ControlFlow<()> {
    if Format::sniff(Path::new(name), bytes) == Format::Plain {
        let input = Input {
            name: name.to_string(),
            path: None,
            rel: rel_of(name),
        };
        return (visitor.0)(Found::Bytes {
            input,
            bytes: bytes.clone(),
        });
    }
    walker.walk_bytes(Path::new(name), bytes, visitor)
}

/// The file name of `name`, as the place of its output.
fn rel_of(name: &str) -> PathBuf {
    Path::new(name)
        .file_name()
        .map_or_else(|| PathBuf::from("input.sgf"), PathBuf::from)
}

/// The walker's inputs as found inputs: archive members named
/// `archive:member` (or with another separator), plain files with their
/// sizes.
struct ToFound<'v>(&'v mut dyn FnMut(Found<'_>) -> ControlFlow<()>, char);

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
            name: input.name_with(self.1),
            path: None,
            rel: input.rel,
        };
        (self.0)(Found::Stream { input, reader })
    }

    fn failed(&mut self, failure: Failure) -> ControlFlow<()> {
        (self.0)(failed(&failure.name_with(self.1), &failure.source))
    }
}

fn failed(name: &str, err: &dyn std::fmt::Display) -> Found<'static> {
    Found::Failed {
        name: name.to_string(),
        error: err.to_string(),
    }
}

/// A reader whose bytes are counted by a callback.
struct Counted<'a, R> {
    inner: R,
    on_read: &'a (dyn Fn(u64) + Sync),
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        (self.on_read)(read as u64);
        Ok(read)
    }
}

/// The size in bytes of every input of `sources` (files as they are on
/// disk), for a progress bar's total; `None` when standard input is
/// among them.
///
/// ```
/// use sgf_tool::collection::{total_size, Source};
/// let bytes = Source::Bytes { name: "a.sgf".into(), bytes: "(;)".into() };
/// assert_eq!(total_size(&[bytes]), Some(3));
/// assert_eq!(total_size(&[Source::Stdin]), None);
/// ```
pub fn total_size(sources: &[Source]) -> Option<u64> {
    let mut total = 0;
    for source in sources {
        match source {
            Source::Stdin => return None,
            Source::Path(path) if path.as_os_str() == "-" => return None,
            Source::Bytes { bytes, .. } => total += bytes.len() as u64,
            Source::Path(path) => {
                let _ = find_files(path, &mut |found| {
                    total += found.ok().and_then(|file| file.size().ok()).unwrap_or(0);
                    ControlFlow::Continue(())
                });
            }
        }
    }
    Some(total)
}

/// Names shared by the inputs of one collection, so that each delivery
/// carries its input without a copy.
pub(crate) type Shared = Arc<Input>;
