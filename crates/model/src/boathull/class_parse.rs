//! The algorithm-class language of the boat hull paper (Section 3.2, the
//! class column of Table 1 and Table 4), parsed into a [`ClassName`].
//!
//! ```text
//! class := ["unordered"] side arrow side
//! side  := part (conj part)*
//! part  := size "|" kind
//! size  := int ("x" int)*                       (A x B: A rows, B columns)
//! kind  := "element" | "shared"
//!        | "tile" "(" size ")"
//!        | ("neighbourhood" | "neighborhood" | "neighb") "(" size ")"
//! arrow := "->" | "→"          conj := "^" | "∧"
//! ```
//!
//! Spaces are optional everywhere, keywords ignore ASCII case, `X` and `×`
//! are accepted for `x`. Sizes are concrete positive integers: Table 1's
//! symbolic `AxB` is written with the numbers of the problem at hand.
//! This module only reads the syntax; which of the 11 modelled classes a
//! name is, is decided in [`super::class_shape`].

use std::fmt;

use super::class_error::{ClassError, ClassProblem, Span};

/// A size: one number (`K`) or several joined by `x` (`A x B`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Size(pub Vec<u64>);

impl Size {
    /// The numbers as written, outermost first.
    pub fn dims(&self) -> &[u64] {
        &self.0
    }

    /// Number of elements (product of the dimensions), as f64.
    pub fn elements(&self) -> f64 {
        self.0.iter().map(|&d| d as f64).product()
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("x")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// How a part of a class is accessed (Section 3.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Element,
    Tile(Size),
    Neighbourhood(Size),
    Shared,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Element => f.write_str("element"),
            Kind::Shared => f.write_str("shared"),
            Kind::Tile(s) => write!(f, "tile({s})"),
            Kind::Neighbourhood(s) => write!(f, "neighbourhood({s})"),
        }
    }
}

/// One input or output: `size|kind`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    pub size: Size,
    pub kind: Kind,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}", self.size, self.kind)
    }
}

/// A parsed class name. `Display` writes the canonical ASCII form, which
/// parses back to an equal value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClassName {
    pub unordered: bool,
    pub inputs: Vec<Part>,
    pub outputs: Vec<Part>,
}

impl ClassName {
    /// Parse a class name; the error names the column and the text found.
    pub fn parse(text: &str) -> Result<ClassName, ClassError> {
        parse_spanned(text).map(|(name, _)| name)
    }

    /// The name with the paper's symbols `→` and `∧`.
    pub fn to_unicode_string(&self) -> String {
        self.render(" → ", " ∧ ")
    }

    fn render(&self, arrow: &str, conj: &str) -> String {
        let side = |parts: &[Part]| {
            parts
                .iter()
                .map(Part::to_string)
                .collect::<Vec<_>>()
                .join(conj)
        };
        let prefix = if self.unordered { "unordered " } else { "" };
        format!(
            "{prefix}{}{arrow}{}",
            side(&self.inputs),
            side(&self.outputs)
        )
    }
}

impl fmt::Display for ClassName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(" -> ", " ^ "))
    }
}

impl std::str::FromStr for ClassName {
    type Err = ClassError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ClassName::parse(s)
    }
}

/// Where each piece of one part was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PartSpans {
    pub part: Span,
    pub size: Span,
    pub kind: Span,
    /// The size inside `tile(..)` or `neighbourhood(..)`.
    pub kind_size: Option<Span>,
}

/// Where each piece of a class name was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NameSpans {
    pub unordered: Option<Span>,
    pub inputs: Vec<PartSpans>,
    pub outputs: Vec<PartSpans>,
}

const KINDS: &str = "`element`, `tile(..)`, `neighbourhood(..)` or `shared`";

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
            self.pos += c.len_utf8();
        }
    }

    fn eat(&mut self, options: &[&str]) -> bool {
        for o in options {
            if self.text[self.pos..].starts_with(o) {
                self.pos += o.len();
                return true;
            }
        }
        false
    }

    fn expected(&self, what: &'static str) -> ClassError {
        ClassError::at_token(self.text, self.pos, ClassProblem::Expected(what))
    }

    /// A run of ASCII letters, lower-cased, without consuming it.
    fn peek_word(&self) -> (String, Span) {
        let rest = &self.text[self.pos..];
        let len = rest
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .map(char::len_utf8)
            .sum::<usize>();
        (
            rest[..len].to_ascii_lowercase(),
            Span {
                start: self.pos,
                end: self.pos + len,
            },
        )
    }

    fn number(&mut self, what: &'static str) -> Result<(u64, Span), ClassError> {
        let rest = &self.text[self.pos..];
        let len = rest.chars().take_while(char::is_ascii_digit).count();
        if len == 0 {
            return Err(self.expected(what));
        }
        let span = Span {
            start: self.pos,
            end: self.pos + len,
        };
        let value: u64 = rest[..len]
            .parse()
            .map_err(|_| ClassError::at_span(self.text, span, ClassProblem::NumberTooLarge))?;
        if value == 0 {
            return Err(ClassError::at_span(self.text, span, ClassProblem::ZeroSize));
        }
        self.pos += len;
        Ok((value, span))
    }

    fn size(&mut self, what: &'static str) -> Result<(Size, Span), ClassError> {
        let (first, mut span) = self.number(what)?;
        let mut dims = vec![first];
        loop {
            let save = self.pos;
            self.skip_ws();
            if !self.eat(&["x", "X", "×"]) {
                self.pos = save;
                break;
            }
            self.skip_ws();
            let (d, s) = self.number("a number after `x`")?;
            dims.push(d);
            span = span.join(s);
        }
        Ok((Size(dims), span))
    }

    fn kind(&mut self) -> Result<(Kind, Span, Option<Span>), ClassError> {
        let (word, word_span) = self.peek_word();
        let with_size = match word.as_str() {
            "element" => None,
            "shared" => None,
            "tile" => Some(true),
            "neighbourhood" | "neighborhood" | "neighb" => Some(false),
            _ => return Err(self.expected(KINDS)),
        };
        self.pos = word_span.end;
        let Some(is_tile) = with_size else {
            let kind = if word == "element" {
                Kind::Element
            } else {
                Kind::Shared
            };
            return Ok((kind, word_span, None));
        };
        self.skip_ws();
        if !self.eat(&["("]) {
            return Err(self.expected("`(` and a size, as in `tile(8x8)`"));
        }
        self.skip_ws();
        let (size, size_span) = self.size("a size such as `7x7`")?;
        self.skip_ws();
        if !self.eat(&[")"]) {
            return Err(self.expected("`x` or `)`"));
        }
        let span = Span {
            start: word_span.start,
            end: self.pos,
        };
        let kind = if is_tile {
            Kind::Tile(size)
        } else {
            Kind::Neighbourhood(size)
        };
        Ok((kind, span, Some(size_span)))
    }

    fn part(&mut self, what: &'static str) -> Result<(Part, PartSpans), ClassError> {
        let (size, size_span) = self.size(what)?;
        self.skip_ws();
        if !self.eat(&["|"]) {
            return Err(self.expected("`x` or `|` between the size and the kind"));
        }
        self.skip_ws();
        let (kind, kind_span, kind_size) = self.kind()?;
        let spans = PartSpans {
            part: size_span.join(kind_span),
            size: size_span,
            kind: kind_span,
            kind_size,
        };
        Ok((Part { size, kind }, spans))
    }

    fn side(&mut self, what: &'static str) -> Result<(Vec<Part>, Vec<PartSpans>), ClassError> {
        let (p, s) = self.part(what)?;
        let (mut parts, mut spans) = (vec![p], vec![s]);
        loop {
            let save = self.pos;
            self.skip_ws();
            if !self.eat(&["^", "∧"]) {
                self.pos = save;
                return Ok((parts, spans));
            }
            self.skip_ws();
            let (p, s) = self.part("a size such as `1024x1024` after `^`")?;
            parts.push(p);
            spans.push(s);
        }
    }
}

/// Parse a class name and remember where each piece was written.
pub(crate) fn parse_spanned(text: &str) -> Result<(ClassName, NameSpans), ClassError> {
    let mut p = Parser { text, pos: 0 };
    p.skip_ws();
    let (word, word_span) = p.peek_word();
    let unordered = if word == "unordered" {
        p.pos = word_span.end;
        p.skip_ws();
        Some(word_span)
    } else {
        None
    };
    let first = if unordered.is_some() {
        "a size such as `1024x1024` (sizes are numbers)"
    } else {
        "`unordered` or a size such as `1024x1024` (sizes are numbers)"
    };
    let (inputs, input_spans) = p.side(first)?;
    p.skip_ws();
    if !p.eat(&["->", "→"]) {
        return Err(p.expected("`^`, `∧`, `->` or `→`"));
    }
    p.skip_ws();
    let (outputs, output_spans) = p.side("a size such as `1024x1024` after the arrow")?;
    p.skip_ws();
    if p.pos < text.len() {
        return Err(p.expected("`^`, `∧` or the end of the class name"));
    }
    Ok((
        ClassName {
            unordered: unordered.is_some(),
            inputs,
            outputs,
        },
        NameSpans {
            unordered,
            inputs: input_spans,
            outputs: output_spans,
        },
    ))
}
