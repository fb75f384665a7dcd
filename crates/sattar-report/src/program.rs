//! `sattar parse`: a parsed Java file's classes, methods and statements with their ids.

use sattar_java::Program;
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
    let methods: Vec<Json> = p
        .methods
        .iter()
        .map(|m| {
            let params: Vec<Json> = m.params.iter().map(|x| json!({"name": x.name, "type": x.ty.to_string()})).collect();
            json!({"name": m.qualified_name(), "static": m.is_static, "params": params, "returns": m.ret.to_string()})
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

/// The IR as text: classes, then each method with its statements.
pub fn program_text(p: &Program) -> String {
    let mut out = String::new();
    for c in &p.classes {
        let fields: Vec<String> = c
            .fields
            .iter()
            .map(|f| format!("{}: {}", f.name, f.ty))
            .collect();
        let _ = writeln!(out, "class {} {{ {} }}", c.name, fields.join(", "));
    }
    for m in &p.methods {
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
        for s in p.stmts_of(m.id) {
            let _ = writeln!(out, "  s{:<4} L{:<4} {}", s.id.0, s.line, s.text);
        }
    }
    out
}
