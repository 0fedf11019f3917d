//! `Drop`, `Clone`, `PartialEq`, `Debug` and `Display` of [`SgfTree`],
//! each with an explicit stack instead of recursion.

use std::fmt;
use std::io;

use super::SgfTree;
use crate::write::{WriteOptions, Writer};

impl Drop for SgfTree {
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.children);
        while let Some(mut node) = stack.pop() {
            stack.append(&mut node.children);
        }
    }
}

impl Clone for SgfTree {
    fn clone(&self) -> Self {
        // Post-order: a node is finished once all its children are.
        struct Frame<'t> {
            source: &'t SgfTree,
            next_child: usize,
            children: Vec<SgfTree>,
        }
        fn frame(source: &SgfTree) -> Frame<'_> {
            Frame {
                source,
                next_child: 0,
                children: Vec::with_capacity(source.children.len()),
            }
        }
        let mut stack = vec![frame(self)];
        loop {
            let top = stack
                .last_mut()
                .expect("stack holds the root until it returns");
            if let Some(child) = top.source.children.get(top.next_child) {
                top.next_child += 1;
                stack.push(frame(child));
                continue;
            }
            let done = stack.pop().expect("checked above");
            let node = SgfTree {
                props: done.source.props.clone(),
                children: done.children,
            };
            match stack.last_mut() {
                Some(parent) => parent.children.push(node),
                None => return node,
            }
        }
    }
}

impl PartialEq for SgfTree {
    fn eq(&self, other: &Self) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            if a.props != b.props || a.children.len() != b.children.len() {
                return false;
            }
            stack.extend(a.children.iter().zip(&b.children));
        }
        true
    }
}

impl Eq for SgfTree {}

impl fmt::Debug for SgfTree {
    /// `SgfTree { properties: {..}, children: [..] }`, nested like a
    /// derived `Debug` but written without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut stack: Vec<(std::slice::Iter<'_, SgfTree>, bool)> = Vec::new();
        let mut node = self;
        loop {
            f.write_str("SgfTree { properties: {")?;
            for (i, (ident, values)) in node.properties().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{ident:?}: {values:?}")?;
            }
            f.write_str("}, children: [")?;
            stack.push((node.children.iter(), false));
            // Open the next child, closing the nodes whose children are done.
            loop {
                let Some((siblings, wrote_one)) = stack.last_mut() else {
                    return Ok(());
                };
                match siblings.next() {
                    Some(child) => {
                        if *wrote_one {
                            f.write_str(", ")?;
                        }
                        *wrote_one = true;
                        node = child;
                        break;
                    }
                    None => {
                        stack.pop();
                        f.write_str("] }")?;
                    }
                }
            }
        }
    }
}

impl fmt::Display for SgfTree {
    /// The tree as [`Writer::write_tree`](crate::Writer::write_tree)
    /// writes it with the default options, without the final line break:
    /// SGF on one line, `\` and `]` in values escaped, a root `CA` that
    /// names another charset than UTF-8 written `CA[UTF-8]`. The output
    /// parses back to an equal tree when every identifier is uppercase
    /// letters and every value is decoded Text (tabs and CRs are read back
    /// as spaces and line feeds). Where the writer refuses a tree, the
    /// output is not SGF: an identifier that is not uppercase letters is
    /// written as it is, and a property with no value as its identifier.
    ///
    /// ```
    /// let tree = sgf_stream::parse("(;CA[latin1]C[a\\]b];B[pd])")?;
    /// assert_eq!(tree.to_string(), "(;CA[UTF-8]C[a\\]b];B[pd])");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = WriteOptions::new().final_newline(false);
        let mut writer = Writer::with_capacity(Formatted(f), options, DISPLAY_BUFFER);
        writer.write_tree_as_is(self).map_err(|_| fmt::Error)?;
        writer.into_inner().map_err(|_| fmt::Error)?;
        Ok(())
    }
}

/// The buffer a `Display` writer starts with: a game record's text.
const DISPLAY_BUFFER: usize = 4096;

/// A formatter as an [`io::Write`], for the writer. The writer hands it
/// whole events, which are UTF-8 for a tree of `String`s.
struct Formatted<'a, 'f>(&'a mut fmt::Formatter<'f>);

impl io::Write for Formatted<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text =
            std::str::from_utf8(buf).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        self.0.write_str(text).map_err(io::Error::other)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
