//! sattar's models of `java.util` collections, written in Java (`crates/sattar-java/models`) in
//! packages under `sattar.model`: javac attributes them with the program and sees them under
//! the JDK's names (`sattar.model.java.util.ArrayList` is read as `java.util.ArrayList`), so
//! the front end lowers them into the core IR like the program's own classes and every engine
//! runs them; the JVM runs the real JDK classes, and the differential tests keep the two equal.
//!
//! A model keeps a collection's *observable* state only: its elements, in order, in a field
//! [`ELEMENTS`] holding an `Object[]` of exactly their number (replaced on each change), and,
//! where the JDK has one, `modCount` (its iterators fail fast on it). The JVM bridge builds a
//! real collection from that state (`add` of each element, then `modCount`) and reads one back
//! (`toArray()`, `modCount`): capacity and layout are the JDK's business and never compared.

/// Where the model sources appear in diagnostics (they are not files of the user's).
pub const MODEL_ROOT: &str = "sattar-models/";

/// The package prefix the model sources are written in, and what javac's names of it become.
pub const MODEL_RENAME: (&str, &str) = ("sattar.model.java.", "java.");

/// The field of a modelled collection holding its elements (an `Object[]`, first to last).
pub const ELEMENTS: &str = "elements";

/// The JDK's count of structural modifications, a field of the lists' models as of the JDK's.
pub const MOD_COUNT: &str = "modCount";

/// The modelled collection classes: their state is [`ELEMENTS`] (and `modCount` if declared).
pub const COLLECTIONS: &[&str] = &[
    "java.util.ArrayList",
    "java.util.LinkedList",
    "java.util.Vector",
    "java.util.Stack",
    "java.util.ArrayDeque",
];

/// The annotation marking a model method sattar does not model (`@Unmodelled("why")`).
pub const UNMODELLED: &str = "Unmodelled";

/// `(path, text, needed)` of a model source under `models/sattar/model/`: needed by every
/// program that may use java.util, or only by one that names one of the classes listed (a
/// class no code names cannot be created, so its methods need not be analysable).
macro_rules! model {
    ($path:literal $(, $named:literal)*) => {
        ModelSource {
            path: concat!("sattar-models/", $path),
            text: include_str!(concat!("../models/sattar/model/", $path)),
            named: &[$($named),*],
        }
    };
}

/// One model source.
pub struct ModelSource {
    /// Its path under [`MODEL_ROOT`].
    pub path: &'static str,
    /// Its Java text.
    pub text: &'static str,
    /// The simple class names a program must name for it to be loaded (none: always).
    pub named: &'static [&'static str],
}

/// Every model source, supertypes before subtypes.
pub const MODEL_SOURCES: &[ModelSource] = &[
    model!("Unmodelled.java"),
    model!("java/lang/Iterable.java"),
    model!("java/util/Iterator.java"),
    model!("java/util/Comparator.java", "Comparator"),
    model!("java/util/Collection.java"),
    model!("java/util/List.java"),
    model!("java/util/Queue.java"),
    model!("java/util/Deque.java"),
    model!(
        "java/util/AbstractCollection.java",
        "AbstractCollection",
        "AbstractQueue"
    ),
    model!("java/util/AbstractQueue.java", "AbstractQueue"),
    model!("java/util/AbstractList.java"),
    model!("java/util/ArrayList.java", "ArrayList"),
    model!("java/util/LinkedList.java", "LinkedList"),
    model!("java/util/Vector.java", "Vector", "Stack"),
    model!("java/util/Stack.java", "Stack"),
    model!("java/util/ArrayDeque.java", "ArrayDeque"),
];

/// The model sources a program with these source texts needs: none unless it names
/// `java.util` (an import or a qualified name) or `Iterable`; then the interfaces and the
/// classes it names.
pub fn models_for(texts: &[&str]) -> Vec<&'static ModelSource> {
    let code: Vec<String> = texts.iter().map(|t| without_comments(t)).collect();
    if !code
        .iter()
        .any(|t| t.contains("java.util") || t.contains("Iterable"))
    {
        return Vec::new();
    }
    let names = |word: &str| code.iter().any(|t| names_word(t, word));
    MODEL_SOURCES
        .iter()
        .filter(|m| m.named.is_empty() || m.named.iter().any(|w| names(w)))
        .collect()
}

/// Java source without its comments (a comment naming `java.util` loads no model); string and
/// character literals are kept whole, so a `//` inside one starts no comment.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => while chars.next_if(|&c| c != '\n').is_some() {},
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut star = false;
                for c in chars.by_ref() {
                    if star && c == '/' {
                        break;
                    }
                    star = c == '*';
                }
                out.push(' ');
            }
            '"' | '\'' => {
                out.push(c);
                while let Some(d) = chars.next() {
                    out.push(d);
                    if d == '\\' {
                        if let Some(e) = chars.next() {
                            out.push(e);
                        }
                    } else if d == c || d == '\n' {
                        break;
                    }
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Whether `text` has `word` as a whole identifier.
fn names_word(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// Whether `path` is one of the model sources.
pub fn is_model_path(path: &str) -> bool {
    path.starts_with(MODEL_ROOT)
}

/// Whether class `name` (qualified) is a modelled collection.
pub fn is_collection(name: &str) -> bool {
    COLLECTIONS.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_load_no_model_and_named_classes_load_theirs() {
        let commented = "/** as java.util.ArrayList keeps one */ class A { // java.util\n }";
        assert!(models_for(&[commented]).is_empty());
        let literal = "class A { String s = \"java.util.List\"; }";
        assert!(
            !models_for(&[literal]).is_empty(),
            "a string is code to this scan"
        );
        let used = "import java.util.*; class A { Stack<Integer> s = new Stack<>(); }";
        let paths: Vec<&str> = models_for(&[used]).iter().map(|m| m.path).collect();
        assert!(paths.contains(&"sattar-models/java/util/Stack.java"));
        assert!(paths.contains(&"sattar-models/java/util/Vector.java"));
        assert!(!paths.contains(&"sattar-models/java/util/ArrayList.java"));
        assert!(!paths.contains(&"sattar-models/java/util/ArrayDeque.java"));
    }
}
