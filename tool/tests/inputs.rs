//! `sgf_tool::inputs`: the walk's order and filters, `.gz` files and
//! archives built here, failures that do not stop the walk, a visitor
//! that stops it, byte counting, and files opened within their folder.

#[path = "support/archives.rs"]
mod archives;

use std::fs;
use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use archives::{gzip, tar_bytes, zip_bytes};
use sgf_tool::inputs::{find_files, Failure, FoundFile, Input, Visitor, Walker};
use tempfile::TempDir;

/// What a walk handed over, one line each.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Seen {
    /// A plain file: its path below the temporary folder, its `rel`.
    File(String, String),
    /// A stream: its name below the temporary folder, its `rel`, its
    /// bytes.
    Stream(String, String, String),
    /// A stream that failed as it was read: its name below the
    /// temporary folder.
    Unreadable(String),
    /// A failure: its name below the temporary folder.
    Failed(String),
}

/// Records everything, stopping after `stop_after` visits if set.
struct Record {
    root: PathBuf,
    seen: Vec<Seen>,
    files: Vec<FoundFile>,
    stop_after: Option<usize>,
}

impl Record {
    fn new(root: &Path) -> Record {
        Record {
            root: root.to_path_buf(),
            seen: Vec::new(),
            files: Vec::new(),
            stop_after: None,
        }
    }

    /// `name` below the temporary folder, with `/` between its parts.
    fn short(&self, name: &str) -> String {
        let root = format!("{}{}", self.root.display(), std::path::MAIN_SEPARATOR);
        name.strip_prefix(&root).unwrap_or(name).replace('\\', "/")
    }

    fn push(&mut self, seen: Seen) -> ControlFlow<()> {
        self.seen.push(seen);
        match self.stop_after {
            Some(limit) if self.seen.len() >= limit => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }
}

fn slashes(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

impl Visitor for Record {
    fn file(&mut self, file: FoundFile) -> ControlFlow<()> {
        let seen = Seen::File(self.short(&file.name()), slashes(file.rel()));
        self.files.push(file);
        self.push(seen)
    }

    fn stream(&mut self, input: Input, reader: &mut dyn Read) -> ControlFlow<()> {
        let mut text = String::new();
        let name = self.short(&input.name());
        let seen = match reader.read_to_string(&mut text) {
            Ok(_) => Seen::Stream(name, slashes(&input.rel), text),
            Err(_) => Seen::Unreadable(name),
        };
        self.push(seen)
    }

    fn failed(&mut self, failure: Failure) -> ControlFlow<()> {
        assert!(!failure.source.to_string().is_empty());
        let seen = Seen::Failed(self.short(&failure.name()));
        self.push(seen)
    }
}

fn put(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, bytes).unwrap();
    path
}

/// What a walk of `paths` hands over, the same with gzip inflated on
/// the walking thread and ahead of it on a thread of its own.
fn walk(root: &Path, paths: &[PathBuf]) -> Vec<Seen> {
    let [here, ahead] = [false, true].map(|ahead| {
        let mut record = Record::new(root);
        let walker = Walker::new().inflate_ahead(ahead).inflate_ahead_from(0);
        assert!(walker.walk(paths, &mut record).is_continue());
        record.seen
    });
    assert_eq!(here, ahead, "gzip inflated ahead");
    here
}

fn file(name: &str, rel: &str) -> Seen {
    Seen::File(name.to_string(), rel.to_string())
}

fn stream(name: &str, rel: &str, text: &str) -> Seen {
    Seen::Stream(name.to_string(), rel.to_string(), text.to_string())
}

#[test]
fn folders_are_walked_in_name_order_taking_sgf_files_in_any_case() {
    let dir = TempDir::new().unwrap();
    let root = dir.path().join("games");
    put(&root, "b.sgf", "(;)");
    put(&root, "B.SGF", "(;)");
    put(&root, "a/z.Sgf", "(;)");
    put(&root, "a/notes.txt", "no");
    put(&root, "a/archive.zip", "not read in a folder");
    put(&root, "c.sgf.GZ", gzip(b"(;C[gz])"));
    put(&root, "dir.sgf/inner.sgf", "(;)");
    put(&root, "sgf", "no");
    let seen = walk(dir.path(), std::slice::from_ref(&root));
    assert_eq!(
        seen,
        [
            file("games/B.SGF", "B.SGF"),
            file("games/a/z.Sgf", "a/z.Sgf"),
            file("games/b.sgf", "b.sgf"),
            stream("games/c.sgf.GZ", "c.sgf", "(;C[gz])"),
            file("games/dir.sgf/inner.sgf", "dir.sgf/inner.sgf"),
        ]
    );
}

#[test]
fn records_in_other_formats_are_taken_from_folders_and_archives_as_sgf_is() {
    let dir = TempDir::new().unwrap();
    let root = dir.path().join("games");
    put(&root, "a.GIB", "gib");
    put(&root, "b.ngf.Gz", gzip(b"ngf"));
    put(&root, "c.Ugf", "ugf");
    put(&root, "d.UGI", "ugi");
    put(&root, "e.ngfx", "no");
    put(&root, "gib", "no");
    let members: &[(&str, &[u8])] = &[
        ("x/one.ngf", b"ngf"),
        ("two.txt", b"no"),
        ("x/three.gib.gz", &gzip(b"gib")),
    ];
    put(&root, "f.tar", tar_bytes(members));
    let archive = put(
        dir.path(),
        "g.zip",
        zip_bytes(members, zip::CompressionMethod::Stored),
    );
    let seen = walk(dir.path(), &[root, archive]);
    assert_eq!(
        seen,
        [
            file("games/a.GIB", "a.GIB"),
            stream("games/b.ngf.Gz", "b.ngf", "ngf"),
            file("games/c.Ugf", "c.Ugf"),
            file("games/d.UGI", "d.UGI"),
            stream("g.zip/x/one.ngf", "g/x/one.ngf", "ngf"),
            stream("g.zip/x/three.gib.gz", "g/x/three.gib", "gib"),
        ]
    );
    // A tar archive is not taken from a folder; named, its records are.
    let seen = walk(dir.path(), &[dir.path().join("games/f.tar")]);
    assert_eq!(
        seen,
        [
            stream("games/f.tar/x/one.ngf", "f/x/one.ngf", "ngf"),
            stream("games/f.tar/x/three.gib.gz", "f/x/three.gib", "gib"),
        ]
    );
}

#[test]
fn files_named_directly_are_taken_whatever_their_name_in_the_order_given() {
    let dir = TempDir::new().unwrap();
    let notes = put(dir.path(), "sub/notes.txt", "(;)");
    let game = put(dir.path(), "game.sgf", "(;)");
    let seen = walk(dir.path(), &[notes, game.clone(), game]);
    let game = file("game.sgf", "game.sgf");
    assert_eq!(
        seen,
        [file("sub/notes.txt", "notes.txt"), game.clone(), game]
    );
}

#[test]
fn gz_files_are_decompressed_member_after_member() {
    let dir = TempDir::new().unwrap();
    let mut two = gzip(b"(;B[aa])");
    two.extend(gzip(b"(;W[bb])"));
    let path = put(dir.path(), "two.sgf.gz", two);
    let seen = walk(dir.path(), &[path]);
    assert_eq!(seen, [stream("two.sgf.gz", "two.sgf", "(;B[aa])(;W[bb])")]);
}

const MEMBERS: &[(&str, &[u8])] = &[
    ("x/one.sgf", b"(;C[one])"),
    ("readme.txt", b"not a game"),
    ("x/y/two.SGF", b"(;C[two])"),
];

/// What the walk sees of `MEMBERS` in the archive `archive`, found at
/// `stem` and its extension.
fn members_of(archive: &str, stem: &str) -> Vec<Seen> {
    vec![
        stream(
            &format!("{archive}/x/one.sgf"),
            &format!("{stem}/x/one.sgf"),
            "(;C[one])",
        ),
        stream(
            &format!("{archive}/x/y/two.SGF"),
            &format!("{stem}/x/y/two.SGF"),
            "(;C[two])",
        ),
    ]
}

#[test]
fn archive_members_are_read_without_extracting() {
    let dir = TempDir::new().unwrap();
    let tar = tar_bytes(MEMBERS);
    let paths = [
        put(
            dir.path(),
            "g.zip",
            zip_bytes(MEMBERS, zip::CompressionMethod::Deflated),
        ),
        put(dir.path(), "g.tar", &tar),
        put(dir.path(), "g.Tar.Gz", gzip(&tar)),
        put(dir.path(), "g.tgz", gzip(&tar)),
    ];
    let seen = walk(dir.path(), &paths);
    let mut want = members_of("g.zip", "g");
    want.extend(members_of("g.tar", "g"));
    want.extend(members_of("g.Tar.Gz", "g"));
    want.extend(members_of("g.tgz", "g"));
    assert_eq!(seen, want);
    let extracted: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(extracted.len(), 4, "the walk wrote nothing");
}

#[test]
fn gzipped_members_are_decompressed_and_member_paths_kept_below_the_archive() {
    let dir = TempDir::new().unwrap();
    let gz = gzip(b"(;C[gz])");
    let members: &[(&str, &[u8])] = &[("../../up.sgf", b"(;)"), ("/abs/g.sgf.gz", &gz)];
    let zip = put(
        dir.path(),
        "sub/a.zip",
        zip_bytes(members, zip::CompressionMethod::Stored),
    );
    let seen = walk(dir.path(), &[zip]);
    assert_eq!(
        seen,
        [
            stream("sub/a.zip/../../up.sgf", "a/up.sgf", "(;)"),
            stream("sub/a.zip//abs/g.sgf.gz", "a/abs/g.sgf", "(;C[gz])"),
        ]
    );
}

#[test]
fn only_regular_tar_entries_are_read() {
    let dir = TempDir::new().unwrap();
    let mut tar = tar::Builder::new(Vec::new());
    let mut header = tar::Header::new_gnu();
    header.set_entry_type(tar::EntryType::Symlink);
    header.set_size(0);
    tar.append_link(&mut header, "link.sgf", "x/one.sgf")
        .unwrap();
    let mut header = tar::Header::new_gnu();
    header.set_entry_type(tar::EntryType::Directory);
    header.set_size(0);
    tar.append_data(&mut header, "folder.sgf/", &[][..])
        .unwrap();
    let mut archive = tar.into_inner().unwrap();
    archive.truncate(archive.len() - 1024); // the end-of-archive blocks
    archive.extend(tar_bytes(MEMBERS));
    let path = put(dir.path(), "g.tar", archive);
    assert_eq!(walk(dir.path(), &[path]), members_of("g.tar", "g"));
}

#[test]
fn failures_are_reported_by_name_and_the_walk_goes_on() {
    let dir = TempDir::new().unwrap();
    let tar = gzip(&tar_bytes(MEMBERS));
    let paths = [
        dir.path().join("missing.sgf"),
        put(dir.path(), "bogus.zip", "this is no zip file"),
        put(dir.path(), "cut.tar.gz", &tar[..tar.len() / 2]),
        put(dir.path(), "bad.sgf.gz", "not gzip"),
        put(dir.path(), "good.sgf", "(;)"),
    ];
    let seen = walk(dir.path(), &paths);
    assert_eq!(
        seen,
        [
            Seen::Failed("missing.sgf".into()),
            Seen::Failed("bogus.zip".into()),
            stream("cut.tar.gz/x/one.sgf", "cut/x/one.sgf", "(;C[one])"),
            Seen::Failed("cut.tar.gz".into()),
            // A stream that cannot be decoded fails as it is read.
            Seen::Unreadable("bad.sgf.gz".into()),
            file("good.sgf", "good.sgf"),
        ]
    );
}

#[test]
fn a_failure_names_the_member_of_an_archive() {
    let failure = Failure {
        path: "g.zip".into(),
        member: Some("#3".into()),
        source: std::io::Error::other("bad header"),
    };
    assert_eq!(failure.name(), "g.zip/#3");
    assert_eq!(failure.name_with(':'), "g.zip:#3");
    assert_eq!(failure.to_string(), "g.zip/#3: bad header");
    assert!(std::error::Error::source(&failure).is_some());
}

#[test]
fn the_visitor_stops_the_walk_anywhere() {
    let dir = TempDir::new().unwrap();
    let zip = zip_bytes(MEMBERS, zip::CompressionMethod::Deflated);
    let paths = [
        put(dir.path(), "in/a.sgf", "(;)"),
        put(dir.path(), "in/b.zip", &zip),
        put(dir.path(), "c.zip", &zip),
    ];
    let all = walk(dir.path(), &[dir.path().join("in"), paths[2].clone()]);
    assert_eq!(all.len(), 3, "{all:?}"); // a.sgf, then c.zip's two members
    for stop_after in 1..=all.len() {
        let mut record = Record::new(dir.path());
        record.stop_after = Some(stop_after);
        let flow = Walker::new().walk(&[dir.path().join("in"), paths[2].clone()], &mut record);
        assert!(flow.is_break());
        assert_eq!(record.seen, all[..stop_after]);
    }
    // Stopping inside gzip inflated ahead: the walk returns at once,
    // leaving the rest of a long stream unread.
    let long: String = (0..20_000).map(|i| format!("(;C[{i}])")).collect();
    let gz = put(dir.path(), "long.sgf.gz", gzip(long.as_bytes()));
    let tgz = put(dir.path(), "d.tgz", gzip(&tar_bytes(MEMBERS)));
    for (paths, stop_after) in [(vec![gz.clone(), tgz.clone()], 1), (vec![tgz, gz], 1)] {
        let mut record = Record::new(dir.path());
        record.stop_after = Some(stop_after);
        let walker = Walker::new().inflate_ahead(true).inflate_ahead_from(0);
        let flow = walker.walk(&paths, &mut record);
        assert!(flow.is_break());
        assert_eq!(record.seen.len(), stop_after);
    }
}

#[test]
fn bytes_read_from_gz_files_and_archives_are_counted() {
    let dir = TempDir::new().unwrap();
    let gz = put(dir.path(), "a.sgf.gz", gzip(b"(;C[counted])"));
    let tar = put(dir.path(), "b.tgz", gzip(&tar_bytes(MEMBERS)));
    let plain = put(dir.path(), "c.sgf", "(;C[read by the visitor])");
    let size = |path: &Path| fs::metadata(path).unwrap().len();
    for ahead in [false, true] {
        let counted = AtomicU64::new(0);
        let count = |bytes| {
            counted.fetch_add(bytes, Ordering::Relaxed);
        };
        let walker = Walker::new()
            .buffer_capacity(16)
            .on_read(&count)
            .inflate_ahead(ahead)
            .inflate_ahead_from(0);
        let mut record = Record::new(dir.path());
        let _ = walker.walk(&[gz.clone(), plain.clone()], &mut record);
        let counted_now = counted.swap(0, Ordering::Relaxed);
        assert_eq!(counted_now, size(&gz), "a stream read to its end");
        assert_eq!(record.seen.len(), 2);
        let _ = walker.walk(std::slice::from_ref(&tar), &mut record);
        let counted_now = counted.load(Ordering::Relaxed);
        assert!(
            counted_now > 0 && counted_now <= size(&tar),
            "{counted_now}"
        );
        assert_eq!(record.seen.len(), 4);
    }
}

#[test]
fn find_files_lists_files_with_their_sizes_without_opening_archives() {
    let dir = TempDir::new().unwrap();
    put(dir.path(), "a.sgf", "(;)");
    put(dir.path(), "b/c.sgf.gz", gzip(b"(;)"));
    let zip = put(
        dir.path(),
        "d.zip",
        zip_bytes(MEMBERS, zip::CompressionMethod::Stored),
    );
    let mut found = Vec::new();
    for path in [dir.path().to_path_buf(), zip.clone()] {
        let _ = find_files(&path, &mut |file| {
            let file = file.unwrap();
            found.push((slashes(file.rel()), file.size().unwrap()));
            ControlFlow::Continue(())
        });
    }
    let gz_size = fs::metadata(dir.path().join("b/c.sgf.gz")).unwrap().len();
    let zip_size = fs::metadata(&zip).unwrap().len();
    assert_eq!(
        found,
        [
            ("a.sgf".into(), 3),
            ("b/c.sgf.gz".into(), gz_size),
            ("d.zip".into(), zip_size)
        ]
    );
}

#[cfg(unix)]
mod unix {
    use super::*;

    #[test]
    fn links_to_folders_are_not_followed_and_links_to_files_are() {
        let dir = TempDir::new().unwrap();
        let root = dir.path().join("r");
        put(&root, "a.sgf", "(;)");
        std::os::unix::fs::symlink(&root, root.join("loop")).unwrap();
        std::os::unix::fs::symlink(&root, root.join("loop.sgf")).unwrap();
        std::os::unix::fs::symlink(root.join("a.sgf"), root.join("b.sgf")).unwrap();
        std::os::unix::fs::symlink(root.join("gone"), root.join("c.sgf")).unwrap();
        let seen = walk(dir.path(), &[root]);
        assert_eq!(
            seen,
            [
                file("r/a.sgf", "a.sgf"),
                file("r/b.sgf", "b.sgf"),
                Seen::Failed("r/c.sgf".into()),
                Seen::Failed("r/loop.sgf".into()),
            ]
        );
    }

    #[test]
    fn a_named_pipe_in_a_folder_is_reported_not_opened() {
        let dir = TempDir::new().unwrap();
        put(dir.path(), "a.sgf", "(;)");
        let fifo = dir.path().join("pipe.sgf");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            eprintln!("note: mkfifo is unavailable; skipping this test");
            return;
        }
        let mut record = Record::new(dir.path());
        let mut message = String::new();
        let _ = find_files(dir.path(), &mut |found| {
            if let Err(failure) = found {
                message = failure.to_string();
            }
            ControlFlow::Continue(())
        });
        assert!(
            message.ends_with("pipe.sgf: not a regular file: skipped"),
            "{message}"
        );
        let _ = Walker::new().walk(&[dir.path().to_path_buf()], &mut record);
        assert_eq!(
            record.seen,
            [file("a.sgf", "a.sgf"), Seen::Failed("pipe.sgf".into())]
        );
    }

    #[test]
    fn files_found_in_a_folder_open_within_it_even_once_it_is_renamed() {
        let dir = TempDir::new().unwrap();
        let root = dir.path().join("before");
        put(&root, "sub/a.sgf", "(;C[a])");
        let named = put(dir.path(), "named.sgf", "(;)");
        let mut record = Record::new(dir.path());
        let _ = Walker::new().walk(&[root.clone(), named.clone()], &mut record);
        fs::rename(&root, dir.path().join("after")).unwrap();
        fs::rename(&named, dir.path().join("moved.sgf")).unwrap();
        let [in_folder, by_path] = &record.files[..] else {
            panic!("{:?}", record.seen)
        };
        let mut text = String::new();
        in_folder.open().unwrap().read_to_string(&mut text).unwrap();
        assert_eq!(text, "(;C[a])");
        assert_eq!(in_folder.path(), root.join("sub/a.sgf"));
        assert!(
            by_path.open().is_err(),
            "a file named directly is opened by its path"
        );
    }
}

#[test]
fn gzip_in_memory_is_inflated_alike_on_the_walking_thread_and_ahead() {
    let dir = TempDir::new().unwrap();
    let long: String = (0..5_000).map(|i| format!("(;C[{i}])")).collect();
    let mut two = gzip(long.as_bytes());
    two.extend(gzip(b"(;W[bb])"));
    let tgz = gzip(&tar_bytes(MEMBERS));
    let [here, ahead] = [false, true].map(|ahead| {
        let mut record = Record::new(dir.path());
        let walker = Walker::new().inflate_ahead(ahead).inflate_ahead_from(0);
        assert!(walker
            .walk_bytes(Path::new("a.sgf.gz"), &two, &mut record)
            .is_continue());
        assert!(walker
            .walk_bytes(Path::new("b.tgz"), &tgz, &mut record)
            .is_continue());
        assert!(walker
            .walk_bytes(Path::new("c.sgf.gz"), &two[..two.len() / 3], &mut record)
            .is_continue());
        record.seen
    });
    assert_eq!(here, ahead);
    let whole = format!("{long}(;W[bb])");
    assert_eq!(
        here,
        [
            stream("a.sgf.gz", "a.sgf", &whole),
            stream("b.tgz/x/one.sgf", "b/x/one.sgf", "(;C[one])"),
            stream("b.tgz/x/y/two.SGF", "b/x/y/two.SGF", "(;C[two])"),
            Seen::Unreadable("c.sgf.gz".into()),
        ]
    );
}
