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

use sattar_heap::{ObjId, TestInput, Value};
use std::collections::BTreeMap;

/// Where the model sources appear in diagnostics (they are not files of the user's).
pub const MODEL_ROOT: &str = "sattar-models/";

/// The package prefix the model sources are written in, and what javac's names of it become.
pub const MODEL_RENAME: (&str, &str) = ("sattar.model.java.", "java.");

/// The field of a modelled collection holding its elements (an `Object[]`, first to last).
pub const ELEMENTS: &str = "elements";

/// The class of a modelled collection's [`ELEMENTS`] array.
pub const ELEMENTS_ARRAY: &str = "java.lang.Object[]";

/// The modelled collection that refuses null elements.
pub const ARRAY_DEQUE: &str = "java.util.ArrayDeque";

/// The JDK's count of structural modifications, a field of the lists' models as of the JDK's.
pub const MOD_COUNT: &str = "modCount";

/// The modelled collection classes: their state is [`ELEMENTS`] (and `modCount` if declared).
pub const COLLECTIONS: &[&str] = &[
    "java.util.ArrayList",
    "java.util.LinkedList",
    "java.util.Vector",
    "java.util.Stack",
    ARRAY_DEQUE,
];

pub use sattar_heap::{
    is_string_class, ATOMIC_LONG, CHAR_ARRAY, RANDOM, RANDOM_SEED, STRING, STRING_BUILDER,
    STRING_CHARS,
};

/// The superclass of the modelled maps. Their models are the JDK's code with the JDK's fields
/// (`table`, `size`, `threshold`, `modCount`, a LinkedHashMap's `head`/`tail`/`accessOrder`, a
/// TreeMap's `root`/`comparator`, the nodes' `hash`/`key`/`value`/`next`/…): an input's map
/// is given, built on the JVM and read back field by field.
pub const ABSTRACT_MAP: &str = "java.util.AbstractMap";

/// The model classes whose objects an input may hold besides those with storage, each with the
/// JDK's own fields, built on the JVM and read back field by field: the maps (every subclass of
/// [`ABSTRACT_MAP`]), their nodes and the sets on them, and a Random with the AtomicLong holding
/// its state. The maps' views and iterators are made only by the JDK's code.
pub const FIELD_STATE: &[&str] = &[
    ABSTRACT_MAP,
    "java.util.HashMap.Node",
    "java.util.TreeMap.Entry",
    "java.util.HashSet",
    "java.util.TreeSet",
    RANDOM,
    ATOMIC_LONG,
];

/// A model's static final `Object`s, made once by the JDK's class initializer (HashSet's and
/// TreeSet's `PRESENT`, the value of every key of their maps): objects every run starts with,
/// of class `java.lang.Object`, named `Class.FIELD` as an enum constant is; never an input.
pub const MODEL_CONSTANTS: &[(&str, &str)] = &[
    ("java.util.HashSet", "PRESENT"),
    ("java.util.TreeSet", "PRESENT"),
];

/// The id of model constant `field` of `class` (`java.util.HashSet.PRESENT`), if it is one.
pub fn model_constant(class: &str, field: &str) -> Option<String> {
    MODEL_CONSTANTS
        .iter()
        .any(|&(c, f)| c == class && f == field)
        .then(|| format!("{class}.{field}"))
}

/// The fields of a modelled map a constructor sets from its arguments: a free pre-state may
/// choose them; every other field of the JDK's is at its default there (an empty map).
pub const MAP_PARAMETERS: &[&str] = &["comparator", "accessOrder"];

/// How the JVM bridge makes a real object of a model class from its storage array, and reads
/// the array back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rebuild {
    /// A collection: `new C()`, then `add` of each element; read back by `toArray()`.
    Collection,
    /// A String: `new String(char[])`; read back by `toCharArray()`.
    String,
    /// A StringBuilder: `new StringBuilder(String)` of the chars; read back by
    /// `toString().toCharArray()`.
    Builder,
}

/// A model class whose observable state is one array it owns (held by nothing else, never
/// changed in place: replaced when the state changes), and how the JVM rebuilds it.
#[derive(Clone, Copy, Debug)]
pub struct Storage {
    /// The field holding the array.
    pub field: &'static str,
    /// The array's class.
    pub array: &'static str,
    /// How the JVM makes and reads one.
    pub rebuild: Rebuild,
}

/// What a model names its `toString()` (it cannot redeclare Object's, which returns the JDK's
/// String): a call of `toString()` on a model class runs it.
pub const MODEL_TO_STRING: &str = "toString$";

/// Whether `field` is the storage field of a model class (`elements`, String's `chars`).
pub fn is_storage_field(field: &str) -> bool {
    field == ELEMENTS || field == STRING_CHARS
}

/// The storage of model class `name` (qualified), if its state is an owned array.
pub fn storage(name: &str) -> Option<Storage> {
    if is_collection(name) {
        return Some(Storage {
            field: ELEMENTS,
            array: ELEMENTS_ARRAY,
            rebuild: Rebuild::Collection,
        });
    }
    let rebuild = match name {
        STRING => Rebuild::String,
        STRING_BUILDER => Rebuild::Builder,
        _ => return None,
    };
    Some(Storage {
        field: STRING_CHARS,
        array: CHAR_ARRAY,
        rebuild,
    })
}

/// The annotation marking a model method sattar does not model (`@Unmodelled("why")`).
pub const UNMODELLED: &str = "Unmodelled";

/// `(path, text, needed)` of a model source under `models/sattar/model/`: needed by every
/// program that may use java.util, or only by one that names one of the classes listed (a
/// class no code names cannot be created, so its methods need not be analysable).
macro_rules! model {
    ($group:ident, $path:literal, names = $named:expr) => {
        ModelSource {
            path: concat!("sattar-models/", $path),
            text: include_str!(concat!("../models/sattar/model/", $path)),
            named: $named,
            group: ModelGroup::$group,
        }
    };
    ($group:ident, $path:literal $(, $named:literal)*) => {
        ModelSource {
            path: concat!("sattar-models/", $path),
            text: include_str!(concat!("../models/sattar/model/", $path)),
            named: &[$($named),*],
            group: ModelGroup::$group,
        }
    };
}

/// When a group of model sources is loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelGroup {
    /// `java.util`'s: when the program names `java.util` or `Iterable`.
    Util,
    /// String's: when the program names `String` or `CharSequence` or writes a string literal.
    Strings,
}

/// One model source.
pub struct ModelSource {
    /// Its path under [`MODEL_ROOT`].
    pub path: &'static str,
    /// Its Java text.
    pub text: &'static str,
    /// The simple class names a program must name for it to be loaded (none: with its group).
    pub named: &'static [&'static str],
    /// Its group.
    pub group: ModelGroup,
}

/// The names that load the maps' and sets' models (and what they are written on).
const MAP_NAMES: &[&str] = &[
    "Map",
    "AbstractMap",
    "HashMap",
    "LinkedHashMap",
    "TreeMap",
    "SortedMap",
    "NavigableMap",
    "HashSet",
    "LinkedHashSet",
    "TreeSet",
    "SortedSet",
    "NavigableSet",
];

/// [`MAP_NAMES`] and the set interfaces: what loads `Set` and `AbstractSet`.
const SET_NAMES: &[&str] = &[
    "Set",
    "AbstractSet",
    "Map",
    "AbstractMap",
    "HashMap",
    "LinkedHashMap",
    "TreeMap",
    "SortedMap",
    "NavigableMap",
    "HashSet",
    "LinkedHashSet",
    "TreeSet",
    "SortedSet",
    "NavigableSet",
];

/// What loads `AbstractCollection`: the program's own collections and queues, and the sets.
const COLLECTION_BASE_NAMES: &[&str] = &[
    "AbstractCollection",
    "AbstractQueue",
    "Set",
    "AbstractSet",
    "Map",
    "AbstractMap",
    "HashMap",
    "LinkedHashMap",
    "TreeMap",
    "SortedMap",
    "NavigableMap",
    "HashSet",
    "LinkedHashSet",
    "TreeSet",
    "SortedSet",
    "NavigableSet",
];

/// What loads `SortedMap`, `NavigableMap` and `TreeMap`.
const SORTED_MAP_NAMES: &[&str] = &["TreeMap", "SortedMap", "NavigableMap", "TreeSet"];

/// What loads `SortedSet` and `NavigableSet`.
const SORTED_SET_NAMES: &[&str] = &["TreeSet", "SortedSet", "NavigableSet"];

/// What loads `Comparator`: its own name, and the sorted maps and sets that take one.
const COMPARATOR_NAMES: &[&str] = &[
    "Comparator",
    "TreeMap",
    "TreeSet",
    "SortedMap",
    "NavigableMap",
    "SortedSet",
    "NavigableSet",
];

/// Every model source, supertypes before subtypes.
pub const MODEL_SOURCES: &[ModelSource] = &[
    model!(Util, "Unmodelled.java"),
    model!(Util, "java/lang/Iterable.java"),
    model!(Util, "java/util/Iterator.java"),
    model!(Util, "java/util/Comparator.java", names = COMPARATOR_NAMES),
    model!(Util, "java/util/Collection.java"),
    model!(Util, "java/util/List.java"),
    model!(Util, "java/util/Queue.java"),
    model!(Util, "java/util/Deque.java"),
    model!(Util, "java/util/Set.java", names = SET_NAMES),
    model!(Util, "java/util/SortedSet.java", names = SORTED_SET_NAMES),
    model!(
        Util,
        "java/util/NavigableSet.java",
        names = SORTED_SET_NAMES
    ),
    model!(
        Util,
        "java/util/AbstractCollection.java",
        names = COLLECTION_BASE_NAMES
    ),
    model!(Util, "java/util/AbstractSet.java", names = SET_NAMES),
    model!(Util, "java/util/AbstractQueue.java", "AbstractQueue"),
    model!(Util, "java/util/AbstractList.java"),
    model!(Util, "java/util/ArrayList.java", "ArrayList"),
    model!(Util, "java/util/LinkedList.java", "LinkedList"),
    model!(Util, "java/util/Vector.java", "Vector", "Stack"),
    model!(Util, "java/util/Stack.java", "Stack"),
    model!(Util, "java/util/ArrayDeque.java", "ArrayDeque"),
    model!(Util, "java/util/Map.java", names = MAP_NAMES),
    model!(Util, "java/util/SortedMap.java", names = SORTED_MAP_NAMES),
    model!(
        Util,
        "java/util/NavigableMap.java",
        names = SORTED_MAP_NAMES
    ),
    model!(Util, "java/util/AbstractMap.java", names = MAP_NAMES),
    model!(
        Util,
        "java/util/HashMap.java",
        "HashMap",
        "LinkedHashMap",
        "HashSet",
        "LinkedHashSet"
    ),
    model!(
        Util,
        "java/util/LinkedHashMap.java",
        "LinkedHashMap",
        "HashSet",
        "LinkedHashSet"
    ),
    model!(Util, "java/util/TreeMap.java", "TreeMap", "TreeSet"),
    model!(Util, "java/util/HashSet.java", "HashSet", "LinkedHashSet"),
    model!(Util, "java/util/LinkedHashSet.java", "LinkedHashSet"),
    model!(Util, "java/util/TreeSet.java", "TreeSet"),
    model!(
        Util,
        "java/util/random/RandomGenerator.java",
        "RandomGenerator",
        "Random"
    ),
    model!(
        Util,
        "java/util/concurrent/atomic/AtomicLong.java",
        "AtomicLong",
        "Random",
        "RandomGenerator"
    ),
    model!(Util, "java/util/Random.java", "Random", "RandomGenerator"),
    model!(Strings, "java/lang/CharSequence.java"),
    model!(Strings, "java/lang/String.java"),
    model!(
        Strings,
        "java/lang/AbstractStringBuilder.java",
        "StringBuilder"
    ),
    model!(Strings, "java/lang/StringBuilder.java", "StringBuilder"),
];

/// The model sources a program with these source texts needs: `java.util`'s if it names
/// `java.util` (an import or a qualified name) or `Iterable` — the interfaces and the classes it
/// names —, String's if it names `String` or `CharSequence` or writes a string literal.
pub fn models_for(texts: &[&str]) -> Vec<&'static ModelSource> {
    let code: Vec<String> = texts.iter().map(|t| without_comments(t)).collect();
    let util = code
        .iter()
        .any(|t| t.contains("java.util") || t.contains("Iterable"));
    let names = |word: &str| code.iter().any(|t| names_word(t, word));
    let strings = names("String") || names("CharSequence") || code.iter().any(|t| t.contains('"'));
    let group = |g: ModelGroup| match g {
        ModelGroup::Util => util,
        ModelGroup::Strings => strings,
    };
    MODEL_SOURCES
        .iter()
        .filter(|m| group(m.group))
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

/// The first object of a model class with storage (a collection, a String) in `input` that no
/// Java heap can hold, said with its JSON path and what to do: its storage array must be an
/// array of the storage's class of its own (not null, not shared with a field, an element, an
/// argument or another object — the JDK's classes keep theirs private), and an `ArrayDeque`'s
/// must hold no null (it refuses them). The encoder's free pre-states obey the same rule.
pub fn storage_problem(input: &TestInput) -> Option<String> {
    let heap = &input.heap;
    let mut holders: BTreeMap<&ObjId, Vec<String>> = BTreeMap::new();
    for (id, o) in &heap.objects {
        for (f, v) in &o.fields {
            if let Value::Ref(r) = v {
                holders
                    .entry(r)
                    .or_default()
                    .push(format!("objects.{id}.{f}"));
            }
        }
    }
    let roots = input.this.iter().map(|t| ("this".to_string(), t));
    let args = input.args.iter().filter_map(|(n, v)| match v {
        Value::Ref(r) => Some((format!("args.{n}"), r)),
        _ => None,
    });
    let statics = heap.statics.iter().filter_map(|(n, v)| match v {
        Value::Ref(r) => Some((format!("statics.{n}"), r)),
        _ => None,
    });
    for (path, r) in roots.chain(args).chain(statics) {
        holders.entry(r).or_default().push(path);
    }
    for (id, o) in &heap.objects {
        let Some(storage) = storage(&o.class) else {
            continue;
        };
        let (field, array_class) = (storage.field, storage.array);
        let fix = match storage.rebuild {
            Rebuild::Collection => "give each collection an Object[] of its own (`\"elements\"`), as the README's \"Test inputs\" shows",
            Rebuild::String => "give each String a char[] of its own (`\"chars\"`), or write the String as a JSON string",
            Rebuild::Builder => "give each StringBuilder a char[] of its own (`\"chars\"`)",
        };
        let at = format!("objects.{id}.{field}");
        let Some(Value::Ref(a)) = o.fields.get(field) else {
            return Some(format!(
                "{at}: a {} needs its {array_class}; {fix}",
                o.class
            ));
        };
        let Some(array) = heap.objects.get(a).filter(|x| x.class == array_class) else {
            return Some(format!("{at}: `{a}` is not a {array_class}; {fix}"));
        };
        let held = holders.get(a).map_or(&[][..], Vec::as_slice);
        if let Some(other) = held.iter().find(|p| **p != at) {
            return Some(format!("{at}: `{a}` is also held by {other}; {fix}"));
        }
        let null = array.fields.iter().find(|(_, v)| **v == Value::Null);
        if let (ARRAY_DEQUE, Some((i, _))) = (o.class.as_str(), null) {
            return Some(format!(
                "objects.{a}.{i}: an ArrayDeque holds no null (the JDK's refuses them); remove it"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(id: &str) -> Value {
        Value::Ref(ObjId::new(id))
    }

    fn obj(class: &str, fields: &[(&str, Value)]) -> sattar_heap::Object {
        sattar_heap::Object {
            class: class.into(),
            fields: fields
                .iter()
                .map(|(f, v)| (f.to_string(), v.clone()))
                .collect(),
        }
    }

    /// An array of `class` holding `elements`.
    fn array(class: &str, elements: &[Value]) -> sattar_heap::Object {
        let mut fields = vec![(
            sattar_heap::ARRAY_LENGTH.to_string(),
            Value::Int(elements.len() as i32),
        )];
        fields.extend(
            elements
                .iter()
                .enumerate()
                .map(|(j, v)| (sattar_heap::element_field(j), v.clone())),
        );
        sattar_heap::Object {
            class: class.into(),
            fields: fields.into_iter().collect(),
        }
    }

    /// Receiver `O` (holding `l`, and `a` if given) and the other objects.
    fn input(holds_array: bool, others: Vec<(&str, sattar_heap::Object)>) -> TestInput {
        let mut o = vec![("l", r("L"))];
        if holds_array {
            o.push(("a", r("A")));
        }
        let mut objects: BTreeMap<ObjId, sattar_heap::Object> = others
            .into_iter()
            .map(|(id, x)| (ObjId::new(id), x))
            .collect();
        objects.insert(ObjId::new("O"), obj("p.O", &o));
        TestInput {
            this: Some(ObjId::new("O")),
            args: Vec::new(),
            heap: sattar_heap::Heap {
                objects,
                statics: BTreeMap::new(),
            },
        }
    }

    #[test]
    fn a_collection_owns_a_plain_object_array_and_a_deque_holds_no_null() {
        let list = |class: &str| obj(class, &[(ELEMENTS, r("A"))]);
        let fine = input(
            false,
            vec![
                ("L", list("java.util.ArrayList")),
                ("A", array(ELEMENTS_ARRAY, &[Value::Null])),
            ],
        );
        assert_eq!(storage_problem(&fine), None);
        let missing = input(false, vec![("L", obj("java.util.ArrayList", &[]))]);
        let why = storage_problem(&missing).expect("refused");
        assert!(
            why.starts_with("objects.L.elements: a java.util.ArrayList needs"),
            "{why}"
        );
        let shared = input(
            true,
            vec![
                ("L", list("java.util.Stack")),
                ("A", array(ELEMENTS_ARRAY, &[])),
            ],
        );
        let why = storage_problem(&shared).expect("refused");
        assert!(why.contains("`A` is also held by objects.O.a"), "{why}");
        let typed = input(
            false,
            vec![("L", list("java.util.Vector")), ("A", array("p.O[]", &[]))],
        );
        let why = storage_problem(&typed).expect("refused");
        assert!(why.contains("is not a java.lang.Object[]"), "{why}");
        let deque = input(
            false,
            vec![
                ("L", list(ARRAY_DEQUE)),
                ("A", array(ELEMENTS_ARRAY, &[r("O"), Value::Null])),
            ],
        );
        let why = storage_problem(&deque).expect("refused");
        assert!(
            why.starts_with("objects.A.1: an ArrayDeque holds no null"),
            "{why}"
        );
    }

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
