//! One pass over a CSV file's records that stays one pass however long
//! the file: the line of each record counted from the last one
//! ([`Lines`]), and a row's earlier twin found by the hash of its key
//! ([`Twins`]), so that a file of a million rows is read in linear time
//! without a string allocated per row.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The line (from 1) of the record that the reader places at `byte`: the
/// reader may place a record's start on the line end before it (after a
/// CRLF), so line ends are skipped; with `comments`, `#` comment lines
/// too.
pub(crate) fn line_at(text: &str, byte: u64, comments: bool) -> u64 {
    Lines::new(text, comments).at(byte)
}

/// The lines of records read in order: each call counts the line ends
/// between the last record and this one only.
pub(crate) struct Lines<'t> {
    bytes: &'t [u8],
    comments: bool,
    /// Where counting stopped, and the line ends before it.
    counted_to: usize,
    line_ends: u64,
}

impl<'t> Lines<'t> {
    pub(crate) fn new(text: &'t str, comments: bool) -> Lines<'t> {
        Lines {
            bytes: text.as_bytes(),
            comments,
            counted_to: 0,
            line_ends: 0,
        }
    }

    /// The line of the record the reader places at `byte` (see
    /// [`line_at`]); a byte before the last one asked is counted from
    /// the start again.
    pub(crate) fn at(&mut self, byte: u64) -> u64 {
        let bytes = self.bytes;
        let mut at = usize::try_from(byte)
            .unwrap_or(bytes.len())
            .min(bytes.len());
        while at < bytes.len() {
            match bytes[at] {
                b'\n' | b'\r' => at += 1,
                b'#' if self.comments => {
                    while at < bytes.len() && bytes[at] != b'\n' {
                        at += 1;
                    }
                }
                _ => break,
            }
        }
        if at < self.counted_to {
            (self.counted_to, self.line_ends) = (0, 0);
        }
        let ends = bytes[self.counted_to..at].iter().filter(|b| **b == b'\n');
        self.line_ends += ends.count() as u64;
        self.counted_to = at;
        1 + self.line_ends
    }
}

/// The items of a file seen so far by the hash of their key (the first
/// of each hash): an item's earlier twin found in constant time.
#[derive(Default)]
pub(crate) struct Twins {
    first: HashMap<u64, usize>,
}

impl Twins {
    /// The index in `earlier` of an item `same` as `item`, whose key is
    /// `key`; `item` is taken to be pushed next onto `earlier`.
    pub(crate) fn find<T>(
        &mut self,
        earlier: &[T],
        item: &T,
        key: impl Hash,
        same: impl Fn(&T, &T) -> bool,
    ) -> Option<usize> {
        let mut h = DefaultHasher::new();
        key.hash(&mut h);
        match self.first.get(&h.finish()) {
            Some(&i) if earlier.get(i).is_some_and(|q| same(q, item)) => Some(i),
            // Two keys of one hash: every earlier item is looked at.
            Some(_) => earlier.iter().position(|q| same(q, item)),
            None => {
                self.first.insert(h.finish(), earlier.len());
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_line_ends_and_comments() {
        let text = "a\r\n# c\nb\n";
        assert_eq!(line_at(text, 1, false), 2);
        assert_eq!(line_at(text, 3, true), 3);
        let mut lines = Lines::new(text, true);
        assert_eq!(lines.at(0), 1);
        assert_eq!(lines.at(3), 3);
        // Asked again from before: counted from the start.
        assert_eq!(lines.at(1), 3);
        assert_eq!(Lines::new(text, false).at(1), 2);
    }

    #[test]
    fn a_long_file_is_counted_once() {
        let text = "x\n".repeat(200_000);
        let mut lines = Lines::new(&text, false);
        let start = std::time::Instant::now();
        for k in 0..200_000u64 {
            assert_eq!(lines.at(2 * k), k + 1);
        }
        assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
    }

    #[test]
    fn twins_are_found_by_key() {
        let items = ["a", "b", "a", "c", "b"];
        let mut twins = Twins::default();
        let mut earlier: Vec<&str> = Vec::new();
        let mut found = Vec::new();
        for it in items {
            found.push(twins.find(&earlier, &it, it, |x, y| x == y));
            earlier.push(it);
        }
        assert_eq!(found, [None, None, Some(0), None, Some(1)]);
        // One hash for every key: the twins are still told apart.
        let mut twins = Twins::default();
        let mut earlier: Vec<&str> = Vec::new();
        let mut found = Vec::new();
        for it in items {
            found.push(twins.find(&earlier, &it, 0u8, |x, y| x == y));
            earlier.push(it);
        }
        assert_eq!(found, [None, None, Some(0), None, Some(1)]);
    }
}
