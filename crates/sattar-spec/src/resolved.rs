//! The resolved, typed syntax tree: what the evaluator and the SAT encoder walk.
//!
//! Every name is resolved (fields to `(class, field, type)`, parameters, quantified variables by
//! id, class extents), predicates are inlined, primes are gone (each field access and class extent
//! says which state it reads), and set operations are told apart from integer arithmetic.

use crate::ast::{Quant, Span};
use sattar_heap::FieldType;
use std::collections::BTreeSet;
use std::fmt;

/// Which heap a field access or class extent reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    /// The state before the call.
    Pre,
    /// The state after the call (a prime).
    Post,
}

/// The type of a set-valued expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetType {
    /// Objects of these (qualified) classes; the empty class set is the type of `null`.
    Objects(BTreeSet<String>),
    /// Integer atoms.
    Int,
    /// Boolean atoms.
    Bool,
}

impl SetType {
    /// Objects of one class.
    pub fn class(c: &str) -> Self {
        SetType::Objects([c.to_string()].into_iter().collect())
    }

    /// The type of a field, parameter or result of Java type `ty`.
    pub fn of(ty: &FieldType) -> Self {
        match ty {
            FieldType::Bool => SetType::Bool,
            // A box is its value (the spec compares boxes by value).
            FieldType::Ref(c) => match sattar_heap::BoxClass::named(c) {
                Some(b) => SetType::of(&b.value_type()),
                None => SetType::class(c),
            },
            // Every integer type's values are integers (compared by value, exactly).
            _ => SetType::Int,
        }
    }

    /// Whether two sets of these types may be compared, united or intersected.
    pub fn compatible(&self, other: &SetType) -> bool {
        matches!(
            (self, other),
            (SetType::Objects(_), SetType::Objects(_))
                | (SetType::Int, SetType::Int)
                | (SetType::Bool, SetType::Bool)
        )
    }

    /// The least type holding both (assumes [`SetType::compatible`]).
    pub fn join(&self, other: &SetType) -> SetType {
        match (self, other) {
            (SetType::Objects(a), SetType::Objects(b)) => {
                SetType::Objects(a.union(b).cloned().collect())
            }
            _ => self.clone(),
        }
    }
}

impl fmt::Display for SetType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetType::Objects(cs) if cs.is_empty() => f.write_str("null"),
            SetType::Objects(cs) => {
                let v: Vec<&str> = cs.iter().map(String::as_str).collect();
                f.write_str(&v.join(" + "))
            }
            SetType::Int => f.write_str("int"),
            SetType::Bool => f.write_str("boolean"),
        }
    }
}

/// A resolved field: its declaring (qualified) class, its name and its Java type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldRef {
    /// The declaring class, qualified (`LinkedList.Node`).
    pub class: String,
    /// The field's name.
    pub field: String,
    /// The field's type (`Ref(class)` for references).
    pub ty: FieldType,
}

/// A binary relation built from fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rel {
    /// A field in a state: pairs `(o, o.field)` for the objects `o` of `field.class`, null omitted.
    Field(FieldRef, State),
    /// The union of two relations.
    Union(Box<Rel>, Box<Rel>),
    /// The transpose `~r`.
    Transpose(Box<Rel>),
    /// `^r` (transitive closure) or `*r` (reflexive: `S.*r = S + S.^r`).
    Closure {
        /// `*` (true) or `^` (false).
        reflexive: bool,
        /// The relation closed over.
        rel: Box<Rel>,
    },
}

/// A quantified variable: unique id within the method, its name and its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// Unique id (distinct for every quantifier and every inlined predicate instance).
    pub id: u32,
    /// The name as written.
    pub name: String,
    /// The type of its values (the bound's type).
    pub ty: SetType,
}

/// A set-valued expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetExpr {
    /// The receiver (of the given class).
    This(String),
    /// The empty set.
    Null,
    /// The return value (empty if it is null).
    Result(SetType),
    /// A method parameter's value (empty if null); parameters never change state.
    Param(String, SetType),
    /// The singleton of a quantified variable's atom.
    Var(Var),
    /// A boolean literal `true`/`false` as a value.
    Bool(bool),
    /// Every object of exactly a class in a state (`Node` or `Node'`; a class name in a spec
    /// stands for the union of the extents of the classes below it).
    Class(String, State),
    /// A static field's value in a state (`Ranking.nextId`, `Ranking.nextId'`); empty if null.
    Static(FieldRef, State),
    /// An enum constant (`Color.RED`): the object of that id, which every heap has, and its class.
    Constant(String, String),
    /// Relational join `left.rel`, of type `ty`.
    Join {
        /// The left operand (a set of objects).
        left: Box<SetExpr>,
        /// The relation.
        rel: Rel,
        /// The result's type.
        ty: SetType,
    },
    /// Set union `+`.
    Union(Box<SetExpr>, Box<SetExpr>),
    /// Set difference `-`.
    Diff(Box<SetExpr>, Box<SetExpr>),
    /// Set intersection `&`.
    Inter(Box<SetExpr>, Box<SetExpr>),
    /// The singleton of an integer value (integer literals, and arithmetic used as a set).
    IntValue(Box<IntExpr>),
    /// `a[i]` in a state: element `i` of every array in `array` whose length exceeds `i` (a box
    /// element stands for its value, as a box field does).
    Elem {
        /// The arrays.
        array: Box<SetExpr>,
        /// The index.
        index: Box<IntExpr>,
        /// The state read.
        state: State,
        /// The element type (every array class of `array` has it).
        elem: sattar_heap::FieldType,
    },
    /// `lo .. hi`: every integer from `lo` to `hi` (empty when `hi < lo`).
    Range(Box<IntExpr>, Box<IntExpr>),
    /// Every element of every array in `array` in a state (below its length): what a
    /// sequence's `xs.elems` lowers to.
    Elems {
        /// The arrays.
        array: Box<SetExpr>,
        /// The state read.
        state: State,
        /// The element type (every array class of `array` has it).
        elem: sattar_heap::FieldType,
    },
}

impl SetExpr {
    /// The expression's type.
    pub fn ty(&self) -> SetType {
        match self {
            SetExpr::This(c) => SetType::class(c),
            SetExpr::Null => SetType::Objects(BTreeSet::new()),
            SetExpr::Result(t) | SetExpr::Param(_, t) | SetExpr::Join { ty: t, .. } => t.clone(),
            SetExpr::Var(v) => v.ty.clone(),
            SetExpr::Bool(_) => SetType::Bool,
            SetExpr::Class(c, _) => SetType::class(c),
            SetExpr::Static(f, _) => SetType::of(&f.ty),
            SetExpr::Constant(_, c) => SetType::class(c),
            SetExpr::Union(a, b) => a.ty().join(&b.ty()),
            SetExpr::Diff(a, _) => a.ty(),
            // Objects of both: an `Object` side (an erased generic) takes the other's classes.
            SetExpr::Inter(a, b) => match (a.ty(), b.ty()) {
                (SetType::Objects(x), y @ SetType::Objects(_))
                    if x.contains(sattar_heap::OBJECT) =>
                {
                    y
                }
                (x, _) => x,
            },
            SetExpr::IntValue(_) | SetExpr::Range(..) => SetType::Int,
            SetExpr::Elem { elem, .. } | SetExpr::Elems { elem, .. } => SetType::of(elem),
        }
    }
}

/// An integer-valued expression, evaluated exactly (i64).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntExpr {
    /// A literal.
    Lit(i64),
    /// The sum of the int atoms of a set (0 if empty): how an int set enters arithmetic.
    Sum(Box<SetExpr>),
    /// `#e`: the number of atoms.
    Card(Box<SetExpr>),
    /// `a + b`
    Add(Box<IntExpr>, Box<IntExpr>),
    /// `a - b`
    Sub(Box<IntExpr>, Box<IntExpr>),
    /// `-a`
    Neg(Box<IntExpr>),
    /// `a * b` (exact)
    Mul(Box<IntExpr>, Box<IntExpr>),
}

/// An integer comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntCmp {
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

impl IntCmp {
    /// Applies the comparison.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            IntCmp::Eq => a == b,
            IntCmp::Ne => a != b,
            IntCmp::Lt => a < b,
            IntCmp::Le => a <= b,
            IntCmp::Gt => a > b,
            IntCmp::Ge => a >= b,
        }
    }
}

/// A resolved formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// `true` / `false`.
    Const(bool),
    /// `a in b` (subset); `!in` is `Not(Subset)`.
    Subset(SetExpr, SetExpr),
    /// `a = b` as sets; `!=` is `Not(SetEq)`.
    SetEq(SetExpr, SetExpr),
    /// An integer comparison.
    IntCmp(IntCmp, IntExpr, IntExpr),
    /// `no/some/one/lone e` (never `All`).
    Mult(Quant, SetExpr),
    /// `q v1, v2: bound | body`: every variable ranges over the bound's atoms; `all` needs every
    /// binding tuple, `some` one, `no` none, `one` exactly one, `lone` at most one.
    Quant {
        /// The quantifier.
        q: Quant,
        /// The variables.
        vars: Vec<Var>,
        /// Their common domain.
        bound: SetExpr,
        /// The body.
        body: Box<Formula>,
    },
    /// `!f`
    Not(Box<Formula>),
    /// `f && g`
    And(Box<Formula>, Box<Formula>),
    /// `f || g`
    Or(Box<Formula>, Box<Formula>),
    /// `f => g`
    Implies(Box<Formula>, Box<Formula>),
    /// `f => g else h`
    IfElse(Box<Formula>, Box<Formula>, Box<Formula>),
    /// `f <=> g`
    Iff(Box<Formula>, Box<Formula>),
}

/// What a named constraint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstraintKind {
    /// A class invariant on the pre-state (assumed).
    Invariant,
    /// A precondition (assumed).
    Requires,
    /// A postcondition (checked), including invariants required after the call.
    Ensures,
}

/// A resolved named constraint.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedFormula {
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: ConstraintKind,
    /// The formula.
    pub formula: Formula,
    /// Where it is named.
    pub span: Span,
}

/// The resolved spec of one method with one ensures set chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedMethod {
    /// The method's signature.
    pub sig: sattar_heap::MethodSig,
    /// The ensures set chosen, if the method has sets.
    pub ensures_set: Option<String>,
    /// Invariants (pre), then requires, then ensures, in source order.
    pub constraints: Vec<NamedFormula>,
}

impl Formula {
    /// Calls `f` on every set expression in the formula (nested ones, and those inside integer
    /// expressions, included), outermost first.
    pub fn visit_sets(&self, f: &mut dyn FnMut(&SetExpr)) {
        match self {
            Formula::Const(_) => {}
            Formula::Subset(a, b) | Formula::SetEq(a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Formula::IntCmp(_, a, b) => {
                a.visit_sets(f);
                b.visit_sets(f);
            }
            Formula::Mult(_, e) => e.visit(f),
            Formula::Quant { bound, body, .. } => {
                bound.visit(f);
                body.visit_sets(f);
            }
            Formula::Not(g) => g.visit_sets(f),
            Formula::And(a, b)
            | Formula::Or(a, b)
            | Formula::Implies(a, b)
            | Formula::Iff(a, b) => {
                a.visit_sets(f);
                b.visit_sets(f);
            }
            Formula::IfElse(a, b, c) => {
                for g in [a, b, c] {
                    g.visit_sets(f);
                }
            }
        }
    }
}

impl IntExpr {
    /// Calls `f` on every set expression inside.
    pub fn visit_sets(&self, f: &mut dyn FnMut(&SetExpr)) {
        match self {
            IntExpr::Lit(_) => {}
            IntExpr::Sum(s) | IntExpr::Card(s) => s.visit(f),
            IntExpr::Add(a, b) | IntExpr::Sub(a, b) | IntExpr::Mul(a, b) => {
                a.visit_sets(f);
                b.visit_sets(f);
            }
            IntExpr::Neg(a) => a.visit_sets(f),
        }
    }
}

impl SetExpr {
    /// Calls `f` on this expression and every set expression inside it, outermost first.
    pub fn visit(&self, f: &mut dyn FnMut(&SetExpr)) {
        f(self);
        match self {
            SetExpr::Join { left, .. } => left.visit(f),
            SetExpr::Union(a, b) | SetExpr::Diff(a, b) | SetExpr::Inter(a, b) => {
                a.visit(f);
                b.visit(f);
            }
            SetExpr::IntValue(i) => i.visit_sets(f),
            SetExpr::Elem { array, index, .. } => {
                array.visit(f);
                index.visit_sets(f);
            }
            SetExpr::Elems { array, .. } => array.visit(f),
            SetExpr::Range(lo, hi) => {
                lo.visit_sets(f);
                hi.visit_sets(f);
            }
            _ => {}
        }
    }
}

impl ResolvedMethod {
    /// The static fields the constraints read, as `pkg.Class.field`.
    pub fn statics(&self) -> std::collections::BTreeSet<String> {
        let mut out = std::collections::BTreeSet::new();
        for c in &self.constraints {
            c.formula.visit_sets(&mut |e| {
                if let SetExpr::Static(f, _) = e {
                    out.insert(format!("{}.{}", f.class, f.field));
                }
            });
        }
        out
    }

    /// The constraints of one kind.
    pub fn of_kind(&self, kind: ConstraintKind) -> impl Iterator<Item = &NamedFormula> {
        self.constraints.iter().filter(move |c| c.kind == kind)
    }
}
