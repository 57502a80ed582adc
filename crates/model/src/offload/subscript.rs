//! Affine array subscripts and their inter-thread stride: the IPDA idea of
//! the paper's Section IV-C (Chikin et al., its reference 12). The stride
//! between the accesses of threads t+1 and t is the subscript's coefficient
//! of the parallel loop index, IPD_{t1} - IPD_{t0}, kept symbolic in the
//! size parameters until their runtime values are known.
//!
//! Grammar (whitespace between tokens is free):
//!
//! ```text
//! access := IDENT '[' expr ']' | expr
//! expr   := ['+' | '-'] term (('+' | '-') term)*
//! term   := factor ('*' factor)*
//! factor := INTEGER | IDENT | '(' expr ')' | '-' factor
//! ```
//!
//! Identifiers named as loop indices are loop indices; every other
//! identifier is a size parameter. The subscript must be affine in the loop
//! indices: no term may multiply two loop indices (`i*j`, `i*i`); size
//! parameters may multiply anything (`i*n`, `n*n*k`).
//!
//! Classification, in elements: stride 0 (every thread reads the same
//! element: a broadcast, one transaction) and stride +1 or -1 (neighbouring
//! threads touch neighbouring elements, one segment per warp) are coalesced;
//! every other stride is uncoalesced, as in Hong & Kim's two-class model.
//!
//! The parser is in [`subscript_parse`](super::subscript_parse).

use std::collections::BTreeMap;
use std::fmt;

use super::OffloadError;

/// What went wrong in a subscript.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SubscriptProblem {
    /// A character that is no token (a control character written escaped,
    /// so the message stays one line).
    #[error("unexpected character `{}`", visible_text(&.0.to_string()))]
    BadChar(char),
    /// The text ended where more was needed.
    #[error("the text ends where {expected} was expected")]
    UnexpectedEnd { expected: &'static str },
    /// A token where another was needed.
    #[error("found `{}` where {expected} was expected", visible_text(.found))]
    Unexpected {
        found: String,
        expected: &'static str,
    },
    /// A product of two loop indices: not affine (the operands as typed,
    /// control characters escaped so the message stays one line).
    #[error(
        "`{}` times `{}` multiplies loop indices: the subscript must be affine in them",
        shortened(.left),
        shortened(.right)
    )]
    NotAffine { left: String, right: String },
    /// An integer or coefficient beyond 64 bits.
    #[error("integer too large (64 bits)")]
    Overflow,
    /// Parentheses or minus signs nested deeper than the parser reads.
    #[error("nested too deep: at most {limit} levels of parentheses and minus signs")]
    TooDeep { limit: usize },
    /// A subscript longer than any loop needs.
    #[error("{chars} characters long: at most {limit}")]
    TooLong { chars: usize, limit: usize },
}

/// An unreadable subscript: the text, the 1-based column (in characters) of
/// the problem, and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("subscript `{}`, column {column}: {problem}", shortened(.text))]
pub struct SubscriptError {
    pub text: String,
    pub column: usize,
    pub problem: SubscriptProblem,
}

/// `text` as an error message quotes it: at most 60 characters, control
/// characters (line breaks) escaped.
fn shortened(text: &str) -> String {
    const SHOWN: usize = 60;
    if text.chars().count() <= SHOWN {
        visible_text(text)
    } else {
        let head: String = text.chars().take(SHOWN).collect();
        format!("{}…", visible_text(&head))
    }
}

/// A polynomial over the identifiers with integer coefficients, affine in
/// the loop indices: each term is a sorted list of identifiers and its
/// coefficient (the empty list is the constant).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Subscript {
    terms: BTreeMap<Vec<String>, i64>,
}

impl Subscript {
    pub(super) fn constant(c: i64) -> Subscript {
        let mut terms = BTreeMap::new();
        if c != 0 {
            terms.insert(Vec::new(), c);
        }
        Subscript { terms }
    }

    pub(super) fn ident(name: &str) -> Subscript {
        let mut terms = BTreeMap::new();
        terms.insert(vec![name.to_string()], 1);
        Subscript { terms }
    }

    pub(super) fn add(&self, other: &Subscript, sign: i64) -> Option<Subscript> {
        let mut terms = self.terms.clone();
        for (m, c) in &other.terms {
            let e = terms.entry(m.clone()).or_insert(0);
            *e = e.checked_add(c.checked_mul(sign)?)?;
        }
        terms.retain(|_, c| *c != 0);
        Some(Subscript { terms })
    }

    pub(super) fn mul(&self, other: &Subscript) -> Option<Subscript> {
        let mut out = Subscript::default();
        for (ma, ca) in &self.terms {
            for (mb, cb) in &other.terms {
                let mut m = ma.clone();
                m.extend(mb.iter().cloned());
                m.sort();
                let e = out.terms.entry(m).or_insert(0);
                *e = e.checked_add(ca.checked_mul(*cb)?)?;
            }
        }
        out.terms.retain(|_, c| *c != 0);
        Some(out)
    }

    pub(super) fn loop_degree(&self, indices: &[&str]) -> usize {
        self.terms
            .keys()
            .map(|m| m.iter().filter(|v| indices.contains(&v.as_str())).count())
            .max()
            .unwrap_or(0)
    }

    /// The coefficient of loop index `index`: the symbolic inter-thread
    /// stride when `index` is the parallel one (zero when it does not occur).
    pub fn coefficient(&self, index: &str) -> Subscript {
        let mut terms = BTreeMap::new();
        for (m, c) in &self.terms {
            if let Some(pos) = m.iter().position(|v| v == index) {
                let mut rest = m.clone();
                rest.remove(pos);
                terms.insert(rest, *c);
            }
        }
        Subscript { terms }
    }

    /// The value with every identifier replaced by its size; `Err` names the
    /// first identifier without a value.
    pub fn eval(&self, sizes: &[(&str, i64)]) -> Result<i128, NoValue> {
        let mut sum: i128 = 0;
        for (m, c) in &self.terms {
            sum = sum.saturating_add(term_value(*c, m.iter(), sizes)?);
        }
        Ok(sum)
    }

    /// `self.coefficient(index).eval(sizes)` without building the
    /// coefficient (a drag evaluates strides at every size it draws).
    pub fn coefficient_at(&self, index: &str, sizes: &[(&str, i64)]) -> Result<i128, NoValue> {
        let mut sum: i128 = 0;
        for (m, c) in &self.terms {
            if let Some(pos) = m.iter().position(|v| v == index) {
                let rest = m.iter().enumerate().filter(|(k, _)| *k != pos);
                sum = sum.saturating_add(term_value(*c, rest.map(|(_, v)| v), sizes)?);
            }
        }
        Ok(sum)
    }
}

/// `c` times the sizes of the identifiers `vars`; `Err` names the first
/// without a value.
fn term_value<'a>(
    c: i64,
    vars: impl Iterator<Item = &'a String>,
    sizes: &[(&str, i64)],
) -> Result<i128, NoValue> {
    let mut p = i128::from(c);
    for v in vars {
        let x = sizes
            .iter()
            .find(|(name, _)| name == v)
            .map(|(_, x)| *x)
            .ok_or_else(|| NoValue(v.clone()))?;
        p = p.saturating_mul(i128::from(x));
    }
    Ok(p)
}

impl fmt::Display for Subscript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return write!(f, "0");
        }
        // Highest-degree terms first, the constant last.
        let mut terms: Vec<_> = self.terms.iter().collect();
        terms.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(b.0)));
        for (k, (m, c)) in terms.into_iter().enumerate() {
            let mag = c.unsigned_abs();
            match (k, *c < 0) {
                (0, true) => write!(f, "-")?,
                (0, false) => {}
                (_, true) => write!(f, " - ")?,
                (_, false) => write!(f, " + ")?,
            }
            let mut parts: Vec<String> = Vec::new();
            if mag != 1 || m.is_empty() {
                parts.push(mag.to_string());
            }
            parts.extend(m.iter().cloned());
            write!(f, "{}", parts.join("*"))?;
        }
        Ok(())
    }
}

/// How a warp's accesses fall into memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coalescing {
    /// Stride 0: all threads read one element.
    Broadcast,
    /// Stride +1 or -1: neighbouring elements.
    Unit,
    /// Any other stride, in elements.
    Strided(i128),
}

impl Coalescing {
    /// Broadcast and unit stride are coalesced.
    pub fn is_coalesced(self) -> bool {
        !matches!(self, Coalescing::Strided(_))
    }

    /// The class of an inter-thread stride in elements.
    pub fn of_stride(stride: i128) -> Coalescing {
        match stride {
            0 => Coalescing::Broadcast,
            1 | -1 => Coalescing::Unit,
            s => Coalescing::Strided(s),
        }
    }
}

/// A parsed array access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// The array name, when written as `A[...]`.
    pub array: Option<String>,
    /// The text as given.
    pub text: String,
    /// The subscript.
    pub subscript: Subscript,
}

/// An identifier of a subscript that was given no value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` has no value")]
pub struct NoValue(pub String);

impl Access {
    /// The symbolic stride between neighbouring threads when `parallel` is
    /// the parallel loop index.
    pub fn symbolic_stride(&self, parallel: &str) -> Subscript {
        self.subscript.coefficient(parallel)
    }

    /// The stride in elements at the runtime `sizes`.
    pub fn stride(&self, parallel: &str, sizes: &[(&str, i64)]) -> Result<i128, OffloadError> {
        self.subscript
            .coefficient_at(parallel, sizes)
            .map_err(|NoValue(name)| OffloadError::UnknownSize {
                subscript: self.text.clone(),
                name,
            })
    }

    /// The coalescing class at the runtime `sizes`.
    pub fn coalescing(
        &self,
        parallel: &str,
        sizes: &[(&str, i64)],
    ) -> Result<Coalescing, OffloadError> {
        Ok(Coalescing::of_stride(self.stride(parallel, sizes)?))
    }
}

/// `text` with its control and invisible characters escaped (one line).
fn visible_text(text: &str) -> String {
    crate::format::visible(text).into_owned()
}

#[cfg(test)]
mod tests {
    use super::SubscriptProblem;

    #[test]
    fn operands_of_a_product_are_quoted_on_one_line() {
        let e = SubscriptProblem::NotAffine {
            left: "j".into(),
            right: "-\n (k+1)".into(),
        };
        assert_eq!(
            e.to_string(),
            "`j` times `-\\n (k+1)` multiplies loop indices: the subscript must be affine in them"
        );
    }

    #[test]
    fn a_coefficient_at_sizes_is_the_coefficient_evaluated() {
        use crate::offload::subscript_parse::parse_access;
        let idx = ["i", "j", "k"];
        let sizes = [("n", 9600), ("m", 7), ("i", 3), ("j", 5), ("k", 11)];
        for text in [
            "A[i*n + k]",
            "B[k*n + j]",
            "C[(i + 2)*n*m + j - 3]",
            "D[n*n*k + n*j + i]",
            "x[7]",
            "y[q*i + j]",
        ] {
            let a = parse_access(text, &idx).unwrap();
            for index in ["i", "j", "k", "n"] {
                assert_eq!(
                    a.subscript.coefficient_at(index, &sizes),
                    a.subscript.coefficient(index).eval(&sizes),
                    "{text} along {index}"
                );
            }
        }
    }
}
