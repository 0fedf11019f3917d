//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub mod damage;
pub mod generate;
pub mod records;

/// A reader that hands out at most `piece` bytes per read.
pub struct Trickle<'a> {
    pub rest: &'a [u8],
    pub piece: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.rest.len().min(self.piece).min(out.len());
        out[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

/// The process's peak resident set size in bytes, where Linux reports it
/// (`VmHWM`); `None` elsewhere.
pub fn peak_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// `../shared/<rel>` beside the repository (or below `$SGF_SHARED`, when
/// set), if it exists; otherwise prints a note saying the test is skipped
/// and returns `None`.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let base = match std::env::var_os("SGF_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("../shared"),
    };
    let path = base.join(rel);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("note: {} is absent; skipping this test", path.display());
        None
    }
}

/// The folder of the workspace (where `Cargo.lock` is), whichever of its
/// crates the test belongs to.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").exists())
        .unwrap_or(manifest)
        .to_path_buf()
}

/// Every `.sgf` file (any letter case) below `dir`, sorted.
pub fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|ext| ext.eq_ignore_ascii_case("sgf"))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The files of `../shared/corpus`, or `None` (with a note) when absent.
pub fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = shared("corpus")?;
    let files = sgf_files(&dir);
    assert!(files.len() > 1000, "the corpus holds thousands of games");
    Some(files)
}

/// Runs `f` on a thread with a stack of `bytes`.
pub fn on_small_stack<T: Send + 'static>(
    bytes: usize,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    std::thread::Builder::new()
        .stack_size(bytes)
        .spawn(f)
        .expect("spawn a thread")
        .join()
        .expect("the thread did not panic")
}

/// A game of `moves` moves on one main line: `(;SZ[19];B[aa];W[ba]...)`.
pub fn long_main_line(moves: usize) -> String {
    let mut sgf = String::with_capacity(moves * 7 + 16);
    sgf.push_str("(;SZ[19]");
    for i in 0..moves {
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let a = (b'a' + (i % 19) as u8) as char;
        let b = (b'a' + (i / 19 % 19) as u8) as char;
        sgf.push_str(&format!(";{colour}[{a}{b}]"));
    }
    sgf.push(')');
    sgf
}

/// `depth` game trees nested one in the other: `(;C[0](;C[1](;C[2])))`.
pub fn nested_variations(depth: usize) -> String {
    let mut sgf = String::with_capacity(depth * 12);
    for i in 0..depth {
        sgf.push_str(&format!("(;C[{i}]"));
    }
    sgf.push_str(&")".repeat(depth));
    sgf
}
