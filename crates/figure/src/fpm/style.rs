//! How the FPM figures name and colour things: the methods' labels and
//! colours, the devices' colours, and sizes as text.

use crate::chart::palette;
use hetscope_model::fpm::Method;

/// Name of a method in legends and tables.
pub fn method_label(m: Method) -> &'static str {
    match m {
        Method::Even => "homogeneous (n / p each)",
        Method::Cpm => "CPM (constant speeds)",
        Method::Fpm => "FPM (speed functions)",
    }
}

/// Name of a method, saying so where a device's memory held its split
/// (`held`).
pub fn method_label_held(m: Method, held: bool) -> String {
    let name = method_label(m);
    match (held, name.strip_suffix(')')) {
        (false, _) => name.to_string(),
        (true, Some(open)) => format!("{open}, capped by memory)"),
        (true, None) => format!("{name} (capped by memory)"),
    }
}

/// Short name of a method.
pub fn method_short(m: Method) -> &'static str {
    match m {
        Method::Even => "homogeneous",
        Method::Cpm => "CPM",
        Method::Fpm => "FPM",
    }
}

/// Colour of a method in the times and sweep views.
pub fn method_color(m: Method) -> [u8; 3] {
    match m {
        Method::Even => palette::GREY,
        Method::Cpm => palette::VERMILION,
        Method::Fpm => palette::BLUE,
    }
}

/// Colour of device `i` in the speed view: never vermilion or black,
/// which mark the CPM and FPM partitions there.
pub fn device_color(i: usize) -> [u8; 3] {
    const C: [[u8; 3]; 7] = [
        palette::BLUE,
        palette::GREY,
        palette::GREEN,
        palette::ORANGE,
        palette::PURPLE,
        palette::SKY,
        palette::YELLOW,
    ];
    C[i % C.len()]
}

/// A size for labels: whole with `integer`, about four digits without
/// trailing zeros otherwise.
pub fn fmt_size(x: f64, integer: bool) -> String {
    if integer && x.is_finite() && x.abs() < 1e15 {
        format!("{}", x.round() as i64)
    } else {
        hetscope_model::format::fmt_tick(x)
    }
}
