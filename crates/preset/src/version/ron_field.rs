//! Finding the top-level `format: N` field of a RON preset without the
//! preset's type: a small lexer that knows RON's comments (`//`, nested
//! `/* */`), strings (escaped, raw `r#"..."#`, byte), characters and
//! brackets, and a scan for a field named `format` directly inside the
//! outer parentheses. A `format` inside a nested value, a string or a
//! comment is not it.
//!
//! Text that does not lex (an unclosed string or comment) ends the scan
//! quietly: the typed parse that follows names the place.

/// What a token is, as far as the scan needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    /// `(`, `[` or `{`.
    Open(char),
    /// `)`, `]` or `}`.
    Close,
    Comma,
    Colon,
    /// An identifier, raw (`r#name`) or not.
    Ident,
    /// Anything else: a number, a string, a character, other punctuation.
    Other,
}

/// A token and its byte range in the text.
#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Tok,
    start: usize,
    end: usize,
}

/// A cursor over the text.
#[derive(Clone)]
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn bump_while(&mut self, keep: impl Fn(char) -> bool) {
        while self.peek().is_some_and(&keep) {
            self.bump();
        }
    }

    /// Whitespace and comments; `None` at an unclosed block comment.
    fn skip_trivia(&mut self) -> Option<()> {
        loop {
            let r = self.rest();
            if r.starts_with("//") {
                self.pos += r.find('\n').unwrap_or(r.len());
            } else if r.starts_with("/*") {
                self.block_comment()?;
            } else if self.peek().is_some_and(char::is_whitespace) {
                self.bump();
            } else {
                return Some(());
            }
        }
    }

    /// A block comment, nested ones inside it included.
    fn block_comment(&mut self) -> Option<()> {
        self.pos += 2;
        let mut level = 1;
        while level > 0 {
            let r = self.rest();
            if r.starts_with("/*") {
                level += 1;
                self.pos += 2;
            } else if r.starts_with("*/") {
                level -= 1;
                self.pos += 2;
            } else {
                self.bump()?;
            }
        }
        Some(())
    }

    /// The next token; `None` at the end of the text or where it does not
    /// lex.
    fn next_token(&mut self) -> Option<Token> {
        self.skip_trivia()?;
        let start = self.pos;
        let c = self.bump()?;
        let kind = match c {
            '(' | '[' | '{' => Tok::Open(c),
            ')' | ']' | '}' => Tok::Close,
            ',' => Tok::Comma,
            ':' => Tok::Colon,
            '"' => {
                self.string()?;
                Tok::Other
            }
            '\'' => {
                self.char_literal()?;
                Tok::Other
            }
            c if c == '_' || c.is_alphabetic() => self.word(start)?,
            _ => {
                self.bump_while(|c| !(c.is_whitespace() || "()[]{},:\"'/".contains(c)));
                Tok::Other
            }
        };
        Some(Token {
            kind,
            start,
            end: self.pos,
        })
    }

    /// The rest of an escaped string after its opening quote.
    fn string(&mut self) -> Option<()> {
        loop {
            match self.bump()? {
                '\\' => {
                    self.bump()?;
                }
                '"' => return Some(()),
                _ => {}
            }
        }
    }

    /// The rest of a character literal after its opening quote.
    fn char_literal(&mut self) -> Option<()> {
        if self.bump()? == '\\' {
            self.bump()?;
        }
        loop {
            match self.bump()? {
                '\'' => return Some(()),
                '\n' => return None,
                _ => {}
            }
        }
    }

    /// The rest of a raw string after its `r`: hashes, a quote, and up to
    /// a quote followed by as many hashes.
    fn raw_string(&mut self) -> Option<()> {
        let hashes = self.rest().len() - self.rest().trim_start_matches('#').len();
        self.pos += hashes;
        if self.bump()? != '"' {
            return None;
        }
        let close = format!("\"{}", "#".repeat(hashes));
        let at = self.rest().find(&close)?;
        self.pos += at + close.len();
        Some(())
    }

    /// An identifier starting at `start` (its first character read), or
    /// the string, raw string, character or raw identifier it prefixes.
    fn word(&mut self, start: usize) -> Option<Tok> {
        self.bump_while(is_ident_char);
        let word = &self.text[start..self.pos];
        let next = self.peek();
        let after_hashes = self.rest().trim_start_matches('#').chars().next();
        match (word, next) {
            ("r" | "br", Some('"')) => self.raw_string().map(|()| Tok::Other),
            ("r" | "br", Some('#')) if after_hashes == Some('"') => {
                self.raw_string().map(|()| Tok::Other)
            }
            ("r", Some('#')) => {
                self.pos += 1;
                self.bump_while(|c| is_ident_char(c) || ".+-".contains(c));
                Some(Tok::Ident)
            }
            ("b", Some('"')) => {
                self.pos += 1;
                self.string().map(|()| Tok::Other)
            }
            ("b", Some('\'')) => {
                self.pos += 1;
                self.char_literal().map(|()| Tok::Other)
            }
            _ => Some(Tok::Ident),
        }
    }
}

/// One top-level `format` field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Field {
    /// Where the field's name starts (byte offset).
    pub key: usize,
    /// The value's byte range (empty where the value is missing).
    pub value: (usize, usize),
    /// Whether the value is one token of decimal digits.
    pub whole_number: bool,
    /// The end of the text to blank out: the value and its comma, if any.
    pub blank_end: usize,
}

/// Every field named `format` directly inside the outer parentheses of
/// the RON `text`, in file order.
pub(super) fn format_fields(text: &str) -> Vec<Field> {
    let mut lx = Lexer { text, pos: 0 };
    let mut depth = 0usize;
    let mut inside = false;
    let mut expect_key = false;
    let mut out = Vec::new();
    while let Some(t) = lx.next_token() {
        match t.kind {
            Tok::Open(c) => {
                if depth == 0 && !inside && c == '(' {
                    inside = true;
                    expect_key = true;
                } else {
                    expect_key = false;
                }
                depth += 1;
            }
            Tok::Close => {
                depth = depth.saturating_sub(1);
                if inside && depth == 0 {
                    break;
                }
                expect_key = false;
            }
            Tok::Comma => expect_key = inside && depth == 1,
            Tok::Ident if inside && depth == 1 && expect_key => {
                expect_key = false;
                let mut ahead = lx.clone();
                let colon = ahead.next_token().filter(|n| n.kind == Tok::Colon);
                if let Some(colon) = colon
                    && field_name(&text[t.start..t.end]) == "format"
                {
                    lx = ahead;
                    let (field, closed) = value(&mut lx, t.start, colon.end);
                    out.push(field);
                    if closed {
                        break;
                    }
                    // The value ended at its comma: a field name follows.
                    expect_key = true;
                }
            }
            _ => expect_key = false,
        }
    }
    out
}

/// A field name as RON reads it: `r#format` is `format`.
fn field_name(ident: &str) -> &str {
    ident.strip_prefix("r#").unwrap_or(ident)
}

/// The value of the field whose name starts at `key` and whose colon ends
/// at `colon_end`: up to the comma at its level or the outer closing
/// parenthesis (`true`: consumed).
fn value(lx: &mut Lexer<'_>, key: usize, colon_end: usize) -> (Field, bool) {
    let mut level = 0usize;
    let mut first: Option<Token> = None;
    let mut tokens = 0usize;
    let mut last_end = colon_end;
    let mut blank_end = None;
    let mut closed = false;
    while let Some(t) = lx.next_token() {
        match t.kind {
            Tok::Comma if level == 0 => {
                blank_end = Some(t.end);
                break;
            }
            Tok::Close if level == 0 => {
                closed = true;
                break;
            }
            Tok::Open(_) => level += 1,
            Tok::Close => level -= 1,
            _ => {}
        }
        first.get_or_insert(t);
        tokens += 1;
        last_end = t.end;
    }
    let start = first.map_or(last_end, |t| t.start);
    let whole_number = tokens == 1
        && first.is_some_and(|t| {
            let s = &lx.text[t.start..t.end];
            t.kind == Tok::Other && !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
        });
    let field = Field {
        key,
        value: (start, last_end),
        whole_number,
        blank_end: blank_end.unwrap_or(last_end),
    };
    (field, closed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str) -> Vec<&str> {
        format_fields(text)
            .into_iter()
            .map(|f| &text[f.value.0..f.value.1])
            .collect()
    }

    #[test]
    fn the_top_level_field_is_found() {
        assert_eq!(values("(format: 2, name: \"x\")"), ["2"]);
        assert_eq!(values("Name(name: \"x\", format: 12)"), ["12"]);
        assert_eq!(values("#![enable(implicit_some)]\n(format: 3)"), ["3"]);
        assert_eq!(values("(r#format: 4,)"), ["4"]);
        assert_eq!(values("(format: /* c */ \"x\" // c\n, a: 1)"), ["\"x\""]);
        assert_eq!(values("(format: 1.5)"), ["1.5"]);
        assert_eq!(values("(format: Some(2), a: 1)"), ["Some(2)"]);
        assert_eq!(values("(format: 2, format: 3)"), ["2", "3"]);
    }

    #[test]
    fn nested_quoted_and_commented_names_are_not_it() {
        assert!(values("(a: (format: 2), b: [format], c: {\"format\": 1})").is_empty());
        assert!(values("(name: \"format: 2\", n: r#\"format: \"2\"#)").is_empty());
        assert!(
            values("(// format: 2\n a: 1, /* format: 2 /* nested */ format: 3 */ b: 2)").is_empty()
        );
        assert!(values("(a: 'f', b: b\"format: 2\", c: '\\'')").is_empty());
        assert!(values("(a: format, b: 1)").is_empty());
        assert!(values("(a: 1)\n(format: 2)").is_empty());
        assert!(values("(a: \"unclosed, format: 2)").is_empty());
    }

    #[test]
    fn only_a_single_digit_token_is_a_whole_number() {
        for (text, whole) in [
            ("(format: 2)", true),
            ("(format: 02,)", true),
            ("(format: -2)", false),
            ("(format: 2e0)", false),
            ("(format: \"2\")", false),
            ("(format: 2 3)", false),
            ("(format: )", false),
        ] {
            let f = format_fields(text);
            assert_eq!(f.len(), 1, "{text}");
            assert_eq!(f[0].whole_number, whole, "{text}");
        }
    }
}
