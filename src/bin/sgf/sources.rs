//! Turning PATH arguments into inputs, in a deterministic order: files,
//! directories (recursive, sorted by name, `.sgf` in any letter case),
//! standard input (`-`), and archive members read without extracting.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// One input to process, or the reason it cannot be.
#[derive(Debug)]
pub enum Source {
    /// A plain file, read by the worker that processes it.
    File(PathBuf),
    /// Bytes already read: standard input or an archive member.
    Loaded { name: String, data: Vec<u8> },
    /// Something that could not be read: reported with its name.
    Failed { name: String, error: String },
}

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Whether `name` ends in `.sgf`, in any letter case.
pub fn is_sgf(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.len() >= 4 && bytes[bytes.len() - 4..].eq_ignore_ascii_case(b".sgf")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Archive {
    Zip,
    Tar,
    TarGz,
}

fn archive_kind(path: &Path) -> Option<Archive> {
    let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
    if name.ends_with(".zip") {
        Some(Archive::Zip)
    } else if name.ends_with(".tar") {
        Some(Archive::Tar)
    } else if name.ends_with(".tar.gz") || name.ends_with(".tgz") {
        Some(Archive::TarGz)
    } else {
        None
    }
}

/// Calls `visit` with every input named by `paths`, in order, until it
/// returns `Break`.
pub fn visit(paths: &[PathBuf], visit: &mut dyn FnMut(Source) -> ControlFlow<()>) {
    for path in paths {
        if visit_path(path, visit).is_break() {
            return;
        }
    }
}

fn visit_path(path: &Path, visit: &mut dyn FnMut(Source) -> ControlFlow<()>) -> ControlFlow<()> {
    if path.as_os_str() == "-" {
        let mut data = Vec::new();
        return visit(match io::stdin().lock().read_to_end(&mut data) {
            Ok(_) => Source::Loaded {
                name: STDIN_NAME.to_string(),
                data,
            },
            Err(err) => failed(STDIN_NAME, &err),
        });
    }
    match std::fs::metadata(path) {
        Err(err) => visit(failed(&path.display().to_string(), &err)),
        Ok(meta) if meta.is_dir() => visit_dir(path, visit),
        Ok(_) => match archive_kind(path) {
            Some(kind) => visit_archive(path, kind, visit),
            None => visit(Source::File(path.to_path_buf())),
        },
    }
}

fn failed(name: &str, err: &dyn std::fmt::Display) -> Source {
    Source::Failed {
        name: name.to_string(),
        error: err.to_string(),
    }
}

/// Pre-order over the directory tree with an explicit stack; entries of a
/// directory in name order. Symbolic links to directories are not
/// followed (no cycles); links to files are.
fn visit_dir(root: &Path, visit: &mut dyn FnMut(Source) -> ControlFlow<()>) -> ControlFlow<()> {
    let mut stack = vec![(root.to_path_buf(), true)];
    while let Some((path, is_dir)) = stack.pop() {
        if !is_dir {
            visit(found_file(path))?;
            continue;
        }
        let entries = match sorted_entries(&path) {
            Ok(entries) => entries,
            Err(err) => {
                visit(failed(&path.display().to_string(), &err))?;
                continue;
            }
        };
        for (entry, is_dir) in entries.into_iter().rev() {
            stack.push((entry, is_dir));
        }
    }
    ControlFlow::Continue(())
}

/// The subdirectories and `.sgf` files of `dir`, sorted by name. An
/// `.sgf` entry that is not a regular file (or a link to one), such as a
/// named pipe that would block the job, is kept to be reported.
fn sorted_entries(dir: &Path) -> io::Result<Vec<(PathBuf, bool)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let kind = entry.file_type()?;
        if kind.is_dir() {
            out.push((path, true));
        } else if is_sgf(&entry.file_name().to_string_lossy()) {
            out.push((path, false));
        }
    }
    out.sort();
    Ok(out)
}

/// A file found in a directory: read it if it is a regular file (or a
/// link to one), else report it.
fn found_file(path: PathBuf) -> Source {
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_file() => Source::File(path),
        Ok(_) => failed(&path.display().to_string(), &"not a regular file: skipped"),
        Err(err) => failed(&path.display().to_string(), &err),
    }
}

fn visit_archive(
    path: &Path,
    kind: Archive,
    visit: &mut dyn FnMut(Source) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let name = path.display().to_string();
    let file = match File::open(path) {
        Ok(file) => BufReader::new(file),
        Err(err) => return visit(failed(&name, &err)),
    };
    match kind {
        Archive::Zip => visit_zip(&name, file, visit),
        Archive::Tar => visit_tar(&name, file, visit),
        Archive::TarGz => visit_tar(&name, flate2::read::MultiGzDecoder::new(file), visit),
    }
}

/// The name of an archive member in messages: `archive:member`.
fn member_name(archive: &str, member: &str) -> String {
    format!("{archive}:{member}")
}

/// Reads a member, trusting its declared size only up to 64 MiB ahead.
fn read_member(reader: &mut dyn Read, size_hint: u64) -> io::Result<Vec<u8>> {
    let mut data = Vec::with_capacity(size_hint.min(64 << 20) as usize);
    reader.read_to_end(&mut data)?;
    Ok(data)
}

fn visit_zip(
    name: &str,
    file: BufReader<File>,
    visit: &mut dyn FnMut(Source) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut zip = match zip::ZipArchive::new(file) {
        Ok(zip) => zip,
        Err(err) => return visit(failed(name, &err)),
    };
    for index in 0..zip.len() {
        let source = match zip.by_index(index) {
            Err(err) => failed(&member_name(name, &format!("#{index}")), &err),
            Ok(member) if member.is_dir() || !is_sgf(member.name()) => continue,
            Ok(mut member) => {
                let member_name = member_name(name, member.name());
                let size = member.size();
                match read_member(&mut member, size) {
                    Ok(data) => Source::Loaded {
                        name: member_name,
                        data,
                    },
                    Err(err) => failed(&member_name, &err),
                }
            }
        };
        visit(source)?;
    }
    ControlFlow::Continue(())
}

/// Members of a tar stream in order. A broken header or a read error ends
/// the archive (a tar stream cannot be resynchronised), after it is
/// reported.
fn visit_tar(
    name: &str,
    reader: impl Read,
    visit: &mut dyn FnMut(Source) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(entries) => entries,
        Err(err) => return visit(failed(name, &err)),
    };
    for entry in entries {
        let mut entry = match entry {
            Ok(entry) => entry,
            Err(err) => return visit(failed(name, &err)),
        };
        let member = entry.path_bytes();
        let member = String::from_utf8_lossy(&member).into_owned();
        if !entry.header().entry_type().is_file() || !is_sgf(&member) {
            continue;
        }
        let member_name = member_name(name, &member);
        let size = entry.size();
        match read_member(&mut entry, size) {
            Ok(data) => visit(Source::Loaded {
                name: member_name,
                data,
            })?,
            Err(err) => return visit(failed(&member_name, &err)),
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_extension_in_any_case() {
        assert!(is_sgf("a.sgf") && is_sgf("B.SGF") && is_sgf("c.Sgf"));
        assert!(!is_sgf("sgf") && !is_sgf("a.sgfx") && !is_sgf("a.txt"));
    }

    #[test]
    fn archive_kinds() {
        let kind = |name: &str| archive_kind(Path::new(name));
        assert_eq!(kind("x.ZIP"), Some(Archive::Zip));
        assert_eq!(kind("x.tar"), Some(Archive::Tar));
        assert_eq!(kind("x.Tar.Gz"), Some(Archive::TarGz));
        assert_eq!(kind("x.tgz"), Some(Archive::TarGz));
        assert_eq!(kind("x.sgf"), None);
    }
}
