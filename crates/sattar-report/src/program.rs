//! `sattar parse`: a parsed Java file's classes, methods and statements with their ids.

use sattar_diag::Diagnostic;
use sattar_java::{MethodKind, Program};
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// The IR as JSON: classes with fields, methods with signatures, statements with ids and lines.
pub fn program_json(p: &Program) -> Json {
    let classes: Vec<Json> = p
        .classes
        .iter()
        .map(|c| {
            let fields: Vec<Json> = c
                .fields
                .iter()
                .map(|f| json!({"name": f.name, "type": f.ty.to_string()}))
                .collect();
            json!({"name": c.name, "fields": fields, "exception": c.is_exception})
        })
        .collect();
    let methods: Vec<Json> = declared(p)
        .map(|m| {
            let params: Vec<Json> = m
                .params
                .iter()
                .zip(m.param_type_names())
                .map(|(x, ty)| json!({"name": x.name, "type": ty}))
                .collect();
            let mut j = json!({"name": m.qualified_name(), "static": m.is_static, "params": params, "returns": m.ret.to_string()});
            if let Some(d) = &m.unsupported {
                j["unsupported"] = json!({"file": d.file, "line": d.pos.line, "col": d.pos.col, "message": d.message});
            }
            j
        })
        .collect();
    let stmts: Vec<Json> = p
        .stmts
        .iter()
        .map(|s| {
            json!({"id": s.id.0, "line": s.line, "text": s.text, "kind": format!("{:?}", s.kind).to_lowercase(),
                   "method": p.method(s.method).qualified_name()})
        })
        .collect();
    let file = p.files.first().map_or("", |f| f.path.as_str());
    json!({"file": file, "classes": classes, "methods": methods, "statements": stmts})
}

/// The methods the sources declare (not javac's default constructors or library models).
fn declared(p: &Program) -> impl Iterator<Item = &sattar_java::Method> {
    p.methods
        .iter()
        .filter(|m| matches!(m.kind, MethodKind::Source | MethodKind::Abstract))
}

/// The IR as text: classes, then each method with its statements.
pub fn program_text(p: &Program) -> String {
    let mut out = String::new();
    if p.classes.is_empty() {
        let files: Vec<&str> = p.files.iter().map(|f| f.path.as_str()).collect();
        let _ = writeln!(
            out,
            "no class in {}: nothing to analyse",
            sattar_diag::printable(&files.join(", "))
        );
    }
    for c in &p.classes {
        let fields: Vec<String> = c
            .fields
            .iter()
            .map(|f| format!("{}: {}", f.name, f.ty))
            .collect();
        let _ = writeln!(out, "class {} {{ {} }}", c.name, fields.join(", "));
    }
    for m in declared(p) {
        let params: Vec<String> = m
            .params
            .iter()
            .map(|x| format!("{} {}", x.ty, x.name))
            .collect();
        let _ = writeln!(
            out,
            "\n{} {}({})",
            m.ret,
            m.qualified_name(),
            params.join(", ")
        );
        if let Some(d) = &m.unsupported {
            let _ = writeln!(
                out,
                "  unsupported: {}: {}",
                sattar_diag::printable(&d.location()),
                sattar_diag::printable(&d.message)
            );
        }
        for s in p.stmts_of(m.id) {
            let text = sattar_diag::printable(&s.text);
            let _ = writeln!(out, "  s{:<4} L{:<4} {text}", s.id.0, s.line);
        }
    }
    out
}

/// `parse --method M` as JSON: the method, the methods it reaches, and whether they are all inside
/// sattar's language (the first construct that is not, with its location).
pub fn support_json(method: &str, reached: &[String], unsupported: Option<&Diagnostic>) -> Json {
    let why = unsupported.map(
        |d| json!({"file": d.file, "line": d.pos.line, "col": d.pos.col, "message": d.message}),
    );
    json!({"method": method, "supported": unsupported.is_none(), "reached": reached, "unsupported": why})
}

/// `parse --method M` as text.
pub fn support_text(method: &str, reached: &[String], unsupported: Option<&Diagnostic>) -> String {
    let mut out = String::new();
    let verdict = match unsupported {
        None => "supported".to_string(),
        Some(d) => format!("not supported: {}: {}", d.location(), d.message),
    };
    let _ = writeln!(out, "{method}: {verdict}");
    let _ = writeln!(out, "reaches   {}", reached.join(", "));
    out
}
