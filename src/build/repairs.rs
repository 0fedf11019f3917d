//! The lenient policy of [`TreeBuilder`](super::TreeBuilder): a property
//! repeated in one node is merged (as sgfc does), and a value that is not
//! UTF-8 has its bad bytes replaced with U+FFFD; each is a repair with the
//! bytes it concerns.

use std::collections::HashSet;
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

/// A list property of the current node that repeats: its values, and the
/// set of them that tells a new value from a repeat, while the node is
/// read.
#[derive(Debug)]
struct ListMerge {
    /// The property's index in the game's properties.
    at: usize,
    values: Vec<String>,
    seen: HashSet<String>,
}

/// The lenient policy's state: merges in progress, and the repairs made.
#[derive(Debug, Default)]
pub(crate) struct Repairs {
    merges: Vec<ListMerge>,
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
    /// properties; the repeat's block is removed.
    pub(crate) fn merge(
        &mut self,
        arena: &mut BuildArena,
        at: usize,
        repeat: PropData,
        span: Range<u64>,
    ) {
        let values = arena.value_strings(&repeat);
        arena.truncate_to(&repeat);
        let ident = arena.ident(&arena.props[at]).to_string();
        let rule = merge_rule(&ident);
        if rule == Merge::Drop {
            self.notes.push((WarningKind::DroppedRepeat(ident), span));
            return;
        }
        match rule {
            Merge::List => self.merge_list(arena, at, values),
            Merge::Join => edit(arena, at, |old| join_text(old, values)),
            Merge::Append | Merge::Drop => edit(arena, at, |old| old.extend(values)),
        }
        let start = span.start;
        self.notes
            .push((WarningKind::MergedProperty(ident), start..start));
    }

    /// Adds to the list property `at` the values it lacks, in constant
    /// time per value: the values stay in a [`ListMerge`] until the node
    /// ends.
    fn merge_list(&mut self, arena: &BuildArena, at: usize, values: Vec<String>) {
        let merge = match self.merges.iter().position(|merge| merge.at == at) {
            Some(found) => &mut self.merges[found],
            None => {
                let old = arena.value_strings(&arena.props[at]);
                work::count(old.len());
                let seen = old.iter().cloned().collect();
                self.merges.push(ListMerge {
                    at,
                    values: old,
                    seen,
                });
                self.merges.last_mut().expect("just pushed")
            }
        };
        for value in values {
            work::count(1);
            if merge.seen.insert(value.clone()) {
                merge.values.push(value);
            }
        }
    }

    /// The current node is complete: merged lists go back into the
    /// game's properties.
    pub(crate) fn end_node(&mut self, arena: &mut BuildArena) {
        for merge in std::mem::take(&mut self.merges) {
            let values = merge.values;
            edit(arena, merge.at, |old| *old = values);
        }
    }
}

/// Edits the values of property `at` as a vector; the property gets a
/// new block with them (a game too large for it keeps the old values).
fn edit(arena: &mut BuildArena, at: usize, edit: impl FnOnce(&mut Vec<String>)) {
    let prop = arena.props[at];
    let mut values = arena.value_strings(&prop);
    edit(&mut values);
    let ident = arena.ident(&prop).to_string();
    if let Ok(written) = arena.write_prop(&ident, values) {
        arena.props[at] = written;
    }
}

/// Joins text values into the last value of `old`, with blank lines.
fn join_text(old: &mut Vec<String>, values: Vec<String>) {
    for value in values {
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
