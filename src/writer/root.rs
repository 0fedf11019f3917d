//! The root node's `CA`: one rule for every call that writes a root
//! node (the property calls, events, trees, compact trees).
//!
//! - A `CA` in the root whose first value names the output charset is
//!   written as it is; one whose first value names anything else (another
//!   charset, or text that is no charset, such as a Compose `a:b`) is
//!   written as `CA[<output charset>]`.
//! - When the root is left (at the next `(`, `;` or `)`) with no `CA`
//!   written, `CA[<output charset>]` is added if the options ask for one
//!   (a legacy charset, or `declare_charset`).
//! - A call that fails writes nothing and changes nothing: only a `CA`
//!   that was written counts.

use std::io;

use super::Writer;
use crate::tree::SgfTree;
use crate::writer::WriteError;

/// The root node of a top-level game tree, while it is being written.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Root {
    /// The root node is being written.
    pub(super) open: bool,
    /// A `CA` was written in it.
    pub(super) has_ca: bool,
}

impl<W: io::Write> Writer<W> {
    /// Whether a property `ident` with the first value `first`, written
    /// now, is a root `CA` to be written as `CA[<output charset>]`.
    pub(super) fn replaces_ca(&self, ident: &str, first: Option<&[u8]>) -> bool {
        self.root.open && ident == "CA" && self.ca_replaced_by_name(first)
    }

    /// Whether a root `CA` whose first value is `first` is written as
    /// `CA[<output charset>]`: it has a value, and that value does not
    /// name the output charset.
    pub(super) fn ca_replaced_by_name(&self, first: Option<&[u8]>) -> bool {
        first.is_some_and(|label| !self.options.charset.is_named_by(label))
    }

    /// A property `ident` was written: a root `CA` now stands.
    pub(super) fn wrote_property(&mut self, ident: &str) {
        if self.root.open && ident == "CA" {
            self.root.has_ca = true;
        }
    }

    /// Leaving a root node: adds the `CA` it must have.
    #[inline]
    pub(super) fn leave_root(&mut self) {
        if !std::mem::take(&mut self.root.open) || self.root.has_ca {
            return;
        }
        self.declare_charset();
    }

    /// Adds the root's `CA` when the options ask for one.
    #[cold]
    fn declare_charset(&mut self) {
        if self.options.must_declare() {
            let name = self.options.charset.name();
            let result = self.out.value("CA", true, name.as_bytes(), false);
            debug_assert!(result.is_ok(), "charset names are ASCII");
        }
    }

    /// A tree's root node: `CA` made consistent, root properties first if
    /// asked.
    pub(super) fn write_root(&mut self, node: &SgfTree) -> Result<(), WriteError> {
        let charset = self.options.charset;
        let ca_as_is = match node.get("CA") {
            Some(values) => !self.ca_replaced_by_name(values.first().map(String::as_bytes)),
            None => !self.options.must_declare(),
        };
        if ca_as_is && !self.options.root_properties_first {
            // Nothing to add, replace or reorder (the usual root).
            self.root = Root::default();
            for (ident, values) in node.properties() {
                self.tree_property(ident, values)?;
            }
            return Ok(());
        }
        let name = [charset.name().to_string()];
        let mut props: Vec<(&str, &[String])> = node.properties().collect();
        match props.iter_mut().find(|(ident, _)| *ident == "CA") {
            Some((_, values)) if self.ca_replaced_by_name(values.first().map(String::as_bytes)) => {
                *values = &name;
            }
            Some(_) => {}
            None if self.options.must_declare() => props.push(("CA", &name)),
            None => {}
        }
        if self.options.root_properties_first {
            const ORDER: [&str; 6] = ["FF", "GM", "SZ", "CA", "AP", "ST"];
            props.sort_by_key(|(ident, _)| {
                ORDER.iter().position(|o| o == ident).unwrap_or(ORDER.len())
            });
        }
        self.root = Root::default();
        for (ident, values) in props {
            self.tree_property(ident, values)?;
        }
        Ok(())
    }
}
