//! Header values that more than one format writes the same way: dates,
//! ranks, and results written as text in the server's language.

use crate::game::{GameResult, WinBy};
use crate::typed::Color;

/// The board size `text` gives, if a board may have it: 1 to 52 lines.
pub(crate) fn board_size(text: &str) -> Option<u8> {
    let size = text.trim().parse::<u8>().ok()?;
    (1..=52).contains(&size).then_some(size)
}

/// The date of `text` as `DT` writes it (`YYYY-MM-DD`): its first three
/// runs of digits, year, month, day (`2015- 8-29-22-56-58`,
/// `2019/03/08,22:09:00`, `2012年11月22日`, `C2020:08:21`), or the eight
/// digits `YYYYMMDD` (`20170316 [09:37]`).
pub(crate) fn date(text: &str) -> Option<String> {
    let mut runs = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty());
    let first = runs.next()?;
    let (year, month, day) = match first.len() {
        8 => (&first[..4], &first[4..6], &first[6..]),
        4 => (first, runs.next()?, runs.next()?),
        _ => return None,
    };
    let (month, day): (u8, u8) = (month.parse().ok()?, day.parse().ok()?);
    let valid = (1..=12).contains(&month) && (1..=31).contains(&day);
    valid.then(|| format!("{year}-{month:02}-{day:02}"))
}

/// A rank from a Tygem level code: 0–17 are 18k–1k, 18–26 1d–9d, 27 and
/// up 1p and up.
pub(crate) fn level_rank(code: &str) -> Option<String> {
    let code: u32 = code.trim().parse().ok()?;
    Some(match code {
        0..=17 => format!("{}k", 18 - code),
        18..=26 => format!("{}d", code - 17),
        _ => format!("{}p", code - 26),
    })
}

/// A rank as WBaduk writes it (`9DP` a professional, `7D*` an amateur,
/// `3K*`) in the short form (`9p`, `7d`, `3k`); any other text as it is.
pub(crate) fn rank(text: &str) -> String {
    let text = text.trim();
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (number, rest) = text.split_at(digits);
    let rest = rest.to_ascii_uppercase();
    let kind = match rest.as_str() {
        "DP" | "P" => "p",
        "D" | "D*" => "d",
        "K" | "K*" => "k",
        _ => return text.to_string(),
    };
    match number.is_empty() {
        true => text.to_string(),
        false => format!("{number}{kind}"),
    }
}

/// Words for each part of a result, in English, Korean, Japanese and
/// Chinese.
const BLACK: &[&str] = &["black", "흑", "黒", "黑"];
const WHITE: &[&str] = &["white", "백", "白"];
const LOSES: &[&str] = &["lose", "loss", "패", "負", "负"];
const RESIGN: &[&str] = &["resign", "불계", "中押", "中盘", "中盤"];
const TIME: &[&str] = &["time", "시간", "時間", "超时", "超時"];
const FORFEIT: &[&str] = &["forfeit", "반칙", "反則", "犯规", "犯規"];
const DRAW: &[&str] = &["draw", "jigo", "무승부", "빅", "持碁", "和棋"];
/// A half point after a number of points: `3집반`, `2目半`.
const HALF: &[&str] = &["반", "半"];

/// The result of a game written as text (NGF's result line, a GIB's
/// `GAMERESULT`): `Black wins by 0.5!`, `White wins by  resign!`, `White
/// loses on time`, `250수 흑7집승`, `黒中押し勝ち!`, `232手完、黒2目半勝ち`.
/// Who won is the colour named first (the other if the text says it
/// lost); how, a resignation, time or forfeit word, else the number of
/// points after the colour. `None` if no colour is named.
pub(crate) fn result_text(text: &str) -> Option<GameResult> {
    // Scores after `>>` are the players' points, not the margin.
    let text = text.split(">>").next().unwrap_or(text).to_lowercase();
    let has = |words: &[&str]| words.iter().any(|word| text.contains(word));
    let first = |words: &[&str]| words.iter().filter_map(|word| text.find(word)).min();
    let (winner, after) = match (first(BLACK), first(WHITE)) {
        (Some(black), white) if white.map_or(true, |white| black < white) => (Color::Black, black),
        (_, Some(white)) => (Color::White, white),
        _ => {
            return has(DRAW).then_some(GameResult::Draw);
        }
    };
    let winner = match has(LOSES) {
        true => winner.opponent(),
        false => winner,
    };
    let by = if has(RESIGN) {
        WinBy::Resign
    } else if has(TIME) {
        WinBy::Time
    } else if has(FORFEIT) {
        WinBy::Forfeit
    } else {
        points(&text[after..]).map_or(WinBy::Unspecified, WinBy::Score)
    };
    Some(GameResult::Win { winner, by })
}

/// The first number in `text` (`7`, `0.5`, `24.5`), plus a half if a
/// half-point word follows it.
fn points(text: &str) -> Option<f64> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = &text[start..];
    let len = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let number: f64 = rest[..len].trim_end_matches('.').parse().ok()?;
    let after = rest[len..].trim_start();
    let half = HALF.iter().any(|word| {
        // `3집반`: the half may follow the unit word.
        let near: String = after.chars().take(2).collect();
        near.contains(word)
    });
    Some(number + if half { 0.5 } else { 0.0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_every_shape_seen() {
        assert_eq!(date("2015- 8-29-22-56-58").as_deref(), Some("2015-08-29"));
        assert_eq!(date("20170316 [09:37]").as_deref(), Some("2017-03-16"));
        assert_eq!(date("2019/03/08,22:09:00").as_deref(), Some("2019-03-08"));
        assert_eq!(date("2006-9-5").as_deref(), Some("2006-09-05"));
        assert_eq!(
            date("2012年11月22日 下午 6:3").as_deref(),
            Some("2012-11-22")
        );
        assert_eq!(date("C2020:08:21:22:55").as_deref(), Some("2020-08-21"));
        assert_eq!(date("yesterday"), None);
        assert_eq!(date("2015-13-01"), None);
    }

    #[test]
    fn level_codes_and_ranks() {
        assert_eq!(level_rank("0").as_deref(), Some("18k"));
        assert_eq!(level_rank("17").as_deref(), Some("1k"));
        assert_eq!(level_rank("18").as_deref(), Some("1d"));
        assert_eq!(level_rank("26").as_deref(), Some("9d"));
        assert_eq!(level_rank("27").as_deref(), Some("1p"));
        assert_eq!(level_rank("Radagast"), None);
        assert_eq!(rank("9DP"), "9p");
        assert_eq!(rank("7D*"), "7d");
        assert_eq!(rank("12K*"), "12k");
        assert_eq!(rank("5段P"), "5段P");
    }

    fn win(winner: Color, by: WinBy) -> Option<GameResult> {
        Some(GameResult::Win { winner, by })
    }

    #[test]
    fn results_in_four_languages() {
        use Color::{Black as B, White as W};
        assert_eq!(result_text("Black wins by 0.5!"), win(B, WinBy::Score(0.5)));
        assert_eq!(result_text("White wins by  resign!"), win(W, WinBy::Resign));
        assert_eq!(result_text("White Win by Resign!"), win(W, WinBy::Resign));
        assert_eq!(result_text("White loses on time"), win(B, WinBy::Time));
        assert_eq!(
            result_text("Black Win 6.5 >> White(50):Black(63)"),
            win(B, WinBy::Score(6.5))
        );
        assert_eq!(result_text("250수 흑7집승"), win(B, WinBy::Score(7.0)));
        assert_eq!(result_text("흑 3집반 승"), win(B, WinBy::Score(3.5)));
        assert_eq!(result_text("백 불계승"), win(W, WinBy::Resign));
        assert_eq!(result_text("白5.5目勝ち!"), win(W, WinBy::Score(5.5)));
        assert_eq!(result_text("黒中押し勝ち!"), win(B, WinBy::Resign));
        assert_eq!(
            result_text("232手完、黒2目半勝ち"),
            win(B, WinBy::Score(2.5))
        );
        assert_eq!(result_text("白時間切れ勝ち！"), win(W, WinBy::Time));
        assert_eq!(result_text("white 24.5 win"), win(W, WinBy::Score(24.5)));
        assert_eq!(result_text("Draw"), Some(GameResult::Draw));
        assert_eq!(result_text("Progressing!"), None);
    }
}
