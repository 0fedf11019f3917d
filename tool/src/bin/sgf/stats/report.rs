//! Printing [`Stats`] as aligned text or as one JSON object.

use std::fmt::Write;

use serde_json::{json, Map, Value};
use sgf_stream::game::{Rank, Reason};

use super::collect::{Counter, Stats};
use crate::run::Totals;

/// The `top` most frequent keys, most frequent first, ties by key.
fn top(counter: &Counter, top: usize) -> Vec<(&str, u64)> {
    let mut pairs: Vec<(&str, u64)> = counter.iter().map(|(k, &v)| (k.as_str(), v)).collect();
    pairs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    pairs.truncate(top);
    pairs
}

/// Where a key of [`Stats::ranks`], [`Stats::reasons`] or [`Stats::years`]
/// goes in its list: ranks from 30k up, reasons in the order of
/// [`Reason`], years in order; `(none)` and `(not read)` last.
fn place(key: &str) -> (u8, i32) {
    if let Ok(rank) = key.parse::<Rank>() {
        return (0, i32::from(rank.ordinal()));
    }
    if let Ok(reason) = key.parse::<Reason>() {
        return (0, reason as i32);
    }
    match key.parse::<u16>() {
        Ok(year) => (0, i32::from(year)),
        Err(_) => (1, 0),
    }
}

/// Every key, in its natural order ([`place`]).
fn in_order(counter: &Counter) -> Vec<(&str, u64)> {
    let mut pairs: Vec<(&str, u64)> = counter.iter().map(|(k, &v)| (k.as_str(), v)).collect();
    pairs.sort_by(|a, b| place(a.0).cmp(&place(b.0)).then(a.0.cmp(b.0)));
    pairs
}

/// The report as text, one figure per line, then the histograms.
pub fn text(stats: &Stats, totals: &Totals, n: usize) -> String {
    let mut out = String::new();
    let mut line = |label: &str, value: &dyn std::fmt::Display| {
        let _ = writeln!(out, "{label:<18} {value:>12}");
    };
    line("files", &totals.files);
    if totals.unreadable > 0 {
        line("unreadable", &totals.unreadable);
    }
    line("files with errors", &stats.files_with_errors);
    line("errors", &stats.counts.errors);
    line("warnings", &stats.counts.warnings);
    line("games", &stats.games);
    line("nodes", &stats.nodes);
    line("moves", &stats.moves);
    line("variations", &stats.variations);
    line("properties", &stats.properties);
    line("bytes", &totals.bytes);
    line("seconds", &format!("{:.3}", totals.elapsed.as_secs_f64()));
    line("MB/s", &format!("{:.1}", totals.mb_per_s()));
    if let Some((first, last)) = &stats.dates {
        let _ = writeln!(out, "{:<18} {first} .. {last}", "dates");
    }
    let all = usize::MAX;
    for (title, counter, limit) in [
        ("board sizes", &stats.board_sizes, n),
        ("results", &stats.results, all),
    ] {
        list(&mut out, title, counter, top(counter, limit));
    }
    for (title, counter) in [
        ("reasons", &stats.reasons),
        ("players by rank", &stats.ranks),
        ("years", &stats.years),
    ] {
        list(&mut out, title, counter, in_order(counter));
    }
    for (title, counter, limit) in [
        ("charsets", &stats.charsets, n),
        ("players", &stats.players, n),
        ("properties", &stats.idents, all),
    ] {
        list(&mut out, title, counter, top(counter, limit));
    }
    out
}

/// One list of the text report: `shown` of the keys of `counter`.
fn list(out: &mut String, title: &str, counter: &Counter, shown: Vec<(&str, u64)>) {
    let more = counter.len() - shown.len();
    let _ = writeln!(out, "\n{title} ({} distinct):", counter.len());
    for (key, count) in shown {
        let _ = writeln!(out, "{count:>12}  {key}");
    }
    if more > 0 {
        let _ = writeln!(out, "{:>12}  ({more} more)", "...");
    }
}

fn histogram(counter: &Counter, n: usize) -> Value {
    let pairs = top(counter, n);
    Value::Array(
        pairs
            .into_iter()
            .map(|(key, count)| json!({ "value": key, "games": count }))
            .collect(),
    )
}

fn full_histogram(counter: &Counter) -> Value {
    // Sorted by key, so the output is the same on every run.
    let sorted: std::collections::BTreeMap<&String, &u64> = counter.iter().collect();
    let map: Map<String, Value> = sorted
        .into_iter()
        .map(|(k, &v)| (k.clone(), Value::from(v)))
        .collect();
    Value::Object(map)
}

/// The report as one JSON object (and a newline).
pub fn json(stats: &Stats, totals: &Totals, n: usize) -> String {
    let dates = stats
        .dates
        .as_ref()
        .map(|(first, last)| json!({ "first": first.to_string(), "last": last.to_string() }));
    let value = json!({
        "files": totals.files,
        "unreadable": totals.unreadable,
        "files_with_errors": stats.files_with_errors,
        "errors": stats.counts.errors,
        "warnings": stats.counts.warnings,
        "games": stats.games,
        "nodes": stats.nodes,
        "moves": stats.moves,
        "variations": stats.variations,
        "properties": stats.properties,
        "bytes": totals.bytes,
        "seconds": totals.elapsed.as_secs_f64(),
        "mb_per_s": totals.mb_per_s(),
        "dates": dates,
        "board_sizes": full_histogram(&stats.board_sizes),
        "results": full_histogram(&stats.results),
        "reasons": full_histogram(&stats.reasons),
        "ranks": full_histogram(&stats.ranks),
        "years": full_histogram(&stats.years),
        "charsets": full_histogram(&stats.charsets),
        "top_players": histogram(&stats.players, n),
        "distinct_players": stats.players.len(),
        "property_counts": full_histogram(&stats.idents),
    });
    format!("{value}\n")
}
