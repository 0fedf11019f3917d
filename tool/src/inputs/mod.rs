//! Finding game records under paths, in a deterministic order, and
//! reading them as streams.
//!
//! A path names a file or a folder. Folders are walked in pre-order with
//! an explicit stack, each folder's entries sorted by name (as bytes);
//! only game records are taken from them, by their names
//! ([`is_game_record`]): `.sgf`, and the other formats that
//! [`sgf_stream::formats`] reads, `.gib`, `.ngf`, `.ugf` and `.ugi`, each
//! also followed by `.gz`, in any letter case. Links to folders are not
//! followed. A file named directly is taken whatever its name. Files
//! ending in `.gz` are decompressed as they are read (every gzip member in
//! turn); archives (`.zip`, `.tar`, `.tar.gz`, `.tgz`) are read without
//! extracting: their members named as game records, regular entries only,
//! in archive order. What cannot be read is reported as a [`Failure`] and
//! the walk goes on; the [`Visitor`] can stop it at any point.
//!
//! [`find_files`] lists the files alone (for sizes, say); [`Walker`] opens
//! `.gz` files and archives and hands plain files over unopened, so that
//! they can be read elsewhere (on another thread, mapped, whole); asked
//! to ([`Walker::inflate_elsewhere_to`]), it hands small `.gz` files over
//! unopened too, and small zip members as stored ([`StoredMember`]), for
//! the visitor to inflate where it reads them ([`Inflater`]).
//!
//! ```
//! use std::io::Read;
//! use std::ops::ControlFlow;
//! use sgf_tool::inputs::{Failure, FoundFile, Input, Visitor, Walker};
//!
//! let dir = std::env::temp_dir().join(format!("sgf-inputs-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("sub"))?;
//! std::fs::write(dir.join("b.sgf"), "(;B[aa])")?;
//! std::fs::write(dir.join("c.GIB"), "\\HS")?;
//! std::fs::write(dir.join("sub/a.SGF"), "(;W[bb])")?;
//! std::fs::write(dir.join("notes.txt"), "not read")?;
//!
//! /// The names and contents of every input, in order.
//! #[derive(Default)]
//! struct Collect(Vec<(String, String)>);
//!
//! impl Visitor for Collect {
//!     fn file(&mut self, file: FoundFile) -> ControlFlow<()> {
//!         let mut text = String::new();
//!         file.open().and_then(|mut f| f.read_to_string(&mut text)).unwrap();
//!         self.0.push((file.rel().display().to_string(), text));
//!         ControlFlow::Continue(())
//!     }
//!     fn stream(&mut self, input: Input, reader: &mut dyn Read) -> ControlFlow<()> {
//!         let mut text = String::new();
//!         reader.read_to_string(&mut text).unwrap();
//!         self.0.push((input.rel.display().to_string(), text));
//!         ControlFlow::Continue(())
//!     }
//!     fn failed(&mut self, failure: Failure) -> ControlFlow<()> {
//!         panic!("{failure}")
//!     }
//! }
//!
//! let mut found = Collect::default();
//! Walker::new().walk(&[dir.clone()], &mut found);
//! let sub_a = std::path::Path::new("sub").join("a.SGF").display().to_string();
//! let expected = [("b.sgf", "(;B[aa])"), ("c.GIB", "\\HS"), (&sub_a, "(;W[bb])")];
//! let expected: Vec<(String, String)> =
//!     expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
//! assert_eq!(found.0, expected);
//! std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), std::io::Error>(())
//! ```

mod ahead;
mod archive;
mod file;
mod find;
mod inflate;
mod member;
mod seek_buf;

use std::io;
use std::ops::ControlFlow;
use std::path::{Component, Path, PathBuf};

use sgf_stream::formats::Format;

pub use archive::{Walker, INFLATE_AHEAD_FROM};
pub use file::FoundFile;
pub use find::find_files;
pub use inflate::Inflater;
pub use member::StoredMember;

/// An input read as a stream: a `.gz` file or an archive member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The file on disk: the `.gz` file, or the archive.
    pub path: PathBuf,
    /// The member's path inside the archive, for an archive member.
    pub member: Option<String>,
    /// Where the input sits below the path it was found from, as plain
    /// SGF: a final `.gz` removed; for a member, the archive's path
    /// without its extension, then the member's path with no root and no
    /// `..`. For a file named directly, its file name.
    pub rel: PathBuf,
}

impl Input {
    /// The input's name in messages: the file's path, then for a member
    /// `/` and the member's path (see [`Input::name_with`]).
    pub fn name(&self) -> String {
        self.name_with('/')
    }

    /// The input's name in messages with `separator` between an
    /// archive's path and its member's path.
    ///
    /// ```
    /// use sgf_tool::inputs::Input;
    ///
    /// let input = Input {
    ///     path: "games.zip".into(),
    ///     member: Some("x/a.sgf".into()),
    ///     rel: "games/x/a.sgf".into(),
    /// };
    /// assert_eq!(input.name(), "games.zip/x/a.sgf");
    /// assert_eq!(input.name_with(':'), "games.zip:x/a.sgf");
    /// ```
    pub fn name_with(&self, separator: char) -> String {
        name_with(&self.path, self.member.as_deref(), separator)
    }
}

/// A path, and a member of it, as a name.
fn name_with(path: &Path, member: Option<&str>, separator: char) -> String {
    match member {
        Some(member) => format!("{}{separator}{member}", path.display()),
        None => path.display().to_string(),
    }
}

/// Something that could not be read: a path, a folder, an archive or an
/// archive member. The walk goes on after it.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", self.name())]
pub struct Failure {
    /// The path: the file, the folder, or the archive.
    pub path: PathBuf,
    /// The member, for an archive member that could not be read: its
    /// path, or `#` and its index when even that is unknown.
    pub member: Option<String>,
    /// Why.
    #[source]
    pub source: io::Error,
}

impl Failure {
    fn new(path: &Path, source: io::Error) -> Failure {
        Failure {
            path: path.to_path_buf(),
            member: None,
            source,
        }
    }

    /// What could not be read, named as an [`Input`] is
    /// ([`Input::name`]).
    pub fn name(&self) -> String {
        self.name_with('/')
    }

    /// What could not be read, named as by [`Input::name_with`].
    pub fn name_with(&self, separator: char) -> String {
        name_with(&self.path, self.member.as_deref(), separator)
    }
}

/// What a walk hands over, in order; each call says whether to go on.
pub trait Visitor {
    /// A plain file (neither compressed nor an archive), not yet opened.
    fn file(&mut self, file: FoundFile) -> ControlFlow<()>;
    /// A `.gz` file or an archive member, to read now: `reader` yields
    /// its bytes, decompressed.
    fn stream(&mut self, input: Input, reader: &mut dyn io::Read) -> ControlFlow<()>;
    /// Something that could not be read.
    fn failed(&mut self, failure: Failure) -> ControlFlow<()>;
    /// A small zip member handed over as stored, when the walker leaves
    /// its inflating to the visitor ([`Walker::inflate_elsewhere_to`]);
    /// by default read as a stream, as the zip crate reads it.
    fn member(&mut self, input: Input, member: StoredMember) -> ControlFlow<()> {
        self.stream(input, &mut member.reader())
    }
}

/// The container a file comes in, by its name (in any letter case):
/// an archive, gzip, or none. (The format of the game record inside is
/// [`sgf_stream::formats::Format`].)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// `.zip`: an archive.
    Zip,
    /// `.tar`: an archive.
    Tar,
    /// `.tar.gz` or `.tgz`: a gzipped archive.
    TarGz,
    /// `.gz` (`.sgf.gz`, `.gib.gz`, ...): a gzipped file.
    Gz,
    /// Anything else: a file as it is.
    Plain,
}

impl Container {
    /// The container of a file named `name`.
    ///
    /// ```
    /// use sgf_tool::inputs::Container;
    ///
    /// assert_eq!(Container::of("games.Tar.GZ"), Container::TarGz);
    /// assert_eq!(Container::of("game.sgf.gz"), Container::Gz);
    /// assert_eq!(Container::of("game.sgf"), Container::Plain);
    /// ```
    pub fn of(name: &str) -> Container {
        Container::of_bytes(name.as_bytes())
    }

    /// [`Container::of`] a name as bytes (such as
    /// [`OsStr::as_encoded_bytes`](std::ffi::OsStr::as_encoded_bytes)).
    pub(crate) fn of_bytes(name: &[u8]) -> Container {
        if ends_with_bytes(name, b".zip") {
            Container::Zip
        } else if ends_with_bytes(name, b".tar") {
            Container::Tar
        } else if ends_with_bytes(name, b".tar.gz") || ends_with_bytes(name, b".tgz") {
            Container::TarGz
        } else if ends_with_bytes(name, b".gz") {
            Container::Gz
        } else {
            Container::Plain
        }
    }

    /// The container of a file named `name` whose bytes start with `head`:
    /// by its name, and for a name that says nothing (plain SGF, or no
    /// extension), by its first bytes: gzip, zip or tar.
    ///
    /// ```
    /// use std::path::Path;
    /// use sgf_tool::inputs::Container;
    ///
    /// assert_eq!(Container::sniff(Path::new("a.sgf"), b"\x1f\x8b\x08\0"), Container::Gz);
    /// assert_eq!(Container::sniff(Path::new("part-0001"), b"PK\x03\x04"), Container::Zip);
    /// assert_eq!(Container::sniff(Path::new("a.sgf"), b"(;GM[1])"), Container::Plain);
    /// assert_eq!(Container::sniff(Path::new("a.zip"), b"(;GM[1])"), Container::Zip);
    /// ```
    pub fn sniff(name: &Path, head: &[u8]) -> Container {
        match Container::of_path(name) {
            Container::Plain => {}
            container => return container,
        }
        if head.starts_with(b"\x1f\x8b") {
            Container::Gz
        } else if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
            Container::Zip
        } else if head.get(257..262) == Some(b"ustar") {
            Container::Tar
        } else {
            Container::Plain
        }
    }

    /// The container of the file at `path`, by its file name.
    pub fn of_path(path: &Path) -> Container {
        let name = path.file_name().unwrap_or(path.as_os_str());
        Container::of(&name.to_string_lossy())
    }
}

/// Whether `name` ends in `suffix`, in any letter case.
fn ends_with(name: &str, suffix: &str) -> bool {
    ends_with_bytes(name.as_bytes(), suffix.as_bytes())
}

/// [`ends_with`] of bytes.
fn ends_with_bytes(name: &[u8], suffix: &[u8]) -> bool {
    name.len() >= suffix.len() && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// The format that a file or member name's extension names (the one
/// before a final `.gz`), in any letter case, as
/// [`Format::from_extension`] reads it: `.sgf`, `.gib`, `.ngf`, `.ugf`,
/// `.ugi`.
///
/// ```
/// use sgf_stream::formats::Format;
/// use sgf_tool::inputs::named_format;
///
/// assert_eq!(named_format("a/b.Gib.GZ"), Some(Format::Gib));
/// assert_eq!(named_format("b.ugi"), Some(Format::Ugf));
/// assert_eq!(named_format("c.sgf"), Some(Format::Sgf));
/// assert_eq!(named_format("d.gz"), None);
/// assert_eq!(named_format("e.txt"), None);
/// ```
pub fn named_format(name: &str) -> Option<Format> {
    format_of_name(name.as_bytes())
}

/// [`named_format`] of a name as bytes (such as
/// [`OsStr::as_encoded_bytes`](std::ffi::OsStr::as_encoded_bytes)): only
/// its last bytes are looked at.
pub(crate) fn format_of_name(name: &[u8]) -> Option<Format> {
    let name = match ends_with_bytes(name, b".gz") {
        true => &name[..name.len() - 3],
        false => name,
    };
    match name {
        [.., b'.', a, b, c] => Format::from_extension(std::str::from_utf8(&[*a, *b, *c]).ok()?),
        _ => None,
    }
}

/// Whether a folder entry or an archive member is read: its name ends
/// in `.sgf`, `.gib`, `.ngf`, `.ugf` or `.ugi`, each also followed by
/// `.gz`, in any letter case ([`named_format`]).
///
/// ```
/// use sgf_tool::inputs::is_game_record;
///
/// assert!(is_game_record("a.SGF") && is_game_record("b.sgf.Gz"));
/// assert!(is_game_record("c.gib") && is_game_record("d.NGF.gz") && is_game_record("e.UGI"));
/// assert!(!is_game_record("a.gz") && !is_game_record("a.sgfx") && !is_game_record("gib"));
/// ```
pub fn is_game_record(name: &str) -> bool {
    named_format(name).is_some()
}

/// Whether a name says SGF: it ends in `.sgf` or `.sgf.gz`, in any
/// letter case.
///
/// ```
/// use sgf_tool::inputs::is_sgf;
///
/// assert!(is_sgf("a.SGF") && is_sgf("b.sgf.Gz"));
/// assert!(!is_sgf("a.gz") && !is_sgf("a.sgfx") && !is_sgf("a.gib"));
/// ```
pub fn is_sgf(name: &str) -> bool {
    named_format(name) == Some(Format::Sgf)
}

/// `rel` without a final `.gz`, in any letter case.
pub(crate) fn without_gz(rel: &Path) -> PathBuf {
    let name = rel.to_string_lossy();
    match ends_with(&name, ".gz") {
        true => PathBuf::from(&name[..name.len() - 3]),
        false => rel.to_path_buf(),
    }
}

/// An archive member's path as a relative path: no root, no `..`.
fn safe_rel(member: &str) -> PathBuf {
    Path::new(member)
        .components()
        .filter_map(|part| match part {
            Component::Normal(part) => Some(part),
            _ => None,
        })
        .collect()
}

/// Where a member of the archive found at `archive_rel` sits: the
/// archive's path without its extension, then the member's path, without
/// a final `.gz`.
fn member_rel(archive_rel: &Path, member: &str) -> PathBuf {
    let name = archive_rel.to_string_lossy();
    let stem = [".tar.gz", ".tgz", ".tar", ".zip"]
        .iter()
        .find(|ext| ends_with(&name, ext))
        .map_or(&name[..], |ext| &name[..name.len() - ext.len()]);
    without_gz(&Path::new(stem).join(safe_rel(member)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_go_below_the_archive_name_and_never_above() {
        let rel = member_rel(Path::new("sub/games.tar.gz"), "../../etc/x.sgf");
        assert_eq!(rel, Path::new("sub/games/etc/x.sgf"));
        let rel = member_rel(Path::new("g.zip"), "/a/b.sgf.gz");
        assert_eq!(rel, Path::new("g/a/b.sgf"));
    }

    #[test]
    fn gz_is_stripped_in_any_case_and_only_at_the_end() {
        assert_eq!(without_gz(Path::new("a/b.sgf.GZ")), Path::new("a/b.sgf"));
        assert_eq!(without_gz(Path::new("a.gz/b.sgf")), Path::new("a.gz/b.sgf"));
    }
}
