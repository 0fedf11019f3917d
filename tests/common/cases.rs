//! The inputs of the slice parser's tests (`tests/events.rs`,
//! `tests/errors.rs`), listed once so that every input path can be run
//! over all of them. Expected results are never written here: each path
//! is compared with the slice parser.
#![allow(dead_code)]

use sgf_stream::Limits;

/// Inputs from `tests/events.rs` and `tests/errors.rs`, plus edge cases of
/// chunking (escapes, CRLF pairs, a byte order mark, long values).
pub const INPUTS: &[&[u8]] = &[
    // tests/events.rs
    b" \r\n( \t; B  [dg] \n [dh]\r; C[x]\r\n( ;W[aa] ) ( ;W[bb] )\n) \n",
    b"(;AB[aa] [bb]\n;C[x\\]])",
    b"\xEF\xBB\xBF(;A[b])",
    b"(;B[pd])",
    b"(;AB[aa] [b\\]b])",
    b"(;GM[1];B[pd];W[dp](;B[pp])(;B[dd]))",
    // tests/errors.rs
    b"",
    b"  \n ;",
    b"x(;)",
    b"(\n)",
    b"((;A[b]))",
    b"(;A)",
    b"(;AB C[d])",
    b"(;AB",
    b"(;a[b])",
    b"(;Aa[b])",
    b"(;A[b]\n;C[d",
    b"(;A[b][c\\]",
    b"(;A[b\\",
    b"(;A[b]",
    b"(;A[b](;C[d])",
    b"(A[b])",
    b"(;A[b] ! )",
    b"(;A[b](;C[d]);E[f])",
    b"(;A[b])\r\n\r\nxyz",
    b"(;A[b]B[c]A[d])",
    b"(;C[ok]\r\n;C[ab\xff])",
    b"(;A[b])\n(;C[d])",
    b"(;A[b]\n\n;C[hello",
    b"(;A[b] \x01)",
    b"(;A[b]\r;C[d]\r\r(x",
    b"(;A[b])junk(;C[d])",
    b"(;FF[4]C[a\\]b]AB[aa][bb](;B[cc];W[dd])(;B[ee]))",
    // Chunk edges: escapes, soft breaks, CRLF, BOM pieces, long values.
    b"(;C[a\\\\]D[\\\\\\]]E[\\\r\n]F[x\r\ny]\r\n\r\n;G[\\\n\\\r])",
    b"\xEF\xBB(;A[b])",
    b"\xEF(;A[b])",
    b"\xEF\xBB\xBF",
    b"(;MULTIGOGM[1] \r\n [2]\t[3]\r\n)\r\n",
    b"(;C[\xe8\xa1\xa8\xe3\x82\xbd and a long comment that spans many chunks])",
    b"(;A[b];C[d](;E[f](;G[h])(;I[j]))(;K[l]))",
    b"(;A[b]\r\n(;C[d]) \r\n (;E[f])\r\n)\r\n\r\n(;G[h])",
    b"(;A[b])(;C[d])x",
    b"(;A[b])(",
    b"(;A[b])(;",
    b"(;A[\\",
    b"(;A[b]C",
    b"(;A[b]  C  ",
    b"(;(;(;(;A[b]))))",
];

/// The limits that `tests/errors.rs` checks, each with inputs just inside
/// and just over it.
pub fn limit_cases() -> Vec<(&'static [u8], Limits)> {
    let default = Limits::default();
    vec![
        (
            b"(;C[abcdef])",
            Limits {
                max_value_len: 5,
                ..default
            },
        ),
        (
            b"(;C[abcde])",
            Limits {
                max_value_len: 5,
                ..default
            },
        ),
        (
            b"(;C[ab\\]cdef]D[x])",
            Limits {
                max_value_len: 3,
                ..default
            },
        ),
        (
            b"(;A[1]B[2]C[3])",
            Limits {
                max_properties_per_node: 2,
                ..default
            },
        ),
        (
            b"(;A[1][2][3])",
            Limits {
                max_values_per_property: 2,
                ..default
            },
        ),
        (
            b"(;(;(;)))",
            Limits {
                max_depth: 2,
                ..default
            },
        ),
    ]
}

/// Every prefix of a well-formed input, and every one-byte change of it
/// to a byte from a small set of interesting ones (as in
/// `tests/errors.rs`).
pub fn mutations() -> Vec<Vec<u8>> {
    let input: &[u8] = b"(;FF[4]C[a\\]b]AB[aa][bb](;B[cc];W[dd])(;B[ee]))";
    let mut out: Vec<Vec<u8>> = (0..=input.len()).map(|end| input[..end].to_vec()).collect();
    for byte in [
        b'(', b')', b';', b'[', b']', b'\\', b'\r', b'\n', b' ', b'a', b'Z', 0xEF,
    ] {
        for at in 0..input.len() {
            let mut copy = input.to_vec();
            copy[at] = byte;
            out.push(copy);
        }
    }
    out
}

/// The sample files in `tests/data/`.
pub fn data_files() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data exists")
        .map(|entry| entry.expect("directory entry").path())
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|path| std::fs::read(path).expect("readable test data"))
        .collect()
}
