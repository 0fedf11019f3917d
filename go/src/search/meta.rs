//! [`GameMeta`]: what a search reports of a game besides its moves
//! (players, ranks, date, result, event, komi, handicap), as the
//! record's strings, and its encoding in the index: one tagged field
//! after another. The [`GameFacts`] that a [`Filter`](sgf_stream::game::Filter)
//! looks at in a search are read from these strings.
//!
//! A field is a tag byte, its length (`u16`, little-endian) and that
//! many bytes of UTF-8; readers skip tags they do not know, so a later
//! version can add fields without breaking them.

use sgf_stream::game::{GameFacts, GameInfo, GameResult};
use sgf_stream::typed::{BoardSize, Color};
use sgf_stream::SgfTree;

/// A game's information as the index keeps it: the record's raw
/// strings.
///
/// ```
/// use sgf_go::search::GameMeta;
/// use sgf_stream::typed::Color;
/// let tree = sgf_stream::parse("(;PB[Lee]PW[Ke Jie]RE[W+R]DT[2016-03-09]KM[7.5])")?;
/// let meta = GameMeta::from_tree(&tree);
/// assert_eq!(meta.white.as_deref(), Some("Ke Jie"));
/// assert_eq!(meta.komi.as_deref(), Some("7.5"));
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
    /// `KM`, as written (`6.5`, Fox's `750`, `6目半`).
    pub komi: Option<String>,
    /// `HA`, as written.
    pub handicap: Option<String>,
}

/// The fields in tag order: tag `i + 1` is field `i`, the first value of
/// property `IDENTS[i]`.
const FIELDS: usize = 9;
const IDENTS: [&str; FIELDS] = ["PB", "PW", "BR", "WR", "DT", "RE", "EV", "KM", "HA"];

impl GameMeta {
    /// The fields of `tree`: the first value of each of `PB`, `PW`,
    /// `BR`, `WR`, `DT`, `RE`, `EV`, `KM` and `HA` on its main line, as
    /// the tree decoded it (SGF Text), which is what
    /// [`GameFacts::of`] reads.
    pub fn from_tree(tree: &SgfTree) -> GameMeta {
        let mut meta = GameMeta::default();
        for node in tree.main_line() {
            for (ident, values) in node.properties() {
                let Some(field) = field_of(ident) else {
                    continue;
                };
                let slot = meta.field_mut(field);
                if slot.is_none() {
                    *slot = values.first().map(str::to_string);
                }
            }
        }
        meta
    }

    /// The fields of `info` that the index keeps; the komi and the
    /// handicap are the numbers `info` decoded, written out.
    pub fn from_info(info: &GameInfo) -> GameMeta {
        GameMeta {
            black: info.black.clone(),
            white: info.white.clone(),
            black_rank: info.black_rank.clone(),
            white_rank: info.white_rank.clone(),
            date: info.date.clone(),
            result: info.result.clone(),
            event: info.event.clone(),
            komi: info.komi.map(|komi| komi.to_string()),
            handicap: info.handicap.map(|handicap| handicap.to_string()),
        }
    }

    /// Who won, from the result (`RE`), when it says.
    pub fn winner(&self) -> Option<Color> {
        match GameResult::parse(self.result.as_deref()?)? {
            GameResult::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// What a [`Filter`](sgf_stream::game::Filter) looks at in a search,
    /// for a game of `size` and `moves` moves (as a
    /// [`GameRecord`](super::GameRecord) counts them: passes included):
    /// the names and the values of [`Normalized`](sgf_stream::game::Normalized)
    /// read from these fields by [`GameFacts::absorb`]. No properties are
    /// known (`props` is empty).
    ///
    /// ```
    /// use sgf_go::search::GameMeta;
    /// use sgf_stream::typed::BoardSize;
    /// let tree = sgf_stream::parse("(;PB[Lee]BR[P9段]KM[750]DT[2016-03-09,10])")?;
    /// let facts = GameMeta::from_tree(&tree).facts(BoardSize::square(19), 180);
    /// assert_eq!(facts.black.as_deref(), Some("Lee"));
    /// assert_eq!(facts.normalized.black_rank?.to_string(), "9p");
    /// assert_eq!(facts.normalized.komi, Ok(7.5));
    /// assert_eq!((facts.board_size(), facts.moves), (Some(BoardSize::square(19)), 180));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn facts(&self, size: BoardSize, moves: u32) -> GameFacts {
        let fields = self.fields().into_iter().enumerate();
        let texts = fields.filter_map(|(i, field)| Some((i, field.as_deref()?.as_bytes())));
        facts_from(texts, size, moves, |_| true)
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
            &self.komi,
            &self.handicap,
        ]
    }

    fn field_mut(&mut self, field: usize) -> &mut Option<String> {
        match field {
            0 => &mut self.black,
            1 => &mut self.white,
            2 => &mut self.black_rank,
            3 => &mut self.white_rank,
            4 => &mut self.date,
            5 => &mut self.result,
            6 => &mut self.event,
            7 => &mut self.komi,
            _ => &mut self.handicap,
        }
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
    pub fn decode(bytes: &[u8]) -> GameMeta {
        let mut meta = GameMeta::default();
        for (field, value) in encoded(bytes) {
            if let Ok(text) = std::str::from_utf8(value) {
                *meta.field_mut(field) = Some(text.to_string());
            }
        }
        meta
    }
}

/// The field of property `ident`, if the index keeps it.
#[inline]
fn field_of(ident: &str) -> Option<usize> {
    if ident.len() != 2 {
        return None;
    }
    IDENTS.iter().position(|&kept| kept == ident)
}

/// The fields of an encoding, as (field, bytes), skipping unknown tags;
/// a field cut short ends at the end of `bytes`.
fn encoded(mut bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    std::iter::from_fn(move || loop {
        let [tag, a, b, rest @ ..] = bytes else {
            return None;
        };
        let len = usize::from(u16::from_le_bytes([*a, *b])).min(rest.len());
        let (value, after) = rest.split_at(len);
        bytes = after;
        let field = usize::from(*tag).wrapping_sub(1);
        if field < FIELDS {
            return Some((field, value));
        }
    })
}

/// The facts of the encoded fields in `bytes`, as [`GameMeta::facts`]
/// gives them, read in place; of the fields, only the properties that
/// `reads` names.
pub(super) fn encoded_facts(
    bytes: &[u8],
    size: BoardSize,
    moves: u32,
    reads: impl Fn(&str) -> bool,
) -> GameFacts {
    facts_from(encoded(bytes), size, moves, reads)
}

/// The facts of a game of `size` and `moves` whose fields are `texts`,
/// of which those of the properties `reads` names are read (those that
/// are UTF-8).
fn facts_from<'t>(
    texts: impl Iterator<Item = (usize, &'t [u8])>,
    size: BoardSize,
    moves: u32,
    reads: impl Fn(&str) -> bool,
) -> GameFacts {
    let mut facts = GameFacts::default();
    for (field, value) in texts {
        if !reads(IDENTS[field]) {
            continue;
        }
        if let Ok(text) = std::str::from_utf8(value) {
            facts.absorb(IDENTS[field], text);
        }
    }
    facts.size = Ok(size);
    facts.moves = moves as usize;
    facts
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
