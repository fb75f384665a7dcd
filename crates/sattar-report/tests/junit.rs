//! The JUnit export compiled with `javac` together with the bundled subjects and run on the JVM:
//! against the stub JUnit API of tests/fixtures with a reflective driver always, and against the
//! real JUnit 5 jars with the console launcher when Debian's `junit5` package is installed.
//! Expected outcomes come from the reference interpreter on the correct subject, so every test
//! must pass on it — and the linked-list tests must fail on the catalog's `sll.sizeErr` fault.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs::{bst, list};
use sattar_catalog::Catalog;
use sattar_heap::{Heap, ObjId, Object, TestInput, Value};
use sattar_java::{parse_program, run, Limits, MethodId, Program};
use sattar_report::{
    junit_suite, ExpectedOutcome, ExportError, ExportedTest, JavaTestFile, Oracle,
};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn parse(file: &str, text: &str) -> Program {
    parse_program(file, text).unwrap_or_else(|e| panic!("{file} parses: {}", e[0]))
}

fn bundled(rel: &str) -> (Program, String) {
    let text = read(&root().join(rel));
    (parse(rel, &text), text)
}

fn method(p: &Program, name: &str) -> MethodId {
    p.find_methods(name)[0].id
}

/// The observed-oracle suite of `tests`: the test class, then its support class.
fn junit_test_class(
    p: &Program,
    m: MethodId,
    tests: &[ExportedTest],
) -> Result<Suite, ExportError> {
    junit_suite(p, m, tests, Oracle::Observed).map(|files| Suite { files })
}

/// An exported suite: `files[0]` is the test class.
#[derive(Debug, PartialEq)]
struct Suite {
    files: Vec<JavaTestFile>,
}

impl std::ops::Deref for Suite {
    type Target = JavaTestFile;
    fn deref(&self) -> &JavaTestFile {
        &self.files[0]
    }
}

/// A test whose expected outcome is what the reference interpreter does on `p`.
fn observed(p: &Program, m: MethodId, name: &str, input: TestInput) -> ExportedTest {
    let exec = run(p, m, &input, Limits::default()).expect("the input fits the method");
    ExportedTest {
        name: name.into(),
        verdict: "pass".into(),
        violated: vec![],
        expected: ExpectedOutcome::from_execution(&exec),
        input,
        timeout: None,
    }
}

// ---------------------------------------------------------------- the JDK and running Java

struct Jdk {
    javac: PathBuf,
    java: PathBuf,
}

fn on_path(exe: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(exe))
        .find(|p| p.is_file())
}

/// The JDK as sattar-jvm finds it (`JAVA_HOME`, else the `PATH`). Without one the test is skipped
/// with a notice, except on CI (`CI=true`), where that is a failure.
fn jdk() -> Option<&'static Jdk> {
    static JDK: OnceLock<Option<Jdk>> = OnceLock::new();
    let found = JDK.get_or_init(|| {
        let jdk = match std::env::var_os("JAVA_HOME").filter(|h| !h.is_empty()) {
            Some(home) => Jdk {
                javac: Path::new(&home).join("bin/javac"),
                java: Path::new(&home).join("bin/java"),
            },
            None => Jdk {
                javac: on_path("javac")?,
                java: on_path("java")?,
            },
        };
        (jdk.javac.is_file() && jdk.java.is_file()).then_some(jdk)
    });
    if found.is_none() {
        let msg = "no JDK (JAVA_HOME or javac on the PATH); install one with `apt-get install -y openjdk-17-jdk-headless`";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{msg}");
        eprintln!("skipped: {msg}");
    }
    found.as_ref()
}

fn work_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("sattar-report-junit")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the work dir can be made");
    dir
}

fn java_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("readable dir").flatten() {
        let p = entry.path();
        if p.is_dir() {
            out.extend(java_files(&p));
        } else if p.extension().is_some_and(|e| e == "java") {
            out.push(p);
        }
    }
    out
}

/// Runs `javac -d out -cp cp sources`, panicking with javac's messages if it fails.
fn javac(jdk: &Jdk, out: &Path, cp: &[PathBuf], sources: &[PathBuf]) {
    let cp = std::env::join_paths(cp).expect("a class path");
    let result = Command::new(&jdk.javac)
        .arg("-nowarn")
        .arg("-d")
        .arg(out)
        .arg("-cp")
        .arg(cp)
        .args(sources)
        .output()
        .expect("javac starts");
    assert!(
        result.status.success(),
        "javac failed:\n{}{}",
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
}

/// The stub JUnit API and the driver, compiled once per test binary.
fn support(jdk: &Jdk) -> &'static PathBuf {
    static SUPPORT: OnceLock<PathBuf> = OnceLock::new();
    SUPPORT.get_or_init(|| {
        let out = work_dir("support").join("classes");
        let mut sources = java_files(&fixtures().join("junit-stubs"));
        sources.push(fixtures().join("SattarDriver.java"));
        javac(jdk, &out, &[], &sources);
        out
    })
}

/// Writes the subject and the generated test under `name`, compiles them against the stubs, runs
/// the driver, and returns (exit code, stdout).
fn compile_and_run(name: &str, subject: (&str, &str), test: &Suite) -> Option<(i32, String)> {
    let jdk = jdk()?;
    let support = support(jdk);
    let dir = work_dir(name);
    let (src, classes) = (dir.join("src"), dir.join("classes"));
    std::fs::create_dir_all(&src).expect("src dir");
    std::fs::write(src.join(subject.0), subject.1).expect("subject written");
    for f in &test.files {
        std::fs::write(src.join(&f.file_name), &f.source).expect("test written");
    }
    javac(
        jdk,
        &classes,
        std::slice::from_ref(support),
        &java_files(&src),
    );
    let cp = std::env::join_paths([classes, support.clone()]).expect("a class path");
    let out = Command::new(&jdk.java)
        .arg("-cp")
        .arg(cp)
        .arg("SattarDriver")
        .arg(&test.class_name)
        .output()
        .expect("java starts");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    Some((out.status.code().unwrap_or(-1), stdout))
}

fn assert_all_pass(result: Option<(i32, String)>, count: usize) {
    let Some((code, stdout)) = result else { return };
    assert_eq!(
        code, 0,
        "the generated tests pass on the correct subject:\n{stdout}"
    );
    assert!(
        stdout.contains(&format!("ran {count} tests, 0 failing")),
        "{stdout}"
    );
}

// ---------------------------------------------------------------- the bundled linked list

fn list_tests(p: &Program) -> Vec<ExportedTest> {
    let m = method(p, "delete");
    vec![
        observed(p, m, "delete 1 of [0,1,2]", list(&[0, 1, 2], None, 1, None)),
        observed(p, m, "delete 0 of [0,1]", list(&[0, 1], None, 0, None)),
        observed(p, m, "delete 0 of []", list(&[], None, 0, None)),
        observed(p, m, "delete 7 of [5]", list(&[5], None, 7, None)),
        observed(
            p,
            m,
            "delete 2 of [0,1,2] sized 7",
            list(&[0, 1, 2], Some(7), 2, None),
        ),
    ]
}

#[test]
fn linked_list_tests_compile_and_pass_on_the_correct_subject() {
    let (p, text) = bundled("java-subjects/linkedlist/LinkedList.java");
    let file = junit_test_class(&p, method(&p, "delete"), &list_tests(&p)).expect("exportable");
    assert_eq!(file.class_name, "LinkedListSattarTest");
    assert_eq!(file.file_name, "LinkedListSattarTest.java");
    assert!(file
        .source
        .contains("@DisplayName(\"delete 1 of [0,1,2]\")"));
    assert!(file
        .source
        .contains("void delete_2_of_0_1_2_sized_7() throws Throwable {"));
    assert_all_pass(
        compile_and_run("list", ("LinkedList.java", &text), &file),
        5,
    );
}

#[test]
fn linked_list_tests_fail_on_the_size_fault() {
    let (p, _) = bundled("java-subjects/linkedlist/LinkedList.java");
    let file = junit_test_class(&p, method(&p, "delete"), &list_tests(&p)).expect("exportable");
    let catalog = Catalog::load(&root()).expect("the bundled catalog loads");
    let fault = catalog.fault("sll.sizeErr").expect("the fault exists");
    let faulty = catalog.faulty_source(fault).expect("the fault applies");
    let Some((code, stdout)) = compile_and_run("list-faulty", ("LinkedList.java", &faulty), &file)
    else {
        return;
    };
    assert_eq!(code, 1, "{stdout}");
    // The three deletions that find their key see the wrong size; the other two do not.
    assert!(stdout.contains("ran 5 tests, 3 failing"), "{stdout}");
    assert!(
        stdout.contains("l0.size ==> expected: <2> but was: <0>"),
        "{stdout}"
    );
}

#[test]
fn one_linked_list_test_is_written_exactly() {
    let (p, _) = bundled("java-subjects/linkedlist/LinkedList.java");
    let m = method(&p, "delete");
    let mut t = observed(&p, m, "delete 0 of [0,1]", list(&[0, 1], None, 0, None));
    t.verdict = "fail".into();
    t.violated = vec!["sizeOk".into()];
    let file = junit_test_class(&p, m, &[t]).expect("exportable");
    let want = r#"// Generated by sattar {version}: regression tests of what sattar observed of LinkedList.delete in java-subjects/linkedlist/LinkedList.java.
// Each test builds its input heap field by field, sets the static fields, calls the
// method and checks the outcome; the comment above each test gives sattar's verdict.
import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LinkedListSattarTest {

    // sattar's verdict: fails: sizeOk
    @Test
    @DisplayName("delete 0 of [0,1]")
    void delete_0_of_0_1() throws Throwable {
        LinkedList l0 = new LinkedList();
        LinkedList.Node n0 = new LinkedList.Node();
        LinkedList.Node n1 = new LinkedList.Node();
        l0.header = n0;
        l0.size = 2;
        n0.key = 0;
        n0.next = n1;
        n1.key = 1;
        n1.next = null;

        boolean result = l0.delete(0);
        assertTrue(result, "result");
        assertSame(n1, l0.header, "l0.header");
        assertEquals(1, l0.size, "l0.size");
        assertEquals(0, n0.key, "n0.key");
        assertSame(n1, n0.next, "n0.next");
        assertEquals(1, n1.key, "n1.key");
        assertNull(n1.next, "n1.next");
    }
}
"#;
    assert_eq!(
        file.source,
        want.replace("{version}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn a_subject_class_named_test_gets_qualified_annotations() {
    let text = "class Test { int x; int get() { return x; } }\n";
    let p = parse("Test.java", text);
    let m = method(&p, "get");
    let mut input = one("Test", &[("x", Value::Int(4))]);
    input.this = Some(ObjId::new("C0"));
    let file = junit_test_class(&p, m, &[observed(&p, m, "get", input)]).expect("exportable");
    assert_eq!(file.class_name, "TestSattarTest");
    assert!(file.source.contains("    @org.junit.jupiter.api.Test\n"));
    assert!(!file.source.contains("import org.junit.jupiter.api.Test;"));
    assert!(file
        .source
        .contains("import org.junit.jupiter.api.DisplayName;"));
    assert_all_pass(compile_and_run("named-test", ("Test.java", text), &file), 1);
}

// ---------------------------------------------------------------- the bundled BST

#[test]
fn bst_tests_reach_new_nodes_and_pass() {
    let (p, text) = bundled("java-subjects/bst/BinarySearchTree.java");
    let m = method(&p, "add");
    let tests = vec![
        observed(&p, m, "add 4 to [5,3,8]", bst(&[5, 3, 8], 4)),
        observed(&p, m, "add 1 to []", bst(&[], 1)),
        observed(&p, m, "add 5 to [5]", bst(&[5], 5)),
        observed(&p, m, "add 9 to [5,3,8,1,4]", bst(&[5, 3, 8, 1, 4], 9)),
    ];
    let file = junit_test_class(&p, m, &tests).expect("exportable");
    let src = &file.source;
    assert!(
        src.contains("BinarySearchTree.Node new0 = n1.right;"),
        "{src}"
    );
    assert!(src.contains("assertNotNull(new0, \"n1.right\");"), "{src}");
    assert!(
        src.contains("BinarySearchTree.Node new0 = t0.root;"),
        "{src}"
    );
    assert!(
        src.contains("assertSame(n1, new0.parent, \"new0.parent\");"),
        "{src}"
    );
    assert!(src.contains("assertFalse(result, \"result\");"), "{src}");
    assert_all_pass(
        compile_and_run("bst", ("BinarySearchTree.java", &text), &file),
        4,
    );
}

// ---------------------------------------------------------------- exceptions, results, static

fn stack_program() -> (Program, String) {
    let text = read(&fixtures().join("Stack.java"));
    (parse("Stack.java", &text), text)
}

fn r(id: &str) -> Value {
    Value::Ref(ObjId::new(id))
}

fn object(class: &str, fields: &[(&str, Value)]) -> Object {
    Object {
        class: class.into(),
        fields: fields
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    }
}

/// Stack `S0` holding `values` top first, in nodes `N0…`; `args` for the call.
fn stack(values: &[i32], args: Vec<(String, Value)>, receiver: bool) -> TestInput {
    let mut heap = Heap::default();
    let node = |i: usize| {
        if i < values.len() {
            r(&format!("N{i}"))
        } else {
            Value::Null
        }
    };
    let size = Value::Int(values.len() as i32);
    heap.objects.insert(
        ObjId::new("S0"),
        object("Stack", &[("top", node(0)), ("size", size)]),
    );
    for (i, v) in values.iter().enumerate() {
        let n = object(
            "Stack.Node",
            &[("value", Value::Int(*v)), ("next", node(i + 1))],
        );
        heap.objects.insert(ObjId::new(format!("N{i}")), n);
    }
    TestInput {
        this: receiver.then(|| ObjId::new("S0")),
        args,
        heap,
    }
}

/// One method of `Stack.java`, its inputs, and text its exported tests must contain.
struct StackCase {
    method: &'static str,
    inputs: Vec<(&'static str, TestInput)>,
    snippets: &'static [&'static str],
}

fn stack_cases() -> Vec<StackCase> {
    let int = |v: i32| vec![("v".to_string(), Value::Int(v))];
    let node = |v: Value| vec![("n".to_string(), v)];
    vec![
        StackCase {
            method: "pop",
            inputs: vec![
                ("pop of []", stack(&[], vec![], true)),
                ("pop of [3,4]", stack(&[3, 4], vec![], true)),
            ],
            snippets: &[
                "assertThrows(java.lang.NullPointerException.class, () -> s0.pop());",
                "int result = s0.pop();",
            ],
        },
        StackCase {
            method: "push",
            inputs: vec![("push 9 on [3]", stack(&[3], int(9), true))],
            snippets: &[
                "Stack.Node result = s0.push(9);",
                "assertNotNull(result, \"result\");",
                "assertSame(result, s0.top, \"s0.top\");",
            ],
        },
        StackCase {
            method: "second",
            inputs: vec![
                ("second of [3,4]", stack(&[3, 4], vec![], true)),
                ("second of []", stack(&[], vec![], true)),
            ],
            snippets: &[
                "assertSame(n1, result, \"result\");",
                "assertNull(result, \"result\");",
            ],
        },
        StackCase {
            method: "isEmpty",
            inputs: vec![("empty", stack(&[], vec![], true))],
            snippets: &["assertTrue(result, \"result\");"],
        },
        StackCase {
            method: "length",
            inputs: vec![
                ("length of [1,2,3]", stack(&[1, 2, 3], node(r("N0")), false)),
                ("length of null", stack(&[], node(Value::Null), false)),
            ],
            snippets: &[
                "int result = Stack.length(n0);",
                "int result = Stack.length((Stack.Node) null);",
            ],
        },
    ]
}

#[test]
fn stack_tests_cover_exceptions_results_and_static_calls() {
    let (p, text) = stack_program();
    for case in stack_cases() {
        let m = method(&p, case.method);
        let tests: Vec<ExportedTest> = case
            .inputs
            .into_iter()
            .map(|(t, input)| observed(&p, m, t, input))
            .collect();
        let file = junit_test_class(&p, m, &tests).expect("exportable");
        for s in case.snippets {
            assert!(
                file.source.contains(s),
                "{}: no `{s}` in\n{}",
                case.method,
                file.source
            );
        }
        let dir = format!("stack-{}", case.method);
        assert_all_pass(
            compile_and_run(&dir, ("Stack.java", &text), &file),
            tests.len(),
        );
    }
}

#[test]
fn a_test_without_an_observed_outcome_only_makes_the_call() {
    let (p, text) = stack_program();
    let m = method(&p, "pop");
    let mut t = observed(&p, m, "pop of [3]", stack(&[3], vec![], true));
    t.expected = None;
    let file = junit_test_class(&p, m, &[t]).expect("exportable");
    assert!(
        file.source.contains("        s0.pop();\n"),
        "{}",
        file.source
    );
    assert_all_pass(
        compile_and_run("stack-no-oracle", ("Stack.java", &text), &file),
        1,
    );
}

/// A run that did not end (sattar's step or time limit stopped it) is exported as a test that
/// asserts the call still does not end within the limit, abandoning it in its own thread: the
/// suite never hangs, and a version that ends is reported.
#[test]
fn a_run_that_did_not_end_is_exported_with_a_preemptive_timeout() {
    let text = "class Spin {\n    int x;\n    void spin(int n) {\n        while (n > 0) {\n            x = x + 1;\n        }\n    }\n}\n";
    let p = parse("Spin.java", text);
    let m = method(&p, "spin");
    let input = |n: i32| {
        let mut heap = Heap::default();
        heap.objects
            .insert(ObjId::new("S0"), object("Spin", &[("x", Value::Int(0))]));
        TestInput {
            this: Some(ObjId::new("S0")),
            args: vec![("n".into(), Value::Int(n))],
            heap,
        }
    };
    let endless = |name: &str, n: i32| ExportedTest {
        name: name.into(),
        input: input(n),
        verdict: "fail".into(),
        violated: vec!["terminates".into()],
        expected: None,
        timeout: Some(std::time::Duration::from_millis(300)),
    };
    let file = junit_test_class(&p, m, &[endless("spins", 1)]).expect("exportable");
    assert!(
        file.source.contains("assertThrows(AssertionError.class, () -> assertTimeoutPreemptively(java.time.Duration.ofMillis(300), () -> { s0.spin(1); }));"),
        "{}",
        file.source
    );
    assert_all_pass(compile_and_run("spin", ("Spin.java", text), &file), 1);
    // The same test on an input whose run ends fails: the regression is seen.
    let file = junit_test_class(&p, m, &[endless("ends", 0)]).expect("exportable");
    if let Some((code, stdout)) = compile_and_run("spin-ends", ("Spin.java", text), &file) {
        assert_eq!(code, 1, "{stdout}");
        assert!(stdout.contains("ran 1 tests, 1 failing"), "{stdout}");
    }
}

#[test]
fn odd_names_become_valid_identifiers_and_strings() {
    let (p, text) = stack_program();
    let m = method(&p, "isEmpty");
    let mut input = stack(&[], vec![], true);
    // An object id that is a Java keyword once lower-cased.
    let obj = input.heap.objects.remove(&ObjId::new("S0")).expect("S0");
    input.heap.objects.insert(ObjId::new("New"), obj);
    input.this = Some(ObjId::new("New"));
    let tests = vec![
        observed(&p, m, "größe \"quoted\" \\ back\\u000a", input.clone()),
        observed(&p, m, "class", input.clone()),
        observed(&p, m, "class", input),
    ];
    let file = junit_test_class(&p, m, &tests).expect("exportable");
    assert!(file.source.is_ascii());
    assert!(file.source.contains("void class_() throws Throwable {"));
    assert!(file.source.contains("void class__2() throws Throwable {"));
    assert!(file.source.contains("Stack new_ = new Stack();"));
    assert_all_pass(
        compile_and_run("stack-names", ("Stack.java", &text), &file),
        3,
    );
}

// ---------------------------------------------------------------- the real JUnit 5, if installed

/// Debian's `junit5` package (`apt-get install -y junit5`) puts the jars here.
const JUNIT_DIR: &str = "/usr/share/java";

#[test]
fn with_debians_junit5_the_tests_run_under_the_real_launcher() {
    let api = Path::new(JUNIT_DIR).join("junit-jupiter-api.jar");
    let launcher = Path::new(JUNIT_DIR).join("junit-platform-console-standalone.jar");
    if !api.is_file() || !launcher.is_file() {
        eprintln!("skipped: JUnit 5 is not installed (apt-get install -y junit5); the stub API tests still ran");
        return;
    }
    let Some(jdk) = jdk() else { return };
    let (p, text) = bundled("java-subjects/linkedlist/LinkedList.java");
    let file = junit_test_class(&p, method(&p, "delete"), &list_tests(&p)).expect("exportable");
    let dir = work_dir("real-junit");
    let (src, classes) = (dir.join("src"), dir.join("classes"));
    std::fs::create_dir_all(&src).expect("src dir");
    std::fs::write(src.join("LinkedList.java"), &text).expect("subject written");
    for f in &file.files {
        std::fs::write(src.join(&f.file_name), &f.source).expect("test written");
    }
    let extra = [
        "opentest4j.jar",
        "apiguardian-api.jar",
        "junit-platform-commons.jar",
    ]
    .map(|j| Path::new(JUNIT_DIR).join(j));
    let mut cp = vec![api];
    cp.extend(extra.into_iter().filter(|j| j.is_file()));
    javac(jdk, &classes, &cp, &java_files(&src));
    let out = Command::new(&jdk.java)
        .arg("-jar")
        .arg(&launcher)
        .args([
            "--disable-banner",
            "--fail-if-no-tests",
            "--details=summary",
        ])
        .arg("--class-path")
        .arg(&classes)
        .args(["--select-class", &file.class_name])
        .output()
        .expect("java starts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("5 tests successful"), "{stdout}");
}

// ---------------------------------------------------------------- code that would not compile

fn export(src: &str, name: &str, input: TestInput) -> Result<Suite, ExportError> {
    let p = parse("C.java", src);
    let m = method(&p, name);
    let t = ExportedTest {
        name: "t".into(),
        input,
        verdict: "pass".into(),
        violated: vec![],
        expected: None,
        timeout: None,
    };
    junit_test_class(&p, m, &[t])
}

fn one(class: &str, fields: &[(&str, Value)]) -> TestInput {
    let mut heap = Heap::default();
    heap.objects.insert(ObjId::new("C0"), object(class, fields));
    TestInput {
        this: Some(ObjId::new("C0")),
        args: vec![],
        heap,
    }
}

/// What Java hides from a test (a class without a parameterless constructor, private and final
/// fields, a private method, a private class) is reached through the support class's
/// reflection: each suite compiles and passes on the code it was observed on.
#[test]
fn hidden_members_are_set_and_read_through_reflection() {
    let cases: Vec<(&str, &str, TestInput, &str)> = vec![
        (
            "no-default-ctor",
            "class C { int x; C(int x) { this.x = x; } int get() { return x; } }",
            one("C", &[("x", Value::Int(1))]),
            "C c0 = (C) CSattarSpec.alloc(\"C\");",
        ),
        (
            "private-field",
            "class C { private int x; int get() { return x; } }",
            one("C", &[("x", Value::Int(1))]),
            "CSattarSpec.set(c0, \"C\", \"x\", 1);",
        ),
        (
            "final-field",
            "class C { final int x; C() { x = 1; } int get() { return x; } }",
            one("C", &[("x", Value::Int(4))]),
            "CSattarSpec.set(c0, \"C\", \"x\", 4);",
        ),
        (
            "private-method",
            "class C { int x; private int get() { return x; } }",
            one("C", &[("x", Value::Int(3))]),
            "int result = ((int) CSattarSpec.invoke(c0, \"C\", \"get\", new String[] {}));",
        ),
        (
            "private-class",
            "class C { int x; private static class N { int k; } int get() { return x; } }",
            {
                let mut input = one("C", &[("x", Value::Int(1))]);
                input
                    .heap
                    .objects
                    .insert(ObjId::new("N0"), object("C.N", &[("k", Value::Int(5))]));
                input
            },
            "Object n0 = CSattarSpec.alloc(\"C$N\");",
        ),
    ];
    for (name, src, input, snippet) in cases {
        let p = parse("C.java", src);
        let m = method(&p, "get");
        let suite = junit_test_class(&p, m, &[observed(&p, m, name, input)]).expect("exportable");
        assert!(
            suite.source.contains(snippet),
            "{name}: no `{snippet}` in\n{}",
            suite.source
        );
        assert_all_pass(compile_and_run(name, ("C.java", src), &suite), 1);
    }
}

#[test]
fn comments_and_annotations_do_not_fool_the_modifier_check() {
    let src = "class C {\n  int y; // private final\n  @Deprecated int x; /* final; */ int get() { return x; }\n}";
    assert!(export(
        src,
        "get",
        one("C", &[("x", Value::Int(1)), ("y", Value::Int(2))])
    )
    .is_ok());
}

#[test]
fn inputs_that_do_not_fit_the_program_are_refused() {
    let src = "class C { int x; boolean b; int get() { return x; } }";
    let cases = [
        one("C", &[("nope", Value::Int(1))]),
        one("C", &[("x", Value::Bool(true))]),
        one("C", &[("x", r("C9"))]),
        one("D", &[]),
    ];
    for input in cases {
        let err = export(src, "get", input.clone()).unwrap_err();
        assert!(matches!(err, ExportError::BadTest { .. }), "{input}: {err}");
    }
    let mut no_receiver = one("C", &[]);
    no_receiver.this = None;
    assert!(matches!(
        export(src, "get", no_receiver),
        Err(ExportError::BadTest { .. })
    ));
    let p = parse("C.java", src);
    assert_eq!(
        junit_test_class(&p, MethodId(99), &[]),
        Err(ExportError::UnknownMethod(99))
    );
    let e = ExportError::UnknownMethod(99);
    assert_eq!(e.to_string(), "method #99 is not in the program");
}

// ---------------------------------------------------------------- the spec oracle

/// The spec of `Spin.spin`: `x` never decreases, and the run must end (`terminates`).
fn spin_spec(p: &Program, m: MethodId) -> sattar_spec::ResolvedMethod {
    let text = "spec Spin { method spin(n: int) { ensures grows: this.x' >= this.x } }";
    let spec = sattar_spec::parse_spec("spin.spec", text).expect("the spec parses");
    sattar_spec::resolve(&spec, &p.schema(), &p.sig(m), None).expect("the spec resolves")
}

/// With the spec oracle a run the clock stopped is called under a preemptive timeout: the test
/// fails at the limit while the loop does not end (the suite does not hang) and passes once the
/// call ends and the postcondition holds.
#[test]
fn a_timed_out_spec_test_fails_in_time_and_passes_once_the_loop_ends() {
    let endless = "class Spin {\n    int x;\n    void spin(int n) {\n        while (n > 0) {\n            x = x + 1;\n        }\n    }\n}\n";
    let fixed = endless.replace("x = x + 1;", "x = x + 1; n = n - 1;");
    let p = parse("Spin.java", endless);
    let m = method(&p, "spin");
    let rm = spin_spec(&p, m);
    let mut heap = Heap::default();
    heap.objects
        .insert(ObjId::new("S0"), object("Spin", &[("x", Value::Int(0))]));
    let t = ExportedTest {
        name: "spins".into(),
        input: TestInput {
            this: Some(ObjId::new("S0")),
            args: vec![("n".into(), Value::Int(2))],
            heap,
        },
        verdict: "fail".into(),
        violated: vec!["terminates".into()],
        expected: None,
        timeout: Some(std::time::Duration::from_millis(300)),
    };
    let files = junit_suite(&p, m, &[t], Oracle::Spec(&rm)).expect("exportable");
    let suite = Suite { files };
    assert!(
        suite.source.contains("assertTimeoutPreemptively(java.time.Duration.ofMillis(300), () -> { s0.spin(2); }, \"terminates\");"),
        "{}",
        suite.source
    );
    let started = std::time::Instant::now();
    if let Some((code, stdout)) = compile_and_run("spec-spin", ("Spin.java", endless), &suite) {
        assert_eq!(code, 1, "{stdout}");
        assert!(
            stdout.contains("terminates ==> execution timed out after 300 ms"),
            "{stdout}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(60));
    }
    assert_all_pass(
        compile_and_run("spec-spin-fixed", ("Spin.java", &fixed), &suite),
        1,
    );
}

/// A method of a class in a package: the test and its support class are in that package and
/// its folder; private fields and a private inner class are set through reflection; the spec
/// oracle fails on the faulty code and passes on the correct one.
#[test]
fn a_packaged_subject_gets_its_package_and_the_spec_decides() {
    let correct = "package shop;\n\npublic class Cart {\n    private Item first;\n    private int count;\n\n    private static class Item {\n        final int price;\n        Item next;\n        Item(int price, Item next) { this.price = price; this.next = next; }\n    }\n\n    public void add(int price) {\n        first = new Item(price, first);\n        count = count + 1;\n    }\n}\n";
    let faulty = correct.replace("count = count + 1;", "count = count + 2;");
    let p = parse("shop/Cart.java", correct);
    let m = method(&p, "add");
    let spec = "spec Cart {\n  invariant counted: #this.first.*next = this.count\n  method add(price: int) {\n    ensures grown: this.count' = this.count + 1\n    ensures listed: price in this.first'.price'\n  }\n}\n";
    let spec = sattar_spec::parse_spec("cart.spec", spec).expect("parses");
    let rm = sattar_spec::resolve(&spec, &p.schema(), &p.sig(m), None).expect("resolves");
    let mut heap = Heap::default();
    heap.objects.insert(
        ObjId::new("C0"),
        object("shop.Cart", &[("first", r("I0")), ("count", Value::Int(1))]),
    );
    heap.objects.insert(
        ObjId::new("I0"),
        object(
            "shop.Cart.Item",
            &[("price", Value::Int(3)), ("next", Value::Null)],
        ),
    );
    let t = ExportedTest {
        name: "add 5".into(),
        input: TestInput {
            this: Some(ObjId::new("C0")),
            args: vec![("price".into(), Value::Int(5))],
            heap,
        },
        verdict: "fail".into(),
        violated: vec!["grown".into()],
        expected: None,
        timeout: None,
    };
    let files = junit_suite(&p, m, &[t], Oracle::Spec(&rm)).expect("exportable");
    assert_eq!(files[0].file_name, "shop/CartSattarTest.java");
    assert_eq!(files[1].file_name, "shop/CartSattarSpec.java");
    for f in &files {
        assert!(f.source.contains("\npackage shop;\n"), "{}", f.source);
    }
    let test = &files[0].source;
    for snippet in [
        "Object i0 = CartSattarSpec.alloc(\"shop.Cart$Item\");",
        "CartSattarSpec.set(i0, \"shop.Cart$Item\", \"price\", 3);",
        "CartSattarSpec.set(c0, \"shop.Cart\", \"first\", i0);",
        "shop.Cart c0 = new shop.Cart();",
        "c0.add(5);",
    ] {
        assert!(test.contains(snippet), "no `{snippet}` in\n{test}");
    }
    let Some(jdk) = jdk() else { return };
    let support = support(jdk);
    for (label, source, failing) in [("correct", correct, 0), ("faulty", faulty.as_str(), 1)] {
        let dir = work_dir(&format!("cart-{label}"));
        let (src, classes) = (dir.join("src"), dir.join("classes"));
        std::fs::create_dir_all(src.join("shop")).expect("src dir");
        std::fs::write(src.join("shop/Cart.java"), source).expect("subject written");
        for f in &files {
            std::fs::write(src.join(&f.file_name), &f.source).expect("test written");
        }
        javac(
            jdk,
            &classes,
            std::slice::from_ref(support),
            &java_files(&src),
        );
        let cp = std::env::join_paths([classes, support.clone()]).expect("a class path");
        let out = Command::new(&jdk.java)
            .arg("-cp")
            .arg(cp)
            .args(["SattarDriver", "shop.CartSattarTest"])
            .output()
            .expect("java starts");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(&format!("ran 1 tests, {failing} failing")),
            "{label}: {stdout}"
        );
        if failing > 0 {
            assert!(
                stdout.contains("expected: <[]> but was: <[grown]>"),
                "{stdout}"
            );
        }
    }
}

// ---------------------------------------------------------------- arrays

const ARRAYS: &str = "class Heap {
    int[] heap;
    int size;
    Node[] nodes;
    Object[] objs;
    int[][] grid;
    Secret[] secrets;
    char[] chars;

    static class Node { int key; }
    private static class Secret { int k; }

    void insert(int x) {
        if (size == heap.length) {
            int[] bigger = new int[2 * size + 1];
            for (int i = 0; i < size; i++) {
                bigger[i] = heap[i];
            }
            heap = bigger;
        }
        heap[size] = x;
        int i = size;
        size++;
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (heap[parent] <= heap[i]) {
                break;
            }
            int t = heap[parent];
            heap[parent] = heap[i];
            heap[i] = t;
            i = parent;
        }
    }

    Node[] wrap(int k) {
        Node[] out = new Node[2];
        out[0] = new Node();
        out[0].key = k;
        out[1] = nodes[0];
        nodes = out;
        return out;
    }

    int touch() {
        objs[0] = objs;
        grid[1] = grid[0];
        secrets[0].k++;
        secrets[1] = new Secret();
        chars[0]++;
        return grid.length;
    }

    int at(int i) {
        return heap[i];
    }
}
";

/// The receiver `H` of class `Heap` with `fields`, the other objects, and the arguments.
fn heap_input(
    fields: &[(&str, Value)],
    objects: Vec<(&str, Object)>,
    args: &[(&str, i32)],
) -> TestInput {
    let mut heap = Heap::default();
    heap.objects.insert(ObjId::new("H"), object("Heap", fields));
    for (id, o) in objects {
        heap.objects.insert(ObjId::new(id), o);
    }
    TestInput {
        this: Some(ObjId::new("H")),
        args: args
            .iter()
            .map(|(a, v)| (a.to_string(), Value::Int(*v)))
            .collect(),
        heap,
    }
}

fn int_array(v: &[i32]) -> Object {
    Object::array("int[]", v.iter().map(|i| Value::Int(*i)).collect())
}

/// Input arrays are built (`new int[] {2, 5}`, `new Heap.Node[2]` filled element by element,
/// the support class's `newArray`/`setElement` for an array of a private class), shared arrays
/// stay one object (an `Object[]` holding itself, a row in two places of an `int[][]`), and the
/// post-state's arrays, new ones included, are compared element by element; every test passes
/// on the code it was observed on.
#[test]
fn arrays_are_built_and_compared_element_by_element() {
    let p = parse("Heap.java", ARRAYS);
    let insert = method(&p, "insert");
    let wrap = method(&p, "wrap");
    let touch = method(&p, "touch");
    let at = method(&p, "at");
    let heap_of = |v: &[i32], size: i32, x: i32| {
        heap_input(
            &[("heap", r("A")), ("size", Value::Int(size))],
            vec![("A", int_array(v))],
            &[("x", x)],
        )
    };
    let suites = [
        (
            insert,
            vec![
                observed(&p, insert, "insert 1 into [2, 5]", heap_of(&[2, 5], 2, 1)),
                observed(&p, insert, "insert 3 into []", heap_of(&[], 0, 3)),
                observed(
                    &p,
                    insert,
                    "insert 0 into [4, 9, 6]",
                    heap_of(&[4, 9, 6], 1, 0),
                ),
            ],
            vec![
                "int[] a = new int[] {2, 5};",
                "assertEquals(5, new0.length, \"new0.length\");",
                "assertEquals(1, new0[0], \"new0[0]\");",
            ],
        ),
        (
            wrap,
            vec![observed(
                &p,
                wrap,
                "wrap 9",
                heap_input(
                    &[("nodes", r("NA"))],
                    vec![
                        ("NA", Object::array("Heap.Node[]", vec![r("N0")])),
                        ("N0", object("Heap.Node", &[("key", Value::Int(4))])),
                    ],
                    &[("k", 9)],
                ),
            )],
            vec![
                "Heap.Node[] nA = new Heap.Node[1];",
                "nA[0] = n0;",
                "Heap.Node[] result = h.wrap(9);",
                "assertSame(n0, result[1], \"result[1]\");",
            ],
        ),
        (
            touch,
            vec![observed(
                &p,
                touch,
                "touch",
                heap_input(
                    &[
                        ("objs", r("O")),
                        ("grid", r("G")),
                        ("secrets", r("S")),
                        ("chars", r("C")),
                        ("heap", r("A")),
                    ],
                    vec![
                        ("A", int_array(&[1])),
                        (
                            "O",
                            Object::array("java.lang.Object[]", vec![Value::Null, r("A")]),
                        ),
                        ("G", Object::array("int[][]", vec![r("R0"), Value::Null])),
                        ("R0", int_array(&[7, 8])),
                        (
                            "S",
                            Object::array("Heap.Secret[]", vec![r("S0"), Value::Null]),
                        ),
                        ("S0", object("Heap.Secret", &[("k", Value::Int(1))])),
                        ("C", Object::array("char[]", vec![Value::Int(65)])),
                    ],
                    &[],
                ),
            )],
            vec![
                "int[][] g = new int[2][];",
                "g[0] = r0;",
                "Object s = HeapSattarSpec.newArray(\"Heap$Secret\", 2);",
                "HeapSattarSpec.setElement(s, 0, s0);",
                "char[] c = new char[] {(char) 65};",
                "assertSame(o, o[0], \"o[0]\");",
                "assertSame(r0, g[1], \"g[1]\");",
                "assertEquals((char) 66, c[0], \"c[0]\");",
                "Object new0 = HeapSattarSpec.element(s, 1);",
            ],
        ),
        (
            at,
            vec![
                observed(
                    &p,
                    at,
                    "at 0",
                    heap_input(
                        &[("heap", r("A"))],
                        vec![("A", int_array(&[3]))],
                        &[("i", 0)],
                    ),
                ),
                observed(
                    &p,
                    at,
                    "at 1",
                    heap_input(
                        &[("heap", r("A"))],
                        vec![("A", int_array(&[3]))],
                        &[("i", 1)],
                    ),
                ),
            ],
            vec!["assertThrows(java.lang.ArrayIndexOutOfBoundsException.class, () -> h.at(1));"],
        ),
    ];
    for (m, tests, snippets) in suites {
        let suite = junit_test_class(&p, m, &tests).expect("exportable");
        for snippet in snippets {
            assert!(
                suite.source.contains(snippet),
                "no `{snippet}` in\n{}",
                suite.source
            );
        }
        let name = format!("arrays-{}", p.method(m).name);
        assert_all_pass(
            compile_and_run(&name, ("Heap.java", ARRAYS), &suite),
            tests.len(),
        );
    }
}

/// The spec oracle reads arrays in both states: `length` and elements (`a[i]`) of the
/// snapshots; the test fails on a faulty insertion and passes on the correct one.
#[test]
fn the_spec_oracle_reads_arrays_in_both_states() {
    let p = parse("Heap.java", ARRAYS);
    let m = method(&p, "insert");
    let spec = "spec Heap {\n  invariant fits: this.size <= this.heap.length && this.size >= 0\n  method insert(x: int) {\n    ensures grown: this.size' = this.size + 1\n    ensures least: this.heap'[0]' <= x\n  }\n}\n";
    let spec = sattar_spec::parse_spec("heap.spec", spec).expect("parses");
    let rm = sattar_spec::resolve(&spec, &p.schema(), &p.sig(m), None)
        .unwrap_or_else(|e| panic!("resolves: {e}"));
    let suite_input = |_: &Program| {
        heap_input(
            &[("heap", r("A")), ("size", Value::Int(2))],
            vec![("A", int_array(&[2, 5]))],
            &[("x", 1)],
        )
    };
    let t = ExportedTest {
        name: "insert 1".into(),
        input: suite_input(&p),
        verdict: "pass".into(),
        violated: vec![],
        expected: None,
        timeout: None,
    };
    let files = junit_suite(&p, m, &[t], Oracle::Spec(&rm)).expect("exportable");
    let suite = Suite { files };
    let faulty = ARRAYS.replace(
        "if (heap[parent] <= heap[i])",
        "if (heap[parent] >= heap[i])",
    );
    for (label, source, failing) in [("correct", ARRAYS, 0), ("faulty", faulty.as_str(), 1)] {
        // sattar's own oracle says the same of the run.
        let q = parse("Heap.java", source);
        let input = &suite_input(&q);
        let exec = run(&q, method(&q, "insert"), input, Limits::default()).expect("runs");
        let args = input.args.clone();
        let result = exec.result().cloned();
        let verdict = sattar_spec::evaluate(
            &rm,
            &input.heap,
            &exec.post,
            input.this.as_ref(),
            &args,
            result.as_ref(),
        )
        .expect("evaluates");
        assert_eq!(verdict.passed(), failing == 0, "{label}: {verdict:?}");
        let Some((code, stdout)) =
            compile_and_run(&format!("heap-spec-{label}"), ("Heap.java", source), &suite)
        else {
            return;
        };
        assert!(
            stdout.contains(&format!("ran 1 tests, {failing} failing")),
            "{label} ({code}): {stdout}"
        );
    }
}

// ---------------------------------------------------------------- maps in inputs

const CACHE: &str = "import java.util.*;
public class Cache {
    Map<Integer, Integer> counts;
    TreeMap<Integer, Integer> sorted;
    LinkedHashMap<Integer, Integer> recent;
    int touch(int k) {
        Integer c = counts.get(k);
        counts.put(k, c == null ? 1 : c + 1);
        sorted.put(k, counts.get(k));
        recent.put(k, k);
        recent.get(0);
        int first = recent.keySet().iterator().next();
        return counts.get(k) * 100 + sorted.firstKey() * 10 + first;
    }
}
class Down implements Comparator<Integer> {
    public int compare(Integer a, Integer b) {
        return b - a;
    }
}
";

/// A cache whose maps are empty, as their constructors make them: a HashMap, a TreeMap with the
/// program's comparator (or none), a LinkedHashMap in access order (or insertion order).
fn cache_input(comparator: bool, access: bool, k: i32) -> TestInput {
    let cmp = if comparator { r#""D""# } else { "null" };
    let json = format!(
        r#"{{"this":"C","args":{{"k":{k}}},"objects":{{
        "C":{{"class":"Cache","counts":"H","sorted":"T","recent":"L"}},
        "H":{{"class":"java.util.HashMap"}},
        "T":{{"class":"java.util.TreeMap","comparator":{cmp}}},
        "L":{{"class":"java.util.LinkedHashMap","accessOrder":{access}}},
        "D":{{"class":"Down"}}}}}}"#
    );
    let p = parse("Cache.java", CACHE);
    let m = method(&p, "touch");
    sattar_heap::input_from_json(&json, "t.json", &p.schema(), &p.sig(m))
        .expect("a valid input")
        .0
}

/// Empty input maps are built by their constructors (the TreeMap with the input's comparator,
/// the LinkedHashMap in the input's order), and the tests pass on the JVM; a map with entries
/// is refused with the reason (its table is the JDK's private state).
#[test]
fn empty_input_maps_are_built_by_their_constructors() {
    let p = parse("Cache.java", CACHE);
    let m = method(&p, "touch");
    let mut tests = Vec::new();
    for (i, (comparator, access)) in [(false, false), (true, true), (true, false)]
        .iter()
        .enumerate()
    {
        let input = cache_input(*comparator, *access, i as i32);
        tests.push(observed(&p, m, &format!("touch {i}"), input));
    }
    let file = junit_test_class(&p, m, &tests).expect("exportable");
    assert!(
        file.source.contains("new java.util.TreeMap<>(d"),
        "{}",
        file.source
    );
    assert!(
        file.source
            .contains("new java.util.LinkedHashMap<>(16, 0.75f, true)"),
        "{}",
        file.source
    );
    assert_all_pass(compile_and_run("cache", ("Cache.java", CACHE), &file), 3);
    let mut full = tests[0].clone();
    let map = full.input.heap.objects.get_mut(&ObjId::new("H"));
    let map = map.expect("the HashMap");
    map.fields.insert("size".into(), Value::Int(1));
    let err = junit_test_class(&p, m, &[full]).expect_err("refused");
    assert!(err.to_string().contains("with entries"), "{err}");
}
