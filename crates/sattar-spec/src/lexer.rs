//! Tokens of the spec language, with their places in the source.

use crate::ast::{Source, Span};
use sattar_diag::{Diagnostic, LineIndex, Pos};
use std::sync::Arc;

/// A token.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    Int(i64),
    Sym(&'static str),
    Eof,
}

impl Tok {
    pub(crate) fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Int(i) => format!("`{i}`"),
            Tok::Sym(s) => format!("`{s}`"),
            Tok::Eof => "the end of the text".to_string(),
        }
    }
}

/// A token and its span.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
    /// Byte offsets in the lexed text.
    pub start: usize,
    pub end: usize,
}

const SYMBOLS: [&str; 32] = [
    "<=>", "=>", "<=", ">=", "!=", "&&", "||", "..", "{", "}", "(", ")", "[", "]", ",", ":", "|",
    ".", "*", "^", "~", "#", "+", "-", "&", "'", "!", "=", "<", ">", "/", "%",
];

/// Maps byte offsets of a lexed snippet to positions in the source file.
#[derive(Clone)]
pub(crate) struct PosMap {
    src: Arc<Source>,
    snippet: String,
    index: LineIndex,
    base: Pos,
}

impl PosMap {
    /// A map for `snippet`, whose first character is at `base` of `src`.
    pub fn new(src: Arc<Source>, snippet: &str, base: Pos) -> Self {
        PosMap {
            src,
            snippet: snippet.to_string(),
            index: LineIndex::new(snippet),
            base,
        }
    }

    /// The position of byte `off` of the snippet.
    pub fn pos(&self, off: usize) -> Pos {
        let p = self.index.pos(&self.snippet, off);
        if p.line == 1 {
            Pos {
                line: self.base.line,
                col: self.base.col + p.col - 1,
            }
        } else {
            Pos {
                line: self.base.line + p.line - 1,
                col: p.col,
            }
        }
    }

    /// The span of bytes `start..end` of the snippet.
    pub fn span(&self, start: usize, end: usize) -> Span {
        let end = end.max(start).min(self.snippet.len());
        let len = self
            .snippet
            .get(start..end)
            .map_or(1, |s| s.lines().next().unwrap_or("").chars().count());
        Span {
            src: self.src.clone(),
            pos: self.pos(start),
            len: len.max(1) as u32,
        }
    }
}

/// Splits `text` into tokens (ending with `Eof`), skipping whitespace and comments.
pub(crate) fn lex(map: &PosMap) -> Result<Vec<Token>, Diagnostic> {
    let text = map.snippet.as_str();
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
        } else if text[i..].starts_with("/*") {
            match text[i + 2..].find("*/") {
                Some(n) => i += n + 4,
                None => {
                    return Err(map
                        .span(i, i + 2)
                        .diag("syntax error", "unterminated comment")
                        .with_help("close the comment with `*/`"))
                }
            }
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            let end = scan(bytes, i, |b| {
                b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
            });
            out.push(token(map, Tok::Ident(text[i..end].to_string()), i, end));
            i = end;
        } else if c.is_ascii_digit() {
            let end = scan(bytes, i, |b| b.is_ascii_digit());
            let value = text[i..end].parse::<i64>().ok().filter(|v| *v <= 1 << 40);
            let Some(v) = value else {
                return Err(map
                    .span(i, end)
                    .diag("syntax error", "integer literal too large"));
            };
            out.push(token(map, Tok::Int(v), i, end));
            i = end;
        } else if let Some(sym) = SYMBOLS.iter().find(|s| text[i..].starts_with(**s)) {
            out.push(token(map, Tok::Sym(sym), i, i + sym.len()));
            i += sym.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(map
                .span(i, i + ch.len_utf8())
                .diag("syntax error", format!("unexpected character `{ch}`")));
        }
    }
    out.push(token(map, Tok::Eof, bytes.len(), bytes.len()));
    Ok(out)
}

fn scan(bytes: &[u8], start: usize, ok: impl Fn(u8) -> bool) -> usize {
    let mut end = start;
    while end < bytes.len() && ok(bytes[end]) {
        end += 1;
    }
    end
}

fn token(map: &PosMap, tok: Tok, start: usize, end: usize) -> Token {
    Token {
        tok,
        span: map.span(start, end),
        start,
        end,
    }
}
