//! Where a loop's accesses find their data: the geometry the cache-aware
//! formulation ([`cache`](super::cache)) reads from the subscripts, in the
//! spirit of reuse-distance models (Nugteren et al., "A detailed GPU cache
//! model based on reuse distance theory", HPCA 2014) and of the
//! uniformly generated sets of Wolf & Lam ("A data locality optimizing
//! algorithm", PLDI 1991), in closed form from the affine subscripts
//! instead of an address trace.
//!
//! Each access is an address `c_k k + c_p p + c_o1 o1 + ... + d` in
//! elements, where k is the inner sequential loop's index, p the parallel
//! index and o1, o2, ... the loops collapsed into the parallel one
//! (nearest first, each of extent n). Neighbouring iterations of the
//! parallel loop differ in p first, then in o1, ...
//!
//! Group reuse: accesses to the same array with the same coefficients
//! (a uniformly generated set) differ only in their constant d. One of
//! them, the leader, brings the set's lines; another is a follower when
//! its constant lies within a line of another's or is a small multiple
//! (up to [`FOLLOW_STEPS`]) of a loop's coefficient away, so that the same
//! thread a few trips later or a neighbouring thread touches its lines
//! (the nine reads of a 3 x 3 stencil are three rows, and the next row
//! of threads reads two of them again).

use super::OffloadError;
use super::kernel::OffloadKernel;

/// How many steps of a loop a follower may lie from its leader.
pub const FOLLOW_STEPS: i128 = 2;

/// One access as the cache-aware term sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The access as written.
    pub text: String,
    /// Executions per inner trip.
    pub per_trip: f64,
    /// Stride along the inner loop's index, elements (0 when the loop has
    /// no inner loop or the access does not move with it).
    pub c_inner: i128,
    /// Stride between neighbouring parallel iterations, elements.
    pub c_parallel: i128,
    /// Strides along the collapsed outer loops, nearest first, elements.
    pub c_outer: Vec<i128>,
    /// Whether this access brings its lines (see the module notes), or
    /// finds them brought by another access of its set.
    pub leader: bool,
    /// The array (None where the access names none).
    pub array: Option<String>,
    /// The subscript with every loop index at 0, elements.
    pub constant: i128,
}

/// The loop's shape at one size: references and the extents.
#[derive(Clone, Debug, PartialEq)]
pub struct Nest {
    pub refs: Vec<Reference>,
    /// Trips of the inner loop (1: none).
    pub trips: f64,
    /// Iterations of the parallel loop (collapsed loops included).
    pub iterations: f64,
    /// Extent of the parallel index and of each collapsed loop: n.
    pub extent: f64,
    pub element_bytes: f64,
}

impl OffloadKernel {
    /// The loop's references and extents at size n.
    pub fn nest(&self, n: f64) -> Result<Nest, OffloadError> {
        let size = n.round().clamp(1.0, i64::MAX as f64) as i64;
        let sizes = [(self.size_name.as_str(), size)];
        let has_inner = self.innermost_index != self.parallel_index;
        let mut refs = Vec::with_capacity(self.accesses.len());
        for a in &self.accesses {
            let c_inner = if has_inner {
                a.access.stride(&self.innermost_index, &sizes)?
            } else {
                0
            };
            let c_parallel = a.access.stride(&self.parallel_index, &sizes)?;
            let c_outer = self
                .outer_indices
                .iter()
                .map(|o| a.access.stride(o, &sizes))
                .collect::<Result<Vec<_>, _>>()?;
            let mut at_zero: Vec<(&str, i64)> = sizes.to_vec();
            at_zero.push((self.parallel_index.as_str(), 0));
            at_zero.push((self.innermost_index.as_str(), 0));
            at_zero.extend(self.outer_indices.iter().map(|o| (o.as_str(), 0)));
            let constant = a.access.subscript.eval(&at_zero).unwrap_or(0);
            refs.push(Reference {
                text: a.access.text.clone(),
                per_trip: a.per_trip,
                c_inner,
                c_parallel,
                c_outer,
                leader: true,
                array: a.access.array.clone(),
                constant,
            });
        }
        mark_followers(&mut refs, self.element_bytes);
        let (iterations, trips) = (self.iterations.at(n).ceil(), self.inner_trips.at(n));
        Ok(Nest {
            refs,
            trips: if has_inner { trips.max(1.0) } else { 1.0 },
            iterations,
            extent: n.max(1.0),
            element_bytes: self.element_bytes,
        })
    }
}

/// Marks as followers the accesses of a uniformly generated set whose
/// constant lies near another's (see the module notes); the leader of a
/// chain is its access of the largest constant (the leading edge).
fn mark_followers(refs: &mut [Reference], e: f64) {
    let line_elems = (128.0 / e).max(1.0) as i128;
    for i in 0..refs.len() {
        let follows = (0..refs.len()).any(|j| {
            let (a, b) = (&refs[i], &refs[j]);
            j != i
                && b.array.is_some()
                && b.array == a.array
                && same_strides(a, b)
                && (b.constant > a.constant || (b.constant == a.constant && j < i))
                && near(b.constant - a.constant, a, line_elems)
        });
        refs[i].leader = !follows;
    }
}

pub(super) fn same_strides(a: &Reference, b: &Reference) -> bool {
    a.c_inner == b.c_inner && a.c_parallel == b.c_parallel && a.c_outer == b.c_outer
}

/// Whether a constant difference `d` is within a line or a few steps of
/// one of the loops.
fn near(d: i128, r: &Reference, line_elems: i128) -> bool {
    if d.abs() < line_elems {
        return true;
    }
    let steps = std::iter::once(r.c_inner)
        .chain(std::iter::once(r.c_parallel))
        .chain(r.c_outer.iter().copied());
    steps
        .filter(|c| *c != 0)
        .any(|c| d % c == 0 && (d / c).abs() <= FOLLOW_STEPS)
}

/// Distinct lines of `line` bytes that a set of iterations touches through
/// one access: `spans[l]` consecutive values of the loop whose stride is
/// `strides[l]` elements (the loops combined as a grid). Regions that
/// overlap are counted once where the strides nest (each stride at least
/// the region the smaller ones cover), else as if contiguous.
pub fn distinct_lines(strides: &[i128], spans: &[f64], e: f64, line: f64) -> f64 {
    let mut levels: Vec<(f64, f64)> = strides
        .iter()
        .zip(spans)
        .filter(|(c, s)| **c != 0 && **s > 1.0)
        .map(|(c, s)| ((*c as f64).abs() * e, *s))
        .collect();
    levels.sort_by(|a, b| a.0.total_cmp(&b.0));
    // (lines, bytes of the contiguous region or None once scattered)
    let (mut lines, mut region) = (1.0_f64, Some(e));
    for (step, span) in levels {
        match region {
            Some(bytes) if step <= bytes.max(line) => {
                let grown = bytes + (span - 1.0) * step;
                region = Some(grown);
                lines = (grown / line).ceil().max(1.0);
            }
            _ => {
                lines *= span;
                region = None;
            }
        }
    }
    lines
}

/// Spans of the parallel index and the collapsed loops covered by `count`
/// consecutive parallel iterations (parallel index fastest), extents as
/// in `nest`.
pub fn spans_of(count: f64, nest: &Nest, outer_loops: usize) -> Vec<f64> {
    let mut spans = Vec::with_capacity(outer_loops + 1);
    let mut left = count.min(nest.iterations).max(1.0);
    for level in 0..=outer_loops {
        let span = if level == outer_loops {
            left
        } else {
            left.min(nest.extent)
        };
        spans.push(span.max(1.0));
        left = (left / nest.extent).ceil();
        if left <= 1.0 {
            spans.extend(std::iter::repeat_n(1.0, outer_loops - level));
            break;
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_unit_strided_and_broadcast_accesses() {
        // 32 threads, 4-byte elements, 128-byte lines.
        assert_eq!(distinct_lines(&[1], &[32.0], 4.0, 128.0), 1.0);
        assert_eq!(distinct_lines(&[9600], &[32.0], 4.0, 128.0), 32.0);
        assert_eq!(distinct_lines(&[0], &[32.0], 4.0, 128.0), 1.0);
        // 2 elements apart: 64 threads cover 512 bytes, 4 lines.
        assert_eq!(distinct_lines(&[2], &[64.0], 4.0, 128.0), 4.0);
        // A row of 300 threads then 3 rows of n = 1000 elements.
        assert_eq!(
            distinct_lines(&[1, 1000], &[300.0, 3.0], 4.0, 128.0),
            (1200.0f64 / 128.0).ceil() * 3.0
        );
    }

    #[test]
    fn spans_fill_the_parallel_index_first() {
        let nest = Nest {
            refs: vec![],
            trips: 1.0,
            iterations: 1e6,
            extent: 1000.0,
            element_bytes: 4.0,
        };
        assert_eq!(spans_of(128.0, &nest, 1), vec![128.0, 1.0]);
        assert_eq!(spans_of(5000.0, &nest, 1), vec![1000.0, 5.0]);
        assert_eq!(spans_of(5000.0, &nest, 0), vec![5000.0]);
    }
}
