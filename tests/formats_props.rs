//! Any bytes given to the GIB, NGF and UGF readers: never a panic, and
//! when a record is read, its SGF text is valid SGF whose every warning
//! lies inside the input.

use proptest::prelude::*;
use sgf_stream::formats::{self, Format};

const FORMATS: [Format; 3] = [Format::Gib, Format::Ngf, Format::Ugf];

/// Small valid records to mutate.
const SEEDS: [&str; 3] = [
    "\\HS\n\\[GIBOKIND=Korea\\]\n\\[GAMEBLACKNAME=kim (3D)\\]\n\\[GAMEINFOMAIN=GRLT:0,ZIPSU:35,GONGJE:65,LINE:19\\]\n\
     \\HE\n\\GS\n2 1 0\n5 0 &4\nINI 0 1 3 &4\nSTO 0 2 2 15 15\nSKI 0 3\nSTO 0 4 2 3 3\n\\GE\n",
    "Rated game\n19\nLQC         9DP\nCYY         9DP\nwww.cyberoro.com\n0\n0\n7\n20170316 [09:37]\n5\n\
     Black wins by 0.5!\n3\nPMABBREER\nPMACWEEEE\nPMADBAAAA\n",
    "[Header]\nLang=SJIS\nSize=19\nHdcp=2,0.50\nWinner=B,7.50\nPlayerB=a,7d\nCoordinateType=IGS\n[Data]\n\
     PP,B1,0,0\nDD,B1,0,0\nQP,W1,1,0\nYA,B1,2,0\n[ReviewNode]\nNODE,1,0,0,0\n",
];

/// Converts `input` as each format; checks what comes out.
fn check(input: &[u8]) {
    for format in FORMATS {
        let Ok(converted) = formats::to_sgf(format, input) else {
            continue;
        };
        let tree = sgf_stream::parse(converted.sgf());
        assert!(
            tree.is_ok(),
            "{format}: {:?} from {input:?}",
            converted.sgf()
        );
        for warning in converted.warnings() {
            assert!(warning.range().end <= input.len() as u64);
            assert!(warning.offset() <= input.len() as u64);
        }
        let end = converted.sgf().len();
        assert!(converted.position(end).offset <= input.len() as u64);
    }
}

/// Edits of a seed: bytes replaced, removed, inserted, and a cut.
fn mutated() -> impl Strategy<Value = Vec<u8>> {
    (
        0..SEEDS.len(),
        proptest::collection::vec((any::<usize>(), any::<u8>(), 0..3u8), 0..8),
        any::<usize>(),
    )
        .prop_map(|(seed, edits, cut)| {
            let mut bytes = SEEDS[seed].as_bytes().to_vec();
            for (at, byte, how) in edits {
                let at = at % (bytes.len() + 1);
                match how {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, byte),
                }
            }
            bytes.truncate(cut % (bytes.len() + 1) + bytes.len() / 2);
            bytes
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_never_panic(input in proptest::collection::vec(any::<u8>(), 0..400)) {
        check(&input);
    }

    #[test]
    fn mutated_records_never_panic(input in mutated()) {
        check(&input);
    }

    #[test]
    fn lines_of_the_formats_words_never_panic(words in proptest::collection::vec(
        prop_oneof![
            Just("\\HS"), Just("\\HE"), Just("\\GS"), Just("\\GE"), Just("\\[GAMEINFOMAIN=LINE:"),
            Just("\\]"), Just("STO 0 1 1"), Just("SKI 0"), Just("INI 0 1"), Just("[Header]"),
            Just("[Data]"), Just("Size="), Just("Hdcp="), Just("PM"), Just("GI"), Just("IDB["),
            Just(","), Just(" "), Just("\n"), Just("\r"), Just("0"), Just("19"), Just("255"),
            Just("99999999999"), Just("-1"), Just("YA,B1,1"), Just("\u{feff}"), Just("\u{fffd}"),
        ],
        0..60,
    )) {
        check(words.concat().as_bytes());
    }
}
