//! What a test class in the default package may touch. The IR keeps no modifiers, so they are read
//! back from the source: the words before a declaration's name, after the previous `;`, `{` or `}`
//! outside parentheses (annotation arguments may hold braces), comments and strings skipped.

use super::ExportError;
use sattar_java::{Class, Field, Method, Program};

/// A token of the source: a word (identifier, keyword, number) or one punctuation character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Word(&'a str),
    Punct(u8),
}

/// Modifier look-ups over one program.
pub(super) struct Access<'a> {
    program: &'a Program,
    /// Tokens with their byte offsets, in source order.
    tokens: Vec<(usize, Tok<'a>)>,
}

impl<'a> Access<'a> {
    /// Lexes the program's source once.
    pub(super) fn new(program: &'a Program) -> Access<'a> {
        Access {
            program,
            tokens: lex(&program.text),
        }
    }

    /// The program's class with exactly this qualified name.
    pub(super) fn class(&self, name: &str) -> Option<&'a Class> {
        self.program.classes.iter().find(|c| c.name == name)
    }

    /// The class and every class enclosing it must be visible in the package.
    pub(super) fn check_class(&self, name: &str) -> Result<(), ExportError> {
        let mut prefix = String::new();
        for part in name.split('.') {
            if !prefix.is_empty() {
                prefix.push('.');
            }
            prefix.push_str(part);
            if let Some(c) = self.class(&prefix) {
                self.not_private(c.span.start, || format!("class {}", c.name))?;
            }
        }
        Ok(())
    }

    /// `new C()` must compile: the class is visible, and it has no constructor or a visible
    /// constructor without parameters.
    pub(super) fn check_constructible(&self, class: &Class) -> Result<(), ExportError> {
        self.check_class(&class.name)?;
        let ctors: Vec<&Method> = self
            .program
            .methods
            .iter()
            .filter(|m| m.is_constructor() && m.class == class.name)
            .collect();
        if ctors.is_empty() {
            return Ok(());
        }
        let no_args = ctors.iter().find(|m| m.params.is_empty()).ok_or_else(|| {
            ExportError::NoNoArgConstructor {
                class: class.name.clone(),
            }
        })?;
        self.not_private(no_args.span.start, || {
            format!("the constructor {}()", class.name)
        })
    }

    /// `obj.field` may be read.
    pub(super) fn check_read(&self, class: &Class, field: &Field) -> Result<(), ExportError> {
        self.check_class(&class.name)?;
        self.not_private(field.span.start, || {
            format!("field {}.{}", class.name, field.name)
        })
    }

    /// `obj.field = v` may be written.
    pub(super) fn check_write(&self, class: &Class, field: &Field) -> Result<(), ExportError> {
        self.check_read(class, field)?;
        if self.has_modifier(field.span.start, "final") {
            return Err(ExportError::FinalField {
                class: class.name.clone(),
                field: field.name.clone(),
            });
        }
        Ok(())
    }

    /// The method under test may be called.
    pub(super) fn check_method(&self, m: &Method) -> Result<(), ExportError> {
        self.check_class(&m.class)?;
        self.not_private(m.span.start, || format!("method {}", m.qualified_name()))
    }

    fn not_private(&self, at: usize, what: impl Fn() -> String) -> Result<(), ExportError> {
        if self.has_modifier(at, "private") {
            return Err(ExportError::NotAccessible {
                what: what(),
                why: "it is private".into(),
            });
        }
        Ok(())
    }

    /// Whether the declaration whose name starts at byte `at` carries the modifier `word`.
    fn has_modifier(&self, at: usize, word: &str) -> bool {
        let end = self.tokens.partition_point(|(pos, _)| *pos < at);
        let mut depth = 0i32;
        for (_, tok) in self.tokens[..end].iter().rev() {
            match *tok {
                Tok::Punct(b')') => depth += 1,
                Tok::Punct(b'(') => depth -= 1,
                Tok::Punct(b';' | b'{' | b'}') if depth <= 0 => return false,
                Tok::Word(w) if depth <= 0 && w == word => return true,
                _ => {}
            }
        }
        false
    }
}

/// Words and punctuation of Java source, without comments, strings and character literals.
fn lex(text: &str) -> Vec<(usize, Tok<'_>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        i = match c {
            b'/' if next == Some(b'/') => skip_until(b, i + 2, b"\n"),
            b'/' if next == Some(b'*') => skip_until(b, i + 2, b"*/"),
            b'"' | b'\'' => skip_quoted(b, i + 1, c),
            c if is_word_byte(c) => {
                let end = word_end(b, i);
                // Words start and end at ASCII bytes or the text's end: always char boundaries.
                if let Some(w) = text.get(i..end) {
                    out.push((i, Tok::Word(w)));
                }
                end
            }
            c if c.is_ascii_whitespace() => i + 1,
            c => {
                out.push((i, Tok::Punct(c)));
                i + 1
            }
        };
    }
    out
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

fn word_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_word_byte(b[i]) {
        i += 1;
    }
    i
}

/// The index just past the first `end` at or after `i` (the text's end if there is none).
fn skip_until(b: &[u8], i: usize, end: &[u8]) -> usize {
    (i..b.len())
        .find(|&j| b[j..].starts_with(end))
        .map_or(b.len(), |j| j + end.len())
}

/// The index just past the closing `quote` (or the line's end for an unterminated literal).
fn skip_quoted(b: &[u8], mut i: usize, quote: u8) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\n' => return i,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lexer_skips_comments_strings_and_chars() {
        let toks = lex("a /* private; */ b // final {\n \"x;\\\"}\" 'c' c(");
        let words: Vec<Tok> = toks.into_iter().map(|(_, t)| t).collect();
        assert_eq!(
            words,
            [
                Tok::Word("a"),
                Tok::Word("b"),
                Tok::Word("c"),
                Tok::Punct(b'(')
            ]
        );
    }

    #[test]
    fn unterminated_comments_and_strings_end_the_text_without_panicking() {
        assert!(lex("a /* never closed").len() == 1);
        assert!(lex("\"open\\").is_empty());
        assert_eq!(lex("größe;").len(), 2);
    }
}
