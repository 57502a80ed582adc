//! The model's enums as command-line values, without mirror enums: each
//! names its spelling and its help, and clap parses them with
//! [`parser`].

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use hetscope_model::boathull::{AssumptionSet, Table1Reading};
use hetscope_model::fpm::Method;
use hetscope_model::perdome::Side;

/// An enum the command line takes by name.
pub trait ArgEnum: Copy + Send + Sync + 'static {
    /// Every value, in the order `--help` lists them.
    fn variants() -> &'static [Self];
    /// The spelling on the command line.
    fn key(self) -> &'static str;
    /// One line for `--help`.
    fn help(self) -> &'static str;
}

/// A clap value parser for `T`: its keys as the possible values (with
/// their help), parsed into the value.
pub fn parser<T: ArgEnum>() -> impl TypedValueParser<Value = T> {
    let values = T::variants()
        .iter()
        .map(|v| PossibleValue::new(v.key()).help(v.help()));
    // Clap accepts only the possible values, so the lookup finds one; the
    // error is there so that no input can make it panic.
    PossibleValuesParser::new(values).try_map(|s| {
        T::variants()
            .iter()
            .copied()
            .find(|v| v.key() == s)
            .ok_or_else(|| format!("unknown value '{s}'"))
    })
}

impl ArgEnum for Side {
    fn variants() -> &'static [Self] {
        &[Side::Gpu, Side::Cpu]
    }

    fn key(self) -> &'static str {
        Side::key(self)
    }

    fn help(self) -> &'static str {
        match self {
            Side::Gpu => "An accelerator behind a host bus (boat hull Section 4.2)",
            Side::Cpu => "A multi-core CPU (boat hull Section 4.4)",
        }
    }
}

impl ArgEnum for Table1Reading {
    fn variants() -> &'static [Self] {
        &[Table1Reading::Derived, Table1Reading::AsPrinted]
    }

    fn key(self) -> &'static str {
        Table1Reading::key(self)
    }

    fn help(self) -> &'static str {
        match self {
            Table1Reading::Derived => "d = input + output, w from the named input",
            Table1Reading::AsPrinted => "The values as printed (reproduces the paper's Table 5)",
        }
    }
}

impl ArgEnum for AssumptionSet {
    fn variants() -> &'static [Self] {
        &AssumptionSet::ALL
    }

    fn key(self) -> &'static str {
        match self {
            AssumptionSet::Default => "default",
            AssumptionSet::Hull => "hull",
            AssumptionSet::Unknown => "unknown",
            AssumptionSet::Table5 => "table5",
        }
    }

    fn help(self) -> &'static str {
        match self {
            AssumptionSet::Default => {
                "GPU: nothing known (hull to highest floor); CPU: vector code on all threads"
            }
            AssumptionSet::Hull => "The hull itself on both kinds (no floor applies)",
            AssumptionSet::Unknown => {
                "Nothing known on both kinds: from the hull to the highest floor"
            }
            AssumptionSet::Table5 => {
                "Table 5 on a GPU: no fused multiply-add, coalescing unknown; a CPU keeps the hull"
            }
        }
    }
}

impl ArgEnum for hetscope_model::platform::Transfers {
    fn variants() -> &'static [Self] {
        use hetscope_model::platform::Transfers;
        &[Transfers::Pinned, Transfers::Pageable]
    }
    fn key(self) -> &'static str {
        use hetscope_model::platform::Transfers;
        match self {
            Transfers::Pinned => "pinned",
            Transfers::Pageable => "pageable",
        }
    }
    fn help(self) -> &'static str {
        use hetscope_model::platform::Transfers;
        match self {
            Transfers::Pinned => {
                "page-locked host memory (cudaMallocHost): the link's pinned rates"
            }
            Transfers::Pageable => "ordinary host memory: the link's pageable rates",
        }
    }
}

impl ArgEnum for Method {
    fn variants() -> &'static [Self] {
        &[Method::Fpm, Method::Cpm, Method::Even]
    }

    fn key(self) -> &'static str {
        Method::key(self)
    }

    fn help(self) -> &'static str {
        match self {
            Method::Fpm => "Functional performance models: all devices finish together",
            Method::Cpm => "Constant performance models: speeds at the even distribution",
            Method::Even => "n / p each",
        }
    }
}

impl ArgEnum for hetscope_model::offload::Formulation {
    fn variants() -> &'static [Self] {
        &hetscope_model::offload::Formulation::ALL
    }
    fn key(self) -> &'static str {
        self.key()
    }
    fn help(self) -> &'static str {
        self.describe()
    }
}
