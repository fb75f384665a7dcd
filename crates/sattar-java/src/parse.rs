//! tree-sitter-java → IR. Declarations are collected first (so calls and types resolve in any
//! order), then method bodies are lowered in source order, which makes statement ids follow the
//! source. Anything outside the subset is refused here with a located diagnostic.

use crate::ir::*;
use sattar_diag::{Diagnostic, LineIndex};
use std::collections::HashMap;
use tree_sitter::Node;

/// Exception classes of `java.lang` that `throw new X(...)` may name without an import.
const JAVA_LANG_EXCEPTIONS: &[&str] = &[
    "RuntimeException",
    "Exception",
    "Error",
    "IllegalArgumentException",
    "IllegalStateException",
    "NullPointerException",
    "UnsupportedOperationException",
    "IndexOutOfBoundsException",
    "ArithmeticException",
    "AssertionError",
];

/// The spec annotation types that ship with sattar (package `sattar`).
const SPEC_ANNOTATIONS: &[&str] = &["Invariant", "Requires", "Ensures"];

/// Parses and checks a Java file. On failure, every diagnostic found (at most one per method).
pub fn parse_program(file: &str, text: &str) -> Result<Program, Vec<Diagnostic>> {
    let mut parser = tree_sitter::Parser::new();
    let lang: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
    let lines = LineIndex::new(text);
    let cx = Cx {
        file,
        text,
        lines: &lines,
    };
    if parser.set_language(&lang).is_err() {
        return Err(vec![cx.diag_at(
            0,
            1,
            "error",
            "tree-sitter-java grammar version mismatch",
        )]);
    }
    let Some(tree) = parser.parse(text, None) else {
        return Err(vec![cx.diag_at(
            0,
            1,
            "error",
            "the Java parser gave no tree",
        )]);
    };
    let root = tree.root_node();
    if root.has_error() {
        return Err(vec![syntax_error(&cx, root)]);
    }
    let decls = collect_declarations(&cx, root).map_err(|d| vec![d])?;
    lower_bodies(&cx, decls, lines.clone())
}

/// The file and its text, for making diagnostics.
pub(crate) struct Cx<'a> {
    pub file: &'a str,
    pub text: &'a str,
    pub lines: &'a LineIndex,
}

impl Cx<'_> {
    pub fn src(&self, n: Node) -> &str {
        &self.text[n.byte_range()]
    }
    pub fn diag_at(
        &self,
        offset: usize,
        len: usize,
        kind: &str,
        msg: impl Into<String>,
    ) -> Diagnostic {
        let pos = self.lines.pos(self.text, offset);
        Diagnostic::new(self.file, self.text, pos, len as u32, kind, msg)
    }
    pub fn diag(&self, n: Node, kind: &str, msg: impl Into<String>) -> Diagnostic {
        let len = self.src(n).lines().next().map_or(1, |l| l.chars().count());
        self.diag_at(n.start_byte(), len, kind, msg)
    }
    pub fn unsupported(&self, n: Node, what: impl Into<String>) -> Diagnostic {
        self.diag(n, "unsupported", what).with_help(
            "sattar analyses a subset of Java (see README: \"The Java subset\"); rewrite this part or leave it out of the analysed method",
        )
    }
    pub fn error(&self, n: Node, msg: impl Into<String>) -> Diagnostic {
        self.diag(n, "error", msg)
    }
}

fn syntax_error(cx: &Cx, root: Node) -> Diagnostic {
    fn first_bad(n: Node) -> Option<Node> {
        if n.is_error() || n.is_missing() {
            return Some(n);
        }
        let mut c = n.walk();
        let kids: Vec<Node> = n.children(&mut c).collect();
        kids.into_iter()
            .filter(|k| k.has_error())
            .find_map(first_bad)
    }
    let bad = first_bad(root).unwrap_or(root);
    let msg = if bad.is_missing() {
        format!("missing `{}`", bad.kind())
    } else {
        let snippet: String = cx.src(bad).chars().take(30).collect();
        format!(
            "unexpected `{}`",
            snippet.split_whitespace().collect::<Vec<_>>().join(" ")
        )
    };
    cx.diag(bad, "syntax error", msg)
        .with_help("the file must be valid Java that javac accepts")
}

fn children(n: Node) -> Vec<Node> {
    let mut c = n.walk();
    n.named_children(&mut c).filter(|k| !k.is_extra()).collect()
}

fn field<'t>(cx: &Cx, n: Node<'t>, name: &str) -> Result<Node<'t>, Diagnostic> {
    n.child_by_field_name(name)
        .ok_or_else(|| cx.error(n, format!("malformed `{}`: no {name}", n.kind())))
}

// ---------------------------------------------------------------- declarations

/// A class found in the first pass, with the nodes of its members.
pub(crate) struct ClassDecl<'t> {
    pub class: Class,
    pub methods: Vec<(Node<'t>, MethodHeader)>,
}

/// A method's signature, known before any body is lowered.
#[derive(Clone)]
pub(crate) struct MethodHeader {
    pub class: String,
    pub name: String,
    pub is_static: bool,
    pub params: Vec<Param>,
    pub ret: Type,
    pub annotations: Vec<SpecAnnotation>,
    pub span: Span,
}

/// The classes of the file, by qualified name: resolves class names as Java would.
pub(crate) struct ClassNames {
    /// Qualified class names.
    all: Vec<String>,
}

impl ClassNames {
    /// Resolves a simple or dotted class name as Java would from inside `scope`.
    pub fn resolve(&self, scope: &str, name: &str) -> Option<String> {
        let mut prefix = scope.to_string();
        loop {
            let cand = if prefix.is_empty() {
                name.to_string()
            } else {
                format!("{prefix}.{name}")
            };
            if self.all.contains(&cand) {
                return Some(cand);
            }
            match prefix.rsplit_once('.') {
                Some((p, _)) => prefix = p.to_string(),
                None if !prefix.is_empty() => prefix.clear(),
                None => return None,
            }
        }
    }
}

fn collect_declarations<'t>(cx: &Cx, root: Node<'t>) -> Result<Vec<ClassDecl<'t>>, Diagnostic> {
    let mut class_nodes = Vec::new();
    for item in children(root) {
        match item.kind() {
            "package_declaration" | "import_declaration" => {}
            "class_declaration" => gather_classes(cx, item, "", &mut class_nodes)?,
            other => return Err(cx.unsupported(item, format!("top-level {}", pretty(other)))),
        }
    }
    let names = ClassNames {
        all: class_nodes.iter().map(|(q, _)| q.clone()).collect(),
    };
    class_nodes
        .iter()
        .map(|(q, n)| class_decl(cx, &names, q, *n))
        .collect()
}

fn gather_classes<'t>(
    cx: &Cx,
    n: Node<'t>,
    outer: &str,
    out: &mut Vec<(String, Node<'t>)>,
) -> Result<(), Diagnostic> {
    let name = cx.src(field(cx, n, "name")?).to_string();
    let q = if outer.is_empty() {
        name
    } else {
        format!("{outer}.{name}")
    };
    if n.child_by_field_name("type_parameters").is_some() {
        return Err(cx.unsupported(n, "generic class"));
    }
    if let Some(i) = n.child_by_field_name("interfaces") {
        return Err(cx.unsupported(i, "implemented interfaces"));
    }
    if !outer.is_empty() && !has_modifier(cx, n, "static") {
        return Err(cx
            .unsupported(
                field(cx, n, "name")?,
                format!("inner (non-static) class {q}"),
            )
            .with_help("declare the nested class `static`"));
    }
    out.push((q.clone(), n));
    for m in children(field(cx, n, "body")?) {
        if m.kind() == "class_declaration" {
            gather_classes(cx, m, &q, out)?;
        }
    }
    Ok(())
}

fn modifiers<'t>(n: Node<'t>) -> Option<Node<'t>> {
    children(n).into_iter().find(|c| c.kind() == "modifiers")
}

fn has_modifier(cx: &Cx, n: Node, word: &str) -> bool {
    modifiers(n).is_some_and(|m| {
        let mut c = m.walk();
        let found = m.children(&mut c).any(|k| cx.src(k) == word);
        found
    })
}

fn check_modifiers(cx: &Cx, n: Node, allowed: &[&str]) -> Result<(), Diagnostic> {
    let Some(m) = modifiers(n) else { return Ok(()) };
    let mut c = m.walk();
    let kids: Vec<Node> = m.children(&mut c).collect();
    for k in kids {
        let t = cx.src(k);
        if k.kind().ends_with("annotation") || allowed.contains(&t) {
            continue;
        }
        return Err(cx.unsupported(k, format!("the `{t}` modifier here")));
    }
    Ok(())
}

fn class_decl<'t>(
    cx: &Cx,
    names: &ClassNames,
    q: &str,
    n: Node<'t>,
) -> Result<ClassDecl<'t>, Diagnostic> {
    check_modifiers(
        cx,
        n,
        &["public", "private", "protected", "static", "final"],
    )?;
    let is_exception = match n.child_by_field_name("superclass") {
        None => false,
        Some(sup) => {
            let base = cx.src(sup).trim_start_matches("extends").trim();
            if !JAVA_LANG_EXCEPTIONS.contains(&base) {
                return Err(cx.unsupported(sup, format!("inheritance (`extends {base}`)"))
                    .with_help("only exception classes may extend a class (RuntimeException, Exception, Error, …)"));
            }
            true
        }
    };
    let mut class = Class {
        name: q.to_string(),
        fields: Vec::new(),
        is_exception,
        annotations: annotations(cx, n)?,
        span: span(field(cx, n, "name")?),
    };
    let mut methods = Vec::new();
    for m in children(field(cx, n, "body")?) {
        match m.kind() {
            "class_declaration" => {}
            "field_declaration" if is_exception => {
                return Err(cx.unsupported(m, "fields in an exception class"))
            }
            "field_declaration" => class.fields.extend(field_decls(cx, names, q, m)?),
            "method_declaration" if !is_exception => {
                methods.push((m, method_header(cx, names, q, m)?))
            }
            "constructor_declaration" if !is_exception => {
                methods.push((m, method_header(cx, names, q, m)?))
            }
            // Exception classes only name a type for `throw`: their members are not analysed.
            "method_declaration" | "constructor_declaration" => {}
            other => return Err(cx.unsupported(m, format!("class member: {}", pretty(other)))),
        }
    }
    Ok(ClassDecl { class, methods })
}

fn field_decls(cx: &Cx, names: &ClassNames, q: &str, n: Node) -> Result<Vec<Field>, Diagnostic> {
    if has_modifier(cx, n, "static") {
        return Err(cx
            .unsupported(n, "static field")
            .with_help("make it an instance field"));
    }
    check_modifiers(
        cx,
        n,
        &["public", "private", "protected", "final", "transient"],
    )?;
    let ty = value_type(cx, names, q, field(cx, n, "type")?)?;
    let mut out = Vec::new();
    for d in children(n)
        .into_iter()
        .filter(|d| d.kind() == "variable_declarator")
    {
        let name_node = field(cx, d, "name")?;
        if d.child_by_field_name("dimensions").is_some() {
            return Err(cx.unsupported(d, "array field"));
        }
        let init = match d.child_by_field_name("value") {
            None => None,
            Some(v) => Some(literal_init(cx, v, &ty)?),
        };
        out.push(Field {
            name: cx.src(name_node).to_string(),
            ty: ty.clone(),
            init,
            span: span(name_node),
        });
    }
    Ok(out)
}

fn literal_init(cx: &Cx, v: Node, ty: &Type) -> Result<Literal, Diagnostic> {
    let lit = match (v.kind(), ty) {
        ("true", Type::Boolean) => Literal::Bool(true),
        ("false", Type::Boolean) => Literal::Bool(false),
        ("null_literal", Type::Class(_)) => Literal::Null,
        (_, Type::Int) => Literal::Int(int_constant(cx, v)?),
        _ => {
            return Err(cx
                .unsupported(v, "field initializer other than a literal")
                .with_help("initialise the field in a constructor or method"))
        }
    };
    Ok(lit)
}

fn int_constant(cx: &Cx, v: Node) -> Result<i32, Diagnostic> {
    match v.kind() {
        "unary_expression" if cx.src(field(cx, v, "operator")?) == "-" => {
            let inner = field(cx, v, "operand")?;
            parse_int(cx, inner, true)
        }
        "parenthesized_expression" => int_constant(cx, children(v)[0]),
        _ => parse_int(cx, v, false),
    }
}

/// Parses an int literal; `negated` allows `-2147483648`.
pub(crate) fn parse_int(cx: &Cx, n: Node, negated: bool) -> Result<i32, Diagnostic> {
    let raw: String = cx.src(n).chars().filter(|c| *c != '_').collect();
    let parsed = match n.kind() {
        "decimal_integer_literal" => raw.parse::<i64>().ok(),
        "hex_integer_literal" => i64::from_str_radix(&raw[2..], 16)
            .ok()
            .map(|v| v as u32 as i32 as i64),
        "binary_integer_literal" => i64::from_str_radix(&raw[2..], 2)
            .ok()
            .map(|v| v as u32 as i32 as i64),
        "octal_integer_literal" => i64::from_str_radix(&raw[1..], 8)
            .ok()
            .map(|v| v as u32 as i32 as i64),
        _ => {
            return Err(cx.unsupported(
                n,
                format!("{} where an int constant is expected", pretty(n.kind())),
            ))
        }
    };
    if raw.ends_with(['l', 'L']) {
        return Err(cx.unsupported(n, "long literal"));
    }
    let value = parsed.map(|v| if negated { -v } else { v });
    match value.map(i32::try_from) {
        Some(Ok(v)) => Ok(v),
        _ => Err(cx.error(n, "integer literal out of range for int")),
    }
}

/// A type usable for a field, local or parameter.
pub(crate) fn value_type(
    cx: &Cx,
    names: &ClassNames,
    scope: &str,
    t: Node,
) -> Result<Type, Diagnostic> {
    match t.kind() {
        "integral_type" if cx.src(t) == "int" => Ok(Type::Int),
        "boolean_type" => Ok(Type::Boolean),
        "type_identifier" | "scoped_type_identifier" => {
            let name = cx.src(t);
            names
                .resolve(scope, name)
                .map(Type::Class)
                .ok_or_else(|| cx.unsupported(t, format!("type `{name}` (not a class of this file)"))
                    .with_help("only int, boolean and the classes declared in the analysed file are supported"))
        }
        "void_type" => Err(cx.error(t, "`void` is not a value type")),
        _ => Err(cx.unsupported(t, format!("type `{}`", cx.src(t)))),
    }
}

fn method_header(
    cx: &Cx,
    names: &ClassNames,
    q: &str,
    n: Node,
) -> Result<MethodHeader, Diagnostic> {
    check_modifiers(
        cx,
        n,
        &["public", "private", "protected", "static", "final"],
    )?;
    if n.child_by_field_name("type_parameters").is_some() {
        return Err(cx.unsupported(n, "generic method"));
    }
    let is_ctor = n.kind() == "constructor_declaration";
    let ret = if is_ctor {
        Type::Void
    } else {
        let t = field(cx, n, "type")?;
        if t.kind() == "void_type" {
            Type::Void
        } else {
            value_type(cx, names, q, t)?
        }
    };
    let mut params = Vec::new();
    for p in children(field(cx, n, "parameters")?) {
        if p.kind() != "formal_parameter" {
            return Err(cx.unsupported(p, pretty(p.kind())));
        }
        if p.child_by_field_name("dimensions").is_some() {
            return Err(cx.unsupported(p, "array parameter"));
        }
        let ty = value_type(cx, names, q, field(cx, p, "type")?)?;
        params.push(Param {
            name: cx.src(field(cx, p, "name")?).to_string(),
            ty,
        });
    }
    let name_node = field(cx, n, "name")?;
    Ok(MethodHeader {
        class: q.to_string(),
        name: if is_ctor {
            "<init>".into()
        } else {
            cx.src(name_node).to_string()
        },
        is_static: has_modifier(cx, n, "static"),
        params,
        ret,
        annotations: annotations(cx, n)?,
        span: span(name_node),
    })
}

pub(crate) fn span(n: Node) -> Span {
    Span {
        start: n.start_byte(),
        end: n.end_byte(),
    }
}

fn annotations(cx: &Cx, n: Node) -> Result<Vec<SpecAnnotation>, Diagnostic> {
    let Some(m) = modifiers(n) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for a in children(m)
        .into_iter()
        .filter(|a| a.kind().ends_with("annotation"))
    {
        let name = cx.src(field(cx, a, "name")?);
        let simple = name.rsplit('.').next().unwrap_or(name);
        if !SPEC_ANNOTATIONS.contains(&simple) {
            continue;
        }
        let mut items = Vec::new();
        if let Some(args) = a.child_by_field_name("arguments") {
            annotation_strings(cx, args, &mut items)?;
        }
        out.push(SpecAnnotation {
            kind: simple.to_string(),
            items,
        });
    }
    Ok(out)
}

fn annotation_strings(
    cx: &Cx,
    n: Node,
    out: &mut Vec<(String, sattar_diag::Pos)>,
) -> Result<(), Diagnostic> {
    match n.kind() {
        "string_literal" => {
            let raw = cx.src(n);
            if raw.starts_with("\"\"\"") {
                return Err(cx
                    .unsupported(n, "text block in a spec annotation")
                    .with_help("use one \"…\" string per constraint"));
            }
            let inner = &raw[1..raw.len().saturating_sub(1).max(1)];
            out.push((unescape(inner), cx.lines.pos(cx.text, n.start_byte() + 1)));
            Ok(())
        }
        "annotation_argument_list" | "element_value_array_initializer" => children(n)
            .into_iter()
            .try_for_each(|c| annotation_strings(cx, c, out)),
        "element_value_pair" if cx.src(field(cx, n, "key")?) == "value" => {
            annotation_strings(cx, field(cx, n, "value")?, out)
        }
        _ => Err(cx
            .unsupported(n, "spec annotation argument other than string literals")
            .with_help(
                "write each constraint as one string literal: @Invariant({\"name: formula\", …})",
            )),
    }
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(o) => out.push(o),
            None => {}
        }
    }
    out
}

pub(crate) fn pretty(kind: &str) -> String {
    kind.replace('_', " ")
}

// ---------------------------------------------------------------- bodies

fn lower_bodies<'t>(
    cx: &Cx,
    decls: Vec<ClassDecl<'t>>,
    lines: LineIndex,
) -> Result<Program, Vec<Diagnostic>> {
    let names = ClassNames {
        all: decls.iter().map(|d| d.class.name.clone()).collect(),
    };
    let mut all: Vec<(Node<'t>, MethodHeader)> = decls
        .iter()
        .flat_map(|d| d.methods.iter().cloned())
        .collect();
    all.sort_by_key(|(n, _)| n.start_byte());
    let headers: Vec<MethodHeader> = all.iter().map(|(_, h)| h.clone()).collect();
    let classes: Vec<Class> = decls.into_iter().map(|d| d.class).collect();
    check_overloads(cx, &all)?;
    let mut stmts = Vec::new();
    let mut methods = Vec::new();
    let mut errors = Vec::new();
    for (i, (node, h)) in all.iter().enumerate() {
        let id = MethodId(i as u32);
        let mut lw = crate::lower::Lower::new(cx, &names, &classes, &headers, id, &mut stmts);
        match lw.method_body(*node, h) {
            Ok(body) => methods.push(Method {
                id,
                class: h.class.clone(),
                name: h.name.clone(),
                is_static: h.is_static,
                params: h.params.clone(),
                ret: h.ret.clone(),
                body,
                annotations: h.annotations.clone(),
                span: h.span,
            }),
            Err(d) => errors.push(d),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Program {
        file: cx.file.to_string(),
        text: cx.text.to_string(),
        classes,
        methods,
        stmts,
        lines,
    })
}

fn check_overloads(cx: &Cx, all: &[(Node, MethodHeader)]) -> Result<(), Vec<Diagnostic>> {
    let mut seen: HashMap<(String, String, usize), ()> = HashMap::new();
    for (n, h) in all {
        if seen
            .insert((h.class.clone(), h.name.clone(), h.params.len()), ())
            .is_some()
        {
            let d = cx.unsupported(
                *n,
                format!(
                    "overloading of `{}` with the same number of parameters",
                    h.name
                ),
            );
            return Err(vec![d]);
        }
    }
    Ok(())
}

/// Qualifies an exception class name for `throw new X(...)`.
pub(crate) fn exception_class(
    classes: &[Class],
    names: &ClassNames,
    scope: &str,
    name: &str,
) -> Option<String> {
    if let Some(q) = names.resolve(scope, name) {
        return classes
            .iter()
            .find(|c| c.name == q && c.is_exception)
            .map(|c| c.name.clone());
    }
    let simple = name.strip_prefix("java.lang.").unwrap_or(name);
    JAVA_LANG_EXCEPTIONS
        .contains(&simple)
        .then(|| format!("java.lang.{simple}"))
}
