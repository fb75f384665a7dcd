//! The surface syntax tree, as parsed: names are still text, every node has its source span.

use sattar_diag::{Diagnostic, Pos};
use std::fmt;
use std::sync::Arc;

/// A text the spec came from: a spec file, or the Java file holding an annotation.
#[derive(PartialEq, Eq)]
pub struct Source {
    /// The file's path as the user gave it.
    pub file: String,
    /// The whole file's text (for code frames).
    pub text: String,
}

/// Where a node is: its source, start position and length in characters.
#[derive(Clone)]
pub struct Span {
    /// The source text.
    pub src: Arc<Source>,
    /// Where it starts.
    pub pos: Pos,
    /// Its length in characters (on its first line, for the caret).
    pub len: u32,
}

impl Span {
    /// An error diagnostic (kind `error`) at this span.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        self.diag("error", message)
    }

    /// A diagnostic of the given kind at this span.
    pub fn diag(&self, kind: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(
            &self.src.file,
            &self.src.text,
            self.pos,
            self.len,
            kind,
            message,
        )
    }

    /// `file:line:col`.
    pub fn location(&self) -> String {
        format!("{}:{}:{}", self.src.file, self.pos.line, self.pos.col)
    }
}

impl PartialEq for Span {
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos && self.len == other.len && self.src.file == other.src.file
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.location(), self.len)
    }
}

/// A comparison operator between two expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `in`
    In,
    /// `!in`
    NotIn,
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// The operator as written.
    pub fn text(self) -> &'static str {
        match self {
            CmpOp::In => "in",
            CmpOp::NotIn => "!in",
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// A multiplicity or quantifier keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quant {
    /// `all` (quantifier only)
    All,
    /// `some`
    Some,
    /// `no`
    No,
    /// `one`
    One,
    /// `lone`
    Lone,
}

impl Quant {
    /// Whether `n` atoms (or satisfying bindings) out of `total` meet this multiplicity.
    pub fn accepts(self, n: usize, total: usize) -> bool {
        match self {
            Quant::All => n == total,
            Quant::Some => n >= 1,
            Quant::No => n == 0,
            Quant::One => n == 1,
            Quant::Lone => n <= 1,
        }
    }
}

/// A binary operator of the surface syntax (set/int and logical).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+` (union or integer addition)
    Plus,
    /// `-` (difference or integer subtraction)
    Minus,
    /// `&` (intersection)
    Amp,
    /// `*` (integer multiplication)
    Times,
    /// `&&` / `and`
    And,
    /// `||` / `or`
    Or,
    /// `<=>` / `iff`
    Iff,
    /// A comparison.
    Cmp(CmpOp),
}

/// A prefix operator of the surface syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `#` (cardinality)
    Card,
    /// `-` (integer negation)
    Neg,
    /// `!` / `not`
    Not,
}

/// A relation after `.`: a field, a union, a transpose, a closure, or a primed relation.
#[derive(Clone, Debug, PartialEq)]
pub struct Rel {
    /// What it is.
    pub kind: RelKind,
    /// Where it is.
    pub span: Span,
}

/// The shapes of a relation.
#[derive(Clone, Debug, PartialEq)]
pub enum RelKind {
    /// A field name.
    Field(String),
    /// `r + s`
    Union(Box<Rel>, Box<Rel>),
    /// `~r`
    Transpose(Box<Rel>),
    /// `*r` (reflexive) or `^r`.
    Closure(bool, Box<Rel>),
    /// `r'`: the fields of `r` in the post-state.
    Prime(Box<Rel>),
}

/// A formula or expression of the surface syntax (the parser does not tell them apart).
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// What it is.
    pub kind: NodeKind,
    /// Where it is.
    pub span: Span,
}

/// The shapes of a formula or expression.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// A parameter, quantified variable or class name.
    Name(String),
    /// `this`
    This,
    /// `null`
    Null,
    /// `result`
    Result,
    /// `true` / `false`
    Bool(bool),
    /// An integer literal.
    Int(i64),
    /// A predicate call `p(args)`.
    Call(String, Vec<Node>),
    /// `e.r`
    Join(Box<Node>, Rel),
    /// `e'`
    Prime(Box<Node>),
    /// A prefix operator.
    Unary(UnOp, Box<Node>),
    /// A binary operator.
    Binary(BinOp, Box<Node>, Box<Node>),
    /// `a => b` or `a => b else c`.
    Implies(Box<Node>, Box<Node>, Option<Box<Node>>),
    /// `no e`, `some e`, `one e`, `lone e`.
    Mult(Quant, Box<Node>),
    /// `q x, y: bound | body`.
    Quant(Quant, Vec<(String, Span)>, Box<Node>, Box<Node>),
    /// `a[i]`: an array's element.
    Index(Box<Node>, Box<Node>),
    /// `lo .. hi`: the integers from `lo` to `hi`.
    Range(Box<Node>, Box<Node>),
    /// `C[]`: the array class of class path `C` (every array that is one).
    ArrayClass(Box<Node>),
}

/// A declared parameter of a predicate or method: name and type as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The name.
    pub name: String,
    /// The type as written: `int`, `boolean` or a class name.
    pub ty: String,
    /// Where the parameter is.
    pub span: Span,
}
