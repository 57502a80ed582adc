//! Layer conditions on the host: whether an access finds its line again
//! because another access of its group touched it a few steps earlier
//! (the layer conditions of the ECM model: Stengel, Treibig, Hager and
//! Wellein, ICS 2015; in closed form as kerncraft's `-p LC` evaluates
//! them, Hammer, Hager and Wellein).
//!
//! A group is a uniformly generated set ([`reuse`](super::reuse)): the
//! accesses to one array with the same strides. Along the loop that moves
//! fastest in one thread's order (the inner loop, else the parallel
//! index), the access of the largest constant touches every element
//! first; each other access touches it `d` steps later, `d` the distance
//! in elements to the next larger constant of its group divided by the
//! fast stride (0 for a second access to the same element). An access of
//! distance `d` hits when the cache holds, for every access of the loop,
//! the data of its last `min(d', d)` steps (`d` steps for a group's
//! leading access):
//!
//! `sum over accesses of min(d', d) x bytes per step <= cache bytes`,
//!
//! bytes per step the access's fast stride in bytes, at most a line. The
//! leading access of each group and an access whose condition fails
//! bring new lines; the reuse of one access by itself a parallel
//! iteration later (a vector read by every row) is the pass count of
//! [`cache`](super::cache), which these conditions leave out as kerncraft
//! does.

use super::reuse::{Nest, Reference, same_strides};

/// Steps of the fast loop between an access and the earlier access of its
/// group that touched the same element, for each access of `nest`; `None`
/// for a group's leading access (and for one whose partner lies off its
/// stride, beyond a line).
pub fn group_distances(nest: &Nest, line: f64) -> Vec<Option<f64>> {
    let constants: Vec<Option<(&str, i128)>> =
        nest.refs.iter().map(|r| key(r, nest.trips)).collect();
    (0..nest.refs.len())
        .map(|i| {
            let (array, c) = constants[i]?;
            let r = &nest.refs[i];
            let fast = fast_stride(r, nest.trips);
            let earlier = (0..nest.refs.len())
                .filter(|&j| j != i && same_strides(&nest.refs[j], r))
                .filter_map(|j| {
                    let (other, cj) = constants[j]?;
                    let ahead = (cj - c) * fast.signum();
                    (other == array && (ahead > 0 || (ahead == 0 && j < i))).then_some(ahead)
                })
                .min()?;
            steps(earlier, fast, nest.element_bytes, line)
        })
        .collect()
}

/// Whether each access of `nest` finds its line through its group in a
/// cache of `capacity_bytes` with lines of `line` bytes.
pub fn group_hits(nest: &Nest, line: f64, capacity_bytes: f64) -> Vec<bool> {
    let distances = group_distances(nest, line);
    let per_step: Vec<f64> = nest
        .refs
        .iter()
        .map(|r| ((fast_stride(r, nest.trips).abs() as f64) * nest.element_bytes).min(line))
        .collect();
    let requirement = |d: f64| -> f64 {
        distances
            .iter()
            .zip(&per_step)
            .map(|(other, bytes)| other.map_or(d, |o| o.min(d)) * bytes)
            .sum()
    };
    distances
        .iter()
        .map(|d| d.is_some_and(|d| requirement(d) <= capacity_bytes))
        .collect()
}

/// The stride of the loop that moves fastest in one thread's order.
fn fast_stride(r: &Reference, trips: f64) -> i128 {
    if trips > 1.0 { r.c_inner } else { r.c_parallel }
}

/// The access's array and constant, where it moves along the fast loop.
fn key(r: &Reference, trips: f64) -> Option<(&str, i128)> {
    let array = r.array.as_deref()?;
    (fast_stride(r, trips) != 0).then_some((array, r.constant))
}

/// Steps of the fast loop that cover `ahead` elements: a whole number of
/// strides, or none where the partner shares the line at the same step.
fn steps(ahead: i128, fast: i128, e: f64, line: f64) -> Option<f64> {
    let fast = fast.abs();
    if ahead % fast == 0 {
        Some((ahead / fast) as f64)
    } else if (ahead as f64) * e < line {
        Some(0.0)
    } else {
        None
    }
}

#[cfg(test)]
#[path = "layer_tests.rs"]
mod tests;
