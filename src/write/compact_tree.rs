//! How a [`CompactTree`](crate::CompactTree)'s game trees write
//! themselves ([`WriteTree`] for [`NodeRef`]), raw values byte for byte.
//!
//! The walk is [`NodeRef::walk`]'s: the arena is in file order, so a
//! node's first child is the next node and its next sibling is a stored
//! index; the stack holds, for each open variation, the next sibling to
//! visit. For one-line UTF-8 output without wrapping (the default
//! options) the nodes below the root are copied straight from the input
//! into the output buffer; otherwise every step goes through the writer's
//! calls, exactly as parser events do in
//! [`Writer::write_event`](crate::Writer::write_event).

use std::io;

use memchr::memmem;

use super::tree::{TreeSink, WriteTree};
use super::writer::CHUNK;
use super::WriteError;
use crate::lex::{is_space, value_end};
use crate::tree::{CompactEvent, NodeRef};

impl WriteTree for NodeRef<'_> {
    fn write_into<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        if sink.one_line_plain() {
            self.write_plain(sink)
        } else {
            self.write_laid_out(sink)
        }
    }
}

impl NodeRef<'_> {
    /// The plain walk: `(`, the root node and the final `)` through the
    /// writer's calls (a root's properties only when its `CA` may need
    /// adding or replacing); the rest is the input with the whitespace
    /// outside values left out, which is what the writer's calls write
    /// for one-line output, copied in one pass over the input.
    fn write_plain<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        sink.start_game_tree()?;
        sink.node()?;
        let span = self.span();
        let props = &span[..properties_len(span)];
        let mut from = self.offset() + 1;
        if sink.in_root() && self.root_needs_ca(sink, props) {
            // A root that may need its `CA` added or replaced.
            for (ident, values) in self.properties() {
                sink.raw_property(ident, values)?;
            }
            from += props.len();
        }
        sink.end_root()?;
        if sink.checks_raw_values() {
            // The input is copied below without a look at its values.
            self.check(sink)?;
        }
        let after_variation = copy_subtrees(sink, self.input(), from)?;
        sink.body_written(after_variation);
        sink.end_game_tree()
    }

    /// Whether writing this root (its properties `props`) adds or
    /// replaces a `CA`: the writer's calls then see to it.
    fn root_needs_ca<W: io::Write>(&self, sink: &TreeSink<'_, W>, props: &[u8]) -> bool {
        if sink.declares_charset() {
            return true;
        }
        if memmem::find(props, b"CA").is_none() {
            return false;
        }
        // Every `CA` of the root, as the writer's calls see each one.
        self.properties().any(|(ident, values)| {
            ident == "CA" && sink.replaces_root_ca(values.first().as_bytes())
        })
    }

    /// Any other layout or charset: every step through the writer's calls.
    fn write_laid_out<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        for step in self.walk() {
            match step {
                CompactEvent::StartGameTree => sink.start_game_tree()?,
                CompactEvent::EndGameTree => sink.end_game_tree()?,
                CompactEvent::Node(node) => {
                    sink.node()?;
                    for (ident, values) in node.properties() {
                        sink.raw_property(ident, values)?;
                    }
                }
            }
            sink.hand_on_full(|sink| self.check(sink))?;
        }
        Ok(())
    }

    /// Checks that every value of this node's tree can be written in the
    /// output charset (for UTF-8 output, only in a game whose `CA` the
    /// writer writes).
    fn check<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        if !sink.checks_raw_values() {
            return Ok(());
        }
        let mut scratch = Vec::new();
        for step in self.walk() {
            let CompactEvent::Node(node) = step else {
                continue;
            };
            for (ident, values) in node.properties() {
                for value in values.iter() {
                    sink.check_raw_value(ident, value.as_bytes(), &mut scratch)?;
                }
            }
        }
        Ok(())
    }
}

/// Copies `source` from `from` (just after a node's properties) to the
/// `)` that closes the node's sequence, leaving out whitespace outside
/// values; returns whether a variation closed last. The input was
/// accepted by the grammar, so nothing can be wrong in it.
fn copy_subtrees<W: io::Write>(
    sink: &mut TreeSink<'_, W>,
    source: &[u8],
    from: usize,
) -> Result<bool, WriteError> {
    // Bytes from `run` to `at` are copied in one go at a space, at a
    // node once a chunk has built up, and at the end.
    let (mut run, mut at) = (from, from);
    let mut depth = 0usize;
    let mut after_variation = false;
    let mut buf = sink.buf();
    while let Some(&byte) = source.get(at) {
        match byte {
            b'[' => at = value_end(source, at + 1),
            b'(' => {
                depth += 1;
                at += 1;
            }
            b')' if depth == 0 => break,
            b')' => {
                depth -= 1;
                after_variation = true;
                at += 1;
            }
            b';' => {
                after_variation = false;
                if at - run + buf.len() >= CHUNK {
                    buf.extend_from_slice(&source[run..at]);
                    run = at;
                    // The values were checked before the copy where they
                    // need it: nothing more to check.
                    sink.hand_on_full(|_| Ok(()))?;
                    buf = sink.buf();
                }
                at += 1;
            }
            _ if is_space(byte) => {
                buf.extend_from_slice(&source[run..at]);
                at += 1;
                run = at;
            }
            _ => at += 1,
        }
    }
    buf.extend_from_slice(&source[run..at]);
    Ok(after_variation)
}

/// How many bytes at the start of a node's `span` (from after its `;` to
/// the next node's `;`) are its properties: all but the whitespace and
/// parentheses at the end.
fn properties_len(span: &[u8]) -> usize {
    span.iter()
        .rposition(|&b| !matches!(b, b'(' | b')') && !is_space(b))
        .map_or(0, |last| last + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_end_before_the_structure_after_them() {
        assert_eq!(properties_len(b"B[pd]"), 5);
        assert_eq!(properties_len(b"B[pd]\n)\n (("), 5);
        assert_eq!(properties_len(b"C[a )] N [b]  ) ("), 12);
        assert_eq!(properties_len(b" \n("), 0);
    }
}
