//! Declarations: classes, fields and method headers, collected before any body is lowered (so
//! calls and types resolve in any order), with everything outside the supported class structure
//! refused here.

use super::{pretty, Cx, JAVA_LANG_EXCEPTIONS};
use crate::ir::*;
use sattar_diag::Diagnostic;
use std::collections::HashMap;

type R<T> = Result<T, Diagnostic>;

/// The spec annotation types that ship with sattar (package `sattar`).
const SPEC_ANNOTATIONS: &[&str] = &["Invariant", "Requires", "Ensures"];

/// A method's signature, known before any body is lowered.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    /// javac's METHOD node.
    pub node: usize,
    /// The declaring class (qualified, as sattar names classes: `Outer.Inner`).
    pub class: String,
    /// The declaring class's binary name (`Outer$Inner`), as javac names owners.
    pub owner: String,
    /// The name (`<init>` for a constructor).
    pub name: String,
    /// Erased parameter types as javac names them (to resolve calls).
    pub erased: Vec<String>,
    /// `static`.
    pub is_static: bool,
    /// Parameters with their VARIABLE nodes.
    pub params: Vec<(Param, usize)>,
    /// Return type.
    pub ret: Type,
    /// Spec annotations.
    pub annotations: Vec<SpecAnnotation>,
    /// The name's span.
    pub span: Span,
}

/// Every declaration of the file.
pub(crate) struct Decls {
    /// Classes, outer before nested, in source order.
    pub classes: Vec<Class>,
    /// javac's binary name → sattar's qualified name, for the file's classes.
    pub names: HashMap<String, String>,
    /// Methods and constructors in source order: the index is the [`MethodId`].
    pub methods: Vec<Header>,
}

impl Decls {
    /// The type sattar gives javac's erased type name, if it is supported.
    pub fn ty(&self, erased: &str) -> Option<Type> {
        match erased {
            "int" => Some(Type::Int),
            "boolean" => Some(Type::Boolean),
            "void" => Some(Type::Void),
            "null" => Some(Type::Null),
            other => self.names.get(other).map(|q| Type::Class(q.clone())),
        }
    }

    /// The class with qualified name `q`.
    pub fn class(&self, q: &str) -> Option<&Class> {
        self.classes.iter().find(|c| c.name == q)
    }

    /// The method javac resolved a call or `new` to.
    pub fn method(&self, owner: &str, name: &str, params: &[String]) -> Option<MethodId> {
        self.methods
            .iter()
            .position(|h| h.owner == owner && h.name == name && h.erased == params)
            .map(|i| MethodId(i as u32))
    }

    /// The qualified name of an exception class `throw new X(...)` may name: a class of the file
    /// that extends a `java.lang` exception, or one of those.
    pub fn exception(&self, binary: &str) -> Option<String> {
        if let Some(q) = self.names.get(binary) {
            return self
                .class(q)
                .filter(|c| c.is_exception)
                .map(|c| c.name.clone());
        }
        let simple = binary.strip_prefix("java.lang.")?;
        JAVA_LANG_EXCEPTIONS
            .contains(&simple)
            .then(|| binary.to_string())
    }
}

/// Collects the declarations of compilation unit `unit`.
pub(crate) fn collect(cx: &Cx, unit: usize) -> R<Decls> {
    let mut found = Vec::new();
    for &t in &cx.node(unit).types {
        match cx.node(t).k.as_str() {
            "CLASS" => gather(cx, t, None, &mut found)?,
            other => return Err(cx.unsupported(t, format!("top-level {}", pretty(other)))),
        }
    }
    let names: HashMap<String, String> = found
        .iter()
        .map(|(b, q, _)| (b.clone(), q.clone()))
        .collect();
    let mut decls = Decls {
        classes: Vec::new(),
        names,
        methods: Vec::new(),
    };
    let mut headers = Vec::new();
    for (_, q, node) in &found {
        let (class, methods) = class_decl(cx, &decls, q, *node)?;
        decls.classes.push(class);
        headers.extend(methods);
    }
    let mut headers: Vec<Header> = headers
        .into_iter()
        .map(|(n, class, owner)| method_header(cx, &decls, n, class, owner))
        .collect::<R<_>>()?;
    headers.sort_by_key(|h| cx.span(h.node).start);
    check_overloads(cx, &headers)?;
    decls.methods = headers;
    Ok(decls)
}

/// Classes in pre-order: `(binary name, qualified name, node)`.
fn gather(cx: &Cx, n: usize, outer: Option<&str>, out: &mut Vec<(String, String, usize)>) -> R<()> {
    let node = cx.node(n);
    let name = node.name.clone().unwrap_or_default();
    let q = match outer {
        Some(o) => format!("{o}.{name}"),
        None => name.clone(),
    };
    if node.kind.as_deref() != Some("CLASS") {
        let what = node.kind.as_deref().map_or("type".into(), pretty);
        return Err(cx.unsupported(n, format!("{what} declaration {q}")));
    }
    if node.tparams.as_deref().is_some_and(|t| !t.is_empty()) {
        return Err(cx.unsupported(n, "generic class"));
    }
    if !node.implements.is_empty() {
        return Err(cx.unsupported(n, "implemented interfaces"));
    }
    if outer.is_some() && !node.mods.iter().any(|m| m == "static") {
        let at = name_span(cx, n, &name);
        return Err(cx
            .unsupported_at(
                at.start,
                at.end - at.start,
                format!("inner (non-static) class {q}"),
            )
            .with_help("declare the nested class `static`"));
    }
    out.push((node.bin.clone().unwrap_or_else(|| q.clone()), q.clone(), n));
    for &m in &node.members {
        if is_type_decl(&cx.node(m).k) {
            gather(cx, m, Some(&q), out)?;
        }
    }
    Ok(())
}

/// Whether javac's kind is a type declaration.
fn is_type_decl(kind: &str) -> bool {
    matches!(
        kind,
        "CLASS" | "INTERFACE" | "ENUM" | "RECORD" | "ANNOTATION_TYPE"
    )
}

fn check_modifiers(cx: &Cx, n: usize, allowed: &[&str]) -> R<()> {
    match cx
        .node(n)
        .mods
        .iter()
        .find(|m| !allowed.contains(&m.as_str()))
    {
        Some(m) => Err(cx.unsupported(n, format!("the `{m}` modifier here"))),
        None => Ok(()),
    }
}

/// An analysed method's METHOD node, qualified class and binary owner.
type MethodSite = (usize, String, String);

/// A class and its analysed methods.
fn class_decl(cx: &Cx, decls: &Decls, q: &str, n: usize) -> R<(Class, Vec<MethodSite>)> {
    check_modifiers(
        cx,
        n,
        &["public", "private", "protected", "static", "final"],
    )?;
    let node = cx.node(n);
    let is_exception = match node.ext.as_deref() {
        None | Some("java.lang.Object") => false,
        Some(base) => {
            let simple = base.strip_prefix("java.lang.").unwrap_or(base);
            if !base.starts_with("java.lang.") || !JAVA_LANG_EXCEPTIONS.contains(&simple) {
                return Err(cx
                    .unsupported(n, format!("inheritance (`extends {}`)", simple.replace('$', ".")))
                    .with_help("only exception classes may extend a class (RuntimeException, Exception, Error, …)"));
            }
            true
        }
    };
    let name_at = name_span(cx, n, node.name.as_deref().unwrap_or(""));
    let mut class = Class {
        name: q.to_string(),
        fields: Vec::new(),
        is_exception,
        annotations: annotations(cx, &node.ann)?,
        span: name_at,
    };
    let owner = node.bin.clone().unwrap_or_else(|| q.to_string());
    let mut methods = Vec::new();
    for &m in &node.members {
        let member = cx.node(m);
        match member.k.as_str() {
            k if is_type_decl(k) => {}
            "VARIABLE" if is_exception => {
                return Err(cx.unsupported(m, "fields in an exception class"))
            }
            "VARIABLE" => class.fields.push(field_decl(cx, decls, m)?),
            // A default constructor javac made up: `new` of this class runs no constructor code.
            "METHOD" if member.is_synthetic() => {}
            // Exception classes only name a type for `throw`: their members are not analysed.
            "METHOD" if is_exception => {}
            "METHOD" => methods.push((m, q.to_string(), owner.clone())),
            other => return Err(cx.unsupported(m, format!("class member: {}", pretty(other)))),
        }
    }
    Ok((class, methods))
}

/// The span of `name` at or after a declaration's preferred position.
fn name_span(cx: &Cx, n: usize, name: &str) -> Span {
    let from = cx.pref(n);
    let start = cx.text[from..].find(name).map_or(from, |i| from + i);
    Span {
        start,
        end: start + name.len(),
    }
}

fn field_decl(cx: &Cx, decls: &Decls, n: usize) -> R<Field> {
    let node = cx.node(n);
    if node.mods.iter().any(|m| m == "static") {
        return Err(cx
            .unsupported(n, "static field")
            .with_help("make it an instance field"));
    }
    check_modifiers(
        cx,
        n,
        &["public", "private", "protected", "final", "transient"],
    )?;
    let ty = value_type(cx, decls, n)?;
    let init = match node.init {
        None => None,
        Some(v) => Some(constant_init(cx, v, &ty)?),
    };
    let name = node.name.clone().unwrap_or_default();
    Ok(Field {
        span: name_span(cx, n, &name),
        name,
        ty,
        init,
    })
}

fn constant_init(cx: &Cx, v: usize, ty: &Type) -> R<Literal> {
    let node = cx.node(v);
    let lit = match (&node.cv, ty) {
        (Some(serde_json::Value::Bool(b)), Type::Boolean) => Some(Literal::Bool(*b)),
        (Some(serde_json::Value::Number(x)), Type::Int) => x
            .as_i64()
            .and_then(|i| i32::try_from(i).ok())
            .map(Literal::Int),
        (None, Type::Class(_)) if node.k == "NULL_LITERAL" => Some(Literal::Null),
        _ => None,
    };
    lit.ok_or_else(|| {
        cx.unsupported(v, "field initializer other than a constant")
            .with_help("initialise the field in a constructor or method")
    })
}

/// The type of a VARIABLE node (field, parameter or local), if supported.
pub(crate) fn value_type(cx: &Cx, decls: &Decls, n: usize) -> R<Type> {
    let node = cx.node(n);
    let erased = node.vt.as_deref().unwrap_or("?");
    let at = node.vtype.unwrap_or(n);
    if erased.ends_with("[]") {
        return Err(cx.unsupported(at, format!("array type `{}`", cx.src(at))));
    }
    match decls.ty(erased) {
        Some(Type::Void | Type::Null) | None => Err(cx
            .unsupported(
                at,
                format!("type `{}` (not a class of this file)", cx.src(at)),
            )
            .with_help(
                "only int, boolean and the classes declared in the analysed file are supported",
            )),
        Some(t) => Ok(t),
    }
}

fn method_header(cx: &Cx, decls: &Decls, n: usize, class: String, owner: String) -> R<Header> {
    check_modifiers(
        cx,
        n,
        &["public", "private", "protected", "static", "final"],
    )?;
    let node = cx.node(n);
    if node.tparams.as_deref().is_some_and(|t| !t.is_empty()) {
        return Err(cx.unsupported(n, "generic method"));
    }
    let name = node.name.clone().unwrap_or_default();
    let m = node.m.clone().unwrap_or_default();
    let ret = match node.rtype {
        None => Type::Void,
        Some(rt) => match decls.ty(&m.ret) {
            Some(Type::Null) | None => return Err(cx
                .unsupported(
                    rt,
                    format!("type `{}` (not a class of this file)", cx.src(rt)),
                )
                .with_help(
                    "only int, boolean and the classes declared in the analysed file are supported",
                )),
            Some(t) => t,
        },
    };
    let mut params = Vec::new();
    for &p in &node.params {
        if cx.node(p).vt.as_deref().is_some_and(|t| t.ends_with("[]")) {
            return Err(cx.unsupported(p, "array parameter"));
        }
        let ty = value_type(cx, decls, p)?;
        let pname = cx.node(p).name.clone().unwrap_or_default();
        params.push((Param { name: pname, ty }, p));
    }
    Ok(Header {
        node: n,
        class,
        owner,
        span: name_span(
            cx,
            n,
            if name == "<init>" {
                cx.node(n).name.as_deref().unwrap_or("")
            } else {
                &name
            },
        ),
        name,
        erased: m.params.clone(),
        is_static: m.is_static,
        params,
        ret,
        annotations: annotations(cx, &node.ann)?,
    })
}

fn check_overloads(cx: &Cx, all: &[Header]) -> R<()> {
    let mut seen = HashMap::new();
    for h in all {
        if seen
            .insert((h.class.clone(), h.name.clone(), h.params.len()), ())
            .is_some()
        {
            return Err(cx.unsupported(
                h.node,
                format!(
                    "overloading of `{}` with the same number of parameters",
                    h.name
                ),
            ));
        }
    }
    Ok(())
}

/// The spec annotations among `anns`, each string with its position.
fn annotations(cx: &Cx, anns: &[usize]) -> R<Vec<SpecAnnotation>> {
    let mut out = Vec::new();
    for &a in anns {
        let name = cx.node(a).name.clone().unwrap_or_default();
        let simple = name.rsplit(['.', '$']).next().unwrap_or(&name);
        if !SPEC_ANNOTATIONS.contains(&simple) {
            continue;
        }
        let mut items = Vec::new();
        for &arg in &cx.node(a).args {
            annotation_strings(cx, arg, &mut items)?;
        }
        out.push(SpecAnnotation {
            kind: simple.to_string(),
            items,
        });
    }
    Ok(out)
}

fn annotation_strings(cx: &Cx, n: usize, out: &mut Vec<(String, sattar_diag::Pos)>) -> R<()> {
    let node = cx.node(n);
    match node.k.as_str() {
        "STRING_LITERAL" => {
            if cx.src(n).starts_with("\"\"\"") {
                return Err(cx
                    .unsupported(n, "text block in a spec annotation")
                    .with_help("use one \"…\" string per constraint"));
            }
            let text = node
                .cv
                .as_ref()
                .and_then(|v| v.as_str())
                .unwrap_or_default();
            let pos = cx.lines.pos(cx.text, cx.span(n).start + 1);
            out.push((text.to_string(), pos));
            Ok(())
        }
        "NEW_ARRAY" => node
            .elems
            .iter()
            .flatten()
            .try_for_each(|&e| annotation_strings(cx, e, out)),
        "ASSIGNMENT"
            if node
                .var
                .is_some_and(|v| cx.node(v).name.as_deref() == Some("value")) =>
        {
            match node.expr {
                Some(e) => annotation_strings(cx, e, out),
                None => Ok(()),
            }
        }
        _ => Err(cx
            .unsupported(n, "spec annotation argument other than string literals")
            .with_help(
                "write each constraint as one string literal: @Invariant({\"name: formula\", …})",
            )),
    }
}
