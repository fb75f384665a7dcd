//! Writing Java text safely: identifiers, string literals, comments, and a source that compiles
//! whatever encoding `javac` assumes.

use std::collections::BTreeSet;

/// Java's keywords, literals and the restricted identifiers that cannot name a local or method.
const KEYWORDS: &[&str] = &[
    "_",
    "abstract",
    "assert",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extends",
    "false",
    "final",
    "finally",
    "float",
    "for",
    "goto",
    "if",
    "implements",
    "import",
    "instanceof",
    "int",
    "interface",
    "long",
    "native",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "record",
    "return",
    "short",
    "static",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "true",
    "try",
    "var",
    "void",
    "volatile",
    "while",
    "yield",
];

/// Hands out distinct Java identifiers, never a keyword nor a reserved name.
#[derive(Clone, Debug, Default)]
pub(super) struct Names {
    used: BTreeSet<String>,
}

impl Names {
    /// An allocator that will never hand out any of `reserved`.
    pub(super) fn new(reserved: impl IntoIterator<Item = String>) -> Names {
        Names {
            used: reserved.into_iter().collect(),
        }
    }

    /// A fresh identifier made from `raw` (`fallback` when `raw` has no usable character or
    /// starts with a digit); a clash gets `_2`, `_3`, ….
    pub(super) fn fresh(&mut self, raw: &str, fallback: &str) -> String {
        let mut base = identifier(raw, fallback);
        if KEYWORDS.contains(&base.as_str()) {
            base.push('_');
        }
        let mut name = base.clone();
        let mut k = 2;
        while self.used.contains(&name) {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.used.insert(name.clone());
        name
    }
}

/// `raw` with every run of non-identifier characters as one `_`, trimmed of `_` at both ends.
fn identifier(raw: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in raw.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_matches('_');
    match out.chars().next() {
        None => fallback.to_string(),
        Some(c) if c.is_ascii_digit() => format!("{fallback}_{out}"),
        Some(_) => out.to_string(),
    }
}

/// `raw` with its first letter in lower case: object `L0` is variable `l0`.
pub(super) fn lower_first(raw: &str) -> String {
    let mut chars = raw.chars();
    chars.next().map_or(String::new(), |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}

/// A Java string literal, quotes included. Control characters become octal escapes (a `\u`
/// escape of a line break would end the literal before the lexer sees it).
pub(super) fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\x7f' => out.push_str(&format!("\\{:03o}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text for a `//` comment: no line break, and every `\` doubled so that no `\u` escape starts
/// (javac reads `\u000a` as a line break even in comments).
pub(super) fn comment(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\\' => "\\\\".to_string(),
            c if c.is_control() => " ".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// The source with every non-ASCII character as a `\uXXXX` escape (UTF-16 units), so that it
/// compiles under any `-encoding`.
pub(super) fn ascii_only(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    for c in src.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04X}"));
            }
        }
    }
    out
}

/// Whether `s` is a dotted Java name (`java.lang.NullPointerException`, `Outer.Inner`).
pub(super) fn is_qualified_name(s: &str) -> bool {
    s.split('.').all(|part| {
        let mut chars = part.chars();
        chars
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
            && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
            && !KEYWORDS.contains(&part)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_valid_distinct_identifiers() {
        let mut n = Names::new(["result".to_string()]);
        assert_eq!(n.fresh("delete 0 of [0,1]", "test"), "delete_0_of_0_1");
        assert_eq!(n.fresh("delete 0 of [0,1]", "test"), "delete_0_of_0_1_2");
        assert_eq!(n.fresh("class", "test"), "class_");
        assert_eq!(n.fresh("1st", "test"), "test_1st");
        assert_eq!(n.fresh("¿?", "test"), "test");
        assert_eq!(n.fresh("result", "o"), "result_2");
        assert_eq!(n.fresh(&lower_first("L0"), "o"), "l0");
        assert_eq!(n.fresh(&lower_first("_"), "o"), "o");
    }

    #[test]
    fn strings_comments_and_non_ascii_are_escaped() {
        assert_eq!(string("a\"b\\c\nd\u{1}"), r#""a\"b\\c\nd\001""#);
        assert_eq!(comment("C:\\users\nx"), "C:\\\\users x");
        assert_eq!(ascii_only("größe 😀"), "gr\\u00F6\\u00DFe \\uD83D\\uDE00");
    }

    #[test]
    fn qualified_names_are_recognised() {
        assert!(is_qualified_name("java.lang.NullPointerException"));
        assert!(is_qualified_name("Outer.E"));
        assert!(!is_qualified_name("java..X"));
        assert!(!is_qualified_name("a.class"));
        assert!(!is_qualified_name("x y"));
    }
}
