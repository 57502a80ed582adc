//! PerDome (seed 000): Table 1's time per flop, and the bounds and
//! percentages its Model Validation quotes for SA (I = 1.7) and DA
//! (I = 4.4), computed with Table 1's processors (the `*-perdome`
//! processor presets) and Table 2's partitions.

use super::{CheckError, Paper, Row, Value, processor};
use hetscope_model::perdome::{Platform, Specs, Wp, evaluate};
use hetscope_preset::Catalog;

type Cat = Result<Catalog, CheckError>;

const FIG_2A: &str = "Model Validation, Figure 2(a)";
const FIG_2E: &str = "Model Validation, Figure 2(e)";
const FIG_3E: &str = "Model Validation, Figure 3(e)";

/// The processor presets holding Table 1's t_f and t_b, by the names the
/// paper's text uses.
fn preset_id(name: &str) -> &'static str {
    match name {
        "i7" => "i7-2600k-perdome",
        "i3" => "i3-2100t-perdome",
        "Titan" => "gtx-titan-perdome",
        _ => "gtx-750-perdome",
    }
}

fn platform(cat: &Cat, cpu: &str, gpu: &str) -> Result<Platform, CheckError> {
    Ok(Platform {
        cpu: processor(cat, preset_id(cpu))?,
        gpu: processor(cat, preset_id(gpu))?,
    })
}

/// The performance bound of (I, I_C, I_G), GFLOP/s.
fn gflops(p: &Platform, wp: (f64, f64, f64)) -> Value {
    evaluate(p, Wp::new(wp.0, wp.1, wp.2))
        .map(|e| e.gflops)
        .map_err(CheckError::model)
}

/// CP's bound relative to p-DP's, percent (positive: CP above).
fn cp_vs_pdp(cat: &Cat, cpu: &str, gpu: &str, cp: (f64, f64, f64)) -> Value {
    let p = platform(cat, cpu, gpu)?;
    let pdp = gflops(&p, (cp.0, cp.0, cp.0))?;
    Ok(100.0 * (gflops(&p, cp)? / pdp - 1.0))
}

/// Table 2: SA's CP and DA's CP1, CP2.
const SA_CP: (f64, f64, f64) = (1.7, 0.1, 2.0);
const DA_CP1: (f64, f64, f64) = (4.4, 0.4, 5.4);
const DA_CP2: (f64, f64, f64) = (4.4, 1.5, 9.2);

pub(super) fn rows(cat: &Cat) -> Vec<Row> {
    let mut rows = table1_rows();
    rows.extend(sa_rows(cat));
    rows.extend(da_rows(cat));
    rows
}

/// Table 1: cores, base clock (GHz) and the printed time per flop.
const TABLE1: [(&str, &str, f64, f64, &str); 4] = [
    ("i7", "i7 2600K", 4.0, 3.4, "73.5"),
    ("i3", "i3 2100T", 2.0, 2.5, "200"),
    ("titan", "GTX Titan", 2688.0, 0.837, "0.4"),
    ("750", "GTX 750", 512.0, 1.020, "1.9"),
];

fn table1_rows() -> Vec<Row> {
    TABLE1
        .iter()
        .map(|&(key, name, cores, clock_ghz, printed)| {
            let specs = Specs {
                cores,
                clock_ghz,
                issue_width: 1.0,
                bandwidth_gbs: 1.0,
            };
            let t_f = specs
                .validate(super::row::side_of(key))
                .map(|()| specs.t_f_ps())
                .map_err(CheckError::model);
            let mut reason = "1 / (cores x base clock): the paper counts one flop per core and \
                cycle (Model Parameters: multiple issue is not used)"
                .to_string();
            if key == "titan" {
                reason.push_str("; the Titan's clock is printed as 837 in the GHz column (MHz)");
            }
            Row::of(
                Paper::Perdome,
                format!("table1-tf-{key}"),
                "Table 1",
                format!("{name}: time per flop from {cores} cores at {clock_ghz} GHz"),
            )
            .unit("ps")
            .number(printed, t_f)
            .because(reason)
        })
        .collect()
}

fn sa_rows(cat: &Cat) -> Vec<Row> {
    let i7_750 = platform(cat, "i7", "750");
    let bound = |wp| i7_750.clone().and_then(|p| gflops(&p, wp));
    let below = |cpu, gpu| cp_vs_pdp(cat, cpu, gpu, SA_CP).map(|v| -v);
    let p = Paper::Perdome;
    vec![
        Row::of(
            p,
            "sa-i7-750-pdp",
            FIG_2A,
            "SA (I = 1.7) on i7+GTX750: p-DP's bound",
        )
        .unit("GFLOP/s")
        .number("128", bound((1.7, 1.7, 1.7)))
        .because("Eq. 19 with I_C = I_G = I: the sum of the two rooflines"),
        Row::of(
            p,
            "sa-i7-750-cp",
            FIG_2A,
            "SA on i7+GTX750: CP (0.1, 2.0)'s bound",
        )
        .unit("GFLOP/s")
        .number("136", bound(SA_CP))
        .because("Eq. 19 at Table 2's CP"),
        Row::of(
            p,
            "sa-i7-750-cp-vs-pdp",
            FIG_2E,
            "SA on i7+GTX750: CP's bound above p-DP's",
        )
        .unit("%")
        .number("14% higher", cp_vs_pdp(cat, "i7", "750", SA_CP))
        .because(
            "Tables 1-2 give +6.2%, as the paper's own 128 and 136 GFLOP/s imply (136 / 128 = \
             1.06); 14% is what Tables 1-2 give for i3+GTX750, so the sentence's two percentages \
             do not both follow from its tables",
        ),
        Row::of(
            p,
            "sa-i3-750-cp-vs-pdp",
            FIG_2E,
            "SA on i3+GTX750: CP's bound above p-DP's",
        )
        .unit("%")
        .number("17% higher", cp_vs_pdp(cat, "i3", "750", SA_CP))
        .because(
            "Tables 1-2 give +13.8%: the sentence's other figure (14%), not its 17%; CP stays \
             above p-DP as the sentence says",
        ),
        Row::of(
            p,
            "sa-i7-titan-cp-vs-pdp",
            FIG_2E,
            "SA on i7+Titan: CP's bound below p-DP's",
        )
        .unit("%")
        .number("61% lower", below("i7", "Titan"))
        .because(
            "Table 1's printed (rounded) values give 61.8%, one percentage point from the printed \
             61%",
        ),
        Row::of(
            p,
            "sa-i3-titan-cp-vs-pdp",
            FIG_2E,
            "SA on i3+Titan: CP's bound below p-DP's",
        )
        .unit("%")
        .number("65% lower", below("i3", "Titan"))
        .because("Eq. 19 with Table 1 and Table 2"),
    ]
}

/// The three DA partitions of `cpu`+`gpu`, named in order of their bound.
fn da_order(cat: &Cat, cpu: &str, gpu: &str) -> Result<String, CheckError> {
    let p = platform(cat, cpu, gpu)?;
    let mut named = [
        ("p-DP", gflops(&p, (4.4, 4.4, 4.4))?),
        ("CP1", gflops(&p, DA_CP1)?),
        ("CP2", gflops(&p, DA_CP2)?),
    ];
    named.sort_by(|a, b| b.1.total_cmp(&a.1));
    Ok(named.map(|(n, _)| n).join(" > "))
}

fn da_rows(cat: &Cat) -> Vec<Row> {
    let p = Paper::Perdome;
    let mut rows = vec![
        Row::of(
            p,
            "da-i7-750-cp1-vs-pdp",
            FIG_3E,
            "DA (I = 4.4) on i7+GTX750: CP1's bound above p-DP's",
        )
        .unit("%")
        .number("7% higher", cp_vs_pdp(cat, "i7", "750", DA_CP1))
        .because("Eq. 19 with Table 1 and Table 2's CP1 (0.4, 5.4)"),
    ];
    for (cpu, gpu) in [("i7", "Titan"), ("i3", "750"), ("i3", "Titan")] {
        let label = if gpu == "750" { "GTX750" } else { gpu };
        rows.push(
            Row::of(
                p,
                format!("da-order-{}-{}", cpu, gpu.to_lowercase()),
                FIG_3E,
                format!("DA on {cpu}+{label}: partitions by bound"),
            )
            .category("p-DP > CP1 > CP2", da_order(cat, cpu, gpu))
            .because("Eq. 19 at Table 2's p-DP, CP1 (0.4, 5.4) and CP2 (1.5, 9.2)"),
        );
    }
    rows
}
