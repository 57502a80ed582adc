//! The window's tables driven headlessly with egui_kittest: the paper
//! check's columns resize by a drag of the line after a header, scroll
//! sideways, and a long cell shows its whole text on hover; the FPM
//! devices table names the unit of every column and shows a long device
//! name whole.

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::gui::HetscopeApp;
use hetscope::paper_check::all_rows;

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::window(1000.0, 800.0)
}

#[test]
fn the_paper_check_columns_resize_scroll_and_show_long_text_whole() {
    let mut h = harness();
    h.get_by_label("Paper check").click();
    h.run();
    for title in [
        "Where",
        "Quantity",
        "Printed",
        "hetscope",
        "Rel. diff (%)",
        "Reason",
    ] {
        assert!(h.query_by_label(title).is_some(), "header {title}");
    }
    // The longest quantity among the first rows: cut to its column ...
    let rows = all_rows();
    let once = |q: &String| rows.iter().filter(|r| r.quantity == *q).count() == 1;
    let long = rows
        .iter()
        .take(12)
        .map(|r| r.quantity.clone())
        .filter(once)
        .max_by_key(String::len)
        .expect("rows");
    assert!(long.len() > 45, "{long}");
    let cell = h.get_by_label(&long);
    assert_eq!(h.query_all_by_label(&long).count(), 1);
    let cut = cell.rect().width();
    // ... and whole on hover.
    cell.hover();
    h.run();
    assert_eq!(
        h.query_all_by_label(&long).count(),
        2,
        "the cell and its tooltip"
    );
    h.remove_cursor();
    h.run();

    // Drag the line after "Quantity" as far as the quantity needs: its
    // column widens, the next moves.
    let style = h.ctx.style_of(h.ctx.theme());
    let font = egui::TextStyle::Body.resolve(&style);
    let whole = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(long.clone(), font, egui::Color32::BLACK)
            .size()
            .x
    });
    let need = (whole - cut + 16.0).max(40.0);
    let next = h.get_by_label("Printed").rect();
    let grip = egui::pos2(next.left() - 6.0, next.center().y);
    crate::common::drag(&mut h, grip, grip + egui::vec2(need, 0.0), 5);
    let moved = h.get_by_label("Printed").rect().left() - next.left();
    assert!(
        (moved - need).abs() < 2.0,
        "Printed moved by {moved} of {need}"
    );
    // The quantity now shows whole: wider, and no tooltip to say it.
    let wider = h.get_by_label(&long).rect().width();
    assert!(wider > cut + 5.0, "the quantity's cell: {cut} -> {wider}");
    h.get_by_label(&long).hover();
    h.run();
    assert_eq!(h.query_all_by_label(&long).count(), 1);
    h.remove_cursor();
    h.run();

    // Wider than the window: the table scrolls sideways.
    let reason_x = h.get_by_label("Reason").rect().left();
    let reason_end = h.get_by_label("Reason").rect().right();
    assert!(
        reason_end > 1000.0,
        "Reason ends at {reason_end}, out of view"
    );
    h.get_by_label("Reason").scroll_to_me();
    h.run();
    let scrolled = h.get_by_label("Reason").rect();
    assert!(
        scrolled.left() < reason_x - 20.0 && scrolled.right() < 1000.0,
        "{reason_x} -> {scrolled:?}"
    );
    // ... and the header stays on top of the rows.
    assert!(scrolled.bottom() <= h.get_by_label(&long).rect().top());
}

#[test]
fn the_fpm_devices_table_names_its_units_and_whole_device_names() {
    let mut h = harness();
    h.get_by_label("FPM partitioning").click();
    h.run();
    let long = "NVIDIA GeForce GTX 680 (Kepler, 1536 cores, measured in 2012)";
    h.state_mut().session.fpm.devices[0].name = long.to_string();
    h.run();
    for title in [
        "Memory limit (blocks)",
        "Contention (factor)",
        "Socket (number)",
        "Out of core (factor)",
    ] {
        // (Each device's card names its fields.)
        assert!(h.query_all_by_label(title).count() >= 1, "field {title}");
    }
    let field = h
        .query_all_by_role(Role::MultilineTextInput)
        .find(|n| n.value().as_deref() == Some(long))
        .expect("the name's field");
    let style = h.ctx.style_of(h.ctx.theme());
    let font = egui::TextStyle::Body.resolve(&style);
    let text = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(long.to_string(), font, egui::Color32::BLACK)
            .size()
            .x
    });
    // Whole on one line, or wrapped over the lines of its field.
    let row = h
        .ctx
        .fonts_mut(|f| f.row_height(&egui::TextStyle::Body.resolve(&style)));
    let lines = (field.rect().height() / row).floor().max(1.0);
    assert!(
        field.rect().width() * lines >= text,
        "the field ({} x {lines} lines, {:?}) holds the whole name ({text})",
        field.rect().width(),
        field.rect()
    );
}
