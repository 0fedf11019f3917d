//! [`CompactWalk`]: a compact tree as the events that write it.

use super::NodeRef;

/// One step of [`NodeRef::walk`].
#[derive(Debug, Clone, Copy)]
pub enum CompactEvent<'t> {
    /// `(`
    StartGameTree,
    /// `;` and then this node's properties.
    Node(NodeRef<'t>),
    /// `)`
    EndGameTree,
}

#[derive(Debug, Clone, Copy)]
enum WalkStep<'t> {
    Open(NodeRef<'t>),
    Node(NodeRef<'t>),
    Close,
}

/// Iterator of [`CompactEvent`]s: a pre-order walk over first children and
/// next siblings that opens a variation where a node has siblings. The
/// stack holds, for each open variation, the next sibling to visit.
#[derive(Debug, Clone)]
pub struct CompactWalk<'t> {
    stack: Vec<Option<NodeRef<'t>>>,
    next: Option<WalkStep<'t>>,
}

impl<'t> CompactWalk<'t> {
    pub(super) fn new(node: NodeRef<'t>) -> Self {
        CompactWalk {
            stack: Vec::new(),
            next: Some(WalkStep::Open(node)),
        }
    }
}

impl<'t> Iterator for CompactWalk<'t> {
    type Item = CompactEvent<'t>;

    fn next(&mut self) -> Option<CompactEvent<'t>> {
        match self.next.take()? {
            WalkStep::Open(node) => {
                self.next = Some(WalkStep::Node(node));
                Some(CompactEvent::StartGameTree)
            }
            WalkStep::Node(node) => {
                self.next = Some(match node.first_child() {
                    None => WalkStep::Close,
                    Some(first) => match first.next_sibling() {
                        None => WalkStep::Node(first),
                        Some(second) => {
                            self.stack.push(Some(second));
                            WalkStep::Open(first)
                        }
                    },
                });
                Some(CompactEvent::Node(node))
            }
            WalkStep::Close => {
                self.next = match self.stack.last_mut() {
                    None => None,
                    Some(slot) => match slot.take() {
                        Some(sibling) => {
                            *slot = sibling.next_sibling();
                            Some(WalkStep::Open(sibling))
                        }
                        None => {
                            self.stack.pop();
                            Some(WalkStep::Close)
                        }
                    },
                };
                Some(CompactEvent::EndGameTree)
            }
        }
    }
}
