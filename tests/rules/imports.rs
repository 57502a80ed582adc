//! No circle of imports between files, of any length: in every crate of
//! the workspace, each source file's paths (`crate::`, `super::`,
//! `self::`, a child module's name in a `use`, and the names in `use
//! ...::{...}`) are resolved to the files that define them, and every
//! strongly connected set of more than one file fails, named with a
//! circle through it. A type that several files need lives in the file
//! that defines the concept, or in a shared one (see ARCHITECTURE.md).
//! Test modules are left out: a test may use what it tests.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::sources::{crate_sources, root, rust_files};

/// A module path inside a crate, e.g. `["gui", "jobs"]`.
type ModPath = Vec<String>;

/// The module path of a file (`mod.rs`, `lib.rs`, `main.rs` name their
/// folder's module).
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).expect("inside its crate");
    let mut parts: ModPath = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code of a file without its test module and its comments.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module a path starts from: `crate::` the root, `self::` the file's
/// own module, each `super::` one level up.
fn start_of(prefix: &str, own: &ModPath) -> ModPath {
    match prefix {
        "crate::" => Vec::new(),
        "self::" => own.clone(),
        _ => {
            let up = prefix.matches("super::").count();
            own[..own.len().saturating_sub(up)].to_vec()
        }
    }
}

/// The paths a file's code names, each as the module path it starts from
/// plus its segments.
fn named_paths(code: &str, own: &ModPath) -> Vec<ModPath> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let prefix = ["crate::", "self::", "super::"]
            .into_iter()
            .find(|p| rest.starts_with(p));
        let boundary = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let Some(prefix) = prefix.filter(|_| boundary) else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        // Take every `super::` of the chain.
        let mut start = prefix.len();
        while code[i + start..].starts_with("super::") {
            start += "super::".len();
        }
        let base = start_of(&code[i..i + start], own);
        let tail = &code[i + start..];
        if let Some(group) = tail.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                out.push(with_segments(&base, item));
            }
        } else {
            out.push(with_segments(&base, tail));
        }
        i += start;
    }
    out
}

/// `base` followed by the `a::b::c` segments at the start of `text`.
fn with_segments(base: &ModPath, text: &str) -> ModPath {
    let mut path = base.clone();
    let words = text.trim_start().split("::");
    for w in words {
        let name: String = w
            .trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() || name == "self" {
            break;
        }
        let whole_word = w.trim().len() == name.len();
        path.push(name);
        if !whole_word {
            break;
        }
    }
    path
}

/// The paths of a file's private `use` items that start at one of its
/// own child modules (`use scenario::X;` in a `mod.rs`), as module paths.
/// (`pub use` items are taken out of the code first: see [`reexports`].)
fn child_uses(code: &str, own: &ModPath, modules: &BTreeMap<ModPath, PathBuf>) -> Vec<ModPath> {
    let mut out = Vec::new();
    for part in code.split("use ").skip(1) {
        let head: String = part
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut child = own.clone();
        child.push(head.clone());
        if head.is_empty() || !part[head.len()..].starts_with("::") || !modules.contains_key(&child)
        {
            continue;
        }
        out.extend(group_paths(&child, &part[head.len() + 2..]));
    }
    out
}

/// The paths of `text` after `base::` (a group `{a, b::c}` gives one
/// path a name).
fn group_paths(base: &ModPath, text: &str) -> Vec<ModPath> {
    match text.trim_start().strip_prefix('{') {
        Some(group) => {
            let end = group.find('}').unwrap_or(group.len());
            group[..end]
                .split(',')
                .map(|item| with_segments(base, item))
                .collect()
        }
        None => vec![with_segments(base, text)],
    }
}

/// The `pub use` items of a file (re-exports: no dependency of the file
/// itself, a path through them leads on to what they name) and its code
/// without them.
fn pub_uses(
    code: &str,
    own: &ModPath,
    modules: &BTreeMap<ModPath, PathBuf>,
) -> (Vec<ModPath>, String) {
    let mut found = Vec::new();
    let mut rest_of_code = String::new();
    let mut rest = code;
    while let Some((at, keyword)) = ["pub use ", "pub(crate) use "]
        .into_iter()
        .filter_map(|k| Some((rest.find(k)?, k)))
        .min()
    {
        rest_of_code.push_str(&rest[..at]);
        let item = &rest[at + keyword.len()..];
        let end = item.find(';').unwrap_or(item.len());
        let path = item[..end].trim();
        let prefix = ["crate::", "self::", "super::"]
            .into_iter()
            .find(|p| path.starts_with(p));
        let (base, tail) = match prefix {
            Some(_) => {
                let mut start = 0;
                while let Some(p) = ["crate::", "self::", "super::"]
                    .into_iter()
                    .find(|p| path[start..].starts_with(p))
                {
                    start += p.len();
                }
                (Some(start_of(&path[..start], own)), &path[start..])
            }
            None => {
                let head: String = path
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let mut child = own.clone();
                child.push(head.clone());
                let known = !head.is_empty() && modules.contains_key(&child);
                (
                    known.then_some(child),
                    path.get(head.len() + 2..).unwrap_or(""),
                )
            }
        };
        if let Some(base) = base {
            found.extend(group_paths(&base, tail));
        }
        rest = &item[end..];
    }
    rest_of_code.push_str(rest);
    (found, rest_of_code)
}

/// The names a file re-exports, and the path each leads to.
fn reexports(
    code: &str,
    own: &ModPath,
    modules: &BTreeMap<ModPath, PathBuf>,
) -> BTreeMap<String, ModPath> {
    pub_uses(code, own, modules)
        .0
        .into_iter()
        .filter_map(|path| Some((path.last()?.clone(), path)))
        .collect()
}

/// The file that defines what `path` names: the longest module prefix,
/// followed through the re-exports of a `mod.rs` or `lib.rs` to the file
/// that defines the name.
fn file_of(
    path: &ModPath,
    modules: &BTreeMap<ModPath, PathBuf>,
    exported: &BTreeMap<&ModPath, BTreeMap<String, ModPath>>,
) -> Option<ModPath> {
    let mut path = path.clone();
    for _ in 0..8 {
        let k = (0..=path.len())
            .rev()
            .find(|k| modules.contains_key(&path[..*k]))?;
        let module = path[..k].to_vec();
        let next = path
            .get(k)
            .and_then(|name| exported.get(&module)?.get(name));
        match next {
            Some(target) if *target != path => {
                let mut followed = target.clone();
                followed.extend_from_slice(&path[k + 1..]);
                path = followed;
            }
            _ => return Some(module),
        }
    }
    None
}

/// Every file of one crate and the files it imports.
fn import_graph(
    src: &Path,
) -> (
    BTreeMap<ModPath, PathBuf>,
    BTreeMap<ModPath, BTreeSet<ModPath>>,
) {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeMap<ModPath, PathBuf> = files
        .iter()
        .map(|f| (module_of(src, f), f.clone()))
        .collect();
    let codes: BTreeMap<&ModPath, String> = modules
        .iter()
        .map(|(m, f)| (m, code(&std::fs::read_to_string(f).expect("a source file"))))
        .collect();
    let exported: BTreeMap<&ModPath, BTreeMap<String, ModPath>> = codes
        .iter()
        .map(|(m, c)| (*m, reexports(c, m, &modules)))
        .collect();
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for own in modules.keys() {
        let (_, code) = pub_uses(&codes[own], own, &modules);
        let targets = edges.entry(own.clone()).or_default();
        let paths = named_paths(&code, own)
            .into_iter()
            .chain(child_uses(&code, own, &modules));
        for path in paths {
            if let Some(target) = file_of(&path, &modules, &exported).filter(|t| t != own) {
                targets.insert(target);
            }
        }
    }
    (modules, edges)
}

/// Every circle of imports between files of one crate: one per strongly
/// connected set of files (Tarjan), written as a path through it back to
/// its start.
fn import_circles(src: &Path) -> Vec<String> {
    let (modules, edges) = import_graph(src);
    let rel = |m: &ModPath| {
        let f = &modules[m];
        f.strip_prefix(root()).unwrap_or(f).display().to_string()
    };
    strongly_connected(&edges)
        .into_iter()
        .filter(|set| set.len() > 1)
        .map(|set| {
            let circle = circle_through(&set, &edges);
            let circle = circle.iter().map(&rel).collect::<Vec<_>>().join(" -> ");
            let inside: Vec<String> = set
                .iter()
                .flat_map(|a| {
                    edges[a]
                        .iter()
                        .filter(|b| set.contains(*b))
                        .map(|b| format!("{} -> {}", rel(a), rel(b)))
                        .collect::<Vec<_>>()
                })
                .collect();
            format!("{circle}\n  (imports inside: {})", inside.join("; "))
        })
        .collect()
}

/// The strongly connected sets of a directed graph (Tarjan's algorithm,
/// written without recursion).
fn strongly_connected<N: Ord + Clone>(edges: &BTreeMap<N, BTreeSet<N>>) -> Vec<BTreeSet<N>> {
    let nodes: Vec<&N> = edges.keys().collect();
    let index_of: BTreeMap<&N, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            edges[*n]
                .iter()
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut sets, mut next) = (Vec::new(), Vec::new(), 0);
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, next successor to visit)
        let mut work = vec![(root, 0)];
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k == 0 && index[v] == usize::MAX {
                (index[v], low[v]) = (next, next);
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = succ[v].get(*k) {
                *k += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut set = BTreeSet::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    set.insert(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                sets.push(set);
            }
        }
    }
    sets
}

/// A circle inside the strongly connected `set`: from its first node,
/// the shortest way back to it (breadth first within the set).
fn circle_through<N: Ord + Clone>(set: &BTreeSet<N>, edges: &BTreeMap<N, BTreeSet<N>>) -> Vec<N> {
    let start = set.iter().next().expect("a node").clone();
    let mut came_from: BTreeMap<N, N> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(v) = queue.pop_front() {
        for w in edges[&v].iter().filter(|w| set.contains(*w)) {
            if *w == start {
                let mut path = vec![v.clone()];
                let mut at = v.clone();
                while at != start {
                    at = came_from[&at].clone();
                    path.push(at.clone());
                }
                path.reverse();
                path.push(start);
                return path;
            }
            if !came_from.contains_key(w) {
                came_from.insert(w.clone(), v.clone());
                queue.push_back(w.clone());
            }
        }
    }
    vec![start]
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    let found: Vec<String> = crate_sources()
        .iter()
        .flat_map(|src| import_circles(src))
        .collect();
    assert!(
        found.is_empty(),
        "circles of imports between files:\n{}",
        found.join("\n")
    );
}

#[test]
fn circles_of_any_length_are_found() {
    let graph = |pairs: &[(u8, u8)]| {
        let mut g: BTreeMap<u8, BTreeSet<u8>> = BTreeMap::new();
        for (a, b) in pairs {
            g.entry(*a).or_default().insert(*b);
            g.entry(*b).or_default();
        }
        g
    };
    let sets = |g| {
        strongly_connected(&g)
            .into_iter()
            .filter(|s| s.len() > 1)
            .collect::<Vec<_>>()
    };
    assert!(
        sets(graph(&[(1, 2), (2, 3), (1, 3)])).is_empty(),
        "no circle"
    );
    let g = graph(&[(1, 2), (2, 3), (3, 4), (4, 1), (4, 5)]);
    let found = sets(g.clone());
    assert_eq!(found, vec![BTreeSet::from([1, 2, 3, 4])]);
    assert_eq!(circle_through(&found[0], &g), vec![1, 2, 3, 4, 1]);
}

#[test]
fn the_reader_resolves_relative_and_grouped_paths() {
    let own: ModPath = vec!["gui".into(), "jobs".into()];
    let paths = named_paths(
        "use super::context::ViewContext;\nuse crate::{figure::View, preset};\nlet x = self::inner::f();",
        &own,
    );
    let as_text: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        as_text,
        [
            "gui::context::ViewContext",
            "figure::View",
            "preset",
            "gui::jobs::inner::f"
        ]
    );
    assert!(named_paths("let supercrate::x = 1;", &own).is_empty());
}
