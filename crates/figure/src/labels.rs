//! Labels in pixels, for the layout passes (`layout::chart`,
//! `layout::heatmap`): the candidate spots around a marker or along a
//! reference line, tried in order; repeated labels at one spot left out;
//! identical devices' names grouped.

use crate::chart::Orientation;

/// A spot for a label: the baseline point and the horizontal alignment
/// (0 start, 0.5 middle, 1 end).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub x: f64,
    pub y: f64,
    pub align: f64,
}

const fn spot(x: f64, y: f64, align: f64) -> Spot {
    Spot { x, y, align }
}

/// Spots around a marker at (x, y) of radius `r`, for text of height `h`
/// with a gap `g`: right, left, above, below, then further out.
pub fn marker_spots(x: f64, y: f64, r: f64, h: f64, g: f64) -> Vec<Spot> {
    let gap = r + g;
    vec![
        spot(x + gap, y - gap + h * 0.2, 0.0),
        spot(x + gap, y + h * 0.35, 0.0),
        spot(x + gap, y + gap + h * 0.6, 0.0),
        spot(x - gap, y - gap + h * 0.2, 1.0),
        spot(x - gap, y + h * 0.35, 1.0),
        spot(x - gap, y + gap + h * 0.6, 1.0),
        spot(x, y - gap - g * 0.6, 0.5),
        spot(x, y + gap + h, 0.5),
        spot(x + gap, y - gap - h, 0.0),
        spot(x - gap, y - gap - h, 1.0),
        spot(x + gap, y + gap + 2.0 * h, 0.0),
        spot(x - gap, y + gap + 2.0 * h, 1.0),
        spot(x + gap, y - gap - 2.0 * h, 0.0),
        spot(x - gap, y - gap - 2.0 * h, 1.0),
    ]
}

/// Spots along a reference line at pixel `v` (y of a horizontal line, x
/// of a vertical one) inside the plot `[x0, y0, x1, y1]`, for text of
/// height `h` with a gap `g`: the ends first, then the middle and the
/// quarters, each side of the line.
pub fn ref_line_spots(o: Orientation, v: f64, plot: [f64; 4], h: f64, g: f64) -> Vec<Spot> {
    let [x0, y0, x1, y1] = plot;
    let (above, below) = (v - g, v + g + h * 0.85);
    let along = |t: f64| x0 + (x1 - x0) * t;
    let down = |t: f64| y0 + (y1 - y0) * t;
    match o {
        Orientation::Horizontal => vec![
            spot(x1 - g, above, 1.0),
            spot(x1 - g, below, 1.0),
            spot(x0 + g, above, 0.0),
            spot(x0 + g, below, 0.0),
            spot(along(0.5), above, 0.5),
            spot(along(0.5), below, 0.5),
            spot(along(0.75), above, 0.5),
            spot(along(0.25), above, 0.5),
            spot(along(0.75), below, 0.5),
            spot(along(0.25), below, 0.5),
        ],
        Orientation::Vertical => vec![
            spot(v + g, y0 + g + h, 0.0),
            spot(v - g, y0 + g + h, 1.0),
            spot(v + g, y1 - g - h * 0.3, 0.0),
            spot(v - g, y1 - g - h * 0.3, 1.0),
            spot(v + g, down(0.5), 0.0),
            spot(v - g, down(0.5), 1.0),
            spot(v + g, down(0.25), 0.0),
            spot(v - g, down(0.25), 1.0),
            spot(v + g, down(0.75), 0.0),
            spot(v - g, down(0.75), 1.0),
            spot(v + g, down(0.4), 0.0),
            spot(v - g, down(0.6), 1.0),
        ],
    }
}

/// Two points (pixels) closer than half a pixel: one place on screen.
pub fn same_spot(a: [f64; 2], b: [f64; 2]) -> bool {
    (a[0] - b[0]).abs() < 0.5 && (a[1] - b[1]).abs() < 0.5
}

/// Labelled points (pixels) with the repeats left out: a point whose
/// label an earlier point at the same spot already has is dropped, so a
/// label is written once however often its point is given.
pub fn without_repeats<T>(
    points: impl IntoIterator<Item = ([f64; 2], T)>,
    label: impl Fn(&T) -> &str,
) -> Vec<([f64; 2], T)> {
    let mut kept: Vec<([f64; 2], T)> = Vec::new();
    for (at, item) in points {
        let repeat = kept
            .iter()
            .any(|(q, other)| same_spot(*q, at) && label(other) == label(&item));
        if !repeat {
            kept.push((at, item));
        }
    }
    kept
}

/// Device names for a label, identical devices grouped: "NVIDIA H100 #1",
/// ..., "NVIDIA H100 #8" become "8 x NVIDIA H100" (the numbers a node's
/// devices get, `name #k`); a device alone keeps its name. Joined by `sep`.
pub fn grouped_names<S: AsRef<str>>(names: &[S], sep: &str) -> String {
    let mut groups: Vec<(&str, &str, usize)> = Vec::new();
    for n in names {
        let n = n.as_ref();
        let base = strip_index(n);
        match groups.iter_mut().find(|g| g.0 == base) {
            Some(g) => g.2 += 1,
            None => groups.push((base, n, 1)),
        }
    }
    groups
        .iter()
        .map(|(base, first, count)| match count {
            1 => first.to_string(),
            c => format!("{c} x {base}"),
        })
        .collect::<Vec<_>>()
        .join(sep)
}

/// `name` without a trailing " #k" (k a number).
fn strip_index(name: &str) -> &str {
    match name.rsplit_once(" #") {
        Some((base, k)) if !k.is_empty() && k.chars().all(|c| c.is_ascii_digit()) => base,
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_repeated_at_one_spot_is_kept_once_and_others_stay() {
        let points = vec![
            ([10.0, 10.0], "p-DP"),
            ([10.2, 10.3], "p-DP"),
            ([10.0, 10.0], "optimum"),
            ([40.0, 10.0], "p-DP"),
        ];
        let kept = without_repeats(points, |l| l);
        let labels: Vec<&str> = kept.iter().map(|(_, l)| *l).collect();
        assert_eq!(labels, ["p-DP", "optimum", "p-DP"]);
        assert!(same_spot([1.0, 1.0], [1.4, 0.6]));
        assert!(!same_spot([1.0, 1.0], [1.6, 1.0]));
    }
}

#[cfg(test)]
mod grouped_tests {
    use super::grouped_names;

    #[test]
    fn identical_devices_are_counted() {
        let names = [
            "Xeon #1", "Xeon #2", "H100 #1", "H100 #2", "H100 #3", "GTX 750",
        ];
        assert_eq!(grouped_names(&names, ", "), "2 x Xeon, 3 x H100, GTX 750");
        assert_eq!(grouped_names(&["S5 #1"], ", "), "S5 #1");
        // Only a number after '#' is an index.
        assert_eq!(grouped_names(&["a #x", "a #y"], " = "), "a #x = a #y");
    }
}
