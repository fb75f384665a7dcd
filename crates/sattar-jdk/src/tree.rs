//! The attributed trees javac hands back: a flat table of nodes with children by index, so that
//! deep nesting costs no depth in the JSON. Field names follow `java/sattar/frontend/Dumper.java`,
//! which writes them; every position is a UTF-16 offset into its file (see [`Utf16Map`]).

use serde::Deserialize;

/// One node of javac's tree (`k` is javac's `Tree.Kind`); only the fields of its kind are set.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Node {
    /// javac's `Tree.Kind`: `IF`, `METHOD_INVOCATION`, `INT_LITERAL`, …
    pub k: String,
    /// Start offset (UTF-16), or -1.
    pub s: i64,
    /// End offset (UTF-16), or -1 for a node javac made up (an implicit `super()`, a default
    /// constructor's body).
    pub e: i64,
    /// javac's preferred position (the name of a declaration, the operator of a binary).
    pub p: i64,
    /// An expression's erased type: `int`, `java.lang.String`, `p.Outer$Inner`, `int[]`, `null`.
    pub t: Option<String>,
    /// An expression's compile-time constant value (numbers; `long`, `float`, `double` as strings).
    pub cv: Option<serde_json::Value>,
    /// Children of a kind the dumper writes no fields for.
    pub c: Vec<usize>,

    // --- compilation units
    /// The file's index in the request.
    pub file: Option<usize>,
    /// The package (`""` for the default package).
    pub pkg: Option<String>,
    /// Top-level type declarations.
    pub types: Vec<usize>,

    // --- declarations
    /// The simple name of a declaration, a name reference or a member select; a label.
    pub name: Option<String>,
    /// A class's binary name (`p.Outer$Inner`).
    pub bin: Option<String>,
    /// A class's `ElementKind`: `CLASS`, `INTERFACE`, `ENUM`, `RECORD`, `ANNOTATION_TYPE`.
    pub kind: Option<String>,
    /// A class's `NestingKind`: `TOP_LEVEL`, `MEMBER`, `LOCAL`, `ANONYMOUS`.
    pub nest: Option<String>,
    /// A class's erased superclass (`None` for `Object` and interfaces).
    pub ext: Option<String>,
    /// A class's erased interfaces.
    #[serde(rename = "impl")]
    pub implements: Vec<String>,
    /// The enclosing class of a nested class.
    pub outer: Option<String>,
    /// Whether a nested class has an enclosing instance.
    pub inner: bool,
    /// Type parameters, comma-separated (`""` when none).
    pub tparams: Option<String>,
    /// Modifiers (`public`, `static`, `final`, `abstract`, …).
    pub mods: Vec<String>,
    /// Annotations of a declaration.
    pub ann: Vec<usize>,
    /// A class's members in source order.
    pub members: Vec<usize>,
    /// A method's parameters (`VARIABLE` nodes).
    pub params: Vec<usize>,
    /// A method's return type tree.
    pub rtype: Option<usize>,
    /// A method's, loop's or lambda's body; an anonymous class body of `new`.
    pub body: Option<usize>,
    /// A method's erased thrown types.
    pub throws: Vec<String>,
    /// A variable's `ElementKind`: `FIELD`, `LOCAL_VARIABLE`, `PARAMETER`, `EXCEPTION_PARAMETER`, ….
    pub vk: Option<String>,
    /// A variable's erased declared type.
    pub vt: Option<String>,
    /// A variable's type tree.
    pub vtype: Option<usize>,
    /// A variable's initializer.
    pub init: Option<usize>,
    /// What a method or invocation resolves to.
    pub m: Option<MethodRef>,
    /// Every method a method declaration overrides (javac's override relation, all supertypes).
    pub ovr: Vec<MethodRef>,

    // --- statements
    /// Whether a block is a `static` initializer.
    #[serde(rename = "static")]
    pub is_static: bool,
    /// A block's statements.
    pub stmts: Vec<usize>,
    /// The expression of an expression statement, `return`, `throw`, parentheses, unary, member
    /// select, `instanceof`, cast, enhanced `for`; the right-hand side of an assignment.
    pub expr: Option<usize>,
    /// The condition of `if`, loops, `?:` and `assert`.
    pub cond: Option<usize>,
    /// The then-branch of `if` and `?:`.
    pub then: Option<usize>,
    /// The else-branch of `if` and `?:`.
    #[serde(rename = "else")]
    pub otherwise: Option<usize>,
    /// A `for` loop's initializers.
    pub inits: Vec<usize>,
    /// A `for` loop's updates.
    pub update: Vec<usize>,
    /// An enhanced `for` loop's variable; an assignment's target.
    pub var: Option<usize>,
    /// A `break`/`continue` label or a labelled statement's label.
    pub label: Option<String>,
    /// An `assert`'s detail message.
    pub detail: Option<usize>,
    /// A `try` block's block; a `catch` block.
    pub block: Option<usize>,
    /// A `try`'s resources.
    pub resources: Vec<usize>,
    /// A `try`'s catches.
    pub catches: Vec<usize>,
    /// A `try`'s finally block.
    pub finally: Option<usize>,
    /// A `catch`'s parameter.
    pub param: Option<usize>,
    /// A `switch`'s cases (statement or expression).
    pub cases: Vec<usize>,

    // --- expressions
    /// What a name or member select refers to.
    pub sym: Option<Symbol>,
    /// The method select of an invocation.
    pub sel: Option<usize>,
    /// Arguments of an invocation or `new`; an annotation's arguments.
    pub args: Vec<usize>,
    /// The instantiated, erased parameter types of an invocation.
    pub iparams: Vec<String>,
    /// The instantiated, erased return type of an invocation.
    pub iret: Option<String>,
    /// The explicit enclosing instance of `outer.new Inner()`.
    pub encl: Option<usize>,
    /// The class name tree of `new`.
    pub ident: Option<usize>,
    /// An array creation's element type tree.
    pub elemtype: Option<usize>,
    /// An array creation's dimensions.
    pub dims: Vec<usize>,
    /// An array initializer's elements.
    pub elems: Option<Vec<usize>>,
    /// A binary operator's left operand.
    pub l: Option<usize>,
    /// A binary operator's right operand.
    pub r: Option<usize>,
    /// The binding variable of `instanceof T name`.
    pub bind: Option<usize>,
    /// The erased target type of a cast or `instanceof`.
    pub tt: Option<String>,
    /// The type tree of a cast or `instanceof`.
    pub ttree: Option<usize>,
    /// An array access's array.
    pub arr: Option<usize>,
    /// An array access's index.
    pub idx: Option<usize>,
}

impl Node {
    /// Whether javac made this node up (it has no end in the source).
    pub fn is_synthetic(&self) -> bool {
        self.e < 0
    }
}

/// A method as the bytecode names it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(default)]
pub struct MethodRef {
    /// The declaring class's binary name.
    pub owner: String,
    /// The name (`<init>` for a constructor).
    pub name: String,
    /// Erased declared parameter types.
    pub params: Vec<String>,
    /// Erased declared return type.
    pub ret: String,
    /// `static`.
    #[serde(rename = "static")]
    pub is_static: bool,
    /// `abstract`.
    #[serde(rename = "abstract")]
    pub is_abstract: bool,
    /// An interface's `default` method.
    #[serde(rename = "default")]
    pub is_default: bool,
    /// `private`.
    #[serde(rename = "private")]
    pub is_private: bool,
    /// Declared with `...`.
    pub varargs: bool,
    /// Declared in an interface.
    pub iface: bool,
}

/// What a name refers to.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Symbol {
    /// javac's `ElementKind`: `LOCAL_VARIABLE`, `PARAMETER`, `FIELD`, `METHOD`, `CLASS`, `PACKAGE`, ….
    pub kind: String,
    /// The simple name.
    pub name: String,
    /// The declaring node, for declarations in the request's sources written before the reference
    /// (locals and parameters always are).
    pub decl: Option<usize>,
    /// A field's declaring class.
    pub owner: Option<String>,
    /// A field's `static`.
    #[serde(rename = "static")]
    pub is_static: bool,
    /// A field's `final`.
    #[serde(rename = "final")]
    pub is_final: bool,
    /// A variable's erased declared type.
    pub vt: Option<String>,
    /// A constant field's value.
    pub cv: Option<serde_json::Value>,
    /// A method.
    pub m: Option<MethodRef>,
    /// A class's binary name.
    pub bin: Option<String>,
}

/// A diagnostic of javac.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct JavacDiagnostic {
    /// `ERROR`, `WARNING` or `MANDATORY_WARNING`.
    pub kind: String,
    /// javac's key (`compiler.err.cant.resolve.location`).
    pub code: String,
    /// The message.
    pub msg: String,
    /// The file's index in the request, if the diagnostic has one.
    pub file: Option<usize>,
    /// Start (UTF-16 offset), or -1.
    pub s: i64,
    /// End, or -1.
    pub e: i64,
    /// The position javac points at, or -1.
    pub p: i64,
}

impl JavacDiagnostic {
    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.kind == "ERROR"
    }
}

/// Converts UTF-16 offsets (javac's) into byte offsets of a UTF-8 text.
#[derive(Clone, Debug)]
pub struct Utf16Map {
    /// Byte offset of each UTF-16 unit, plus one past the end.
    bytes: Vec<usize>,
}

impl Utf16Map {
    /// The map of `text`.
    pub fn new(text: &str) -> Utf16Map {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        for (i, ch) in text.char_indices() {
            for _ in 0..ch.len_utf16() {
                bytes.push(i);
            }
        }
        bytes.push(text.len());
        Utf16Map { bytes }
    }

    /// The byte offset of UTF-16 offset `u` (clamped to the text; `None` for a negative offset).
    pub fn byte(&self, u: i64) -> Option<usize> {
        let u = usize::try_from(u).ok()?;
        Some(self.bytes[u.min(self.bytes.len() - 1)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_offsets_map_to_bytes() {
        let m = Utf16Map::new("aé😀b");
        // a: unit 0 byte 0; é: unit 1 byte 1; 😀: units 2,3 bytes 3; b: unit 4 byte 7; end 8.
        assert_eq!(m.byte(0), Some(0));
        assert_eq!(m.byte(1), Some(1));
        assert_eq!(m.byte(2), Some(3));
        assert_eq!(m.byte(4), Some(7));
        assert_eq!(m.byte(5), Some(8));
        assert_eq!(m.byte(99), Some(8));
        assert_eq!(m.byte(-1), None);
    }
}
