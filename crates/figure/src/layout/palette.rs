//! The palettes a laid-out scene is drawn in: light (the exports' and
//! the window's default) and dark (the window under a dark theme). Data
//! colours (series, colour maps, markers) are the same in both; the
//! neutral inks (text, axes, grid, frames, halos, the canvas) turn over,
//! so that a scene laid out once reads on either background.

/// A palette of the neutral inks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Palette {
    #[default]
    Light,
    Dark,
}

/// The canvas of a dark figure.
const DARK_PAPER: [u8; 3] = [0x20, 0x20, 0x20];

impl Palette {
    /// The canvas behind the figure.
    pub fn paper(self) -> [u8; 3] {
        match self {
            Palette::Light => [0xff, 0xff, 0xff],
            Palette::Dark => DARK_PAPER,
        }
    }

    /// A colour of the scene in this palette: a neutral grey turns over
    /// (near-black text becomes near-white, white halos and fills become
    /// the dark canvas); a colour with a hue stays.
    pub fn ink(self, c: [u8; 3]) -> [u8; 3] {
        if self == Palette::Light {
            return c;
        }
        let (lo, hi) = (c.iter().min().copied(), c.iter().max().copied());
        let (Some(lo), Some(hi)) = (lo, hi) else {
            return c;
        };
        if hi - lo > 24 {
            return c;
        }
        let v = (u16::from(lo) + u16::from(hi)) / 2;
        let paper = u16::from(DARK_PAPER[1]);
        // 255 (white) -> the canvas, 0 (black) -> 240.
        let turned = paper + (255 - v) * (240 - paper) / 255;
        let t = turned.min(255) as u8;
        [t, t, t]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::scene::{INK, TITLE_INK};

    #[test]
    fn dark_turns_the_neutral_inks_over_and_keeps_the_hues() {
        let d = Palette::Dark;
        assert!(d.ink(INK)[0] > 180, "text reads on the dark canvas");
        assert!(
            d.ink(TITLE_INK)[0] > d.ink(INK)[0],
            "titles stay the strongest"
        );
        assert_eq!(
            d.ink([0xff, 0xff, 0xff]),
            d.paper(),
            "white becomes the canvas"
        );
        let blue = [0x00, 0x72, 0xb2];
        assert_eq!(d.ink(blue), blue);
        assert_eq!(Palette::Light.ink(INK), INK);
    }

    /// WCAG relative luminance of an sRGB colour.
    fn luminance(c: [u8; 3]) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
    }

    fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn the_surface_floor_stands_apart_from_the_lowest_colour_in_both_palettes() {
        use crate::perdome::surface::{FLOOR_EMPTY, FLOOR_VALID};
        let rgb = |c: [u8; 4]| [c[0], c[1], c[2]];
        let lowest = crate::color::map(0.0);
        for pal in [Palette::Light, Palette::Dark] {
            let valid = pal.ink(rgb(FLOOR_VALID));
            let empty = pal.ink(rgb(FLOOR_EMPTY));
            assert!(
                contrast(valid, lowest) >= 4.5,
                "{pal:?}: floor {valid:?} against the map's lowest {lowest:?}: {:.2}",
                contrast(valid, lowest)
            );
            assert!(
                contrast(valid, empty) >= 1.5,
                "{pal:?}: the two floors differ: {:.2}",
                contrast(valid, empty)
            );
        }
    }
}
