//! The parser of the subscript language described in
//! [`subscript`](super::subscript): tokens with their 1-based columns, then
//! recursive descent building the polynomial, rejecting products of loop
//! indices where they occur.

use super::subscript::{Access, Subscript, SubscriptError, SubscriptProblem};

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Int(i64),
    Ident(String),
    Sym(char),
}

impl Tok {
    fn show(&self) -> String {
        match self {
            Tok::Int(v) => v.to_string(),
            Tok::Ident(s) => s.clone(),
            Tok::Sym(c) => c.to_string(),
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    toks: Vec<(Tok, usize)>,
    pos: usize,
    end_col: usize,
    indices: &'a [&'a str],
    /// Parentheses and unary minus signs open around the current factor.
    depth: usize,
}

/// The longest subscript read, in characters (PolyBench's are under 40).
pub const MAX_SUBSCRIPT_CHARS: usize = 1000;

/// The deepest nesting of parentheses and unary minus signs read.
pub const MAX_NESTING: usize = 64;

/// Parses `A[expr]` or a bare `expr` with the given loop indices.
pub fn parse_access(text: &str, loop_indices: &[&str]) -> Result<Access, SubscriptError> {
    let chars = text.chars().count();
    if chars > MAX_SUBSCRIPT_CHARS {
        return Err(SubscriptError {
            text: text.to_string(),
            column: MAX_SUBSCRIPT_CHARS + 1,
            problem: SubscriptProblem::TooLong {
                chars,
                limit: MAX_SUBSCRIPT_CHARS,
            },
        });
    }
    let toks = lex(text)?;
    let mut p = Parser {
        text,
        toks,
        pos: 0,
        end_col: chars + 1,
        indices: loop_indices,
        depth: 0,
    };
    let array = match (p.toks.first(), p.toks.get(1)) {
        (Some((Tok::Ident(name), _)), Some((Tok::Sym('['), _))) => {
            let name = name.clone();
            p.pos = 2;
            Some(name)
        }
        _ => None,
    };
    let (subscript, _) = p.expr()?;
    if array.is_some() {
        p.expect(']', "`]`")?;
    }
    if let Some((t, col)) = p.toks.get(p.pos) {
        return Err(p.err(
            *col,
            SubscriptProblem::Unexpected {
                found: t.show(),
                expected: if array.is_some() {
                    "the end of the access"
                } else {
                    "`+`, `-`, `*` or the end"
                },
            },
        ));
    }
    Ok(Access {
        array,
        text: text.to_string(),
        subscript,
    })
}

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, SubscriptError> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut k = 0;
    let err = |column, problem| SubscriptError {
        text: text.to_string(),
        column,
        problem,
    };
    while k < chars.len() {
        let c = chars[k];
        let col = k + 1;
        if c.is_whitespace() {
            k += 1;
        } else if c.is_ascii_digit() {
            let start = k;
            while k < chars.len() && chars[k].is_ascii_digit() {
                k += 1;
            }
            let s: String = chars[start..k].iter().collect();
            let v = s
                .parse::<i64>()
                .map_err(|_| err(col, SubscriptProblem::Overflow))?;
            toks.push((Tok::Int(v), col));
        } else if c.is_alphabetic() || c == '_' {
            let start = k;
            while k < chars.len() && (chars[k].is_alphanumeric() || chars[k] == '_') {
                k += 1;
            }
            toks.push((Tok::Ident(chars[start..k].iter().collect()), col));
        } else if "+-*()[]".contains(c) {
            toks.push((Tok::Sym(c), col));
            k += 1;
        } else {
            return Err(err(col, SubscriptProblem::BadChar(c)));
        }
    }
    Ok(toks)
}

impl Parser<'_> {
    fn err(&self, column: usize, problem: SubscriptProblem) -> SubscriptError {
        SubscriptError {
            text: self.text.to_string(),
            column,
            problem,
        }
    }

    fn peek_sym(&self) -> Option<char> {
        match self.toks.get(self.pos) {
            Some((Tok::Sym(c), _)) => Some(*c),
            _ => None,
        }
    }

    fn col(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_col, |t| t.1)
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), SubscriptError> {
        match self.toks.get(self.pos) {
            Some((Tok::Sym(s), _)) if *s == c => {
                self.pos += 1;
                Ok(())
            }
            Some((t, col)) => Err(self.err(
                *col,
                SubscriptProblem::Unexpected {
                    found: t.show(),
                    expected,
                },
            )),
            None => Err(self.err(self.end_col, SubscriptProblem::UnexpectedEnd { expected })),
        }
    }

    /// Returns the polynomial and the source text it came from (for errors).
    fn expr(&mut self) -> Result<(Subscript, String), SubscriptError> {
        let start = self.col();
        let mut sign = 1;
        if let Some(c @ ('+' | '-')) = self.peek_sym() {
            sign = if c == '-' { -1 } else { 1 };
            self.pos += 1;
        }
        let col = self.col();
        let (t, _) = self.term()?;
        let mut acc = Subscript::default()
            .add(&t, sign)
            .ok_or_else(|| self.err(col, SubscriptProblem::Overflow))?;
        while let Some(c @ ('+' | '-')) = self.peek_sym() {
            self.pos += 1;
            let col = self.col();
            let (t, _) = self.term()?;
            acc = acc
                .add(&t, if c == '-' { -1 } else { 1 })
                .ok_or_else(|| self.err(col, SubscriptProblem::Overflow))?;
        }
        Ok((acc, self.source(start)))
    }

    fn term(&mut self) -> Result<(Subscript, String), SubscriptError> {
        let start = self.col();
        let (mut acc, mut acc_text) = self.factor()?;
        while self.peek_sym() == Some('*') {
            let star = self.col();
            self.pos += 1;
            let (f, f_text) = self.factor()?;
            let prod = acc
                .mul(&f)
                .ok_or_else(|| self.err(star, SubscriptProblem::Overflow))?;
            if prod.loop_degree(self.indices) > 1 {
                return Err(self.err(
                    star,
                    SubscriptProblem::NotAffine {
                        left: acc_text,
                        right: f_text,
                    },
                ));
            }
            acc = prod;
            acc_text = self.source(start);
        }
        Ok((acc, acc_text))
    }

    /// A factor, refusing nesting deeper than [`MAX_NESTING`] (the parser
    /// recurses once a level).
    fn factor(&mut self) -> Result<(Subscript, String), SubscriptError> {
        if self.depth >= MAX_NESTING {
            return Err(self.err(self.col(), SubscriptProblem::TooDeep { limit: MAX_NESTING }));
        }
        self.depth += 1;
        let r = self.factor_at_depth();
        self.depth -= 1;
        r
    }

    fn factor_at_depth(&mut self) -> Result<(Subscript, String), SubscriptError> {
        let start = self.col();
        let tok = self.toks.get(self.pos).cloned();
        let expected = "a number, a name, `(` or `-`";
        match tok {
            None => Err(self.err(self.end_col, SubscriptProblem::UnexpectedEnd { expected })),
            Some((Tok::Int(v), _)) => {
                self.pos += 1;
                Ok((Subscript::constant(v), v.to_string()))
            }
            Some((Tok::Ident(name), _)) => {
                self.pos += 1;
                Ok((Subscript::ident(&name), name))
            }
            Some((Tok::Sym('('), _)) => {
                self.pos += 1;
                let (e, _) = self.expr()?;
                self.expect(')', "`)`")?;
                Ok((e, self.source(start)))
            }
            Some((Tok::Sym('-'), col)) => {
                self.pos += 1;
                let (f, _) = self.factor()?;
                let neg = Subscript::default()
                    .add(&f, -1)
                    .ok_or_else(|| self.err(col, SubscriptProblem::Overflow))?;
                Ok((neg, self.source(start)))
            }
            Some((t, col)) => Err(self.err(
                col,
                SubscriptProblem::Unexpected {
                    found: t.show(),
                    expected,
                },
            )),
        }
    }

    /// The source text from column `start` up to the current token.
    fn source(&self, start: usize) -> String {
        let end = self.col();
        self.text
            .chars()
            .skip(start - 1)
            .take(end.saturating_sub(start))
            .collect::<String>()
            .trim()
            .to_string()
    }
}
