//! The boat hull paper (seed 003, Nugteren & Corporaal): Table 1's class
//! variables, the class language of Tables 1 and 4, the examples of
//! Sections 4.1, 4.3 and 4.4, the roofline comparison of Section 5 and the
//! case-study numbers of Table 5.
//!
//! Expected values are written as the paper's formulas with Table 2 / 3
//! values, not copied from the model's output. The quoted numbers are read
//! from the paper check's rows (`hetscope paper-check --paper boathull`),
//! so a row and its test cannot disagree.

use crate::common::paper::{row, value};
use hetscope_model::boathull::application::{fast_focus_on_structures, processor_crossover};
use hetscope_model::boathull::roofline::gpu_ceiling_range;
use hetscope_model::boathull::{
    Application, Assume, BoatHullError, Class, ClassName, ClassOptions, ClassProblem, ClassShape,
    ClassVars, Complexity, Cpu, CpuAssumptions, CpuCompute, Gpu, GpuAssumptions, HaloEstimate,
    Primitive, Roofline, Table1Reading, Target, TimeRange, balance_complexity, crossover,
};

use hetscope_core::paper_check::{Computed, Paper, Row, Status, paper_rows, status_mismatches};

const MS: f64 = 1e-3;

/// The paper check's boat hull rows.
fn rows() -> Vec<Row> {
    paper_rows(Paper::Boathull)
}

/// Every boat hull row of the paper check and its status.
const EXPECTED: [(&str, Status); 36] = [
    ("table5-gtx470-kernels-low", Status::Reproduced),
    ("table5-gtx470-kernels-high", Status::Differs),
    ("table5-gtx470-transfers", Status::Differs),
    ("table5-gtx470-total-low", Status::Differs),
    ("table5-gtx470-total-high", Status::Differs),
    ("table5-gtx470-measured-inside", Status::Reproduced),
    ("table5-gtx470-kernels-difference-own", Status::Reproduced),
    ("table5-gtx470-kernels-difference", Status::Reproduced),
    ("table5-gtx470-transfers-difference-own", Status::Reproduced),
    ("table5-gtx470-transfers-difference", Status::Differs),
    ("table5-gtx470-total-difference-own", Status::Reproduced),
    ("table5-gtx470-total-difference", Status::Differs),
    ("table5-gts250-kernels-low", Status::Differs),
    ("table5-gts250-kernels-high", Status::Differs),
    ("table5-gts250-transfers", Status::Differs),
    ("table5-gts250-total-low", Status::Differs),
    ("table5-gts250-total-high", Status::Differs),
    ("table5-gts250-measured-inside", Status::Differs),
    ("table5-gts250-kernels-difference-own", Status::Reproduced),
    ("table5-gts250-kernels-difference", Status::Differs),
    ("table5-gts250-transfers-difference-own", Status::Reproduced),
    ("table5-gts250-transfers-difference", Status::Differs),
    ("table5-gts250-total-difference-own", Status::Reproduced),
    ("table5-gts250-total-difference", Status::Differs),
    ("conclusion-gtx470-within-8", Status::Reproduced),
    ("conclusion-gts250-within-8", Status::Differs),
    ("s4-3-memory-bound-gtx470", Status::Reproduced),
    ("s4-3-memory-bound-gts250", Status::Reproduced),
    ("s4-4-scalar-q8300", Status::Reproduced),
    ("s4-4-single-thread-q8300", Status::Reproduced),
    ("s4-4-scalar-i7-930", Status::Reproduced),
    ("s4-4-single-thread-i7-930", Status::Reproduced),
    ("s3-1-x-projection-factor-7", Status::Reproduced),
    ("s5-maximum-gtx470", Status::Reproduced),
    ("s5-maximum-gts250", Status::Reproduced),
    ("s5-erode-performance-and-time", Status::Reproduced),
];

#[test]
fn every_row_has_its_expected_status() {
    let mismatches = status_mismatches(&rows(), &EXPECTED);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs().max(1e-300)
}

fn shape(text: &str) -> ClassShape {
    *Class::parse(text).unwrap().shape()
}

fn vars(text: &str) -> ClassVars {
    ClassVars::gpu(&shape(text), &ClassOptions::default())
}

fn printed(text: &str) -> ClassVars {
    ClassVars::gpu(&shape(text), &ClassOptions::as_printed())
}

/// (w, m, o, d, c, u) of a class.
fn wmodcu(v: &ClassVars) -> [f64; 6] {
    [v.w, v.m, v.o, v.d, v.c, v.u]
}

fn gpu(g: Gpu) -> Target {
    Target::Gpu {
        gpu: g,
        assume: GpuAssumptions::TABLE5,
    }
}

// ---------------------------------------------------------------- Table 1

// A = 2048 rows, B = 1024 columns: unequal, so a swap of rows and columns
// shows.
const A: f64 = 2048.0;
const B: f64 = 1024.0;
const AB: f64 = A * B;

#[test]
fn table1_element_classes() {
    let v = vars("2048x1024|element -> 2048x1024|element");
    assert_eq!(wmodcu(&v), [AB, 1.0, 16.0, 2.0 * AB, 2.0 * AB, 0.0]);
    assert!(v.floors.c1 && !v.floors.m1);

    let v = vars("unordered 2048x1024|element -> 2048x1024|element");
    assert_eq!(wmodcu(&v), [AB, 1.0, 16.0, 2.0 * AB, 2.0 * AB, 0.0]);
    assert!(v.floors.c1 && v.floors.m1);

    let v = vars("2048x1024|element ^ 2048x1024|element -> 2048x1024|element");
    assert_eq!(wmodcu(&v), [AB, 1.0, 32.0, 3.0 * AB, 3.0 * AB, 0.0]);
    assert!(v.floors.c1 && !v.floors.m1);
}

#[test]
fn table1_tile_classes() {
    // x-projection: w = A, m = B, o = 4m, d = A·B + A, c = d, u = 0.
    let v = vars("2048x1024|tile(1x1024) -> 2048|element");
    assert_eq!(wmodcu(&v), [A, B, 4.0 * B, AB + A, AB + A, 0.0]);
    assert!(v.floors.c1 && v.floors.m1);

    // scale down with 8x4 tiles: w = A/U·B/V, m = U·V, o = 4m.
    let text = "2048x1024|tile(8x4) -> 256x256|element";
    let p = printed(text);
    assert_eq!(
        wmodcu(&p),
        [256.0 * 256.0, 32.0, 128.0, 2.0 * AB, 2.0 * AB, 0.0]
    );
    // Table 1 prints d = 2·A·B; input plus output (Section 4.2's
    // definition of d) is A·B + A·B/(U·V).
    let d = vars(text);
    assert_eq!(d.d, AB + AB / 32.0);
    assert_eq!(d.c, d.d);
    assert!(d.d < p.d);

    // 2D-DCT: c = A·B, u = A·B.
    let v = vars("2048x1024|tile(8x8) -> 2048x1024|tile(8x8)");
    assert_eq!(wmodcu(&v), [AB / 64.0, 64.0, 256.0, 2.0 * AB, AB, AB]);
    assert!(v.floors.c1 && !v.floors.m1);

    // enlarge by 2x4 tiles.
    let text = "2048x1024|element -> 4096x4096|tile(2x4)";
    let p = printed(text);
    assert_eq!(wmodcu(&p), [AB / 8.0, 8.0, 32.0, 2.0 * AB, 2.0 * AB, 0.0]);
    // As printed, w·m = A·B operator applications for 8·A·B outputs and
    // d = 2·A·B: the row reads A x B as the output. Derived: one
    // work-unit per input element, d = input + output.
    let d = vars(text);
    assert_eq!(wmodcu(&d), [AB, 8.0, 32.0, 9.0 * AB, 9.0 * AB, 0.0]);
}

#[test]
fn table1_neighbourhood_classes_with_halo_estimate() {
    // 7 rows x 5 columns window, 16x16 blocks: 128 x 64 blocks, each
    // reading (16 + 6)(16 + 4) elements of which 256 are its own.
    let v = vars("2048x1024|neighbourhood(7x5) -> 2048x1024|element");
    let beta = 128.0 * 64.0 * (22.0 * 20.0 - 256.0);
    assert_eq!(wmodcu(&v), [AB, 35.0, 64.0, 2.0 * AB, 2.0 * AB, beta]);
    assert!(v.floors.c1 && !v.floors.m1);

    // 1-D window of 5 along the row: (16)(16 + 4) - 256 per block.
    let v = vars("2048x1024|neighbourhood(5) -> 2048x1024|element");
    let beta = 128.0 * 64.0 * (16.0 * 20.0 - 256.0);
    assert_eq!(wmodcu(&v), [AB, 5.0, 64.0, 2.0 * AB, 2.0 * AB, beta]);

    // A larger block halves the halo per element roughly.
    let opts = ClassOptions {
        halo: HaloEstimate::new(32, 32).unwrap(),
        ..ClassOptions::default()
    };
    let big = ClassVars::gpu(
        &shape("2048x1024|neighbourhood(7x5) -> 2048x1024|element"),
        &opts,
    );
    assert_eq!(big.u, 64.0 * 32.0 * (38.0 * 36.0 - 1024.0));
    assert!(HaloEstimate::new(0, 16).is_err());
}

#[test]
fn table1_shared_classes() {
    // sum: d = A·B + 1, c = A·B, u = 1 (Section 4.1: K·4/P_coalesced +
    // 1·4/P_uncoalesced).
    let v = vars("2048x1024|element -> 1|shared");
    assert_eq!(wmodcu(&v), [AB, 1.0, 16.0, AB + 1.0, AB, 1.0]);
    // histogram with C = 256 bins: d = A·B + N, c = N, u = A·B (N = C).
    let v = vars("2048x1024|element -> 256|shared");
    assert_eq!(wmodcu(&v), [AB, 1.0, 64.0, AB + 256.0, 256.0, AB]);
    assert!(v.floors.c1 && !v.floors.m1);
}

#[test]
fn table1_rows_examples_and_floors_column() {
    let rows = [
        ("8x8|element -> 8x8|element", "binarization", false),
        ("unordered 8x8|element -> 8x8|element", "xy-mirroring", true),
        ("8x8|tile(1x8) -> 8|element", "x-projection", true),
        ("8x8|tile(2x2) -> 4x4|element", "scale down", false),
        ("8x8|tile(2x2) -> 8x8|tile(2x2)", "2D-DCT", false),
        ("8x8|element -> 16x16|tile(2x2)", "enlarge", false),
        (
            "8x8|neighbourhood(3x3) -> 8x8|element",
            "2D-convolution",
            false,
        ),
        (
            "8x8|neighbourhood(3) -> 8x8|element",
            "1D-convolution",
            false,
        ),
        ("8x8|element -> 1|shared", "sum", false),
        ("8x8|element -> 4|shared", "histogram", false),
        (
            "8x8|element ^ 8x8|element -> 8x8|element",
            "differencing",
            false,
        ),
    ];
    for (i, (text, example, m1)) in rows.iter().enumerate() {
        let s = shape(text);
        assert_eq!(s.table1_row(), i + 1, "{text}");
        assert_eq!(s.example(), *example);
        let v = ClassVars::gpu(&s, &ClassOptions::default());
        assert!(v.floors.c1, "{text}: every class has c1");
        assert_eq!(v.floors.m1, *m1, "{text}");
        // Every class charges at least its data once: c + u >= d.
        assert!(v.c + v.u >= v.d, "{text}");
        // CPU offsets: a quarter of the GPU's (Section 4.4: 4 against 16).
        assert_eq!(ClassVars::cpu(&s, &ClassOptions::default()).o, v.o / 4.0);
    }
}

// ----------------------------------------------------------- the language

/// Table 1's classes with concrete sizes (A = 2048, B = 1024, U x V = 8x4,
/// N x M = 7x5, C = 256) in the paper's notation.
const TABLE1_NAMES: [&str; 11] = [
    "2048x1024|element → 2048x1024|element",
    "unordered 2048x1024|element → 2048x1024|element",
    "2048x1024|tile(1x1024) → 2048|element",
    "2048x1024|tile(8x4) → 256x256|element",
    "2048x1024|tile(8x4) → 2048x1024|tile(8x4)",
    "2048x1024|element → 16384x4096|tile(8x4)",
    "2048x1024|neighbourhood(7x5) → 2048x1024|element",
    "2048x1024|neighbourhood(7) → 2048x1024|element",
    "2048x1024|element → 1|shared",
    "2048x1024|element → 256|shared",
    "2048x1024|element ∧ 2048x1024|element → 2048x1024|element",
];

/// Table 4, as printed.
const TABLE4_NAMES: [&str; 6] = [
    "1024x1024|element → 256|shared",
    "262144|element → 1|shared",
    "1024x1024|element → 1024x1024|element",
    "1024x1024|neighb(7x7) → 1024x1024|element",
    "1024x1024|tile(1x1024) → 1024|element",
    "1024x1024|tile(1024x1) → 1024|element",
];

fn ascii(text: &str) -> String {
    text.replace('→', "->").replace('∧', "^")
}

#[test]
fn every_table1_and_table4_name_round_trips_in_both_notations() {
    for (i, text) in TABLE1_NAMES.iter().chain(TABLE4_NAMES.iter()).enumerate() {
        let unicode = Class::parse(text).unwrap();
        let plain = Class::parse(&ascii(text)).unwrap();
        assert_eq!(unicode, plain, "{text}");
        if i < 11 {
            assert_eq!(unicode.shape().table1_row(), i + 1, "{text}");
        }
        // Display is the canonical ASCII form and parses back.
        let shown = unicode.to_string();
        assert!(shown.contains(" -> "), "{shown}");
        assert_eq!(Class::parse(&shown).unwrap(), unicode);
        assert_eq!(ClassName::parse(&shown).unwrap(), *unicode.name());
        let paper = unicode.name().to_unicode_string();
        assert_eq!(Class::parse(&paper).unwrap(), unicode);
        // Without spaces.
        let tight: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(Class::parse(&tight).unwrap(), unicode, "{tight}");
    }
}

#[test]
fn table4_names_are_the_classes_of_the_application() {
    let app = fast_focus_on_structures();
    assert_eq!(app.primitives.len(), TABLE4_NAMES.len());
    for (p, text) in app.primitives.iter().zip(TABLE4_NAMES) {
        let parsed = Class::parse(text).unwrap();
        assert_eq!(parsed.shape(), p.class.shape(), "{}", p.name);
        // The canonical name of the shape is Table 4's name.
        assert_eq!(
            p.class.to_string(),
            ascii(text).replace("neighb(", "neighbourhood(")
        );
    }
    // The y-projection is the general tile class (coalesced), the
    // x-projection the row class with the scattered-access floor.
    assert!(matches!(
        shape(TABLE4_NAMES[5]),
        ClassShape::TileToElement { u: 1024, v: 1, .. }
    ));
    assert!(matches!(
        shape(TABLE4_NAMES[4]),
        ClassShape::XProjection { .. }
    ));
}

#[test]
fn listing1_names_and_spelling_variants() {
    assert_eq!(
        shape("1000|element -> 1000|element"),
        ClassShape::Element { a: 1, b: 1000 }
    );
    assert_eq!(
        shape("1000|neighbourhood(3) -> 1000|element"),
        ClassShape::Neighbourhood1d {
            a: 1,
            b: 1000,
            n: 3
        }
    );
    assert_eq!(
        shape("10x10|element -> 10x10|element"),
        ClassShape::Element { a: 10, b: 10 }
    );
    assert_eq!(
        shape("1000|element -> 1|shared"),
        ClassShape::Reduce { a: 1, b: 1000 }
    );
    let n = ClassShape::Neighbourhood2d {
        a: 64,
        b: 32,
        n: 3,
        m: 5,
    };
    for text in [
        "64x32|neighbourhood(3x5) -> 64x32|element",
        "  64 x 32 | NEIGHBORHOOD ( 3 x 5 )  ->  64X32 | Element  ",
        "64×32|neighb(3×5)→64x32|element",
    ] {
        assert_eq!(shape(text), n, "{text}");
    }
}

fn err(text: &str) -> hetscope_model::boathull::ClassError {
    Class::parse(text).unwrap_err()
}

#[test]
fn syntax_errors_point_at_the_offending_text() {
    let e = err("1024x1024|blob -> 1024x1024|element");
    assert_eq!(
        (e.column, e.byte_offset, e.found.as_str()),
        (11, 10, "blob")
    );
    assert_eq!(
        e.to_string(),
        "column 11: expected `element`, `tile(..)`, `neighbourhood(..)` or `shared`, found `blob`"
    );

    // Symbolic sizes are not numbers.
    let e = err("AxB|element -> AxB|element");
    assert_eq!((e.column, e.found.as_str()), (1, "AxB"));
    assert!(e.to_string().contains("size"), "{e}");

    let e = err("1024x1024|element => 1024x1024|element");
    assert_eq!((e.column, e.found.as_str()), (19, "="));
    assert!(e.to_string().contains("`->`"), "{e}");

    let e = err("1024x1024|element -> 1024x1024|element extra");
    assert_eq!((e.column, e.found.as_str()), (40, "extra"));

    let e = err("1024x0|element -> 1024x0|element");
    assert_eq!((e.column, e.problem.clone()), (6, ClassProblem::ZeroSize));

    let e = err("99999999999999999999|element -> 1|shared");
    assert_eq!(
        (e.column, e.problem.clone()),
        (1, ClassProblem::NumberTooLarge)
    );

    let e = err("1024x|element -> 1024|element");
    assert_eq!((e.column, e.found.as_str()), (6, "|"));

    let e = err("1024x1024 element -> 1024x1024|element");
    assert_eq!((e.column, e.found.as_str()), (11, "element"));

    let e = err("1024x1024|tile(8x8 -> 128x128|element");
    assert_eq!((e.column, e.found.as_str()), (20, "->"));

    let e = err("");
    assert_eq!((e.column, e.found.as_str()), (1, ""));
    assert!(e.to_string().contains("end of the class name"), "{e}");

    // Columns count characters; byte offsets count bytes (`→` is 3).
    let e = err("1024x1024|element → 1024x1024|blob");
    assert_eq!(
        (e.column, e.byte_offset, e.found.as_str()),
        (31, 32, "blob")
    );
}

#[test]
fn well_formed_classes_outside_table1_point_at_the_reason() {
    let cases: [(&str, usize, &str); 10] = [
        ("1024x1024|element -> 512x512|element", 22, "512x512"),
        (
            "unordered 1024x1024|tile(8x8) -> 128x128|element",
            1,
            "unordered",
        ),
        ("1024x1024|shared -> 1|element", 11, "shared"),
        (
            "1024x1024|element -> 1024x1024|neighbourhood(3x3)",
            32,
            "neighbourhood(3x3)",
        ),
        ("1024x1024|tile(3x3) -> 341x341|element", 16, "3x3"),
        ("1024x1024|tile(8x8) -> 1024x1024|tile(4x4)", 39, "4x4"),
        (
            "1024x1024|element ^ 512x512|element -> 1024x1024|element",
            21,
            "512x512",
        ),
        (
            "8|element ^ 8|element ^ 8|element -> 8|element",
            25,
            "8|element",
        ),
        ("2x2x2|element -> 2x2x2|element", 1, "2x2x2"),
        ("8|element -> 8|element ^ 8|element", 26, "8|element"),
    ];
    for (text, column, found) in cases {
        let e = err(text);
        assert!(
            matches!(e.problem, ClassProblem::NotModelled(_)),
            "{text}: {e}"
        );
        assert_eq!((e.column, e.found.as_str()), (column, found), "{text}: {e}");
        assert!(e.to_string().contains("Table 1"), "{e}");
        // Well formed: the syntax alone accepts it.
        assert!(ClassName::parse(text).is_ok(), "{text}");
    }
}

// ------------------------------------------------- Section 4.1 and 4.2 (GPU)

#[test]
fn section_4_1_toy_examples() {
    let g = Gpu::GTX470;
    let k = 1_000_000.0;
    let (pc, pco, pun) = (1089e9, 95e9, 5.9e9);
    // Lines 1-2: B[i] = 2 A[i] + 5, two operations per element.
    let t = g
        .times(&vars("1000000|element -> 1000000|element"), 2.0)
        .unwrap();
    assert!(close(t.m0_s, 2.0 * k * 4.0 / pco, 1e-12));
    assert!(close(t.c0_s, k * (2.0 + 16.0) / pc, 1e-12));
    // Lines 14-15: a sum, one operation per element, one scattered write.
    let t = g.times(&vars("1000000|element -> 1|shared"), 1.0).unwrap();
    assert!(close(t.m0_s, k * 4.0 / pco + 4.0 / pun, 1e-12));
    assert!(close(t.c0_s, k * (1.0 + 16.0) / pc, 1e-12));
    // Memory bound: the larger of the two is the prediction.
    assert_eq!(t.hull_s(), t.m0_s);
}

#[test]
fn section_4_2_floors_and_transfer() {
    let v = vars("unordered 2048x2048|element -> 2048x2048|element");
    let d = 2.0 * 2048.0 * 2048.0;
    for g in [Gpu::GTX470, Gpu::GTS250] {
        for f in [0.0, 1.0, 10.0, 100.0, 1000.0] {
            let t = g.times(&v, f).unwrap();
            // The printed "c1 = c0 / 2" is a rate; as a time it doubles.
            assert_eq!(t.c1_s, Some(2.0 * t.c0_s));
            assert!(close(
                t.m1_s.unwrap(),
                d * 4.0 / (g.p_uncoalesced_gbs * 1e9),
                1e-12
            ));
            assert!(close(t.t0_s, d * 4.0 / (g.b_bus_gbs * 1e9), 1e-12));
            assert_eq!(t.hull_s(), t.c0_s.max(t.m0_s));
            // Floors are at or above the hull.
            assert!(t.slowest_s() >= t.hull_s());
            let r = t.range(GpuAssumptions::UNKNOWN);
            assert_eq!(r.low_s, t.hull_s());
            assert_eq!(r.high_s, t.slowest_s());
            assert_eq!(
                t.total_range(GpuAssumptions::HULL).low_s,
                t.hull_s() + t.t0_s
            );
        }
    }
    // A class without m1 keeps its memory time when coalescing is unknown.
    let t = Gpu::GTX470
        .times(&vars("64x64|element -> 64x64|element"), 1.0)
        .unwrap();
    assert_eq!(t.m1_s, None);
    let r = t.range(GpuAssumptions {
        fma: Assume::Roof,
        coalescing: Assume::Unknown,
    });
    assert_eq!(r.low_s, r.high_s);
}

#[test]
fn section_4_3_low_complexity_primitives_are_memory_bound() {
    // "f < 10 ... memory bound rather than compute bound", for the
    // 2048x2048 element class of Figure 2 on both GPUs, with and without
    // fused multiply-add. Closed form: w (f + 16) k / P = 8 w / P_coal.
    let v = vars("2048x2048|element -> 2048x2048|element");
    for g in [Gpu::GTX470, Gpu::GTS250] {
        let m0 = g.times(&v, 0.0).unwrap().m0_s;
        for slowdown in [1.0, 2.0] {
            let f = balance_complexity(&v, g.p_compute_gflops, slowdown, m0).unwrap();
            let expected = 8.0 * g.p_compute_gflops / g.p_coalesced_gbs / slowdown - 16.0;
            assert!(close(f, expected, 1e-12));
            assert!(f > 10.0, "ridge at f = {f}");
        }
        let t = g.times(&v, 9.0).unwrap();
        assert!(t.c1_s.unwrap() < t.m0_s);
    }
    // The rows: the ridge without fused multiply-add, above 10 on both.
    let rows = rows();
    for (id, g) in [
        ("s4-3-memory-bound-gtx470", Gpu::GTX470),
        ("s4-3-memory-bound-gts250", Gpu::GTS250),
    ] {
        let f = value(&rows, id);
        let expected = 8.0 * g.p_compute_gflops / g.p_coalesced_gbs / 2.0 - 16.0;
        assert!(close(f, expected, 1e-12) && f > 10.0, "{id}: {f}");
    }
}

#[test]
fn section_4_3_unordered_range_is_wide() {
    // The scattered-access floor stretches the prediction by
    // P_coalesced / P_uncoalesced: 16.1x (GTX470) and 16x (GTS250).
    let v = vars("unordered 2048x2048|element -> 2048x2048|element");
    for (g, ratio) in [(Gpu::GTX470, 95.0 / 5.9), (Gpu::GTS250, 16.0)] {
        let r = g.times(&v, 1.0).unwrap().range(GpuAssumptions::UNKNOWN);
        assert!(close(r.high_s / r.low_s, ratio, 1e-12));
    }
}

// ------------------------------------------------------- Section 4.4 (CPU)

#[test]
fn section_4_4_cpu_example() {
    let s = shape("2048x2048|element -> 2048x2048|element");
    let v = ClassVars::cpu(&s, &ClassOptions::default());
    let w = 2048.0 * 2048.0;
    // w = 2048·2048, m = 1, o = 4, c = d = 2·2048·2048.
    assert_eq!(
        (v.w, v.m, v.o, v.c, v.d, v.u),
        (w, 1.0, 4.0, 2.0 * w, 2.0 * w, 0.0)
    );

    for (cpu, threads) in [(Cpu::Q8300, 4.0), (Cpu::I7_930, 8.0)] {
        let t = cpu.times(&v, 100.0).unwrap();
        // Scalar: a factor 4 (128-bit vectors, 32-bit elements).
        assert_eq!(t.c1_s, 4.0 * t.c0_s);
        // Single thread: a factor 4 (Q8300) or 8 (i7-930).
        assert_eq!(t.c2_s, threads * t.c0_s);
        assert_eq!(t.c3_s, 4.0 * threads * t.c0_s);
        assert_eq!(t.m0_s, 2.0 * w * 4.0 / (cpu.p_memory_gbs * 1e9));
        // Compute bound at f = 100: vector multi-threaded code runs at the
        // peak compute rate.
        assert_eq!(t.hull_s(), t.c0_s);
        assert!(close(
            w * (100.0 + 4.0) / t.hull_s(),
            cpu.p_compute_gflops * 1e9,
            1e-12
        ));
        let r = t.range(CpuAssumptions::UNKNOWN);
        assert_eq!((r.low_s, r.high_s), (t.c0_s, t.c3_s));
    }
    // The rows: "a factor 4 lower" (scalar), "a factor 4 or 8 lower"
    // (single-threaded).
    let rows = rows();
    for (key, threads) in [("q8300", 4.0), ("i7-930", 8.0)] {
        assert_eq!(value(&rows, &format!("s4-4-scalar-{key}")), 4.0);
        assert_eq!(value(&rows, &format!("s4-4-single-thread-{key}")), threads);
    }
}

#[test]
fn section_4_4_compute_memory_crossover() {
    // c0 = m0: w (f + 4) / P = 4 · 2 w / P_memory, so
    // f = 8 P / P_memory - 4: 64.09 (Q8300) and 55.02 (i7-930).
    let s = shape("2048x2048|element -> 2048x2048|element");
    let v = ClassVars::cpu(&s, &ClassOptions::default());
    for (cpu, expected) in [
        (Cpu::Q8300, 8.0 * 40.0 / 4.7 - 4.0),
        (Cpu::I7_930, 8.0 * 90.0 / 12.2 - 4.0),
    ] {
        let m0 = cpu.times(&v, 0.0).unwrap().m0_s;
        let closed = balance_complexity(&v, cpu.p_compute_gflops, 1.0, m0).unwrap();
        assert!(close(closed, expected, 1e-12));
        let bisected = crossover(
            0.0,
            1000.0,
            |f| cpu.times(&v, f).unwrap().c0_s,
            |f| cpu.times(&v, f).unwrap().m0_s,
        )
        .unwrap();
        assert!(close(bisected, expected, 1e-9));
        // Below it memory bound, above it compute bound.
        assert_eq!(cpu.times(&v, expected - 1.0).unwrap().hull_s(), m0);
        assert!(cpu.times(&v, expected + 1.0).unwrap().hull_s() > m0);
        // Each floor moves the ridge down by its factor: scalar code on the
        // Q8300 is compute bound from f = (8 P / P_memory) / 4 - 4 = 13.0.
        let scalar = balance_complexity(
            &v,
            cpu.p_compute_gflops,
            cpu.slowdown(CpuCompute::Scalar),
            m0,
        )
        .unwrap();
        assert!(close(scalar, (expected + 4.0) / 4.0 - 4.0, 1e-12));
        // Single-threaded scalar code (16x on the Q8300, 32x on the i7-930)
        // is compute bound from f = 0.26 on the Q8300 and at any f >= 0 on
        // the i7-930, where the closed form is negative.
        let both = cpu.slowdown(CpuCompute::SingleThreadScalar);
        let ridge = (expected + 4.0) / both - 4.0;
        match balance_complexity(&v, cpu.p_compute_gflops, both, m0) {
            Some(f) => assert!(close(f, ridge, 1e-9) && ridge > 0.0),
            None => assert!(ridge < 0.0 && cpu.n_threads == 8),
        }
        // The range tool finds no crossing where there is none.
        assert_eq!(crossover(0.0, 1000.0, |f| both * f + 1.0, |_| 0.5), None);
    }
}

#[test]
fn cpu_memory_equation_counts_uncoalesced_accesses_too() {
    // Printed m0 = c / P_memory would charge a CPU histogram for its 256
    // bins only; with c + u every compulsory access is counted.
    let v = ClassVars::cpu(
        &shape("1024x1024|element -> 256|shared"),
        &ClassOptions::default(),
    );
    let t = Cpu::I7_930.times(&v, 1.0).unwrap();
    assert_eq!(t.m0_s, (1024.0 * 1024.0 + 256.0) * 4.0 / 12.2e9);
    assert!(t.m0_s > v.c * 4.0 / 12.2e9 * 1000.0);
}

// ------------------------------------------- Section 3.1 / 5: the roofline

#[test]
fn boat_hull_is_tighter_than_the_roofline() {
    // Section 5: the boat hull gives a much tighter prediction and never a
    // faster one than the roofline's roof.
    let app = fast_focus_on_structures();
    let g = Gpu::GTX470;
    let opts = ClassOptions::as_printed();
    let mut roof_total = 0.0;
    let mut hull_total = 0.0;
    for p in &app.primitives {
        let v = ClassVars::gpu(p.class.shape(), &opts);
        let roof = gpu_ceiling_range(&g, &v, 1.0);
        let hull = g.times(&v, 1.0).unwrap().range(GpuAssumptions::UNKNOWN);
        assert!(hull.low_s >= roof.low_s, "{}", p.name);
        assert!(
            hull.high_s / hull.low_s <= roof.high_s / roof.low_s,
            "{}",
            p.name
        );
        roof_total += roof.high_s / roof.low_s;
        hull_total += hull.high_s / hull.low_s;
    }
    assert!(hull_total < roof_total / 4.0);
}

#[test]
fn erode_has_higher_roofline_performance_and_longer_time() {
    // Section 5: a primitive can have a higher roofline "performance" and
    // a longer execution time (erode against threshold).
    let g = Gpu::GTX470;
    let roof = Roofline::of_gpu(&g);
    let opts = ClassOptions::as_printed();
    let erode = ClassVars::gpu(&shape(TABLE4_NAMES[3]), &opts);
    let threshold = ClassVars::gpu(&shape(TABLE4_NAMES[2]), &opts);
    let (pe, pt) = (roof.point(&erode, 1.0), roof.point(&threshold, 1.0));
    assert!(pe.attainable_gops > 10.0 * pt.attainable_gops);
    assert!(pe.intensity_ops_per_byte < roof.ridge_ops_per_byte());
    let te = g.times(&erode, 1.0).unwrap().range(GpuAssumptions::TABLE5);
    let tt = g
        .times(&threshold, 1.0)
        .unwrap()
        .range(GpuAssumptions::TABLE5);
    assert!(te.low_s > 5.0 * tt.high_s);
}

#[test]
fn x_projection_seven_times_below_the_roof_is_inside_the_hull() {
    // Section 3.1: the X-projection runs a factor 7 beneath the memory
    // roof of Figure 1. The boat hull's range for its class (coalescing
    // unknown) spans P_coalesced / P_uncoalesced = 16.1x, so it holds that
    // measurement; the roofline alone predicts 7x too fast.
    let g = Gpu::GTX470;
    let v = ClassVars::gpu(&shape(TABLE4_NAMES[4]), &ClassOptions::default());
    let roof_time = Roofline::of_gpu(&g).point(&v, 1.0).time_s;
    let hull = g.times(&v, 1.0).unwrap().range(GpuAssumptions::TABLE5);
    assert!(hull.contains(7.0 * roof_time));
    assert!(!hull.contains(roof_time / 1.01));
}

// --------------------------------------------------------- Table 4 and 5

/// Kernel times of the six Table 4 primitives, written out from Table 1
/// as printed (16x16-block halo for the erode) at f = 1, no fused
/// multiply-add: (low, high) in seconds. All are memory bound except the
/// maximum on the GTS250, whose compute floor c1 = 2 w (f + 16) / P is 1%
/// above its memory time.
fn expected_kernels(g: Gpu) -> (f64, f64) {
    let (co, un) = (g.p_coalesced_gbs * 1e9, g.p_uncoalesced_gbs * 1e9);
    let img = 1024.0 * 1024.0;
    let histogram = 256.0 * 4.0 / co + img * 4.0 / un;
    let maximum_c1 = 2.0 * 262144.0 * (1.0 + 16.0) / (g.p_compute_gflops * 1e9);
    let maximum = (262144.0 * 4.0 / co + 4.0 / un).max(maximum_c1);
    let threshold = 2.0 * img * 4.0 / co;
    let halo = 64.0 * 64.0 * (22.0 * 22.0 - 256.0);
    let erode = 2.0 * img * 4.0 / co + halo * 4.0 / un;
    let x_low = (img + 1024.0) * 4.0 / co;
    let x_high = (img + 1024.0) * 4.0 / un;
    let y = 2.0 * img * 4.0 / co;
    let rest = histogram + maximum + threshold + erode + y;
    (rest + x_low, rest + x_high)
}

fn table5(g: Gpu) -> hetscope_model::boathull::ApplicationTime {
    fast_focus_on_structures()
        .predict(&gpu(g), &ClassOptions::as_printed())
        .unwrap()
}

#[test]
fn table5_gtx470_kernel_range_reproduces() {
    let t = table5(Gpu::GTX470);
    let (low, high) = expected_kernels(Gpu::GTX470);
    assert!(close(t.kernels.low_s, low, 1e-12));
    assert!(close(t.kernels.high_s, high, 1e-12));
    // Table 5: 1.66-2.32 ms. The model gives 1.664-2.332 ms: the low end
    // to the printed digit, the high end 0.012 ms (0.5%) above.
    let rows = rows();
    let (low, high) = (
        value(&rows, "table5-gtx470-kernels-low"),
        value(&rows, "table5-gtx470-kernels-high"),
    );
    assert!((low - 1.66).abs() < 0.005 && (high - 2.32).abs() < 0.015);
    assert!(close(low * MS, t.kernels.low_s, 1e-12) && close(high * MS, t.kernels.high_s, 1e-12));
    // The width is the X-projection's coalescing range,
    // 4 d (1 / P_uncoalesced - 1 / P_coalesced) = 0.667 ms; Table 5's is
    // 0.66 ms.
    let width = 1025.0 * 1024.0 * 4.0 * (1.0 / 5.9e9 - 1.0 / 95e9);
    assert!(close(t.kernels.high_s - t.kernels.low_s, width, 1e-9));
    assert!((width - 0.66 * MS).abs() < 0.01 * MS);
    // Measured 1.96 ms lies in the range.
    assert!(t.kernels.contains(1.96 * MS));
    assert_eq!(
        row(&rows, "table5-gtx470-measured-inside").computed,
        Computed::Category("inside".into())
    );
    // Every primitive is memory bound at f = 1 even without fused
    // multiply-add, so the choice of f does not matter here.
    let opts = ClassOptions::as_printed();
    for p in &fast_focus_on_structures().primitives {
        let v = ClassVars::gpu(p.class.shape(), &opts);
        let tt = Gpu::GTX470.times(&v, 1.0).unwrap();
        assert!(tt.c1_s.unwrap() < tt.m0_s, "{}", p.name);
    }
}

#[test]
fn table5_depends_on_reading_and_halo() {
    // With d = input + output for the y-projection (the derived reading)
    // the low end drops by 4 (A·B - A) / P_coalesced to 1.62 ms: Table 5
    // was computed with the printed d = 2·A·B.
    let derived = fast_focus_on_structures()
        .predict(&gpu(Gpu::GTX470), &ClassOptions::default())
        .unwrap();
    let printed = table5(Gpu::GTX470);
    let drop = (1024.0 * 1024.0 - 1024.0) * 4.0 / 95e9;
    assert!(close(
        printed.kernels.low_s - derived.kernels.low_s,
        drop,
        1e-9
    ));
    assert!((derived.kernels.low_s - 1.62 * MS).abs() < 0.005 * MS);
    // The halo estimate carries 0.63 ms of the erode on the GTX470; only
    // the 16x16 block lands on Table 5's 1.66 ms.
    for (side, off) in [(8, true), (16, false), (32, true)] {
        let opts = ClassOptions {
            halo: HaloEstimate::new(side, side).unwrap(),
            reading: Table1Reading::AsPrinted,
        };
        let t = fast_focus_on_structures()
            .predict(&gpu(Gpu::GTX470), &opts)
            .unwrap();
        assert_eq!(
            (t.kernels.low_s - 1.66 * MS).abs() > 0.1 * MS,
            off,
            "{side}"
        );
    }
}

#[test]
fn table5_gts250_kernel_range_differs() {
    // The same reading gives 2.81-3.93 ms on the GTS250; Table 5 prints
    // 3.21-4.24 ms: 12% and 7% higher. The paper lists neither the
    // operator complexities (read off Figure 7) nor its alpha and beta, so
    // the gap cannot be traced to one term. It is not in the memory terms
    // alone: Table 5's GTS250 width (1.03 ms) is narrower than the
    // X-projection's own coalescing range from Table 2,
    // 4 d (1 / 3.5 - 1 / 56) GB/s = 1.12 ms, so in the paper the
    // X-projection's low end (or another primitive) must be compute bound
    // on this slower GPU, at complexities the paper does not give.
    let t = table5(Gpu::GTS250);
    let (low, high) = expected_kernels(Gpu::GTS250);
    assert!(close(t.kernels.low_s, low, 1e-12));
    assert!(close(t.kernels.high_s, high, 1e-12));
    let rows = rows();
    let low = value(&rows, "table5-gts250-kernels-low");
    let high = value(&rows, "table5-gts250-kernels-high");
    assert!(close(low * MS, t.kernels.low_s, 1e-12) && close(high * MS, t.kernels.high_s, 1e-12));
    assert!((low - 2.81).abs() < 0.005 && (high - 3.93).abs() < 0.005);
    assert!(low < 3.21 && low > 0.85 * 3.21);
    assert!(high < 4.24 && high > 0.9 * 4.24);
    let x_width = 1025.0 * 1024.0 * 4.0 * (1.0 / 3.5e9 - 1.0 / 56e9);
    assert!(close(t.kernels.high_s - t.kernels.low_s, x_width, 1e-9));
    assert!((4.24 - 3.21) * MS < x_width - 0.05 * MS);
    // Measured 3.99 ms is 1.5% above our high end (Table 5's range holds
    // it).
    assert!(!t.kernels.contains(3.99 * MS));
    assert_eq!(
        row(&rows, "table5-gts250-measured-inside").computed,
        Computed::Category("outside".into())
    );
    assert!(3.99 * MS < 1.02 * t.kernels.high_s);
}

#[test]
fn table5_transfers() {
    // t0 of the image in and the two projections out: 4 (1024·1024 + 2048)
    // bytes over B_bus: 0.824 ms (GTX470) and 2.001 ms (GTS250). Table 5
    // prints 0.95 and 1.90 ms. Those two cannot come from one amount of
    // data and Table 2's bus bandwidths: they imply 4.85 MB and 3.99 MB,
    // and their ratio (2.0) is not 5.1 / 2.1 = 2.43. Ours is 13% below
    // the GTX470 figure and 5% above the GTS250 one.
    let bytes = (1024.0 * 1024.0 + 2048.0) * 4.0;
    let gtx = table5(Gpu::GTX470);
    let gts = table5(Gpu::GTS250);
    assert!(close(gtx.transfers_s, bytes / 5.1e9, 1e-12));
    assert!(close(gts.transfers_s, bytes / 2.1e9, 1e-12));
    assert!(close(gts.transfers_s / gtx.transfers_s, 5.1 / 2.1, 1e-12));
    let implied_gtx = 0.95 * MS * 5.1e9;
    let implied_gts = 1.90 * MS * 2.1e9;
    assert!(implied_gtx / implied_gts > 1.15);
    let rows = rows();
    let (gtx_row, gts_row) = (
        value(&rows, "table5-gtx470-transfers"),
        value(&rows, "table5-gts250-transfers"),
    );
    assert!(close(gtx_row * MS, gtx.transfers_s, 1e-12));
    assert!(close(gts_row * MS, gts.transfers_s, 1e-12));
    assert!(close(gtx_row, 0.95, 0.15));
    assert!(close(gts_row, 1.90, 0.06));
    // "The predicted values are too optimistic": below the measured 1.07
    // and 2.13 ms, for the paper's numbers and ours.
    assert!(gtx.transfers_s < 1.07 * MS && 0.95 < 1.07);
    assert!(gts.transfers_s < 2.13 * MS && 1.90 < 2.13);
}

#[test]
fn table5_difference_column_and_totals() {
    // The difference column is |mean of the predicted range - measured| /
    // measured: from Table 5's own numbers, 2%, 11%, 3% and 7%, 11%, 8%.
    let check = rows();
    for (gpu, diffs) in [
        ("gtx470", [0.02, 0.11, 0.03]),
        ("gts250", [0.07, 0.11, 0.08]),
    ] {
        for (part, diff) in ["kernels", "transfers", "total"].iter().zip(diffs) {
            let v = value(&check, &format!("table5-{gpu}-{part}-difference-own")) / 100.0;
            assert!((v - diff).abs() < 0.005, "{gpu} {part}: {v}");
        }
    }
    let rows = [
        ((1.66, 2.32), 1.96, 0.02),
        ((0.95, 0.95), 1.07, 0.11),
        ((2.61, 3.27), 3.03, 0.03),
        ((3.21, 4.24), 3.99, 0.07),
        ((1.90, 1.90), 2.13, 0.11),
        ((5.11, 6.14), 6.12, 0.08),
    ];
    for ((lo, hi), measured, diff) in rows {
        let r = TimeRange {
            low_s: lo,
            high_s: hi,
        };
        assert!(
            (r.relative_difference(measured) - diff).abs() < 0.005,
            "{lo}-{hi}"
        );
    }
    // Table 5's totals are kernels + transfers, as ours.
    assert!((1.66f64 + 0.95 - 2.61).abs() < 1e-9 && (2.32f64 + 0.95 - 3.27).abs() < 1e-9);
    assert!((3.21f64 + 1.90 - 5.11).abs() < 1e-9 && (4.24f64 + 1.90 - 6.14).abs() < 1e-9);
    let gtx = table5(Gpu::GTX470);
    let gts = table5(Gpu::GTS250);
    for t in [&gtx, &gts] {
        assert_eq!(t.total, t.kernels.plus(t.transfers_s));
    }
    // Ours: GTX470 total 2.49-3.16 ms against 3.03 measured, 7% (the
    // conclusion's "within 8%" holds); GTS250 4.81-5.93 ms against 6.12,
    // 12%: both its kernels and its transfers come out lower than Table 5.
    assert!(gtx.total.contains(3.03 * MS));
    let gtx_diff = value(&check, "conclusion-gtx470-within-8") / 100.0;
    assert!(close(
        gtx_diff,
        gtx.total.relative_difference(3.03 * MS),
        1e-12
    ));
    assert!(gtx_diff < 0.08);
    let gts_diff = value(&check, "conclusion-gts250-within-8") / 100.0;
    assert!(close(
        gts_diff,
        gts.total.relative_difference(6.12 * MS),
        1e-12
    ));
    assert!(gts_diff > 0.11 && gts_diff < 0.13, "{gts_diff}");
}

#[test]
fn table5_orderings_and_section5_observations() {
    let gtx = table5(Gpu::GTX470);
    let gts = table5(Gpu::GTS250);
    // The GTX470 is faster for every primitive, at both ends.
    for (a, b) in gtx.primitives.iter().zip(&gts.primitives) {
        assert!(
            a.range.low_s < b.range.low_s && a.range.high_s < b.range.high_s,
            "{}",
            a.name
        );
    }
    assert!(gtx.total.high_s < gts.total.low_s);
    // X-projection: the tighter coalescing of the GTS250 makes the slow end
    // markedly slower (5.9 / 3.5 = 1.69x).
    let x = |t: &hetscope_model::boathull::ApplicationTime| t.primitives[4].range;
    assert_eq!(gtx.primitives[4].name, "X-projection");
    assert!(close(x(&gts).high_s / x(&gtx).high_s, 5.9 / 3.5, 1e-9));
    // The X-projection has the only wide range.
    for (i, p) in gtx.primitives.iter().enumerate() {
        assert_eq!(p.range.high_s > 1.5 * p.range.low_s, i == 4, "{}", p.name);
    }
    // Maximum: measured a factor 3 above the prediction, which "hardly
    // affects" the application: three times its predicted time moves the
    // kernel total by under 2% on both GPUs.
    for t in [&gtx, &gts] {
        assert_eq!(t.primitives[1].name, "maximum");
        assert!(2.0 * t.primitives[1].range.high_s < 0.02 * t.kernels.low_s);
    }
    let rows = rows();
    for (id, t) in [("s5-maximum-gtx470", &gtx), ("s5-maximum-gts250", &gts)] {
        let v = value(&rows, id);
        let own = 100.0 * 2.0 * t.primitives[1].range.high_s / t.kernels.low_s;
        assert!(close(v, own, 1e-12) && v < 2.0, "{id}: {v}");
    }
}

// ------------------------------------------------ applications and checks

#[test]
fn application_complexity_ranges_and_errors() {
    let app = Application {
        name: "one".into(),
        primitives: vec![
            Primitive::parse(
                "conv",
                "2048x2048|neighbourhood(7x7) -> 2048x2048|element",
                Complexity::between(1.0, 100.0).unwrap(),
            )
            .unwrap(),
        ],
        transfers: hetscope_model::boathull::Transfers {
            elements_in: 4.0e6,
            elements_out: 4.0e6,
        },
    };
    let g = Gpu::GTX470;
    let t = app
        .predict(
            &Target::Gpu {
                gpu: g,
                assume: GpuAssumptions::HULL,
            },
            &ClassOptions::default(),
        )
        .unwrap();
    let v = vars("2048x2048|neighbourhood(7x7) -> 2048x2048|element");
    assert_eq!(t.kernels.low_s, g.times(&v, 1.0).unwrap().hull_s());
    assert_eq!(t.kernels.high_s, g.times(&v, 100.0).unwrap().hull_s());
    assert!(t.kernels.high_s > t.kernels.low_s);
    assert!(close(t.transfers_s, 8.0e6 * 4.0 / 5.1e9, 1e-12));
    // No transfers on a CPU.
    let cpu = Target::Cpu {
        cpu: Cpu::I7_930,
        assume: CpuAssumptions::HULL,
    };
    assert_eq!(
        app.predict(&cpu, &ClassOptions::default())
            .unwrap()
            .transfers_s,
        0.0
    );

    let e = Primitive::parse(
        "blur",
        "64x64|blob -> 64x64|element",
        Complexity::exactly(1.0).unwrap(),
    )
    .unwrap_err();
    assert!(
        e.to_string().starts_with("primitive `blur`: column 7"),
        "{e}"
    );
    assert!(Complexity::exactly(f64::NAN).is_err());
    assert!(Complexity::exactly(-1.0).is_err());
    assert!(Complexity::between(5.0, 1.0).is_err());
    let bad = Application {
        transfers: hetscope_model::boathull::Transfers {
            elements_in: -1.0,
            elements_out: 0.0,
        },
        ..app
    };
    assert!(
        bad.predict(&cpu, &ClassOptions::default())
            .unwrap_err()
            .to_string()
            .contains("elements_in")
    );
}

#[test]
fn gpu_with_transfers_against_cpu_crossover() {
    // 2048x2048 element -> element, GTX470 with its transfers against the
    // i7-930. Above the i7's ridge (f = 55) and with the GTX470 compute
    // bound, equal times need w (f + 4) / 90e9 = w (f + 16) / 1089e9 +
    // 8 w / 5.1e9.
    let class = Class::parse("2048x2048|element -> 2048x2048|element").unwrap();
    let g = Target::Gpu {
        gpu: Gpu::GTX470,
        assume: GpuAssumptions::HULL,
    };
    let c = Target::Cpu {
        cpu: Cpu::I7_930,
        assume: CpuAssumptions::HULL,
    };
    let opts = ClassOptions::default();
    let f = processor_crossover(&g, &c, &class, &opts, 0.0, 1000.0, true)
        .unwrap()
        .unwrap();
    let expected = (8.0 / 5.1 + 16.0 / 1089.0 - 4.0 / 90.0) / (1.0 / 90.0 - 1.0 / 1089.0);
    assert!(close(f, expected, 1e-9), "{f} vs {expected}");
    // Without transfers the GPU is faster at every f: no crossing.
    assert_eq!(
        processor_crossover(&g, &c, &class, &opts, 0.0, 1000.0, false).unwrap(),
        None
    );
    assert!(processor_crossover(&g, &c, &class, &opts, 5.0, 1.0, true).is_err());
}

#[test]
fn processor_parameters_are_validated_by_name() {
    assert!(Gpu::GTX470.validate().is_ok() && Gpu::GTS250.validate().is_ok());
    assert!(Cpu::Q8300.validate().is_ok() && Cpu::I7_930.validate().is_ok());
    let fields = [
        "p_compute_gflops",
        "p_coalesced_gbs",
        "p_uncoalesced_gbs",
        "b_bus_gbs",
    ];
    for (i, field) in fields.iter().enumerate() {
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let mut g = Gpu::GTX470;
            *[
                &mut g.p_compute_gflops,
                &mut g.p_coalesced_gbs,
                &mut g.p_uncoalesced_gbs,
                &mut g.b_bus_gbs,
            ][i] = bad;
            let e = g.validate().unwrap_err();
            assert!(matches!(e, BoatHullError::Range { field: f, .. } if f == *field));
            assert!(e.to_string().contains("must be between"), "{e}");
            let v = vars("8|element -> 8|element");
            assert!(g.times(&v, 1.0).is_err());
        }
    }
    let mut c = Cpu::Q8300;
    c.p_memory_gbs = -4.7;
    assert!(c.validate().unwrap_err().to_string().contains("P_memory"));
    let mut c = Cpu::Q8300;
    c.n_threads = 0;
    assert!(c.validate().unwrap_err().to_string().contains("N_threads"));
    for bits in [0, 48] {
        let mut c = Cpu::Q8300;
        c.w_vector_bits = bits;
        assert!(
            c.validate()
                .unwrap_err()
                .to_string()
                .contains("multiple of 32")
        );
    }
    let v = vars("8|element -> 8|element");
    assert!(Gpu::GTX470.times(&v, -1.0).is_err());
    assert!(Cpu::I7_930.times(&v, f64::NAN).is_err());
}
