//! PNG: the diagram's SVG drawn by resvg, with no fonts (the diagram's
//! text is paths), so the pixels are the same on every machine.

use super::options::Diagram;

/// Why a PNG could not be made.
///
/// ```
/// # #[cfg(feature = "png")] {
/// let err = sgf_go::render::PngError::Parse("bad".into());
/// assert_eq!(err.to_string(), "the diagram's SVG did not parse: bad");
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PngError {
    /// The SVG was not read (a bug: the writer makes SVG that resvg reads).
    #[error("the diagram's SVG did not parse: {0}")]
    Parse(String),
    /// The picture could not be drawn or encoded.
    #[error("the PNG could not be made: {0}")]
    Encode(String),
}

impl Diagram<'_> {
    /// The diagram as a PNG image, [`pixels`](Self::pixels) in size,
    /// drawn from [`to_svg`](Self::to_svg).
    ///
    /// # Errors
    /// [`PngError`], which the diagrams this crate writes do not cause.
    ///
    /// ```
    /// use sgf_go::render::Diagram;
    /// let board = sgf_go::Board::from_diagram("X.\n.O")?;
    /// let png = Diagram::new(&board).size_px(64).to_png()?;
    /// assert_eq!(&png[1..4], b"PNG");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_png(&self) -> Result<Vec<u8>, PngError> {
        svg_to_png(&self.to_svg(), self.pixels())
    }
}

/// Draws `svg` on a pixmap of `pixels` and encodes it as PNG.
fn svg_to_png(svg: &str, pixels: (u32, u32)) -> Result<Vec<u8>, PngError> {
    let rgba = rasterize(svg, pixels)?;
    encode(&rgba, pixels.0, pixels.1).map_err(|err| PngError::Encode(err.to_string()))
}

/// Draws `svg` on `pixels`: opaque RGBA, row by row.
pub(super) fn rasterize(svg: &str, (width, height): (u32, u32)) -> Result<Vec<u8>, PngError> {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|err| PngError::Parse(err.to_string()))?;
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| PngError::Encode(format!("no {width}x{height} pixmap")))?;
    let size = tree.size();
    let transform = tiny_skia::Transform::from_scale(
        width as f32 / size.width(),
        height as f32 / size.height(),
    );
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(pixmap.take())
}

/// Encodes opaque RGBA pixels as PNG: with a palette when they hold at
/// most 256 colours (a diagram usually does: a few colours and their
/// blends at the edges), else as RGB; the palette in order of first use,
/// so the same pixels give the same bytes. zlib's default level with the
/// Sub filter: on a 600-pixel 19×19 diagram, a third of the time of the
/// best level for 2% more bytes, and a fifth of the bytes of the fastest.
fn encode(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Default);
    let pixels = rgba.chunks_exact(4).map(|p| [p[0], p[1], p[2]]);
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut indexed = Vec::with_capacity(rgba.len() / 4);
    for pixel in pixels.clone() {
        let next = index.len();
        let i = *index.entry(pixel).or_insert(next);
        if i == 256 {
            break;
        }
        if i == palette.len() {
            palette.push(pixel);
        }
        indexed.push(i as u8);
    }
    let data = if index.len() <= 256 {
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_filter(png::FilterType::NoFilter);
        encoder.set_palette(palette.concat());
        indexed
    } else {
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_filter(png::FilterType::Sub);
        pixels.flatten().collect()
    };
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&data)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels of a PNG as RGB.
    fn decode(bytes: &[u8]) -> (png::ColorType, Vec<u8>) {
        let mut decoder = png::Decoder::new(bytes);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let color = reader.info().color_type;
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (color, buf)
    }

    fn rgba(colours: impl Iterator<Item = [u8; 3]>) -> (Vec<u8>, Vec<u8>) {
        let rgb: Vec<[u8; 3]> = colours.collect();
        let rgba = rgb.iter().flat_map(|&[r, g, b]| [r, g, b, 255]).collect();
        (rgba, rgb.concat())
    }

    #[test]
    fn few_colours_make_a_palette_and_many_make_rgb() {
        let (few, few_rgb) = rgba((0..64u32).map(|i| [(i % 3) as u8 * 100, 7, 9]));
        assert_eq!(
            decode(&encode(&few, 8, 8).unwrap()),
            (png::ColorType::Indexed, few_rgb)
        );
        let (many, many_rgb) = rgba((0..1024u32).map(|i| [(i % 256) as u8, (i / 256) as u8, 0]));
        assert_eq!(
            decode(&encode(&many, 32, 32).unwrap()),
            (png::ColorType::Rgb, many_rgb)
        );
    }
}
