//! [`NodePath`]: where a node is in its tree, as the child indices from
//! the root, sharing its steps with its ancestors' paths.

use std::fmt;
use std::sync::Arc;

/// The path from the root to a node: the index of the child taken at
/// each step (empty for the root; `[0, 0]` is the root's first child's
/// first child).
///
/// A path holds its last step and shares the rest with its parent's
/// path, so the paths of every node of a tree take memory linear in its
/// number of nodes, however deep it is. It compares equal to a slice,
/// array or vector of the same indices, and shows as `0.0`.
///
/// ```
/// let tree = sgf_stream::parse("(;GM[1];B[aa](;KO[])(;W[bb]))")?;
/// let violations = tree.validate();
/// let path = &violations[0].path;
/// assert_eq!(*path, [0, 0]);
/// assert_eq!(path.to_vec(), vec![0, 0]);
/// assert_eq!((path.len(), path.last()), (2, Some(0)));
/// assert_eq!(path.to_string(), "0.0");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct NodePath(Option<Arc<Step>>);

/// The last step of a path, and the path before it.
struct Step {
    index: usize,
    len: usize,
    parent: NodePath,
}

impl NodePath {
    /// The path of the root: no step.
    pub(crate) fn root() -> Self {
        NodePath(None)
    }

    /// The path of this node's child `index`.
    pub(crate) fn child(&self, index: usize) -> Self {
        NodePath(Some(Arc::new(Step {
            index,
            len: self.len() + 1,
            parent: self.clone(),
        })))
    }

    /// How many steps: the node's depth below the root.
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |step| step.len)
    }

    /// Whether this is the root's path.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The index of the last step: which child of its parent the node
    /// is; `None` for the root.
    pub fn last(&self) -> Option<usize> {
        self.0.as_ref().map(|step| step.index)
    }

    /// The child indices from the root.
    pub fn to_vec(&self) -> Vec<usize> {
        let mut steps: Vec<usize> = self.rev().collect();
        steps.reverse();
        steps
    }

    /// The child indices from the node up to the root.
    fn rev(&self) -> impl Iterator<Item = usize> + '_ {
        let mut at = self.0.as_deref();
        std::iter::from_fn(move || {
            let step = at?;
            at = step.parent.0.as_deref();
            Some(step.index)
        })
    }

    /// Whether the indices are `steps`.
    fn is(&self, steps: &[usize]) -> bool {
        self.len() == steps.len() && self.rev().eq(steps.iter().rev().copied())
    }
}

impl Drop for NodePath {
    /// Drops the steps no other path shares one at a time: a deep path
    /// is no deep recursion.
    fn drop(&mut self) {
        let mut next = self.0.take();
        while let Some(step) = next {
            next = Arc::into_inner(step).and_then(|mut step| step.parent.0.take());
        }
    }
}

impl PartialEq for NodePath {
    fn eq(&self, other: &Self) -> bool {
        if self.len() != other.len() {
            return false;
        }
        // Equal from the first shared step up.
        let (mut a, mut b) = (self.0.as_ref(), other.0.as_ref());
        while let (Some(x), Some(y)) = (a, b) {
            if Arc::ptr_eq(x, y) {
                return true;
            }
            if x.index != y.index {
                return false;
            }
            (a, b) = (x.parent.0.as_ref(), y.parent.0.as_ref());
        }
        true
    }
}

impl Eq for NodePath {}

impl PartialEq<[usize]> for NodePath {
    fn eq(&self, other: &[usize]) -> bool {
        self.is(other)
    }
}

impl<const N: usize> PartialEq<[usize; N]> for NodePath {
    fn eq(&self, other: &[usize; N]) -> bool {
        self.is(other)
    }
}

impl PartialEq<Vec<usize>> for NodePath {
    fn eq(&self, other: &Vec<usize>) -> bool {
        self.is(other)
    }
}

impl fmt::Debug for NodePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_vec()).finish()
    }
}

impl fmt::Display for NodePath {
    /// The indices joined by `.`; nothing for the root.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.to_vec().into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(steps: &[usize]) -> NodePath {
        steps
            .iter()
            .fold(NodePath::root(), |path, &index| path.child(index))
    }

    #[test]
    fn paths_compare_by_their_indices() {
        let root = NodePath::root();
        assert!(root.is_empty() && root.last().is_none());
        assert_eq!(root.len(), 0);
        assert_eq!(root, [0usize; 0]);
        assert_eq!(root.to_string(), "");
        let a = path(&[0, 2, 1]);
        assert_eq!(a, [0, 2, 1]);
        assert_eq!(a, vec![0, 2, 1]);
        assert_ne!(a, [0, 2]);
        assert_ne!(a, [1, 2, 1]);
        assert_eq!(a, path(&[0, 2, 1]), "built apart");
        let shared = a.child(3);
        assert_eq!(shared, a.clone().child(3), "sharing steps");
        assert_ne!(shared, path(&[0, 2, 1, 4]));
        assert_ne!(shared, path(&[9, 2, 1, 3]));
        assert_eq!(format!("{shared} {shared:?}"), "0.2.1.3 [0, 2, 1, 3]");
    }

    #[test]
    fn a_path_a_million_steps_deep_drops_without_recursion() {
        let mut deep = NodePath::root();
        for _ in 0..1_000_000 {
            deep = deep.child(0);
        }
        let shared = deep.clone();
        drop(deep);
        assert_eq!(shared.len(), 1_000_000);
        drop(shared);
    }
}
