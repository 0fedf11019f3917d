//! A plain file found by a walk, ready to be opened.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
#[cfg(unix)]
use std::{ffi::OsString, os::fd::OwnedFd, sync::Arc};

use super::Container;

/// A file found by a walk: its path, where it sits below the path it was
/// found from, and what is known of its size. On Unix a file found in a
/// folder is opened within that folder, kept open for its files (`openat`),
/// so that opening it looks up one name rather than every folder on the
/// path.
#[derive(Debug, Clone)]
pub struct FoundFile {
    path: PathBuf,
    rel: PathBuf,
    size: Option<u64>,
    container: Container,
    #[cfg(unix)]
    within: Option<(Arc<OwnedFd>, OsString)>,
}

impl FoundFile {
    /// A file named directly: `rel` is its file name.
    pub(super) fn named(path: &Path, size: u64) -> FoundFile {
        FoundFile {
            path: path.to_path_buf(),
            rel: PathBuf::from(path.file_name().unwrap_or(path.as_os_str())),
            size: Some(size),
            container: Container::of_path(path),
            #[cfg(unix)]
            within: None,
        }
    }

    /// A file named `name` found in `folder` at `path`; `folder_rel`:
    /// where the folder sits below the walk's root.
    pub(super) fn in_folder(
        path: PathBuf,
        name: &std::ffi::OsStr,
        folder_rel: &Path,
        folder: &Folder,
    ) -> FoundFile {
        let rel = match folder_rel.as_os_str().is_empty() {
            true => PathBuf::from(name),
            false => folder_rel.join(name),
        };
        FoundFile {
            #[cfg(unix)]
            within: folder.handle.clone().map(|handle| (handle, name.into())),
            container: Container::of_bytes(name.as_encoded_bytes()),
            path,
            rel,
            size: None,
        }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the file sits below the path it was found from (its file
    /// name when it was named directly).
    pub fn rel(&self) -> &Path {
        &self.rel
    }

    /// The file's name in messages: its path.
    pub fn name(&self) -> String {
        match self.path.to_str() {
            Some(path) => path.to_owned(),
            None => self.path.display().to_string(),
        }
    }

    /// The container the file comes in (gzip, an archive, or none), by
    /// its name.
    pub fn container(&self) -> Container {
        self.container
    }

    /// The file's size in bytes if it is known without a look (a file
    /// named directly, or one whose size was looked up by the walk).
    pub fn known_size(&self) -> Option<u64> {
        self.size
    }

    /// The file's size in bytes: known for a file named directly, else
    /// looked up (following links).
    pub fn size(&self) -> io::Result<u64> {
        if let Some(size) = self.size {
            return Ok(size);
        }
        #[cfg(unix)]
        if let Some((folder, name)) = &self.within {
            use rustix::fs::{statat, AtFlags};
            return Ok(statat(folder, name, AtFlags::empty())?.st_size as u64);
        }
        Ok(std::fs::metadata(&self.path)?.len())
    }

    /// The file with its size known, so that [`size`](Self::size) does
    /// not look it up again.
    pub(super) fn with_size(mut self, size: u64) -> FoundFile {
        self.size = Some(size);
        self
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

/// A folder being walked, opened once on Unix for the files found in it
/// (when it cannot be opened, its files are opened by their paths).
#[derive(Debug)]
pub(super) struct Folder {
    #[cfg(unix)]
    handle: Option<Arc<OwnedFd>>,
}

impl Folder {
    pub(super) fn open(dir: &Path) -> Folder {
        #[cfg(unix)]
        {
            use rustix::fs::{open, Mode, OFlags};
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
            let handle = open(dir, flags, Mode::empty()).ok().map(Arc::new);
            Folder { handle }
        }
        #[cfg(not(unix))]
        {
            let _ = dir;
            Folder {}
        }
    }
}
