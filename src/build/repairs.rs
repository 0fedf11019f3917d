//! The lenient policy of [`TreeBuilder`](super::TreeBuilder): a property
//! repeated in one node is merged (as sgfc does), and a value that is not
//! UTF-8 has its bad bytes replaced with U+FFFD; each is a repair with the
//! bytes it concerns.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::event::RawValues;
use crate::tree::arena::{BuildArena, PropData, TextBuf, TooLarge};
use crate::value;
use crate::warning::WarningKind;
use crate::work;

/// Properties whose values are lists: repeats are merged.
const LISTS: &[&str] = &[
    "AB", "AE", "AR", "AW", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TB", "TR", "TW", "VW",
];

/// Every other FF\[4\] property: a repeat is dropped.
const SINGLE: &[&str] = &[
    "AN", "AP", "B", "BL", "BM", "BR", "BT", "CA", "CP", "DM", "DO", "DT", "EV", "FF", "FG", "GB",
    "GM", "GN", "GW", "HA", "HO", "IT", "KM", "KO", "MN", "N", "OB", "ON", "OT", "OW", "PB", "PC",
    "PL", "PM", "PW", "RE", "RO", "RU", "SO", "ST", "SZ", "TE", "TM", "UC", "US", "V", "W", "WL",
    "WR", "WT",
];

/// How a repeated property is merged into the first instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Merge {
    /// Add the values the first instance lacks.
    List,
    /// Join the text with a blank line.
    Join,
    /// Add all values.
    Append,
    /// Keep the first instance.
    Drop,
}

fn merge_rule(ident: &str) -> Merge {
    if ident == "C" || ident == "GC" {
        Merge::Join
    } else if LISTS.contains(&ident) {
        Merge::List
    } else if SINGLE.contains(&ident) {
        Merge::Drop
    } else {
        Merge::Append
    }
}

/// A property of the current node that repeats: its values as merged so
/// far, held here until the node ends and written into the game's
/// storage once, so that each repeat costs the time and memory of its
/// own values only.
#[derive(Debug)]
struct Pending {
    /// The property's index in the game's properties.
    at: usize,
    rule: Merge,
    values: Vec<String>,
    /// For a list: the values, to tell a new one from a repeat.
    seen: HashSet<String>,
}

/// The lenient policy's state: merges in progress, and the repairs made.
#[derive(Debug, Default)]
pub(crate) struct Repairs {
    /// The merges of the current node.
    pending: Vec<Pending>,
    /// Where each property's merge is in `pending`, by its index in the
    /// game's properties.
    by_prop: HashMap<usize, usize>,
    /// What was repaired, and the bytes it concerns (absolute offsets).
    pub(crate) notes: Vec<(WarningKind, Range<u64>)>,
}

impl Repairs {
    /// Writes property `ident` with its values decoded as Text,
    /// replacing invalid UTF-8 with U+FFFD and noting the bytes; `span`
    /// is the property's.
    pub(crate) fn decode(
        &mut self,
        arena: &mut BuildArena,
        ident: &str,
        values: RawValues<'_>,
        span: &Range<u64>,
    ) -> Result<PropData, TooLarge> {
        let run = values.as_bytes();
        // The run ends where the property does.
        let base = span.end.saturating_sub(run.len() as u64);
        let mut prop = arena.start_prop(ident)?;
        for raw in values.iter() {
            let raw = raw.as_bytes();
            match value::text(raw) {
                Ok(text) => arena.text.push_str(&text),
                Err(_) => {
                    let at = base + (raw.as_ptr() as usize - run.as_ptr() as usize) as u64;
                    self.note_invalid(raw, at);
                    arena.text.push_str(&value::text_lossy(raw));
                }
            }
            arena.end_value(&mut prop)?;
        }
        Ok(prop)
    }

    /// Notes each run of bytes of `raw` (at absolute offset `at`) that is
    /// not UTF-8.
    fn note_invalid(&mut self, raw: &[u8], at: u64) {
        let mut from = 0;
        while let Err(err) = std::str::from_utf8(&raw[from..]) {
            let start = from + err.valid_up_to();
            let end = err.error_len().map_or(raw.len(), |len| start + len);
            let range = at + start as u64..at + end as u64;
            self.notes.push((WarningKind::InvalidBytes("UTF-8"), range));
            from = end;
        }
    }

    /// Merges `repeat`, the block just written of a property repeated in
    /// the current node, into the property at index `at` of the game's
    /// properties; the repeat's block is removed. The merged values are
    /// written when the node ends ([`end_node`](Self::end_node)).
    pub(crate) fn merge(
        &mut self,
        arena: &mut BuildArena,
        at: usize,
        repeat: PropData,
        span: Range<u64>,
    ) {
        let values = arena.value_strings(&repeat);
        arena.truncate_to(&repeat);
        let ident = arena.ident(&arena.props[at]);
        let pending = match self.by_prop.get(&at) {
            Some(&index) => &mut self.pending[index],
            None => {
                let rule = merge_rule(ident);
                if rule == Merge::Drop {
                    let ident = ident.to_string();
                    self.notes.push((WarningKind::DroppedRepeat(ident), span));
                    return;
                }
                let values = arena.value_strings(&arena.props[at]);
                let seen = match rule {
                    Merge::List => values.iter().cloned().collect(),
                    _ => HashSet::new(),
                };
                self.by_prop.insert(at, self.pending.len());
                self.pending.push(Pending {
                    at,
                    rule,
                    values,
                    seen,
                });
                self.pending.last_mut().expect("just pushed")
            }
        };
        match pending.rule {
            Merge::List => {
                for value in values {
                    work::count(1);
                    if pending.seen.insert(value.clone()) {
                        pending.values.push(value);
                    }
                }
            }
            Merge::Join => join_text(&mut pending.values, values),
            Merge::Append | Merge::Drop => pending.values.extend(values),
        }
        let start = span.start;
        let ident = ident.to_string();
        self.notes
            .push((WarningKind::MergedProperty(ident), start..start));
    }

    /// The current node is complete: each merged property gets a block
    /// with its merged values (a game too large for it keeps the first
    /// instance's values).
    pub(crate) fn end_node(&mut self, arena: &mut BuildArena) {
        if self.pending.is_empty() {
            return;
        }
        self.by_prop.clear();
        for pending in self.pending.drain(..) {
            let prop = arena.props[pending.at];
            let ident = arena.ident(&prop).to_string();
            if let Ok(written) = arena.write_prop(&ident, pending.values) {
                arena.props[pending.at] = written;
            }
        }
    }
}

/// Joins text values into the last value of `old`, with blank lines.
fn join_text(old: &mut Vec<String>, values: Vec<String>) {
    for value in values {
        work::count(value.len());
        match old.last_mut() {
            Some(last) if !last.is_empty() => {
                last.push_str("\n\n");
                last.push_str(&value);
            }
            Some(last) => *last = value,
            None => old.push(value),
        }
    }
}
