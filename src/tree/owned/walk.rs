//! [`Walk`]: a tree as the events that write it, without recursion.

use super::SgfTree;

/// One step of [`SgfTree::walk`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WalkEvent<'t> {
    /// `(`
    StartGameTree,
    /// `;` and then this node's properties.
    Node(&'t SgfTree),
    /// `)`
    EndGameTree,
}

#[derive(Debug, Clone, Copy)]
enum WalkStep<'t> {
    Open(&'t SgfTree),
    Node(&'t SgfTree),
    Close,
}

/// Iterator of [`WalkEvent`]s; see [`SgfTree::walk`].
///
/// The stack holds, for each open variation, the siblings still to visit.
#[derive(Debug, Clone)]
pub struct Walk<'t> {
    stack: Vec<std::slice::Iter<'t, SgfTree>>,
    next: Option<WalkStep<'t>>,
}

impl<'t> Walk<'t> {
    pub(super) fn new(tree: &'t SgfTree) -> Self {
        Walk {
            stack: Vec::new(),
            next: Some(WalkStep::Open(tree)),
        }
    }
}

impl<'t> Iterator for Walk<'t> {
    type Item = WalkEvent<'t>;

    fn next(&mut self) -> Option<WalkEvent<'t>> {
        let step = self.next.take()?;
        match step {
            WalkStep::Open(node) => {
                self.next = Some(WalkStep::Node(node));
                Some(WalkEvent::StartGameTree)
            }
            WalkStep::Node(node) => {
                self.next = Some(match node.children.as_slice() {
                    [] => WalkStep::Close,
                    [only] => WalkStep::Node(only),
                    [first, rest @ ..] => {
                        self.stack.push(rest.iter());
                        WalkStep::Open(first)
                    }
                });
                Some(WalkEvent::Node(node))
            }
            WalkStep::Close => {
                // Closing a variation: go on with its next sibling, or close
                // the enclosing one too once its siblings are done.
                self.next = match self.stack.last_mut() {
                    None => None,
                    Some(siblings) => match siblings.next() {
                        Some(sibling) => Some(WalkStep::Open(sibling)),
                        None => {
                            self.stack.pop();
                            Some(WalkStep::Close)
                        }
                    },
                };
                Some(WalkEvent::EndGameTree)
            }
        }
    }
}
