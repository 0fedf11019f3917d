//! The normalised game information (`sgf_stream::game::Normalized` and its
//! parsers) on the forms real files write: the ones listed in issue 26,
//! and forms found in the shared corpus, Tygem's records and the code of
//! other Go programs. Every expected value here is worked out by hand from
//! the form (a stone `子` is two points, `半` half a point, Fox's komi is
//! ×100).

use sgf_stream::game::{
    parse_handicap, parse_komi, parse_time_limit, Date, Dates, NormalizeError, Outcome, Overtime,
    Rank, RankKind, Reason,
};
use sgf_stream::typed::Color::{self, Black, White};

use NormalizeError::{Empty, Missing, OutOfRange, Unknown, Unreadable};

#[test]
fn ranks_in_every_unit_and_numeral() {
    use RankKind::{Dan, Kyu, Pro};
    let cases = [
        ("9段", Dan, 9),
        ("P8段", Pro, 8),
        ("1d?", Dan, 1),
        ("4d*, IGS", Dan, 4),
        ("2d+", Dan, 2),
        ("9p", Pro, 9),
        ("9P", Pro, 9),
        ("P9", Pro, 9),
        ("P9p", Pro, 9),
        ("P1段", Pro, 1),
        ("9d", Dan, 9),
        ("9 Dan", Dan, 9),
        ("3-dan", Dan, 3),
        ("9 dan pro", Pro, 9),
        ("9 pro", Pro, 9),
        ("5k", Kyu, 5),
        ("30k", Kyu, 30),
        ("1k", Kyu, 1),
        ("15 kyu", Kyu, 15),
        ("5K", Kyu, 5),
        ("初段", Dan, 1),
        ("九段", Dan, 9),
        ("１段", Dan, 1),
        ("职业九段", Pro, 9),
        ("職業九段", Pro, 9),
        ("プロ九段", Pro, 9),
        ("프로 9단", Pro, 9),
        ("9단", Dan, 9),
        ("5급", Kyu, 5),
        ("十五级", Kyu, 15),
        ("二十五級", Kyu, 25),
        ("アマ六段", Dan, 6),
        ("业余5段", Dan, 5),
        ("  7d  ", Dan, 7),
    ];
    for (text, kind, level) in cases {
        let rank = Rank::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((rank.kind(), rank.level()), (kind, level), "{text}");
        assert_eq!(Rank::parse(&rank.to_string()), Ok(rank), "{text}");
    }
}

#[test]
fn ranks_that_are_none() {
    let cases = [
        ("", Empty),
        ("  ", Empty),
        ("-", Unknown),
        ("?", Unknown),
        ("UR", Unknown),
        ("NR", Unknown),
        ("31k", OutOfRange),
        ("0k", OutOfRange),
        ("10d", OutOfRange),
        ("10p", OutOfRange),
        ("1500", Unreadable),
        ("9", Unreadable),
        ("2.7D", Unreadable),
        ("P5k", Unreadable),
        ("dan", Unreadable),
        ("9d9", Unreadable),
    ];
    for (text, error) in cases {
        assert_eq!(Rank::parse(text), Err(error), "{text:?}");
    }
}

#[test]
fn ranks_order_from_30k_to_9p_and_round_trip() {
    let all: Vec<Rank> = (-29..=18).map(|n| Rank::from_ordinal(n).unwrap()).collect();
    assert_eq!(all.len(), 30 + 9 + 9);
    assert_eq!(all[0].to_string(), "30k");
    assert_eq!(all[29].to_string(), "1k");
    assert_eq!(all[30].to_string(), "1d");
    assert_eq!(all[38].to_string(), "9d");
    assert_eq!(all[39].to_string(), "1p");
    assert_eq!(all[47].to_string(), "9p");
    for pair in all.windows(2) {
        assert!(pair[0] < pair[1], "{} < {}", pair[0], pair[1]);
        assert_eq!(pair[1].ordinal() - pair[0].ordinal(), 1);
    }
    for rank in all {
        assert_eq!(rank.to_string().parse(), Ok(rank));
        assert_eq!(Rank::from_ordinal(rank.ordinal()), Some(rank));
    }
    assert_eq!(Rank::from_ordinal(-30), None);
}

fn check_outcomes(cases: &[(&str, Option<Color>, Reason, Option<f64>)]) {
    for &(text, winner, reason, margin) in cases {
        let outcome = Outcome::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let expected = Outcome {
            winner,
            reason,
            margin,
        };
        assert_eq!(outcome, expected, "{text}");
        assert_eq!(Outcome::parse(&outcome.to_string()), Ok(outcome), "{text}");
    }
}

#[test]
fn results_in_the_ff4_forms_any_case() {
    use Reason::*;
    check_outcomes(&[
        ("B+3.5", Some(Black), Score, Some(3.5)),
        ("W+R", Some(White), Resign, None),
        ("B+Resign", Some(Black), Resign, None),
        ("b+r", Some(Black), Resign, None),
        ("W+RESIGN", Some(White), Resign, None),
        ("W+T", Some(White), Time, None),
        ("w+time", Some(White), Time, None),
        ("B+F", Some(Black), Forfeit, None),
        ("B+forfeit", Some(Black), Forfeit, None),
        ("0", None, Draw, None),
        ("Draw", None, Draw, None),
        ("draw", None, Draw, None),
        ("Jigo", None, Draw, None),
        ("Void", None, Void, None),
        ("?", None, Unknown, None),
        ("B+", Some(Black), Unknown, None),
        ("W+0.0", Some(White), Score, Some(0.0)),
        ("B+2.50", Some(Black), Score, Some(2.5)),
        ("W+0.03", Some(White), Score, Some(0.03)),
        (" W+12.5 ", Some(White), Score, Some(12.5)),
    ]);
}

#[test]
fn results_as_servers_write_them() {
    use Reason::*;
    check_outcomes(&[
        // Tygem: the loser left.
        ("B+Offline", Some(Black), Forfeit, None),
        ("W+Offline", Some(White), Forfeit, None),
        // The UEC Cup (NNGS): violation, agreement of winner, judgement.
        ("B+V", Some(Black), Forfeit, None),
        ("B+AW", Some(Black), Unknown, None),
        ("W+J", Some(White), Unknown, None),
        // Wbaduk: the winner alone.
        ("W", Some(White), Unknown, None),
        ("B", Some(Black), Unknown, None),
        ("B+12.5 points", Some(Black), Score, Some(12.5)),
        ("B + R", Some(Black), Resign, None),
    ]);
}

#[test]
fn results_in_chinese() {
    use Reason::*;
    check_outcomes(&[
        ("白胜", Some(White), Unknown, None),
        ("黑胜", Some(Black), Unknown, None),
        ("黑中盘胜", Some(Black), Resign, None),
        ("白中盘胜", Some(White), Resign, None),
        ("黑中盤勝", Some(Black), Resign, None),
        ("黑超时胜", Some(Black), Time, None),
        ("白犯规胜", Some(White), Forfeit, None),
        ("和棋", None, Draw, None),
        ("和局", None, Draw, None),
        ("双负", None, Void, None),
        ("黑胜3又3/4子", Some(Black), Score, Some(7.5)),
        ("黑胜1又3/4子", Some(Black), Score, Some(3.5)),
        ("白胜1又1/4子", Some(White), Score, Some(2.5)),
        ("白胜1/4子", Some(White), Score, Some(0.5)),
        ("黑胜3/4子", Some(Black), Score, Some(1.5)),
        ("黑胜1/2子", Some(Black), Score, Some(1.0)),
        ("黑胜2子", Some(Black), Score, Some(4.0)),
        ("黑胜半目", Some(Black), Score, Some(0.5)),
        ("黑胜2目半", Some(Black), Score, Some(2.5)),
        ("白胜1目半", Some(White), Score, Some(1.5)),
        ("黑胜2目", Some(Black), Score, Some(2.0)),
        ("黑胜3点", Some(Black), Score, Some(3.0)),
        ("白胜-黑超时", Some(White), Time, None),
        ("黑不计点胜", Some(Black), Unknown, None),
        ("黑负", Some(White), Unknown, None),
    ]);
}

#[test]
fn results_in_japanese_and_korean() {
    use Reason::*;
    check_outcomes(&[
        ("黒中押し勝ち", Some(Black), Resign, None),
        ("白中押し勝ち", Some(White), Resign, None),
        ("白 3目半勝ち", Some(White), Score, Some(3.5)),
        ("黒6目半勝ち", Some(Black), Score, Some(6.5)),
        ("黒三目半勝ち", Some(Black), Score, Some(3.5)),
        ("白半目勝ち", Some(White), Score, Some(0.5)),
        ("持碁", None, Draw, None),
        ("黒時間切れ勝ち", Some(Black), Time, None),
        ("黒反則勝ち", Some(Black), Forfeit, None),
        ("白不戦勝", Some(White), Forfeit, None),
        ("無勝負", None, Void, None),
        ("打ち掛け", None, Void, None),
        ("흑 불계승", Some(Black), Resign, None),
        ("백 불계승", Some(White), Resign, None),
        ("흑불계승", Some(Black), Resign, None),
        ("백 시간승", Some(White), Time, None),
        ("흑 3집반승", Some(Black), Score, Some(3.5)),
        ("백 반집승", Some(White), Score, Some(0.5)),
        ("흑 5집승", Some(Black), Score, Some(5.0)),
        ("흑 기권승", Some(Black), Forfeit, None),
        ("백 반칙승", Some(White), Forfeit, None),
        ("무승부", None, Draw, None),
        ("빅", None, Draw, None),
        ("백 불계패", Some(Black), Resign, None),
    ]);
}

#[test]
fn results_in_english_sentences() {
    use Reason::*;
    check_outcomes(&[
        ("Black wins by 12 points", Some(Black), Score, Some(12.0)),
        ("White wins by resignation", Some(White), Resign, None),
        ("Black wins on time", Some(Black), Time, None),
        ("W wins by forfeit", Some(White), Forfeit, None),
        ("White wins by 0.5 points.", Some(White), Score, Some(0.5)),
        ("Black won by 3.5", Some(Black), Score, Some(3.5)),
        ("Black resigns", Some(White), Resign, None),
        ("White resigned", Some(Black), Resign, None),
        ("Black wins", Some(Black), Unknown, None),
        ("No result", None, Void, None),
    ]);
}

#[test]
fn results_that_are_none() {
    for text in ["", "   "] {
        assert_eq!(Outcome::parse(text), Err(Empty), "{text:?}");
    }
    let unreadable = [
        "Black wins by a lot",
        "gave up",
        "wins by 3",
        "黑胜和棋",
        "Black and White",
        "B-3",
    ];
    for text in unreadable {
        assert_eq!(Outcome::parse(text), Err(Unreadable), "{text:?}");
    }
}

#[test]
fn reasons_have_seven_words() {
    let words = [
        "score", "resign", "time", "forfeit", "draw", "void", "unknown",
    ];
    for word in words {
        let reason: Reason = word.parse().unwrap();
        assert_eq!(reason.as_str(), word);
        assert_eq!(reason.to_string(), word);
    }
    assert_eq!("Resign".parse::<Reason>(), Err(Unreadable));
}

#[test]
fn the_ff4_result_type_reads_what_it_read_before() {
    use sgf_stream::game::{GameResult, WinBy};
    let win = |winner, by| Some(GameResult::Win { winner, by });
    assert_eq!(GameResult::parse("B+R"), win(Black, WinBy::Resign));
    assert_eq!(GameResult::parse("w+t"), win(White, WinBy::Time));
    assert_eq!(GameResult::parse("B+"), win(Black, WinBy::Unspecified));
    assert_eq!(GameResult::parse("W+2.5"), win(White, WinBy::Score(2.5)));
    assert_eq!(GameResult::parse("Jigo"), Some(GameResult::Draw));
    assert_eq!(GameResult::parse("?"), Some(GameResult::Unknown));
    // Only the FF[4] forms: the others are for `Outcome`.
    for text in ["W+lots", "B+Offline", "W", "白胜", "B+.5", "B +R"] {
        assert_eq!(GameResult::parse(text), None, "{text}");
    }
}

#[test]
fn komi_as_written_by_fox_and_in_counts() {
    let cases = [
        ("6.5", 6.5),
        ("7.5", 7.5),
        ("7.50", 7.5),
        ("7.500000", 7.5),
        (" 6.5 ", 6.5),
        ("0", 0.0),
        ("0.5", 0.5),
        ("-5.5", -5.5),
        ("6,5", 6.5),
        // Fox: ×100, and a quarter left over is a count in stones.
        ("750", 7.5),
        ("650", 6.5),
        ("375", 7.5),
        ("100", 1.0),
        ("3.75", 7.5),
        ("2.75", 5.5),
        ("3又3/4子", 7.5),
        ("2又3/4子", 5.5),
        ("黑贴3又3/4子", 7.5),
        ("6目半", 6.5),
        ("7目", 7.0),
        ("半目", 0.5),
    ];
    for (text, komi) in cases {
        assert_eq!(parse_komi(text), Ok(komi), "{text}");
    }
    assert_eq!(parse_komi(""), Err(Empty));
    assert_eq!(parse_komi("six"), Err(Unreadable));
    assert_eq!(parse_komi("6.5 points"), Err(Unreadable));
}

#[test]
fn handicaps_are_the_integer_written() {
    for (text, handicap) in [("0", 0), ("2", 2), ("9", 9), ("+3", 3), (" 4 ", 4)] {
        assert_eq!(parse_handicap(text), Ok(handicap), "{text}");
    }
    let none = [
        ("", Empty),
        ("7.5", Unreadable),
        ("two", Unreadable),
        ("-1", OutOfRange),
    ];
    for (text, error) in none {
        assert_eq!(parse_handicap(text), Err(error), "{text}");
    }
}

fn check_dates(cases: &[(&str, &str, &str)]) {
    for &(text, first, last) in cases {
        let dates = Dates::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(dates.first().to_string(), first, "{text}");
        assert_eq!(dates.last().to_string(), last, "{text}");
        assert_eq!(Date::parse(first), Ok(dates.first()));
        assert_eq!(Date::parse(last), Ok(dates.last()));
    }
}

#[test]
fn dates_in_ff4_lists_and_shortcuts() {
    check_dates(&[
        ("2016-03-09", "2016-03-09", "2016-03-09"),
        ("1996", "1996", "1996"),
        ("1996-05", "1996-05", "1996-05"),
        ("1996-05-06,07,08", "1996-05-06", "1996-05-08"),
        ("1996-05,06", "1996-05", "1996-06"),
        ("1996-12-27,28,1997-01-03,04", "1996-12-27", "1997-01-04"),
        ("1996-05-06,06-01", "1996-05-06", "1996-06-01"),
        ("1976-12-30,31", "1976-12-30", "1976-12-31"),
        ("2016-02-29", "2016-02-29", "2016-02-29"),
    ]);
}

#[test]
fn dates_as_real_files_write_them() {
    check_dates(&[
        ("2017.06.21 21:45", "2017-06-21", "2017-06-21"),
        ("2018.04.27", "2018-04-27", "2018-04-27"),
        ("2015/10/28", "2015-10-28", "2015-10-28"),
        ("2008-6-23", "2008-06-23", "2008-06-23"),
        ("2016-12-29 19:01:34", "2016-12-29", "2016-12-29"),
        (
            "2017-04-04T09:59:32.868979037+00:00",
            "2017-04-04",
            "2017-04-04",
        ),
        ("1915-03-09~11", "1915-03-09", "1915-03-11"),
        ("2001-12-30~2002-01-02", "2001-12-30", "2002-01-02"),
        ("1941-06-25 (昭和16年)", "1941-06-25", "1941-06-25"),
        ("(昭和16年) 1941-06-25", "1941-06-25", "1941-06-25"),
        ("21.06.2017", "2017-06-21", "2017-06-21"),
        ("2017年6月21日", "2017-06-21", "2017-06-21"),
        ("2017년 6월 21일", "2017-06-21", "2017-06-21"),
        ("1846年", "1846", "1846"),
    ]);
}

#[test]
fn dates_that_are_none() {
    let cases = [
        ("", Empty),
        ("?", Unknown),
        ("2017-02-29", OutOfRange),
        ("2017-13-01", OutOfRange),
        ("2017-04-31", OutOfRange),
        ("0000-01-01", OutOfRange),
        ("yesterday", Unreadable),
        ("06/21/2017", Unreadable),
        ("07", Unreadable),
        ("1996,97", Unreadable),
        ("2017-06-21,tomorrow", Unreadable),
        ("17-06-21", Unreadable),
    ];
    for (text, error) in cases {
        assert_eq!(Dates::parse(text), Err(error), "{text:?}");
    }
    // `Date::parse` reads the output spelling only.
    assert_eq!(Date::parse("2008-6-23"), Err(Unreadable));
    assert_eq!(Date::new(2017, None, Some(3)), Err(OutOfRange));
}

#[test]
fn main_times_in_seconds() {
    let cases = [
        ("300", 300.0),
        ("0", 0.0),
        ("1800.5", 1800.5),
        ("1h", 3600.0),
        ("90 min", 5400.0),
        ("1h30m", 5400.0),
        ("2 hours each", 7200.0),
        ("1:30:00", 5400.0),
        ("5:00", 300.0),
        ("1時間30分", 5400.0),
        ("3小时", 10800.0),
        ("각 3시간", 10800.0),
        ("30秒", 30.0),
    ];
    for (text, seconds) in cases {
        assert_eq!(parse_time_limit(text), Ok(seconds), "{text}");
    }
    let none = [
        ("", Empty),
        ("-5", OutOfRange),
        ("long", Unreadable),
        ("1:75", Unreadable),
    ];
    for (text, error) in none {
        assert_eq!(parse_time_limit(text), Err(error), "{text}");
    }
}

#[test]
fn overtimes_in_the_common_forms() {
    let byo = |periods, seconds| Overtime::ByoYomi { periods, seconds };
    let canadian = |moves, seconds| Overtime::Canadian { moves, seconds };
    let cases = [
        ("5x30 byo-yomi", byo(5, 30.0)),
        ("3x30 byo-yomi", byo(3, 30.0)),
        ("1x5 byo-yomi", byo(1, 5.0)),
        ("3x30", byo(3, 30.0)),
        ("5×1min", byo(5, 60.0)),
        ("30 sec byo-yomi", byo(1, 30.0)),
        ("30 simple", byo(1, 30.0)),
        ("3次30秒", byo(3, 30.0)),
        ("30秒3次", byo(3, 30.0)),
        ("读秒30秒3次", byo(3, 30.0)),
        ("秒読み1分5回", byo(5, 60.0)),
        ("30초 3회", byo(3, 30.0)),
        ("25/600 Canadian", canadian(25, 600.0)),
        ("15/300 canadian", canadian(15, 300.0)),
        ("25 moves / 10 min", canadian(25, 600.0)),
        ("10 Fischer", Overtime::Fischer { increment: 10.0 }),
        ("Fischer 10", Overtime::Fischer { increment: 10.0 }),
        ("10 sec increment", Overtime::Fischer { increment: 10.0 }),
        ("None", Overtime::Absolute),
    ];
    for (text, overtime) in cases {
        assert_eq!(Overtime::parse(text), Ok(overtime), "{text}");
    }
    let none = [
        ("", Empty),
        ("Mysterious", Unreadable),
        ("0x30 byo-yomi", OutOfRange),
    ];
    for (text, error) in none {
        assert_eq!(Overtime::parse(text), Err(error), "{text}");
    }
}

#[test]
fn a_tree_a_game_info_and_streamed_values_agree() -> Result<(), sgf_stream::Error> {
    let input = "(;GM[1]BR[P8段]WR[9段]RE[W+0.5]KM[750]HA[0]DT[2017.06.21 21:45]\
                 TM[1200]OT[3x30 byo-yomi];B[pd];W[dd]KM[0.5])";
    let tree = sgf_stream::parse(input)?;
    let from_tree = tree.normalized();
    let from_info = tree.game_info_lenient().0.normalized();
    assert_eq!(from_tree, from_info);
    let mut streamed = sgf_stream::game::Normalized::new();
    for event in sgf_stream::Parser::new(input.as_bytes()) {
        if let sgf_stream::Event::Property(ident, values) = event? {
            streamed.absorb(ident.as_str(), &values.first().text().unwrap());
        }
    }
    assert_eq!(streamed, from_tree);
    assert_eq!(from_tree.komi, Ok(7.5)); // the root's, not the later one
    assert_eq!(from_tree.time_limit, Ok(1200.0));
    assert_eq!(
        from_tree.overtime,
        Ok(Overtime::ByoYomi {
            periods: 3,
            seconds: 30.0
        })
    );
    Ok(())
}

#[test]
fn what_each_source_says_is_missing() -> Result<(), sgf_stream::Error> {
    let tree = sgf_stream::parse("(;RE[gave up]KM[6目半])")?;
    let n = tree.normalized();
    assert_eq!(n.outcome, Err(Unreadable));
    assert_eq!(n.reason(), Some(Reason::Unknown)); // `RE` is there
    assert_eq!((n.winner(), n.margin()), (None, None));
    assert_eq!(n.komi, Ok(6.5));
    assert_eq!(n.black_rank, Err(Missing));
    assert_eq!((n.date(), n.date_last()), (None, None));
    // A lenient `GameInfo` leaves out a komi that is no number.
    let info = tree.game_info_lenient().0;
    assert_eq!(info.komi, None);
    assert_eq!(info.normalized().komi, Err(Missing));
    let none = sgf_stream::parse("(;PB[Lee])")?.normalized();
    assert_eq!(none.reason(), None);
    assert_eq!(none, sgf_stream::game::Normalized::default());
    Ok(())
}

mod any_text {
    use super::*;
    use proptest::prelude::*;

    /// Text made of the pieces the parsers look for: in any order, or in
    /// the shapes of ranks, results, dates and overtimes.
    fn pieces() -> impl Strategy<Value = String> {
        prop_oneof![
            "[0-9０-９a-zA-Z段级級급단初九十五kdpPx×/+\\-.,:~ ()（）年月日又子目半집반승흑백黑白胜中盘勝ち子点秒分次]{0,16}",
            "(P|pro )?[0-9一二三九十初]{1,3}[ -]?(k|kyu|d|dan|段|級|급|단|p)?[?*+]?(, .{0,3})?",
            "[BbWw黑白흑백]\\+?[0-9]{0,3}(\\.[0-9]{1,2})?(目半|子|집반|又[0-3]/[0-4]子)?(胜|勝ち|승)?",
            "[0-9]{1,4}([-./][0-9]{1,2}){0,2}(,[0-9]{1,2}){0,2}(~[0-9]{1,2})?( [0-9]{2}:[0-9]{2})?",
            "[0-9]{1,3}(x|/| )[0-9]{1,3}( byo-yomi| Canadian| Fischer|秒|次)?",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// No text makes a parser panic, and what is read comes back from
        /// its output spelling.
        #[test]
        fn parsers_read_or_refuse_any_text(text in pieces()) {
            if let Ok(rank) = Rank::parse(&text) {
                prop_assert_eq!(Rank::parse(&rank.to_string()), Ok(rank));
            }
            if let Ok(outcome) = Outcome::parse(&text) {
                prop_assert!(outcome.margin.map_or(true, f64::is_finite));
                prop_assert_eq!(Outcome::parse(&outcome.to_string()), Ok(outcome));
            }
            if let Ok(dates) = Dates::parse(&text) {
                prop_assert_eq!(Date::parse(&dates.first().to_string()), Ok(dates.first()));
                prop_assert_eq!(Date::parse(&dates.last().to_string()), Ok(dates.last()));
            }
            if let Ok(komi) = parse_komi(&text) {
                prop_assert!(komi.is_finite());
            }
            if let Ok(seconds) = parse_time_limit(&text) {
                prop_assert!(seconds.is_finite() && seconds >= 0.0);
            }
            let _ = (parse_handicap(&text), Overtime::parse(&text));
        }
    }

    #[test]
    fn huge_numbers_are_refused_not_infinite() {
        let nines = "9".repeat(400);
        assert_eq!(Outcome::parse(&format!("B+{nines}")).unwrap().margin, None);
        assert_eq!(parse_time_limit(&nines), Err(OutOfRange));
        assert_eq!(parse_komi(&nines), Err(Unreadable));
        assert_eq!(Rank::parse(&format!("{nines}k")), Err(Unreadable));
    }
}
