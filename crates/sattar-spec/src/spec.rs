//! A whole specification: invariants, predicates and method specs, from a spec file and/or Java
//! annotations.

use crate::ast::{Node, Param, Source, Span};
use crate::lexer::PosMap;
use crate::parser::Parser;
use sattar_diag::{Diagnostic, Pos};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A named formula: an invariant, a `requires` or an `ensures` clause.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// The name reports and verdicts use.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// The formula.
    pub body: Node,
}

/// A predicate: inlined at each call, its body is the conjunction of its formulas.
#[derive(Clone, Debug, PartialEq)]
pub struct Pred {
    /// The predicate's name.
    pub name: String,
    /// Where the name is written.
    pub span: Span,
    /// Its parameters.
    pub params: Vec<Param>,
    /// Its formulas (a conjunction).
    pub body: Vec<Node>,
}

/// One item of an `ensures` clause or set.
#[derive(Clone, Debug, PartialEq)]
pub enum EnsuresItem {
    /// A named formula.
    Formula(Constraint),
    /// `invariant`: every class invariant, in the post-state (each under its own name).
    Invariants(Span),
}

/// The spec of one method.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodSpec {
    /// The method's name.
    pub name: String,
    /// Where the method is named.
    pub span: Span,
    /// Parameters as declared in a spec file (`None` when only annotations specify it).
    pub params: Option<Vec<Param>>,
    /// The preconditions.
    pub requires: Vec<Constraint>,
    /// The postconditions: `(ensures set or None for every set, item)`.
    pub ensures: Vec<(Option<(String, Span)>, EnsuresItem)>,
}

impl MethodSpec {
    /// An empty method spec.
    pub fn new(name: String, span: Span) -> Self {
        MethodSpec {
            name,
            span,
            params: None,
            requires: Vec::new(),
            ensures: Vec::new(),
        }
    }

    /// The names of the ensures sets, in order of first appearance.
    pub fn ensures_sets(&self) -> Vec<String> {
        let mut sets: Vec<String> = Vec::new();
        for (set, _) in &self.ensures {
            if let Some((s, _)) = set {
                if !sets.contains(s) {
                    sets.push(s.clone());
                }
            }
        }
        sets
    }
}

/// A parsed (not yet resolved) specification.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spec {
    /// `spec ClassName`, as written (annotation-only specs have none).
    pub class: Option<(String, Span)>,
    /// The class invariants.
    pub invariants: Vec<Constraint>,
    /// The predicates.
    pub preds: Vec<Pred>,
    /// The method specs.
    pub methods: Vec<MethodSpec>,
}

/// Which Java annotation a string came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnnotationKind {
    /// `@Invariant` (on the class).
    Invariant,
    /// `@Requires` (on a method).
    Requires,
    /// `@Ensures` (on a method; may name an ensures set: `"SET/name: formula"`).
    Ensures,
}

/// One parsed annotation string.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// Which annotation it came from.
    pub kind: AnnotationKind,
    /// The ensures set, for `@Ensures("SET/name: ...")`.
    pub set: Option<(String, Span)>,
    /// The named formula, or `invariant` (only as `"SET/invariant"` in `@Ensures`).
    pub item: EnsuresItem,
}

/// Parses a spec file (`file` is the path for diagnostics, `text` its contents).
pub fn parse_spec(file: &str, text: &str) -> Result<Spec, Diagnostic> {
    let src = Arc::new(Source {
        file: file.to_string(),
        text: text.to_string(),
    });
    let map = PosMap::new(src, text, Pos { line: 1, col: 1 });
    Parser::new(map)?.spec()
}

/// Parses one annotation string `"name: formula"` (for `@Ensures` also `"SET/name: formula"` and
/// `"SET/invariant"`) found at `pos` (first character inside the quotes) of the Java file.
pub fn parse_annotation(
    kind: AnnotationKind,
    text: &str,
    file: &str,
    java_text: &str,
    pos: Pos,
) -> Result<Annotation, Diagnostic> {
    let src = Arc::new(Source {
        file: file.to_string(),
        text: java_text.to_string(),
    });
    let map = PosMap::new(src, text, pos);
    let mut parser = Parser::new(map)?;
    let (set, item) = parser.annotation(kind == AnnotationKind::Ensures)?;
    Ok(Annotation { kind, set, item })
}

/// Parses a single formula (for tools and tests); `file` names it in diagnostics.
pub fn parse_formula(file: &str, text: &str) -> Result<Node, Diagnostic> {
    let src = Arc::new(Source {
        file: file.to_string(),
        text: text.to_string(),
    });
    let mut parser = Parser::new(PosMap::new(src, text, Pos { line: 1, col: 1 }))?;
    let f = parser.formula()?;
    parser.expect_eof()?;
    Ok(f)
}

impl Spec {
    /// The method spec named `name`.
    pub fn method(&self, name: &str) -> Option<&MethodSpec> {
        self.methods.iter().find(|m| m.name == name)
    }

    /// Adds a method spec, merging it into one of the same name (parameter lists may be given once).
    pub fn add_method(&mut self, m: MethodSpec) -> Result<(), Diagnostic> {
        let Some(old) = self.methods.iter_mut().find(|o| o.name == m.name) else {
            self.methods.push(m);
            return Ok(());
        };
        if old.params.is_some() && m.params.is_some() {
            return Err(m
                .span
                .error(format!("method `{}` is specified twice", m.name))
                .with_help(format!("first specified at {}", old.span.location())));
        }
        if old.params.is_none() {
            old.params = m.params;
            old.span = m.span;
        }
        old.requires.extend(m.requires);
        old.ensures.extend(m.ensures);
        Ok(())
    }

    /// Adds an annotation: invariants to the class, the others to method `method`.
    pub fn add_annotation(
        &mut self,
        method: Option<&str>,
        ann: Annotation,
    ) -> Result<(), Diagnostic> {
        let (kind, set, item) = (ann.kind, ann.set, ann.item);
        let c = match item {
            EnsuresItem::Formula(c) => c,
            EnsuresItem::Invariants(span) => {
                let name = method.ok_or_else(|| span.error("`invariant` outside a method"))?;
                let mut m = MethodSpec::new(name.to_string(), span.clone());
                m.ensures.push((set, EnsuresItem::Invariants(span)));
                self.add_method(m)?;
                return self.validate();
            }
        };
        match (kind, method) {
            (AnnotationKind::Invariant, _) => self.invariants.push(c),
            (_, None) => {
                return Err(c
                    .name_span
                    .error("a @Requires/@Ensures annotation needs its method"))
            }
            (AnnotationKind::Requires, Some(name)) => {
                let mut m = MethodSpec::new(name.to_string(), c.name_span.clone());
                m.requires.push(c);
                self.add_method(m)?;
            }
            (AnnotationKind::Ensures, Some(name)) => {
                let mut m = MethodSpec::new(name.to_string(), c.name_span.clone());
                m.ensures.push((set, EnsuresItem::Formula(c)));
                self.add_method(m)?;
            }
        }
        self.validate()
    }

    /// Merges `other` (e.g. annotations) into this spec; duplicate names are an error.
    pub fn merge(&mut self, other: Spec) -> Result<(), Diagnostic> {
        if self.class.is_none() {
            self.class = other.class;
        }
        self.invariants.extend(other.invariants);
        self.preds.extend(other.preds);
        for m in other.methods {
            self.add_method(m)?;
        }
        self.validate()
    }

    /// Checks that names are unique: invariants, predicates, and within each method the
    /// requires and ensures names (ensures in different named sets may share a name).
    pub fn validate(&self) -> Result<(), Diagnostic> {
        let mut inv: BTreeMap<&str, &Span> = BTreeMap::new();
        for c in &self.invariants {
            check_new(&mut inv, &c.name, &c.name_span, "invariant")?;
        }
        let mut preds: BTreeMap<&str, &Span> = BTreeMap::new();
        for p in &self.preds {
            check_new(&mut preds, &p.name, &p.span, "predicate")?;
        }
        for m in &self.methods {
            validate_method(&inv, m)?;
        }
        Ok(())
    }
}

fn check_new<'a>(
    seen: &mut BTreeMap<&'a str, &'a Span>,
    name: &'a str,
    span: &'a Span,
    what: &str,
) -> Result<(), Diagnostic> {
    if let Some(first) = seen.get(name) {
        return Err(duplicate(name, span, first, what));
    }
    seen.insert(name, span);
    Ok(())
}

fn duplicate(name: &str, span: &Span, first: &Span, what: &str) -> Diagnostic {
    span.error(format!("duplicate {what} name `{name}`"))
        .with_help(format!(
            "`{name}` is already used at {}; names must be unique",
            first.location()
        ))
}

fn validate_method(inv: &BTreeMap<&str, &Span>, m: &MethodSpec) -> Result<(), Diagnostic> {
    let mut fixed = inv.clone();
    for c in &m.requires {
        check_new(&mut fixed, &c.name, &c.name_span, "constraint")?;
    }
    let mut ens: Vec<(Option<&str>, &str, &Span)> = Vec::new();
    for (set, item) in &m.ensures {
        let EnsuresItem::Formula(c) = item else {
            continue;
        };
        if let Some(first) = fixed.get(c.name.as_str()) {
            return Err(duplicate(&c.name, &c.name_span, first, "constraint"));
        }
        let set = set.as_ref().map(|(s, _)| s.as_str());
        let clash = ens
            .iter()
            .find(|(s2, n2, _)| *n2 == c.name && (set.is_none() || s2.is_none() || *s2 == set));
        if let Some((_, _, first)) = clash {
            return Err(duplicate(&c.name, &c.name_span, first, "constraint"));
        }
        ens.push((set, &c.name, &c.name_span));
    }
    Ok(())
}
