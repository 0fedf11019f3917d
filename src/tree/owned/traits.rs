//! `PartialEq` and `Debug` of [`SgfTree`] and of [`Node`], each with an
//! explicit stack instead of recursion (`Display` is the writer's).

use std::fmt;

use super::children::ChildNodes;
use super::{Node, SgfTree};

impl PartialEq for Node<'_> {
    /// Whether the two subtrees have the same properties and shape.
    fn eq(&self, other: &Self) -> bool {
        let mut stack = vec![(*self, *other)];
        while let Some((a, b)) = stack.pop() {
            if !a.properties().eq(b.properties()) {
                return false;
            }
            let (mut left, mut right) = (a.child_nodes(), b.child_nodes());
            loop {
                match (left.next(), right.next()) {
                    (Some(l), Some(r)) => stack.push((l, r)),
                    (None, None) => break,
                    _ => return false,
                }
            }
        }
        true
    }
}

impl Eq for Node<'_> {}

impl fmt::Debug for Node<'_> {
    /// `Node { properties: {..}, children: [..] }`, nested like a derived
    /// `Debug` but written without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_subtree(*self, "Node", f)
    }
}

impl PartialEq for SgfTree {
    /// Whether the two trees have the same properties and shape, however
    /// their storage is laid out.
    fn eq(&self, other: &Self) -> bool {
        self.root() == other.root()
    }
}

impl Eq for SgfTree {}

impl fmt::Debug for SgfTree {
    /// `SgfTree { properties: {..}, children: [..] }`, nested like a
    /// derived `Debug` but written without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_subtree(self.root(), "SgfTree", f)
    }
}

/// Writes `node`'s subtree as `name { properties: {..}, children: [..] }`
/// at every level, with a stack instead of recursion.
pub(crate) fn debug_subtree(node: Node<'_>, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut stack: Vec<(ChildNodes<'_>, bool)> = Vec::new();
    let mut node = node;
    loop {
        write!(
            f,
            "{name} {{ properties: {:?}, children: [",
            node.properties()
        )?;
        stack.push((node.child_nodes(), false));
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
