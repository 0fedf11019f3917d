//! GIB, NGF and UGF records written here, one for each rule of the
//! shared README (`../shared/formats/README.md`): header fields, result
//! codes and texts, passes, handicaps 2 to 9, the old NGF layout, IGS
//! coordinates from the bottom (charsets, records cut short and garbage:
//! `formats_edges.rs`).

#[path = "../../tests/common/mod.rs"]
mod common;

use common::records::{format_error, gib, moves, ngf_record, one, stones, tree, ugf, warnings};
use sgf_go::{Board, ReplayOptions};
use sgf_stream::formats::{self, Format, FormatErrorKind};
use sgf_stream::typed::BoardSize;
use sgf_stream::WarningKind;

// ---- GIB ----

#[test]
fn gib_result_codes() {
    let cases: &[(&str, &str, Option<&str>)] = &[
        ("0", "35", Some("B+3.5")),
        ("1", "245", Some("W+24.5")),
        ("3", "0", Some("B+R")),
        ("4", "0", Some("W+R")),
        ("5", "0", Some("B+F")),
        ("6", "0", Some("W+F")),
        ("7", "0", Some("B+T")),
        ("8", "0", Some("W+T")),
        ("255", "0", None),
    ];
    for &(code, margin, expected) in cases {
        let main = format!("GAMEINFOMAIN=GBKIND:3,GRLT:{code},ZIPSU:{margin},GONGJE:65,TCNT:1");
        let record = gib(&[&main], &["STO 0 2 1 15 3"]);
        let tree = tree(Format::Gib, record.as_bytes());
        assert_eq!(one(&tree, "RE").as_deref(), expected, "GRLT {code}");
        assert!(warnings(Format::Gib, record.as_bytes()).is_empty());
    }
    // An unknown code: left out, with a warning.
    let record = gib(&["GAMEINFOMAIN=GRLT:2,ZIPSU:0"], &[]);
    assert_eq!(one(&tree(Format::Gib, record.as_bytes()), "RE"), None);
    assert_eq!(
        warnings(Format::Gib, record.as_bytes()),
        [WarningKind::UnreadValue {
            field: "GRLT",
            value: "2".into()
        }]
    );
}

#[test]
fn gib_result_and_komi_fall_back_to_gametag_then_text() {
    let tagged = gib(
        &["GAMETAG=S0,R0,D0,G75,W0,Z15,T30-3-1200,C2016:03:26:17:29"],
        &[],
    );
    let tree1 = tree(Format::Gib, tagged.as_bytes());
    assert_eq!(one(&tree1, "RE").as_deref(), Some("B+1.5"));
    assert_eq!(one(&tree1, "KM").as_deref(), Some("7.5"));
    assert_eq!(one(&tree1, "DT").as_deref(), Some("2016-03-26"));
    let texted = gib(
        &["GAMERESULT=white wins by resignation", "GAMEGONGJE=65"],
        &[],
    );
    let tree2 = tree(Format::Gib, texted.as_bytes());
    assert_eq!(one(&tree2, "RE").as_deref(), Some("W+R"));
    assert_eq!(one(&tree2, "KM").as_deref(), Some("6.5"));
}

#[test]
fn gib_players_from_names_or_user_info_and_ranks_from_level_codes() {
    let old = gib(
        &[
            "GAMEBLACKNAME=kim (3D)",
            "GAMEWHITENAME=lee(5K)",
            "GAMEWHITELEVEL=lee",
        ],
        &[],
    );
    let tree1 = tree(Format::Gib, old.as_bytes());
    assert_eq!(one(&tree1, "PB").as_deref(), Some("kim"));
    assert_eq!(one(&tree1, "PW").as_deref(), Some("lee"));
    // No level codes: the rank in the name, in short form.
    assert_eq!(one(&tree1, "BR").as_deref(), Some("3d"));
    assert_eq!(one(&tree1, "WR").as_deref(), Some("5k"));
    // Newer files: only the lists.
    let new = gib(
        &[
            "WUSERINFO=WID:white_id,WLV:27,WNICK:w",
            "BUSERINFO=BID:black_id,BLV:5,BNICK:b",
            "GAMEINFOSUB=GNAME:Final,GDATE:2021- 1- 2- 3- 4- 5,GPLC:Seoul",
        ],
        &[],
    );
    let tree2 = tree(Format::Gib, new.as_bytes());
    assert_eq!(one(&tree2, "PB").as_deref(), Some("black_id"));
    assert_eq!(one(&tree2, "PW").as_deref(), Some("white_id"));
    assert_eq!(one(&tree2, "BR").as_deref(), Some("13k"));
    assert_eq!(one(&tree2, "WR").as_deref(), Some("1p"));
    assert_eq!(one(&tree2, "DT").as_deref(), Some("2021-01-02"));
    assert_eq!(one(&tree2, "GN").as_deref(), Some("Final"));
    assert_eq!(one(&tree2, "PC").as_deref(), Some("Seoul"));
}

#[test]
fn gib_header_values_may_run_over_lines() {
    let record = "\\HS\n\\[GAMETIME=Time limit 10minute :\n30 second countdown 3 time\\]\n\
                  \\[GAMEBLACKNAME=x\\]\n\\HE\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 3 3\n\\GE\n";
    let tree = tree(Format::Gib, record.as_bytes());
    assert_eq!(one(&tree, "PB").as_deref(), Some("x"));
    assert_eq!(moves(&tree), ["B[dd]"]);
}

#[test]
fn gib_passes_are_played_by_the_side_to_move() {
    let record = gib(
        &[],
        &[
            "INI 0 1 0 &4",
            "SKI 0 2",
            "STO 0 3 2 3 3",
            "SKI 0 4",
            "SKI 0 5",
        ],
    );
    let tree1 = tree(Format::Gib, record.as_bytes());
    assert_eq!(moves(&tree1), ["B[]", "W[dd]", "B[]", "W[]"]);
    assert!(tree1.to_string().contains(";B[];W[dd];B[];W[])"));
    // After handicap stones, White moves first.
    let handicap = gib(&[], &["INI 0 1 2 &4", "SKI 0 2", "STO 0 3 1 3 3"]);
    assert_eq!(
        moves(&tree(Format::Gib, handicap.as_bytes())),
        ["W[]", "B[dd]"]
    );
}

#[test]
fn gib_and_ngf_handicaps_2_to_9_go_where_the_readme_and_gtp_put_them() {
    for count in 2..=9u8 {
        // The fixed points of the Go rules' board (GTP's), which agree
        // with the README's list on 19×19.
        let mut board = Board::new(BoardSize::square(19));
        let mut expected: Vec<String> = board
            .place_handicap(count)
            .unwrap()
            .iter()
            .map(|p| p.to_string())
            .collect();
        expected.sort();
        let ini = format!("INI 0 1 {count} &4");
        let record = gib(&[], &[&ini, "STO 0 2 2 9 2"]);
        let gib_tree = tree(Format::Gib, record.as_bytes());
        assert_eq!(stones(&gib_tree), expected, "GIB handicap {count}");
        assert_eq!(one(&gib_tree, "HA"), Some(count.to_string()));
        ReplayOptions::new()
            .replay(gib_tree.main_line())
            .run()
            .unwrap();

        let ngf = ngf_record(
            "Handicap",
            19,
            count,
            "0",
            "White wins by 3.5!",
            &["PMABWKDDK"],
        );
        let ngf_tree = tree(Format::Ngf, ngf.as_bytes());
        assert_eq!(stones(&ngf_tree), expected, "NGF handicap {count}");
        // A handicap game's komi stays as written.
        assert_eq!(one(&ngf_tree, "KM").as_deref(), Some("0"));
    }
    // The README's own words for 3 stones: upper left, not lower right.
    let three = tree(Format::Gib, gib(&[], &["INI 0 1 3 &4"]).as_bytes());
    assert_eq!(stones(&three), ["dd", "dp", "pd"]);
}

#[test]
fn gib_boards_other_than_19() {
    let record = gib(&["GAMEINFOMAIN=LINE:13,GRLT:255"], &["STO 0 2 1 12 0"]);
    let tree = tree(Format::Gib, record.as_bytes());
    assert_eq!(one(&tree, "SZ").as_deref(), Some("13"));
    assert_eq!(moves(&tree), ["B[ma]"]);
    let off = gib(&["GAMEINFOMAIN=LINE:13"], &["STO 0 2 1 13 0"]);
    let (kind, line, column) = format_error(Format::Gib, off.as_bytes());
    assert_eq!(
        kind,
        FormatErrorKind::OffBoard {
            col: 13,
            row: 0,
            size: 13
        }
    );
    assert_eq!((line, column), (7, 1));
}

#[test]
fn a_handicap_without_fixed_points_keeps_ha_with_a_warning() {
    let record = ngf_record("Game", 10, 5, "0", "", &[]);
    let converted = formats::to_sgf(Format::Ngf, record.as_bytes()).unwrap();
    assert!(converted.sgf().contains("HA[5]"));
    assert!(!converted.sgf().contains("AB["));
    let warning = &converted.warnings()[0];
    assert!(matches!(
        warning.kind(),
        WarningKind::UnreadValue {
            field: "handicap",
            ..
        }
    ));
    assert_eq!(warning.line(), 6);
}

#[test]
fn gib_lines_after_the_game_are_not_part_of_it() {
    let mut record = gib(&[], &["STO 0 2 1 3 3", "REM 0 3 score"]);
    record.push_str("\\RS\r\nSTO 0 9 1 9 9\r\n\\RE\r\n\0");
    assert_eq!(moves(&tree(Format::Gib, record.as_bytes())), ["B[dd]"]);
}

// ---- NGF ----

#[test]
fn ngf_header_fields() {
    let record = ngf_record(
        "Rated game",
        19,
        0,
        "6",
        "Black wins by 2.5!",
        &["PMABBREER", "PMACWAAAA"],
    );
    let tree = tree(Format::Ngf, record.as_bytes());
    assert_eq!(one(&tree, "PW").as_deref(), Some("white_name"));
    assert_eq!(one(&tree, "WR").as_deref(), Some("3d"));
    assert_eq!(one(&tree, "PB").as_deref(), Some("black_name"));
    assert_eq!(one(&tree, "BR").as_deref(), Some("2k"));
    assert_eq!(one(&tree, "PC").as_deref(), Some("www.cyberoro.com"));
    assert_eq!(one(&tree, "GN").as_deref(), Some("Rated game"));
    assert_eq!(one(&tree, "DT").as_deref(), Some("2009-11-04"));
    // Even game: whole points plus a half.
    assert_eq!(one(&tree, "KM").as_deref(), Some("6.5"));
    assert_eq!(one(&tree, "RE").as_deref(), Some("B+2.5"));
    assert_eq!(one(&tree, "HA"), None);
    // `AAAA`: a pass.
    assert_eq!(moves(&tree), ["B[qd]", "W[]"]);
}

#[test]
fn ngf_handicap_1_has_no_stones_and_no_half() {
    let record = ngf_record("Game", 19, 1, "0", "", &["PMABBREER"]);
    let tree = tree(Format::Ngf, record.as_bytes());
    assert_eq!((one(&tree, "HA"), one(&tree, "AB")), (None, None));
    assert_eq!(one(&tree, "KM").as_deref(), Some("0"));
    assert_eq!(one(&tree, "RE"), None);
}

#[test]
fn ngf_result_texts() {
    let cases: &[(&str, Option<&str>)] = &[
        ("Black wins by 0.5!", Some("B+0.5")),
        ("White wins by  resign!", Some("W+R")),
        ("White Win by Resign!", Some("W+R")),
        ("White loses on time", Some("B+T")),
        ("Black Win 6.5 >> White(50):Black(63)", Some("B+6.5")),
        ("250수 흑7집승", Some("B+7")),
        ("백 불계승", Some("W+R")),
        ("黒中押し勝ち!", Some("B+R")),
        ("232手完、黒2目半勝ち", Some("B+2.5")),
        ("白5.5目勝ち!", Some("W+5.5")),
        ("Draw", Some("0")),
    ];
    for &(text, expected) in cases {
        let record = ngf_record("Game", 19, 0, "6", text, &[]);
        assert_eq!(
            one(&tree(Format::Ngf, record.as_bytes()), "RE").as_deref(),
            expected,
            "{text}"
        );
    }
    // A text that names no winner: left out, with a warning on line 11.
    let record = ngf_record("Game", 19, 0, "6", "Progressing!", &[]);
    let converted = formats::to_sgf(Format::Ngf, record.as_bytes()).unwrap();
    let warning = &converted.warnings()[0];
    assert_eq!(
        warning.kind(),
        &WarningKind::UnreadValue {
            field: "result",
            value: "Progressing!".into()
        }
    );
    assert_eq!((warning.line(), warning.column()), (11, 1));
}

#[test]
fn ngf_old_layout_with_gi_lines_and_the_result_after_the_moves() {
    let record = "GIOld game\nGIwhite_name 4D*\nGIblack_name 1D*\nGI0\nGI0\nGI2006-9-5\nGI19\nGI0\nGI0\nGI6\nGI2\n\
                  PMABBREER\nPMACWEEEE\nIDB[2] White wins by resign!\n";
    assert_eq!(formats::detect(None, record.as_bytes()), Format::Ngf);
    let tree = tree(Format::Ngf, record.as_bytes());
    assert_eq!(one(&tree, "GN").as_deref(), Some("Old game"));
    assert_eq!(one(&tree, "PW").as_deref(), Some("white_name"));
    assert_eq!(one(&tree, "PB").as_deref(), Some("black_name"));
    assert_eq!(one(&tree, "BR").as_deref(), Some("1d"));
    assert_eq!(one(&tree, "DT").as_deref(), Some("2006-09-05"));
    assert_eq!(one(&tree, "KM").as_deref(), Some("6.5"));
    assert_eq!(one(&tree, "RE").as_deref(), Some("W+R"));
    assert_eq!(moves(&tree), ["B[qd]", "W[dd]"]);
}

#[test]
fn ngf_malformed_moves_are_errors_at_their_line() {
    let record = ngf_record(
        "Game",
        19,
        0,
        "6",
        "",
        &["PMABBREER", "PMACWEEEF", "PMADBQRRQ"],
    );
    let (kind, line, column) = format_error(Format::Ngf, record.as_bytes());
    assert!(matches!(kind, FormatErrorKind::Malformed(_)));
    assert_eq!((line, column), (14, 1));
    let off = ngf_record("Game", 9, 0, "6", "", &["PMABBRRRR"]);
    let (kind, line, _) = format_error(Format::Ngf, off.as_bytes());
    assert_eq!(
        kind,
        FormatErrorKind::OffBoard {
            col: 16,
            row: 16,
            size: 9
        }
    );
    assert_eq!(line, 13);
}

// ---- UGF ----

#[test]
fn ugf_igs_coordinates_count_rows_from_the_bottom() {
    let data = ["QP,B1,1,0", "DD,W1,2,0", "AA,B1,3,0", "SS,W1,4,0"];
    let igs = ugf(&["Size=19", "CoordinateType=IGS"], &data);
    assert_eq!(
        moves(&tree(Format::Ugf, igs.as_bytes())),
        ["B[qd]", "W[dp]", "B[as]", "W[sa]"]
    );
    // Without it, from the top.
    let top = ugf(&["Size=19"], &data);
    assert_eq!(
        moves(&tree(Format::Ugf, top.as_bytes())),
        ["B[qp]", "W[dd]", "B[aa]", "W[ss]"]
    );
    // On 9×9, `A` from the bottom is row `i`.
    let small = ugf(
        &["Size=9", "CoordinateType=IGS"],
        &["AA,B1,1,0", "IB,W1,2,0"],
    );
    assert_eq!(
        moves(&tree(Format::Ugf, small.as_bytes())),
        ["B[ai]", "W[ih]"]
    );
}

#[test]
fn ugf_passes_stones_and_header() {
    let record = ugf(
        &[
            "Lang=UTF-8",
            "Size=19",
            "Hdcp=2,0.50",
            "Winner=W,C",
            "PlayerB=山田,3d,,",
            "PlayerW=Tanaka,5d",
            "Date=2020/01/02,10:00:00,2020/01/02,12:00:00",
            "Place=Tokyo",
            "Title=Cup,Final,",
            "Rule=JPN",
            "CoordinateType=IGS",
        ],
        &[
            "PP,B1,0,0",
            "DD,B1,0,0",
            "CP,W1,1,0",
            "YA,B1,2,0",
            "ZZ,W1,3,0",
        ],
    );
    let tree = tree(Format::Ugf, record.as_bytes());
    assert_eq!(one(&tree, "PB").as_deref(), Some("山田"));
    assert_eq!(one(&tree, "BR").as_deref(), Some("3d"));
    assert_eq!(one(&tree, "PW").as_deref(), Some("Tanaka"));
    assert_eq!(one(&tree, "HA").as_deref(), Some("2"));
    assert_eq!(one(&tree, "KM").as_deref(), Some("0.5"));
    assert_eq!(one(&tree, "RE").as_deref(), Some("W+R"));
    assert_eq!(one(&tree, "DT").as_deref(), Some("2020-01-02"));
    assert_eq!(one(&tree, "PC").as_deref(), Some("Tokyo"));
    assert_eq!(one(&tree, "EV").as_deref(), Some("Cup, Final"));
    assert_eq!(one(&tree, "RU").as_deref(), Some("Japanese"));
    // Move number 0: the listed handicap stones, in the file's places.
    assert_eq!(stones(&tree), ["dp", "pd"]);
    assert_eq!(moves(&tree), ["W[cd]", "B[]", "W[]"]);
}

#[test]
fn ugf_winner_codes() {
    let cases = [
        ("B,7.50", Some("B+7.5")),
        ("W,0.50", Some("W+0.5")),
        ("B,C", Some("B+R")),
        ("N,", Some("Void")),
        ("D,", Some("0")),
    ];
    for (winner, expected) in cases {
        let record = ugf(&[&format!("Winner={winner}")], &[]);
        assert_eq!(
            one(&tree(Format::Ugf, record.as_bytes()), "RE").as_deref(),
            expected,
            "{winner}"
        );
    }
}

#[test]
fn ugf_review_sections_are_skipped() {
    let mut record = ugf(&["Size=19", "CoordinateType=IGS"], &["QP,B1,1,0"]);
    record.push_str("[ReviewNode]\r\nNODE,1,0,0,0\r\nNODE,2,1,17,16\r\nNODE,3,2,4,4\r\n[ReviewComment]\r\n.Comment,2\r\nnice\r\n");
    assert_eq!(moves(&tree(Format::Ugf, record.as_bytes())), ["B[qd]"]);
}
