//! What the writer refuses to write whatever the call: identifiers that
//! are not uppercase letters, and raw values that would end early.

use super::error::WriteError;
use crate::lex::first_unescaped_close;

/// An identifier must be one or more uppercase ASCII letters.
#[inline]
pub(crate) fn check_ident(ident: &str) -> Result<(), WriteError> {
    if is_ident(ident) {
        Ok(())
    } else {
        Err(WriteError::InvalidIdentifier(ident.to_string()))
    }
}

/// A property of `count` values needs an identifier of uppercase
/// letters and a value at least.
#[inline(always)]
pub(crate) fn check_shape(ident: &str, count: usize) -> Result<(), WriteError> {
    if !is_ident(ident) {
        return Err(invalid_ident(ident));
    }
    if count == 0 {
        return Err(no_values(ident));
    }
    Ok(())
}

/// Whether `ident` is one or more uppercase ASCII letters.
#[inline(always)]
fn is_ident(ident: &str) -> bool {
    match *ident.as_bytes() {
        [a] => a.is_ascii_uppercase(),
        [a, b] => a.is_ascii_uppercase() && b.is_ascii_uppercase(),
        ref long => !long.is_empty() && long.iter().all(u8::is_ascii_uppercase),
    }
}

#[cold]
fn invalid_ident(ident: &str) -> WriteError {
    WriteError::InvalidIdentifier(ident.to_string())
}

#[cold]
fn no_values(ident: &str) -> WriteError {
    WriteError::NoValues(ident.to_string())
}

/// A raw value must not end early: no unescaped `]`, no final lone `\`.
pub(super) fn check_raw(ident: &str, value: &[u8]) -> Result<(), WriteError> {
    match first_unescaped_close(value) {
        None => Ok(()),
        Some(offset) => Err(WriteError::UnescapedValue {
            ident: ident.to_string(),
            offset,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_values_must_be_escaped() {
        assert!(check_raw("C", b"a\\]b\\\\").is_ok());
        assert!(check_raw("C", b"").is_ok());
        assert!(check_raw("C", b"\\\\").is_ok());
        for (bad, at) in [(&b"a]"[..], 1), (b"a\\", 1), (b"\\\\\\", 2), (b"\\]]", 2)] {
            match check_raw("C", bad) {
                Err(WriteError::UnescapedValue { offset, .. }) => assert_eq!(offset, at),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn identifiers_are_uppercase_letters() {
        for good in ["B", "AB", "MULTIGOGM"] {
            assert!(check_ident(good).is_ok(), "{good}");
        }
        for bad in ["", "b", "aB", "B1", "ABc", "É"] {
            assert!(
                matches!(check_ident(bad), Err(WriteError::InvalidIdentifier(i)) if i == bad),
                "{bad}"
            );
        }
    }
}
