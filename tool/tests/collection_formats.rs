//! `sgf_tool::collection` over records in other formats given as
//! `Source::Bytes`: told by their content or name, read as SGF through a
//! caller's visitor with the record's charset in `Ctx`, the visitor's
//! notes and the reader's problems placed at the record's lines, a
//! malformed record a diagnostic while the other inputs are read; the
//! same for any number of jobs and under every policy.

#[allow(dead_code)]
#[path = "support/archives.rs"]
mod archives;

use std::ops::{ControlFlow, Range};

use sgf_stream::formats::Format;
use sgf_stream::Event;
use sgf_tool::collection::DEFAULT_TARGET;
use sgf_tool::collection::{Collection, Ctx, Delivery, Job, Note, Policy, Source, Visit};
use sgf_tool::diagnostics::Severity;

/// A GIB record: the moves `B[pd]` and `W[dp]` on lines 10 and 11.
const GIB: &str = "\\HS\n\\[GAMEBLACKNAME=kim (3D)\\]\n\\[GAMEWHITENAME=lee (2D)\\]\n\
                   \\[GAMEINFOMAIN=GRLT:3,ZIPSU:0,GONGJE:65\\]\n\\HE\n\\GS\n2 1 0\n\
                   3 0 &4\nINI 0 1 0 &4\nSTO 0 2 1 15 3\nSTO 0 3 2 3 15\n\\GE\n";

/// A UGF record: `B[qd]` and `W[dp]` on lines 9 and 10 (IGS rows count
/// from the bottom).
const UGF: &str = "[Header]\nSize=19\nHdcp=0,6.5\nWinner=W,C\nPlayerB=kaz,7d\n\
                   PlayerW=yin,6d\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDD,W1,2,0\n";

/// An NGF record: `W[pq]` on line 13, after the two handicap stones.
const NGF: &str = "Rated game\n19\nace550      7D*\np81587      5D*\nwww.cyberoro.com\n\
                   2\n0\n0\n20170316 [09:51]\n5\nWhite wins by  resign!\n1\nPMABWQRRQ\n";

/// Gathers the moves of a piece, the charset and whether the text is in
/// memory, and notes each move where it is.
struct Moves;

#[derive(Default)]
struct Gather {
    moves: Vec<String>,
    charset: Option<String>,
    in_memory: bool,
}

impl Visit for Gather {
    type Out = (Vec<String>, Option<String>, bool);

    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        if let Event::StartGameTree = event {
            self.charset = Some(ctx.charset(span.start).charset.name().to_string());
            self.in_memory = ctx.text().is_some();
        }
        if let Event::Property(id, values) = event {
            if *id == "B" || *id == "W" {
                let point = String::from_utf8_lossy(values.first().as_bytes());
                let played = format!("{}[{point}]", id.as_str());
                notes.push(Note {
                    at: span.start,
                    code: "move",
                    severity: Severity::Note,
                    message: played.clone(),
                });
                self.moves.push(played);
            }
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Self::Out {
        let taken = std::mem::take(self);
        (taken.moves, taken.charset, taken.in_memory)
    }
}

impl Job for Moves {
    type Visitor = Gather;

    fn visitor(&self) -> Gather {
        Gather::default()
    }
}

/// What a run handed over for one input.
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    name: String,
    format: Format,
    moves: Vec<String>,
    charset: Option<String>,
    in_memory: bool,
    /// Code, severity, line and column of each diagnostic.
    diagnostics: Vec<(&'static str, Severity, u32, u32)>,
    games: u64,
}

fn run(collection: Collection, sources: &[Source]) -> Vec<Seen> {
    let mut seen = Vec::new();
    let totals = collection.run(sources, &Moves, |delivery| {
        if let Delivery::Piece(input, done) = delivery {
            let (moves, charset, in_memory) = done.out;
            let diagnostics = done.diagnostics.iter();
            seen.push(Seen {
                name: input.name.clone(),
                format: input.format,
                moves,
                charset,
                in_memory,
                diagnostics: diagnostics
                    .map(|d| (d.code, d.severity, d.position.line, d.position.column))
                    .collect(),
                games: done.games,
            });
        }
        ControlFlow::Continue(())
    });
    // Every input read to its end, one piece each here.
    assert_eq!(totals.files, seen.len() as u64);
    assert_eq!(totals.unreadable, 0);
    seen
}

fn bytes(name: &str, bytes: impl Into<bytes::Bytes>) -> Source {
    Source::Bytes {
        name: name.into(),
        bytes: bytes.into(),
    }
}

/// A move noted at `line`, `column`.
fn noted((line, column): (u32, u32)) -> (&'static str, Severity, u32, u32) {
    ("move", Severity::Note, line, column)
}

/// One game in UTF-8 with `moves`, each noted at its place: a line and
/// column of the input (in a record, the start of the move's line).
fn seen(name: &str, format: Format, moves: &[&str], places: &[(u32, u32)]) -> Seen {
    Seen {
        name: name.into(),
        format,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        charset: Some("UTF-8".into()),
        in_memory: true,
        diagnostics: places.iter().map(|&place| noted(place)).collect(),
        games: 1,
    }
}

#[test]
fn records_given_as_bytes_are_read_with_their_places_in_the_record() {
    let malformed = UGF.replace("DD,W1,2,0", "D!,W1,2,0");
    let sources = [
        bytes("a.gib", GIB),
        // No name to go by: the content tells.
        bytes("record", UGF),
        bytes("c.ngf.gz", archives::gzip(NGF.as_bytes())),
        bytes("d.ugf", malformed),
        bytes("e.sgf", "(;GM[1]\n;B[aa]\n;W[bb])"),
    ];
    let want = vec![
        seen(
            "a.gib",
            Format::Gib,
            &["B[pd]", "W[dp]"],
            &[(10, 1), (11, 1)],
        ),
        seen(
            "record",
            Format::Ugf,
            &["B[qd]", "W[dp]"],
            &[(9, 1), (10, 1)],
        ),
        seen("c.ngf.gz", Format::Ngf, &["W[pq]"], &[(13, 1)]),
        Seen {
            name: "d.ugf".into(),
            format: Format::Ugf,
            moves: vec![],
            charset: None,
            in_memory: false,
            diagnostics: vec![("malformed_line", Severity::Error, 10, 1)],
            games: 0,
        },
        // The identifier of each move, after the `;`.
        seen("e.sgf", Format::Sgf, &["B[aa]", "W[bb]"], &[(2, 2), (3, 2)]),
    ];
    for policy in [Policy::Strict, Policy::Lenient, Policy::StrictThenLenient] {
        for jobs in [1, 2] {
            // Inputs larger than the batch target are read as streams:
            // their first bytes told apart, a record then read whole.
            for target in [DEFAULT_TARGET, 8] {
                let collection = Collection::new().jobs(jobs).policy(policy).target(target);
                let got = run(collection, &sources);
                assert_eq!(got, want, "{policy:?}, {jobs} jobs, target {target}");
            }
        }
    }
}

#[test]
fn files_in_a_folder_and_named_directly_small_or_large() {
    let dir = tempfile::TempDir::new().unwrap();
    let write = |name: &str, text: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    write("a.GIB", GIB.as_bytes());
    write("b.ngf.gz", &archives::gzip(NGF.as_bytes()));
    write("c.txt", UGF.as_bytes());
    let named = write("d", UGF.as_bytes());
    let sources = [
        Source::Path(dir.path().to_path_buf()),
        Source::Path(named.clone()),
    ];
    let name = |file: &str| dir.path().join(file).display().to_string();
    let want = vec![
        seen(
            &name("a.GIB"),
            Format::Gib,
            &["B[pd]", "W[dp]"],
            &[(10, 1), (11, 1)],
        ),
        seen(&name("b.ngf.gz"), Format::Ngf, &["W[pq]"], &[(13, 1)]),
        // `c.txt` is not taken from the folder; `d`, named, is told by
        // its content.
        seen(
            &name("d"),
            Format::Ugf,
            &["B[qd]", "W[dp]"],
            &[(9, 1), (10, 1)],
        ),
    ];
    for target in [DEFAULT_TARGET, 8] {
        let got = run(Collection::new().jobs(2).target(target), &sources);
        assert_eq!(got, want, "target {target}");
    }
}

#[test]
fn a_record_s_charset_is_the_record_s() {
    let (euc_kr, _, _) = encoding_rs::EUC_KR.encode(
        "\\HS\n\\[GIBOKIND=Korea\\]\n\\[GAMEBLACKNAME=김 (3D)\\]\n\\HE\n\\GS\nSTO 0 2 1 15 3\n\\GE\n",
    );
    let sources = [bytes("k.gib", euc_kr.into_owned())];
    let got = run(Collection::new().jobs(1), &sources);
    assert_eq!(got[0].charset.as_deref(), Some("EUC-KR"));
    assert_eq!(got[0].moves, ["B[pd]"]);
    assert_eq!(got[0].diagnostics, [noted((6, 1))]);
}

#[test]
fn bytes_that_are_sgf_keep_the_sgf_path_whatever_their_name() {
    // Named as a record, SGF inside: read as SGF.
    let sources = [bytes("x.gib", "(;B[cc])")];
    let got = run(Collection::new().jobs(1), &sources);
    assert_eq!(got, [seen("x.gib", Format::Sgf, &["B[cc]"], &[(1, 3)])]);
}
