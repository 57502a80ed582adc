//! `docs/cli-reference.md` holds the `--help` of `hetscope` and of every
//! subcommand and nested subcommand, as the command line prints it. This
//! test renders the same text from the clap command tree
//! (`hetscope::cli::Cli`) and compares the whole page, so that a changed
//! option or help text cannot leave the page behind. After a deliberate
//! change, `HETSCOPE_REFRESH_DOCS=1 cargo test -p hetscope --test main
//! cli_reference` writes the page again.

use std::path::PathBuf;

use clap::CommandFactory;

use hetscope::cli::Cli;

/// The environment variable that rewrites the page.
const REFRESH: &str = "HETSCOPE_REFRESH_DOCS";

/// The width the help is laid out for, whatever the terminal: the page
/// must not depend on where the test runs.
const WIDTH: usize = 100;

fn page_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join("cli-reference.md")
}

/// The command tree, laid out at a fixed width.
fn root() -> clap::Command {
    Cli::command().bin_name("hetscope").term_width(WIDTH)
}

/// What `hetscope PATH... --help` prints: clap's own answer to the
/// arguments (long help where a command has any, as the binary gives it).
fn help(path: &[String]) -> String {
    let args = std::iter::once("hetscope")
        .chain(path.iter().map(String::as_str))
        .chain(std::iter::once("--help"));
    match root().try_get_matches_from(args) {
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => e.render().to_string(),
        other => panic!("{}: no help ({other:?})", title(path)),
    }
}

/// Every command of the tree, depth first in the order `--help` lists
/// them: its path (`["presets", "list"]`) and its `--help`. clap's own
/// `help` subcommands are left out.
fn commands() -> Vec<(Vec<String>, String)> {
    fn walk(cmd: &clap::Command, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        out.push((path.clone(), help(path)));
        for sub in cmd.get_subcommands() {
            if sub.get_name() == "help" {
                continue;
            }
            path.push(sub.get_name().to_string());
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(&root(), &mut Vec::new(), &mut out);
    out
}

/// The command line of a path: `hetscope eval perdome`.
fn title(path: &[String]) -> String {
    std::iter::once("hetscope")
        .chain(path.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The GitHub anchor of a heading `` `hetscope eval perdome` ``.
fn anchor(path: &[String]) -> String {
    title(path).replace(' ', "-").to_lowercase()
}

/// The whole page.
fn render() -> String {
    let commands = commands();
    let mut page = String::from(
        "# Command-line reference\n\
         \n\
         The `--help` of `hetscope` and of every subcommand, as this version\n\
         prints it. This page is generated: `tests/rules/cli_reference.rs` checks it\n\
         against the command line, and after a change of an option or its help\n\
         `HETSCOPE_REFRESH_DOCS=1 cargo test -p hetscope --test main cli_reference`\n\
         writes it again. For a guide with examples, see\n\
         [the command line](command-line.md).\n\
         \n\
         ## Commands\n\
         \n",
    );
    for (path, _) in &commands {
        let indent = "  ".repeat(path.len().saturating_sub(1));
        page.push_str(&format!(
            "{indent}- [`{}`](#{})\n",
            title(path),
            anchor(path)
        ));
    }
    for (path, help) in &commands {
        assert!(
            !help.contains("```"),
            "{}: a fence in the help",
            title(path)
        );
        page.push_str(&format!(
            "\n## `{}`\n\n```text\n{}\n```\n",
            title(path),
            help.trim_end()
        ));
    }
    page
}

#[test]
fn the_cli_reference_is_the_help_of_every_command() {
    let page = render();
    let path = page_path();
    if std::env::var_os(REFRESH).is_some() {
        std::fs::write(&path, &page).expect("the page is written");
        return;
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    if on_disk == page {
        return;
    }
    let line = on_disk
        .lines()
        .zip(page.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| on_disk.lines().count().min(page.lines().count()));
    panic!(
        "docs/cli-reference.md is not the help of the command line (first difference at line {}: \
         {:?} on the page, {:?} now); after a deliberate change run \
         `{REFRESH}=1 cargo test -p hetscope --test main cli_reference`",
        line + 1,
        on_disk.lines().nth(line).unwrap_or(""),
        page.lines().nth(line).unwrap_or(""),
    );
}

#[test]
fn the_reference_is_what_the_binary_prints() {
    // The rendering above is the binary's own `--help`, whatever the
    // terminal's width.
    for (path, help) in commands() {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hetscope"))
            .args(&path)
            .arg("--help")
            .env("COLUMNS", "100")
            .output()
            .expect("the binary runs");
        assert!(out.status.success(), "{}", title(&path));
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            help.trim_end(),
            "{} --help",
            title(&path)
        );
    }
}

#[test]
fn every_command_is_on_the_page() {
    // Nested subcommands too: `presets list`, `eval perdome`, `fpm measure`.
    let titles: Vec<String> = commands().iter().map(|(p, _)| title(p)).collect();
    for expected in [
        "hetscope",
        "hetscope presets list",
        "hetscope eval perdome",
        "hetscope eval sensitivity",
        "hetscope export",
        "hetscope fpm measure",
        "hetscope measure cpu",
        "hetscope validate",
    ] {
        assert!(
            titles.iter().any(|t| t == expected),
            "{expected}: {titles:?}"
        );
    }
}
