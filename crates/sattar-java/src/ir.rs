//! The intermediate representation of a Java subject: classes, methods, statements with stable
//! ids and spans, typed expressions. Every later stage (interpreter, encoder, instrumenter, ranking)
//! speaks in [`StmtId`]s.

use sattar_diag::{LineIndex, Pos};
use sattar_heap::{ClassSchema, FieldType, MethodSig, Schema};
use std::fmt;

/// A statement's stable id: its 1-based position in source order over the whole file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StmtId(pub u32);

impl fmt::Display for StmtId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "s{}", self.0)
    }
}

/// A method's index in [`Program::methods`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MethodId(pub u32);

/// A byte range of the source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A type of the supported subset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `int`
    Int,
    /// `boolean`
    Boolean,
    /// `void` (method results only)
    Void,
    /// The type of `null`: assignable to every class.
    Null,
    /// A subject class, by qualified name (`LinkedList.Node`).
    Class(String),
}

impl Type {
    /// The heap field type of a value type (`None` for `void` and the null type).
    pub fn field_type(&self) -> Option<FieldType> {
        match self {
            Type::Int => Some(FieldType::Int),
            Type::Boolean => Some(FieldType::Bool),
            Type::Class(c) => Some(FieldType::Ref(c.clone())),
            Type::Void | Type::Null => None,
        }
    }
    /// Whether a value of type `from` may be assigned to this type.
    pub fn accepts(&self, from: &Type) -> bool {
        self == from || (matches!(self, Type::Class(_)) && *from == Type::Null)
    }
    /// Whether this is a reference type (a class or the null type).
    pub fn is_ref(&self) -> bool {
        matches!(self, Type::Class(_) | Type::Null)
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int => f.write_str("int"),
            Type::Boolean => f.write_str("boolean"),
            Type::Void => f.write_str("void"),
            Type::Null => f.write_str("null"),
            Type::Class(c) => f.write_str(c),
        }
    }
}

/// A field declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// A literal initializer (`int size = 0;`), applied by `new`.
    pub init: Option<Literal>,
    /// The declaration's span.
    pub span: Span,
}

/// A literal constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// An int literal.
    Int(i32),
    /// `true` / `false`.
    Bool(bool),
    /// `null`.
    Null,
}

/// A class of the subject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// Qualified name: `Outer` or `Outer.Inner`.
    pub name: String,
    /// Its fields, in declaration order.
    pub fields: Vec<Field>,
    /// Whether it only serves as an exception type (`class E extends RuntimeException {}`).
    pub is_exception: bool,
    /// Specification annotations on the class (`@Invariant`).
    pub annotations: Vec<SpecAnnotation>,
    /// The span of the declaration's name.
    pub span: Span,
}

impl Class {
    /// The named field.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }
}

/// A `@Invariant`, `@Requires` or `@Ensures` annotation: each string with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecAnnotation {
    /// `Invariant`, `Requires` or `Ensures`.
    pub kind: String,
    /// Each string of the annotation, unescaped, with the position of its first character.
    pub items: Vec<(String, Pos)>,
}

/// A method parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// Its type.
    pub ty: Type,
}

/// A method or constructor of a subject class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Method {
    /// Its id.
    pub id: MethodId,
    /// The qualified declaring class.
    pub class: String,
    /// The method's name (`<init>` for a constructor).
    pub name: String,
    /// Whether it is static.
    pub is_static: bool,
    /// Its parameters.
    pub params: Vec<Param>,
    /// Its return type.
    pub ret: Type,
    /// Its body.
    pub body: Block,
    /// Specification annotations on the method.
    pub annotations: Vec<SpecAnnotation>,
    /// The span of the method's name.
    pub span: Span,
}

impl Method {
    /// Whether this is a constructor.
    pub fn is_constructor(&self) -> bool {
        self.name == "<init>"
    }
    /// `Class.name`.
    pub fn qualified_name(&self) -> String {
        format!("{}.{}", self.class, self.name)
    }
}

/// A sequence of statements.
pub type Block = Vec<Stmt>;

/// A statement. Every variant but `Block` carries its [`StmtId`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// `T x;` or `T x = e;`
    Local {
        id: StmtId,
        name: String,
        ty: Type,
        init: Option<Expr>,
    },
    /// `target = value`, or `target op= value` / `++` / `--` when `op` is set.
    Assign {
        id: StmtId,
        target: LValue,
        op: Option<BinOp>,
        value: Expr,
    },
    /// An expression evaluated for its effect: a call or `new`.
    Expr { id: StmtId, expr: Expr },
    /// `if (cond) then_b else else_b`
    If {
        id: StmtId,
        cond: Expr,
        then_b: Block,
        else_b: Block,
    },
    /// `while (cond) body`
    While { id: StmtId, cond: Expr, body: Block },
    /// `do body while (cond);`
    DoWhile { id: StmtId, body: Block, cond: Expr },
    /// `for (init; cond; update) body`; the id is the condition's.
    For {
        id: StmtId,
        init: Block,
        cond: Option<Expr>,
        update: Block,
        body: Block,
    },
    /// `break;`
    Break { id: StmtId },
    /// `continue;`
    Continue { id: StmtId },
    /// `return;` or `return e;`
    Return { id: StmtId, value: Option<Expr> },
    /// `throw new E(...);`, `exception` being the qualified exception class.
    Throw { id: StmtId, exception: String },
    /// A nested `{ … }` block (a scope).
    Block(Block),
}

impl Stmt {
    /// The statement's id (`None` for a plain block).
    pub fn id(&self) -> Option<StmtId> {
        match self {
            Stmt::Local { id, .. }
            | Stmt::Assign { id, .. }
            | Stmt::Expr { id, .. }
            | Stmt::If { id, .. }
            | Stmt::While { id, .. }
            | Stmt::DoWhile { id, .. }
            | Stmt::For { id, .. }
            | Stmt::Break { id }
            | Stmt::Continue { id }
            | Stmt::Return { id, .. }
            | Stmt::Throw { id, .. } => Some(*id),
            Stmt::Block(_) => None,
        }
    }
}

/// The target of an assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LValue {
    /// A local variable or parameter.
    Local(String),
    /// `obj.field` (an implicit `this.` is made explicit).
    Field {
        obj: Expr,
        class: String,
        field: String,
    },
}

/// A typed expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Its static type.
    pub ty: Type,
    /// Its span.
    pub span: Span,
}

/// The forms of expressions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A literal.
    Lit(Literal),
    /// `this`
    This,
    /// A local variable or parameter.
    Local(String),
    /// `obj.field` of the given class.
    Field {
        obj: Box<Expr>,
        class: String,
        field: String,
    },
    /// `-e` or `!e`.
    Unary(UnOp, Box<Expr>),
    /// `a op b`; `&&` and `||` short-circuit.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `new C(args)`; `ctor` is the constructor, `None` for the default one.
    New {
        class: String,
        ctor: Option<MethodId>,
        args: Vec<Expr>,
    },
    /// A call of a subject method; `recv` is `None` for a static method.
    Call {
        recv: Option<Box<Expr>>,
        method: MethodId,
        args: Vec<Expr>,
    },
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// Integer negation (wrapping).
    Neg,
    /// Boolean not.
    Not,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+` (32-bit wrapping)
    Add,
    /// `-` (32-bit wrapping)
    Sub,
    /// `*` (32-bit wrapping)
    Mul,
    /// `==` on ints, booleans or references
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
    /// `&&` (short-circuit)
    And,
    /// `||` (short-circuit)
    Or,
}

impl BinOp {
    /// The Java spelling.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

/// The kind of a statement, for reports and instrumentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StmtKind {
    /// A local declaration.
    Local,
    /// An assignment, `++`, `--`, `+=`, `-=`.
    Assign,
    /// A call or `new` for effect.
    Expr,
    /// `if`
    If,
    /// `while`
    While,
    /// `do … while`
    DoWhile,
    /// `for`
    For,
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// `return`
    Return,
    /// `throw`
    Throw,
}

impl StmtKind {
    /// Whether the statement evaluates a branch condition.
    pub fn is_branch(self) -> bool {
        matches!(
            self,
            StmtKind::If | StmtKind::While | StmtKind::DoWhile | StmtKind::For
        )
    }
}

/// What every stage needs to know about a statement without walking the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StmtInfo {
    /// Its id.
    pub id: StmtId,
    /// The method it belongs to.
    pub method: MethodId,
    /// Its kind.
    pub kind: StmtKind,
    /// The whole statement's span (for a compound statement, including its body).
    pub span: Span,
    /// The span of its branch condition, for branch statements with a condition.
    pub cond: Option<Span>,
    /// 1-based line of its first character.
    pub line: u32,
    /// The statement as a reader would name it: `size = size - 1;`, `if (lst.key == k)`.
    pub text: String,
}

/// A parsed, checked Java subject: the source and its IR.
#[derive(Clone, Debug)]
pub struct Program {
    /// The file's path as the user gave it.
    pub file: String,
    /// The file's text.
    pub text: String,
    /// Every class, outer before nested, in source order.
    pub classes: Vec<Class>,
    /// Every method and constructor, indexed by [`MethodId`].
    pub methods: Vec<Method>,
    /// Every statement, indexed by `StmtId.0 - 1`.
    pub stmts: Vec<StmtInfo>,
    pub(crate) lines: LineIndex,
}

impl Program {
    /// The named class (qualified, or simple when unambiguous).
    pub fn class(&self, name: &str) -> Option<&Class> {
        // Called on every `new` by the interpreter: look up directly, no schema built.
        if let Some(c) = self.classes.iter().find(|c| c.name == name) {
            return Some(c);
        }
        let mut simple = self
            .classes
            .iter()
            .filter(|c| c.name.rsplit('.').next() == Some(name));
        match (simple.next(), simple.next()) {
            (Some(c), None) => Some(c),
            _ => None,
        }
    }

    /// The method with this id.
    pub fn method(&self, id: MethodId) -> &Method {
        &self.methods[id.0 as usize]
    }

    /// Methods named `name` (optionally `Class.name`), constructors excluded.
    pub fn find_methods(&self, name: &str) -> Vec<&Method> {
        let (class, simple) = match name.rsplit_once('.') {
            Some((c, m)) => (Some(c), m),
            None => (None, name),
        };
        self.methods
            .iter()
            .filter(|m| m.name == simple && !m.is_constructor())
            .filter(|m| class.is_none_or(|c| m.class == c || m.class.ends_with(&format!(".{c}"))))
            .collect()
    }

    /// The statement info of `id`.
    pub fn stmt(&self, id: StmtId) -> &StmtInfo {
        &self.stmts[id.0 as usize - 1]
    }

    /// The statements of one method, in id order.
    pub fn stmts_of(&self, m: MethodId) -> impl Iterator<Item = &StmtInfo> {
        self.stmts.iter().filter(move |s| s.method == m)
    }

    /// The line/column of a byte offset.
    pub fn pos(&self, offset: usize) -> Pos {
        self.lines.pos(&self.text, offset)
    }

    /// The classes and fields as a heap schema (exception-only classes left out).
    pub fn schema(&self) -> Schema {
        let mut s = Schema::default();
        for c in self.classes.iter().filter(|c| !c.is_exception) {
            let fields = c
                .fields
                .iter()
                .filter_map(|f| f.ty.field_type().map(|t| (f.name.clone(), t)))
                .collect();
            s.classes.insert(c.name.clone(), ClassSchema { fields });
        }
        s
    }

    /// The heap-level signature of a method.
    pub fn sig(&self, m: MethodId) -> MethodSig {
        let m = self.method(m);
        MethodSig {
            class: m.class.clone(),
            name: m.name.clone(),
            is_static: m.is_static,
            params: m
                .params
                .iter()
                .filter_map(|p| p.ty.field_type().map(|t| (p.name.clone(), t)))
                .collect(),
            ret: m.ret.field_type(),
        }
    }
}
