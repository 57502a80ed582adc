//! A figure exported in the dark palette: the light SVG with every
//! colour turned by the layout's [`Palette`] (the neutral inks and the
//! canvas turn over, data colours stay), so that the dark export and the
//! window under a dark theme use one rule.

use hetscope_figure::layout::palette::Palette;

/// `svg` with each `#rrggbb` colour in `palette` (light: unchanged).
pub fn recolor_svg(svg: &str, palette: Palette) -> String {
    if palette == Palette::Light {
        return svg.to_string();
    }
    let bytes = svg.as_bytes();
    let mut out = String::with_capacity(svg.len());
    let mut last = 0;
    let mut i = 0;
    while i + 7 <= bytes.len() {
        if bytes[i] == b'#'
            && bytes[i + 1..i + 7].iter().all(u8::is_ascii_hexdigit)
            && !bytes.get(i + 7).is_some_and(u8::is_ascii_hexdigit)
            && i > 0
            && matches!(bytes[i - 1], b'"' | b':' | b' ' | b'\'')
        {
            let hex = &svg[i + 1..i + 7];
            let c = [0, 2, 4].map(|k| u8::from_str_radix(&hex[k..k + 2], 16).unwrap_or(0));
            let [r, g, b] = palette.ink(c);
            out.push_str(&svg[last..i]);
            out.push_str(&format!("#{r:02x}{g:02x}{b:02x}"));
            i += 7;
            last = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&svg[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neutrals_turn_over_and_hues_and_other_text_stay() {
        let svg = r##"<rect fill="#ffffff"/><text fill="#333333">#abc123 x</text><path stroke="#0072b2"/>"##;
        let dark = recolor_svg(svg, Palette::Dark);
        let paper = Palette::Dark.paper();
        assert!(dark.contains(&format!(
            "fill=\"#{:02x}{:02x}{:02x}\"",
            paper[0], paper[1], paper[2]
        )));
        assert!(!dark.contains("#333333"), "{dark}");
        assert!(dark.contains("#0072b2"), "a hue stays");
        assert!(
            dark.contains(">#abc123 x<"),
            "text that looks like a colour stays"
        );
        assert_eq!(recolor_svg(svg, Palette::Light), svg);
    }
}
