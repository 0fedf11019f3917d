//! Rewriting a file in place without ever leaving it half-written: the new
//! content goes to a temporary file beside the original, is flushed to
//! disk (fsync), and then renamed over the original in one step.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The temporary file for `path`: `.<name>.sgf-tmp` in the same directory
/// (so the rename stays on one file system).
pub fn temporary_path(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut temp = std::ffi::OsString::from(".");
    temp.push(name);
    temp.push(".sgf-tmp");
    Ok(path.with_file_name(temp))
}

/// Replaces the content of the file at `path` by `content`.
///
/// The original stays as it was unless the whole new content reached the
/// disk: on any error the temporary file is removed (if it was created)
/// and the original is untouched. An existing file at the temporary path
/// is never overwritten (it may be another run's); that is an error too.
/// The new file keeps the original's permissions. Symbolic links are
/// followed: the file they point to is replaced. Only a regular file is
/// replaced: a named pipe or a device stays what it is.
pub fn replace(path: &Path, content: &[u8]) -> io::Result<()> {
    let path = fs::canonicalize(path)?;
    let metadata = fs::metadata(&path)?;
    if !metadata.is_file() {
        let message = format!("{} is not a regular file", path.display());
        return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
    }
    let permissions = metadata.permissions();
    let temp = temporary_path(&path)?;
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .map_err(|err| annotate(err, "cannot create", &temp))?;
    let written = write_all_synced(&mut file, content)
        .and_then(|()| file.set_permissions(permissions))
        .and_then(|()| fs::rename(&temp, &path));
    drop(file);
    if let Err(err) = written {
        let _ = fs::remove_file(&temp);
        return Err(annotate(err, "cannot write", &temp));
    }
    sync_directory(&path);
    Ok(())
}

fn write_all_synced(file: &mut File, content: &[u8]) -> io::Result<()> {
    file.write_all(content)?;
    file.sync_all()
}

/// Makes the rename itself durable, where the platform allows it.
fn sync_directory(path: &Path) {
    if let Some(dir) = path.parent() {
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
}

fn annotate(err: io::Error, what: &str, path: &Path) -> io::Error {
    io::Error::new(err.kind(), format!("{what} {}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_content_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sgf");
        fs::write(&path, "old").unwrap();
        replace(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn only_regular_files_are_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.sgf");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            eprintln!("note: mkfifo is unavailable; skipping this test");
            return;
        }
        let err = replace(&fifo, b"(;)").unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        assert!(!fs::metadata(&fifo).unwrap().is_file());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_existing_temporary_path_is_an_error_and_the_original_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sgf");
        fs::write(&path, "old").unwrap();
        fs::create_dir(temporary_path(&path).unwrap()).unwrap();
        assert!(replace(&path, b"new").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert!(temporary_path(&path).unwrap().is_dir());
    }
}
