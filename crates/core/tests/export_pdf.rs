//! PDF export: every view of every registered model converts to a one-page
//! vector PDF of the asked size, with the font embedded and the text kept
//! as text (a Unicode map for each glyph), so it can be selected.

use crate::common::catalog;
use hetscope_core::{Session, registry};
use hetscope_export::{ExportSize, Format, render, svg_to_pdf};
use hetscope_figure::{Camera, ModelId, View};

/// The decoded (inflated) content of every stream of `pdf`.
fn streams(pdf: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rest = pdf;
    while let Some(start) = find(rest, b"stream\n") {
        let body = &rest[start + b"stream\n".len()..];
        let end = find(body, b"endstream").expect("every stream ends");
        let raw = body[..end].strip_suffix(b"\n").unwrap_or(&body[..end]);
        out.push(
            miniz_oxide::inflate::decompress_to_vec_zlib(raw).unwrap_or_else(|_| raw.to_vec()),
        );
        rest = &body[end + b"endstream".len()..];
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The characters a ToUnicode map of `pdf` gives its glyphs.
fn mapped_chars(pdf: &[u8]) -> String {
    let mut chars = String::new();
    for s in streams(pdf) {
        let text = String::from_utf8_lossy(&s);
        let Some(start) = text.find("beginbfchar") else {
            continue;
        };
        for line in text[start..].lines() {
            // `<glyph> <UTF-16BE>`: the second hex string is the character.
            let hex: Vec<&str> = line
                .split(['<', '>'])
                .filter(|p| !p.trim().is_empty())
                .collect();
            if let [_, unicode] = hex[..] {
                let units: Vec<u16> = (0..unicode.len() / 4)
                    .filter_map(|i| u16::from_str_radix(&unicode[i * 4..i * 4 + 4], 16).ok())
                    .collect();
                chars.extend(char::decode_utf16(units).filter_map(Result::ok));
            }
        }
    }
    chars
}

#[test]
fn a_pdf_keeps_its_text_as_text_in_an_embedded_font() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200" font-family="sans-serif"><text x="10" y="50" font-size="20">Intensity (flop/byte)</text></svg>"#;
    let pdf = svg_to_pdf(svg).expect("a PDF");
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(
        find(&pdf, b"/FontFile2").is_some() || find(&pdf, b"/FontFile3").is_some(),
        "the font is embedded"
    );
    assert!(
        find(&pdf, b"/ToUnicode").is_some(),
        "glyphs map back to characters"
    );
    let content: Vec<String> = streams(&pdf)
        .iter()
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect();
    assert!(
        content
            .iter()
            .any(|s| s.contains("BT") && (s.contains("Tj") || s.contains("TJ"))),
        "text is drawn with text operators, not as outlines"
    );
    let chars = mapped_chars(&pdf);
    for c in "Intensy(flop/byte)".chars() {
        assert!(chars.contains(c), "{c:?} is selectable: {chars:?}");
    }
}

#[test]
fn every_view_of_every_model_exports_to_pdf_at_its_size() {
    let catalog = catalog();
    let session = Session::new(catalog);
    let size = ExportSize::new(900, 600).expect("a size");
    for id in ModelId::ALL {
        for view in View::of(id) {
            let figure = registry::figure(view, &session, catalog)
                .unwrap_or_else(|e| panic!("{view:?}: {e}"));
            let pdf = render(&figure, Format::Pdf, size, &Camera::default())
                .unwrap_or_else(|e| panic!("{view:?}: {e}"));
            assert!(pdf.starts_with(b"%PDF-"), "{view:?}");
            assert!(
                find(&pdf, b"/MediaBox [0 0 900 600]").is_some(),
                "{view:?}: one point of the page per pixel"
            );
            assert_eq!(count(&pdf, b"/Type /Page\n"), 1, "{view:?}: one page");
            assert!(
                mapped_chars(&pdf).len() > 10,
                "{view:?} has selectable text"
            );
        }
    }
}

fn count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}
