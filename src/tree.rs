//! [`SgfTree`]: an owned game tree with decoded values, and how it is
//! built from events, walked, compared, cloned and dropped without
//! recursion.

use std::fmt;

use crate::error::{Error, ErrorKind};
use crate::event::Event;
use crate::parser::Parser;
use crate::value;

/// One node of a game tree with everything below it: its properties in
/// file order, values decoded as SGF Text, and its children (the first
/// child is the main line).
///
/// Cloning, comparing, formatting and dropping never recurse, so a tree
/// of a million nested nodes is fine on a small stack.
///
/// ```
/// let tree = sgf_stream::parse("(;SZ[19]C[hi\\]];B[pd](;W[dp])(;W[dd]))")?;
/// assert_eq!(tree.get("C"), Some(&["hi]".to_string()][..]));
/// assert_eq!(tree.children()[0].children().len(), 2);
/// assert_eq!(tree.to_string(), "(;SZ[19]C[hi\\]];B[pd](;W[dp])(;W[dd]))");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Default)]
pub struct SgfTree {
    properties: Vec<(String, Vec<String>)>,
    children: Vec<SgfTree>,
}

impl SgfTree {
    /// A node with no properties and no children.
    pub fn new() -> Self {
        SgfTree::default()
    }

    /// The values of property `ident`, if this node has it.
    pub fn get(&self, ident: &str) -> Option<&[String]> {
        self.properties
            .iter()
            .find(|(id, _)| id == ident)
            .map(|(_, values)| values.as_slice())
    }

    /// The properties in file order, as `(identifier, values)`.
    pub fn properties(&self) -> impl ExactSizeIterator<Item = (&str, &[String])> + '_ {
        self.properties
            .iter()
            .map(|(id, values)| (id.as_str(), values.as_slice()))
    }

    /// The children; the first one is the main line.
    pub fn children(&self) -> &[SgfTree] {
        &self.children
    }

    /// The children, for changing the tree.
    pub fn children_mut(&mut self) -> &mut Vec<SgfTree> {
        &mut self.children
    }

    /// The properties, for changing the node.
    pub fn properties_mut(&mut self) -> &mut Vec<(String, Vec<String>)> {
        &mut self.properties
    }

    /// Sets property `ident` to `values`, replacing the old values in
    /// place or adding it at the end.
    ///
    /// ```
    /// let mut root = sgf_stream::SgfTree::new();
    /// root.set("SZ", ["19"]);
    /// root.set("SZ", ["9"]);
    /// assert_eq!(root.to_string(), "(;SZ[9])");
    /// ```
    pub fn set<I, V>(&mut self, ident: &str, values: I)
    where
        I: IntoIterator<Item = V>,
        V: Into<String>,
    {
        let values: Vec<String> = values.into_iter().map(Into::into).collect();
        match self.properties.iter_mut().find(|(id, _)| id == ident) {
            Some((_, old)) => *old = values,
            None => self.properties.push((ident.to_string(), values)),
        }
    }

    /// [`set`](Self::set), returning the node: for building trees in code.
    pub fn with<I, V>(mut self, ident: &str, values: I) -> Self
    where
        I: IntoIterator<Item = V>,
        V: Into<String>,
    {
        self.set(ident, values);
        self
    }

    /// Adds `child` as the last child, returning the node.
    pub fn with_child(mut self, child: SgfTree) -> Self {
        self.children.push(child);
        self
    }

    /// Removes property `ident`, returning its values.
    pub fn remove(&mut self, ident: &str) -> Option<Vec<String>> {
        let at = self.properties.iter().position(|(id, _)| id == ident)?;
        Some(self.properties.remove(at).1)
    }

    /// Every node of the tree in pre-order (a node, then its children's
    /// subtrees in order), this one first.
    pub fn nodes(&self) -> impl Iterator<Item = &SgfTree> + '_ {
        let mut stack = vec![self];
        std::iter::from_fn(move || {
            let node = stack.pop()?;
            stack.extend(node.children.iter().rev());
            Some(node)
        })
    }

    /// The nodes of the main line: this node, its first child, that one's
    /// first child, and so on.
    pub fn main_line(&self) -> impl Iterator<Item = &SgfTree> + '_ {
        std::iter::successors(Some(self), |node| node.children.first())
    }

    /// Walks the tree as the events that write it: a pre-order walk over
    /// first children and next siblings that opens a variation where a
    /// node has siblings.
    ///
    /// ```
    /// use sgf_stream::{parse, WalkEvent};
    /// let tree = parse("(;A[1](;B[2])(;C[3]))")?;
    /// let opens = tree.walk().filter(|e| matches!(e, WalkEvent::StartGameTree)).count();
    /// assert_eq!(opens, 3);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn walk(&self) -> Walk<'_> {
        Walk {
            stack: Vec::new(),
            next: Some(WalkStep::Open(self)),
        }
    }
}

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
                properties: done.source.properties.clone(),
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
            if a.properties != b.properties || a.children.len() != b.children.len() {
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
            for (i, (ident, values)) in node.properties.iter().enumerate() {
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
                    for (ident, values) in &node.properties {
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

/// Folds events into [`SgfTree`]s, with no recursion: a stack of open
/// nodes, and for each open game tree the stack height where it began.
#[derive(Debug, Default)]
pub(crate) struct TreeBuilder {
    open: Vec<SgfTree>,
    marks: Vec<usize>,
    /// The properties of the newest node, moved into it (in one exact
    /// allocation) when the next event that is not a property comes.
    props: Vec<(String, Vec<String>)>,
    /// Identifiers of the current node once it has many properties.
    many: std::collections::HashSet<String>,
}

/// Past this many properties in a node, repeats are found with a set.
const LINEAR_LOOKUP: usize = 16;

impl TreeBuilder {
    /// Takes the next event; returns a top-level tree when one closes.
    ///
    /// An error's offset counts from the start of the property's values
    /// run ([`RawValues::as_bytes`](crate::RawValues::as_bytes)).
    pub(crate) fn push(
        &mut self,
        event: &Event<'_>,
    ) -> Result<Option<SgfTree>, (ErrorKind, usize)> {
        if !matches!(event, Event::Property(..)) {
            self.flush_properties();
        }
        match event {
            Event::StartGameTree => self.marks.push(self.open.len()),
            Event::Node => {
                self.many.clear();
                self.open.push(SgfTree::new());
            }
            Event::Property(ident, values) => {
                let run = values.as_bytes();
                let mut decoded = Vec::with_capacity(values.len());
                for raw in values.iter() {
                    let bytes = raw.as_bytes();
                    let text = value::text(bytes).map_err(|e| {
                        let at = bytes.as_ptr() as usize - run.as_ptr() as usize;
                        (ErrorKind::InvalidUtf8, at + e.offset)
                    })?;
                    decoded.push(text.into_owned());
                }
                let props = &mut self.props;
                let ident = ident.as_str();
                let repeated = if props.len() < LINEAR_LOOKUP {
                    props.iter().any(|(id, _)| id == ident)
                } else {
                    if self.many.is_empty() {
                        self.many.extend(props.iter().map(|(id, _)| id.clone()));
                    }
                    !self.many.insert(ident.to_string())
                };
                if repeated {
                    return Err((ErrorKind::RepeatedProperty(ident.to_string()), 0));
                }
                props.push((ident.to_string(), decoded));
            }
            Event::EndGameTree => {
                let mark = self.marks.pop().expect("the machine balances parentheses");
                while self.open.len() > mark.max(1) {
                    let node = self.open.pop().expect("checked by the loop");
                    let parent = self.open.last_mut().expect("checked by the loop");
                    if parent.children.is_empty() {
                        // Most nodes have one child: no room for four.
                        parent.children.reserve_exact(1);
                    }
                    parent.children.push(node);
                }
                if mark == 0 {
                    return Ok(self.open.pop());
                }
            }
        }
        Ok(None)
    }

    /// Moves the collected properties into the newest node.
    #[inline]
    fn flush_properties(&mut self) {
        if self.props.is_empty() {
            return;
        }
        let node = self
            .open
            .last_mut()
            .expect("the machine puts properties in nodes");
        node.properties = self.props.drain(..).collect();
    }
}

/// Parses exactly one game tree, with the semantics of the "SGF Parsing"
/// exercise: values are decoded as SGF Text, a property may appear once
/// per node, identifiers are uppercase.
///
/// # Errors
/// Any malformation, with its position; see [`ErrorKind`]. A second game
/// tree after the first is [`ErrorKind::ExtraGameTree`].
///
/// # Examples
/// ```
/// let tree = sgf_stream::parse("(;FF[4]C[root];B[aa];W[ab])")?;
/// assert_eq!(tree.get("FF"), Some(&["4".to_string()][..]));
/// assert_eq!(tree.main_line().count(), 3);
///
/// let err = sgf_stream::parse("(;a[b])").unwrap_err();
/// assert_eq!(err.kind().to_string(), "property must be in uppercase");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn parse(input: &str) -> Result<SgfTree, Error> {
    let bytes = input.as_bytes();
    let mut trees = Trees::new(bytes);
    let tree = trees
        .next()
        .expect("the parser yields a tree or an error")?;
    let rest = trees.parser.next_spanned();
    match rest {
        None => Ok(tree),
        Some(Err(err)) => Err(err),
        Some(Ok((_, span))) => Err(Error::at(ErrorKind::ExtraGameTree, bytes, span.start)),
    }
}

/// Parses a whole collection: every game tree of `input`, in order.
///
/// # Errors
/// As [`parse`]; an empty input is [`ErrorKind::TreeMissing`].
///
/// # Examples
/// ```
/// let games = sgf_stream::parse_collection(b"(;GN[one]) (;GN[two])")?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].get("GN").unwrap()[0], "two");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn parse_collection(input: &[u8]) -> Result<Vec<SgfTree>, Error> {
    Trees::new(input).collect()
}

/// [`parse_collection`] with resource limits.
pub(crate) fn parse_collection_limited(
    input: &[u8],
    limits: crate::Limits,
) -> Result<Vec<SgfTree>, Error> {
    let mut trees = Trees::new(input);
    trees.parser = Parser::with_limits(input, limits);
    trees.collect()
}

/// Iterator of the game trees of an in-memory collection.
struct Trees<'a> {
    input: &'a [u8],
    parser: Parser<'a>,
    builder: TreeBuilder,
}

impl<'a> Trees<'a> {
    fn new(input: &'a [u8]) -> Self {
        Trees {
            input,
            parser: Parser::new(input),
            builder: TreeBuilder::default(),
        }
    }
}

impl Iterator for Trees<'_> {
    type Item = Result<SgfTree, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (event, span) = match self.parser.next_spanned()? {
                Ok(item) => item,
                Err(err) => return Some(Err(err)),
            };
            match self.builder.push(&event) {
                Ok(Some(tree)) => return Some(Ok(tree)),
                Ok(None) => {}
                Err((kind, at)) => {
                    let base = match &event {
                        Event::Property(_, values) => {
                            values.as_bytes().as_ptr() as usize - self.input.as_ptr() as usize
                        }
                        _ => span.start,
                    };
                    let offset = if matches!(kind, ErrorKind::RepeatedProperty(_)) {
                        span.start
                    } else {
                        base + at
                    };
                    return Some(Err(Error::at(kind, self.input, offset)));
                }
            }
        }
    }
}
