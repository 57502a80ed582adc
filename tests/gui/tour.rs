//! The tour: every page of the window at two sizes, on four platforms,
//! alone and compared with a second, audited as a whole window.

use eframe::egui::{self, Pos2, Rect, Shape};
use hetscope::figure::{ChartFigure, Figure, View};
use hetscope::gui::Tab;
use hetscope::gui::scene_paint::{ShownScene, shown_scenes_id};
use hetscope_figure::layout::audit::audit_chart;
use hetscope_figure::layout::chart::layout;

/// One text the window painted: its words, where its glyphs are, the
/// rectangle it is clipped to, its smallest font size.
#[derive(Clone, Debug)]
struct Painted {
    words: String,
    ink: Rect,
    clip: Rect,
    size: f32,
    /// The glyphs' box turned with the text: four corners.
    corners: [Pos2; 4],
}

/// Whether two turned boxes overlap by more than 1.5 px across every
/// axis that separates them (separating axes of two rectangles).
fn boxes_overlap(a: &[Pos2; 4], b: &[Pos2; 4]) -> bool {
    let axes = [a[1] - a[0], a[3] - a[0], b[1] - b[0], b[3] - b[0]];
    axes.iter().all(|axis| {
        let len = axis.length();
        if len < 1e-3 {
            return false;
        }
        let n = *axis / len;
        let span = |c: &[Pos2; 4]| {
            c.iter()
                .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
                    let d = p.to_vec2().dot(n);
                    (lo.min(d), hi.max(d))
                })
        };
        let ((a0, a1), (b0, b1)) = (span(a), span(b));
        a1.min(b1) - a0.max(b0) > 1.5
    })
}

fn texts_of(shape: &Shape, clip: Rect, out: &mut Vec<Painted>) {
    match shape {
        Shape::Vec(shapes) => shapes.iter().for_each(|s| texts_of(s, clip, out)),
        Shape::Text(t) => {
            let size = t
                .galley
                .job
                .sections
                .iter()
                .filter(|s| {
                    let r = s.byte_range.start.0..s.byte_range.end.0;
                    t.galley
                        .job
                        .text
                        .get(r)
                        .is_some_and(|w| !w.trim().is_empty())
                })
                .map(|s| s.format.font_id.size)
                .fold(f32::INFINITY, f32::min);
            let rot = egui::emath::Rot2::from_angle(t.angle);
            let turn = |p: Pos2| t.pos + rot * p.to_vec2();
            // Each line on its own: a wrapped label's lines start at the
            // left edge, under what came before it on its first line.
            for row in &t.galley.rows {
                let words = row.row.text().trim().to_string();
                if words.is_empty() {
                    continue;
                }
                // The line's glyphs across (not the room it was laid out
                // in), its height down.
                let inked = row.row.glyphs.iter().filter(|g| !g.chr.is_whitespace());
                let (x0, x1) = inked.fold((f32::INFINITY, f32::NEG_INFINITY), |(a, b), g| {
                    (a.min(g.pos.x), b.max(g.pos.x + g.advance_width))
                });
                let r = Rect::from_min_max(
                    Pos2::new(row.pos.x + x0, row.pos.y + 1.0),
                    Pos2::new(row.pos.x + x1, row.pos.y + row.row.size.y - 1.0),
                );
                let corners = [
                    turn(r.left_top()),
                    turn(r.right_top()),
                    turn(r.right_bottom()),
                    turn(r.left_bottom()),
                ];
                out.push(Painted {
                    words,
                    corners,
                    ink: Rect::from_points(&corners),
                    clip,
                    size,
                });
            }
        }
        _ => {}
    }
}

/// The texts of a frame, each once: a halo's copies and a bold text's
/// second stroke (the same words over the same place) are one text.
fn painted(out: &egui::FullOutput) -> Vec<Painted> {
    let mut all = Vec::new();
    for c in &out.shapes {
        texts_of(&c.shape, c.clip_rect, &mut all);
    }
    let mut texts: Vec<Painted> = Vec::new();
    for t in all {
        let copy = texts
            .iter()
            .any(|k| k.words == t.words && k.ink.intersect(t.ink).area() > 0.5 * t.ink.area());
        if !copy {
            texts.push(t);
        }
    }
    texts
}

/// What is wrong with the painted texts of one window of `screen`.
fn audit(texts: &[Painted], screen: Rect) -> Vec<String> {
    let mut found = Vec::new();
    let shown: Vec<(&Painted, Rect)> = texts
        .iter()
        .map(|t| (t, t.ink.intersect(t.clip).intersect(screen)))
        .filter(|(_, r)| r.is_positive())
        .collect();
    for (t, vis) in &shown {
        if t.size < 11.0 {
            found.push(format!("'{}' is {:.1} px", t.words, t.size));
        }
        // Cut across: a column's or the window's edge through the text.
        // (Down, a text half in sight at the end of a scrolled area is
        // how scrolling looks.)
        let cut_x = vis.width() + 1.0 < t.ink.width();
        if cut_x {
            found.push(format!(
                "'{}' cut: {:.0}..{:.0} shown of {:.0}..{:.0}",
                t.words, vis.min.x, vis.max.x, t.ink.min.x, t.ink.max.x
            ));
        }
    }
    for (i, (a, ra)) in shown.iter().enumerate() {
        for (b, rb) in &shown[i + 1..] {
            let o = ra.intersect(*rb);
            if o.width() > 1.5 && o.height() > 1.5 && boxes_overlap(&a.corners, &b.corners) {
                found.push(format!("'{}' over '{}'", a.words, b.words));
            }
        }
    }
    found
}

const PLATFORMS: [&str; 4] = [
    "i7-gtx750-perdome",
    "xeon-8480-h100",
    "h100-node-measured",
    "dgx-h100-like",
];

fn pages() -> Vec<Tab> {
    let mut tabs: Vec<Tab> = View::ALL.iter().map(|v| Tab::Figure(*v)).collect();
    tabs.push(Tab::Classification);
    tabs.push(Tab::PaperCheck);
    tabs
}

/// The pages of one window as thumbnails, five across, written as one
/// picture to `target/tmp/tour/` (a contact sheet to page through; the
/// pages in the order of [`pages`]).
struct Sheet {
    thumbs: Vec<image::RgbaImage>,
    thumb: (u32, u32),
}

impl Sheet {
    const ACROSS: u32 = 5;

    fn new(w: f32, h: f32) -> Sheet {
        Sheet {
            thumbs: Vec::new(),
            thumb: ((w / 3.0) as u32, (h / 3.0) as u32),
        }
    }

    fn add(&mut self, page: &image::RgbaImage) {
        let (tw, th) = self.thumb;
        self.thumbs.push(image::imageops::thumbnail(page, tw, th));
    }

    fn save(&self, name: &str) {
        let (tw, th) = self.thumb;
        let rows = (self.thumbs.len() as u32).div_ceil(Self::ACROSS);
        let gap = 6;
        let mut sheet = image::RgbaImage::from_pixel(
            Self::ACROSS * (tw + gap),
            rows * (th + gap),
            image::Rgba([40, 40, 40, 255]),
        );
        for (i, t) in self.thumbs.iter().enumerate() {
            let (col, row) = (i as u32 % Self::ACROSS, i as u32 / Self::ACROSS);
            let at = (i64::from(col * (tw + gap)), i64::from(row * (th + gap)));
            image::imageops::overlay(&mut sheet, t, at.0, at.1);
        }
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tour");
        std::fs::create_dir_all(&dir).expect("the tour's folder");
        sheet
            .save(dir.join(format!("{name}.png")))
            .expect("the contact sheet is written");
    }
}

/// How many colours a picture has (at most 1000 counted).
fn colours(img: &image::RgbaImage) -> usize {
    let mut seen = std::collections::HashSet::new();
    for p in img.pixels().step_by(7) {
        seen.insert(p.0);
        if seen.len() >= 1000 {
            break;
        }
    }
    seen.len()
}

/// The charts of a figure, in the order the window draws them.
fn charts_of(fig: &Figure) -> Vec<ChartFigure> {
    match fig {
        Figure::Chart(c) => vec![c.clone()],
        Figure::Compare(c) => vec![c.chart()],
        Figure::Pair(p) => [&p.left, &p.right]
            .into_iter()
            .flat_map(charts_of)
            .collect(),
        _ => Vec::new(),
    }
}

/// The figure audit (labels over lines, bars or markers; a legend over
/// data; texts over each other or cut) of each chart the page shows, laid
/// out at the size of its canvas in the window.
/// Returns how many charts it audited, and what it found.
fn chart_problems(
    hs: &egui_kittest::Harness<'_, hetscope::gui::HetscopeApp>,
) -> (usize, Vec<String>) {
    let Some(fig) = hs.state().figure() else {
        return (0, Vec::new());
    };
    let charts = charts_of(fig);
    let shown = hs
        .ctx
        .data(|d| d.get_temp::<(u64, Vec<ShownScene>)>(shown_scenes_id()))
        .map(|(_, v)| v)
        .unwrap_or_default();
    if charts.is_empty() || charts.len() != shown.len() {
        return (0, Vec::new());
    }
    let found = charts
        .iter()
        .zip(&shown)
        .flat_map(|(c, s)| {
            let (w, h) = (f64::from(s.canvas.width()), f64::from(s.canvas.height()));
            audit_chart(c, &layout(c, w, h))
                .into_iter()
                .map(move |p| format!("chart at {w:.0}x{h:.0}: {p}"))
        })
        .collect();
    (charts.len(), found)
}

/// Every page (every view of the registry, the classification and the
/// paper check) at 1920 x 1080 and 1280 x 800, on a paper-era platform,
/// a current node from its spec sheets, a measured node and an eight-GPU
/// node, each alone and compared with the next: no text under 11 px, none
/// cut across by a column's or the window's edge, no two texts over each
/// other, in the whole window (panels, cards, tables and figures). Each
/// page is drawn (wgpu on the CPU) and kept in a contact sheet a window
/// (`target/tmp/tour/SIZE-PLATFORM[+SECOND].png`).
#[test]
fn every_page_at_every_size_and_platform_is_legible() {
    let sizes = [(1920.0, 1080.0), (1280.0, 800.0)];
    let mut found = Vec::new();
    let mut pages_seen = 0;
    let mut charts_audited = 0;
    for (w, h) in sizes {
        let screen = Rect::from_min_max(Pos2::ZERO, Pos2::new(w, h));
        for (k, p) in PLATFORMS.iter().enumerate() {
            for pair in [false, true] {
                let mut hs = crate::common::builder()
                    .with_size(egui::vec2(w, h))
                    .wgpu()
                    .build_eframe(|_cc| hetscope::gui::HetscopeApp::default_state());
                let mut sheet = Sheet::new(w, h);
                assert!(hs.state_mut().use_platform(p), "{p}");
                let second = pair.then(|| PLATFORMS[(k + 1) % PLATFORMS.len()]);
                if let Some(q) = second {
                    assert!(hs.state_mut().compare_with(Some(q)), "{q}");
                }
                for tab in pages() {
                    hs.state_mut().session.tab = tab;
                    crate::common::until_computed(&mut hs);
                    hs.run();
                    let texts = painted(hs.output());
                    assert!(texts.len() > 20, "{tab:?} on {p}: the page shows its texts");
                    pages_seen += 1;
                    let at = format!(
                        "{w}x{h}, {p}{}, {tab:?}",
                        second.map_or(String::new(), |q| format!(" + {q}"))
                    );
                    let (charts, in_charts) = chart_problems(&hs);
                    charts_audited += charts;
                    found.extend(
                        audit(&texts, screen)
                            .into_iter()
                            .chain(in_charts)
                            .map(|f| format!("{at}: {f}")),
                    );
                    let shot = hs.render().expect("the page is drawn");
                    assert!(colours(&shot) > 40, "{at}: the picture is not blank");
                    sheet.add(&shot);
                }
                let name = format!(
                    "{w}x{h}-{p}{}",
                    second.map_or(String::new(), |q| format!("+{q}"))
                );
                sheet.save(&name);
            }
        }
    }
    assert_eq!(pages_seen, 2 * PLATFORMS.len() * 2 * pages().len());
    // Every chart page's charts, at the size the window gives them.
    assert!(charts_audited > 150, "charts audited: {charts_audited}");
    assert!(
        found.is_empty(),
        "{} problems:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The audit finds what it looks for: a small text, a cut one and two
/// over each other.
#[test]
fn the_audit_sees_small_cut_and_overlapping_texts() {
    let screen = Rect::from_min_max(Pos2::ZERO, Pos2::new(200.0, 100.0));
    let text = |words: &str, x: f32, w: f32, size: f32| {
        let ink = Rect::from_min_size(Pos2::new(x, 10.0), egui::vec2(w, 12.0));
        Painted {
            words: words.into(),
            ink,
            clip: screen,
            size,
            corners: [
                ink.left_top(),
                ink.right_top(),
                ink.right_bottom(),
                ink.left_bottom(),
            ],
        }
    };
    assert!(audit(&[text("fine", 10.0, 40.0, 12.0)], screen).is_empty());
    let small = audit(&[text("tiny", 10.0, 40.0, 9.0)], screen);
    assert!(small[0].contains("9.0 px"), "{small:?}");
    let cut = audit(&[text("edge", 180.0, 40.0, 12.0)], screen);
    assert!(cut[0].contains("cut"), "{cut:?}");
    let over = audit(
        &[text("a", 10.0, 40.0, 12.0), text("b", 30.0, 40.0, 12.0)],
        screen,
    );
    assert!(over[0].contains("'a' over 'b'"), "{over:?}");
    let apart = audit(
        &[text("a", 10.0, 40.0, 12.0), text("b", 60.0, 40.0, 12.0)],
        screen,
    );
    assert!(apart.is_empty(), "{apart:?}");
}

/// About and Help at both sizes: legible by the same audit, and About
/// shows every paper's title whole (no list cut short on a 1280 x 800
/// screen).
#[test]
fn about_and_help_show_whole_at_both_sizes() {
    use hetscope_core::paper_check::Paper;
    for (w, h) in [(1920.0, 1080.0), (1280.0, 800.0)] {
        let screen = Rect::from_min_max(Pos2::ZERO, Pos2::new(w, h));
        for about in [true, false] {
            let mut hs = crate::common::window(w, h);
            hs.state_mut().help.getting_started = false;
            hs.state_mut().help.about = about;
            hs.state_mut().help.help = !about;
            hs.run();
            // The window's own texts: clipped to its content (the page
            // under it is another layer).
            let all = painted(hs.output());
            let first = if about {
                "hetscope "
            } else {
                "Pick a platform at the top"
            };
            // (Painted after the page, in its content's clip.)
            let start = all
                .iter()
                .position(|t| t.words.starts_with(first))
                .expect("the window's first line");
            let content = all[start].clip;
            let texts: Vec<Painted> = all
                .into_iter()
                .skip(start)
                .filter(|t| content.expand(0.5).contains_rect(t.clip))
                .collect();
            assert!(texts.len() > 5, "{w}x{h} about={about}: the window's texts");
            let found = audit(&texts, screen);
            assert!(found.is_empty(), "{w}x{h} about={about}: {found:?}");
            if about {
                for p in Paper::ALL {
                    let whole = texts.iter().any(|t| {
                        t.words == p.title() && t.ink.intersect(t.clip).area() >= t.ink.area() - 1.0
                    });
                    assert!(whole, "{w}x{h}: About shows '{}' whole", p.title());
                }
            }
        }
    }
}
