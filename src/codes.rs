//! Stable codes for every [`ErrorKind`], [`TreeErrorKind`] and
//! [`WarningKind`], for a value that does not fit its type
//! ([`PropertyError`]: `bad_value`), and which repairs lose data: what
//! front ends print, raise and filter on, the same everywhere.

use crate::error::{ErrorKind, FormatErrorKind, TreeErrorKind};
use crate::typed::PropertyError;
use crate::warning::WarningKind;

impl ErrorKind {
    /// A short code for this kind of error, in `snake_case`: stable across
    /// releases, unlike the message, so that programs can match on it.
    ///
    /// ```
    /// let err = sgf_stream::parse("(;A[b").unwrap_err();
    /// assert_eq!(err.kind().code(), "unclosed_value");
    /// let err = sgf_stream::parse("(;A[b]A[c])").unwrap_err();
    /// assert_eq!(err.kind().code(), "repeated_property");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::TreeMissing => "tree_missing",
            ErrorKind::TreeWithNoNodes => "tree_with_no_nodes",
            ErrorKind::PropertiesWithoutDelimiter => "properties_without_delimiter",
            ErrorKind::PropertyNotUppercase => "property_not_uppercase",
            ErrorKind::UnclosedValue => "unclosed_value",
            ErrorKind::EscapeAtEnd => "escape_at_end",
            ErrorKind::UnclosedTree => "unclosed_tree",
            ErrorKind::MissingNode(_) => "missing_node",
            ErrorKind::UnexpectedByte(_) => "unexpected_byte",
            ErrorKind::NodeAfterVariation => "node_after_variation",
            ErrorKind::TrailingText(_) => "trailing_text",
            ErrorKind::TooDeep(_) => "too_deep",
            ErrorKind::ValueTooLong(_) => "value_too_long",
            ErrorKind::IdentifierTooLong(_) => "identifier_too_long",
            ErrorKind::SpaceTooLong(_) => "space_too_long",
            ErrorKind::TooManyProperties(_) => "too_many_properties",
            ErrorKind::TooManyValues(_) => "too_many_values",
            ErrorKind::Io(_) => "io",
            ErrorKind::Tree(kind) => kind.code(),
            ErrorKind::Format(kind) => kind.code(),
        }
    }
}

impl FormatErrorKind {
    /// A short code for this kind of error in a record of another format,
    /// as [`ErrorKind::code`].
    ///
    /// ```
    /// use sgf_stream::formats::FormatErrorKind;
    /// assert_eq!(FormatErrorKind::AlreadySgf.code(), "already_sgf");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            FormatErrorKind::NotThisFormat { .. } => "not_this_format",
            FormatErrorKind::HeaderCutShort(_) => "header_cut_short",
            FormatErrorKind::Malformed(_) => "malformed_line",
            FormatErrorKind::BadValue { .. } => "bad_header_value",
            FormatErrorKind::OffBoard { .. } => "off_board",
            FormatErrorKind::AlreadySgf => "already_sgf",
        }
    }
}

impl TreeErrorKind {
    /// A short code for this kind of error, as [`ErrorKind::code`].
    ///
    /// ```
    /// use sgf_stream::TreeErrorKind;
    /// assert_eq!(TreeErrorKind::InvalidUtf8.code(), "invalid_utf8");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            TreeErrorKind::ExtraGameTree => "extra_game_tree",
            TreeErrorKind::RepeatedProperty(_) => "repeated_property",
            TreeErrorKind::InvalidUtf8 => "invalid_utf8",
            TreeErrorKind::InputTooLarge(_) => "input_too_large",
            TreeErrorKind::GameTooLarge => "game_too_large",
        }
    }
}

impl PropertyError {
    /// The code of a value that does not fit its property's type,
    /// whatever its [`kind`](PropertyError::kind): `bad_value`, as
    /// [`ErrorKind::code`] (the message says what is wrong).
    ///
    /// ```
    /// use sgf_stream::typed::Decoder;
    /// let err = Decoder::new().decode_raw("KM", [&b"six"[..]]).unwrap_err();
    /// assert_eq!(err.code(), "bad_value");
    /// ```
    pub fn code(&self) -> &'static str {
        "bad_value"
    }
}

impl WarningKind {
    /// A short code for this kind of warning, in `snake_case`: stable
    /// across releases, unlike the message.
    ///
    /// ```
    /// use sgf_stream::WarningKind;
    /// assert_eq!(WarningKind::SkippedText.code(), "skipped_text");
    /// assert_eq!(WarningKind::MissingClose(2).code(), "missing_close");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            WarningKind::SkippedText => "skipped_text",
            WarningKind::UnmatchedClose => "unmatched_close",
            WarningKind::MissingClose(_) => "missing_close",
            WarningKind::UnclosedGame => "unclosed_game",
            WarningKind::MissingNode => "missing_node",
            WarningKind::EmptyGameTree => "empty_game_tree",
            WarningKind::RedundantParenthesis => "redundant_parenthesis",
            WarningKind::NodeAfterVariation => "node_after_variation",
            WarningKind::LowercaseIdentifier { .. } => "lowercase_identifier",
            WarningKind::DroppedProperty(_) => "dropped_property",
            WarningKind::UnescapedBracket => "unescaped_bracket",
            WarningKind::UnclosedValue => "unclosed_value",
            WarningKind::MergedProperty(_) => "merged_property",
            WarningKind::DroppedRepeat(_) => "dropped_repeat",
            WarningKind::InvalidBytes(_) => "invalid_bytes",
            WarningKind::SkippedGameTree(_) => "skipped_game_tree",
            WarningKind::NoGameTree => "no_game_tree",
            WarningKind::UnknownCharset(_) => "unknown_charset",
            WarningKind::CharsetMismatch { .. } => "charset_mismatch",
            WarningKind::SkippedLine => "skipped_line",
            WarningKind::UnreadValue { .. } => "unread_value",
            WarningKind::RecordCutShort => "record_cut_short",
        }
    }

    /// Whether this repair changed or dropped data (bytes skipped, values
    /// dropped or cut, bytes replaced), rather than supplying structure or
    /// merging values with every value kept.
    ///
    /// ```
    /// use sgf_stream::WarningKind;
    /// assert!(WarningKind::SkippedText.loses_data());
    /// assert!(!WarningKind::MissingClose(1).loses_data());
    /// assert!(!WarningKind::MergedProperty("AB".into()).loses_data());
    /// ```
    pub fn loses_data(&self) -> bool {
        match self {
            WarningKind::SkippedText
            | WarningKind::DroppedProperty(_)
            | WarningKind::DroppedRepeat(_)
            | WarningKind::UnclosedValue
            | WarningKind::InvalidBytes(_)
            | WarningKind::SkippedGameTree(_)
            | WarningKind::NoGameTree
            | WarningKind::SkippedLine
            | WarningKind::UnreadValue { .. } => true,
            WarningKind::UnmatchedClose
            | WarningKind::MissingClose(_)
            | WarningKind::UnclosedGame
            | WarningKind::MissingNode
            | WarningKind::EmptyGameTree
            | WarningKind::RedundantParenthesis
            | WarningKind::NodeAfterVariation
            | WarningKind::LowercaseIdentifier { .. }
            | WarningKind::UnescapedBracket
            | WarningKind::MergedProperty(_)
            | WarningKind::UnknownCharset(_)
            | WarningKind::CharsetMismatch { .. }
            | WarningKind::RecordCutShort => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_snake_case_and_distinct_per_family() {
        let errors = [
            ErrorKind::TreeMissing,
            ErrorKind::TreeWithNoNodes,
            ErrorKind::PropertiesWithoutDelimiter,
            ErrorKind::PropertyNotUppercase,
            ErrorKind::UnclosedValue,
            ErrorKind::EscapeAtEnd,
            ErrorKind::UnclosedTree,
            ErrorKind::MissingNode(b'x'),
            ErrorKind::UnexpectedByte(b'x'),
            ErrorKind::NodeAfterVariation,
            ErrorKind::TrailingText(b'x'),
            ErrorKind::TooDeep(1),
            ErrorKind::ValueTooLong(1),
            ErrorKind::IdentifierTooLong(1),
            ErrorKind::SpaceTooLong(1),
            ErrorKind::TooManyProperties(1),
            ErrorKind::TooManyValues(1),
            ErrorKind::Io(std::io::ErrorKind::Other),
            ErrorKind::Tree(TreeErrorKind::ExtraGameTree),
            ErrorKind::Tree(TreeErrorKind::RepeatedProperty("A".into())),
            ErrorKind::Tree(TreeErrorKind::InvalidUtf8),
            ErrorKind::Tree(TreeErrorKind::InputTooLarge(1)),
            ErrorKind::Tree(TreeErrorKind::GameTooLarge),
            ErrorKind::Format(FormatErrorKind::AlreadySgf),
            ErrorKind::Format(FormatErrorKind::HeaderCutShort("GIB")),
        ];
        let codes: std::collections::HashSet<_> = errors.iter().map(ErrorKind::code).collect();
        assert_eq!(codes.len(), errors.len());
        for code in codes {
            assert!(code
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_' || b.is_ascii_digit()));
        }
    }
}
