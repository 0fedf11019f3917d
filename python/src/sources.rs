//! Turning paths into input streams, in a fixed order: files; folders
//! (recursive, sorted by name, `.sgf` and `.sgf.gz` in any letter case);
//! archives (`.zip`, `.tar`, `.tar.gz`, `.tgz`: their `.sgf` members,
//! read without extracting); `.gz` files (decompressed as they are read).

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
#[cfg(unix)]
use std::{ffi::OsString, os::fd::OwnedFd, sync::Arc};

/// A file to open: its path, and on Unix, for a file found in a folder,
/// the folder (open) and the file's name in it, so that opening it looks
/// up one name rather than every folder on the path.
#[derive(Debug, Clone)]
pub struct Located {
    pub path: PathBuf,
    #[cfg(unix)]
    within: Option<(Arc<OwnedFd>, OsString)>,
}

impl Located {
    fn at(path: PathBuf) -> Located {
        Located {
            path,
            #[cfg(unix)]
            within: None,
        }
    }

    /// Opens the file for reading.
    pub fn open(&self) -> io::Result<File> {
        #[cfg(unix)]
        if let Some((folder, name)) = &self.within {
            use rustix::fs::{openat, Mode, OFlags};
            let flags = OFlags::RDONLY | OFlags::CLOEXEC;
            return Ok(File::from(openat(folder, name, flags, Mode::empty())?));
        }
        File::open(&self.path)
    }
}

/// What a visit is given: a named file or stream to read, or a name that
/// could not be read and why.
pub trait Visitor {
    /// A plain file.
    fn file(&mut self, name: &str, file: Located) -> ControlFlow<()>;
    fn stream(&mut self, name: &str, reader: &mut dyn Read) -> ControlFlow<()>;
    fn failed(&mut self, name: &str, error: &io::Error) -> ControlFlow<()>;
}

fn ends_with(name: &str, suffix: &str) -> bool {
    let (name, suffix) = (name.as_bytes(), suffix.as_bytes());
    name.len() >= suffix.len() && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// Whether a folder entry or an archive member is read: `.sgf` or
/// `.sgf.gz`, in any letter case.
pub fn is_sgf(name: &str) -> bool {
    ends_with(name, ".sgf") || ends_with(name, ".sgf.gz")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Zip,
    Tar,
    TarGz,
    Gz,
    Plain,
}

fn kind_of(name: &str) -> Kind {
    if ends_with(name, ".zip") {
        Kind::Zip
    } else if ends_with(name, ".tar") {
        Kind::Tar
    } else if ends_with(name, ".tar.gz") || ends_with(name, ".tgz") {
        Kind::TarGz
    } else if ends_with(name, ".gz") {
        Kind::Gz
    } else {
        Kind::Plain
    }
}

/// Visits every stream named by `paths`, in order, until the visitor
/// breaks.
pub fn visit(paths: &[PathBuf], visitor: &mut dyn Visitor) {
    for path in paths {
        let result = match std::fs::metadata(path) {
            Err(err) => visitor.failed(&name_of(path), &err),
            Ok(meta) if meta.is_dir() => visit_dir(path, visitor),
            Ok(_) => visit_file(Located::at(path.clone()), visitor),
        };
        if result.is_break() {
            return;
        }
    }
}

/// A path as a source's name.
fn name_of(path: &Path) -> String {
    path.to_str()
        .map_or_else(|| path.display().to_string(), str::to_owned)
}

/// Visits `file`.
fn visit_file(file: Located, visitor: &mut dyn Visitor) -> ControlFlow<()> {
    let name = name_of(&file.path);
    let kind = kind_of(&name);
    if kind == Kind::Plain {
        return visitor.file(&name, file);
    }
    let file = match file.open() {
        Ok(file) => BufReader::new(file),
        Err(err) => return visitor.failed(&name, &err),
    };
    match kind {
        Kind::Zip => visit_zip(&name, file, visitor),
        Kind::Tar => visit_tar(&name, file, visitor),
        Kind::TarGz => visit_tar(&name, flate2::read::MultiGzDecoder::new(file), visitor),
        Kind::Gz => visitor.stream(&name, &mut flate2::read::MultiGzDecoder::new(file)),
        Kind::Plain => visitor.stream(&name, &mut { file }),
    }
}

/// A folder's entry: a folder, or an SGF file.
enum Entry {
    Folder(PathBuf),
    File(Located),
}

/// Pre-order over the folder tree with an explicit stack, each folder's
/// entries in name order. Links to folders are not followed.
fn visit_dir(root: &Path, visitor: &mut dyn Visitor) -> ControlFlow<()> {
    let mut stack = vec![Entry::Folder(root.to_path_buf())];
    while let Some(entry) = stack.pop() {
        match entry {
            Entry::File(file) => visit_file(file, visitor)?,
            Entry::Folder(path) => match sorted_entries(&path) {
                Ok(entries) => stack.extend(entries.into_iter().rev()),
                Err(err) => visitor.failed(&name_of(&path), &err)?,
            },
        }
    }
    ControlFlow::Continue(())
}

/// The folders and SGF files in `dir`, sorted by name. On Unix the files
/// are opened within the folder, opened once, with no walk of the whole
/// path.
fn sorted_entries(dir: &Path) -> io::Result<Vec<Entry>> {
    #[cfg(unix)]
    let folder = {
        use rustix::fs::{open, Mode, OFlags};
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        // Without it, files are opened by their paths.
        open(dir, flags, Mode::empty()).ok().map(Arc::new)
    };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let name = entry.file_name();
        if kind.is_dir() {
            out.push((name, Entry::Folder(entry.path())));
        } else if is_sgf(&name.to_string_lossy()) {
            let file = Located {
                path: entry.path(),
                #[cfg(unix)]
                within: folder.clone().map(|folder| (folder, name.clone())),
            };
            out.push((name, Entry::File(file)));
        }
    }
    out.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Ok(out.into_iter().map(|(_, entry)| entry).collect())
}

/// The name of an archive member: `archive/member`.
fn member_name(archive: &str, member: &str) -> String {
    format!("{archive}/{member}")
}

fn visit_member(name: &str, reader: &mut dyn Read, visitor: &mut dyn Visitor) -> ControlFlow<()> {
    if ends_with(name, ".gz") {
        visitor.stream(name, &mut flate2::read::MultiGzDecoder::new(reader))
    } else {
        visitor.stream(name, reader)
    }
}

fn visit_zip(name: &str, file: BufReader<File>, visitor: &mut dyn Visitor) -> ControlFlow<()> {
    let mut zip = match zip::ZipArchive::new(file) {
        Ok(zip) => zip,
        Err(err) => return visitor.failed(name, &io::Error::other(err)),
    };
    for index in 0..zip.len() {
        match zip.by_index(index) {
            Err(err) => visitor.failed(
                &member_name(name, &format!("#{index}")),
                &io::Error::other(err),
            )?,
            Ok(member) if member.is_dir() || !is_sgf(member.name()) => {}
            Ok(mut member) => {
                let member_name = member_name(name, member.name());
                visit_member(&member_name, &mut member, visitor)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Members of a tar stream in order; a broken header ends the archive
/// with a failure.
fn visit_tar(name: &str, reader: impl Read, visitor: &mut dyn Visitor) -> ControlFlow<()> {
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(entries) => entries,
        Err(err) => return visitor.failed(name, &err),
    };
    for entry in entries {
        let mut entry = match entry {
            Ok(entry) => entry,
            Err(err) => return visitor.failed(name, &err),
        };
        if entry.header().entry_type() != tar::EntryType::Regular {
            continue;
        }
        let member = match entry.path() {
            Ok(path) => path.display().to_string(),
            Err(err) => return visitor.failed(name, &err),
        };
        if is_sgf(&member) {
            visit_member(&member_name(name, &member), &mut entry, visitor)?;
        }
    }
    ControlFlow::Continue(())
}
