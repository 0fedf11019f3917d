//! Finding SGF inputs under paths, in a deterministic order, and reading
//! them as streams (feature `inputs`).
//!
//! A path names a file or a folder. Folders are walked in pre-order with
//! an explicit stack, each folder's entries sorted by name (as bytes);
//! only `.sgf` and `.sgf.gz` files are taken from them, in any letter
//! case, and links to folders are not followed. A file named directly is
//! taken whatever its name. Files ending in `.gz` are decompressed as they
//! are read (every gzip member in turn); archives (`.zip`, `.tar`,
//! `.tar.gz`, `.tgz`) are read without extracting: their `.sgf` and
//! `.sgf.gz` members, regular entries only, in archive order. What cannot
//! be read is reported as a [`Failure`] and the walk goes on; the
//! [`Visitor`] can stop it at any point.
//!
//! [`find_files`] lists the files alone (for sizes, say); [`Walker`] opens
//! `.gz` files and archives and hands plain files over unopened, so that
//! they can be read elsewhere (on another thread, mapped, whole).
//!
//! ```
//! use std::io::Read;
//! use std::ops::ControlFlow;
//! use sgf_tool::inputs::{Failure, FoundFile, Input, Visitor, Walker};
//!
//! let dir = std::env::temp_dir().join(format!("sgf-inputs-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("sub"))?;
//! std::fs::write(dir.join("b.sgf"), "(;B[aa])")?;
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
//! assert_eq!(
//!     found.0,
//!     [("b.sgf".to_string(), "(;B[aa])".to_string()), (sub_a, "(;W[bb])".to_string())]
//! );
//! std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), std::io::Error>(())
//! ```

mod archive;
mod file;
mod find;

use std::io;
use std::ops::ControlFlow;
use std::path::{Component, Path, PathBuf};

pub use archive::Walker;
pub use file::FoundFile;
pub use find::find_files;

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
}

/// How a file is read, by its name (in any letter case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `.zip`: an archive.
    Zip,
    /// `.tar`: an archive.
    Tar,
    /// `.tar.gz` or `.tgz`: a gzipped archive.
    TarGz,
    /// `.gz` (`.sgf.gz`): gzipped SGF.
    Gz,
    /// Anything else: SGF as it is.
    Plain,
}

impl Format {
    /// The format of a file named `name`.
    ///
    /// ```
    /// use sgf_tool::inputs::Format;
    ///
    /// assert_eq!(Format::of("games.Tar.GZ"), Format::TarGz);
    /// assert_eq!(Format::of("game.sgf.gz"), Format::Gz);
    /// assert_eq!(Format::of("game.sgf"), Format::Plain);
    /// ```
    pub fn of(name: &str) -> Format {
        if ends_with(name, ".zip") {
            Format::Zip
        } else if ends_with(name, ".tar") {
            Format::Tar
        } else if ends_with(name, ".tar.gz") || ends_with(name, ".tgz") {
            Format::TarGz
        } else if ends_with(name, ".gz") {
            Format::Gz
        } else {
            Format::Plain
        }
    }

    /// The format of a file named `name` whose bytes start with `head`:
    /// by its name, and for a name that says nothing (plain SGF, or no
    /// extension), by its first bytes: gzip, zip or tar.
    ///
    /// ```
    /// use std::path::Path;
    /// use sgf_tool::inputs::Format;
    ///
    /// assert_eq!(Format::sniff(Path::new("a.sgf"), b"\x1f\x8b\x08\0"), Format::Gz);
    /// assert_eq!(Format::sniff(Path::new("part-0001"), b"PK\x03\x04"), Format::Zip);
    /// assert_eq!(Format::sniff(Path::new("a.sgf"), b"(;GM[1])"), Format::Plain);
    /// assert_eq!(Format::sniff(Path::new("a.zip"), b"(;GM[1])"), Format::Zip);
    /// ```
    pub fn sniff(name: &Path, head: &[u8]) -> Format {
        match Format::of_path(name) {
            Format::Plain => {}
            format => return format,
        }
        if head.starts_with(b"\x1f\x8b") {
            Format::Gz
        } else if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
            Format::Zip
        } else if head.get(257..262) == Some(b"ustar") {
            Format::Tar
        } else {
            Format::Plain
        }
    }

    /// The format of the file at `path`, by its file name.
    pub fn of_path(path: &Path) -> Format {
        let name = path.file_name().unwrap_or(path.as_os_str());
        Format::of(&name.to_string_lossy())
    }
}

/// Whether `name` ends in `suffix`, in any letter case.
fn ends_with(name: &str, suffix: &str) -> bool {
    let (name, suffix) = (name.as_bytes(), suffix.as_bytes());
    name.len() >= suffix.len() && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// Whether a folder entry or an archive member is read: its name ends in
/// `.sgf` or `.sgf.gz`, in any letter case.
///
/// ```
/// use sgf_tool::inputs::is_sgf;
///
/// assert!(is_sgf("a.SGF") && is_sgf("b.sgf.Gz"));
/// assert!(!is_sgf("a.gz") && !is_sgf("a.sgfx"));
/// ```
pub fn is_sgf(name: &str) -> bool {
    ends_with(name, ".sgf") || ends_with(name, ".sgf.gz")
}

/// `rel` without a final `.gz`, in any letter case.
fn without_gz(rel: &Path) -> PathBuf {
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
