//! What the reader found: the machine's tokens as offsets ([`Found`]),
//! the lenient stage's events ([`Item`]), and the events they become.

use super::lenient::Out;
use crate::event::{Event, PropIdent, RawValues};
use crate::ident::static_ident;
use crate::machine::{Quick, Token};

/// What the machine found: a token of its hot path, or any token, as
/// offsets into the source's bytes.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Found {
    /// [`Machine::quick_scan`]'s find, ending at this offset.
    Quick(Quick, usize),
    /// A token spanning `start..end`.
    Token(Token, usize, usize),
}

impl Found {
    /// Where the token starts and ends.
    #[inline]
    pub(crate) fn span(self) -> (usize, usize) {
        match self {
            Found::Quick(Quick::Node(at), end) | Found::Quick(Quick::Property(at, _, _), end) => {
                (at, end)
            }
            Found::Token(_, start, end) => (start, end),
        }
    }

    /// The token, as the machine would have given it.
    #[inline]
    pub(crate) fn token(self) -> Token {
        match self {
            Found::Quick(Quick::Node(_), _) => Token::Node,
            Found::Quick(Quick::Property(_, values, _), _) => Token::Property {
                ident_end: values,
                values_start: values,
                count: 1,
            },
            Found::Token(token, _, _) => token,
        }
    }

    /// The event of this find in `buf`, the bytes it was found in.
    #[inline(always)]
    pub(crate) fn event(self, buf: &[u8]) -> Event<'_> {
        match self {
            Found::Quick(quick, end) => quick_event(buf, quick, end),
            Found::Token(token, start, end) => token_event(buf, token, start, end),
        }
    }
}

/// The event of the machine's hot-path find `quick`, ending at `end` of
/// `buf`.
#[inline(always)]
pub(super) fn quick_event(buf: &[u8], quick: Quick, end: usize) -> Event<'_> {
    match quick {
        Quick::Node(_) => Event::Node,
        Quick::Property(_, values, ident) => {
            Event::Property(PropIdent::new(ident), RawValues::new(&buf[values..end], 1))
        }
    }
}

/// What the reader found next: a token of the machine (strict reading),
/// or an event of the lenient stage.
#[derive(Debug, Clone)]
pub(crate) enum Item {
    Found(Found),
    Out(Out),
}

/// Where a property found by the reader stands, for placing a builder's
/// repairs: its start and its values' start in the source's bytes, and
/// its values' start in the input.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ItemPlace {
    pub(super) start: usize,
    pub(super) values: usize,
    pub(super) values_input: u64,
}

/// The event for `token`, which spans `start..end` of `buf`.
#[inline(always)]
pub(super) fn token_event(buf: &[u8], token: Token, start: usize, end: usize) -> Event<'_> {
    match token {
        Token::StartGameTree => Event::StartGameTree,
        Token::Node => Event::Node,
        Token::EndGameTree => Event::EndGameTree,
        Token::Property {
            ident_end,
            values_start,
            count,
        } => {
            let ident = ascii_str(&buf[start..ident_end]);
            let values = RawValues::new(&buf[values_start..end], count);
            Event::Property(PropIdent::new(ident), values)
        }
    }
}

/// The machine only accepts ASCII letters in identifiers. The one- and
/// two-letter ones (nearly all) come from static tables, with no UTF-8
/// validation call.
#[inline]
pub(super) fn ascii_str(bytes: &[u8]) -> &str {
    match static_ident(bytes) {
        Some(ident) => ident,
        None => std::str::from_utf8(bytes).unwrap_or_default(),
    }
}
