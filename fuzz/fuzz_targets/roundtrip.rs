//! Parse, write, parse again: the same trees.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    if let Ok(trees) = sgf_stream::parse_collection(input) {
        for tree in &trees {
            let written = tree.to_string();
            let again = sgf_stream::parse(&written).expect("written SGF parses");
            assert!(again == *tree);
        }
    }
});
