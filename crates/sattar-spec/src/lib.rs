//! The relational specification language of sattar (Alloy/JFSL style): lexer, parser, name
//! resolution and type checking, and the concrete evaluator used as the test oracle.
//!
//! Pipeline: [`parse_spec`] / [`parse_annotation`] → [`Spec`] (merge with [`Spec::merge`] /
//! [`Spec::add_annotation`]) → [`resolve`] against a [`sattar_heap::Schema`] and
//! [`sattar_heap::MethodSig`] → [`ResolvedMethod`] → [`evaluate`] on concrete heaps → [`Verdict`].
//! The language is described in `docs/SPEC.md`.

// `Diagnostic` (shared by every front end) is the error type throughout; errors are rare and
// end the stage, so its size on the error path does not matter.
#![allow(clippy::result_large_err)]

pub mod ast;
mod lexer;
mod parser;
mod resolve;
pub mod resolved;
mod semantics;
mod spec;

pub use ast::{Quant, Source, Span};
pub use parser::is_reserved;
pub use resolve::resolve;
pub use resolved::{
    ConstraintKind, FieldRef, Formula, IntCmp, IntExpr, NamedFormula, Rel, ResolvedMethod, SetExpr,
    SetType, State, Var,
};
pub use semantics::{
    eval_formula, evaluate, evaluate_pre, Atom, AtomSet, EvalError, Outcome, Verdict,
};
pub use spec::{
    parse_annotation, parse_formula, parse_spec, Annotation, AnnotationKind, Constraint,
    EnsuresItem, MethodSpec, Pred, Spec,
};
