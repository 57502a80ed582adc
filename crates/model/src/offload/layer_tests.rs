use super::*;

/// An access of a collapsed (i, j) loop, j the parallel index and fastest:
/// `array[(i + di) n + (j + dj)]`.
fn at(array: &str, n: i128, di: i128, dj: i128) -> Reference {
    Reference {
        text: format!("{array}[(i{di:+})*n + (j{dj:+})]"),
        per_trip: 1.0,
        c_inner: 0,
        c_parallel: 1,
        c_outer: vec![n],
        leader: true,
        array: Some(array.into()),
        constant: di * n + dj,
    }
}

/// The 3 x 3 stencil of 2DCONV: nine reads of A, one store to B.
fn conv(n: i128) -> Nest {
    let mut refs = Vec::new();
    for di in -1..=1 {
        for dj in -1..=1 {
            refs.push(at("A", n, di, dj));
        }
    }
    refs.push(at("B", n, 0, 0));
    Nest {
        refs,
        trips: 1.0,
        iterations: (n * n) as f64,
        extent: n as f64,
        element_bytes: 4.0,
    }
}

#[test]
fn distances_of_a_three_by_three_stencil() {
    let n = 1000;
    let d = group_distances(&conv(n), 64.0);
    let row = Some((n - 2) as f64);
    // Rows i - 1, i, i + 1 (di outer), each with columns j - 1, j, j + 1.
    let expected = vec![
        Some(1.0),
        Some(1.0),
        row,
        Some(1.0),
        Some(1.0),
        row,
        Some(1.0),
        Some(1.0),
        None, // A[(i+1)n + (j+1)] touches every element first
        None, // B, a group of its own
    ];
    assert_eq!(d, expected);
}

#[test]
fn rows_hit_just_inside_their_condition_and_miss_just_outside() {
    let n = 1000;
    let nest = conv(n);
    // Keeping two rows back: min(d', n - 2) summed over all ten accesses,
    // 4 bytes each: six column neighbours of 1, two rows of n - 2 and the
    // two leading accesses' n - 2.
    let rows = (6.0 + 4.0 * (n - 2) as f64) * 4.0;
    let inside = group_hits(&nest, 64.0, rows);
    assert_eq!(inside.iter().filter(|h| **h).count(), 8);
    let outside = group_hits(&nest, 64.0, rows - 1.0);
    // Only the column neighbours: 1 step each, (6 + 4) x 4 bytes.
    assert_eq!(outside.iter().filter(|h| **h).count(), 6);
    assert!(!outside[2] && !outside[5], "the rows i - 1 and i miss");
    let tiny = group_hits(&nest, 64.0, 39.0);
    assert!(tiny.iter().all(|h| !h), "under 10 elements nothing is kept");
}

#[test]
fn a_second_access_to_the_same_element_always_hits() {
    let n = 100;
    let nest = Nest {
        refs: vec![
            at("data", n, 0, 0),
            at("mean", n, 0, 0),
            at("data", n, 0, 0),
        ],
        trips: 1.0,
        iterations: (n * n) as f64,
        extent: n as f64,
        element_bytes: 4.0,
    };
    assert_eq!(group_distances(&nest, 64.0), vec![None, None, Some(0.0)]);
    assert_eq!(group_hits(&nest, 64.0, 0.0), vec![false, false, true]);
}

#[test]
fn a_partner_off_the_stride_shares_its_line_or_is_a_group_of_its_own() {
    // A column walk (fast stride n along an inner loop): a neighbour one
    // element over shares the line; one 32 elements over does not.
    let column = |dj: i128| Reference {
        c_inner: 512,
        c_parallel: 1,
        c_outer: vec![],
        constant: dj,
        ..at("A", 512, 0, dj)
    };
    let nest = Nest {
        refs: vec![column(0), column(1), column(33)],
        trips: 512.0,
        iterations: 512.0,
        extent: 512.0,
        element_bytes: 4.0,
    };
    assert_eq!(
        group_distances(&nest, 64.0),
        vec![Some(0.0), None, None],
        "A[..+1] is ahead of A[..+0] on the same line; A[..+33] is 32 elements \
         (128 bytes) ahead of A[..+1], two lines away"
    );
}
