//! Real game records damaged as files in large collections are: for
//! tests that check every reader and command agrees on which games a
//! damaged file holds.

use super::generate::Rng;

/// What [`damage`] inserts: an identifier over a 64-byte limit, right
/// after a text property (which the reader holds back) or alone, stray
/// `]`, `(`, `)`, `[` and `;`, a repeated property, and a new game
/// opened on a new line.
fn damages() -> Vec<Vec<u8>> {
    let long = "X".repeat(70);
    vec![
        format!("C[held]{long}[x]").into_bytes(),
        format!("{long}[x]").into_bytes(),
        b"]".to_vec(),
        b"(".to_vec(),
        b")".to_vec(),
        b"[".to_vec(),
        b";".to_vec(),
        b"C[a]C[b]".to_vec(),
        b"\n(;".to_vec(),
    ]
}

/// Inserts one to four damages at random places of `bytes`.
pub fn damage(bytes: &mut Vec<u8>, rng: &mut Rng) {
    let damages = damages();
    for _ in 0..rng.range(1, 5) {
        let at = rng.range(0, bytes.len() + 1);
        let damage = &damages[rng.range(0, damages.len())];
        bytes.splice(at..at, damage.iter().copied());
    }
}
