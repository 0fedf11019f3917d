//! [`Animation`]: diagrams shown one after another as an animated PNG
//! (APNG), each frame stored as the rectangle that changed since the
//! frame before.

use super::options::Diagram;
use super::png::{rasterize, PngError};

/// An animated PNG being made: push the diagrams in order (all of one
/// size in pixels), then [`finish`](Self::finish). A frame keeps only
/// the rectangle of pixels that changed, so a game of 250 moves takes
/// little more than its first picture and the stones added.
///
/// ```
/// use sgf_go::render::{Animation, Coordinates, Position};
/// use sgf_go::ReplayOptions;
/// let tree = sgf_stream::parse("(;SZ[9];B[ee];W[gc];B[cg])")?;
/// let mut animation = Animation::new(500);
/// let mut position = Position::new(ReplayOptions::new());
/// for node in tree.main_line() {
///     position.play_node(&node)?;
///     animation.push(&position.diagram().coordinates(Coordinates::None).size_px(90))?;
/// }
/// assert_eq!(animation.len(), 4);
/// let apng = animation.finish()?;
/// assert_eq!(&apng[1..4], b"PNG");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Animation {
    delay_ms: u16,
    size: (u32, u32),
    /// The last frame's pixels, RGB.
    last: Vec<u8>,
    frames: Vec<Frame>,
}

/// One frame: where its rectangle is, and its pixels (RGB).
#[derive(Debug, Clone)]
struct Frame {
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Animation {
    /// An animation with no frame yet, showing each `delay_ms`
    /// milliseconds.
    pub fn new(delay_ms: u16) -> Animation {
        Animation {
            delay_ms,
            size: (0, 0),
            last: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// How many frames were pushed.
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Whether no frame was pushed.
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// Draws `diagram` as the next frame.
    ///
    /// # Errors
    /// [`PngError::Encode`] when its size in pixels is not the first
    /// frame's (notes under the board, say, make it taller).
    pub fn push(&mut self, diagram: &Diagram<'_>) -> Result<(), PngError> {
        let size = diagram.pixels();
        let rgba = rasterize(&diagram.to_svg(), size)?;
        let rgb: Vec<u8> = rgba
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        if self.frames.is_empty() {
            self.size = size;
            let (width, height) = size;
            self.frames.push(Frame {
                x: 0,
                y: 0,
                width,
                height,
                rgb: rgb.clone(),
            });
        } else if size != self.size {
            return Err(PngError::Encode(format!(
                "a frame of {}x{} pixels after frames of {}x{}",
                size.0, size.1, self.size.0, self.size.1
            )));
        } else {
            self.frames.push(changed(&self.last, &rgb, size));
        }
        self.last = rgb;
        Ok(())
    }

    /// The animated PNG, played once.
    ///
    /// # Errors
    /// [`PngError::Encode`] when there is no frame.
    pub fn finish(self) -> Result<Vec<u8>, PngError> {
        if self.frames.is_empty() {
            return Err(PngError::Encode("an animation without frames".into()));
        }
        self.encode()
            .map_err(|err| PngError::Encode(err.to_string()))
    }

    fn encode(&self) -> Result<Vec<u8>, png::EncodingError> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, self.size.0, self.size.1);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Default);
        encoder.set_filter(png::FilterType::Sub);
        encoder.set_animated(self.frames.len() as u32, 1)?;
        encoder.set_frame_delay(self.delay_ms, 1000)?;
        let mut writer = encoder.write_header()?;
        for frame in &self.frames {
            writer.reset_frame_position()?;
            writer.set_frame_dimension(frame.width, frame.height)?;
            writer.set_frame_position(frame.x, frame.y)?;
            writer.write_image_data(&frame.rgb)?;
        }
        writer.finish()?;
        Ok(out)
    }
}

/// The rectangle of `next` that differs from `last` (a single pixel when
/// none does), as a frame.
fn changed(last: &[u8], next: &[u8], (width, height): (u32, u32)) -> Frame {
    let (w, h) = (width as usize, height as usize);
    let (mut left, mut top, mut right, mut bottom) = (w, h, 0, 0);
    for row in 0..h {
        for col in 0..w {
            let at = (row * w + col) * 3;
            if last[at..at + 3] != next[at..at + 3] {
                (left, right) = (left.min(col), right.max(col + 1));
                (top, bottom) = (top.min(row), bottom.max(row + 1));
            }
        }
    }
    if left >= right {
        (left, top, right, bottom) = (0, 0, 1, 1);
    }
    let mut rgb = Vec::with_capacity((right - left) * (bottom - top) * 3);
    for row in top..bottom {
        rgb.extend_from_slice(&next[(row * w + left) * 3..(row * w + right) * 3]);
    }
    Frame {
        x: left as u32,
        y: top as u32,
        width: (right - left) as u32,
        height: (bottom - top) as u32,
        rgb,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_the_rectangle_that_changed() {
        let last = vec![0u8; 4 * 3 * 3];
        let mut next = last.clone();
        // Pixels (1, 0) and (2, 1) of a 4x3 picture.
        next[3] = 9;
        next[(4 + 2) * 3 + 2] = 7;
        let frame = changed(&last, &next, (4, 3));
        assert_eq!((frame.x, frame.y, frame.width, frame.height), (1, 0, 2, 2));
        assert_eq!(frame.rgb, [9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7]);
        let same = changed(&last, &last, (4, 3));
        assert_eq!((same.width, same.height, same.rgb.len()), (1, 1, 3));
    }
}
