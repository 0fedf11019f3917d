//! [`Walk`]: a tree as the events that write it, without recursion.

use super::children::ChildNodes;
use super::node::Node;

/// One step of [`SgfTree::walk`](super::SgfTree::walk).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WalkEvent<'t> {
    /// `(`
    StartGameTree,
    /// `;` and then this node's properties.
    Node(Node<'t>),
    /// `)`
    EndGameTree,
}

#[derive(Debug, Clone, Copy)]
enum WalkStep<'t> {
    Open(Node<'t>),
    Node(Node<'t>),
    Close,
}

impl<'t> Node<'t> {
    /// Walks the subtree as the events that write it; see
    /// [`SgfTree::walk`](super::SgfTree::walk).
    pub fn walk(&self) -> Walk<'t> {
        Walk::new(*self)
    }
}

/// Iterator of [`WalkEvent`]s; see [`SgfTree::walk`](super::SgfTree::walk).
///
/// The stack holds, for each open variation, the siblings still to visit.
#[derive(Debug, Clone)]
pub struct Walk<'t> {
    stack: Vec<ChildNodes<'t>>,
    next: Option<WalkStep<'t>>,
}

impl<'t> Walk<'t> {
    pub(super) fn new(node: Node<'t>) -> Self {
        Walk {
            stack: Vec::new(),
            next: Some(WalkStep::Open(node)),
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
                let mut children = node.child_nodes();
                self.next = Some(match (children.next(), children.is_done()) {
                    (None, _) => WalkStep::Close,
                    (Some(only), true) => WalkStep::Node(only),
                    (Some(first), false) => {
                        self.stack.push(children);
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
