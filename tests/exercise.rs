//! The canonical cases of the "SGF Parsing" exercise, read at run time from
//! `../shared/conformance`, plus its four error messages written out here.

mod common;

use serde_json::Value;
use sgf_stream::{parse, tree::Node};

/// The exercise's expected tree, as JSON, for comparison.
fn to_json(node: &Node) -> Value {
    // The exercise's trees are small; recursion over them is fine here.
    let properties: serde_json::Map<String, Value> = node
        .properties()
        .map(|(id, values)| (id.to_string(), Value::from(values.to_vec())))
        .collect();
    let children: Vec<Value> = node.children().iter().map(to_json).collect();
    serde_json::json!({ "properties": properties, "children": children })
}

#[test]
fn canonical_cases() {
    let Some(path) =
        common::shared("conformance/exercism-problem-specifications/canonical-data.json")
    else {
        return;
    };
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert!(cases.len() >= 20);
    // A case that another one "reimplements" is superseded: skip it.
    let superseded: Vec<&str> = cases
        .iter()
        .filter_map(|case| case["reimplements"].as_str())
        .collect();
    for case in cases {
        if superseded.contains(&case["uuid"].as_str().unwrap()) {
            continue;
        }
        let input = case["input"]["encoded"].as_str().unwrap();
        let expected = &case["expected"];
        match (parse(input), expected.get("error")) {
            (Ok(tree), None) => assert_eq!(&to_json(&tree.root()), expected, "{input:?}"),
            (Err(err), Some(message)) => {
                assert_eq!(
                    err.kind().to_string(),
                    message.as_str().unwrap(),
                    "{input:?}"
                )
            }
            (got, _) => panic!("{input:?}: got {got:?}, expected {expected}"),
        }
    }
}

#[test]
fn the_four_error_messages() {
    for (input, message) in [
        ("", "tree missing"),
        (";", "tree missing"),
        ("()", "tree with no nodes"),
        ("(;A)", "properties without delimiter"),
        ("(;a[b])", "property must be in uppercase"),
        ("(;Aa[b])", "property must be in uppercase"),
    ] {
        let err = parse(input).unwrap_err();
        assert_eq!(err.kind().to_string(), message, "{input:?}");
    }
}

#[test]
fn values_are_decoded_as_text() {
    let tree = parse("(;A[\\]b\nc\\\nd\t\te\\\\ \\\n\\]])").unwrap();
    assert_eq!(tree.get("A").unwrap(), ["]b\ncd  e\\ ]"]);
    let tree = parse("(;A[x[y\\]z][foo]B[bar];C[baz])").unwrap();
    assert_eq!(tree.get("A").unwrap(), ["x[y]z", "foo"]);
    assert_eq!(tree.children()[0].get("C").unwrap(), ["baz"]);
}
