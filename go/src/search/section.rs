//! [`Section`]: one section of an index being built, in memory or,
//! past a limit, mostly in a temporary file.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The bytes of a section: those written out to `file` first, then
/// `mem`.
#[derive(Debug, Default)]
pub(super) struct Section {
    pub(super) mem: Vec<u8>,
    spilled: u64,
    file: Option<File>,
}

impl Section {
    /// The section's length in bytes.
    pub(super) fn len(&self) -> u64 {
        self.spilled + self.mem.len() as u64
    }

    /// Moves the bytes in memory to the section's file in `dir` when
    /// there are `limit` or more. The file is removed from its folder as
    /// soon as it is made (where the system allows it), so that nothing
    /// is left behind.
    pub(super) fn spill(&mut self, dir: &Path, limit: usize) -> io::Result<()> {
        if self.mem.len() < limit {
            return Ok(());
        }
        if self.file.is_none() {
            let name = format!(
                ".sgf-index-{}-{:p}.tmp",
                std::process::id(),
                self as *const Section
            );
            let path = dir.join(name);
            let file = File::options()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)?;
            let _ = std::fs::remove_file(&path);
            self.file = Some(file);
        }
        let file = self.file.as_mut().expect("made above");
        file.write_all(&self.mem)?;
        self.spilled += self.mem.len() as u64;
        self.mem.clear();
        Ok(())
    }

    /// Writes the whole section to `out`.
    pub(super) fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(mut file) = self.file.as_ref() {
            file.seek(SeekFrom::Start(0))?;
            let copied = io::copy(&mut file.take(self.spilled), out)?;
            if copied != self.spilled {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "a temporary file of the index shrank",
                ));
            }
            file.seek(SeekFrom::End(0))?;
        }
        out.write_all(&self.mem)
    }
}
