//! Writing a file without ever leaving it half-written: the new content
//! goes, piece by piece, to a temporary file beside it, is flushed to
//! disk (fsync), and is then renamed over the target in one step.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
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

/// A file being written beside its target, to replace (or create) it in
/// one step once complete.
///
/// An existing file at the temporary path is never overwritten (it may
/// be another run's); that is an error. Symbolic links to the target are
/// followed: the file they point to is replaced. Only a regular file is
/// replaced: a named pipe or a device stays what it is. A file started
/// with [`Staged::create`] replaces nothing.
pub struct Staged {
    target: PathBuf,
    temp: PathBuf,
    file: BufWriter<File>,
    /// Whether an existing target may be replaced.
    replace: bool,
}

impl Staged {
    /// Starts the new content of `target`.
    pub fn new(target: &Path) -> io::Result<Staged> {
        let target = match fs::canonicalize(target) {
            Ok(target) => target,
            Err(err) if err.kind() == io::ErrorKind::NotFound => target.to_path_buf(),
            Err(err) => return Err(err),
        };
        if fs::metadata(&target).is_ok_and(|meta| !meta.is_file()) {
            let message = format!("{} is not a regular file", target.display());
            return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
        }
        Staged::beside(target, true)
    }

    /// Starts a new file at `target`, which must not exist, now or when
    /// the file is put in place (an [`io::ErrorKind::AlreadyExists`]
    /// error then).
    pub fn create(target: &Path) -> io::Result<Staged> {
        if fs::symlink_metadata(target).is_ok() {
            return Err(exists(target));
        }
        Staged::beside(target.to_path_buf(), false)
    }

    fn beside(target: PathBuf, replace: bool) -> io::Result<Staged> {
        let temp = temporary_path(&target)?;
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|err| annotate(err, "cannot create", &temp))?;
        Ok(Staged {
            target,
            temp,
            file: BufWriter::with_capacity(256 << 10, file),
            replace,
        })
    }

    /// Appends to the new content.
    pub fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.file
            .write_all(bytes)
            .map_err(|err| annotate(err, "cannot write", &self.temp))
    }

    /// Whether the new content is what the target holds already.
    pub fn unchanged(&mut self) -> io::Result<bool> {
        self.file.flush()?;
        let (Ok(mut old), Ok(mut new)) = (File::open(&self.target), File::open(&self.temp)) else {
            return Ok(false);
        };
        if old.metadata()?.len() != new.metadata()?.len() {
            return Ok(false);
        }
        let (mut a, mut b) = (vec![0; 64 << 10], vec![0; 64 << 10]);
        loop {
            let read = read_full(&mut old, &mut a)?;
            if read_full(&mut new, &mut b[..read.max(1)])? != read || a[..read] != b[..read] {
                return Ok(false);
            }
            if read == 0 {
                return Ok(true);
            }
        }
    }

    /// Puts the new content in place of the target (which keeps its
    /// permissions), durably.
    pub fn commit(self) -> io::Result<()> {
        let Staged {
            target,
            temp,
            file,
            replace,
        } = self;
        let written = file
            .into_inner()
            .map_err(|err| err.into_error())
            .and_then(|file| {
                file.sync_all()?;
                if !replace {
                    return rename_new(&temp, &target);
                }
                if let Ok(meta) = fs::metadata(&target) {
                    file.set_permissions(meta.permissions())?;
                }
                fs::rename(&temp, &target)
            });
        if let Err(err) = written {
            let _ = fs::remove_file(&temp);
            if NotReplaced::is(&err) {
                return Err(err);
            }
            return Err(annotate(err, "cannot write", &temp));
        }
        sync_directory(&target);
        Ok(())
    }

    /// Drops the new content; the target stays as it was.
    pub fn discard(self) {
        let Staged { temp, file, .. } = self;
        drop(file);
        let _ = fs::remove_file(temp);
    }
}

/// Why a file was not put in place: its target exists, and a file
/// started with [`Staged::create`] replaces nothing.
#[derive(Debug)]
pub struct NotReplaced(PathBuf);

impl std::fmt::Display for NotReplaced {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} exists: not overwritten", self.0.display())
    }
}

impl std::error::Error for NotReplaced {}

impl NotReplaced {
    /// Whether `err` says that a target exists and was not replaced.
    pub fn is(err: &io::Error) -> bool {
        err.get_ref().is_some_and(|inner| inner.is::<NotReplaced>())
    }
}

/// The error for a target that exists and is not to be replaced.
fn exists(target: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::AlreadyExists,
        NotReplaced(target.to_path_buf()),
    )
}

/// Renames `from` to `to` unless `to` exists: in one step where the
/// system allows it (Linux's `RENAME_NOREPLACE`), else after a check.
fn rename_new(from: &Path, to: &Path) -> io::Result<()> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        use rustix::io::Errno;
        match renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE) {
            Ok(()) => return Ok(()),
            Err(Errno::EXIST) => return Err(exists(to)),
            // The file system cannot: check, then rename.
            Err(Errno::INVAL | Errno::NOSYS) => {}
            Err(err) => return Err(err.into()),
        }
    }
    if fs::symlink_metadata(to).is_ok() {
        return Err(exists(to));
    }
    fs::rename(from, to)
}

/// Reads until `buf` is full or the end.
fn read_full(file: &mut File, buf: &mut [u8]) -> io::Result<usize> {
    let mut read = 0;
    while read < buf.len() {
        match file.read(&mut buf[read..])? {
            0 => break,
            n => read += n,
        }
    }
    Ok(read)
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
        let mut staged = Staged::new(&path).unwrap();
        staged.write(b"ne").unwrap();
        staged.write(b"w").unwrap();
        assert!(!staged.unchanged().unwrap());
        staged.commit().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn the_same_content_is_seen_unchanged_and_discarding_keeps_the_original() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sgf");
        fs::write(&path, "same").unwrap();
        let mut staged = Staged::new(&path).unwrap();
        staged.write(b"same").unwrap();
        assert!(staged.unchanged().unwrap());
        staged.discard();
        assert_eq!(fs::read(&path).unwrap(), b"same");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_new_file_is_created() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.sgf");
        let mut staged = Staged::new(&path).unwrap();
        staged.write(b"(;)").unwrap();
        staged.commit().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"(;)");
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
        let err = Staged::new(&fifo).err().unwrap();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        assert!(!fs::metadata(&fifo).unwrap().is_file());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_created_file_replaces_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sgf");
        fs::write(&path, "old").unwrap();
        let err = Staged::create(&path).err().unwrap();
        assert!(NotReplaced::is(&err), "{err}");
        // A file that appears while the new one is written stays too.
        let late = dir.path().join("late.sgf");
        let mut staged = Staged::create(&late).unwrap();
        staged.write(b"(;)").unwrap();
        fs::write(&late, "theirs").unwrap();
        let err = staged.commit().err().unwrap();
        assert!(NotReplaced::is(&err), "{err}");
        assert_eq!(fs::read(&late).unwrap(), b"theirs");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
        let mut staged = Staged::create(&dir.path().join("new.sgf")).unwrap();
        staged.write(b"(;)").unwrap();
        staged.commit().unwrap();
        assert_eq!(fs::read(dir.path().join("new.sgf")).unwrap(), b"(;)");
    }

    #[test]
    fn an_existing_temporary_path_is_an_error_and_the_original_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sgf");
        fs::write(&path, "old").unwrap();
        fs::create_dir(temporary_path(&path).unwrap()).unwrap();
        assert!(Staged::new(&path).is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert!(temporary_path(&path).unwrap().is_dir());
    }
}
