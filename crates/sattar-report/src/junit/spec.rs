//! The specification as Java: each constraint of a resolved method (`sattar_spec::resolved`)
//! translated into a static method over two reflective snapshots of the heap, with the runtime
//! (`runtime.java`) that evaluates them as `sattar_spec::evaluate` does — sets of atoms, joins on
//! the objects of exactly a field's class, closures by breadth-first search, quantifiers counting
//! tuples, integers as exact longs (an overflow is an `ArithmeticException`, where sattar's
//! evaluator reports an error).

use super::java::{comment, string};
use super::ExportError;
use sattar_java::{ClassKind, Program};
use sattar_spec::{
    ConstraintKind, Formula, IntCmp, IntExpr, Quant, Rel, ResolvedMethod, SetExpr, State,
};

/// The runtime every spec class carries: reflective access, snapshots, the evaluator.
const RUNTIME: &str = include_str!("runtime.java");

/// The source of the support class `class_name` in `package` (`""`: the default package): the
/// constraints of `rm` as Java (none without a specification) and the runtime.
pub(super) fn spec_source(
    program: &Program,
    rm: Option<&ResolvedMethod>,
    package: &str,
    class_name: &str,
    header: &[String],
) -> Result<String, ExportError> {
    let empty = ResolvedMethod {
        sig: sattar_heap::MethodSig {
            class: String::new(),
            name: String::new(),
            is_static: true,
            params: Vec::new(),
            ret: None,
        },
        ensures_set: None,
        constraints: Vec::new(),
    };
    let rm = rm.unwrap_or(&empty);
    let mut out: Vec<String> = header.to_vec();
    out.push(
        "// The support of the tests: reflective access to what Java hides from them, and the"
            .into(),
    );
    out.push("// specification's constraints as Java checks over snapshots of the heap.".into());
    if !package.is_empty() {
        out.push(format!("package {package};"));
        out.push(String::new());
    }
    for i in IMPORTS {
        out.push(format!("import {i};"));
    }
    out.push(String::new());
    out.push(format!("final class {class_name} {{"));
    out.push(format!(
        "    private static final Class<?> SATTAR_SELF = {class_name}.class;"
    ));
    out.push(String::new());
    out.extend(tables(program, rm));
    out.push(String::new());
    out.extend(constraint_methods(rm)?);
    out.push(String::new());
    out.push(RUNTIME.trim_end().to_string());
    out.push("}".into());
    Ok(out.join("\n") + "\n")
}

const IMPORTS: [&str; 14] = [
    "java.lang.reflect.Constructor",
    "java.lang.reflect.Field",
    "java.lang.reflect.InvocationTargetException",
    "java.lang.reflect.Method",
    "java.lang.reflect.Modifier",
    "java.util.ArrayDeque",
    "java.util.ArrayList",
    "java.util.Arrays",
    "java.util.HashMap",
    "java.util.LinkedHashMap",
    "java.util.LinkedHashSet",
    "java.util.List",
    "java.util.Map",
    "java.util.Set",
];

/// `static final String[][] NAME = { {..}, .. };`
fn table(name: &str, rows: &[Vec<String>]) -> Vec<String> {
    let mut out = vec![format!("    static final String[][] {name} = {{")];
    for r in rows {
        let cells: Vec<String> = r.iter().map(|c| string(c)).collect();
        out.push(format!("        {{{}}},", cells.join(", ")));
    }
    out.push("    };".into());
    out
}

/// The constraints' names and kinds, and the program's classes, fields, statics and enums as
/// sattar names them (what a snapshot records).
fn tables(program: &Program, rm: &ResolvedMethod) -> Vec<String> {
    let names: Vec<String> = rm.constraints.iter().map(|c| string(&c.name)).collect();
    let kinds: Vec<&str> = rm
        .constraints
        .iter()
        .map(|c| match c.kind {
            ConstraintKind::Invariant => "0",
            ConstraintKind::Requires => "1",
            ConstraintKind::Ensures => "2",
        })
        .collect();
    let mut out = vec![
        "    /** The constraints, in sattar's order; their kinds: 0 invariant, 1 requires, 2 ensures. */".into(),
        format!("    static final String[] CONSTRAINTS = {{{}}};", names.join(", ")),
        format!("    static final int[] KINDS = {{{}}};", kinds.join(", ")),
        String::new(),
        "    /** Each class as sattar names it, and its binary name. */".into(),
    ];
    let classes: Vec<&sattar_java::Class> =
        program.classes.iter().filter(|c| !c.is_exception).collect();
    let rows: Vec<Vec<String>> = classes
        .iter()
        .map(|c| vec![c.name.clone(), super::access::binary_name(program, &c.name)])
        .collect();
    out.extend(table("CLASSES", &rows));
    out.push("    /** Each field of an object of a class: the class, the field, the class declaring it (empty: an enum's ordinal). */".into());
    let mut rows = Vec::new();
    // An array's length and elements are read by the snapshot itself.
    for c in classes.iter().filter(|c| c.element.is_none()) {
        for (decl, f) in program.fields_of(&c.name) {
            let is_ordinal = c.kind == ClassKind::Enum && decl == c.name && f.name == "ordinal";
            let declaring = match is_ordinal {
                true => String::new(),
                false => program
                    .class(&decl)
                    .map_or(decl.clone(), |d| d.binary.clone()),
            };
            rows.push(vec![c.name.clone(), f.name.clone(), declaring]);
        }
    }
    out.extend(table("FIELDS", &rows));
    out.push("    /** Each static field: sattar's key, the declaring class, the field. */".into());
    let rows: Vec<Vec<String>> = classes
        .iter()
        .flat_map(|c| {
            c.statics.iter().map(|f| {
                vec![
                    format!("{}.{}", c.name, f.name),
                    c.binary.clone(),
                    f.name.clone(),
                ]
            })
        })
        .collect();
    out.extend(table("STATICS", &rows));
    out.push(
        "    /** Each enum: its name and binary name (its constants are in every state). */".into(),
    );
    let rows: Vec<Vec<String>> = classes
        .iter()
        .filter(|c| c.kind == ClassKind::Enum)
        .map(|c| vec![c.name.clone(), c.binary.clone()])
        .collect();
    out.extend(table("ENUMS", &rows));
    out.push(
        "    /** The java.util collections a state holds by their elements, as sattar's models do. */"
            .into(),
    );
    let names: Vec<String> = sattar_java::library::COLLECTIONS
        .iter()
        .map(|c| string(c))
        .collect();
    out.push(format!(
        "    static final String[] COLLECTIONS = {{{}}};",
        names.join(", ")
    ));
    out.push(
        "    /** JDK classes a state holds without their fields (java.base keeps them private). */"
            .into(),
    );
    let opaque = [
        sattar_java::library::RANDOM,
        sattar_java::library::ATOMIC_LONG,
    ];
    let names: Vec<String> = opaque.iter().map(|c| string(c)).collect();
    out.push(format!(
        "    static final String[] OPAQUE = {{{}}};",
        names.join(", ")
    ));
    out
}

/// `holds(i, e)` and one method per constraint.
fn constraint_methods(rm: &ResolvedMethod) -> Result<Vec<String>, ExportError> {
    let mut out = vec![
        "    /** Whether constraint `i` holds in `e`. */".to_string(),
        "    static boolean holds(int i, Env e) {".into(),
        "        switch (i) {".into(),
    ];
    for i in 0..rm.constraints.len() {
        out.push(format!("            case {i}: return c{i}(e);"));
    }
    out.push(
        "            default: throw new IllegalArgumentException(\"sattar: no constraint \" + i);"
            .into(),
    );
    out.push("        }".into());
    out.push("    }".into());
    for (i, c) in rm.constraints.iter().enumerate() {
        let kind = match c.kind {
            ConstraintKind::Invariant => "invariant",
            ConstraintKind::Requires => "requires",
            ConstraintKind::Ensures => "ensures",
        };
        let mut tr = Translator { rm, lambdas: 0 };
        let body = tr.formula(&c.formula)?;
        out.push(String::new());
        out.push(format!("    {}", comment(&format!("// {kind} {}", c.name))));
        out.push(format!("    private static boolean c{i}(Env e) {{"));
        out.push(format!("        return {body};"));
        out.push("    }".into());
    }
    Ok(out)
}

/// Translates one constraint's formula into a Java expression over `e` (an `Env`).
struct Translator<'a> {
    rm: &'a ResolvedMethod,
    /// Lambdas made so far (each quantifier's tuple parameter gets a fresh name).
    lambdas: usize,
}

fn primed(s: State) -> &'static str {
    match s {
        State::Pre => "false",
        State::Post => "true",
    }
}

fn quant_code(q: Quant) -> &'static str {
    match q {
        Quant::All => "ALL",
        Quant::Some => "SOME",
        Quant::No => "NO",
        Quant::One => "ONE",
        Quant::Lone => "LONE",
    }
}

impl Translator<'_> {
    fn formula(&mut self, f: &Formula) -> Result<String, ExportError> {
        Ok(match f {
            Formula::Const(b) => b.to_string(),
            Formula::Subset(a, b) => format!("subset({}, {})", self.set(a)?, self.set(b)?),
            Formula::SetEq(a, b) => format!("{}.equals({})", self.set(a)?, self.set(b)?),
            Formula::IntCmp(op, a, b) => {
                let op = match op {
                    IntCmp::Eq => "==",
                    IntCmp::Ne => "!=",
                    IntCmp::Lt => "<",
                    IntCmp::Le => "<=",
                    IntCmp::Gt => ">",
                    IntCmp::Ge => ">=",
                };
                format!("({} {op} {})", self.int(a)?, self.int(b)?)
            }
            Formula::Mult(q, e) => format!("mult({}, card({}))", quant_code(*q), self.set(e)?),
            Formula::Quant {
                q,
                vars,
                bound,
                body,
            } => {
                self.lambdas += 1;
                let t = format!("t{}", self.lambdas);
                let bound = self.set(bound)?;
                let binds: Vec<String> = vars
                    .iter()
                    .enumerate()
                    .map(|(i, v)| format!("Object v{} = {t}[{i}]; ", v.id))
                    .collect();
                let body = self.formula(body)?;
                format!(
                    "quant({}, {}, {bound}, {t} -> {{ {}return {body}; }})",
                    quant_code(*q),
                    vars.len(),
                    binds.concat()
                )
            }
            Formula::Not(g) => format!("!{}", self.formula(g)?),
            Formula::And(a, b) => format!("({} && {})", self.formula(a)?, self.formula(b)?),
            Formula::Or(a, b) => format!("({} || {})", self.formula(a)?, self.formula(b)?),
            Formula::Implies(a, b) => {
                format!("(!{} || {})", self.formula(a)?, self.formula(b)?)
            }
            Formula::IfElse(c, t, e) => format!(
                "({} ? {} : {})",
                self.formula(c)?,
                self.formula(t)?,
                self.formula(e)?
            ),
            Formula::Iff(a, b) => format!("({} == {})", self.formula(a)?, self.formula(b)?),
        })
    }

    fn set(&mut self, e: &SetExpr) -> Result<String, ExportError> {
        Ok(match e {
            SetExpr::This(_) => "e.self()".into(),
            SetExpr::Null => "none()".into(),
            SetExpr::Result(_) => "e.result()".into(),
            SetExpr::Param(name, _) => {
                let i = self
                    .rm
                    .sig
                    .params
                    .iter()
                    .position(|(n, _)| n == name)
                    .ok_or_else(|| ExportError::Spec(format!("no parameter `{name}`")))?;
                format!("e.arg({i})")
            }
            SetExpr::Var(v) => format!("one(v{})", v.id),
            SetExpr::Bool(b) => format!("one(Boolean.{})", if *b { "TRUE" } else { "FALSE" }),
            SetExpr::Class(c, s) => format!("e.extent({}, {})", primed(*s), string(c)),
            SetExpr::Static(f, s) => format!(
                "e.stat({}, {})",
                primed(*s),
                string(&format!("{}.{}", f.class, f.field))
            ),
            SetExpr::Constant(id, _) => format!("e.constant({})", string(id)),
            SetExpr::Join { left, rel, .. } => {
                format!("e.join({}, {})", self.set(left)?, rel_code(rel))
            }
            SetExpr::Union(a, b) => format!("union({}, {})", self.set(a)?, self.set(b)?),
            SetExpr::Diff(a, b) => format!("diff({}, {})", self.set(a)?, self.set(b)?),
            SetExpr::Inter(a, b) => format!("inter({}, {})", self.set(a)?, self.set(b)?),
            SetExpr::IntValue(i) => format!("one(Long.valueOf({}))", self.int(i)?),
            SetExpr::Range(lo, hi) => format!("range({}, {})", self.int(lo)?, self.int(hi)?),
            SetExpr::Elem {
                array,
                index,
                state,
                ..
            } => format!(
                "e.elem({}, {}, {})",
                primed(*state),
                self.set(array)?,
                self.int(index)?
            ),
            SetExpr::Elems { array, state, .. } => {
                format!("e.elems({}, {})", primed(*state), self.set(array)?)
            }
        })
    }

    fn int(&mut self, e: &IntExpr) -> Result<String, ExportError> {
        Ok(match e {
            IntExpr::Lit(v) => long_literal(*v),
            IntExpr::Sum(s) => format!("sum({})", self.set(s)?),
            IntExpr::Card(s) => format!("card({})", self.set(s)?),
            IntExpr::Add(a, b) => format!("Math.addExact({}, {})", self.int(a)?, self.int(b)?),
            IntExpr::Sub(a, b) => {
                format!("Math.subtractExact({}, {})", self.int(a)?, self.int(b)?)
            }
            IntExpr::Neg(a) => format!("Math.negateExact({})", self.int(a)?),
            IntExpr::Mul(a, b) => format!("Math.multiplyExact({}, {})", self.int(a)?, self.int(b)?),
        })
    }
}

/// A Java `long` literal of `v` (`Long.MIN_VALUE` has none).
fn long_literal(v: i64) -> String {
    match v {
        i64::MIN => "Long.MIN_VALUE".into(),
        v if v < 0 => format!("({v}L)"),
        v => format!("{v}L"),
    }
}

fn rel_code(r: &Rel) -> String {
    match r {
        Rel::Field(f, s) => format!(
            "field({}, {}, {})",
            primed(*s),
            string(&f.class),
            string(&f.field)
        ),
        Rel::Union(a, b) => format!("runion({}, {})", rel_code(a), rel_code(b)),
        Rel::Transpose(a) => format!("transpose({})", rel_code(a)),
        Rel::Closure { reflexive, rel } => format!("closure({reflexive}, {})", rel_code(rel)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_java_longs() {
        assert_eq!(long_literal(5), "5L");
        assert_eq!(long_literal(-5), "(-5L)");
        assert_eq!(long_literal(i64::MIN), "Long.MIN_VALUE");
        assert_eq!(long_literal(i64::MAX), "9223372036854775807L");
    }

    /// The snapshot names a String's chars as sattar's heaps do.
    #[test]
    fn the_runtime_reads_strings_as_the_model_holds_them() {
        let put = format!(
            "values.put(\"{}\", atom(chars, alias))",
            sattar_heap::STRING_CHARS
        );
        assert!(RUNTIME.contains(&put), "{put}");
    }
}
