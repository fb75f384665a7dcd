//! The generated tests as one JUnit 5 class: `<Class>SattarTest.java`, in the default package.
//!
//! Subjects live in the default package with package-private fields, so each test builds its input
//! heap directly (`LinkedList l0 = new LinkedList(); l0.header = n0; …`), calls the method, and
//! asserts what sattar *observed* on that run — the returned value, every field of the post-state,
//! or the exception with `assertThrows`. That makes the class a regression oracle: it passes on the
//! code the tests ran on and fails where a change alters that behaviour, whatever the
//! specification says. Code that could not compile is refused with an [`ExportError`] instead: a
//! class without a parameterless constructor, a private class, field or method, a final field.

mod access;
mod java;

use access::Access;
use java::{ascii_only, comment, is_qualified_name, lower_first, string, Names};
use sattar_heap::{Heap, ObjId, TestInput, Value};
use sattar_java::{Execution, IntKind, Method, MethodId, Program, Termination, Type};
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
    /// What the run did; `None` writes a test that only makes the call.
    pub expected: Option<ExpectedOutcome>,
    /// The run did not end within this time (the step or time limit stopped it): the test
    /// asserts that the call still does not, running it in its own thread and abandoning it
    /// there, so the exported suite cannot hang.
    pub timeout: Option<std::time::Duration>,
}

/// A generated Java source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JavaTestFile {
    /// The test class's name (`LinkedListSattarTest`).
    pub class_name: String,
    /// The file to write it to (`LinkedListSattarTest.java`).
    pub file_name: String,
    /// The source text, ASCII only.
    pub source: String,
}

/// Why tests could not be exported as compilable Java.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// The method id is not one of the program's.
    #[error("method #{0} is not in the program")]
    UnknownMethod(u32),
    /// Constructors are not exported (a test would have nothing to call them on).
    #[error("{0} is a constructor; export the tests of a method instead")]
    Constructor(String),
    /// A test would have to create a class that only has constructors with parameters.
    #[error("class {class} has no constructor without parameters, so a test cannot create it with `new {class}()`; add one (it may be package-private) to export tests")]
    NoNoArgConstructor {
        /// The class.
        class: String,
    },
    /// A class, field or method the tests need is invisible from the default package.
    #[error("{what} cannot be used by a test class in the default package: {why}")]
    NotAccessible {
        /// What (`field LinkedList.size`).
        what: String,
        /// Why (`it is private`).
        why: String,
    },
    /// A test would have to assign a final field.
    #[error("field {class}.{field} is final, so a test cannot build an input that sets it")]
    FinalField {
        /// The class.
        class: String,
        /// The field.
        field: String,
    },
    /// A test's input or outcome does not fit the program.
    #[error("test `{test}`: {why}")]
    BadTest {
        /// The test's name.
        test: String,
        /// What does not fit.
        why: String,
    },
}

/// The tests of `method` as one JUnit 5 class, `<Class>SattarTest`, named after the outermost
/// class declaring the method.
pub fn junit_test_class(
    program: &Program,
    method: MethodId,
    tests: &[ExportedTest],
) -> Result<JavaTestFile, ExportError> {
    let m = program
        .methods
        .get(method.0 as usize)
        .ok_or(ExportError::UnknownMethod(method.0))?;
    if m.is_constructor() {
        return Err(ExportError::Constructor(m.class.clone()));
    }
    let access = Access::new(program);
    access.check_method(m)?;
    let top_level: Vec<String> = program
        .classes
        .iter()
        .filter(|c| !c.name.contains('.'))
        .map(|c| c.name.clone())
        .collect();
    let outer = m.class.split('.').next().unwrap_or(&m.class);
    let class_name = Names::new(top_level.clone()).fresh(&format!("{outer}SattarTest"), "T");
    let annotations = Annotations::avoiding(&top_level);
    let mut method_names = Names::new([class_name.clone()]);
    let mut methods = Vec::new();
    for t in tests {
        let name = method_names.fresh(&t.name, "test");
        let body = TestWriter::new(program, m, &access, t).write()?;
        methods.push(test_method(t, &name, &body, &annotations));
    }
    let source = class_source(program, m, &class_name, &methods, &annotations);
    Ok(JavaTestFile {
        file_name: format!("{class_name}.java"),
        class_name,
        source: ascii_only(&source),
    })
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

fn class_source(
    program: &Program,
    m: &Method,
    class_name: &str,
    methods: &[String],
    annotations: &Annotations,
) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let mut out = vec![
        comment(&format!(
            "// Generated by sattar {version}: tests of {} in {}.",
            m.qualified_name(),
            program.file(m.file).path
        )),
        "// Each test builds its input heap field by field, calls the method, and asserts what"
            .into(),
        "// sattar observed on that run: a regression oracle, not the specification. The comment"
            .into(),
        "// above each test gives sattar's verdict under the specification.".into(),
        "import static org.junit.jupiter.api.Assertions.*;".into(),
        String::new(),
    ];
    out.extend(annotations.imports.iter().map(|i| format!("import {i};")));
    out.push(String::new());
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
        format!("    void {name}() {{"),
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

/// Writes the statements of one test.
struct TestWriter<'a> {
    method: &'a Method,
    access: &'a Access<'a>,
    test: &'a ExportedTest,
    /// The Java variable holding each object, input objects first.
    vars: BTreeMap<ObjId, String>,
    names: Names,
    lines: Vec<String>,
}

/// The variable a non-void method's result is stored in.
const RESULT: &str = "result";

impl<'a> TestWriter<'a> {
    fn new(
        program: &'a Program,
        method: &'a Method,
        access: &'a Access<'a>,
        test: &'a ExportedTest,
    ) -> TestWriter<'a> {
        // A local named like a class or `java` would hide it in `Outer.Inner` and `java.lang.X`.
        let reserved = program
            .classes
            .iter()
            .flat_map(|c| c.name.split('.'))
            .chain(["java", RESULT])
            .map(str::to_string);
        TestWriter {
            method,
            access,
            test,
            vars: BTreeMap::new(),
            names: Names::new(reserved),
            lines: Vec::new(),
        }
    }

    fn write(mut self) -> Result<Vec<String>, ExportError> {
        self.build_input()?;
        let call = self.call()?;
        self.lines.push(String::new());
        match (&self.test.expected, self.test.timeout) {
            (None, Some(limit)) => {
                let ms = limit.as_millis().max(1);
                self.lines.push(format!(
                    "// the run did not end within {ms} ms: assert that it still does not"
                ));
                self.lines.push(format!(
                    "assertThrows(AssertionError.class, () -> assertTimeoutPreemptively(java.time.Duration.ofMillis({ms}), () -> {{ {call}; }}));"
                ));
            }
            (None, None) => {
                self.lines.push(
                    "// no observed outcome was recorded: the call is made, nothing asserted"
                        .into(),
                );
                self.lines.push(format!("{call};"));
            }
            (Some(expected), _) => self.assert_outcome(&call, expected)?,
        }
        Ok(self.lines)
    }

    /// The variable holding `id` (every object is bound before it is used).
    fn var(&self, id: &ObjId) -> Result<String, ExportError> {
        self.vars
            .get(id)
            .cloned()
            .ok_or_else(|| self.bad(format!("object {id} is used before it exists")))
    }

    fn bad(&self, why: impl Into<String>) -> ExportError {
        ExportError::BadTest {
            test: self.test.name.clone(),
            why: why.into(),
        }
    }

    /// `C v = new C();` for every input object, then `v.f = value;` for every field.
    fn build_input(&mut self) -> Result<(), ExportError> {
        let heap = &self.test.input.heap;
        for (id, obj) in &heap.objects {
            let class = self.access.class(&obj.class).filter(|c| !c.is_exception);
            let class = class.ok_or_else(|| {
                self.bad(format!(
                    "object {id} is of class {}, which the program does not declare",
                    obj.class
                ))
            })?;
            self.access.check_constructible(class)?;
            let var = self.names.fresh(&lower_first(id.as_str()), "o");
            self.lines
                .push(format!("{0} {var} = new {0}();", class.name));
            self.vars.insert(id.clone(), var);
        }
        for (id, obj) in &heap.objects {
            for (name, value) in &obj.fields {
                let field = self.field(&obj.class, name, id)?;
                self.access.check_write(field.0, field.1)?;
                let v = self.value(value, &field.1.ty, heap, &format!("{id}.{name}"))?;
                let var = self.var(id)?;
                self.lines.push(format!("{var}.{name} = {v};"));
            }
        }
        Ok(())
    }

    /// The class and field `class.name`, or why the test does not fit.
    fn field(
        &self,
        class: &str,
        name: &str,
        id: &ObjId,
    ) -> Result<(&'a sattar_java::Class, &'a sattar_java::Field), ExportError> {
        let c = self.access.class(class);
        c.and_then(|c| c.field(name).map(|f| (c, f)))
            .ok_or_else(|| {
                self.bad(format!(
                    "object {id} has field {name}, which class {class} does not declare"
                ))
            })
    }

    /// A value as a Java expression of type `ty`, checked against the heap it lives in.
    fn value(&self, v: &Value, ty: &Type, heap: &Heap, at: &str) -> Result<String, ExportError> {
        match (v, ty) {
            (Value::Int(i), Type::Int) => Ok(i.to_string()),
            (Value::Long(l), Type::Integer(IntKind::Long)) => Ok(format!("{l}L")),
            (Value::Int(i), Type::Integer(k)) if *k != IntKind::Long => {
                Ok(format!("({}) {i}", k.name()))
            }
            (Value::Bool(b), Type::Boolean) => Ok(b.to_string()),
            (Value::Null, Type::Class(_)) => Ok("null".into()),
            (Value::Ref(id), Type::Class(c)) => {
                let class = heap.get(id).map(|o| o.class.as_str());
                match (class, self.vars.get(id)) {
                    (Some(k), Some(var)) if k == c => Ok(var.clone()),
                    (Some(k), _) => Err(self.bad(format!(
                        "{at} refers to {id}, a {k}, where a {c} is expected"
                    ))),
                    (None, _) => {
                        Err(self.bad(format!("{at} refers to {id}, which is not in the heap")))
                    }
                }
            }
            _ => Err(self.bad(format!("{at} is {v}, which is not a {ty}"))),
        }
    }

    /// `l0.delete(1)` or `C.m(args)`.
    fn call(&self) -> Result<String, ExportError> {
        let m = self.method;
        let input = &self.test.input;
        let mut args = Vec::new();
        for p in &m.params {
            let v = input
                .arg(&p.name)
                .ok_or_else(|| self.bad(format!("no value for parameter {}", p.name)))?;
            let expr = self.value(v, &p.ty, &input.heap, &format!("argument {}", p.name))?;
            // A cast picks the overload a bare `null` could leave ambiguous.
            args.push(if expr == "null" {
                format!("({}) null", p.ty)
            } else {
                expr
            });
        }
        let target = match (&input.this, m.is_static) {
            (None, true) => m.class.clone(),
            (Some(this), false) => self.receiver(this)?,
            (Some(_), true) => {
                return Err(self.bad(format!(
                    "{} is static but the input has a receiver",
                    m.qualified_name()
                )))
            }
            (None, false) => return Err(self.bad("the input has no receiver")),
        };
        Ok(format!("{target}.{}({})", m.name, args.join(", ")))
    }

    fn receiver(&self, this: &ObjId) -> Result<String, ExportError> {
        let class = self.test.input.heap.get(this).map(|o| o.class.as_str());
        match (class, self.vars.get(this)) {
            (Some(c), Some(var)) if c == self.method.class => Ok(var.clone()),
            _ => Err(self.bad(format!(
                "the receiver {this} is not a {} of the heap",
                self.method.class
            ))),
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
                self.access.check_class(&class)?;
                self.lines
                    .push(format!("assertThrows({class}.class, () -> {call});"));
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
        self.lines.push(format!("{ret} {RESULT} = {call};"));
        if let Value::Ref(id) = v {
            if !self.vars.contains_key(id) {
                // A new object: the result is how the test reaches it.
                self.vars.insert(id.clone(), RESULT.into());
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
            for (name, value) in &obj.fields {
                let (class, field) = self.field(&obj.class, name, &id)?;
                self.access.check_read(class, field)?;
                let actual = format!("{}.{name}", self.var(&id)?);
                let line = self.assertion(value, &field.ty, &actual, post)?;
                self.lines.push(line);
            }
        }
        Ok(())
    }

    /// `T new0 = n0.left;` for each object of the post-state that is not an input object, reached
    /// breadth-first from the input objects (in id order) and the result. Returns every bound
    /// object of the post-state in that order.
    fn bind_new_objects(&mut self, post: &Heap) -> Result<Vec<ObjId>, ExportError> {
        let mut queue: VecDeque<ObjId> = post
            .objects
            .keys()
            .filter(|id| self.test.input.heap.get(id).is_some())
            .cloned()
            .collect();
        queue.extend(
            self.vars
                .iter()
                .filter(|(_, v)| *v == RESULT)
                .map(|(k, _)| k.clone()),
        );
        let mut order = Vec::new();
        while let Some(id) = queue.pop_front() {
            let Some(obj) = post.get(&id) else { continue };
            order.push(id.clone());
            for (name, value) in &obj.fields {
                let Value::Ref(target) = value else { continue };
                if self.vars.contains_key(target) || post.get(target).is_none() {
                    continue;
                }
                self.bind(&id, name, target, post)?;
                queue.push_back(target.clone());
            }
        }
        let unbound = post.objects.keys().find(|id| !self.vars.contains_key(id));
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
        let (class, f) = self.field(&from_class, field, from)?;
        self.access.check_read(class, f)?;
        let var = self.names.fresh(&lower_first(target.as_str()), "o");
        let path = format!("{}.{field}", self.var(from)?);
        self.lines.push(format!("{} {var} = {path};", f.ty));
        self.lines
            .push(format!("assertNotNull({var}, {});", string(&path)));
        self.vars.insert(target.clone(), var);
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
            Value::Int(_) | Value::Long(_) => format!("assertEquals({v}, {actual}, {msg});"),
            Value::Bool(true) => format!("assertTrue({actual}, {msg});"),
            Value::Bool(false) => format!("assertFalse({actual}, {msg});"),
            Value::Null => format!("assertNull({actual}, {msg});"),
            Value::Ref(_) => format!("assertSame({v}, {actual}, {msg});"),
        })
    }
}
