//! Where GIB and NGF records put handicap stones they do not list: the
//! points Tygem and WBaduk place them on.

use crate::typed::Point;

/// The fixed points of `count` handicap stones (2 to 9) on a board of
/// `size` lines, or `None` where there are none: 2 = upper right and
/// lower left, 3 adds the upper left (not the lower right), 4 the lower
/// right, 5 the centre; 6 = the four corners and the left and right side
/// points, 7 adds the centre; 8 = the corners, the four side points, 9
/// adds the centre. The corner points are on the fourth line from 13×13
/// up and on the third below; more than 4 stones need an odd side.
pub(crate) fn points(count: u8, size: u8) -> Option<Vec<Point>> {
    if !(2..=9).contains(&count) || size < 7 || (count > 4 && (size % 2 == 0 || size < 9)) {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (near, far, mid) = (edge, size - 1 - edge, size / 2);
    let at = |col, row| Point::new(col, row);
    let (upper_right, lower_left) = (at(far, near), at(near, far));
    let (upper_left, lower_right) = (at(near, near), at(far, far));
    let (left, right, top, bottom) = (at(near, mid), at(far, mid), at(mid, near), at(mid, far));
    let center = at(mid, mid);
    let corners = [upper_right, lower_left, upper_left, lower_right];
    let mut points: Vec<Point> = match count {
        2..=4 => corners[..usize::from(count)].to_vec(),
        5 => corners.to_vec(),
        _ => corners.iter().copied().chain([left, right]).collect(),
    };
    if count >= 8 {
        points.extend([top, bottom]);
    }
    if count % 2 == 1 && count >= 5 {
        points.push(center);
    }
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sgf(count: u8, size: u8) -> Vec<String> {
        let points = points(count, size).unwrap();
        let mut names: Vec<String> = points.iter().map(Point::to_string).collect();
        names.sort();
        names
    }

    #[test]
    fn the_readme_placements_on_19() {
        // As the shared README lists them.
        assert_eq!(sgf(2, 19), ["dp", "pd"]);
        assert_eq!(sgf(3, 19), ["dd", "dp", "pd"]);
        assert_eq!(sgf(4, 19), ["dd", "dp", "pd", "pp"]);
        assert_eq!(sgf(5, 19), ["dd", "dp", "jj", "pd", "pp"]);
        assert_eq!(sgf(6, 19), ["dd", "dj", "dp", "pd", "pj", "pp"]);
        assert_eq!(sgf(7, 19), ["dd", "dj", "dp", "jj", "pd", "pj", "pp"]);
        assert_eq!(sgf(8, 19), ["dd", "dj", "dp", "jd", "jp", "pd", "pj", "pp"]);
        assert_eq!(
            sgf(9, 19),
            ["dd", "dj", "dp", "jd", "jj", "jp", "pd", "pj", "pp"]
        );
    }

    #[test]
    fn small_and_even_boards() {
        assert_eq!(sgf(2, 9), ["cg", "gc"]);
        assert_eq!(sgf(5, 13), ["dd", "dj", "gg", "jd", "jj"]);
        assert!(points(5, 10).is_none());
        assert!(points(4, 6).is_none());
        assert!(points(1, 19).is_none());
        assert!(points(10, 19).is_none());
    }
}
