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
fn svg_to_png(svg: &str, (width, height): (u32, u32)) -> Result<Vec<u8>, PngError> {
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
    pixmap
        .encode_png()
        .map_err(|err| PngError::Encode(err.to_string()))
}
