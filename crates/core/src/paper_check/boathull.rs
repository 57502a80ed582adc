//! The boat hull model (seed 003): Table 5's case study, the CPU factors
//! of Section 4.4, the GPU observations of Sections 3.1, 4.3 and 5, and
//! the conclusion's "within 8%". Computed with Tables 2-3's processors
//! and the six Table 4 primitives (`fast_focus_on_structures`, f = 1,
//! Table 1 as printed, a 16x16-block halo for the erode).

use super::{CheckError, Computed, Paper, Row, Value};
use hetscope_model::boathull::application::fast_focus_on_structures;
use hetscope_model::boathull::{
    ApplicationTime, Class, ClassOptions, ClassVars, Cpu, CpuCompute, Gpu, GpuAssumptions,
    Roofline, Target, TimeRange, balance_complexity,
};

const P: Paper = Paper::Boathull;
const MS: f64 = 1e3;

/// Table 5 as printed, per GPU: kernels (low, high), transfers, totals
/// (low, high), measured kernels, transfers, total, and the difference
/// column (kernels, transfers, total), percent.
struct Table5Gpu {
    pub name: &'static str,
    pub gpu: Gpu,
    pub kernels: (&'static str, f64, f64),
    pub transfers: &'static str,
    pub total: (&'static str, f64, f64),
    pub measured: [f64; 3],
    pub difference: [&'static str; 3],
}

const TABLE5: [Table5Gpu; 2] = [
    Table5Gpu {
        name: "GTX470",
        gpu: Gpu::GTX470,
        kernels: ("1.66-2.32 ms", 1.66, 2.32),
        transfers: "0.95 ms",
        total: ("2.61-3.27 ms", 2.61, 3.27),
        measured: [1.96, 1.07, 3.03],
        difference: ["2%", "11%", "3%"],
    },
    Table5Gpu {
        name: "GTS250",
        gpu: Gpu::GTS250,
        kernels: ("3.21-4.24 ms", 3.21, 4.24),
        transfers: "1.90 ms",
        total: ("5.11-6.14 ms", 5.11, 6.14),
        measured: [3.99, 2.13, 6.12],
        difference: ["7%", "11%", "8%"],
    },
];

/// Section 5's prediction of the application on a GPU: Table 5's
/// assumptions (no fused multiply-add, coalescing unknown).
fn table5_prediction(gpu: Gpu) -> Result<ApplicationTime, CheckError> {
    let target = Target::Gpu {
        gpu,
        assume: GpuAssumptions::TABLE5,
    };
    fast_focus_on_structures()
        .predict(&target, &ClassOptions::as_printed())
        .map_err(CheckError::model)
}

pub(super) fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for t in &TABLE5 {
        rows.extend(table5_rows(t));
    }
    rows.extend(conclusion_rows());
    rows.extend(section4_rows());
    rows.extend(section5_rows());
    rows
}

const READING: &str = "the six Table 4 primitives at f = 1 (the paper gives the complexities only \
    on Figure 7's graphs), Table 1 as printed, a 16x16-block halo for the erode, no fused \
    multiply-add, the X-projection's coalescing unknown";

/// Why a Table 5 value differs, by GPU and quantity.
fn table5_reason(gpu: &str, what: &str) -> &'static str {
    match (gpu, what) {
        ("GTX470", "kernels-high") => {
            "0.012 ms (0.5%) above the printed end; the range's width is the X-projection's \
             coalescing range 4 d (1 / P_uncoalesced - 1 / P_coalesced) = 0.667 ms, Table 5's is \
             0.66 ms"
        }
        ("GTS250", "kernels-low" | "kernels-high") => {
            "the same reading gives 2.81-3.93 ms, 12% and 7% below Table 5: the paper lists \
             neither the operator complexities nor its halo, and Table 5's width (1.03 ms) is \
             narrower than the X-projection's own coalescing range from Table 2 (1.12 ms), so some \
             primitive must be compute bound there at complexities the paper does not give"
        }
        ("GTX470", "transfers") | ("GTS250", "transfers") => {
            "t0 of the image in and the two projections out, 4 (1024 x 1024 + 2048) bytes over \
             Table 2's B_bus; Table 5's 0.95 and 1.90 ms cannot come from one amount of data (they \
             imply 4.85 and 3.99 MB, a ratio 2.0 where 5.1 / 2.1 = 2.43)"
        }
        (_, "total-low" | "total-high") => {
            "kernels plus transfers, as Table 5 adds them; the transfers (and on the GTS250 the \
             kernels) differ as the rows above say"
        }
        _ => READING,
    }
}

fn ms(v: Result<ApplicationTime, CheckError>, f: fn(&ApplicationTime) -> f64) -> Value {
    v.map(|t| f(&t) * MS)
}

fn table5_rows(t: &Table5Gpu) -> Vec<Row> {
    let pred = table5_prediction(t.gpu);
    let g = t.name;
    let key = g.to_lowercase();
    let row = |what: &str, quantity: String| {
        Row::of(
            P,
            format!("table5-{key}-{what}"),
            "Table 5",
            format!("{g}: {quantity}"),
        )
    };
    let mut rows = vec![
        row("kernels-low", "GPU kernels, low end".into())
            .unit("ms")
            .number_as(
                t.kernels.0,
                t.kernels.1,
                ms(pred.clone(), |a| a.kernels.low_s),
            )
            .because(table5_reason(g, "kernels-low")),
        row("kernels-high", "GPU kernels, high end".into())
            .unit("ms")
            .number_as(
                t.kernels.0,
                t.kernels.2,
                ms(pred.clone(), |a| a.kernels.high_s),
            )
            .because(table5_reason(g, "kernels-high")),
        row("transfers", "data transfers".into())
            .unit("ms")
            .number(t.transfers, ms(pred.clone(), |a| a.transfers_s))
            .because(table5_reason(g, "transfers")),
        row("total-low", "total, low end".into())
            .unit("ms")
            .number_as(t.total.0, t.total.1, ms(pred.clone(), |a| a.total.low_s))
            .because(table5_reason(g, "total-low")),
        row("total-high", "total, high end".into())
            .unit("ms")
            .number_as(t.total.0, t.total.2, ms(pred.clone(), |a| a.total.high_s))
            .because(table5_reason(g, "total-high")),
    ];
    let inside = pred.clone().map(|a| {
        let word = if a.kernels.contains(t.measured[0] / MS) {
            "inside"
        } else {
            "outside"
        };
        word.to_string()
    });
    rows.push(
        Row::of(
            P,
            format!("table5-{key}-measured-inside"),
            "Section 5 (Table 5)",
            format!(
                "{g}: the measured kernel time {} ms against the predicted range",
                t.measured[0]
            ),
        )
        .category("inside", inside)
        .because(if g == "GTS250" {
            "the measured 3.99 ms is 1.5% above hetscope's high end (3.93 ms); Table 5's own range \
             holds it"
        } else {
            READING
        }),
    );
    rows.extend(difference_rows(t, &pred));
    rows
}

const PARTS: [&str; 3] = ["kernels", "transfers", "total"];

/// The difference column: from Table 5's own predicted values (the
/// definition of its caption), and from hetscope's.
fn difference_rows(t: &Table5Gpu, pred: &Result<ApplicationTime, CheckError>) -> Vec<Row> {
    let key = t.name.to_lowercase();
    let own = [
        TimeRange {
            low_s: t.kernels.1,
            high_s: t.kernels.2,
        },
        TimeRange::exactly(first(t.transfers)),
        TimeRange {
            low_s: t.total.1,
            high_s: t.total.2,
        },
    ];
    let mut rows = Vec::new();
    for (k, part) in PARTS.iter().enumerate() {
        let printed = t.difference[k];
        let quantity = format!(
            "{}: {part}, difference from the measured {} ms",
            t.name, t.measured[k]
        );
        rows.push(
            Row::of(
                P,
                format!("table5-{key}-{part}-difference-own"),
                "Table 5 (difference column)",
                format!("{quantity}, from Table 5's own prediction"),
            )
            .unit("%")
            .number(
                printed,
                Ok(100.0 * own[k].relative_difference(t.measured[k])),
            )
            .because("|mid-point of the predicted range - measured| / measured, Table 5's caption"),
        );
        let ours = pred.clone().map(|a| {
            let range = [a.kernels, TimeRange::exactly(a.transfers_s), a.total][k];
            100.0 * range.relative_difference(t.measured[k] / MS)
        });
        rows.push(
            Row::of(
                P,
                format!("table5-{key}-{part}-difference"),
                "Table 5 (difference column)",
                format!("{quantity}, from hetscope's prediction"),
            )
            .unit("%")
            .number(printed, ours)
            .because(
                "hetscope's predicted range against the measured time; where the range differs \
                 from Table 5's, so does the difference",
            ),
        );
    }
    rows
}

fn first(text: &str) -> f64 {
    super::first_number(text).map_or(f64::NAN, |(v, _)| v)
}

fn conclusion_rows() -> Vec<Row> {
    TABLE5
        .iter()
        .map(|t| {
            let diff = table5_prediction(t.gpu)
                .map(|a| 100.0 * a.total.relative_difference(t.measured[2] / MS));
            let reason = if t.name == "GTX470" {
                "'within 8%' read as the total's difference column at most 8%"
            } else {
                "hetscope's GTS250 kernels and transfers both come out lower than Table 5's, so \
                 its total is 12% from the measured 6.12 ms (Table 5's own: 8%)"
            };
            Row::of(
                P,
                format!("conclusion-{}-within-8", t.name.to_lowercase()),
                "Section 7",
                format!(
                    "{}: the whole application's prediction against the measured {} ms",
                    t.name, t.measured[2]
                ),
            )
            .unit("%")
            .claim(
                "within 8%",
                Some(8.0),
                diff.map(|d| (Computed::Number(d), d <= 8.0)),
            )
            .because(reason)
        })
        .collect()
}

/// The class variables of a class name: GPU or CPU, Table 1 derived or
/// as printed.
fn vars(text: &str, cpu: bool, opts: &ClassOptions) -> Result<ClassVars, CheckError> {
    let class = Class::parse(text).map_err(CheckError::model)?;
    Ok(if cpu {
        ClassVars::cpu(class.shape(), opts)
    } else {
        ClassVars::gpu(class.shape(), opts)
    })
}

const ELEMENT_2048: &str = "2048x2048|element -> 2048x2048|element";

fn section4_rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for (name, g) in [("GTX470", Gpu::GTX470), ("GTS250", Gpu::GTS250)] {
        let ridge = vars(ELEMENT_2048, false, &ClassOptions::default()).and_then(|v| {
            let m0 = g.times(&v, 0.0).map_err(CheckError::model)?.m0_s;
            balance_complexity(&v, g.p_compute_gflops, 2.0, m0)
                .ok_or_else(|| CheckError::Model("no crossing of compute and memory".into()))
        });
        rows.push(
            Row::of(
                P,
                format!("s4-3-memory-bound-{}", name.to_lowercase()),
                "Section 4.3 (Figure 2)",
                format!(
                    "{name}: complexity below which the 2048x2048 element class is memory bound"
                ),
            )
            .claim(
                "memory bound below f = 10",
                Some(10.0),
                ridge.map(|f| (Computed::Number(f), f > 10.0)),
            )
            .because(
                "compute floor c1 (no fused multiply-add) meets m0 at f = 8 P_compute / \
                 P_coalesced / 2 - 16, above 10: every f < 10 is memory bound",
            ),
        );
    }
    for (name, c) in [("Q8300", Cpu::Q8300), ("i7-930", Cpu::I7_930)] {
        let key = name.to_lowercase();
        let factor = |which: CpuCompute| -> Value {
            let v = vars(ELEMENT_2048, true, &ClassOptions::default())?;
            let t = c.times(&v, 100.0).map_err(CheckError::model)?;
            Ok(t.with_compute_s(which) / t.c0_s)
        };
        rows.push(
            Row::of(
                P,
                format!("s4-4-scalar-{key}"),
                "Section 4.4 (Figure 3)",
                format!("{name}: multi-threaded scalar against vector compute time"),
            )
            .number("4x lower", factor(CpuCompute::Scalar))
            .because("c1 = W_vector / 32 lanes x c0 (128-bit vectors, 32-bit elements)"),
        );
        let printed = "4x or 8x lower";
        let value = if name == "Q8300" { 4.0 } else { 8.0 };
        rows.push(
            Row::of(
                P,
                format!("s4-4-single-thread-{key}"),
                "Section 4.4 (Figure 3)",
                format!("{name}: single-threaded against multi-threaded compute time"),
            )
            .number_as(printed, value, factor(CpuCompute::SingleThread))
            .because("c2 = N_threads x c0 (Table 3: 4 and 8 threads)"),
        );
    }
    rows
}

fn section5_rows() -> Vec<Row> {
    let mut rows = Vec::new();
    // Section 3.1: the X-projection runs a factor 7 beneath the memory roof.
    let x = vars(
        "1024x1024|tile(1x1024) -> 1024|element",
        false,
        &ClassOptions::default(),
    )
    .and_then(|v| {
        let g = Gpu::GTX470;
        let roof = Roofline::of_gpu(&g).point(&v, 1.0).time_s;
        let hull = g
            .times(&v, 1.0)
            .map_err(CheckError::model)?
            .range(GpuAssumptions::TABLE5);
        let text = format!(
            "{:.1}x to {:.1}x the roof's time",
            hull.low_s / roof,
            hull.high_s / roof
        );
        Ok((
            Computed::Category(text),
            hull.contains(7.0 * roof) && !hull.contains(roof / 1.01),
        ))
    });
    rows.push(
        Row::of(
            P,
            "s3-1-x-projection-factor-7",
            "Section 3.1 (Figure 1)",
            "GTX470: the X-projection's measured distance beneath the memory roof, against the \
             boat hull range",
        )
        .claim("7x below the memory roof", Some(7.0), x)
        .because(
            "the boat hull range of the class (coalescing unknown) spans P_coalesced / \
             P_uncoalesced = 16.1x and holds the factor 7; the roofline alone predicts it 7x too \
             fast",
        ),
    );
    // Section 5: the maximum, measured a factor 3 above its prediction,
    // is negligible for the application.
    for t in &TABLE5 {
        let share = table5_prediction(t.gpu).map(|a| {
            let max = a
                .primitives
                .iter()
                .find(|p| p.name == "maximum")
                .map_or(f64::NAN, |p| p.range.high_s);
            let pct = 100.0 * 2.0 * max / a.kernels.low_s;
            (Computed::Number(pct), pct < 2.0)
        });
        rows.push(
            Row::of(
                P,
                format!("s5-maximum-{}", t.name.to_lowercase()),
                "Section 5 (Figure 7)",
                format!(
                    "{}: kernel total moved by a maximum three times slower than predicted",
                    t.name
                ),
            )
            .unit("%")
            .claim(
                "3x below the measured time, negligible for the application",
                None,
                share,
            )
            .because("'negligible' read as under 2% of the kernels' low end"),
        );
    }
    rows.push(erode_row());
    rows
}

/// Section 5: erode has a higher roofline "performance" than threshold and
/// a longer time.
fn erode_row() -> Row {
    let both = vars(
        "1024x1024|neighbourhood(7x7) -> 1024x1024|element",
        false,
        &ClassOptions::as_printed(),
    )
    .and_then(|erode| {
        let threshold = vars(
            "1024x1024|element -> 1024x1024|element",
            false,
            &ClassOptions::as_printed(),
        )?;
        let g = Gpu::GTX470;
        let roof = Roofline::of_gpu(&g);
        let perf =
            roof.point(&erode, 1.0).attainable_gops / roof.point(&threshold, 1.0).attainable_gops;
        let time = |v: &ClassVars| -> Value {
            Ok(g.times(v, 1.0)
                .map_err(CheckError::model)?
                .range(GpuAssumptions::TABLE5)
                .low_s)
        };
        let slower = time(&erode)? / time(&threshold)?;
        let text = format!("{perf:.1}x the roofline performance, {slower:.1}x the time");
        Ok((Computed::Category(text), perf > 1.0 && slower > 1.0))
    });
    Row::of(
        P,
        "s5-erode-performance-and-time",
        "Section 5 (Figures 1 and 7)",
        "GTX470: erode against threshold, roofline performance and predicted time",
    )
    .claim("higher roofline performance, yet longer time", None, both)
    .because(
        "Table 4's classes on the GTX470 at f = 1: the roofline puts erode higher, the boat hull \
         predicts it slower",
    )
}
