//! [`GameMeta`]: what a search reports of a game besides its moves
//! (players, ranks, date, result, event), as the record's strings, and
//! its encoding in the index: one tagged field after another.
//!
//! A field is a tag byte, its length (`u16`, little-endian) and that
//! many bytes of UTF-8; readers skip tags they do not know, so a later
//! version can add fields without breaking them.

use sgf_stream::game::{GameInfo, GameResult};
use sgf_stream::typed::Color;

/// A game's information as the index keeps it: the record's raw
/// strings.
///
/// ```
/// use sgf_go::search::GameMeta;
/// use sgf_stream::typed::Color;
/// let tree = sgf_stream::parse("(;PB[Lee]PW[Ke Jie]RE[W+R]DT[2016-03-09])")?;
/// let meta = GameMeta::from_info(&tree.game_info_lenient().0);
/// assert_eq!(meta.white.as_deref(), Some("Ke Jie"));
/// assert_eq!(meta.winner(), Some(Color::White));
/// let mut bytes = Vec::new();
/// meta.encode(&mut bytes);
/// assert_eq!(GameMeta::decode(&bytes), meta);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameMeta {
    /// `PB`.
    pub black: Option<String>,
    /// `PW`.
    pub white: Option<String>,
    /// `BR`.
    pub black_rank: Option<String>,
    /// `WR`.
    pub white_rank: Option<String>,
    /// `DT`.
    pub date: Option<String>,
    /// `RE`.
    pub result: Option<String>,
    /// `EV`.
    pub event: Option<String>,
}

/// The fields in tag order: tag `i + 1` is field `i`.
const FIELDS: usize = 7;

impl GameMeta {
    /// The fields of `info` that the index keeps.
    pub fn from_info(info: &GameInfo) -> GameMeta {
        GameMeta {
            black: info.black.clone(),
            white: info.white.clone(),
            black_rank: info.black_rank.clone(),
            white_rank: info.white_rank.clone(),
            date: info.date.clone(),
            result: info.result.clone(),
            event: info.event.clone(),
        }
    }

    /// Who won, from the result (`RE`), when it says.
    pub fn winner(&self) -> Option<Color> {
        match GameResult::parse(self.result.as_deref()?)? {
            GameResult::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }

    fn fields(&self) -> [&Option<String>; FIELDS] {
        [
            &self.black,
            &self.white,
            &self.black_rank,
            &self.white_rank,
            &self.date,
            &self.result,
            &self.event,
        ]
    }

    fn field_mut(&mut self, tag: u8) -> Option<&mut Option<String>> {
        Some(match tag {
            1 => &mut self.black,
            2 => &mut self.white,
            3 => &mut self.black_rank,
            4 => &mut self.white_rank,
            5 => &mut self.date,
            6 => &mut self.result,
            7 => &mut self.event,
            _ => return None,
        })
    }

    /// Appends the encoding to `out`; a field longer than 65,535 bytes is
    /// cut at a character boundary.
    pub fn encode(&self, out: &mut Vec<u8>) {
        for (i, field) in self.fields().into_iter().enumerate() {
            let Some(text) = field else { continue };
            let mut end = text.len().min(usize::from(u16::MAX));
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            out.push(i as u8 + 1);
            out.extend_from_slice(&(end as u16).to_le_bytes());
            out.extend_from_slice(&text.as_bytes()[..end]);
        }
    }

    /// Decodes fields encoded by [`encode`](Self::encode); unknown tags
    /// are skipped, and a field cut short or not UTF-8 is left out.
    pub fn decode(mut bytes: &[u8]) -> GameMeta {
        let mut meta = GameMeta::default();
        while let [tag, a, b, rest @ ..] = bytes {
            let len = usize::from(u16::from_le_bytes([*a, *b])).min(rest.len());
            let (value, after) = rest.split_at(len);
            if let (Some(field), Ok(text)) = (meta.field_mut(*tag), std::str::from_utf8(value)) {
                *field = Some(text.to_string());
            }
            bytes = after;
        }
        meta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_tags_and_cut_fields_are_skipped() {
        let meta = GameMeta {
            date: Some("2006-01-01".into()),
            ..GameMeta::default()
        };
        let mut bytes = vec![99, 2, 0, b'x', b'y'];
        meta.encode(&mut bytes);
        bytes.extend_from_slice(&[1, 50, 0, b'a']);
        let decoded = GameMeta::decode(&bytes);
        assert_eq!(decoded.date, meta.date);
        assert_eq!(decoded.black.as_deref(), Some("a"));
    }

    #[test]
    fn long_fields_are_cut_at_a_character() {
        let meta = GameMeta {
            event: Some("é".repeat(40_000)),
            ..GameMeta::default()
        };
        let mut bytes = Vec::new();
        meta.encode(&mut bytes);
        let event = GameMeta::decode(&bytes).event.unwrap();
        assert_eq!(event.len(), 65_534);
    }
}
