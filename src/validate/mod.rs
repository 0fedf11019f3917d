//! The FF\[4\] spec's rules for nodes, checked over a whole tree and
//! reported as [`Violation`]s, each with the path of its node.
//!
//! ```
//! use sgf_stream::validate::Rule;
//! let tree = sgf_stream::parse("(;GM[1];B[pd]W[dp];KO[])")?;
//! let violations = tree.validate();
//! assert_eq!(violations.len(), 2);
//! assert_eq!(violations[0].rule, Rule::BlackAndWhite);
//! assert_eq!(violations[0].path, [0]);
//! assert_eq!(violations[1].rule, Rule::NeedsMove("KO".into()));
//! assert_eq!(violations[1].to_string(), "`KO` without a move in its node at node 0.0");
//! # Ok::<(), sgf_stream::Error>(())
//! ```

use std::collections::HashMap;
use std::fmt;

mod path;

pub use path::NodePath;

use crate::props::{self, Category};
use crate::tree::{Node, SgfTree};
use crate::typed::{repeated_points, Decoder, Point, PropertyError, Value};

/// A rule of the spec that a node breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Rule {
    /// `B` and `W` in one node.
    #[error("`B` and `W` in one node")]
    BlackAndWhite,
    /// A move (`B`/`W`) and setup (`AB AW AE PL`) in one node.
    #[error("move and setup properties in one node")]
    MoveWithSetup,
    /// `KO`, `BM`, `DO`, `IT` or `TE` in a node without `B` or `W`.
    #[error("`{0}` without a move in its node")]
    NeedsMove(String),
    /// Two of `BM TE DO IT` in one node.
    #[error("`{0}` and `{1}` in one node: at most one of BM, TE, DO, IT")]
    TwoMoveAnnotations(String, String),
    /// Two of `DM GB GW UC` in one node.
    #[error("`{0}` and `{1}` in one node: at most one of DM, GB, GW, UC")]
    TwoPositionAnnotations(String, String),
    /// A point in two of `AB AW AE`, of `CR MA SL SQ TR`, or in `TB` and
    /// `TW`.
    #[error("point {point} in both `{first}` and `{second}`")]
    PointInTwo {
        /// The point.
        point: Point,
        /// The property that has it first.
        first: String,
        /// The other one.
        second: String,
    },
    /// A point listed twice in one point list (also through overlapping
    /// rectangles).
    #[error("point {point} repeated in `{ident}`")]
    RepeatedPoint {
        /// The property.
        ident: String,
        /// The point.
        point: Point,
    },
    /// Two labels on one point.
    #[error("two labels on point {0}")]
    RepeatedLabel(Point),
    /// An `AR` or `LN` given twice.
    #[error("`{ident}` from {from} to {to} given twice")]
    RepeatedLine {
        /// `AR` or `LN`.
        ident: String,
        /// Where it starts.
        from: Point,
        /// Where it ends.
        to: Point,
    },
    /// An `AR` or `LN` from a point to itself.
    #[error("`{ident}` from {point} to itself")]
    LineOfOnePoint {
        /// `AR` or `LN`.
        ident: String,
        /// The point.
        point: Point,
    },
    /// A root property (`AP CA FF GM ST SZ`) in a node that is not the
    /// root.
    #[error("root property `{0}` outside the root node")]
    RootPropertyOutsideRoot(String),
    /// Game-info properties in two nodes on one path from the root; the
    /// property is the first of the second node.
    #[error("game-info property `{0}` in a second node on one path")]
    GameInfoTwice(String),
    /// A property that FF\[4\] dropped (FF\[1\]–FF\[3\]).
    #[error("`{0}` is an FF[1]-FF[3] property dropped in FF[4]")]
    Obsolete(String),
    /// A value that does not fit its type.
    #[error("{0}")]
    BadValue(PropertyError),
}

/// A broken rule and where: the path from the root to the node, as the
/// index of the child taken at each step (empty for the root; `[0, 0]`
/// is the root's first child's first child).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Child indices from the root to the node.
    pub path: NodePath,
    /// The rule.
    pub rule: Rule,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.path.is_empty() {
            true => write!(f, "{} at the root", self.rule),
            false => write!(f, "{} at node {}", self.rule, self.path),
        }
    }
}

impl std::error::Error for Violation {}

impl SgfTree {
    /// Checks every node of the tree (taken as a game's root) against
    /// the spec's rules; see [`validate`].
    pub fn validate(&self) -> Vec<Violation> {
        validate(self)
    }
}

/// Checks every node of `root`'s tree against the FF\[4\] spec's rules:
/// values of the wrong type, `B` with `W`, a move with setup, `KO` and
/// move annotations without a move, two move or position annotations, a
/// point in two setup, markup or territory lists, repeated points,
/// labels and lines, root properties outside the root, game-info twice
/// on a path, and FF\[1\]–FF\[3\] properties. Walks without recursion.
///
/// ```
/// use sgf_stream::validate::{validate, Rule};
/// let tree = sgf_stream::parse("(;SZ[9]AB[aa:bb]AW[bb];PW[x](;PB[y]))")?;
/// let rules: Vec<Rule> = validate(&tree).into_iter().map(|w| w.rule).collect();
/// assert!(matches!(&rules[0], Rule::PointInTwo { first, second, .. } if first == "AB" && second == "AW"));
/// assert_eq!(rules[1], Rule::GameInfoTwice("PB".into()));
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn validate(root: &SgfTree) -> Vec<Violation> {
    let decoder = Decoder::with_size(root.board_size().unwrap_or_default());
    let mut violations = Vec::new();
    let top = NodePath::root();
    let seen = check(root.root(), &decoder, true, false, &top, &mut violations);
    // Each frame: a node's children still to visit, the index of the
    // next one, the node's path, whether game-info was seen on the path
    // down to the node (itself included).
    let mut stack = vec![(root.children(), 0usize, top, seen)];
    while let Some((children, next, path, seen)) = stack.last_mut() {
        let seen_here = *seen;
        let Some(&child) = children.get(*next) else {
            stack.pop();
            continue;
        };
        let path = path.child(*next);
        *next += 1;
        let seen = check(child, &decoder, false, seen_here, &path, &mut violations);
        stack.push((child.children(), 0, path, seen_here || seen));
    }
    violations
}

/// The properties of `node`, decoded leniently (each problem a rule).
fn decode<'t>(node: Node<'t>, decoder: &Decoder, rules: &mut Vec<Rule>) -> Decoded<'t> {
    let mut decoded = Vec::with_capacity(node.properties().len());
    for (ident, raw) in node.properties() {
        let (values, errors) = decoder.decode_tree_lenient(ident, raw);
        rules.extend(errors.into_iter().map(Rule::BadValue));
        // Decoded point lists hold each point once: the repeats are found
        // in the values as written.
        let repeated = match POINT_GROUPS.iter().any(|group| group.contains(&ident)) {
            true => repeated_points(raw, decoder.size()),
            false => Vec::new(),
        };
        decoded.push((ident, values, repeated));
    }
    decoded
}

/// Checks one node; returns whether it holds game-info properties.
fn check(
    node: Node<'_>,
    decoder: &Decoder,
    root: bool,
    info_above: bool,
    path: &NodePath,
    out: &mut Vec<Violation>,
) -> bool {
    let mut rules = Vec::new();
    let decoded = decode(node, decoder, &mut rules);
    let has = |id: &str| decoded.iter().any(|(ident, ..)| *ident == id);
    let category = |ident: &str| props::lookup(ident).map(|info| info.category);
    let has_move = has("B") || has("W");
    if has("B") && has("W") {
        rules.push(Rule::BlackAndWhite);
    }
    if has_move
        && decoded
            .iter()
            .any(|(id, ..)| category(id) == Some(Category::Setup))
    {
        rules.push(Rule::MoveWithSetup);
    }
    for ident in ["KO", "BM", "DO", "IT", "TE"] {
        if has(ident) && !has_move {
            rules.push(Rule::NeedsMove(ident.to_string()));
        }
    }
    at_most_one(
        &decoded,
        ["BM", "TE", "DO", "IT"],
        Rule::TwoMoveAnnotations,
        &mut rules,
    );
    at_most_one(
        &decoded,
        ["DM", "GB", "GW", "UC"],
        Rule::TwoPositionAnnotations,
        &mut rules,
    );
    for group in POINT_GROUPS {
        disjoint_points(&decoded, group, &mut rules);
    }
    labels_and_lines(&decoded, &mut rules);
    let mut info_here = false;
    for (ident, ..) in &decoded {
        match category(ident) {
            Some(Category::Root) if !root => {
                rules.push(Rule::RootPropertyOutsideRoot(ident.to_string()));
            }
            Some(Category::GameInfo) => {
                if info_above && !info_here {
                    rules.push(Rule::GameInfoTwice(ident.to_string()));
                }
                info_here = true;
            }
            None if props::legacy(ident).is_some() => {
                rules.push(Rule::Obsolete(ident.to_string()));
            }
            _ => {}
        }
    }
    out.extend(rules.into_iter().map(|rule| Violation {
        path: path.clone(),
        rule,
    }));
    info_here
}

/// A node's properties: each decoded, with the points its values list
/// more than once (for the properties of [`POINT_GROUPS`]).
type Decoded<'t> = Vec<(&'t str, Vec<Value<'t>>, Vec<Point>)>;

/// Point-list properties that may not share a point, in a node, nor list
/// one twice.
const POINT_GROUPS: [&[&str]; 3] = [
    &["AB", "AW", "AE"],
    &["CR", "MA", "SL", "SQ", "TR"],
    &["TB", "TW"],
];

fn at_most_one(
    decoded: &Decoded<'_>,
    group: [&str; 4],
    rule: fn(String, String) -> Rule,
    rules: &mut Vec<Rule>,
) {
    let present: Vec<&str> = decoded
        .iter()
        .map(|(id, ..)| *id)
        .filter(|id| group.contains(id))
        .collect();
    if let [first, second, ..] = present[..] {
        rules.push(rule(first.to_string(), second.to_string()));
    }
}

fn disjoint_points(decoded: &Decoded<'_>, group: &[&str], rules: &mut Vec<Rule>) {
    let mut owner: HashMap<Point, &str> = HashMap::new();
    for (ident, values, repeated) in decoded.iter().filter(|(id, ..)| group.contains(id)) {
        rules.extend(repeated.iter().map(|&point| Rule::RepeatedPoint {
            ident: ident.to_string(),
            point,
        }));
        for point in values.iter().filter_map(Value::as_point) {
            match owner.insert(point, ident) {
                None => {}
                Some(first) if first == *ident => {}
                Some(first) => {
                    owner.insert(point, first);
                    rules.push(Rule::PointInTwo {
                        point,
                        first: first.to_string(),
                        second: ident.to_string(),
                    });
                }
            }
        }
    }
}

fn labels_and_lines(decoded: &Decoded<'_>, rules: &mut Vec<Rule>) {
    for (ident, values, _) in decoded {
        let mut seen = std::collections::HashSet::new();
        for (a, b) in values.iter().filter_map(Value::as_compose) {
            let Some(from) = a.as_point() else { continue };
            match *ident {
                "LB" if !seen.insert((from, from)) => rules.push(Rule::RepeatedLabel(from)),
                "AR" | "LN" => {
                    let Some(to) = b.as_point() else { continue };
                    let ident = ident.to_string();
                    if from == to {
                        rules.push(Rule::LineOfOnePoint { ident, point: from });
                    } else if !seen.insert((from, to)) {
                        rules.push(Rule::RepeatedLine { ident, from, to });
                    }
                }
                _ => {}
            }
        }
    }
}
