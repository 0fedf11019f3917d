//! The walk over folders: every file a path names, in order.

use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use super::file::Folder;
use super::{format_of_name, Failure, FoundFile};

/// Calls `found` with every file that `path` names, in order, or with
/// what could not be read, until it returns `Break` (which is returned).
///
/// A file is taken whatever its name; a folder is walked in pre-order
/// with an explicit stack, each folder's entries sorted by name (as
/// bytes), taking subfolders and files named as game records
/// ([`is_game_record`](super::is_game_record): `.sgf`, `.gib`, `.ngf`,
/// `.ugf`, `.ugi`, also before `.gz`, in any letter case). Links to
/// folders are not followed (no cycles); links to files are. An entry
/// named as a game record that is not a regular file (a named
/// pipe, a link to a folder) is reported, not taken: reading it could
/// block.
///
/// ```
/// use std::ops::ControlFlow;
/// use sgf_tool::inputs::find_files;
///
/// let dir = std::env::temp_dir().join(format!("sgf-find-doc-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("b"))?;
/// std::fs::write(dir.join("b/x.sgf.gz"), "")?;
/// std::fs::write(dir.join("a.sgf"), "(;)")?;
/// std::fs::write(dir.join("c.txt"), "")?;
/// std::fs::write(dir.join("b/y.NGF"), "")?;
/// let mut rels = Vec::new();
/// let _ = find_files(&dir, &mut |found| {
///     rels.push(found.unwrap().rel().to_string_lossy().replace('\\', "/"));
///     ControlFlow::Continue(())
/// });
/// assert_eq!(rels, ["a.sgf", "b/x.sgf.gz", "b/y.NGF"]);
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn find_files(
    path: &Path,
    found: &mut dyn FnMut(Result<FoundFile, Failure>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match std::fs::metadata(path) {
        Err(err) => found(Err(Failure::new(path, err))),
        Ok(meta) if meta.is_dir() => walk_folder(path, found),
        Ok(meta) => found(Ok(FoundFile::named(path, meta.len()))),
    }
}

/// An entry of a folder, as it is visited.
enum Entry {
    Folder(PathBuf),
    File(FoundFile),
    Failed(Failure),
}

/// Pre-order over the folder tree below `root` with an explicit stack.
fn walk_folder(
    root: &Path,
    found: &mut dyn FnMut(Result<FoundFile, Failure>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut stack = vec![Entry::Folder(root.to_path_buf())];
    while let Some(entry) = stack.pop() {
        match entry {
            Entry::File(file) => found(Ok(file))?,
            Entry::Failed(failure) => found(Err(failure))?,
            Entry::Folder(path) => match sorted_entries(&path, root) {
                Ok(entries) => stack.extend(entries.into_iter().rev()),
                Err(err) => found(Err(Failure::new(&path, err)))?,
            },
        }
    }
    ControlFlow::Continue(())
}

/// The subfolders and game records of `dir`, sorted by name.
fn sorted_entries(dir: &Path, root: &Path) -> io::Result<Vec<Entry>> {
    let folder = Folder::open(dir);
    let folder_rel = dir.strip_prefix(root).unwrap_or(dir);
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let name = entry.file_name();
        let path = entry.path();
        let entry = if kind.is_dir() {
            Entry::Folder(path)
        } else if format_of_name(name.as_encoded_bytes()).is_none() {
            continue;
        } else if kind.is_file() || (kind.is_symlink() && path.is_file()) {
            Entry::File(FoundFile::in_folder(path, &name, folder_rel, &folder))
        } else if let Err(err) = std::fs::metadata(&path) {
            Entry::Failed(Failure::new(&path, err))
        } else {
            let err = io::Error::other("not a regular file: skipped");
            Entry::Failed(Failure::new(&path, err))
        };
        out.push((name, entry));
    }
    out.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Ok(out.into_iter().map(|(_, entry)| entry).collect())
}
