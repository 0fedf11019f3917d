//! The FF[4] catalogue against the spec's own example file: every
//! property decodes strictly to its catalogue type, with the values the
//! file spells out.

mod common;

use sgf_stream::props::{self, Arity, Category, ValueType};
use sgf_stream::typed::{BoardSize, Color, Decoder, Double, Move, Point, Value};
use sgf_stream::{Event, Parser};

/// Every property of the example file in file order: identifier and its
/// strictly decoded values (owned).
fn ff4_properties() -> Option<Vec<(String, Vec<Value<'static>>)>> {
    let path = common::shared("conformance/sgf-spec-examples/ff4_ex.sgf")?;
    let input = std::fs::read(path).unwrap();
    let mut out = Vec::new();
    let mut decoder = Decoder::new();
    for event in Parser::new(&input) {
        let Event::Property(id, values) = event.unwrap() else {
            continue;
        };
        let typed = decoder
            .decode(id.as_str(), values)
            .unwrap_or_else(|e| panic!("{}", e.locate(&input, values)));
        if let [Value::Size(size)] = typed[..] {
            decoder = Decoder::with_size(size);
        }
        let typed = typed.into_iter().map(Value::into_owned).collect();
        out.push((id.as_str().to_string(), typed));
    }
    Some(out)
}

fn p(sgf: &str) -> Point {
    Point::parse(sgf.as_bytes()).unwrap()
}

fn all<'v>(props: &'v [(String, Vec<Value<'static>>)], ident: &str) -> Vec<&'v [Value<'static>]> {
    props
        .iter()
        .filter(|(id, _)| id == ident)
        .map(|(_, values)| values.as_slice())
        .collect()
}

fn fits(value: &Value<'_>, ty: ValueType) -> bool {
    match (ty, value) {
        (ValueType::None, Value::None)
        | (ValueType::Number, Value::Number(_))
        | (ValueType::Real, Value::Real(_))
        | (ValueType::Double, Value::Double(_))
        | (ValueType::Color, Value::Color(_))
        | (ValueType::SimpleText, Value::SimpleText(_))
        | (ValueType::Text, Value::Text(_))
        | (ValueType::Point | ValueType::Stone, Value::Point(_))
        | (ValueType::Move, Value::Move(_))
        | (ValueType::Size, Value::Size(_))
        | (ValueType::OrNone(_), Value::None) => true,
        (ValueType::OrNone(inner), value) => fits(value, *inner),
        (ValueType::Compose(ta, tb), Value::Compose(a, b)) => fits(a, *ta) && fits(b, *tb),
        _ => false,
    }
}

#[test]
fn every_property_has_its_catalogue_type() {
    let Some(props) = ff4_properties() else {
        return;
    };
    assert!(props.len() > 150, "{}", props.len());
    let mut idents: Vec<&str> = props.iter().map(|(id, _)| id.as_str()).collect();
    idents.sort_unstable();
    idents.dedup();
    // The example uses most of the catalogue.
    assert_eq!(idents.len(), 47, "{idents:?}");
    for (ident, values) in &props {
        let info = props::lookup(ident).unwrap_or_else(|| panic!("{ident} not in the catalogue"));
        assert!(!values.is_empty() || info.arity == Arity::EList, "{ident}");
        if info.arity == Arity::One {
            assert_eq!(values.len(), 1, "{ident}");
        }
        for value in values {
            assert!(fits(value, info.value), "{ident}: {value:?}");
        }
    }
}

#[test]
fn root_and_game_info_values() {
    let Some(props) = ff4_properties() else {
        return;
    };
    assert_eq!(all(&props, "FF")[0], [Value::Number(4)]);
    assert_eq!(all(&props, "GM")[0], [Value::Number(1)]);
    assert_eq!(all(&props, "SZ")[0], [Value::Size(BoardSize::square(19))]);
    let (name, version) = all(&props, "AP")[0][0].as_compose().unwrap();
    assert_eq!(name.as_text(), Some("Primiview"));
    assert_eq!(version.as_text(), Some("3.1"));
    assert_eq!(all(&props, "KM"), [[Value::Real(-59.5)]]);
    let results: Vec<&str> = all(&props, "RE")
        .iter()
        .map(|v| v[0].as_text().unwrap())
        .collect();
    assert_eq!(results, ["W+3.5", "W+Resign", "B+63.5", "B+R"]);
    assert_eq!(all(&props, "PW")[3][0].as_text(), Some("A. Tari"));
    assert_eq!(all(&props, "WR")[3][0].as_text(), Some("12k"));
    assert_eq!(all(&props, "RO")[0][0].as_text(), Some("2"));
    // SimpleText keeps the node name on one line.
    assert_eq!(
        all(&props, "N")[0][0],
        Value::SimpleText("Moves, comments, annotations".into())
    );
}

#[test]
fn moves_passes_and_annotations() {
    let Some(props) = ff4_properties() else {
        return;
    };
    let black = all(&props, "B");
    assert_eq!(black[0], [Value::Move(Move::Play(p("pd")))]);
    assert_eq!(black[0][0].as_point(), Some(Point::new(15, 3)));
    // `W[]` and `B[tt]` on 19x19 are the two passes of the first variation.
    let passes = props
        .iter()
        .filter(|(_, v)| v.first() == Some(&Value::Move(Move::Pass)))
        .map(|(id, _)| id.as_str())
        .collect::<Vec<_>>();
    assert_eq!(passes, ["W", "B"]);
    assert_eq!(all(&props, "GW")[0], [Value::Double(Double::Normal)]);
    assert_eq!(all(&props, "GW")[1], [Value::Double(Double::Emphasized)]);
    assert_eq!(all(&props, "GB")[0], [Value::Double(Double::Emphasized)]);
    assert_eq!(all(&props, "BM")[0], [Value::Double(Double::Emphasized)]);
    assert_eq!(all(&props, "TE")[0], [Value::Double(Double::Normal)]);
    assert_eq!(all(&props, "DO")[0], [Value::None]);
    assert_eq!(all(&props, "IT")[0], [Value::None]);
    assert_eq!(all(&props, "PL")[0], [Value::Color(Color::Black)]);
    assert_eq!(all(&props, "PL")[1], [Value::Color(Color::White)]);
}

#[test]
fn timing_values() {
    let Some(props) = ff4_properties() else {
        return;
    };
    let bl: Vec<f64> = all(&props, "BL")
        .iter()
        .map(|v| v[0].as_real().unwrap())
        .collect();
    assert_eq!(bl, [120.0, 105.6, 87.0]);
    let wl: Vec<f64> = all(&props, "WL")
        .iter()
        .map(|v| v[0].as_real().unwrap())
        .collect();
    assert_eq!(wl, [300.0, 200.0, 13.2]);
    assert_eq!(all(&props, "OB"), [[Value::Number(10)], [Value::Number(9)]]);
    assert_eq!(all(&props, "OW"), [[Value::Number(2)], [Value::Number(1)]]);
    assert_eq!(
        all(&props, "MN"),
        [[Value::Number(2)], [Value::Number(112)]]
    );
}

fn points(values: &[Value<'_>]) -> Vec<Point> {
    values.iter().map(|v| v.as_point().unwrap()).collect()
}

#[test]
fn setup_point_lists_expand() {
    let Some(props) = ff4_properties() else {
        return;
    };
    let ab = points(all(&props, "AB")[0]);
    // dd de df dg, and do:gq: 4 columns d-g by 3 rows o-q.
    assert_eq!(ab.len(), 4 + 12);
    assert_eq!(&ab[..4], [p("dd"), p("de"), p("df"), p("dg")]);
    assert!(ab.contains(&p("do")) && ab.contains(&p("gq")) && ab.contains(&p("ep")));
    assert!(!ab.contains(&p("hq")));
    let aw = points(all(&props, "AW")[0]);
    assert_eq!(aw.len(), 4 + 8 + 4); // kn:lq is 2x4, pn:pq is 1x4
    let ae = points(all(&props, "AE")[0]);
    assert_eq!(ae.len(), 5 + 4);
    // The markup set-up without compression: 17 + 18 black stones.
    assert_eq!(all(&props, "AB")[2].len(), 35);
}

#[test]
fn markup_values() {
    let Some(props) = ff4_properties() else {
        return;
    };
    assert_eq!(points(all(&props, "TR")[0]).len(), 6 + 3);
    assert_eq!(points(all(&props, "SQ")[0]).len(), 6 + 3);
    // TW[pq:ss][so][lr:ns]: 4x3 + 1 + 3x2.
    assert_eq!(points(all(&props, "TW")[0]).len(), 12 + 1 + 6);
    // TB[aq:cs][er:hs][ao]: 3x3 + 4x2 + 1.
    assert_eq!(points(all(&props, "TB")[0]).len(), 9 + 8 + 1);
    // DD[kq:os][dq:hs]: 5x3 + 5x3.
    assert_eq!(points(all(&props, "DD")[0]).len(), 30);

    let labels: Vec<(Point, String)> = all(&props, "LB")[0]
        .iter()
        .map(|v| {
            let (at, text) = v.as_compose().unwrap();
            (at.as_point().unwrap(), text.as_text().unwrap().to_string())
        })
        .collect();
    assert_eq!(labels.len(), 8 + 7 + 7);
    assert_eq!(labels[0], (p("dc"), "1".to_string()));
    assert_eq!(labels[7], (p("pj"), "d".to_string()));
    assert_eq!(labels[8], (p("gs"), "ABCDEFGH".to_string()));
    assert_eq!(labels[21], (p("ms"), "12345678".to_string()));

    let pair = |v: &Value<'_>| {
        let (a, b) = v.as_compose().unwrap();
        (a.as_point().unwrap(), b.as_point().unwrap())
    };
    let arrows: Vec<_> = all(&props, "AR")[0].iter().map(pair).collect();
    assert_eq!(arrows.len(), 8);
    assert_eq!(arrows[0], (p("aa"), p("sc")));
    assert_eq!(arrows[1], (p("sa"), p("ac")));
    let lines: Vec<_> = all(&props, "LN")[0].iter().map(pair).collect();
    assert_eq!(
        lines,
        [
            (p("pj"), p("pd")),
            (p("nf"), p("ff")),
            (p("ih"), p("fj")),
            (p("kh"), p("nj"))
        ]
    );
}

#[test]
fn text_values() {
    let Some(props) = ff4_properties() else {
        return;
    };
    let comments: Vec<&str> = all(&props, "C")
        .iter()
        .map(|v| v[0].as_text().unwrap())
        .collect();
    assert_eq!(
        comments[0],
        "Nodename set to: \"Moves, comments, annotations\""
    );
    // Soft line breaks vanish, escaped `]` and `\` are kept.
    let style = comments
        .iter()
        .find(|c| c.starts_with("There are hard"))
        .unwrap();
    assert!(style.contains(">ok<. Hard line breaks"), "{style}");
    assert!(style.contains("preceeded by '\\' like"), "{style}");
    assert!(comments.iter().any(|c| c.contains("erased in FF[3] way")));
}

#[test]
fn catalogue_knows_categories_and_legacy() {
    assert_eq!(props::lookup("B").unwrap().category, Category::Move);
    assert_eq!(props::lookup("KO").unwrap().value, ValueType::None);
    assert_eq!(props::lookup("AE").unwrap().category, Category::Setup);
    assert_eq!(
        props::lookup("BM").unwrap().category,
        Category::MoveAnnotation
    );
    assert_eq!(
        props::lookup("GB").unwrap().category,
        Category::NodeAnnotation
    );
    assert_eq!(props::lookup("BL").unwrap().category, Category::Timing);
    assert_eq!(props::lookup("SZ").unwrap().category, Category::Root);
    assert_eq!(props::lookup("VW").unwrap().arity, Arity::EList);
    let inherited: Vec<&str> = props::CATALOGUE
        .iter()
        .filter(|info| info.inherit)
        .map(|info| info.ident)
        .collect();
    assert_eq!(inherited, ["DD", "PM", "VW"]);
    let game_info = props::CATALOGUE
        .iter()
        .filter(|info| info.category == Category::GameInfo)
        .count();
    // AN BR BT CP DT EV GN ON OT PB PC PW RE RO RU SO US WR WT, GC, TM, HA, KM.
    assert_eq!(game_info, 23);
    for old in [
        "BS", "WS", "CH", "EL", "EX", "ID", "LT", "OM", "OP", "OV", "RG", "SC", "SE", "SI", "TC",
    ] {
        assert!(props::legacy(old).is_some(), "{old}");
        assert!(props::lookup(old).is_none(), "{old}");
    }
    assert_eq!(props::legacy("M").unwrap().replacement, Some("MA"));
    assert_eq!(props::normalize_ident("WhiteRank"), "WR");
}

#[test]
fn unknown_properties_stay_raw() {
    let values = Decoder::new()
        .decode_raw("MULTIGOGM", [&b"1\\]x"[..], b""])
        .unwrap();
    assert_eq!(
        values,
        [
            Value::Raw((&b"1\\]x"[..]).into()),
            Value::Raw((&b""[..]).into())
        ]
    );
    assert_eq!(values[0].to_sgf(), "1\\]x");
}
