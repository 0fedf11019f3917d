//! `Drop`, `Clone`, `PartialEq`, `Debug` and `Display` of [`SgfTree`],
//! each with an explicit stack instead of recursion.

use std::fmt;

use super::{SgfTree, WalkEvent};
use crate::value;

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
    /// Compact SGF on one line; `\` and `]` in values are escaped. The
    /// output parses back to an equal tree when every identifier is
    /// uppercase letters and every value is decoded Text (tabs and CRs are
    /// read back as spaces and line feeds).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for event in self.walk() {
            match event {
                WalkEvent::StartGameTree => f.write_str("(")?,
                WalkEvent::EndGameTree => f.write_str(")")?,
                WalkEvent::Node(node) => {
                    f.write_str(";")?;
                    for (ident, values) in node.properties() {
                        f.write_str(ident)?;
                        for value in values {
                            write!(f, "[{}]", value::escape(value))?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
