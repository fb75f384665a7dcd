//! GZoltar 1.7's names for a program's lines and methods, and a spectrum over them.
//!
//! GZoltar names a line `package$Class#method(params):line`: the package, `$`, the class's binary
//! name without its package (`SortedList$Node` for a nested class), `#`, the method's name (a
//! constructor's is its class's, as javassist gives it), the erased parameter types as the JVM's
//! descriptor lists them (binary names, the enclosing instance of an inner class's constructor and
//! an enum constructor's name and ordinal included), `:` and the line. A class of the default
//! package has an empty package: `$LinkedList#delete(int):14`. A method is named the same way
//! with the line of its first statement. GZoltar's elements are lines, so statements sharing a
//! line are one element (covered when any of them is).

use sattar_java::{ClassKind, Method, MethodId, Program, StmtId};
use sattar_rank::{Spectrum, TestCase};
use std::collections::{BTreeMap, BTreeSet};

/// What one element of the spectrum is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Granularity {
    /// A source line (GZoltar's statement level).
    #[default]
    Statement,
    /// A method.
    Method,
}

impl Granularity {
    /// The granularity named `statement` or `method`.
    pub fn from_name(name: &str) -> Option<Granularity> {
        match name {
            "statement" | "line" => Some(Granularity::Statement),
            "method" => Some(Granularity::Method),
            _ => None,
        }
    }
}

/// `package$Class#method(params)` for method `m` of `program`.
pub fn method_name(program: &Program, m: &Method) -> String {
    let binary = program
        .class(&m.class)
        .map_or_else(|| m.class.replace('.', "$"), |c| c.binary.clone());
    let (package, simple) = match binary.rsplit_once('.') {
        Some((p, s)) => (p.to_string(), s.to_string()),
        None => (String::new(), binary.clone()),
    };
    let name = if m.is_constructor() {
        simple.clone()
    } else {
        m.name.clone()
    };
    format!(
        "{package}${simple}#{name}({})",
        descriptor_params(program, m).join(",")
    )
}

/// The parameter types of `m` as its JVM descriptor lists them: a constructor of an inner class
/// takes its enclosing instance first, an enum's constructor the constant's name and ordinal.
fn descriptor_params(program: &Program, m: &Method) -> Vec<String> {
    let mut out = Vec::new();
    if m.is_constructor() {
        if let Some(c) = program.class(&m.class) {
            if let Some(outer) = c.outer.as_ref().and_then(|o| program.class(&o.class)) {
                out.push(outer.binary.clone());
            }
            if c.kind == ClassKind::Enum {
                out.extend(["java.lang.String".to_string(), "int".to_string()]);
            }
        }
    }
    if m.descriptor.len() == m.params.len() {
        out.extend(m.descriptor.iter().cloned());
    } else {
        out.extend(
            m.params
                .iter()
                .map(|p| binary_type(program, &p.ty.to_string())),
        );
    }
    out
}

/// A type as the JVM names it: a program class by its binary name, others as written.
fn binary_type(program: &Program, ty: &str) -> String {
    program
        .class(ty)
        .map_or_else(|| ty.to_string(), |c| c.binary.clone())
}

/// The name of the element statement `s` belongs to at granularity `g`.
pub fn element_name(program: &Program, s: StmtId, g: Granularity) -> String {
    let st = program.stmt(s);
    let m = program.method(st.method);
    let line = match g {
        Granularity::Statement => st.line,
        Granularity::Method => first_line(program, st.method),
    };
    format!("{}:{line}", method_name(program, m))
}

/// The line of a method's first statement (its name's line when it has none).
fn first_line(program: &Program, m: MethodId) -> u32 {
    let method = program.method(m);
    program
        .stmts_of(m)
        .map(|s| s.line)
        .min()
        .unwrap_or_else(|| program.pos(method.file, method.span.start).line)
}

/// A statement spectrum as GZoltar's elements: each statement mapped to its element's name,
/// elements in order of first statement, a test covering an element when it covers one of its
/// statements. Also returns which element each statement went to.
pub fn element_spectrum(
    program: &Program,
    spectrum: &Spectrum<StmtId>,
    g: Granularity,
) -> (Spectrum<String>, BTreeMap<StmtId, String>) {
    let names: BTreeMap<StmtId, String> = spectrum
        .elements()
        .iter()
        .map(|s| (*s, element_name(program, *s, g)))
        .collect();
    let mut order: Vec<String> = Vec::new();
    let mut seen = BTreeSet::new();
    for s in spectrum.elements() {
        if seen.insert(names[s].clone()) {
            order.push(names[s].clone());
        }
    }
    let mut out = Spectrum::new(order);
    for (t, row) in spectrum.tests().iter().zip(spectrum.rows()) {
        let covered: BTreeSet<&String> = spectrum
            .elements()
            .iter()
            .zip(row)
            .filter(|(_, hit)| **hit)
            .map(|(s, _)| &names[s])
            .collect();
        // Every name is an element of `out`: adding cannot fail.
        let _ = out.add_test_covering(TestCase::new(t.name.clone(), t.verdict), covered);
    }
    (out, names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sattar_java::parse_program;

    #[test]
    fn names_follow_gzoltar_for_the_default_package_and_nested_classes() {
        let src = "class A {\n  int x;\n  static class B { int y; B(int y) { this.y = y; } }\n  class C { int z; C(int z) { this.z = z; } }\n  int get(B b, int k) {\n    x = k; return x;\n  }\n}\n";
        let p = parse_program("A.java", src).expect("parses");
        let name = |m: &str| {
            let m = p.find_methods(m)[0];
            method_name(&p, m)
        };
        assert_eq!(name("A.get"), "$A#get(A$B,int)");
        assert_eq!(name("B.B"), "$A$B#A$B(int)");
        assert_eq!(name("C.C"), "$A$C#A$C(A,int)");
        let get = p.find_methods("A.get")[0].id;
        let first = p.stmts_of(get).next().expect("a statement").id;
        assert_eq!(
            element_name(&p, first, Granularity::Statement),
            "$A#get(A$B,int):6"
        );
        assert_eq!(
            element_name(&p, first, Granularity::Method),
            "$A#get(A$B,int):6"
        );
    }
}
