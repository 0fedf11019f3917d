//! The `sgf` tool's Go features run as a process: `check --rules`,
//! `dedupe` and `json --hash`, on files written here.
#![cfg(feature = "cli")]

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

fn sgf() -> Command {
    let mut cmd = Command::cargo_bin("sgf").expect("the sgf binary is built");
    cmd.arg("--quiet");
    cmd
}

fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

/// A game on 19x19, its moves as (column, row).
const MOVES: &[(u8, u8)] = &[
    (15, 3),
    (3, 15),
    (16, 15),
    (2, 3),
    (14, 16),
    (4, 2),
    (2, 13),
    (13, 2),
    (9, 9),
    (10, 4),
];

/// The SGF of `moves` on 19x19, each point passed through `map`.
fn game(moves: &[(u8, u8)], map: impl Fn(u8, u8) -> (u8, u8)) -> String {
    let mut sgf = String::from("(;GM[1]SZ[19]");
    for (i, &(c, r)) in moves.iter().enumerate() {
        let (c, r) = map(c, r);
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        sgf += &format!(";{color}[{}{}]", (b'a' + c) as char, (b'a' + r) as char);
    }
    sgf + ")\n"
}

/// A folder with a game, the game turned a quarter, the game mirrored,
/// and another game; and a collection whose second game is the first.
fn games_folder() -> TempDir {
    let dir = TempDir::new().unwrap();
    let write = |name: &str, text: String| fs::write(dir.path().join(name), text).unwrap();
    write("a-game.sgf", game(MOVES, |c, r| (c, r)));
    write("b-turned.sgf", game(MOVES, |c, r| (18 - r, c)));
    write("c-mirrored.sgf", game(MOVES, |c, r| (18 - c, r)));
    write("d-other.sgf", game(&MOVES[..6], |c, r| (r, (c + 5) % 19)));
    let other = game(&[(3, 3), (15, 15)], |c, r| (c, r));
    write("e-collection.sgf", other.clone() + &other);
    dir
}

#[test]
fn dedupe_groups_a_game_with_its_rotation_and_mirror() {
    let dir = games_folder();
    let out = sgf().arg("dedupe").arg(dir.path()).assert().code(0);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let name = |file: &str| dir.path().join(file).display().to_string();
    let expected = [
        format!("same moves: 3 games, {} moves", MOVES.len()),
        format!("  {} #0", name("a-game.sgf")),
        format!("  {} #0", name("b-turned.sgf")),
        format!("  {} #0", name("c-mirrored.sgf")),
        "same moves: 2 games, 2 moves".to_string(),
        format!("  {} #0", name("e-collection.sgf")),
        format!("  {} #1", name("e-collection.sgf")),
    ];
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected, "{stdout}");
}

#[test]
fn dedupe_by_final_position() {
    let dir = games_folder();
    // The same stones, reached in another order.
    let mut swapped = MOVES.to_vec();
    swapped.swap(0, 2);
    fs::write(
        dir.path().join("f-order.sgf"),
        game(&swapped, |c, r| (c, r)),
    )
    .unwrap();
    let stdout = stdout_of(sgf().args(["dedupe", "--by", "position"]).arg(dir.path()));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("same final position: 4 games, {} stones", MOVES.len())
    );
    assert!(lines[4].ends_with("f-order.sgf #0"), "{stdout}");
    let moves = stdout_of(sgf().args(["dedupe"]).arg(dir.path()));
    assert!(!moves.contains("f-order"), "other moves: {moves}");
}

#[test]
fn dedupe_summary_counts_games_and_groups() {
    let dir = games_folder();
    let mut cmd = Command::cargo_bin("sgf").unwrap();
    let stdout = stdout_of(cmd.arg("dedupe").arg(dir.path()));
    assert_eq!(
        stdout.lines().last(),
        Some("5 files, 6 games, 2 groups of the same game")
    );
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn check_rules_reports_illegal_moves_with_codes_and_positions() {
    let dir = TempDir::new().unwrap();
    let broken = write(
        dir.path(),
        "broken.sgf",
        "(;GM[1]SZ[9]\n;B[ee];W[ef]\n;B[ee](;W[zz])\n(;W[aa];W[bb]))",
    );
    let out = sgf()
        .args(["check", "--rules"])
        .arg(&broken)
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let expected = [
        format!("{broken}:3:1: error: illegal-occupied: illegal move B[ee]: the point is occupied"),
        format!("{broken}:3:9: error: off-board: W[zz] is off the 9x9 board"),
        format!(
            "{broken}:4:8: warning: wrong-turn: illegal move W[bb]: it is the other player's turn"
        ),
    ];
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected, "{stdout}");
    // Without --rules only the checks of values run.
    sgf()
        .arg("check")
        .arg(&broken)
        .assert()
        .code(1)
        .stdout(format!("{}\n", expected[1]));
}

#[test]
fn check_rules_chooses_the_ko_rule() {
    let dir = TempDir::new().unwrap();
    // Two kos: Black takes one, White the other, Black passes, White
    // retakes the first and Black the second: the first position again.
    let cycle = write(
        dir.path(),
        "cycle.sgf",
        "(;GM[1]SZ[9]AB[ba][ab][bc][be][af][cf][bg]AW[ca][bb][db][cc][ce][df][cg];\
         B[cb];W[bf];B[];W[bb];B[cf])",
    );
    sgf()
        .args(["check", "--rules"])
        .arg(&cycle)
        .assert()
        .code(0)
        .stdout("");
    let out = sgf()
        .args(["check", "--rules=chinese"])
        .arg(&cycle)
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains(": error: illegal-superko: "), "{stdout}");
    // RU[Chinese] in the game does the same with --rules alone.
    let chinese = write(
        dir.path(),
        "ru.sgf",
        &fs::read_to_string(&cycle)
            .unwrap()
            .replacen("GM[1]", "GM[1]RU[Chinese]", 1),
    );
    sgf()
        .args(["check", "--rules"])
        .arg(&chinese)
        .assert()
        .code(1);
}

#[test]
fn check_rules_places_problems_in_legacy_charsets() {
    let dir = TempDir::new().unwrap();
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]C[表表表];B[aa];W[aa])");
    let path = dir.path().join("sjis.sgf");
    fs::write(&path, &sjis).unwrap();
    let stdout = stdout_of(sgf().args(["check", "--rules"]).arg(&path));
    let offset = sjis.windows(2).rposition(|w| w == b";W").unwrap();
    assert!(
        stdout.starts_with(&format!(
            "{}:1:{}: error: illegal-occupied",
            path.display(),
            offset + 1
        )),
        "{stdout}"
    );
}

#[test]
fn json_hash_adds_the_final_position_hashes() {
    let dir = games_folder();
    let stdout = stdout_of(sgf().args(["json", "--hash"]).arg(dir.path()));
    let games: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 6);
    let field = |i: usize, name: &str| games[i][name].as_str().unwrap().to_string();
    assert_eq!(field(0, "final_hash").len(), 16);
    assert_ne!(field(0, "final_hash"), field(2, "final_hash"));
    assert_eq!(field(0, "canonical_hash"), field(2, "canonical_hash"));
    assert_eq!(field(0, "moves_hash"), field(1, "moves_hash"));
    assert_ne!(field(0, "canonical_hash"), field(3, "canonical_hash"));
    let plain = stdout_of(sgf().arg("json").arg(dir.path()));
    assert!(!plain.contains("final_hash"));
}
