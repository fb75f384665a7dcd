//! Located diagnostics: `file:line:col: kind: message`, then the source line with a caret under the
//! place, then what to do. Every front end (Java, spec) reports its errors this way. Text that
//! came from the user (file contents, object names, paths) reaches a terminal only through
//! [`printable`].

use std::borrow::Cow;
use std::fmt;

/// `text` safe to write to a terminal: every control character (C0, DEL, C1) and every
/// bidirectional-override character is written as a `\u{..}` escape, so an object name or a
/// source line cannot move the cursor, recolour the terminal or reorder what is shown. Printable
/// text is returned as it is; escaping twice changes nothing.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// [`printable`] line by line: the line breaks of a multi-line message are kept.
pub fn printable_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && needs_escape(c)) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(printable).collect();
    Cow::Owned(lines.join("\n"))
}

/// Control characters and the bidirectional controls (U+202A–U+202E, U+2066–U+2069).
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A position in a source file: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub col: u32,
}

/// A user-facing error with its place in a source file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostic {
    /// The file's path as the user gave it.
    pub file: String,
    /// Where the problem starts.
    pub pos: Pos,
    /// How many characters to underline (at least 1).
    pub len: u32,
    /// The class of problem: `syntax error`, `unsupported`, `error`.
    pub kind: String,
    /// What is wrong.
    pub message: String,
    /// What to do about it, if there is more to say.
    pub help: Option<String>,
    /// The source line of `pos`, kept so the diagnostic renders without the file.
    pub source_line: Option<String>,
}

impl Diagnostic {
    /// A diagnostic at `pos` of `file`, with the code frame taken from `text` (the file's contents).
    pub fn new(
        file: &str,
        text: &str,
        pos: Pos,
        len: u32,
        kind: &str,
        message: impl Into<String>,
    ) -> Self {
        let source_line = text
            .lines()
            .nth(pos.line.saturating_sub(1) as usize)
            .map(str::to_string);
        Diagnostic {
            file: file.to_string(),
            pos,
            len: len.max(1),
            kind: kind.to_string(),
            message: message.into(),
            help: None,
            source_line,
        }
    }

    /// Adds the "what to do" line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// `file:line:col`.
    pub fn location(&self) -> String {
        format!("{}:{}:{}", self.file, self.pos.line, self.pos.col)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {}",
            printable(&self.location()),
            self.kind,
            printable_lines(&self.message)
        )?;
        if let Some(line) = &self.source_line {
            let gutter = self.pos.line.to_string();
            let pad = " ".repeat(gutter.len());
            let expanded = line.replace('\t', " ");
            // The caret sits under the escaped text: count the columns the escapes take.
            let before: String = expanded
                .chars()
                .take(self.pos.col.saturating_sub(1) as usize)
                .collect();
            let col = printable(&before).chars().count();
            let shown = printable(&expanded);
            let max = shown.chars().count().saturating_sub(col).max(1);
            let len = (self.len as usize).min(max);
            write!(f, "\n{pad} |\n{gutter} | {shown}\n{pad} | ")?;
            write!(f, "{}{}", " ".repeat(col), "^".repeat(len))?;
        }
        if let Some(help) = &self.help {
            write!(f, "\n  = help: {}", printable_lines(help))?;
        }
        Ok(())
    }
}

/// Converts byte offsets of a text to line/column positions.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes the line starts of `text`.
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The position of byte `offset` of `text` (which must be the indexed text).
    pub fn pos(&self, text: &str, offset: usize) -> Pos {
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let end = offset.min(text.len());
        let col = text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        Pos {
            line: line as u32,
            col: col as u32 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_frame_and_help() {
        let text = "class A {\n  int[] a;\n}\n";
        let idx = LineIndex::new(text);
        let pos = idx.pos(text, text.find("int[]").unwrap());
        assert_eq!(pos, Pos { line: 2, col: 3 });
        let d = Diagnostic::new("A.java", text, pos, 5, "unsupported", "array type")
            .with_help("use a linked structure");
        assert_eq!(
            d.to_string(),
            "A.java:2:3: unsupported: array type\n  |\n2 |   int[] a;\n  |   ^^^^^\n  = help: use a linked structure"
        );
    }

    #[test]
    fn control_characters_are_escaped_and_the_caret_follows() {
        assert_eq!(printable("N0"), "N0");
        assert_eq!(printable("a\u{1b}[31mb\nc"), "a\\u{1b}[31mb\\u{a}c");
        assert_eq!(printable("\u{202e}x"), "\\u{202e}x");
        assert_eq!(printable(&printable("\u{7}")), "\\u{7}");
        assert_eq!(printable_lines("a\u{1b}\nb"), "a\\u{1b}\nb");
        let text = "int x = \u{1b}[2J y;\n";
        let pos = LineIndex::new(text).pos(text, text.find('y').unwrap());
        let d = Diagnostic::new("A\u{1b}.java", text, pos, 1, "error", "bad \u{1b}[31m");
        assert_eq!(
            d.to_string(),
            "A\\u{1b}.java:1:14: error: bad \\u{1b}[31m\n  |\n1 | int x = \\u{1b}[2J y;\n  |                   ^"
        );
    }

    #[test]
    fn positions_count_characters_not_bytes() {
        let text = "é x";
        assert_eq!(LineIndex::new(text).pos(text, 3), Pos { line: 1, col: 3 });
    }
}
