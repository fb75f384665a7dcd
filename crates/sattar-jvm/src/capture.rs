//! Capture: the failing run taken from a JUnit test. The program is built with the capture
//! probe first in the method under test (`instrument_capturing`), compiled with the tests
//! against JUnit, and the named test runs in a worker through the JUnit Platform; at each
//! outermost call the worker reads the pre-state reachable from the receiver, the arguments and
//! the statics (`worker/capture.rs`). Each call becomes a [`TestInput`] any engine can run.

use crate::instrument::instrument_capturing;
use crate::protocol::{from_wire_heap, from_wire_value, to_wire_type, CaptureRequest, Response};
use crate::protocol::{WireCall, WireValue};
use crate::runner::{JvmOptions, JvmRunner};
use crate::JvmError;
use sattar_heap::{Heap, ObjId, Object, TestInput, Value};
use sattar_java::{MethodId, Program};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::time::Duration;

/// The capture runtime's sources (`java/sattar/capture/`): the probe and the JUnit runner.
pub const CAPTURE_SOURCES: &[(&str, &str)] = &[
    (
        "sattar/capture/Capture.java",
        include_str!("../java/sattar/capture/Capture.java"),
    ),
    (
        "sattar/capture/RunTest.java",
        include_str!("../java/sattar/capture/RunTest.java"),
    ),
];

/// A JUnit test to capture calls from.
#[derive(Clone, Debug)]
pub struct JUnitTest {
    /// The test sources, `(path, text)`: the test class and what it needs besides the program.
    pub sources: Vec<(String, String)>,
    /// The test class's binary name (`pkg.ClassTest`).
    pub class: String,
    /// The test method.
    pub method: String,
    /// Jars and folders the tests compile and run against (the JUnit Platform included).
    pub classpath: Vec<PathBuf>,
    /// Wall-clock limit of the whole test (the worker is killed past it).
    pub timeout: Duration,
    /// The most calls whose pre-state is read (later ones are only counted).
    pub max_calls: usize,
}

/// One outermost call of the method under test.
#[derive(Clone, Debug)]
pub struct CapturedCall {
    /// Its pre-state, receiver and arguments; `Err` says why it could not be read.
    pub input: Result<TestInput, String>,
    /// The test's file (as the class file names it) and line that made the call.
    pub file: String,
    /// See `file` (0 when not found).
    pub line: u32,
}

/// What a capture saw.
#[derive(Clone, Debug)]
pub struct TestCapture {
    /// The outermost calls read, in order.
    pub calls: Vec<CapturedCall>,
    /// Every outermost call, read or not.
    pub count: usize,
    /// The tests the JUnit Platform found for the selector (0: no such test).
    pub found: u64,
    /// The tests that failed.
    pub failed: u64,
    /// The first failure's exception and stack trace (empty if none failed).
    pub failure: String,
}

/// Runs `test` on a capture build of `program` with the probe in method `m`.
pub fn capture(
    program: &Program,
    m: MethodId,
    test: &JUnitTest,
    opts: JvmOptions,
) -> Result<TestCapture, JvmError> {
    let method = program.method(m);
    let mut files = instrument_capturing(program, m).ok_or_else(|| {
        JvmError::NotCapturable(format!(
            "{}: its calls cannot be captured: only a method with a body in the sources is \
             (a constructor's first statement must be `super(…)` or `this(…)`); name the \
             method the test calls on the object it builds",
            method.qualified_name()
        ))
    })?;
    files.extend(
        CAPTURE_SOURCES
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string())),
    );
    files.extend(test.sources.iter().cloned());
    let mut runner = JvmRunner::start_capture(program, &files, &test.classpath, opts)?;
    let req = CaptureRequest {
        test_class: test.class.clone(),
        test_method: test.method.clone(),
        params: program
            .sig(m)
            .params
            .iter()
            .map(|(_, t)| to_wire_type(t))
            .collect(),
        max_calls: test.max_calls,
    };
    match runner.capture(req, test.timeout)? {
        Response::Captured {
            calls,
            count,
            found,
            failed,
            failure,
        } => Ok(TestCapture {
            calls: calls.into_iter().map(|c| captured(program, m, c)).collect(),
            count,
            found,
            failed,
            failure,
        }),
        Response::Error(e) => Err(JvmError::Worker(e)),
        Response::Exited(code) => Err(JvmError::Worker(format!(
            "the test called System.exit({code})"
        ))),
        other => Err(JvmError::Worker(format!("unexpected answer {other:?}"))),
    }
}

/// A call on the wire as a test input, its objects named readably.
fn captured(program: &Program, m: MethodId, call: WireCall) -> CapturedCall {
    let (file, line) = (call.file.clone(), call.line);
    let input = match &call.unreadable {
        Some(why) => Err(why.clone()),
        None => Ok(input_of(program, m, &call)),
    };
    CapturedCall { input, file, line }
}

fn input_of(program: &Program, m: MethodId, call: &WireCall) -> TestInput {
    let heap = from_wire_heap(&call.objects, &call.statics);
    let value = |v: &WireValue| from_wire_value(v);
    let this = call.this.as_ref().map(value);
    let args: Vec<Value> = call.args.iter().map(value).collect();
    let mut roots: Vec<ObjId> = this.iter().chain(&args).filter_map(as_ref).collect();
    roots.extend(heap.static_roots());
    let rename = readable_names(&heap, &roots);
    let new = |v: Value| match v {
        Value::Ref(o) => rename
            .get(&o)
            .map_or(Value::Null, |n| Value::Ref(n.clone())),
        other => other,
    };
    let params = &program.method(m).params;
    TestInput {
        this: this.map(new).as_ref().and_then(as_ref),
        args: params
            .iter()
            .zip(args)
            .map(|(p, v)| (p.name.clone(), new(v)))
            .collect(),
        heap: without_defaults(program, heap.renamed(&rename)),
    }
}

fn as_ref(v: &Value) -> Option<ObjId> {
    match v {
        Value::Ref(o) => Some(o.clone()),
        _ => None,
    }
}

/// Every object reachable from `roots`, named by its class's simple name and a number in the
/// order it is reached (`SortedList0`, `Node0`, `Node1`, `intArray0`); an enum constant keeps
/// its id (`pkg.Color.RED`).
fn readable_names(heap: &Heap, roots: &[ObjId]) -> BTreeMap<ObjId, ObjId> {
    let is_wire = |id: &ObjId| id.0.starts_with('\u{1}');
    let kept: BTreeSet<ObjId> = heap
        .objects
        .keys()
        .filter(|id| !is_wire(id))
        .cloned()
        .collect();
    let mut counts: HashMap<String, usize> = HashMap::new();
    let mut rename: BTreeMap<ObjId, ObjId> = kept.iter().map(|k| (k.clone(), k.clone())).collect();
    for id in heap.reachable_order(roots) {
        if rename.contains_key(&id) {
            continue;
        }
        let class = heap.objects.get(&id).map_or("Object", |o| o.class.as_str());
        let stem = simple_name(class);
        let n = counts.entry(stem.clone()).or_default();
        let name = loop {
            let candidate = ObjId(format!("{stem}{n}"));
            *n += 1;
            if !kept.contains(&candidate) {
                break candidate;
            }
        };
        rename.insert(id, name);
    }
    rename
}

/// `pkg.Outer.Node` → `Node`, `int[]` → `intArray`, `pkg.Node[][]` → `NodeArrayArray`.
fn simple_name(class: &str) -> String {
    let base = class.trim_end_matches("[]");
    let dims = (class.len() - base.len()) / 2;
    let simple = base.rsplit('.').next().unwrap_or(base);
    format!("{simple}{}", "Array".repeat(dims))
}

/// The heap without the enum constants the program's environment has as they are (a test's
/// input lists only what differs).
fn without_defaults(program: &Program, mut heap: Heap) -> Heap {
    let env: HashMap<ObjId, Object> = program.environment().into_iter().collect();
    heap.objects
        .retain(|id, o| env.get(id).is_none_or(|d| d != o));
    heap
}
