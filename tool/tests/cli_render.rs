//! `sgf render` run as a process: positions of the sample games as SVG
//! and PNG, the start of a handicap game, variations by path, one
//! picture per move, and files never overwritten without --force.
#![cfg(feature = "cli")]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

fn sgf() -> Command {
    let mut cmd = Command::cargo_bin("sgf").expect("the sgf binary is built");
    cmd.arg("--quiet");
    cmd
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name)
}

/// The stones of an SVG by colour: `(black, white)`.
fn stones(svg: &str) -> (usize, usize) {
    let doc = roxmltree::Document::parse(svg).expect("XML");
    let count = |class: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    };
    (count("stone black"), count("stone white"))
}

fn svg_of(args: &[&str]) -> String {
    let output = sgf()
        .arg("render")
        .args(args)
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn move_zero_of_a_handicap_game_shows_its_stones() {
    // game2.sgf: HA[2]AB[dp][pd], then B[bn];W[ej].
    let game = data("game2.sgf");
    let game = game.to_str().unwrap();
    assert_eq!(stones(&svg_of(&[game, "--move", "0"])), (2, 0));
    assert_eq!(stones(&svg_of(&[game, "--move", "1"])), (3, 0));
    assert_eq!(stones(&svg_of(&[game, "--move", "2"])), (3, 1));
}

#[test]
fn the_default_is_the_end_of_the_main_line_and_paths_pick_variations() {
    let file = data("variations.sgf");
    let file = file.to_str().unwrap();
    // Main line: B pd, W dp, B pq, W dd, B fq, W cn, B jp.
    assert_eq!(stones(&svg_of(&[file])), (4, 3));
    // The second variation at the first fork: W qd, B dd, W oc.
    assert_eq!(stones(&svg_of(&[file, "--path", "1"])), (3, 3));
    // The third: W ec, and the line ends.
    assert_eq!(
        stones(&svg_of(&[file, "--path", "2", "--move", "4"])),
        (2, 2)
    );
    let output = sgf()
        .args(["render", file, "--path", "5", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("variations 0 to 2"));
    let output = sgf()
        .args(["render", file, "--move", "50", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn pngs_decode_at_the_asked_size() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("game.png");
    let game = data("game1.sgf");
    sgf()
        .arg("render")
        .arg(&game)
        .args([
            "--move",
            "50",
            "--numbers",
            "41..50",
            "--size",
            "321",
            "--style",
            "book",
        ])
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    let bytes = fs::read(&out).unwrap();
    let decoder = png::Decoder::new(&bytes[..]);
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!(info.height.max(info.width), 321);
}

#[test]
fn files_are_kept_without_force() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("picture.svg");
    fs::write(&out, "mine").unwrap();
    let game = data("game1.sgf");
    sgf()
        .arg("render")
        .arg(&game)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2);
    assert_eq!(fs::read_to_string(&out).unwrap(), "mine");
    sgf()
        .arg("render")
        .arg(&game)
        .args(["-o"])
        .arg(&out)
        .arg("--force")
        .assert()
        .success();
    assert!(fs::read_to_string(&out).unwrap().starts_with("<svg"));
}

#[test]
fn all_moves_writes_one_picture_per_position() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("frames");
    let file = data("variations.sgf");
    let run = || {
        sgf()
            .arg("render")
            .arg(&file)
            .args(["--all-moves", "--coordinates", "none", "-o"])
            .arg(&out)
            .output()
            .unwrap()
    };
    assert!(run().status.success());
    let mut names: Vec<String> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // The start and the seven moves of the main line.
    let expected: Vec<String> = (0..=7).map(|n| format!("variations-{n:04}.svg")).collect();
    assert_eq!(names, expected);
    for (n, name) in names.iter().enumerate() {
        let (black, white) = stones(&fs::read_to_string(out.join(name)).unwrap());
        assert_eq!(black + white, n, "{name}");
    }
    // A second run finds the pictures there and stops at the first.
    let again = run();
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
}

#[test]
fn animate_writes_one_frame_per_position() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("game.png");
    sgf()
        .arg("render")
        .arg(data("variations.sgf"))
        .args(["--animate", "--size", "120", "--delay", "250", "-o"])
        .arg(&out)
        .assert()
        .success();
    let bytes = fs::read(&out).unwrap();
    // The animation control chunk: frames, then plays.
    let at = bytes.windows(4).position(|w| w == b"acTL").unwrap();
    let frames = u32::from_be_bytes(bytes[at + 4..at + 8].try_into().unwrap());
    assert_eq!(frames, 8, "the start and seven moves");
    assert_eq!(bytes.windows(4).filter(|w| w == b"fcTL").count(), 8);
}
