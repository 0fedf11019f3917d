//! The tree types: [`SgfTree`], an owned game tree with decoded values,
//! and [`CompactTree`], a whole collection as an arena of nodes over its
//! bytes. Both are walked, cloned, compared and dropped without
//! recursion; [`build`](crate::build) makes them from events.

pub(crate) mod compact;
pub(crate) mod owned;

pub use compact::{CompactEvent, CompactTree, CompactWalk, NodeRef, Properties};
pub(crate) use owned::arena;
pub use owned::{
    Children, ChildrenIter, Node, NodeMut, NodeProperties, SgfTree, Values, ValuesIter, Walk,
    WalkEvent,
};
