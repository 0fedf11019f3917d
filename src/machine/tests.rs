//! The machine against itself: chunked against whole, hot path against
//! slow path.

use super::*;
use crate::testing::XorShift;

type Scanned = Result<(Token, usize, usize), (ErrorKind, usize)>;

/// Runs the machine over `input` split into pieces of `chunk` bytes,
/// keeping every byte (so offsets stay absolute).
fn tokens(input: &[u8], chunk: usize) -> Vec<Scanned> {
    let mut machine = Machine::new(Limits::default());
    let mut out = Vec::new();
    let mut pos = 0;
    let mut len = chunk.min(input.len());
    loop {
        let eof = len == input.len();
        match machine.step(&input[..len], &mut pos, eof) {
            Step::Token(t, s, e) => out.push(Ok((t, s, e))),
            Step::NeedMore => len = (len + chunk).min(input.len()),
            Step::End => return out,
            Step::Error(k, at) => {
                out.push(Err((k, at)));
                return out;
            }
        }
    }
}

#[test]
fn chunked_scanning_matches_whole() {
    let inputs: [&[u8]; 6] = [
        b"(;FF[4]C[a\\]b\\\\]AB[aa] [bb]\r\n(;B[]) (;W[tt]))",
        b"\xEF\xBB\xBF(;A[x])(;B[y])",
        b"(;A[unclosed",
        b"(;A[esc\\",
        b"(;A[b];B[c])x",
        b"(;A[b]C (;D[e]))",
    ];
    for input in inputs {
        let whole = tokens(input, input.len());
        for chunk in 1..8 {
            assert_eq!(tokens(input, chunk), whole, "chunk {chunk} of {input:?}");
        }
    }
}

/// A stepping function of the machine: `step` or `step_slow`.
type StepFn = fn(&mut Machine, &[u8], &mut usize, bool) -> Step;

/// Every token and error of `input` through `step`.
fn tokens_by(input: &[u8], limits: Limits, step: StepFn) -> Vec<Scanned> {
    let mut machine = Machine::new(limits);
    let mut out = Vec::new();
    let mut pos = 0;
    loop {
        match step(&mut machine, input, &mut pos, true) {
            Step::Token(t, s, e) => out.push(Ok((t, s, e))),
            Step::Error(k, at) => {
                out.push(Err((k, at)));
                return out;
            }
            _ => return out,
        }
    }
}

/// Through `step_slow` alone (the machine without its hot path).
fn slow_tokens(input: &[u8], limits: Limits) -> Vec<Scanned> {
    tokens_by(input, limits, Machine::step_slow)
}

fn fast_tokens(input: &[u8], limits: Limits) -> Vec<Scanned> {
    tokens_by(input, limits, Machine::step)
}

#[test]
fn hot_path_matches_the_slow_path() {
    let tight = Limits {
        max_value_len: 2,
        max_properties_per_node: 2,
        ..Limits::default()
    };
    let mut random = XorShift(0x2545_F491_4F6C_DD1D);
    for _ in 0..4000 {
        let mut input = b"(;".to_vec();
        let seed = random.step();
        let mut bits = seed;
        for _ in 0..(seed % 13) {
            let count = HOT_PATH_PIECES.len() as u64;
            input.extend_from_slice(HOT_PATH_PIECES[(bits % count) as usize]);
            bits /= count;
        }
        input.push(b')');
        for limits in [Limits::default(), tight] {
            let fast = fast_tokens(&input, limits);
            assert_eq!(fast, slow_tokens(&input, limits), "{input:?}");
        }
    }
}
