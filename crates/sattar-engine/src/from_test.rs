//! The failing run from the user's JUnit test (`--from-test ClassTest#test`): the test runs on
//! the JVM with the method under test's calls captured (`sattar_jvm::capture`), each call is run
//! again on the chosen engine and judged by the spec, and the first call whose pre-state is
//! valid and whose run violates the spec is the failing run; its input is then shrunk
//! (`shrink.rs`) unless `--no-shrink`.

use crate::facade::{executor, EngineKind, RunLimits};
use crate::shrink::shrink;
use crate::{judge, EngineError, Executor, Subject, SubjectRequest, TestVerdict};
use sattar_heap::TestInput;
use sattar_jvm::{CapturedCall, JUnitTest, JvmOptions, TestCapture};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where Debian's `junit5` package puts the JUnit Platform as one jar.
pub const DEBIAN_JUNIT: &str = "/usr/share/java/junit-platform-console-standalone.jar";

/// The test folder of a Maven or Gradle project.
pub const TEST_ROOT: &str = "src/test/java";

/// What `--from-test` names and how the test runs.
#[derive(Clone, Debug)]
pub struct FromTest {
    /// `ClassTest#test`, `pkg.ClassTest#test` or `path/to/ClassTest.java#test`.
    pub test: String,
    /// Folders holding the test sources (their package trees); default `src/test/java`.
    pub test_roots: Vec<PathBuf>,
    /// Jars and folders the tests compile and run against (`--classpath`).
    pub classpath: Vec<PathBuf>,
    /// Wall-clock limit of the whole JUnit test (`--test-timeout`).
    pub timeout: Duration,
    /// The most calls whose pre-states are read (`--max-calls`); later ones are counted only.
    pub max_calls: usize,
    /// Shrink the failing input with at most this many candidate runs (`--max-shrink-runs`);
    /// `None` keeps it whole (`--no-shrink`).
    pub shrink: Option<usize>,
}

impl FromTest {
    /// The folder of the test's sources (its package tree's root).
    pub fn source_root(&self) -> Result<PathBuf, EngineError> {
        Ok(locate(self)?.0)
    }
}

/// The failing run a test made, and where.
#[derive(Clone, Debug)]
pub struct CapturedFailure {
    /// The failing input: the violating call's pre-state, receiver and arguments, shrunk
    /// unless `--no-shrink`.
    pub input: TestInput,
    /// Its position among the test's outermost calls of the method (1-based).
    pub call: usize,
    /// How many outermost calls the test made.
    pub calls: usize,
    /// The test's file and line that made the call (`SortedIntSetTest.java:31`).
    pub at: String,
    /// The constraints its run violates.
    pub violated: Vec<String>,
    /// The test class and method that ran.
    pub test: String,
    /// What shrinking did to the captured input, said for the user (`shrunk the failing input
    /// from 9 to 3 objects (49 runs; …)`); `None` with `--no-shrink`.
    pub shrinking: Option<String>,
}

impl CapturedFailure {
    /// `failing run: call 3 of 3 of C.m, made at T.java:31 by pkg.T#test; violates post.x`.
    pub fn describe(&self, method: &str) -> String {
        format!(
            "failing run: call {} of {} of {method}, made at {} by {}; it violates {}",
            self.call,
            self.calls,
            self.at,
            self.test,
            self.violated.join(", ")
        )
    }

    /// What shrinking did to the captured input, for the user (`None` with `--no-shrink`).
    pub fn describe_shrinking(&self) -> Option<&str> {
        self.shrinking.as_deref()
    }
}

/// Runs the test `from` names and returns the first call of the subject's method whose input
/// is valid and whose run (on `engine`) violates the spec.
pub fn capture_failure(
    subject: &Subject,
    from: &FromTest,
    engine: EngineKind,
    limits: &RunLimits,
) -> Result<CapturedFailure, EngineError> {
    let mut test = junit_test(from)?;
    // A test file the program holds itself (`--spec-from-test`) is not compiled twice.
    let held: Vec<PathBuf> = subject
        .program
        .files
        .iter()
        .map(|f| same_file(&f.path))
        .collect();
    test.sources
        .retain(|(path, _)| !held.contains(&same_file(path)));
    let name = format!("{}#{}", test.class, test.method);
    let opts = JvmOptions {
        max_steps: limits.max_steps,
        timeout: limits.timeout,
        ..Default::default()
    };
    let captured = sattar_jvm::capture(&subject.program, subject.method, &test, opts)?;
    let outcome = test_outcome(subject, from, &captured, &name)?;
    match first_violation(subject, &captured, engine, limits, from.shrink)? {
        Search::Found(k, found) => Ok(CapturedFailure {
            input: found.input,
            call: k + 1,
            calls: captured.count,
            at: place(&captured.calls[k]),
            violated: found.violated,
            test: name,
            shrinking: found.shrinking,
        }),
        Search::NotFound { invalid } => {
            Err(no_violation(subject, &captured, invalid, &name, &outcome))
        }
    }
}

/// How the JUnit test ended (`the test passed`, `the test failed with …`); an error when there
/// is no such test or it never calls the method.
fn test_outcome(
    subject: &Subject,
    from: &FromTest,
    captured: &TestCapture,
    name: &str,
) -> Result<String, EngineError> {
    if captured.found == 0 {
        let why = captured.failure.lines().rfind(|l| !l.trim().is_empty());
        let why = why.map_or(String::new(), |w| format!(" ({})", w.trim()));
        return Err(EngineError::Usage(format!(
            "--from-test {}: JUnit found no test {name}{why}: check the class and method \
             names (a JUnit 5 `@Test` method)",
            from.test
        )));
    }
    let outcome = match captured.failed {
        0 => "the test passed".to_string(),
        _ => format!("the test failed with {}", first_line(&captured.failure)),
    };
    if captured.count == 0 {
        return Err(EngineError::NoFailingCall(format!(
            "{name} never calls {} ({outcome}): name the method the test exercises with \
             --method",
            subject.method_name()
        )));
    }
    Ok(outcome)
}

/// What judging the captured calls in order found.
enum Search {
    /// Call `k`'s failing run.
    Found(usize, Box<Found>),
    /// No violating call; the first call with an invalid input and what it breaks, if any.
    NotFound {
        invalid: Option<(usize, Vec<String>)>,
    },
}

/// A failing run found among the captured calls: its input (shrunk unless `--no-shrink`), the
/// constraints it violates, and what shrinking did.
struct Found {
    input: TestInput,
    violated: Vec<String>,
    shrinking: Option<String>,
}

/// Runs each captured call again on `engine` and judges it: the first valid call that violates
/// the spec (its input shrunk with at most `shrink` runs); an earlier passing call that left the
/// invariant broken is an error naming it.
fn first_violation(
    subject: &Subject,
    captured: &TestCapture,
    engine: EngineKind,
    limits: &RunLimits,
    shrink: Option<usize>,
) -> Result<Search, EngineError> {
    let mut run = executor(engine, subject, limits)?;
    let mut invalid: Option<(usize, Vec<String>)> = None;
    // The last call with a valid input, its run's post-state and its input.
    let mut last: Option<(usize, sattar_heap::Heap, TestInput)> = None;
    for (k, call) in captured.calls.iter().enumerate() {
        let input = readable(subject, call, k)?;
        let execution = run.execute(subject, &input)?;
        let judged = judge(subject, &input, execution)
            .map_err(|e| EngineError::Usage(format!("evaluating the specification: {e}")))?;
        match judged.verdict {
            TestVerdict::Pass => last = Some((k, judged.execution.post, input)),
            TestVerdict::Invalid(v) => {
                if let Some(blame) = broke_invariant(subject, last.take(), &captured.calls)? {
                    return Err(blame);
                }
                invalid.get_or_insert((k, v));
            }
            TestVerdict::Fail(violated) => {
                let (input, shrinking) = match shrink {
                    Some(max) => {
                        let (smaller, said) =
                            confirmed_shrink(subject, input, &violated, max, limits, &mut *run);
                        (smaller, Some(said))
                    }
                    None => (input, None),
                };
                let found = Found {
                    input,
                    violated,
                    shrinking,
                };
                return Ok(Search::Found(k, Box::new(found)));
            }
        }
    }
    Ok(Search::NotFound { invalid })
}

/// The failing input shrunk on the interpreter, kept only if `engine` confirms that its run
/// violates the same constraints (else the input as captured), and what happened, for the user.
fn confirmed_shrink(
    subject: &Subject,
    input: TestInput,
    violated: &[String],
    max_runs: usize,
    limits: &RunLimits,
    engine: &mut dyn Executor,
) -> (TestInput, String) {
    let interp = sattar_java::Limits {
        max_steps: limits.max_steps,
        max_depth: limits.max_depth,
    };
    let shrunk = shrink(subject, &input, violated, max_runs, interp);
    let said = shrunk.describe(&input, "--no-shrink");
    if shrunk.input == input {
        return (input, said);
    }
    // An engine that refuses the shrunk input disagrees with the interpreter as much as one
    // that runs it to another verdict: either way the captured input stays.
    let same = engine
        .execute(subject, &shrunk.input)
        .is_ok_and(|execution| {
            judge(subject, &shrunk.input, execution)
                .is_ok_and(|j| j.verdict == TestVerdict::Fail(violated.to_vec()))
        });
    match same {
        true => (shrunk.input, said),
        false => (
            input,
            format!(
                "the shrunk failing input ({} objects) does not fail alike on the chosen engine, so the input stays as captured ({} objects)",
                shrunk.objects_after, shrunk.objects_before
            ),
        ),
    }
}

/// Why no call is a failing run: every one valid and correct, or starting from a broken state.
fn no_violation(
    subject: &Subject,
    captured: &TestCapture,
    invalid: Option<(usize, Vec<String>)>,
    name: &str,
    outcome: &str,
) -> EngineError {
    let unread = match captured.count > captured.calls.len() {
        true => format!(
            " (the first {} judged: --max-calls raises it)",
            captured.calls.len()
        ),
        false => String::new(),
    };
    let why = match invalid {
        Some((k, v)) => format!(
            "; call {} (at {}) starts from a state that breaks {}: the code before it (the \
             test's, or an earlier call's when the checked ensures set does not include the \
             invariant) broke it",
            k + 1,
            place(&captured.calls[k]),
            v.join(", ")
        ),
        None => String::new(),
    };
    EngineError::NoFailingCall(format!(
        "no call of {} in {name} violates the specification: {} call(s){unread}, each valid and \
         judged correct{why}; {outcome}, for a reason the specification does not check \
         (another method, or a property the ensures set leaves out)",
        subject.method_name(),
        captured.count
    ))
}

/// An earlier passing call whose post-state breaks a class invariant — the state the next call
/// starts from: it is the faulty run, but the checked ensures set does not see it.
fn broke_invariant(
    subject: &Subject,
    last: Option<(usize, sattar_heap::Heap, TestInput)>,
    calls: &[CapturedCall],
) -> Result<Option<EngineError>, EngineError> {
    let Some((j, post, input)) = last else {
        return Ok(None);
    };
    let verdict = sattar_spec::evaluate_pre(&subject.spec, &post, input.this.as_ref(), &input.args)
        .map_err(|e| EngineError::Usage(format!("evaluating the specification: {e}")))?;
    let broken = verdict.invariants_violated();
    Ok((!broken.is_empty()).then(|| {
        EngineError::Usage(format!(
            "call {} of {} (at {}) leaves its object breaking {}, the state the next call starts \
             from; the ensures set checked does not include the invariant: choose one that does \
             (`ensures post2 {{ invariant }}`) with --ensures to localize that call",
            j + 1,
            subject.method_name(),
            place(&calls[j]),
            broken.join(", ")
        ))
    }))
}

/// The subject of `--spec-from-test`: the test method analysed as the program — the sources
/// and the test's file attributed against JUnit (its assertions are modelled), no spec but
/// Java's implicit constraints (a failed assertion is an exception escaping), and the method
/// under test (`request.method`) the only code whose statements are suspects.
pub fn spec_from_test_request(
    request: &SubjectRequest,
    from: &FromTest,
) -> Result<SubjectRequest, EngineError> {
    let Some(blame) = request.method.clone() else {
        return Err(EngineError::Usage(
            "--spec-from-test needs --method: the method under test, whose statements are the suspects".into(),
        ));
    };
    if request.spec.is_some() || request.ensures.is_some() {
        return Err(EngineError::Usage(
            "--spec-from-test takes the test's assertions as the specification: leave out --spec and --ensures".into(),
        ));
    }
    let (root, file, method) = locate(from)?;
    let mut java = request.java.clone();
    java.push(file.clone());
    Ok(SubjectRequest {
        java,
        method: Some(format!("{}.{method}", class_of(&root, &file))),
        blame: Some(blame),
        classpath: classpath(&from.classpath)?,
        library_from: Vec::new(),
        ..request.clone()
    })
}

/// The first of `requests` (methods with their specs) whose method the test calls with a
/// violating run: its request (the test's sources joining the library names), subject and
/// failing run. A method the test does not call, or calls without a violation, gives way to the
/// next; any other error stops the search.
pub fn capture_first_failure(
    requests: &[SubjectRequest],
    from: &FromTest,
    engine: EngineKind,
    limits: &RunLimits,
) -> Result<(SubjectRequest, Subject, CapturedFailure), EngineError> {
    let root = from.source_root()?;
    let mut misses = Vec::new();
    for req in requests {
        let mut req = req.clone();
        req.library_from = vec![root.clone()];
        let subject = Subject::load(&req)?;
        match capture_failure(&subject, from, engine, limits) {
            Ok(found) => return Ok((req, subject, found)),
            Err(EngineError::NoFailingCall(why)) => misses.push(why),
            Err(e) => return Err(e),
        }
    }
    match misses.as_slice() {
        [one] => Err(EngineError::NoFailingCall(one.clone())),
        _ => Err(EngineError::NoFailingCall(format!(
            "no method tried has a call in the test that violates its spec:\n  - {}",
            misses.join("\n  - ")
        ))),
    }
}

/// A call's input as `--input` would read it from the JSON `sattar capture` writes (so what
/// localizes is what round-trips), or why it cannot be one.
fn readable(subject: &Subject, call: &CapturedCall, k: usize) -> Result<TestInput, EngineError> {
    let refuse = |why: String| {
        EngineError::Usage(format!(
            "call {} of {} (at {}) cannot be captured: {why}",
            k + 1,
            subject.method_name(),
            place(call)
        ))
    };
    let input = call.input.as_ref().map_err(|why| refuse(why.clone()))?;
    let json = sattar_heap::input_to_json(input).to_string();
    let name = format!("the input of call {}", k + 1);
    match subject.input_from_str(&json, &name) {
        Ok((input, _)) => Ok(input),
        Err(e) => Err(refuse(e.to_string())),
    }
}

/// A path as a comparison of files sees it (absolute and resolved when it exists).
fn same_file(path: &str) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| PathBuf::from(path))
}

fn place(call: &CapturedCall) -> String {
    match call.line {
        0 => "an unknown line".into(),
        n => format!("{}:{n}", call.file),
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("").trim()
}

/// The test's source root, its file and its method.
fn locate(from: &FromTest) -> Result<(PathBuf, PathBuf, String), EngineError> {
    let usage = |m: String| EngineError::Usage(format!("--from-test {}: {m}", from.test));
    let (left, method) = from
        .test
        .rsplit_once('#')
        .filter(|(l, m)| !l.is_empty() && !m.is_empty())
        .ok_or_else(|| usage("write CLASS#METHOD (`ClassTest#testName`, `pkg.ClassTest#testName` or `path/ClassTest.java#testName`)".into()))?;
    let roots = match from.test_roots.is_empty() {
        false => from.test_roots.clone(),
        true => vec![PathBuf::from(TEST_ROOT)],
    };
    let (root, file) = test_file(left, &roots).map_err(usage)?;
    Ok((root, file, method.to_string()))
}

/// The JUnit test `from` names: its class, sources and class path.
fn junit_test(from: &FromTest) -> Result<JUnitTest, EngineError> {
    let (root, file, method) = locate(from)?;
    let class = class_of(&root, &file);
    let sources = crate::sources::read_sources(std::slice::from_ref(&root))?
        .into_iter()
        .map(|s| (s.path, s.text))
        .collect();
    Ok(JUnitTest {
        sources,
        class,
        method,
        classpath: classpath(&from.classpath)?,
        timeout: from.timeout,
        max_calls: from.max_calls,
    })
}

/// The binary name of the class of `file` under source root `root` (`pkg/ClassTest.java` →
/// `pkg.ClassTest`).
fn class_of(root: &Path, file: &Path) -> String {
    file.strip_prefix(root)
        .unwrap_or(file)
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(".")
}

/// The test's source root and file: a path to a `.java` file (its root is the test root holding
/// it, else its folder), or a class name searched in the test roots.
fn test_file(left: &str, roots: &[PathBuf]) -> Result<(PathBuf, PathBuf), String> {
    if left.ends_with(".java") {
        let file = PathBuf::from(left);
        if !file.is_file() {
            return Err(format!("{left}: no such file"));
        }
        let root = roots
            .iter()
            .find(|r| file.starts_with(r))
            .cloned()
            .unwrap_or_else(|| file.parent().map_or_else(PathBuf::new, Path::to_path_buf));
        return Ok((root, file));
    }
    let relative = format!("{}.java", left.replace('.', "/"));
    let simple = format!("{}.java", left.rsplit('.').next().unwrap_or(left));
    let mut found = Vec::new();
    for root in roots.iter().filter(|r| r.is_dir()) {
        let direct = root.join(&relative);
        if direct.is_file() {
            found.push((root.clone(), direct));
            continue;
        }
        if !left.contains('.') {
            find_named(root, &simple, &mut |f| found.push((root.clone(), f)));
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!(
            "no {simple} under {}: give the test's path (`path/{simple}#test`) or its folder \
             with --test-path",
            roots
                .iter()
                .map(|r| r.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
        _ => Err(format!(
            "several test classes match: {}; give the package (`pkg.{left}#test`)",
            found
                .iter()
                .map(|(_, f)| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Calls `found` for each file named `name` below `dir`, in sorted order.
fn find_named(dir: &Path, name: &str, found: &mut dyn FnMut(PathBuf)) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            find_named(&p, name, found);
        } else if p.file_name().is_some_and(|f| f == name) {
            found(p);
        }
    }
}

/// The user's class path, and the JUnit Platform from Debian's `junit5` when the user's holds
/// no launcher.
fn classpath(user: &[PathBuf]) -> Result<Vec<PathBuf>, EngineError> {
    if let Some(missing) = user.iter().find(|p| !p.exists()) {
        return Err(EngineError::Usage(format!(
            "--classpath: {} does not exist",
            missing.display()
        )));
    }
    let has_launcher = user.iter().any(|p| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        name.contains("junit-platform-launcher") || name.contains("console-standalone")
    });
    let mut out = user.to_vec();
    if !has_launcher {
        let jar = PathBuf::from(DEBIAN_JUNIT);
        if !jar.is_file() {
            return Err(EngineError::Usage(format!(
                "running the test needs the JUnit Platform: give its jars with --classpath \
                 (junit-platform-launcher, the engine, the API and their dependencies), or \
                 install Debian's junit5 (`sudo apt-get install -y junit5`, which provides \
                 {DEBIAN_JUNIT})"
            )));
        }
        out.push(jar);
    }
    Ok(out)
}
