//! Table 1's classes with example sizes, and the sizes of a class by
//! their letters: a changed size gives a new class of the same row (the
//! GUI writes its name back into the class field).

use super::{Class, ClassShape};

/// Side of the example images, elements.
const SIDE: u64 = 2048;

/// One example per row of Table 1: (row's example primitive, class name
/// with concrete sizes).
pub fn table1_examples() -> Vec<(&'static str, String)> {
    let (a, b) = (SIDE, SIDE);
    let shapes = [
        ClassShape::Element { a, b },
        ClassShape::UnorderedElement { a, b },
        ClassShape::XProjection { a, b },
        ClassShape::TileToElement { a, b, u: 2, v: 2 },
        ClassShape::TileToTile { a, b, u: 8, v: 8 },
        ClassShape::ElementToTile {
            a: a / 2,
            b: b / 2,
            u: 2,
            v: 2,
        },
        ClassShape::Neighbourhood2d { a, b, n: 7, m: 7 },
        ClassShape::Neighbourhood1d { a, b, n: 7 },
        ClassShape::Reduce { a, b },
        ClassShape::Histogram { a, b, bins: 256 },
        ClassShape::Pairwise { a, b },
    ];
    shapes
        .into_iter()
        .map(|s| (s.example(), Class::from_shape(s).to_string()))
        .collect()
}

/// A size of a class, by its letter in Table 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SizeKey {
    /// Rows of the input.
    A,
    /// Columns of the input.
    B,
    /// Tile rows.
    U,
    /// Tile columns.
    V,
    /// Window rows (or length).
    N,
    /// Window columns.
    M,
    /// Histogram bins.
    C,
}

/// One editable size of a class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeField {
    pub key: SizeKey,
    /// "A (rows)", ...
    pub label: &'static str,
    pub value: u64,
    /// Slider range (the value may lie outside it).
    pub min: u64,
    pub max: u64,
}

fn field(key: SizeKey, label: &'static str, value: u64, min: u64, max: u64) -> SizeField {
    SizeField {
        key,
        label,
        value,
        min,
        max,
    }
}

/// The sizes of a class, in the order of its name.
pub fn size_fields(shape: &ClassShape) -> Vec<SizeField> {
    let (a, b) = shape.input_extent();
    let mut v = vec![
        field(SizeKey::A, "A (rows)", a, 1, 65_536),
        field(SizeKey::B, "B (columns)", b, 1, 65_536),
    ];
    match *shape {
        ClassShape::TileToElement { u, v: tv, .. }
        | ClassShape::TileToTile { u, v: tv, .. }
        | ClassShape::ElementToTile { u, v: tv, .. } => {
            v.push(field(SizeKey::U, "U (tile rows)", u, 1, 64));
            v.push(field(SizeKey::V, "V (tile columns)", tv, 1, 64));
        }
        ClassShape::Neighbourhood2d { n, m, .. } => {
            v.push(field(SizeKey::N, "N (window rows)", n, 1, 64));
            v.push(field(SizeKey::M, "M (window columns)", m, 1, 64));
        }
        ClassShape::Neighbourhood1d { n, .. } => {
            v.push(field(SizeKey::N, "N (window length)", n, 1, 64));
        }
        ClassShape::Histogram { bins, .. } => {
            v.push(field(SizeKey::C, "C (bins)", bins, 2, 65_536));
        }
        _ => {}
    }
    v
}

/// `x` rounded up to a multiple of `k` (k >= 1).
fn multiple(x: u64, k: u64) -> u64 {
    x.div_ceil(k).saturating_mul(k).max(k)
}

/// The class with size `key` set to `value` (at least 1; at least 2 bins).
/// Tiled inputs keep A and B multiples of the tile (rounded up), so the
/// result is always a class of the same row of Table 1.
pub fn with_size(shape: &ClassShape, key: SizeKey, value: u64) -> ClassShape {
    let x = value.max(1);
    let mut s = *shape;
    match (&mut s, key) {
        (
            ClassShape::Element { a, .. }
            | ClassShape::UnorderedElement { a, .. }
            | ClassShape::XProjection { a, .. }
            | ClassShape::TileToElement { a, .. }
            | ClassShape::TileToTile { a, .. }
            | ClassShape::ElementToTile { a, .. }
            | ClassShape::Neighbourhood2d { a, .. }
            | ClassShape::Neighbourhood1d { a, .. }
            | ClassShape::Reduce { a, .. }
            | ClassShape::Histogram { a, .. }
            | ClassShape::Pairwise { a, .. },
            SizeKey::A,
        ) => *a = x,
        // B = 1 would make the x-projection a scale down.
        (ClassShape::XProjection { b, .. }, SizeKey::B) => *b = x.max(2),
        (
            ClassShape::Element { b, .. }
            | ClassShape::UnorderedElement { b, .. }
            | ClassShape::TileToElement { b, .. }
            | ClassShape::TileToTile { b, .. }
            | ClassShape::ElementToTile { b, .. }
            | ClassShape::Neighbourhood2d { b, .. }
            | ClassShape::Neighbourhood1d { b, .. }
            | ClassShape::Reduce { b, .. }
            | ClassShape::Histogram { b, .. }
            | ClassShape::Pairwise { b, .. },
            SizeKey::B,
        ) => *b = x,
        (
            ClassShape::TileToElement { u, .. }
            | ClassShape::TileToTile { u, .. }
            | ClassShape::ElementToTile { u, .. },
            SizeKey::U,
        ) => *u = x,
        (
            ClassShape::TileToElement { v, .. }
            | ClassShape::TileToTile { v, .. }
            | ClassShape::ElementToTile { v, .. },
            SizeKey::V,
        ) => *v = x,
        (
            ClassShape::Neighbourhood2d { n, .. } | ClassShape::Neighbourhood1d { n, .. },
            SizeKey::N,
        ) => *n = x,
        (ClassShape::Neighbourhood2d { m, .. }, SizeKey::M) => *m = x,
        (ClassShape::Histogram { bins, .. }, SizeKey::C) => *bins = x.max(2),
        _ => {}
    }
    if let ClassShape::TileToElement { a, b, u, v } | ClassShape::TileToTile { a, b, u, v } = &mut s
    {
        *a = multiple(*a, *u);
        *b = multiple(*b, *v);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_parses_to_its_row() {
        let ex = table1_examples();
        assert_eq!(ex.len(), 11);
        for (k, (name, text)) in ex.iter().enumerate() {
            let c = Class::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(c.shape().table1_row(), k + 1, "{text}");
            assert_eq!(c.shape().example(), *name);
        }
    }

    #[test]
    fn changed_sizes_stay_in_their_row() {
        for (_, text) in table1_examples() {
            let c = Class::parse(&text).expect("example");
            for f in size_fields(c.shape()) {
                for value in [1, 3, 1000, f.value * 2] {
                    let s = with_size(c.shape(), f.key, value);
                    let name = Class::from_shape(s).to_string();
                    let back = Class::parse(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
                    assert_eq!(back.shape().table1_row(), c.shape().table1_row(), "{name}");
                }
            }
        }
        let c = Class::parse("2048x2048|tile(8x8) -> 2048x2048|tile(8x8)").expect("dct");
        let s = with_size(c.shape(), SizeKey::A, 1000);
        assert_eq!(s.input_extent(), (1000, 2048));
        let s = with_size(c.shape(), SizeKey::U, 3);
        assert_eq!(s.input_extent(), (2049, 2048));
    }
}
