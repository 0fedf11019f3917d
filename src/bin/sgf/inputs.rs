//! Turning PATH arguments into inputs, in a deterministic order: files,
//! directories (recursive, sorted by name, `.sgf` and `.sgf.gz` in any
//! letter case), standard input (`-`), and archive members (`.zip`,
//! `.tar`, `.tar.gz`, `.tgz`), every one read as a stream.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::ops::ControlFlow;
use std::path::{Component, Path, PathBuf};

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

/// Whether `name` ends in `suffix`, in any letter case.
fn ends_with(name: &str, suffix: &str) -> bool {
    let (name, suffix) = (name.as_bytes(), suffix.as_bytes());
    name.len() >= suffix.len() && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// Whether `name` is an SGF file: `.sgf`, or `.sgf.gz`, in any letter
/// case.
pub fn is_sgf(name: &str) -> bool {
    ends_with(name, ".sgf") || ends_with(name, ".sgf.gz")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Zip,
    Tar,
    TarGz,
    SgfGz,
    Plain,
}

fn kind(path: &Path) -> Kind {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    if name.ends_with(".zip") {
        Kind::Zip
    } else if name.ends_with(".tar") {
        Kind::Tar
    } else if name.ends_with(".tar.gz") || name.ends_with(".tgz") {
        Kind::TarGz
    } else if name.ends_with(".gz") {
        Kind::SgfGz
    } else {
        Kind::Plain
    }
}

/// `rel` without a final `.gz` (the output is plain SGF).
fn without_gz(rel: &Path) -> PathBuf {
    let name = rel.to_string_lossy();
    match ends_with(&name, ".gz") {
        true => PathBuf::from(&name[..name.len() - 3]),
        false => rel.to_path_buf(),
    }
}

/// A member's path inside an archive as a relative path: no root, no
/// `..`.
fn safe_rel(member: &str) -> PathBuf {
    Path::new(member)
        .components()
        .filter_map(|part| match part {
            Component::Normal(part) => Some(part),
            _ => None,
        })
        .collect()
}

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
        include_bytes!("../../../tests/data/collection.sgf"),
    ),
    ("crlf.sgf", include_bytes!("../../../tests/data/crlf.sgf")),
    ("game1.sgf", include_bytes!("../../../tests/data/game1.sgf")),
    ("game2.sgf", include_bytes!("../../../tests/data/game2.sgf")),
    (
        "variations.sgf",
        include_bytes!("../../../tests/data/variations.sgf"),
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
    for path in paths {
        if visit_path(path, progress, visit).is_break() {
            return;
        }
    }
}

fn visit_path(
    path: &Path,
    progress: &Progress,
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if path.as_os_str() == "-" {
        let input = Input {
            name: STDIN_NAME.to_string(),
            path: None,
            rel: PathBuf::from("stdin.sgf"),
        };
        let mut reader = progress.counting(io::stdin().lock());
        return visit(Found::Stream {
            input,
            reader: &mut reader,
        });
    }
    match std::fs::metadata(path) {
        Err(err) => visit(failed(&path.display().to_string(), &err)),
        Ok(meta) if meta.is_dir() => visit_dir(path, progress, visit),
        Ok(meta) => {
            let rel = PathBuf::from(path.file_name().unwrap_or(path.as_os_str()));
            visit_file(path, rel, meta.len(), progress, visit)
        }
    }
}

fn failed(name: &str, err: &dyn std::fmt::Display) -> Found<'static> {
    Found::Failed {
        name: name.to_string(),
        error: err.to_string(),
    }
}

/// A file: an archive, a `.gz` file, or a plain file.
fn visit_file(
    path: &Path,
    rel: PathBuf,
    size: u64,
    progress: &Progress,
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let kind = kind(path);
    if kind == Kind::Plain {
        let input = Input {
            name: path.display().to_string(),
            path: Some(path.to_path_buf()),
            rel,
        };
        return visit(Found::File { input, size });
    }
    let name = path.display().to_string();
    let file = match File::open(path) {
        Ok(file) => BufReader::with_capacity(256 << 10, progress.counting(file)),
        Err(err) => return visit(failed(&name, &err)),
    };
    match kind {
        Kind::Zip => visit_zip(&name, &rel, file, visit),
        Kind::Tar => visit_tar(&name, &rel, file, visit),
        Kind::TarGz => visit_tar(
            &name,
            &rel,
            flate2::bufread::MultiGzDecoder::new(file),
            visit,
        ),
        Kind::SgfGz | Kind::Plain => {
            let input = Input {
                name,
                path: None,
                rel: without_gz(&rel),
            };
            let mut reader = flate2::bufread::MultiGzDecoder::new(file);
            visit(Found::Stream {
                input,
                reader: &mut reader,
            })
        }
    }
}

/// Pre-order over the directory tree with an explicit stack; entries of a
/// directory in name order. Symbolic links to directories are not
/// followed (no cycles); links to files are.
fn visit_dir(
    root: &Path,
    progress: &Progress,
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut stack = vec![(root.to_path_buf(), true)];
    while let Some((path, is_dir)) = stack.pop() {
        if !is_dir {
            let rel = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_file() => {
                    visit_file(&path, rel, meta.len(), progress, visit)?;
                }
                Ok(_) => {
                    let name = path.display().to_string();
                    visit(failed(&name, &"not a regular file: skipped"))?;
                }
                Err(err) => visit(failed(&path.display().to_string(), &err))?,
            }
            continue;
        }
        match sorted_entries(&path) {
            Ok(entries) => stack.extend(entries.into_iter().rev()),
            Err(err) => visit(failed(&path.display().to_string(), &err))?,
        }
    }
    ControlFlow::Continue(())
}

/// The subdirectories and SGF files of `dir`, sorted by name (as bytes).
fn sorted_entries(dir: &Path) -> io::Result<Vec<(PathBuf, bool)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let name = entry.file_name();
        if kind.is_dir() {
            out.push((name, entry.path(), true));
        } else if is_sgf(&name.to_string_lossy()) {
            out.push((name, entry.path(), false));
        }
    }
    out.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Ok(out.into_iter().map(|(_, path, dir)| (path, dir)).collect())
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
        let mut stack = vec![path.clone()];
        while let Some(path) = stack.pop() {
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                let entries = sorted_entries(&path).unwrap_or_default();
                stack.extend(entries.into_iter().map(|(path, _)| path));
            } else {
                total += meta.len();
            }
        }
    }
    Some(total)
}

/// The name of an archive member in messages: `archive:member`.
fn member_name(archive: &str, member: &str) -> String {
    format!("{archive}:{member}")
}

/// Where a member goes under `--out-dir`: the archive's name without
/// its extension, then the member's path.
fn member_rel(archive_rel: &Path, member: &str) -> PathBuf {
    let name = archive_rel.to_string_lossy();
    let stem = [".tar.gz", ".tgz", ".tar", ".zip"]
        .iter()
        .find(|ext| ends_with(&name, ext))
        .map_or(&name[..], |ext| &name[..name.len() - ext.len()]);
    without_gz(&Path::new(stem).join(safe_rel(member)))
}

fn visit_zip(
    name: &str,
    rel: &Path,
    file: impl Read + io::Seek,
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut zip = match zip::ZipArchive::new(file) {
        Ok(zip) => zip,
        Err(err) => return visit(failed(name, &err)),
    };
    for index in 0..zip.len() {
        match zip.by_index(index) {
            Err(err) => visit(failed(&member_name(name, &format!("#{index}")), &err))?,
            Ok(member) if member.is_dir() || !is_sgf(member.name()) => continue,
            Ok(mut member) => {
                let member_path = member.name().to_string();
                visit_member(name, rel, &member_path, &mut member, visit)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Members of a tar stream in order. A broken header or a read error ends
/// the archive (a tar stream cannot be resynchronised), after it is
/// reported.
fn visit_tar(
    name: &str,
    rel: &Path,
    reader: impl Read,
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
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
        let member = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        if !entry.header().entry_type().is_file() || !is_sgf(&member) {
            continue;
        }
        visit_member(name, rel, &member, &mut entry, visit)?;
    }
    ControlFlow::Continue(())
}

/// An archive member named `member`, of the archive `name` found at
/// `rel`: read as it is, or through gzip for a `.gz` member.
fn visit_member(
    name: &str,
    rel: &Path,
    member: &str,
    reader: &mut dyn Read,
    visit: &mut dyn FnMut(Found<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let input = Input {
        name: member_name(name, member),
        path: None,
        rel: member_rel(rel, member),
    };
    if ends_with(member, ".gz") {
        let mut reader = flate2::read::MultiGzDecoder::new(reader);
        visit(Found::Stream {
            input,
            reader: &mut reader,
        })
    } else {
        visit(Found::Stream { input, reader })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_extension_in_any_case() {
        assert!(is_sgf("a.sgf") && is_sgf("B.SGF") && is_sgf("c.Sgf") && is_sgf("d.sgf.GZ"));
        assert!(!is_sgf("sgf") && !is_sgf("a.sgfx") && !is_sgf("a.txt") && !is_sgf("a.gz"));
    }

    #[test]
    fn kinds_by_name() {
        let of = |name: &str| kind(Path::new(name));
        assert_eq!(of("x.ZIP"), Kind::Zip);
        assert_eq!(of("x.tar"), Kind::Tar);
        assert_eq!(of("x.Tar.Gz"), Kind::TarGz);
        assert_eq!(of("x.tgz"), Kind::TarGz);
        assert_eq!(of("x.sgf.gz"), Kind::SgfGz);
        assert_eq!(of("x.sgf"), Kind::Plain);
    }

    #[test]
    fn members_go_below_the_archive_name_and_never_above() {
        let rel = member_rel(Path::new("sub/games.tar.gz"), "../../etc/x.sgf");
        assert_eq!(rel, Path::new("sub/games/etc/x.sgf"));
        let rel = member_rel(Path::new("g.zip"), "/a/b.sgf.gz");
        assert_eq!(rel, Path::new("g/a/b.sgf"));
    }
}
