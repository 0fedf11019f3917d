//! Writing typed values through the [`Writer`].

use std::io;

use super::encode::values_to_sgf;
use super::value::Value;
use crate::event::RawValue;
use crate::write::{WriteError, Writer};

impl<W: io::Write> Writer<W> {
    /// Writes a property of the current node from typed values, encoded
    /// as [`values_to_sgf`] does: text escaped (`\` and `]`, and `:` in
    /// each half of a Compose), points as letters, passes empty. With
    /// `compress`, a point list is written as compressed rectangles. An
    /// empty list is written as `[]` (the empty elist).
    ///
    /// # Errors
    /// As [`Writer::property`].
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::typed::{Decoder, Move, Point, Value};
    /// use sgf_stream::Writer;
    /// let stones = Decoder::new().decode_raw("AB", [&b"aa"[..], b"ba", b"ab", b"bb"])?;
    /// let mut writer = Writer::new(Vec::new());
    /// writer.start_game_tree()?;
    /// writer.node()?;
    /// writer.typed_property("AB", &stones, true)?;
    /// writer.typed_property("LB", &[Value::Compose(
    ///     Box::new(Value::Point(Point::new(3, 3))),
    ///     Box::new(Value::SimpleText("1:0".into())),
    /// )], false)?;
    /// writer.node()?;
    /// writer.typed_property("B", &[Value::Move(Move::Pass)], false)?;
    /// writer.end_game_tree()?;
    /// assert_eq!(writer.into_inner()?, b"(;AB[aa:bb]LB[dd:1\\:0];B[])\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn typed_property(
        &mut self,
        ident: &str,
        values: &[Value<'_>],
        compress: bool,
    ) -> Result<(), WriteError> {
        if compress || values.is_empty() {
            // Only all-point lists compress, and they hold no raw bytes.
            let encoded = values_to_sgf(values, compress);
            return self.property(ident, encoded.iter().map(|v| RawValue::new(v.as_bytes())));
        }
        // Byte by byte: raw values that are not UTF-8 pass through.
        let encoded: Vec<Vec<u8>> = values.iter().map(encode_bytes).collect();
        self.property(ident, encoded.iter().map(|v| RawValue::new(v)))
    }
}

fn encode_bytes(value: &Value<'_>) -> Vec<u8> {
    let mut out = Vec::new();
    value.write_sgf(&mut out);
    out
}
