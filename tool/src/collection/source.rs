//! What a collection is read from ([`Source`]: paths, standard input,
//! bytes in memory) and the inputs found in it, in a deterministic order:
//! files, folders, archives and `.gz` files through the walker of
//! [`inputs`](crate::inputs); and how each input's format is told.

use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::Bytes;
use sgf_stream::formats::Format;

use super::sizing::Sizing;
use crate::inputs::{
    self as found, find_files, format_of_name, Container, Failure, FoundFile, StoredMember, Walker,
};

/// Where a collection's inputs come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A file or a folder (searched for game records by their names:
    /// `.sgf`, `.gib`, `.ngf`, `.ugf`, `.ugi`, each also gzipped), an
    /// archive (`.zip`, `.tar`, `.tar.gz`, `.tgz`) or a `.gz` file;
    /// `-` is standard input.
    Path(PathBuf),
    /// Standard input.
    Stdin,
    /// Bytes in memory, read as a file of that name would be: decompressed
    /// when the name ends in `.gz` or the bytes start as gzip does, read
    /// member by member when the name says it is an archive; SGF or a
    /// record in another format as their first bytes say.
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
    /// Its format: SGF, or a record in another format read as SGF
    /// ([`sgf_stream::formats`]).
    pub format: Format,
}

/// How an input's format is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Told {
    /// SGF by its name (`.sgf`, `.sgf.gz`), found in a folder or an
    /// archive: read as SGF without a look at its bytes.
    Sgf,
    /// By its first bytes, else its name ([`formats::detect`]): a file
    /// named directly, standard input, bytes given, and records in other
    /// formats.
    ///
    /// [`formats::detect`]: sgf_stream::formats::detect
    Looked,
}

impl Told {
    /// How the format of an input found under a folder or in an archive,
    /// named `name` (its file name, or an archive member's path), is
    /// told.
    fn by_name(name: &[u8]) -> Told {
        match format_of_name(name) {
            Some(Format::Sgf) => Told::Sgf,
            _ => Told::Looked,
        }
    }

    /// [`Told::by_name`] of the file at `path` (whose extension ends it).
    fn by_path(path: &Path) -> Told {
        Told::by_name(path.as_os_str().as_encoded_bytes())
    }
}

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// An input found, ready to be read.
pub(crate) enum Found<'a> {
    /// A plain file of `size` bytes (if looked up), not yet opened
    /// (`file` opens it), or a small `.gz` file (`file.container()` says
    /// which).
    File {
        input: Input,
        size: Option<u64>,
        told: Told,
        file: FoundFile,
    },
    /// Bytes to read now, in order: standard input, a `.gz` file, an
    /// archive member. `gathered`: whether its bytes may be read whole
    /// first, when they are few (all but standard input, which is read
    /// as it comes).
    Stream {
        input: Input,
        reader: &'a mut dyn Read,
        told: Told,
        gathered: bool,
    },
    /// A small zip member as stored, to inflate.
    Member {
        input: Input,
        told: Told,
        member: StoredMember,
    },
    /// Bytes in memory (their format told by a look).
    Bytes { input: Input, bytes: Bytes },
    /// Something that cannot be read: reported with its name.
    Failed { name: String, error: String },
}

/// The buffer `.gz` files and archives are read through.
pub(crate) const WALKER_BUFFER: usize = 256 << 10;

/// Calls `visit` with every input of `sources`, in order, until it
/// returns `Break`, found by `walker` (whose settings say where `.gz`
/// files and zip members are inflated: small ones it leaves to the
/// reader of the input are found as files, [`Found::File`], their
/// [`Input`] that of the stream they hold, and as stored members,
/// [`Found::Member`]). Bytes read from standard input are counted with
/// `on_read`. The size of a file found in a folder is looked up when
/// `sizing` wants it, else left unknown (for a reader that reads each
/// file whole up to a limit).
pub(crate) fn visit(
    sources: &[Source],
    walker: &Walker<'_>,
    separator: char,
    sizing: &Sizing,
    on_read: &(dyn Fn(u64) + Sync),
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) {
    for source in sources {
        let flow = match source {
            Source::Path(path) if path.as_os_str() == "-" => visit_stdin(on_read, visit),
            Source::Stdin => visit_stdin(on_read, visit),
            Source::Path(path) => {
                let mut visitor = ToFound {
                    visit,
                    named: path,
                    separator,
                    sizing,
                };
                walker.walk_path(path, &mut visitor)
            }
            Source::Bytes { name, bytes } => {
                let mut visitor = ToFound {
                    visit,
                    named: Path::new(name),
                    separator,
                    sizing,
                };
                visit_bytes(walker, name, bytes, &mut visitor)
            }
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
        format: Format::Sgf,
    };
    let mut reader = Counted {
        inner: io::stdin().lock(),
        on_read,
    };
    visit(Found::Stream {
        input,
        reader: &mut reader,
        told: Told::Looked,
        gathered: false,
    })
}

/// Bytes in memory: as they are when they are in no container, else
/// through the walker (decompressed, or read member by member).
fn visit_bytes(
    walker: &Walker<'_>,
    name: &str,
    bytes: &Bytes,
    visitor: &mut ToFound<'_, '_>,
) -> ControlFlow<()> {
    if Container::sniff(Path::new(name), bytes) == Container::Plain {
        let input = Input {
            name: name.to_string(),
            path: None,
            rel: rel_of(name),
            format: Format::Sgf,
        };
        return (visitor.visit)(Found::Bytes {
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
/// sizes when `sizing` wants them, and how the format of each is told:
/// by a look for the source itself when it is a file (`named`), else by
/// its name.
struct ToFound<'v, 'n> {
    visit: &'v mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
    named: &'n Path,
    separator: char,
    sizing: &'n Sizing,
}

impl found::Visitor for ToFound<'_, '_> {
    fn file(&mut self, file: FoundFile) -> ControlFlow<()> {
        let size = match file.known_size() {
            Some(size) => Some(size),
            None if !self.sizing.wanted() => None,
            None => match file.size() {
                Ok(size) => {
                    self.sizing.sized(size);
                    Some(size)
                }
                Err(err) => return (self.visit)(failed(&file.name(), &err)),
            },
        };
        let told = match file.path().as_os_str() == self.named.as_os_str() {
            true => Told::Looked,
            false => Told::by_path(file.path()),
        };
        // A `.gz` file handed over unopened is the stream it holds.
        let (path, rel) = match file.container() {
            Container::Gz => (None, found::without_gz(file.rel())),
            _ => (Some(file.path().to_path_buf()), file.rel().to_path_buf()),
        };
        let input = Input {
            name: file.name(),
            path,
            rel,
            format: Format::Sgf,
        };
        (self.visit)(Found::File {
            input,
            size,
            told,
            file,
        })
    }

    fn stream(&mut self, input: found::Input, reader: &mut dyn Read) -> ControlFlow<()> {
        let (input, told) = self.streamed(input);
        (self.visit)(Found::Stream {
            input,
            reader,
            told,
            gathered: true,
        })
    }

    fn member(&mut self, input: found::Input, member: StoredMember) -> ControlFlow<()> {
        let (input, told) = self.streamed(input);
        (self.visit)(Found::Member {
            input,
            told,
            member,
        })
    }

    fn failed(&mut self, failure: Failure) -> ControlFlow<()> {
        (self.visit)(failed(&failure.name_with(self.separator), &failure.source))
    }
}

impl ToFound<'_, '_> {
    /// A stream's input as a collection's, and how its format is told.
    fn streamed(&self, input: found::Input) -> (Input, Told) {
        let told = match &input.member {
            None if input.path.as_os_str() == self.named.as_os_str() => Told::Looked,
            Some(member) => Told::by_name(member.as_bytes()),
            None => Told::by_path(&input.path),
        };
        let input = Input {
            name: input.name_with(self.separator),
            path: None,
            rel: input.rel,
            format: Format::Sgf,
        };
        (input, told)
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
