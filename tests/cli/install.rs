//! hetscope on the desktop: the desktop entry (checked by
//! `desktop-file-validate`), the icon's PNG sizes (rendered from its SVG),
//! the session files' MIME type (its magic is what `hetscope session`
//! writes first), shell completions, manual pages, `--version` with the
//! commit, and `packaging/install.sh` into a fresh home.

use std::path::Path;
use std::process::Command;

use crate::common::{fails, ok};

const SIZES: [u32; 6] = [16, 32, 48, 64, 128, 256];

#[test]
fn the_desktop_entry_is_valid_and_opens_session_files() {
    let out = Command::new("desktop-file-validate")
        .arg("packaging/hetscope.desktop")
        .output()
        .expect("desktop-file-validate (Debian's desktop-file-utils) runs");
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && said.trim().is_empty(), "{said}");
    let entry = std::fs::read_to_string("packaging/hetscope.desktop").unwrap();
    assert!(entry.contains("Exec=hetscope %f") && entry.contains("Icon=hetscope"));
    assert!(entry.contains("MimeType=application/x-hetscope-session;"));
}

#[test]
fn the_mime_magic_is_what_a_session_file_starts_with() {
    let xml = std::fs::read_to_string("packaging/hetscope-session.xml").unwrap();
    assert!(xml.contains(r#"<mime-type type="application/x-hetscope-session">"#));
    let magic = xml
        .split(r#"type="string" offset="0" value=""#)
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a string magic at offset 0");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    let p = path.to_str().unwrap();
    ok(&["session", "--platform", "h100-node-measured", "--out", p]);
    let text = std::fs::read_to_string(&path).expect("the session file");
    assert!(
        text.starts_with(magic),
        "{magic:?} against {:?}",
        &text[..40]
    );
}

#[test]
fn the_icon_sizes_are_the_svg_rendered() {
    let svg = std::fs::read_to_string("packaging/hetscope.svg").expect("the icon");
    for side in SIZES {
        let png = hetscope::export::icon_png(&svg, side).expect("rendered");
        let path = format!("packaging/icons/hetscope-{side}.png");
        if std::env::var_os("HETSCOPE_REFRESH_IMAGES").is_some() {
            std::fs::create_dir_all("packaging/icons").unwrap();
            std::fs::write(&path, &png).unwrap();
        }
        let shipped = std::fs::read(&path).expect("the shipped PNG");
        assert_eq!(shipped, png, "{path} is not the SVG at {side} px");
        // A PNG of that size with transparent corners.
        assert_eq!(&png[1..4], b"PNG");
        let (w, h) = (
            u32::from_be_bytes(png[16..20].try_into().unwrap()),
            u32::from_be_bytes(png[20..24].try_into().unwrap()),
        );
        assert_eq!((w, h), (side, side));
    }
}

#[test]
fn completions_name_every_subcommand_and_parse() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = ok(&["completions", shell]);
        for sub in [
            "eval",
            "export",
            "measure",
            "validate",
            "completions",
            "man",
        ] {
            assert!(script.contains(sub), "{shell}: {sub}");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hetscope.bash");
    std::fs::write(&path, ok(&["completions", "bash"])).unwrap();
    let check = Command::new("bash").arg("-n").arg(&path).output().unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    fails(&["completions", "tcsh"], 2, "tcsh");
}

#[test]
fn the_manual_has_a_page_per_command() {
    let page = ok(&["man"]);
    assert!(page.contains(".TH hetscope 1"), "{}", &page[..200]);
    assert!(page.contains("Desktop visualizer") && page.contains("validate"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man1");
    let said = ok(&["man", "--out-dir", out.to_str().unwrap()]);
    for name in [
        "hetscope",
        "hetscope-eval",
        "hetscope-eval-perdome",
        "hetscope-measure-loops",
    ] {
        let p = out.join(format!("{name}.1"));
        let text = std::fs::read_to_string(&p).unwrap_or_else(|_| panic!("{name}.1"));
        assert!(text.contains(&format!(".TH {name} 1")), "{name}");
        assert!(said.contains(&p.display().to_string()));
    }
    // A folder that cannot be made is named.
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let bad = file.join("man1");
    fails(&["man", "--out-dir", bad.to_str().unwrap()], 1, "a-file");
}

#[test]
fn the_version_names_the_commit() {
    let v = ok(&["--version"]);
    let inner = v
        .trim()
        .strip_prefix(&format!("hetscope {} (", env!("CARGO_PKG_VERSION")))
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{v}"));
    let commit = inner.trim_end_matches("-modified");
    assert!(
        commit == "unknown"
            || (commit.len() == 12 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "{v}"
    );
}

#[test]
fn the_install_script_puts_everything_in_place_for_one_user() {
    let home = tempfile::tempdir().unwrap();
    let out = Command::new("sh")
        .arg("packaging/install.sh")
        .env("HOME", home.path())
        .env_remove("XDG_DATA_HOME")
        .env("HETSCOPE_BIN", env!("CARGO_BIN_EXE_hetscope"))
        .output()
        .expect("sh runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let data = home.path().join(".local/share");
    let mut want = vec![
        "applications/hetscope.desktop".to_string(),
        "mime/packages/hetscope-session.xml".into(),
        "icons/hicolor/scalable/apps/hetscope.svg".into(),
        "bash-completion/completions/hetscope".into(),
        "zsh/site-functions/_hetscope".into(),
        "fish/vendor_completions.d/hetscope.fish".into(),
        "man/man1/hetscope.1".into(),
        "man/man1/hetscope-export.1".into(),
    ];
    want.extend(SIZES.map(|s| format!("icons/hicolor/{s}x{s}/apps/hetscope.png")));
    for f in want {
        let p = data.join(&f);
        assert!(is_file_with_content(&p), "{f}");
    }
}

fn is_file_with_content(p: &Path) -> bool {
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() > 0)
}
