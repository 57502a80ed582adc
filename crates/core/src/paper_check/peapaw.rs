//! PeaPaw (seed 001): Table IV's time per flop from Table III (Eq. 6), the
//! percentages of Sections 6.4.1-6.4.2, the best-energy partitions of
//! 6.4.2-6.4.3, and Tables V and VI. Computed with Table IV's processors
//! (the `*-peapaw` presets) and Section 6.3's partitions; Table V with
//! PerDome Table 1's (the `*-perdome` presets), which it matches.

use super::{CheckError, Paper, Row, Value, processor};
use hetscope_model::perdome::classify::classify;
use hetscope_model::perdome::{Platform, Processor, Specs, Wp, evaluate};
use hetscope_preset::Catalog;

type Cat = Result<Catalog, CheckError>;

const P: Paper = Paper::Peapaw;

/// Section 6.3's essential WP parameters: (I, CP's I_C, CP's I_G).
const SA: (f64, f64, f64) = (7.6, 0.1, 8.0);
const LA: (f64, f64, f64) = (0.24, 0.0, 0.25);
const DA: (f64, f64, f64) = (4.4, 1.1, 4.9);

/// The processor preset of a name the paper uses, from Table IV
/// (`table4`) or PerDome Table 1.
fn preset_id(name: &str, table4: bool) -> String {
    let stem = match name {
        "i7" => "i7-2600k",
        "i3" => "i3-2100t",
        "Titan" => "gtx-titan",
        _ => "gtx-750",
    };
    let suffix = if table4 { "peapaw" } else { "perdome" };
    format!("{stem}-{suffix}")
}

fn table4(cat: &Cat, name: &str) -> Result<Processor, CheckError> {
    processor(cat, &preset_id(name, true))
}

fn platform(cat: &Cat, cpu: &str, gpu: &str) -> Result<Platform, CheckError> {
    Ok(Platform {
        cpu: table4(cat, cpu)?,
        gpu: table4(cat, gpu)?,
    })
}

/// The paper's platform names: "i7+Titan", "i3+750".
fn label(cpu: &str, gpu: &str) -> String {
    format!("{cpu}+{gpu}")
}

fn id_of(prefix: &str, cpu: &str, gpu: &str) -> String {
    format!("{prefix}-{cpu}-{}", gpu.to_lowercase())
}

pub(super) fn rows(cat: &Cat) -> Vec<Row> {
    let mut rows = table4_rows();
    rows.extend(performance_rows(cat));
    rows.extend(energy_rows(cat));
    rows.extend(best_energy_rows(cat));
    rows.extend(table5_rows(cat));
    rows.extend(table6_rows(cat));
    rows
}

/// Table III: cores, base clock (GHz), issue width; Table IV's t_f.
const TABLE3: [(&str, &str, f64, f64, f64, &str); 4] = [
    ("i7", "i7 2600K", 4.0, 3.4, 8.0, "9.5"),
    ("i3", "i3 2100T", 2.0, 2.5, 8.0, "25"),
    ("titan", "GTX Titan", 2688.0, 0.837, 2.0, "0.4"),
    ("750", "GTX 750", 512.0, 1.020, 2.0, "1.9"),
];

fn table4_rows() -> Vec<Row> {
    TABLE3
        .iter()
        .map(|&(key, name, cores, clock_ghz, issue_width, printed)| {
            let specs = Specs {
                cores,
                clock_ghz,
                issue_width,
                bandwidth_gbs: 1.0,
            };
            let t_f = specs
                .validate(super::row::side_of(key))
                .map(|()| specs.t_f_ps())
                .map_err(CheckError::model);
            let reason = match key {
                "i7" => {
                    "Eq. 6 with Table III's 4 cores, 3.4 GHz and issue width 8 gives 9.19 ps; \
                     Table IV's 9.5 ps does not follow from the printed specifications"
                }
                "i3" => "Eq. 6 with Table III's specifications",
                _ => {
                    "Eq. 6 with Table III's issue width 2 gives half of Table IV's value, which \
                     matches issue width 1 (as PerDome Table 1 counts it)"
                }
            };
            Row::of(
                P,
                format!("table4-tf-{key}"),
                "Table IV from Table III (Eq. 6)",
                format!(
                    "{name}: time per flop from {cores} cores, {clock_ghz} GHz, issue width \
                     {issue_width}"
                ),
            )
            .unit("ps")
            .number(printed, t_f)
            .because(reason)
        })
        .collect()
}

/// CP relative to DP for a case on a platform, percent: performance or
/// energy efficiency.
fn cp_vs_dp(cat: &Cat, cpu: &str, gpu: &str, w: (f64, f64, f64), energy: bool) -> Value {
    let p = platform(cat, cpu, gpu)?;
    let cp = evaluate(&p, Wp::new(w.0, w.1, w.2)).map_err(CheckError::model)?;
    let dp = evaluate(&p, Wp::perfect_dp(w.0)).map_err(CheckError::model)?;
    let r = if energy {
        cp.gflop_per_joule / dp.gflop_per_joule
    } else {
        cp.gflops / dp.gflops
    };
    Ok(100.0 * (r - 1.0))
}

/// (case name, case, cpu, gpu, printed text, printed value, reason).
type Quote = (
    &'static str,
    (f64, f64, f64),
    &'static str,
    &'static str,
    &'static str,
    f64,
    &'static str,
);

const PERF_QUOTES: [Quote; 7] = [
    (
        "SA",
        SA,
        "i7",
        "Titan",
        "1% lower",
        -1.0,
        "Table IV's printed (rounded) values give -0.46%, which rounds to 0%: half a percentage \
         point from the printed 1%, in the same direction",
    ),
    (
        "SA",
        SA,
        "i7",
        "750",
        "16% lower",
        -16.0,
        "Table IV's printed (rounded) values give -14.9%, one percentage point from the printed \
         16%",
    ),
    ("SA", SA, "i3", "Titan", "3% higher", 3.0, ""),
    (
        "LA",
        LA,
        "i7",
        "Titan",
        "1% lower",
        -1.0,
        "Table IV's printed (rounded) values give -2.1%, one percentage point from the printed 1%, \
         in the same direction",
    ),
    (
        "LA",
        LA,
        "i3",
        "Titan",
        "8% lower",
        -8.0,
        "Table IV and Section 6.3 give -1.5%: LA is memory bound on every processor, so CP can \
         lose at most the CPU's small byte share; the 8% does not follow (CP stays below DP)",
    ),
    ("LA", LA, "i7", "750", "15% lower", -15.0, ""),
    ("LA", LA, "i3", "750", "13% lower", -13.0, ""),
];

const ENERGY_QUOTES: [Quote; 4] = [
    ("SA", SA, "i7", "Titan", "2% higher", 2.0, ""),
    ("SA", SA, "i3", "Titan", "1% higher", 1.0, ""),
    ("SA", SA, "i3", "750", "2% higher", 2.0, ""),
    (
        "SA",
        SA,
        "i7",
        "750",
        "1% lower",
        -1.0,
        "Table IV's printed (rounded) values give -0.45%, which rounds to 0%: half a percentage \
         point from the printed 1%, in the same direction",
    ),
];

fn quote_rows(cat: &Cat, quotes: &[Quote], energy: bool) -> Vec<Row> {
    let (place, what, prefix, default) = if energy {
        (
            "Section 6.4.2",
            "estimated energy efficiency",
            "ee",
            "Eq. 21-25 (Eq. 26 derived with Eq. 13's I_C/I and I_G/I factors), Table IV, Section \
             6.3",
        )
    } else {
        (
            "Section 6.4.1",
            "estimated performance",
            "perf",
            "Eq. 19-20, Table IV, Section 6.3",
        )
    };
    quotes
        .iter()
        .map(|&(case, w, cpu, gpu, text, value, reason)| {
            let reason = if reason.is_empty() { default } else { reason };
            Row::of(
                P,
                id_of(&format!("{}-{prefix}", case.to_lowercase()), cpu, gpu),
                place,
                format!("{case} on {}: CP's {what} relative to DP", label(cpu, gpu)),
            )
            .unit("%")
            .number_as(text, value, cp_vs_dp(cat, cpu, gpu, w, energy))
            .because(reason)
        })
        .collect()
}

fn performance_rows(cat: &Cat) -> Vec<Row> {
    quote_rows(cat, &PERF_QUOTES, false)
}

fn energy_rows(cat: &Cat) -> Vec<Row> {
    let mut rows = quote_rows(cat, &ENERGY_QUOTES, true);
    rows.push(
        Row::of(
            P,
            "sa-ee-i3-titan-eq26-printed",
            "Section 6.4.2, Eq. 26 as printed",
            "SA on i3+Titan: CP's estimated energy efficiency relative to DP, Eq. 26 as printed",
        )
        .unit("%")
        .number_as("1% higher", 1.0, printed_eq26(cat, "i3", "Titan", SA))
        .because(
            "Eq. 26 as printed drops the I_C/I and I_G/I factors that Eq. 13 and Eq. 25 require; \
             it gives -31%, so the paper's own percentages select the derived form (the rows \
             above)",
        ),
    );
    rows
}

/// CP relative to DP in energy efficiency with Eq. 26 exactly as printed
/// (both intensities above zero), percent.
fn printed_eq26(cat: &Cat, cpu: &str, gpu: &str, w: (f64, f64, f64)) -> Value {
    let p = platform(cat, cpu, gpu)?;
    let (i, ic, ig) = w;
    let fc = (i - ig) / (ic - ig);
    let bc = (i - ig) / (i * (ic - ig));
    let fg = (i - ic) / (ig - ic);
    let bg = (i - ic) / (i * (ig - ic));
    let t = (p.cpu.t_f * fc)
        .max(p.cpu.t_b * bc)
        .max(p.gpu.t_f * fg)
        .max(p.gpu.t_b * bg);
    let e =
        p.cpu.e_f * fc + p.cpu.e_b * bc + p.gpu.e_f * fg + p.gpu.e_b * bg + p.static_power() * t;
    let dp = evaluate(&p, Wp::perfect_dp(i)).map_err(CheckError::model)?;
    Ok(100.0 * ((1000.0 / e) / dp.gflop_per_joule - 1.0))
}

/// The most energy-efficient of CO, GO, DP and CP.
fn best_energy(cat: &Cat, cpu: &str, gpu: &str, w: (f64, f64, f64)) -> Result<String, CheckError> {
    let p = platform(cat, cpu, gpu)?;
    let ee = |wp: Wp| {
        evaluate(&p, wp)
            .map(|e| e.gflop_per_joule)
            .map_err(CheckError::model)
    };
    let named = [
        ("CO", ee(Wp::cpu_only(w.0))?),
        ("GO", ee(Wp::gpu_only(w.0))?),
        ("DP", ee(Wp::perfect_dp(w.0))?),
        ("CP", ee(Wp::new(w.0, w.1, w.2))?),
    ];
    let best = named
        .iter()
        .fold(named[0], |b, x| if x.1 > b.1 { *x } else { b });
    Ok(best.0.to_string())
}

fn best_energy_rows(cat: &Cat) -> Vec<Row> {
    let mut rows = Vec::new();
    for (gpu, place) in [("750", "Section 6.4.2"), ("Titan", "Section 6.4.3")] {
        for (case, w) in [("SA", SA), ("LA", LA), ("DA", DA)] {
            rows.push(
                Row::of(
                    P,
                    id_of(&format!("{}-best-ee", case.to_lowercase()), "i3", gpu),
                    place,
                    format!(
                        "{case} on {}: the most energy-efficient of CO, GO, DP, CP",
                        label("i3", gpu)
                    ),
                )
                .category("GO", best_energy(cat, "i3", gpu, w))
                .because("Eq. 21-25 with Table IV at Section 6.3's partitions"),
            );
        }
    }
    rows
}

const PLATFORMS: [(&str, &str); 4] = [
    ("i7", "Titan"),
    ("i7", "750"),
    ("i3", "Titan"),
    ("i3", "750"),
];

fn balance(cat: &Cat, name: &str, table4: bool) -> Value {
    processor(cat, &preset_id(name, table4)).map(|p| p.balance())
}

fn table5_rows(cat: &Cat) -> Vec<Row> {
    let from_t1 = "t_b / t_f (Eq. 27) with PerDome Table 1's values, which Table V matches";
    let mut rows = Vec::new();
    for (name, side, printed) in [
        ("i7", "BL_C", "0.9"),
        ("i3", "BL_C", "0.4"),
        ("Titan", "BL_G", "10.3"),
        ("750", "BL_G", "7.8"),
    ] {
        rows.push(
            Row::of(
                P,
                format!("table5-bl-{}", name.to_lowercase()),
                "Table V",
                format!("{side} of {name}"),
            )
            .unit("flop/byte")
            .number(printed, balance(cat, name, false))
            .because(from_t1),
        );
    }
    for (name, side, printed, gives) in [
        ("i7", "BL_C", "0.9", "6.9"),
        ("Titan", "BL_G", "10.3", "10.5"),
    ] {
        rows.push(
            Row::of(
                P,
                format!("table5-bl-{}-table4", name.to_lowercase()),
                "Table V against Table IV",
                format!("{side} of {name} from PeaPaw's own Table IV"),
            )
            .unit("flop/byte")
            .number(printed, balance(cat, name, true))
            .because(format!(
                "Table IV's t_b / t_f gives {gives}: Table V was computed with PerDome Table 1's \
                 values (the rows above); the category is the same either way"
            )),
        );
    }
    for (cpu, gpu) in PLATFORMS {
        let cat_name = platform(cat, cpu, gpu).map(|p| classify(&p).p_paw.name().to_string());
        rows.push(
            Row::of(
                P,
                id_of("table5-ppaw", cpu, gpu),
                "Table V",
                format!("P-Paw category of {}", label(cpu, gpu)),
            )
            .category("CPU_MEM-GPU_COMP", cat_name)
            .because("Eq. 27 with Table IV (PerDome Table 1 gives the same)"),
        );
    }
    rows
}

/// Table VI as printed: dGP_f (pJ), dGP_b (pJ), p_sC + p_sG (W), E-Paw.
const TABLE6: [(&str, &str, &str, &str, &str, &str); 4] = [
    ("i7", "Titan", "311.5", "0.65", "89.2", "CPU_MEM-GPU_MEM"),
    ("i7", "750", "64.7", "0.85", "29.4", "Race-to-halt"),
    ("i3", "Titan", "244", "0.75", "78.28", "GPU-only"),
    ("i3", "750", "50.5", "0.93", "18.48", "GPU-only"),
];

fn table6_rows(cat: &Cat) -> Vec<Row> {
    let columns = "Table VI's dGP_f, dGP_b and p_sC + p_sG columns do not follow from Table IV \
        with Eq. 28-29 (not even the sum of Table IV's static powers)";
    let mut rows = Vec::new();
    for (cpu, gpu, f, b, ps, category) in TABLE6 {
        let c = platform(cat, cpu, gpu).map(|p| (classify(&p), p.static_power()));
        let pick = |k: fn(&(hetscope_model::perdome::Classification, f64)) -> f64| {
            c.clone().map(|c| k(&c))
        };
        let on = label(cpu, gpu);
        rows.push(
            Row::of(
                P,
                id_of("table6-dgpf", cpu, gpu),
                "Table VI (Eq. 28)",
                format!("dGP_f of {on}"),
            )
            .unit("pJ")
            .number(f, pick(|c| c.0.dgp_f))
            .because(columns),
        );
        rows.push(
            Row::of(
                P,
                id_of("table6-dgpb", cpu, gpu),
                "Table VI (Eq. 29)",
                format!("dGP_b of {on}"),
            )
            .unit("pJ")
            .number(b, pick(|c| c.0.dgp_b))
            .because(columns),
        );
        rows.push(
            Row::of(
                P,
                id_of("table6-ps", cpu, gpu),
                "Table VI",
                format!("p_sC + p_sG of {on}"),
            )
            .unit("W")
            .number(ps, pick(|c| c.1))
            .because(columns),
        );
        let reason = if cpu == "i7" && gpu == "Titan" {
            "Table IV gives dGP_f = +24.6 pJ and dGP_b = -106.8 pJ: the sum is negative, so by \
             Section 5.2's order it is Race-to-halt (it also meets CPU_COMP-GPU_COMP's identifier, \
             never CPU_MEM-GPU_MEM's, which needs dGP_f < 0 and dGP_b > 0)"
        } else {
            "Eq. 28-29 with Table IV and Section 5.2's order of the categories"
        };
        rows.push(
            Row::of(
                P,
                id_of("table6-epaw", cpu, gpu),
                "Table VI",
                format!("E-Paw category of {on}"),
            )
            .category(category, c.clone().map(|c| c.0.e_paw.name().to_string()))
            .because(reason),
        );
    }
    rows
}
