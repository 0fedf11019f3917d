//! Helpers of the tests that run the `sgf` binary (`tests/cli*.rs`),
//! included by path so that the other tests need no `assert_cmd`.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// `sgf --quiet`, to be given a subcommand.
pub fn sgf() -> Command {
    let mut cmd = Command::cargo_bin("sgf").expect("the sgf binary is built");
    cmd.arg("--quiet");
    cmd
}

/// Writes `content` to `rel` below `dir`, making its folders.
pub fn write(dir: &Path, rel: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, content).unwrap();
    path
}

/// What `cmd` prints on standard output, as text.
pub fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

/// Every file below `dir`, as paths relative to it with `/` between
/// folders, sorted.
pub fn files_below(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}
