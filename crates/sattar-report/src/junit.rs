//! The generated tests as JUnit 5 source: a test class `<Class>SattarTest` and its support class
//! `<Class>SattarSpec`, in the package of the class declaring the method.
//!
//! Each test builds its input heap field by field (directly where Java allows it, through the
//! support class's reflection for private or final fields, private classes and classes without a
//! usable constructor), and its arrays as Java writes them (`int[] a = new int[] {2, 5};`,
//! `Node[] b = new Node[2];` then `b[1] = n0;`, the support class's `newArray`/`setElement` when
//! the element class cannot be named), sets every static field, calls the method and checks the
//! outcome with one of two oracles (arrays of the post-state: `length`, then every element):
//!
//! - [`Oracle::Spec`]: the specification compiled to Java (the support class evaluates every
//!   constraint on a snapshot of the pre-state taken before the call and one of the post-state
//!   after it): the input must satisfy the invariants and preconditions, the call must return (an
//!   escaping exception fails the test, as `noException` does), and every postcondition must
//!   hold. A test of a failing run fails while the fault is there and passes once it is fixed.
//! - [`Oracle::Observed`]: what sattar observed on that run (the returned value, every field of
//!   the post-state, or the exception): a regression suite, whatever the specification says.
//!
//! A run the clock stopped is called under `assertTimeoutPreemptively` (its own thread, abandoned
//! at the limit), so the suite cannot hang: with the spec oracle the call must end in time, with
//! the observed one it must still not.

mod access;
mod java;
mod spec;

use access::{binary_name, package_of, Access};
use java::{ascii_only, comment, is_qualified_name, lower_first, string, Names};
use sattar_heap::{element_index, Heap, ObjId, Object, TestInput, Value};
use sattar_java::library::{ATOMIC_LONG, RANDOM};
use sattar_java::{ClassKind, Execution, IntKind, Method, MethodId, Program, Termination, Type};
use sattar_spec::ResolvedMethod;
use std::collections::{BTreeMap, VecDeque};

/// How a run ended, as far as a test can assert it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The method returned this value (`None` for a `void` method).
    Returned(Option<Value>),
    /// An exception of this class escaped (`java.lang.NullPointerException`, `Outer.Error`).
    Threw(String),
}

/// What one run was observed to do: the oracle its exported test asserts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedOutcome {
    /// How the call ended.
    pub outcome: Outcome,
    /// The post-state: the input's objects under their own ids, new objects as `new0`, `new1`, ….
    pub post: Heap,
}

impl ExpectedOutcome {
    /// The outcome of an execution; `None` for a run that neither returned nor threw (step limit,
    /// timeout, `System.exit`, crash), whose behaviour a unit test cannot assert.
    pub fn from_execution(e: &Execution) -> Option<ExpectedOutcome> {
        let outcome = match &e.termination {
            Termination::Returned(v) => Outcome::Returned(v.clone()),
            Termination::Threw(x) => Outcome::Threw(x.clone()),
            _ => return None,
        };
        Some(ExpectedOutcome {
            outcome,
            post: e.post.clone(),
        })
    }
}

/// One generated test to export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportedTest {
    /// A name for people (`delete 0 of [0, 1]`); the Java method name is made from it.
    pub name: String,
    /// The receiver, arguments and pre-state.
    pub input: TestInput,
    /// sattar's verdict under the specification: `pass`, `fail` or `invalid`.
    pub verdict: String,
    /// The constraints the run violated.
    pub violated: Vec<String>,
    /// What the run did; `None` writes a test that only makes the call (observed oracle).
    pub expected: Option<ExpectedOutcome>,
    /// The run did not end within this time (the step or time limit stopped it): the call runs
    /// in its own thread under this limit, so the exported suite cannot hang.
    pub timeout: Option<std::time::Duration>,
}

/// What an exported test checks.
#[derive(Clone, Copy, Debug)]
pub enum Oracle<'a> {
    /// The specification, compiled to Java: pre-state valid, the call returns, postconditions hold.
    Spec(&'a ResolvedMethod),
    /// What sattar observed on the run (a regression suite).
    Observed,
}

/// A generated Java source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JavaTestFile {
    /// The class's simple name (`LinkedListSattarTest`).
    pub class_name: String,
    /// Where to write it, relative to the export directory, `/`-separated, in its package's
    /// folder (`ds/SortedListSattarTest.java`).
    pub file_name: String,
    /// The source text, ASCII only.
    pub source: String,
}

/// The first line of every file sattar writes (an export never overwrites another file).
pub const GENERATED_MARK: &str = "// Generated by sattar";

/// Why tests could not be exported as compilable Java.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// The method id is not one of the program's.
    #[error("method #{0} is not in the program")]
    UnknownMethod(u32),
    /// An enum's constructor cannot be called by a test.
    #[error(
        "{0} is an enum constructor, which no test can call; export the tests of a method instead"
    )]
    EnumConstructor(String),
    /// A test's input or outcome does not fit the program.
    #[error("test `{test}`: {why}")]
    BadTest {
        /// The test's name.
        test: String,
        /// What does not fit.
        why: String,
    },
    /// The specification cannot be written as Java checks.
    #[error("the specification cannot be exported: {0}")]
    Spec(String),
}

/// The tests of `method` as a JUnit 5 class and its support class, named after the outermost
/// class declaring the method, in that class's package.
pub fn junit_suite(
    program: &Program,
    method: MethodId,
    tests: &[ExportedTest],
    oracle: Oracle<'_>,
) -> Result<Vec<JavaTestFile>, ExportError> {
    let m = program
        .methods
        .get(method.0 as usize)
        .ok_or(ExportError::UnknownMethod(method.0))?;
    let class = program.class(&m.class);
    if m.is_constructor() && class.is_some_and(|c| c.kind == ClassKind::Enum) {
        return Err(ExportError::EnumConstructor(m.class.clone()));
    }
    let binary = class.map_or(m.class.as_str(), |c| c.binary.as_str());
    let package = package_of(binary).to_string();
    let access = Access::new(program, &package);
    let top_level: Vec<String> = program
        .classes
        .iter()
        .filter(|c| package_of(&c.binary) == package && !c.binary.contains('$'))
        .map(|c| c.binary.rsplit('.').next().unwrap_or(&c.binary).to_string())
        .collect();
    let outer = binary.rsplit('.').next().unwrap_or(binary);
    let outer = outer.split('$').next().unwrap_or(outer);
    let mut class_names = Names::new(top_level.clone());
    let class_name = class_names.fresh(&format!("{outer}SattarTest"), "T");
    let support = class_names.fresh(&format!("{outer}SattarSpec"), "S");
    let annotations = Annotations::avoiding(&top_level);
    let mut method_names = Names::new([class_name.clone()]);
    let mut methods = Vec::new();
    let mut skipped = 0;
    for t in tests {
        if matches!(oracle, Oracle::Spec(_)) && t.verdict == "invalid" {
            skipped += 1;
            continue;
        }
        let name = method_names.fresh(&t.name, "test");
        let body = TestWriter::new(program, m, &access, t, &support, oracle).write()?;
        methods.push(test_method(t, &name, &body, &annotations));
    }
    let spec = match oracle {
        Oracle::Spec(rm) => Some(rm),
        Oracle::Observed => None,
    };
    let header = header(program, m, oracle);
    let support_source = spec::spec_source(program, spec, &package, &support, &header)?;
    if reads_field_state(program, &support_source) {
        return Err(ExportError::Spec(FIELD_STATE_REFUSED.into()));
    }
    let test = class_source(
        &header,
        &package,
        &class_name,
        &methods,
        &annotations,
        skipped,
    );
    let dir = match package.as_str() {
        "" => String::new(),
        p => format!("{}/", p.replace('.', "/")),
    };
    Ok(vec![
        JavaTestFile {
            file_name: format!("{dir}{class_name}.java"),
            class_name,
            source: ascii_only(&test),
        },
        JavaTestFile {
            file_name: format!("{dir}{support}.java"),
            class_name: support,
            source: ascii_only(&support_source),
        },
    ])
}

/// How to spell the JUnit annotations: imported, unless a subject class takes the simple name.
struct Annotations {
    test: &'static str,
    display_name: &'static str,
    imports: Vec<&'static str>,
}

impl Annotations {
    fn avoiding(top_level: &[String]) -> Annotations {
        let taken = |n: &str| top_level.iter().any(|c| c == n);
        let mut imports = Vec::new();
        let mut pick = |simple: &'static str, full: &'static str| {
            if taken(simple) {
                full
            } else {
                imports.push(full);
                simple
            }
        };
        let display_name = pick("DisplayName", "org.junit.jupiter.api.DisplayName");
        let test = pick("Test", "org.junit.jupiter.api.Test");
        Annotations {
            test,
            display_name,
            imports,
        }
    }
}

/// Whether objects of `class` hold state only in java.base's private fields, which a test can
/// neither set nor read (a Random and its seed's AtomicLong): not built, not asserted.
fn is_opaque(class: &str) -> bool {
    [RANDOM, ATOMIC_LONG].contains(&class)
}

/// Why a spec that reads a map's, set's or Random's JDK-private fields is not exported.
const FIELD_STATE_REFUSED: &str = "it reads private fields of java.util's maps, sets or Randoms (a \
HashMap's table and nodes, a Random's seed), which `java.base` does not open to a test's reflection and which the \
exported checks do not read as sattar's models hold them yet; export with `--export-oracle \
observed`, or state the spec through the map's methods' results";

/// Whether the support class `source` reads a field of a map, a map's node, a set or a Random
/// (the JDK keeps them private to `java.base`).
fn reads_field_state(program: &Program, source: &str) -> bool {
    source.split("field(").skip(1).any(|rest| {
        let class = rest.split('"').nth(1).unwrap_or_default();
        (sattar_java::library::FIELD_STATE.iter()).any(|m| program.is_subclass(class, m))
    })
}

/// The comment every file of an export starts with.
fn header(program: &Program, m: &Method, oracle: Oracle<'_>) -> Vec<String> {
    let version = env!("CARGO_PKG_VERSION");
    let what = match oracle {
        Oracle::Spec(rm) => match &rm.ensures_set {
            Some(set) => format!("checks of the specification (ensures {set})"),
            None => "checks of the specification".to_string(),
        },
        Oracle::Observed => "regression tests of what sattar observed".to_string(),
    };
    vec![comment(&format!(
        "{GENERATED_MARK} {version}: {what} of {} in {}.",
        m.qualified_name(),
        program.file(m.file).path
    ))]
}

fn class_source(
    header: &[String],
    package: &str,
    class_name: &str,
    methods: &[String],
    annotations: &Annotations,
    skipped: usize,
) -> String {
    let mut out = header.to_vec();
    out.push(
        "// Each test builds its input heap field by field, sets the static fields, calls the"
            .into(),
    );
    out.push(
        "// method and checks the outcome; the comment above each test gives sattar's verdict."
            .into(),
    );
    if !package.is_empty() {
        out.push(format!("package {package};"));
        out.push(String::new());
    }
    out.push("import static org.junit.jupiter.api.Assertions.*;".into());
    out.push(String::new());
    out.extend(annotations.imports.iter().map(|i| format!("import {i};")));
    out.push(String::new());
    if skipped > 0 {
        out.push(format!(
            "// Not exported: {skipped} generated input(s) the specification calls invalid."
        ));
    }
    out.push(format!("class {class_name} {{"));
    for body in methods {
        out.push(String::new());
        out.push(body.clone());
    }
    out.push("}".into());
    out.join("\n") + "\n"
}

/// One `@Test` method around a body of statements.
fn test_method(t: &ExportedTest, name: &str, body: &[String], a: &Annotations) -> String {
    let mut out = vec![
        format!("    {}", verdict_comment(t)),
        format!("    @{}", a.test),
        format!("    @{}({})", a.display_name, string(&t.name)),
        format!("    void {name}() throws Throwable {{"),
    ];
    out.extend(body.iter().map(|l| match l.is_empty() {
        true => String::new(),
        false => format!("        {l}"),
    }));
    out.push("    }".into());
    out.join("\n")
}

/// `// sattar's verdict: fails: sizeOk`
fn verdict_comment(t: &ExportedTest) -> String {
    let verdict = match t.verdict.as_str() {
        "pass" => "passes",
        "fail" => "fails",
        other => other,
    };
    let mut text = format!("// sattar's verdict: {verdict}");
    if !t.violated.is_empty() {
        text.push_str(&format!(": {}", t.violated.join(", ")));
    }
    comment(&text)
}

/// A Java variable holding an object, and the type it is declared with (`None`: `Object`).
#[derive(Clone, Debug)]
struct Var {
    name: String,
    class: Option<String>,
}

/// A Java expression and its static type (`None`: `Object`, or a primitive or `null`).
struct Expr {
    code: String,
    /// Whether the expression may be assigned to a field or parameter of the value's type.
    typed: bool,
}

/// Writes the statements of one test.
struct TestWriter<'a> {
    program: &'a Program,
    method: &'a Method,
    access: &'a Access<'a>,
    test: &'a ExportedTest,
    /// The support class's name (reflection and the spec checks).
    support: &'a str,
    oracle: Oracle<'a>,
    /// The Java variable holding each object, input objects first.
    vars: BTreeMap<ObjId, Var>,
    names: Names,
    lines: Vec<String>,
}

/// The variable a non-void method's result is stored in.
const RESULT: &str = "result";
/// The variable holding the spec check.
const CHECK: &str = "check";

impl<'a> TestWriter<'a> {
    fn new(
        program: &'a Program,
        method: &'a Method,
        access: &'a Access<'a>,
        test: &'a ExportedTest,
        support: &'a str,
        oracle: Oracle<'a>,
    ) -> TestWriter<'a> {
        // A local named like a class or `java` would hide it in `Outer.Inner` and `java.lang.X`.
        let reserved = program
            .classes
            .iter()
            .flat_map(|c| c.name.split('.'))
            .chain(["java", RESULT, CHECK, support, "out", "made"])
            .map(str::to_string);
        TestWriter {
            program,
            method,
            access,
            test,
            support,
            oracle,
            vars: BTreeMap::new(),
            names: Names::new(reserved),
            lines: Vec::new(),
        }
    }

    fn write(mut self) -> Result<Vec<String>, ExportError> {
        self.build_input()?;
        self.set_statics()?;
        let call = self.call()?;
        self.lines.push(String::new());
        match self.oracle {
            Oracle::Spec(_) => self.check_spec(&call)?,
            Oracle::Observed => self.check_observed(&call)?,
        }
        Ok(self.lines)
    }

    fn bad(&self, why: impl Into<String>) -> ExportError {
        ExportError::BadTest {
            test: self.test.name.clone(),
            why: why.into(),
        }
    }

    /// The variable holding `id` (every object is bound before it is used).
    fn var(&self, id: &ObjId) -> Result<&Var, ExportError> {
        self.vars
            .get(id)
            .ok_or_else(|| self.bad(format!("object {id} is used before it exists")))
    }

    /// The enum constant `id` names (`ds.Order.ASCENDING`): its class and constant.
    fn enum_constant(&self, id: &ObjId) -> Option<(&'a sattar_java::Class, &'a str)> {
        self.program
            .classes
            .iter()
            .filter(|c| c.kind == ClassKind::Enum)
            .find_map(|c| {
                c.enum_constants
                    .iter()
                    .find(|k| c.constant_id(k) == id.as_str())
                    .map(|k| (c, k.as_str()))
            })
    }

    /// `C v = new C();` (or the support class's allocation) for every input object but the enum
    /// constants, then every field.
    fn build_input(&mut self) -> Result<(), ExportError> {
        let heap = &self.test.input.heap;
        // A Random before its seed's AtomicLong: the refusal names what the program holds.
        let randoms_first = heap.objects.iter().filter(|(_, o)| o.class == RANDOM);
        let others = heap.objects.iter().filter(|(_, o)| o.class != RANDOM);
        for (id, obj) in randoms_first.chain(others) {
            if self.enum_constant(id).is_some() {
                continue;
            }
            if is_text(&obj.class) {
                self.declare_string(id, obj, heap)?;
                continue;
            }
            if string_storage(heap, id) {
                continue;
            }
            if sattar_java::library::is_collection(&obj.class) || is_opaque(&obj.class) {
                return Err(self.bad(format!(
                    "object {id} is a {}, which the JUnit export does not build yet (run the test with `sattar run`)",
                    obj.class
                )));
            }
            if self.is_map(&obj.class) {
                continue;
            }
            if let Some(b) = sattar_heap::BoxClass::named(&obj.class) {
                // A box of the input is its own object (not the cache's): `new Integer(5)`.
                let var = self.names.fresh(&lower_first(id.as_str()), "o");
                let v = obj
                    .get(sattar_heap::BOX_VALUE)
                    .cloned()
                    .unwrap_or(Value::Null);
                let literal = match v {
                    Value::Long(l) => format!("{l}L"),
                    Value::Int(i) if b.kind == Some(sattar_heap::IntKind::Int) => i.to_string(),
                    Value::Int(i) => format!("({}) {i}", b.kind.map_or("int", |k| k.name())),
                    other => other.to_string(),
                };
                self.lines
                    .push(format!("{0} {var} = new {0}({literal});", b.class));
                let class = Some(b.class.to_string());
                self.vars.insert(id.clone(), Var { name: var, class });
                continue;
            }
            if let Some(element) = self.array_element(&obj.class) {
                self.declare_array(id, obj, &element, heap)?;
                continue;
            }
            let class = self.access.class(&obj.class).filter(|c| !c.is_exception);
            let class = class.ok_or_else(|| {
                self.bad(format!(
                    "object {id} is of class {}, which the program does not declare",
                    obj.class
                ))
            })?;
            let var = self.names.fresh(&lower_first(id.as_str()), "o");
            let s = self.support;
            let (decl, typed) = if self.access.new_direct(class) {
                (format!("{0} {var} = new {0}();", class.name), true)
            } else if self.access.nameable(&class.name) {
                let alloc = format!("({0}) {s}.alloc({1})", class.name, string(&class.binary));
                (format!("{} {var} = {alloc};", class.name), true)
            } else {
                let alloc = format!("{s}.alloc({})", string(&class.binary));
                (format!("Object {var} = {alloc};"), false)
            };
            self.lines.push(decl);
            let class = typed.then(|| class.name.clone());
            self.vars.insert(id.clone(), Var { name: var, class });
        }
        // Maps once every other object exists: a TreeMap takes its comparator when made.
        for (id, obj) in &heap.objects {
            if self.is_map(&obj.class) {
                self.declare_map(id, obj)?;
            }
        }
        for (id, obj) in &heap.objects {
            if self.enum_constant(id).is_some()
                || sattar_heap::BoxClass::named(&obj.class).is_some()
                || is_text(&obj.class)
                || string_storage(heap, id)
                || self.is_map(&obj.class)
            {
                continue;
            }
            if let Some(element) = self.array_element(&obj.class) {
                if element.is_ref() {
                    self.fill_array(id, obj, &element, heap)?;
                }
                continue;
            }
            for (name, value) in &obj.fields {
                let (decl, field) = self.access.declaring(&obj.class, name).ok_or_else(|| {
                    self.bad(format!(
                        "object {id} has field {name}, which class {} does not declare",
                        obj.class
                    ))
                })?;
                let v = self.value(value, &field.ty, heap, &format!("{id}.{name}"))?;
                let var = self.var(id)?.clone();
                if var.class.is_some() && v.typed && self.access.write_direct(decl, &field) {
                    self.lines
                        .push(format!("{}.{name} = {};", var.name, v.code));
                } else {
                    self.lines.push(format!(
                        "{}.set({}, {}, {}, {});",
                        self.support,
                        var.name,
                        string(&decl.binary),
                        string(name),
                        v.code
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether `class` is a modelled map or a program's subclass of one.
    fn is_map(&self, class: &str) -> bool {
        self.program
            .is_subclass(class, sattar_java::library::ABSTRACT_MAP)
    }

    /// Whether objects of `class` keep their state in the JDK's private fields (a map, a
    /// HashSet or TreeSet): a test reads them through their `size()` only.
    fn is_jdk_state(&self, class: &str) -> bool {
        self.is_map(class) || SETS.contains(&class)
    }

    /// The objects of `post` reached only through a map's or set's private fields (its table,
    /// nodes, keys and values) — not asserted.
    fn inside_jdk_state(&self, post: &Heap) -> std::collections::BTreeSet<ObjId> {
        let refs = |o: &'_ Object| -> Vec<ObjId> {
            o.fields
                .values()
                .filter_map(|v| match v {
                    Value::Ref(r) => Some(r.clone()),
                    _ => None,
                })
                .collect()
        };
        let mut seen = std::collections::BTreeSet::new();
        let mut todo: Vec<ObjId> = post
            .objects
            .values()
            .filter(|o| self.is_jdk_state(&o.class))
            .flat_map(refs)
            .collect();
        while let Some(id) = todo.pop() {
            if self.vars.contains_key(&id) || !seen.insert(id.clone()) {
                continue;
            }
            todo.extend(post.get(&id).map(refs).unwrap_or_default());
        }
        seen
    }

    /// `assertEquals(n, m.size())` for a map or set of `post`: its size, from its own `size`
    /// (a map) or its map's (a set's `map` or `m`).
    fn assert_size(&self, id: &ObjId, post: &Heap) -> Result<String, ExportError> {
        let obj = post
            .get(id)
            .ok_or_else(|| self.bad(format!("no object {id}")))?;
        let map = match obj.fields.get("map").or_else(|| obj.fields.get("m")) {
            Some(Value::Ref(m)) if !self.is_map(&obj.class) => post.get(m),
            _ => Some(obj),
        };
        let Some(Value::Int(n)) = map.and_then(|m| m.get("size")) else {
            return Err(self.bad(format!("the {} {id} has no size", obj.class)));
        };
        let var = self.var(id)?;
        let api = if self.is_map(&obj.class) {
            "java.util.Map<?, ?>"
        } else {
            "java.util.Collection<?>"
        };
        let actual = match &var.class {
            Some(_) => format!("{}.size()", var.name),
            None => format!("(({api}) {}).size()", var.name),
        };
        let msg = string(&format!(
            "{actual} (its entries are the JDK's private state: not asserted)"
        ));
        Ok(format!("assertEquals({n}, {actual}, {msg});"))
    }

    /// `new HashMap<>()`, `new LinkedHashMap<>(16, 0.75f, order)` or `new TreeMap<>(cmp)` for an
    /// input map as its constructor makes it (empty: what generated inputs hold); a map with
    /// entries, or of a program's subclass, is refused (its table or tree is the JDK's private
    /// state, which a test cannot set).
    fn declare_map(&mut self, id: &ObjId, obj: &Object) -> Result<(), ExportError> {
        let param = |f: &str| obj.get(f).cloned().unwrap_or(Value::Null);
        let fresh = obj.fields.iter().all(|(f, v)| {
            sattar_java::library::MAP_PARAMETERS.contains(&f.as_str())
                || matches!(v, Value::Null | Value::Int(0) | Value::Bool(false))
        });
        let args = match (obj.class.as_str(), fresh) {
            ("java.util.HashMap", true) => String::new(),
            ("java.util.LinkedHashMap", true) => {
                format!("16, 0.75f, {}", param("accessOrder") == Value::Bool(true))
            }
            ("java.util.TreeMap", true) => match param("comparator") {
                Value::Ref(c) => self.var(&c)?.name.clone(),
                _ => String::new(),
            },
            _ => {
                return Err(self.bad(format!(
                    "object {id} is a {} with entries or of the program's own subclass, which the JUnit export does not build (its table or tree is the JDK's private state; run the test with `sattar run`)",
                    obj.class
                )))
            }
        };
        let var = self.names.fresh(&lower_first(id.as_str()), "m");
        self.lines
            .push(format!("{0} {var} = new {0}<>({args});", obj.class));
        let class = Some(obj.class.clone());
        self.vars.insert(id.clone(), Var { name: var, class });
        Ok(())
    }

    /// `String s = new String(new char[] {'a', 98});` for an input String: a new object (not the
    /// interned literal), of its `chars` array's chars; `new StringBuilder(new String(…))` for a
    /// StringBuilder.
    fn declare_string(&mut self, id: &ObjId, obj: &Object, heap: &Heap) -> Result<(), ExportError> {
        let chars = match obj.fields.get(sattar_heap::STRING_CHARS) {
            Some(Value::Ref(a)) => heap.get(a).and_then(|a| a.elements()),
            _ => None,
        };
        let chars = chars.ok_or_else(|| self.bad(format!("String {id} has no char[] value")))?;
        let units: Vec<String> = chars
            .iter()
            .map(|c| format!("(char) {}", c.as_integer().unwrap_or(0)))
            .collect();
        let var = self.names.fresh(&lower_first(id.as_str()), "s");
        let text = format!("new String(new char[] {{{}}})", units.join(", "));
        let simple = obj.class.rsplit('.').next().unwrap_or("String");
        let made = match simple {
            "String" => text,
            _ => format!("new {simple}({text})"),
        };
        self.lines.push(format!("{simple} {var} = {made};"));
        let class = Some(obj.class.clone());
        self.vars.insert(id.clone(), Var { name: var, class });
        Ok(())
    }

    /// The element type of an array class of the program (`None` for any other class).
    fn array_element(&self, class: &str) -> Option<Type> {
        self.access.class(class).and_then(|c| c.element.clone())
    }

    /// An input array's elements, checked: `length` and the elements below it are its only
    /// fields.
    fn elements_of(&self, id: &ObjId, obj: &Object) -> Result<Vec<Value>, ExportError> {
        let n = obj.length().ok_or_else(|| {
            self.bad(format!(
                "array {id} ({}) has no non-negative length",
                obj.class
            ))
        })?;
        let stray = obj
            .fields
            .keys()
            .find(|f| *f != sattar_heap::ARRAY_LENGTH && element_index(f).is_none_or(|i| i >= n));
        if let Some(f) = stray {
            return Err(self.bad(format!(
                "array {id} ({}) of length {n} has a field {f}; an array has its elements 0..{n} only",
                obj.class
            )));
        }
        Ok(obj.elements().unwrap_or_default())
    }

    /// `int[] a = new int[] {2, 5};` for an array of primitives, `Node[] a = new Node[3];` for
    /// one of references (filled once every object exists, [`Self::fill_array`]), and the
    /// support class's `newArray` for an array whose element class a test cannot name.
    fn declare_array(
        &mut self,
        id: &ObjId,
        obj: &Object,
        element: &Type,
        heap: &Heap,
    ) -> Result<(), ExportError> {
        let elements = self.elements_of(id, obj)?;
        let n = elements.len();
        let var = self.names.fresh(&lower_first(id.as_str()), "o");
        let class = &obj.class;
        let (decl, typed) = if !self.access.nameable(class) {
            let component = binary_name(self.program, &element.to_string());
            let make = format!("{}.newArray({}, {n})", self.support, string(&component));
            (format!("Object {var} = {make};"), false)
        } else if !element.is_ref() {
            let values = elements
                .iter()
                .enumerate()
                .map(|(i, v)| Ok(self.value(v, element, heap, &format!("{id}[{i}]"))?.code))
                .collect::<Result<Vec<_>, ExportError>>()?;
            (
                format!("{class} {var} = new {class} {{{}}};", values.join(", ")),
                true,
            )
        } else {
            // `new int[3][]`: the length goes to the first pair of brackets.
            let base = class.trim_end_matches("[]");
            let dims = (class.len() - base.len()) / 2;
            let rest = "[]".repeat(dims.saturating_sub(1));
            (format!("{class} {var} = new {base}[{n}]{rest};"), true)
        };
        self.lines.push(decl);
        let class = typed.then(|| class.clone());
        self.vars.insert(id.clone(), Var { name: var, class });
        Ok(())
    }

    /// `a[1] = n0;` (or the support class's `setElement`) for every non-null element of an input
    /// array of references.
    fn fill_array(
        &mut self,
        id: &ObjId,
        obj: &Object,
        element: &Type,
        heap: &Heap,
    ) -> Result<(), ExportError> {
        for (i, v) in self.elements_of(id, obj)?.iter().enumerate() {
            if *v == Value::Null {
                continue;
            }
            let e = self.value(v, element, heap, &format!("{id}[{i}]"))?;
            let var = self.var(id)?;
            let line = match var.class.is_some() && e.typed {
                true => format!("{}[{i}] = {};", var.name, e.code),
                false => format!(
                    "{}.setElement({}, {i}, {});",
                    self.support, var.name, e.code
                ),
            };
            self.lines.push(line);
        }
        Ok(())
    }

    /// `a.length`, or the support class's `length(a)` for an array held as an `Object`.
    fn length_of(&self, var: &Var) -> String {
        match var.class.is_some() {
            true => format!("{}.length", var.name),
            false => format!("{}.length({})", self.support, var.name),
        }
    }

    /// `a[i]`, or the support class's `element(a, i)` cast to the element type.
    fn element_of(&self, var: &Var, i: usize, element: &Type) -> String {
        if var.class.is_some() {
            return format!("{}[{i}]", var.name);
        }
        let get = format!("{}.element({}, {i})", self.support, var.name);
        match element {
            Type::Int => format!("(int) {get}"),
            Type::Boolean => format!("(boolean) {get}"),
            _ => get,
        }
    }

    /// Every static field of the program, to the input's value or its type's default: a test
    /// never sees what an earlier one left there.
    fn set_statics(&mut self) -> Result<(), ExportError> {
        let heap = &self.test.input.heap;
        for c in self
            .program
            .classes
            .iter()
            .filter(|c| !c.statics.is_empty())
        {
            for f in &c.statics {
                let key = format!("{}.{}", c.name, f.name);
                let default =
                    f.ty.field_type()
                        .map_or(Value::Null, |t| Value::default_for(&t));
                let value = heap.statics.get(&key).unwrap_or(&default);
                let v = self.value(value, &f.ty, heap, &key)?;
                if v.typed && self.access.write_direct(c, f) {
                    self.lines.push(format!("{} = {};", key, v.code));
                } else {
                    self.lines.push(format!(
                        "{}.setStatic({}, {}, {});",
                        self.support,
                        string(&c.binary),
                        string(&f.name),
                        v.code
                    ));
                }
            }
        }
        Ok(())
    }

    /// A value as a Java expression for a place of type `ty`, checked against the heap.
    fn value(&self, v: &Value, ty: &Type, heap: &Heap, at: &str) -> Result<Expr, ExportError> {
        let typed = |code: String| Expr { code, typed: true };
        match (v, ty) {
            (Value::Int(i), Type::Int) => Ok(typed(i.to_string())),
            (Value::Long(l), Type::Integer(IntKind::Long)) => Ok(typed(format!("{l}L"))),
            (Value::Int(i), Type::Integer(k)) if *k != IntKind::Long => {
                Ok(typed(format!("({}) {i}", k.name())))
            }
            (Value::Bool(b), Type::Boolean) => Ok(typed(b.to_string())),
            (Value::Null, Type::Class(_)) => Ok(typed("null".into())),
            (Value::Ref(id), Type::Class(_)) => {
                if let Some((c, k)) = self.enum_constant(id) {
                    return Ok(match self.access.nameable(&c.name) {
                        true => typed(format!("{}.{k}", c.name)),
                        false => Expr {
                            code: format!(
                                "{}.constant({}, {})",
                                self.support,
                                string(&c.binary),
                                string(k)
                            ),
                            typed: false,
                        },
                    });
                }
                if heap.get(id).is_none() {
                    return Err(self.bad(format!("{at} refers to {id}, which is not in the heap")));
                }
                let var = self.var(id)?;
                Ok(Expr {
                    code: var.name.clone(),
                    typed: var.class.is_some(),
                })
            }
            _ => Err(self.bad(format!("{at} is {v}, which is not a {ty}"))),
        }
    }

    /// The arguments as Java expressions, and whether all are typed.
    fn args(&self) -> Result<(Vec<String>, bool), ExportError> {
        let input = &self.test.input;
        let mut args = Vec::new();
        let mut all_typed = true;
        for p in &self.method.params {
            let v = input
                .arg(&p.name)
                .ok_or_else(|| self.bad(format!("no value for parameter {}", p.name)))?;
            let e = self.value(v, &p.ty, &input.heap, &format!("argument {}", p.name))?;
            let nameable = match &p.ty {
                Type::Class(c) => self.access.nameable(c),
                _ => true,
            };
            all_typed &= e.typed && nameable;
            // A cast picks the overload a bare `null` could leave ambiguous.
            args.push(match (e.code.as_str(), nameable) {
                ("null", true) => format!("({}) null", p.ty),
                _ => e.code,
            });
        }
        Ok((args, all_typed))
    }

    /// The parameter types as the JVM's descriptor lists them (an inner class's constructor
    /// takes its enclosing instance first).
    fn param_types(&self) -> Vec<String> {
        let m = self.method;
        let mut out = Vec::new();
        if m.is_constructor() {
            let outer = self
                .access
                .class(&m.class)
                .and_then(|c| c.outer.as_ref())
                .and_then(|o| self.access.class(&o.class));
            out.extend(outer.map(|o| o.binary.clone()));
        }
        if m.descriptor.len() == m.params.len() {
            out.extend(m.descriptor.iter().cloned());
        } else {
            out.extend(m.params.iter().map(|p| {
                self.access
                    .class(&p.ty.to_string())
                    .map_or(p.ty.to_string(), |c| c.binary.clone())
            }));
        }
        out
    }

    /// The Java type a value of `ty` is held in (`Object` when the class cannot be named).
    fn java_type(&self, ty: &Type) -> String {
        match ty {
            Type::Class(c) if !self.access.nameable(c) => "Object".into(),
            t => t.to_string(),
        }
    }

    /// The call as a Java expression: `l0.delete(1)`, `C.m(args)`, `new C(args)`, or through
    /// the support class's reflection (the result cast to the return type).
    fn call(&self) -> Result<String, ExportError> {
        let m = self.method;
        let input = &self.test.input;
        let (args, typed_args) = self.args()?;
        let receiver = match (&input.this, m.is_static) {
            (None, true) => None,
            (Some(this), false) => Some(self.receiver(this)?),
            (Some(_), true) => {
                return Err(self.bad(format!(
                    "{} is static but the input has a receiver",
                    m.qualified_name()
                )))
            }
            (None, false) => return Err(self.bad("the input has no receiver")),
        };
        let class = self.access.class(&m.class);
        let binary = class.map_or(m.class.clone(), |c| c.binary.clone());
        let direct = self.access.call_direct(m)
            && typed_args
            && receiver
                .as_ref()
                .is_none_or(|r| r.class.is_some() || m.is_constructor());
        let types: Vec<String> = self.param_types().iter().map(|t| string(t)).collect();
        let types = format!("new String[] {{{}}}", types.join(", "));
        let s = self.support;
        if m.is_constructor() {
            let outer = self.outer_instance()?;
            return Ok(match direct {
                true => format!("new {}({})", m.class, args.join(", ")),
                false => {
                    let all: Vec<String> = outer.into_iter().chain(args).collect();
                    let mut list = vec![string(&binary), types];
                    list.extend(all);
                    let made = format!("{s}.construct({})", list.join(", "));
                    match self.access.nameable(&m.class) {
                        true => format!("(({}) {made})", m.class),
                        false => made,
                    }
                }
            });
        }
        if direct {
            let target = receiver.map_or(m.class.clone(), |r| r.name);
            return Ok(format!("{target}.{}({})", m.name, args.join(", ")));
        }
        let recv = receiver.map_or("null".to_string(), |r| r.name);
        let mut list = vec![recv, string(&binary), string(&m.name), types];
        list.extend(args);
        let call = format!("{s}.invoke({})", list.join(", "));
        Ok(match &m.ret {
            Type::Void => call,
            ty => format!("(({}) {call})", self.java_type(ty)),
        })
    }

    /// The enclosing instance an inner class's constructor takes: the receiver's `this$0`.
    fn outer_instance(&self) -> Result<Option<String>, ExportError> {
        let Some(outer) = self
            .access
            .class(&self.method.class)
            .and_then(|c| c.outer.as_ref())
        else {
            return Ok(None);
        };
        let input = &self.test.input;
        let value = input
            .this
            .as_ref()
            .and_then(|t| input.heap.field(t, &outer.field))
            .cloned()
            .unwrap_or(Value::Null);
        let ty = Type::Class(outer.class.clone());
        Ok(Some(
            self.value(&value, &ty, &input.heap, &outer.field)?.code,
        ))
    }

    /// The variable holding `id`, or the expression naming an enum constant.
    fn object(&self, id: &ObjId) -> Option<Var> {
        if let Some(var) = self.vars.get(id) {
            return Some(var.clone());
        }
        let (c, k) = self.enum_constant(id)?;
        Some(match self.access.nameable(&c.name) {
            true => Var {
                name: format!("{}.{k}", c.name),
                class: Some(c.name.clone()),
            },
            false => Var {
                name: format!(
                    "{}.constant({}, {})",
                    self.support,
                    string(&c.binary),
                    string(k)
                ),
                class: None,
            },
        })
    }

    fn receiver(&self, this: &ObjId) -> Result<Var, ExportError> {
        let class = self
            .test
            .input
            .heap
            .get(this)
            .map(|o| o.class.clone())
            .or_else(|| self.enum_constant(this).map(|(c, _)| c.name.clone()));
        match (class, self.object(this)) {
            (Some(c), Some(var)) if self.program.is_subclass(&c, &self.method.class) => Ok(var),
            _ => Err(self.bad(format!(
                "the receiver {this} is not a {} of the heap",
                self.method.class
            ))),
        }
    }

    /// Every object the test built, as a Java array (what the pre-state holds).
    fn built(&self) -> String {
        let vars: Vec<&str> = self.vars.values().map(|v| v.name.as_str()).collect();
        format!("new Object[] {{{}}}", vars.join(", "))
    }

    /// The arguments again, for the spec check (boxed as `Object`s).
    fn check_args(&self) -> Result<Vec<String>, ExportError> {
        let input = &self.test.input;
        self.method
            .params
            .iter()
            .map(|p| {
                let v = input
                    .arg(&p.name)
                    .ok_or_else(|| self.bad(format!("no value for parameter {}", p.name)))?;
                // A bare null would be taken for the whole varargs array.
                let code = self.value(v, &p.ty, &input.heap, &p.name)?.code;
                Ok(match code.as_str() {
                    "null" => "(Object) null".to_string(),
                    _ => code,
                })
            })
            .collect()
    }

    /// The spec oracle: the pre-state is valid, the call returns (in time), the postconditions
    /// hold.
    fn check_spec(&mut self, call: &str) -> Result<(), ExportError> {
        let s = self.support;
        let receiver = match &self.test.input.this {
            Some(t) => self.receiver(t)?.name,
            None => "null".into(),
        };
        let mut args = vec![receiver, self.built()];
        args.extend(self.check_args()?);
        self.lines.push(format!(
            "{s}.Check {CHECK} = {s}.check({});",
            args.join(", ")
        ));
        self.lines.push(format!(
            "assertEquals(java.util.List.of(), {CHECK}.invalid(), \"the input satisfies the invariants and preconditions\");"
        ));
        let ctor = self.method.is_constructor();
        let record = if ctor { "constructed" } else { "returned" };
        let void = self.method.ret == Type::Void && !ctor;
        match self.test.timeout {
            Some(limit) => {
                let ms = limit.as_millis().max(1);
                self.lines.push(format!(
                    "// sattar stopped this run after {ms} ms: the call must end within that time"
                ));
                self.lines.push("Object[] out = new Object[1];".into());
                let body = match void {
                    true => format!("{call};"),
                    false => format!("out[0] = {call};"),
                };
                self.lines.push(format!(
                    "assertTimeoutPreemptively(java.time.Duration.ofMillis({ms}), () -> {{ {body} }}, \"terminates\");"
                ));
                self.lines.push(format!("{CHECK}.{record}(out[0]);"));
            }
            None if void => {
                self.lines.push(format!("{call};"));
                self.lines.push(format!("{CHECK}.{record}(null);"));
            }
            None => {
                let ty = match ctor {
                    true => self.java_type(&Type::Class(self.method.class.clone())),
                    false => self.java_type(&self.method.ret),
                };
                self.lines.push(format!("{ty} {RESULT} = {call};"));
                self.lines.push(format!("{CHECK}.{record}({RESULT});"));
            }
        }
        self.lines.push(format!(
            "assertEquals(java.util.List.of(), {CHECK}.violated(), \"the postconditions hold\");"
        ));
        Ok(())
    }

    /// The observed oracle: what the run did.
    fn check_observed(&mut self, call: &str) -> Result<(), ExportError> {
        match (&self.test.expected, self.test.timeout) {
            (None, Some(limit)) => {
                let ms = limit.as_millis().max(1);
                self.lines.push(format!(
                    "// the run did not end within {ms} ms: assert that it still does not"
                ));
                self.lines.push(format!(
                    "assertThrows(AssertionError.class, () -> assertTimeoutPreemptively(java.time.Duration.ofMillis({ms}), () -> {{ {call}; }}));"
                ));
                Ok(())
            }
            (None, None) => {
                self.lines.push(
                    "// no observed outcome was recorded: the call is made, nothing asserted"
                        .into(),
                );
                self.lines.push(format!("{call};"));
                Ok(())
            }
            (Some(expected), _) => {
                let expected = expected.clone();
                self.assert_outcome(call, &expected)
            }
        }
    }

    /// The call with its result or exception asserted, then the post-state.
    fn assert_outcome(&mut self, call: &str, e: &ExpectedOutcome) -> Result<(), ExportError> {
        match &e.outcome {
            Outcome::Threw(x) => {
                let class = x.replace('$', ".");
                if !is_qualified_name(&class) {
                    return Err(self.bad(format!("`{x}` is not a Java class name")));
                }
                if self.access.class(&class).is_none() || self.access.nameable(&class) {
                    self.lines
                        .push(format!("assertThrows({class}.class, () -> {call});"));
                } else {
                    let binary = self
                        .access
                        .class(&class)
                        .map_or(x.clone(), |c| c.binary.clone());
                    self.lines.push(format!(
                        "assertEquals({}, assertThrows(Throwable.class, () -> {call}).getClass().getName());",
                        string(&binary)
                    ));
                }
            }
            Outcome::Returned(v) if self.method.is_constructor() => {
                if v.is_some() {
                    return Err(self.bad("a constructor returned a value"));
                }
                let this = self
                    .test
                    .input
                    .this
                    .clone()
                    .ok_or_else(|| self.bad("the input has no receiver"))?;
                let ty = self.java_type(&Type::Class(self.method.class.clone()));
                self.lines.push(format!("{ty} made = {call};"));
                // The object made stands for the input's receiver in the post-state.
                let class = (ty != "Object").then(|| self.method.class.clone());
                self.vars.insert(
                    this,
                    Var {
                        name: "made".into(),
                        class,
                    },
                );
            }
            Outcome::Returned(v) => self.assert_result(call, v.as_ref(), &e.post)?,
        }
        self.assert_post(&e.post)
    }

    fn assert_result(
        &mut self,
        call: &str,
        v: Option<&Value>,
        post: &Heap,
    ) -> Result<(), ExportError> {
        let ret = self.method.ret.clone();
        let v = match (v, &ret) {
            (None, Type::Void) => {
                self.lines.push(format!("{call};"));
                return Ok(());
            }
            (Some(v), t) if *t != Type::Void => v,
            _ => return Err(self.bad(format!("the outcome does not fit the return type {ret}"))),
        };
        let ty = self.java_type(&ret);
        self.lines.push(format!("{ty} {RESULT} = {call};"));
        if let Value::Ref(id) = v {
            if !self.vars.contains_key(id) && self.enum_constant(id).is_none() {
                // A new object: the result is how the test reaches it.
                let class = (ty != "Object").then(|| ty.clone());
                self.vars.insert(
                    id.clone(),
                    Var {
                        name: RESULT.into(),
                        class,
                    },
                );
                self.lines
                    .push(format!("assertNotNull({RESULT}, \"{RESULT}\");"));
                return Ok(());
            }
        }
        let line = self.assertion(v, &ret, RESULT, post)?;
        self.lines.push(line);
        Ok(())
    }

    /// Binds every new object to a variable, then asserts every field of every object.
    fn assert_post(&mut self, post: &Heap) -> Result<(), ExportError> {
        let order = self.bind_new_objects(post)?;
        for id in order {
            let Some(obj) = post.get(&id) else { continue };
            if is_opaque(&obj.class) {
                continue; // a Random's seed is java.base's private state
            }
            if self.is_jdk_state(&obj.class) {
                let line = self.assert_size(&id, post)?;
                self.lines.push(line);
                continue;
            }
            if let Some(element) = self.array_element(&obj.class) {
                let var = self.var(&id)?.clone();
                let n = obj.length().unwrap_or(0);
                let length = i32::try_from(n).unwrap_or(i32::MAX);
                let line =
                    self.assertion(&Value::Int(length), &Type::Int, &self.length_of(&var), post)?;
                self.lines.push(line);
                for (i, v) in obj.elements().unwrap_or_default().iter().enumerate() {
                    let actual = self.element_of(&var, i, &element);
                    let line = self.assertion(v, &element, &actual, post)?;
                    self.lines.push(line);
                }
                continue;
            }
            for (name, value) in &obj.fields {
                // A String's chars are read as a copy each time: their contents are asserted
                // (the array bound to them), not their identity.
                if is_text(&obj.class) && name == sattar_heap::STRING_CHARS {
                    continue;
                }
                let (decl, field) = self.field(&obj.class, name, &id)?;
                let actual = self.read(&id, decl, &field)?;
                let line = self.assertion(value, &field.ty, &actual, post)?;
                self.lines.push(line);
            }
        }
        Ok(())
    }

    /// The class declaring `class.name` and the field, or why the test does not fit.
    fn field(
        &self,
        class: &str,
        name: &str,
        id: &ObjId,
    ) -> Result<(&'a sattar_java::Class, sattar_java::Field), ExportError> {
        self.access.declaring(class, name).ok_or_else(|| {
            self.bad(format!(
                "object {id} has field {name}, which class {class} does not declare"
            ))
        })
    }

    /// `v.f`, or the support class's read cast to the field's type.
    fn read(
        &self,
        id: &ObjId,
        decl: &sattar_java::Class,
        f: &sattar_java::Field,
    ) -> Result<String, ExportError> {
        let var = self.var(id)?;
        if var.class.is_some() && self.access.read_direct(decl, f) {
            return Ok(format!("{}.{}", var.name, f.name));
        }
        let get = format!(
            "{}.get({}, {}, {})",
            self.support,
            var.name,
            string(&decl.binary),
            string(&f.name)
        );
        Ok(match &f.ty {
            Type::Int => format!("(int) {get}"),
            Type::Boolean => format!("(boolean) {get}"),
            _ => get,
        })
    }

    /// `T new0 = n0.left;` for each object of the post-state that is not an input object, reached
    /// breadth-first from the input objects (in id order) and the result. Returns every bound
    /// object of the post-state in that order.
    fn bind_new_objects(&mut self, post: &Heap) -> Result<Vec<ObjId>, ExportError> {
        let mut queue: VecDeque<ObjId> = post
            .objects
            .keys()
            .filter(|id| self.vars.contains_key(*id))
            .cloned()
            .collect();
        let mut order = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        while let Some(id) = queue.pop_front() {
            if !seen.insert(id.clone()) {
                continue;
            }
            let Some(obj) = post.get(&id) else { continue };
            order.push(id.clone());
            if self.is_jdk_state(&obj.class) || is_opaque(&obj.class) {
                continue; // its table, tree or seed is the JDK's private state
            }
            for (name, value) in &obj.fields {
                let Value::Ref(target) = value else { continue };
                if self.vars.contains_key(target)
                    || post.get(target).is_none()
                    || self.enum_constant(target).is_some()
                {
                    continue;
                }
                self.bind(&id, name, target, post)?;
                queue.push_back(target.clone());
            }
        }
        let inside = self.inside_jdk_state(post);
        let unbound = post.objects.keys().find(|id| {
            !self.vars.contains_key(*id)
                && self.enum_constant(id).is_none()
                && !inside.contains(*id)
        });
        match unbound {
            Some(id) => Err(self.bad(format!(
                "post-state object {id} is reachable from neither the input nor the result"
            ))),
            None => Ok(order),
        }
    }

    fn bind(
        &mut self,
        from: &ObjId,
        field: &str,
        target: &ObjId,
        post: &Heap,
    ) -> Result<(), ExportError> {
        let from_class = post.get(from).map(|o| o.class.clone()).unwrap_or_default();
        let (path, static_type) = match self.array_element(&from_class) {
            Some(element) => {
                let i = element_index(field).ok_or_else(|| {
                    self.bad(format!("array {from} ({from_class}) has a field {field}"))
                })?;
                (self.element_of(self.var(from)?, i, &element), element)
            }
            None => {
                let (decl, f) = self.field(&from_class, field, from)?;
                (self.read(from, decl, &f)?, f.ty)
            }
        };
        let var = self.names.fresh(&lower_first(target.as_str()), "o");
        let target_class = post
            .get(target)
            .map(|o| o.class.clone())
            .unwrap_or_default();
        let class = self.access.nameable(&target_class).then_some(target_class);
        // A read through reflection is an `Object`; an element of an `Object[]` too.
        let reflective = path.starts_with(self.support)
            || class
                .as_ref()
                .is_some_and(|c| static_type != Type::Class(c.clone()));
        match &class {
            Some(c) if reflective => self.lines.push(format!("{c} {var} = ({c}) {path};")),
            Some(c) => self.lines.push(format!("{c} {var} = {path};")),
            None => self.lines.push(format!("Object {var} = {path};")),
        }
        self.lines
            .push(format!("assertNotNull({var}, {});", string(&path)));
        self.vars.insert(target.clone(), Var { name: var, class });
        Ok(())
    }

    /// One assertion that `actual` (a Java expression of type `ty`) holds `expected`.
    fn assertion(
        &self,
        expected: &Value,
        ty: &Type,
        actual: &str,
        heap: &Heap,
    ) -> Result<String, ExportError> {
        let msg = string(actual);
        let at = format!("the observed {actual}");
        let v = self.value(expected, ty, heap, &at)?;
        Ok(match expected {
            Value::Int(_) | Value::Long(_) => {
                format!("assertEquals({}, {actual}, {msg});", v.code)
            }
            Value::Bool(true) => format!("assertTrue({actual}, {msg});"),
            Value::Bool(false) => format!("assertFalse({actual}, {msg});"),
            Value::Null => format!("assertNull({actual}, {msg});"),
            Value::Ref(_) => format!("assertSame({}, {actual}, {msg});", v.code),
        })
    }
}

/// The modelled sets, whose elements are the keys of a map of the JDK's (`map`, `m`).
const SETS: &[&str] = &[
    "java.util.HashSet",
    "java.util.LinkedHashSet",
    "java.util.TreeSet",
];

/// Whether `class` is String or StringBuilder, whose chars are a `char[]` of their own.
fn is_text(class: &str) -> bool {
    class == sattar_heap::STRING || class == sattar_java::library::STRING_BUILDER
}

/// Whether object `id` is the `char[]` of a String (or StringBuilder) of `heap` (built with it).
fn string_storage(heap: &Heap, id: &ObjId) -> bool {
    heap.objects.values().any(|o| {
        is_text(&o.class)
            && o.fields.get(sattar_heap::STRING_CHARS) == Some(&Value::Ref(id.clone()))
    })
}
