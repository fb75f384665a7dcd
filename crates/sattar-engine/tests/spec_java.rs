//! The specification compiled to Java (the support class of `--export-tests`) against sattar's
//! own evaluator, constraint by constraint, on enumerated heaps: for every method and `ensures`
//! set of the fault catalog, the valid inputs sattar-gen enumerates, the inputs it enumerates
//! with no specification at all (most of them invalid: cycles, wrong sizes, unordered keys), and
//! the catalog's input sets; each run on the correct and on the faulty code by the interpreter
//! for its post-state. The Java side builds the same pre- and post-states reflectively
//! (tests/support/SpecDriver.java) and evaluates every constraint on the JVM.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::{Catalog, Fault};
use sattar_engine::{Subject, SubjectRequest};
use sattar_gen::{Finitization, Generator};
use sattar_heap::{Heap, ObjId, TestInput, Value};
use sattar_java::{run, ClassKind, Limits, Program, Termination};
use sattar_report::{junit_suite, ExportedTest, Oracle};
use sattar_spec::{eval_formula, ConstraintKind, ResolvedMethod};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn on_path(exe: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(exe))
        .find(|p| p.is_file())
}

/// javac and java (JAVA_HOME, else the PATH); without them the test is skipped with a notice,
/// except on CI (`CI=true`).
fn jdk() -> Option<(PathBuf, PathBuf)> {
    let found = match std::env::var_os("JAVA_HOME").filter(|h| !h.is_empty()) {
        Some(h) => Some((
            Path::new(&h).join("bin/javac"),
            Path::new(&h).join("bin/java"),
        )),
        None => on_path("javac").zip(on_path("java")),
    }
    .filter(|(c, j)| c.is_file() && j.is_file());
    if found.is_none() {
        let msg = "no JDK (JAVA_HOME or javac on the PATH)";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{msg}");
        eprintln!("skipped: {msg}");
    }
    found
}

/// A method of the catalog with one `ensures` set: the correct and the faulty subject.
struct Combo {
    label: String,
    correct: Subject,
    faulty: Subject,
}

fn combos(catalog: &Catalog) -> Vec<Combo> {
    let mut seen = BTreeMap::new();
    // The Java spec checks do not read java.util collections yet (nor does the JUnit export
    // build them: it refuses such inputs): the collections subjects and ANTLR's BaseTree hold
    // them. The LRU cache's spec reads its HashMap's private table, and the treap's inputs hold
    // a Random, whose seed a test cannot set: the export refuses both (tests/outputs.rs).
    let refused = ["collections.", "ant.", "maps.lru.", "random."];
    for f in catalog
        .faults
        .iter()
        .filter(|f| !refused.iter().any(|p| f.id.starts_with(p)))
    {
        let key = (
            f.subject.clone(),
            f.method.clone(),
            f.spec.clone(),
            f.ensures.clone(),
        );
        seen.entry(key).or_insert(f);
    }
    seen.into_values().map(|f| combo(catalog, f)).collect()
}

fn combo(catalog: &Catalog, f: &Fault) -> Combo {
    let faulty = Subject::load(&SubjectRequest {
        fault: Some(f.id.clone()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{}: {e}", f.id));
    let correct = Subject::load(&SubjectRequest {
        java: vec![catalog.root.join(&f.subject)],
        method: Some(f.method.clone()),
        spec: Some(catalog.root.join(&f.spec)),
        ensures: f.ensures.clone(),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{}: {e}", f.id));
    Combo {
        label: format!(
            "{}/{}",
            f.method,
            f.ensures.clone().unwrap_or_else(|| "-".into())
        ),
        correct,
        faulty,
    }
}

/// At most `n` inputs of a generator, drawn uniformly from its first `visit` (a seeded
/// reservoir, so the sample is the same on every run).
fn sample(g: &Generator, n: usize, visit: usize) -> Vec<TestInput> {
    let mut out: Vec<TestInput> = Vec::new();
    let mut seen = 0usize;
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let _ = g.try_for_each(|t| {
        seen += 1;
        if out.len() < n {
            out.push(t);
        } else {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let j = (state >> 33) as usize % seen;
            if j < n {
                out[j] = t;
            }
        }
        match seen >= visit {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    });
    out
}

/// The inputs of one method: valid ones of its spec, any ones of no spec, the catalog's sets.
fn inputs(c: &Combo) -> Vec<TestInput> {
    let s = &c.correct;
    let schema = s.program.schema();
    let unspecified = ResolvedMethod {
        sig: s.spec.sig.clone(),
        ensures_set: None,
        constraints: Vec::new(),
    };
    let mut out = Vec::new();
    let arrays = s.program.has_arrays();
    for (rm, scope) in [(&s.spec, 3), (&unspecified, 2)] {
        if arrays {
            // The generator does not enumerate arrays: the encoder's free pre-state does.
            let mut found = Vec::new();
            let mut take = |t: TestInput| {
                found.push(t);
                match found.len() < 250 {
                    true => ControlFlow::Continue(()),
                    false => ControlFlow::Break(()),
                }
            };
            sattar_encode::for_each_valid_input(&s.program, s.method, rm, scope, &mut take)
                .expect("encodes");
            out.extend(found);
            continue;
        }
        let fin = Finitization::for_method(&schema, rm, scope).expect("a finitization");
        let g = Generator::new(&schema, rm, &fin)
            .expect("a generator")
            .with_budget(2_000_000);
        out.extend(sample(&g, 250, 20_000));
    }
    let name = s.program.method(s.method).qualified_name();
    match name.as_str() {
        "LinkedList.delete" => out.extend(sattar_catalog::inputs::list_inputs()),
        "BinarySearchTree.add" => out.extend(sattar_catalog::inputs::bst_inputs()),
        _ => {}
    }
    out
}

/// Object id `id` as an enum constant: its class's binary name and the constant.
fn enum_constant<'p>(p: &'p Program, id: &ObjId) -> Option<(&'p str, &'p str)> {
    p.classes
        .iter()
        .filter(|c| c.kind == ClassKind::Enum)
        .find_map(|c| {
            c.enum_constants
                .iter()
                .find(|k| c.constant_id(k) == id.as_str())
                .map(|k| (c.binary.as_str(), k.as_str()))
        })
}

/// A value for the driver, boxed in its Java type (`c:` a char, `s:` a short, `y:` a byte).
fn typed(p: &Program, v: &Value, ty: &sattar_java::Type) -> String {
    match (v, ty.int_kind()) {
        (Value::Int(i), Some(sattar_heap::IntKind::Char)) => format!("c:{i}"),
        (Value::Int(i), Some(sattar_heap::IntKind::Short)) => format!("s:{i}"),
        (Value::Int(i), Some(sattar_heap::IntKind::Byte)) => format!("y:{i}"),
        _ => value(p, v),
    }
}

fn value(p: &Program, v: &Value) -> String {
    match v {
        Value::Int(i) => format!("i:{i}"),
        Value::Long(l) => format!("j:{l}"),
        Value::Bool(b) => format!("b:{b}"),
        Value::Null => "n:".into(),
        Value::Ref(id) => match enum_constant(p, id) {
            Some((c, k)) => format!("e:{c}:{k}"),
            None => format!("r:{id}"),
        },
    }
}

/// The name `Class.forName` takes for a type (`int` for a primitive, as the driver reads it).
fn class_for_name(p: &Program, ty: &str) -> String {
    if sattar_heap::is_primitive_name(ty) {
        return ty.to_string();
    }
    match sattar_heap::element_type_name(ty) {
        Some(e) => {
            let inner = class_for_name(p, e);
            let code = match e {
                "int" => "I".to_string(),
                "long" => "J".into(),
                "boolean" => "Z".into(),
                "char" => "C".into(),
                "short" => "S".into(),
                "byte" => "B".into(),
                _ if inner.starts_with('[') => inner,
                _ => format!("L{inner};"),
            };
            format!("[{code}")
        }
        None => binary(p, ty),
    }
}

fn binary(p: &Program, class: &str) -> String {
    p.class(class)
        .map_or(class.to_string(), |c| c.binary.clone())
}

/// `obj` lines for the objects of `heap` not in `before`, `set` lines for every field of every
/// object, `static` lines for every static field.
fn heap_lines(p: &Program, heap: &Heap, before: Option<&Heap>, out: &mut String) {
    for (id, o) in &heap.objects {
        let old = before.is_some_and(|b| b.objects.contains_key(id));
        if enum_constant(p, id).is_some() || old {
            continue;
        }
        match sattar_heap::BoxClass::named(&o.class) {
            // A box is made with its value (java.lang is closed to reflection).
            Some(b) => {
                let v = o
                    .get(sattar_heap::BOX_VALUE)
                    .cloned()
                    .unwrap_or(Value::Null);
                let ty = b
                    .kind
                    .map_or(sattar_java::Type::Boolean, sattar_java::Type::of_int);
                writeln!(out, "box\t{id}\t{}\t{}", b.class, typed(p, &v, &ty)).expect("write");
            }
            // A String (a StringBuilder) is made with its chars (java.lang is closed to
            // reflection).
            None if sattar_java::library::storage(&o.class)
                .is_some_and(|s| s.field == sattar_heap::STRING_CHARS) =>
            {
                let chars = match o.get(sattar_heap::STRING_CHARS) {
                    Some(Value::Ref(a)) => heap.get(a).and_then(|a| a.elements()),
                    _ => None,
                };
                let units: Vec<String> = chars
                    .unwrap_or_default()
                    .iter()
                    .map(|c| c.as_integer().unwrap_or(0).to_string())
                    .collect();
                let class = &o.class;
                writeln!(out, "str\t{id}\t{class}\t{}", units.join(",")).expect("write");
            }
            None if o.is_array() => {
                let element = sattar_heap::element_type_name(&o.class).unwrap_or("");
                let n = o.length().unwrap_or(0);
                writeln!(out, "arr\t{id}\t{}\t{n}", class_for_name(p, element)).expect("write");
            }
            // A list, deque or stack is made empty by its constructor, then filled by `add`
            // (java.util is closed to reflection).
            None if sattar_java::library::is_collection(&o.class) => {
                writeln!(out, "coll\t{id}\t{}", binary(p, &o.class)).expect("write");
            }
            None => writeln!(out, "obj\t{id}\t{}", binary(p, &o.class)).expect("write"),
        }
    }
    // A collection's elements, anew for one the pre-state held (its Java object is reused).
    for (id, o) in &heap.objects {
        if !sattar_java::library::is_collection(&o.class) {
            continue;
        }
        if before.is_some_and(|b| b.objects.contains_key(id)) {
            writeln!(out, "clear\t{id}").expect("write");
        }
        let elements = match o.get(sattar_java::library::ELEMENTS) {
            Some(Value::Ref(a)) => heap.get(a).and_then(|a| a.elements()),
            _ => None,
        };
        let object = sattar_java::Type::Class(sattar_heap::OBJECT.into());
        for v in elements.unwrap_or_default() {
            writeln!(out, "add\t{id}\t{}", typed(p, &v, &object)).expect("write");
        }
    }
    for (id, o) in &heap.objects {
        let element = p.class(&o.class).and_then(|c| c.element.clone());
        let (Some(elements), Some(ty)) = (o.elements(), element) else {
            continue;
        };
        for (i, v) in elements.iter().enumerate() {
            writeln!(out, "elem\t{id}\t{i}\t{}", typed(p, v, &ty)).expect("write");
        }
    }
    for (id, o) in &heap.objects {
        if enum_constant(p, id).is_some()
            || sattar_heap::BoxClass::named(&o.class).is_some()
            || o.is_array()
            || sattar_java::library::storage(&o.class).is_some()
        {
            continue;
        }
        let fields = p.fields_of(&o.class);
        for (name, v) in &o.fields {
            let (decl, _) = fields
                .iter()
                .rev()
                .find(|(_, f)| &f.name == name)
                .unwrap_or_else(|| panic!("{} has no field {name}", o.class));
            let ty = fields
                .iter()
                .rev()
                .find(|(_, f)| &f.name == name)
                .map(|(_, f)| f.ty.clone())
                .unwrap_or(sattar_java::Type::Int);
            let decl = binary(p, decl);
            let v = typed(p, v, &ty);
            writeln!(out, "set\t{id}\t{decl}\t{name}\t{v}").expect("write");
        }
    }
    for (key, v) in &heap.statics {
        let (class, field) = key.rsplit_once('.').expect("Class.field");
        let ty = p
            .class(class)
            .and_then(|c| c.statics.iter().find(|f| f.name == field))
            .map_or(sattar_java::Type::Int, |f| f.ty.clone());
        writeln!(
            out,
            "static\t{}\t{field}\t{}",
            binary(p, class),
            typed(p, v, &ty)
        )
        .expect("write");
    }
}

/// sattar's verdict on every constraint: T, F or E (the evaluator's error); ensures constraints
/// of a run that did not return are `-` (not compared).
fn expected(
    rm: &ResolvedMethod,
    input: &TestInput,
    pre: &Heap,
    post: &Heap,
    result: Option<&Value>,
    returned: bool,
) -> String {
    rm.constraints
        .iter()
        .map(|c| {
            if c.kind == ConstraintKind::Ensures && !returned {
                return '-';
            }
            match eval_formula(
                &c.formula,
                pre,
                post,
                input.this.as_ref(),
                &input.args,
                result,
            ) {
                Ok(true) => 'T',
                Ok(false) => 'F',
                Err(_) => 'E',
            }
        })
        .collect()
}

/// Writes the cases of one method; returns sattar's verdicts by case number.
fn cases(c: &Combo, inputs: &[TestInput]) -> (String, Vec<String>) {
    let p = &c.correct.program;
    let rm = &c.correct.spec;
    let mut text = String::new();
    let mut want = Vec::new();
    // Every correct run here takes a few dozen steps; a faulty one that goes on is endless
    // (`seenErr` re-enqueues a self-loop), and its cost grows with the square of its length.
    let limits = Limits {
        max_steps: 2_000,
        ..Limits::default()
    };
    for input in inputs {
        let input = p.with_environment(input);
        for subject in [&c.correct, &c.faulty] {
            let Ok(ex) = run(&subject.program, subject.method, &input, limits) else {
                continue;
            };
            let (post, result, returned) = match &ex.termination {
                Termination::Returned(v) => (ex.post.clone(), v.clone(), true),
                _ => (input.heap.clone(), None, false),
            };
            let n = want.len();
            writeln!(text, "case\t{n}").expect("write");
            heap_lines(p, &input.heap, None, &mut text);
            let this = input.this.clone().map_or(Value::Null, Value::Ref);
            writeln!(text, "this\t{}", value(p, &this)).expect("write");
            let m = p.method(subject.method);
            for ((_, v), param) in input.args.iter().zip(&m.params) {
                writeln!(text, "arg\t{}", typed(p, v, &param.ty)).expect("write");
            }
            text.push_str("check\n");
            heap_lines(p, &post, Some(&input.heap), &mut text);
            let r = result.clone().unwrap_or(Value::Null);
            writeln!(text, "result\t{}\nend", typed(p, &r, &m.ret)).expect("write");
            want.push(expected(
                rm,
                &input,
                &input.heap,
                &post,
                result.as_ref(),
                returned,
            ));
        }
    }
    (text, want)
}

fn java_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            java_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "java") {
            out.push(p);
        }
    }
}

/// Compiles the subject, its exported support class and the driver; runs the cases; returns
/// the driver's verdicts by case number.
fn java_verdicts(
    (javac, java): &(PathBuf, PathBuf),
    c: &Combo,
    dir: &Path,
    cases: &str,
) -> Vec<String> {
    let _ = std::fs::remove_dir_all(dir);
    let src = dir.join("src");
    std::fs::create_dir_all(&src).expect("src");
    let p = &c.correct.program;
    for (i, f) in p.files.iter().enumerate() {
        let name = Path::new(&f.path).file_name().expect("a file name");
        let path = src.join(format!("subject{i}")).join(name);
        std::fs::create_dir_all(path.parent().expect("dir")).expect("dir");
        std::fs::write(path, &f.text).expect("subject written");
    }
    let none: [ExportedTest; 0] = [];
    let files = junit_suite(p, c.correct.method, &none, Oracle::Spec(&c.correct.spec))
        .unwrap_or_else(|e| panic!("{}: {e}", c.label));
    let support = &files[1];
    let path = src.join("support").join(&support.file_name);
    std::fs::create_dir_all(path.parent().expect("dir")).expect("dir");
    std::fs::write(&path, &support.source).expect("support written");
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/SpecDriver.java");
    let mut sources = vec![driver];
    java_files(&src, &mut sources);
    let classes = dir.join("classes");
    let out = Command::new(javac)
        .arg("-nowarn")
        .arg("-d")
        .arg(&classes)
        .args(&sources)
        .output()
        .expect("javac starts");
    assert!(
        out.status.success(),
        "{}: javac failed:\n{}",
        c.label,
        String::from_utf8_lossy(&out.stderr)
    );
    let cases_file = dir.join("cases.tsv");
    std::fs::write(&cases_file, cases).expect("cases written");
    let class = support
        .file_name
        .trim_end_matches(".java")
        .replace('/', ".");
    let out = Command::new(java)
        .arg("-cp")
        .arg(&classes)
        .arg("SpecDriver")
        .arg(&class)
        .arg(&cases_file)
        .output()
        .expect("java starts");
    assert!(
        out.status.success(),
        "{}: the driver failed:\n{}",
        c.label,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split_once(' ').map_or("", |(_, v)| v).to_string())
        .collect()
}

/// Whether the Java verdicts agree with sattar's (`-`: not compared).
fn agree(want: &str, got: &str) -> bool {
    want.len() == got.len()
        && want
            .chars()
            .zip(got.chars())
            .all(|(w, g)| w == '-' || w == g)
}

#[test]
fn the_java_spec_checks_agree_with_sattars_evaluator_on_every_enumerated_heap() {
    let Some(jdk) = jdk() else { return };
    let catalog = Catalog::load(&root()).expect("the bundled catalog");
    let combos = combos(&catalog);
    assert!(combos.len() >= 13, "{}", combos.len());
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("spec-java");
    let mut total = 0usize;
    let mut verdicts = [0usize; 3];
    for (i, c) in combos.iter().enumerate() {
        let inputs = inputs(c);
        let (text, want) = cases(c, &inputs);
        let got = java_verdicts(&jdk, c, &work.join(i.to_string()), &text);
        assert_eq!(got.len(), want.len(), "{}: one line per case", c.label);
        for (n, (w, g)) in want.iter().zip(&got).enumerate() {
            assert!(
                agree(w, g),
                "{} case {n}: sattar {w}, Java {g}\n{}",
                c.label,
                text.split("case\t").nth(n + 1).unwrap_or("")
            );
        }
        for w in &want {
            for ch in w.chars() {
                match ch {
                    'T' => verdicts[0] += 1,
                    'F' => verdicts[1] += 1,
                    'E' => verdicts[2] += 1,
                    _ => {}
                }
            }
        }
        eprintln!(
            "{:36} {:5} inputs, {:5} cases",
            c.label,
            inputs.len(),
            want.len()
        );
        total += want.len();
    }
    eprintln!(
        "{total} cases; constraint verdicts compared: {} hold, {} fail, {} errors",
        verdicts[0], verdicts[1], verdicts[2]
    );
    // Both verdicts occur: the comparison is not vacuous.
    assert!(verdicts[0] > 1000 && verdicts[1] > 1000, "{verdicts:?}");
}
