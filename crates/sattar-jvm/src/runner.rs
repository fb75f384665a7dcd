//! The parent side: compiles the subject, starts and restarts the worker, runs tests with a
//! wall-clock limit, and turns the worker's answers into [`Execution`]s.

use crate::compile::compile;
use crate::layout::Layout;
use crate::protocol::{
    from_wire_heap, to_wire_objects, to_wire_statics, to_wire_type, to_wire_value, CaptureRequest,
    Request, Response, RunEnd, RunRequest, WireValue,
};
use crate::JvmError;
use sattar_heap::{FieldType, Heap, MethodSig, Schema, TestInput, Value};
use sattar_java::{BranchEvent, Execution, MethodId, Program, StmtId, Termination};
use sattar_jdk::{default_cache_dir, Jdk};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How to start the worker process: a program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerCommand {
    /// The executable.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
}

impl WorkerCommand {
    /// The current executable re-run as `EXE __jvm-worker` (what the `sattar` CLI does).
    pub fn current_exe() -> Result<WorkerCommand, JvmError> {
        let program = std::env::current_exe()
            .map_err(|e| JvmError::Worker(format!("cannot find the current executable: {e}")))?;
        Ok(WorkerCommand {
            program,
            args: vec!["__jvm-worker".into()],
        })
    }
}

/// Options of a [`JvmRunner`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JvmOptions {
    /// Statements and condition evaluations per test before `StepLimit`.
    pub max_steps: u64,
    /// Wall-clock limit per test; past it the worker is killed and the test is `TimedOut`.
    pub timeout: Duration,
    /// The worker JVM's maximum heap (`-Xmx`), MiB.
    pub heap_mb: u32,
    /// Where compiled subjects are cached (default [`default_cache_dir`]).
    pub cache_dir: Option<PathBuf>,
    /// The worker command (default [`WorkerCommand::current_exe`]).
    pub worker: Option<WorkerCommand>,
}

impl Default for JvmOptions {
    fn default() -> Self {
        JvmOptions {
            max_steps: 100_000,
            timeout: Duration::from_secs(5),
            heap_mb: 256,
            cache_dir: None,
            worker: None,
        }
    }
}

/// A live worker process.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
}

const STDERR_TAIL: usize = 2000;

impl Worker {
    fn spawn(cmd: &WorkerCommand) -> Result<Worker, JvmError> {
        let mut child = Command::new(&cmd.program)
            .args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| {
                JvmError::Worker(format!("cannot start {}: {e}", cmd.program.display()))
            })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            return Err(JvmError::Worker("worker pipes unavailable".into()));
        };
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(String::new()));
        let sink = tail.clone();
        std::thread::spawn(move || keep_tail(stderr, &sink));
        Ok(Worker {
            child,
            stdin,
            lines,
            stderr: tail,
        })
    }

    fn send(&mut self, req: &Request) -> std::io::Result<()> {
        let mut line = serde_json::to_vec(req).map_err(std::io::Error::other)?;
        line.push(b'\n');
        self.stdin.write_all(&line)?;
        self.stdin.flush()
    }

    /// Kills the process (if alive) and says how it ended.
    fn finish(mut self, kill: bool) -> String {
        if kill {
            let _ = self.child.kill();
        }
        let status = self
            .child
            .wait()
            .map_or_else(|e| e.to_string(), |s| s.to_string());
        let tail = self
            .stderr
            .lock()
            .map(|t| t.trim().to_string())
            .unwrap_or_default();
        if tail.is_empty() {
            status
        } else {
            format!("{status}; stderr: {tail}")
        }
    }
}

fn keep_tail(mut from: impl Read, tail: &Mutex<String>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = from.read(&mut buf) {
        if n == 0 {
            break;
        }
        if let Ok(mut t) = tail.lock() {
            t.push_str(&String::from_utf8_lossy(&buf[..n]));
            if t.len() > 2 * STDERR_TAIL {
                let cut = t.len() - STDERR_TAIL;
                let cut = (cut..t.len())
                    .find(|i| t.is_char_boundary(*i))
                    .unwrap_or(t.len());
                t.drain(..cut);
            }
        }
    }
}

/// What a new worker is told first: where the JVM and the classes are, and their layout.
#[derive(Clone)]
struct Start {
    libjvm: String,
    classpath: String,
    statements: u32,
}

/// What a worker's classes are compiled from: sources and the class path they are compiled (and
/// run) against.
struct Build<'a> {
    files: &'a [(String, String)],
    classpath: &'a [PathBuf],
}

/// Runs tests of one compiled subject on the real JVM.
pub struct JvmRunner {
    opts: JvmOptions,
    worker_cmd: WorkerCommand,
    start: Start,
    layout: Layout,
    schema: Schema,
    /// The program (for the objects and statics every run starts with); `None` for raw sources.
    program: Option<Box<Program>>,
    sigs: Vec<MethodSig>,
    worker: Option<Worker>,
    startup: Duration,
}

impl JvmRunner {
    /// Instruments, compiles (or reuses the cached build of) `program` and starts a worker.
    pub fn start(program: &Program, opts: JvmOptions) -> Result<JvmRunner, JvmError> {
        JvmRunner::start_against(program, &[], opts)
    }

    /// [`JvmRunner::start`] for a program compiled and run against the jars and folders of
    /// `classpath` (a test class analysed as the program needs JUnit).
    pub fn start_against(
        program: &Program,
        classpath: &[PathBuf],
        opts: JvmOptions,
    ) -> Result<JvmRunner, JvmError> {
        let files = crate::instrument::instrument(program);
        let sigs = (0..program.methods.len() as u32)
            .map(|m| program.sig(MethodId(m)))
            .collect();
        let layout = Layout::of_program(program);
        let statements = program.stmts.len() as u32;
        let build = Build {
            files: &files,
            classpath,
        };
        let mut r = JvmRunner::start_inner(build, program.schema(), layout, statements, opts)?;
        r.sigs = sigs;
        r.program = Some(Box::new(program.clone()));
        Ok(r)
    }

    /// A worker for a capture build: `files` (the program instrumented with the capture probe,
    /// the capture runtime and the tests) compiled against `classpath`, which the JVM gets too.
    pub(crate) fn start_capture(
        program: &Program,
        files: &[(String, String)],
        classpath: &[PathBuf],
        opts: JvmOptions,
    ) -> Result<JvmRunner, JvmError> {
        let layout = Layout::of_program(program);
        let statements = program.stmts.len() as u32;
        let build = Build { files, classpath };
        JvmRunner::start_inner(build, program.schema(), layout, statements, opts)
    }

    /// Sends one capture request and waits for its answer for at most `timeout` (the worker is
    /// killed past it).
    pub(crate) fn capture(
        &mut self,
        req: CaptureRequest,
        timeout: Duration,
    ) -> Result<Response, JvmError> {
        let w = self.ensure_worker()?;
        if let Err(e) = w.send(&Request::Capture(req)) {
            let tail = self.stop_worker(true);
            return Err(JvmError::Worker(format!(
                "cannot talk to the worker: {e}; {tail}"
            )));
        }
        let answer = match w.lines.recv_timeout(timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                let tail = self.stop_worker(true);
                return Err(JvmError::Worker(format!(
                    "the test did not end within {} s (--test-timeout); {tail}",
                    timeout.as_secs_f64()
                )));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let tail = self.stop_worker(false);
                return Err(JvmError::Worker(format!(
                    "the JVM died during the test: {tail}"
                )));
            }
        };
        serde_json::from_str::<Response>(&answer)
            .map_err(|e| JvmError::Worker(format!("bad answer from the worker: {e}")))
    }

    /// The lower-level entry point: compiles a raw Java source (not instrumented: no coverage,
    /// trace or step budget) whose classes are described by `schema`, for code outside the front
    /// end's subset. Run its methods with [`JvmRunner::run_sig`].
    pub fn start_source(
        file: &str,
        source: &str,
        schema: &Schema,
        opts: JvmOptions,
    ) -> Result<JvmRunner, JvmError> {
        let files = [(file.to_string(), source.to_string())];
        let build = Build {
            files: &files,
            classpath: &[],
        };
        JvmRunner::start_inner(build, schema.clone(), Layout::of_schema(schema), 0, opts)
    }

    fn start_inner(
        build: Build,
        schema: Schema,
        layout: Layout,
        statements: u32,
        opts: JvmOptions,
    ) -> Result<JvmRunner, JvmError> {
        let jdk = Jdk::locate()?;
        let cache = opts.cache_dir.clone().unwrap_or_else(default_cache_dir);
        let (files, classpath) = (build.files, build.classpath);
        let classes_dir = compile(&jdk, &cache, files, &layout.unfinal, classpath)?;
        let worker_cmd = match &opts.worker {
            Some(w) => w.clone(),
            None => WorkerCommand::current_exe()?,
        };
        let start = Start {
            libjvm: jdk.libjvm.to_string_lossy().into_owned(),
            classpath: std::env::join_paths(std::iter::once(&classes_dir).chain(classpath))
                .map_err(|e| JvmError::Io(format!("the class path: {e}")))?
                .to_string_lossy()
                .into_owned(),
            statements,
        };
        let mut r = JvmRunner {
            opts,
            worker_cmd,
            start,
            layout,
            schema,
            program: None,
            sigs: Vec::new(),
            worker: None,
            startup: Duration::ZERO,
        };
        r.ensure_worker()?;
        Ok(r)
    }

    /// How long the last worker start took (process spawn to JVM ready).
    pub fn startup_time(&self) -> Duration {
        self.startup
    }

    /// Sets the step budget for the following tests.
    pub fn set_max_steps(&mut self, max_steps: u64) {
        self.opts.max_steps = max_steps;
    }

    fn ensure_worker(&mut self) -> Result<&mut Worker, JvmError> {
        if self.worker.is_none() {
            let t0 = std::time::Instant::now();
            let mut w = Worker::spawn(&self.worker_cmd)?;
            let start = self.start.clone();
            let req = Request::Init {
                libjvm: start.libjvm,
                classpath: start.classpath,
                heap_mb: self.opts.heap_mb,
                classes: self.layout.classes.clone(),
                statements: start.statements,
                initialize: self.layout.initialize.clone(),
            };
            if let Err(e) = w.send(&req) {
                return Err(JvmError::Worker(format!(
                    "cannot talk to the worker: {e}; {}",
                    w.finish(true)
                )));
            }
            match w
                .lines
                .recv_timeout(Duration::from_secs(60))
                .map(|l| serde_json::from_str::<Response>(&l))
            {
                Ok(Ok(Response::Ready)) => {}
                Ok(Ok(Response::Error(e))) => {
                    return Err(JvmError::Worker(format!("{e}; {}", w.finish(true))))
                }
                Ok(other) => {
                    return Err(JvmError::Worker(format!(
                        "unexpected answer {other:?}; {}",
                        w.finish(true)
                    )))
                }
                Err(_) => {
                    return Err(JvmError::Worker(format!(
                        "the worker did not start: {}",
                        w.finish(true)
                    )))
                }
            }
            self.startup = t0.elapsed();
            self.worker = Some(w);
        }
        self.worker
            .as_mut()
            .ok_or_else(|| JvmError::Worker("no worker".into()))
    }

    /// Runs method `m` of the program on `input`.
    pub fn run(&mut self, m: MethodId, input: &TestInput) -> Result<Execution, JvmError> {
        let sig = self
            .sigs
            .get(m.0 as usize)
            .cloned()
            .ok_or_else(|| JvmError::BadInput {
                method: format!("method #{}", m.0),
                why: "no such method".into(),
            })?;
        self.run_sig(&sig, input)
    }

    /// Runs the method with signature `sig` on `input`.
    pub fn run_sig(&mut self, sig: &MethodSig, input: &TestInput) -> Result<Execution, JvmError> {
        // The objects and statics every run starts with, as the interpreter adds them.
        let with_env;
        let input = match &self.program {
            Some(p) => {
                with_env = p.with_environment(input);
                &with_env
            }
            None => input,
        };
        let req = self.request(sig, input)?;
        let timeout = self.opts.timeout;
        let w = self.ensure_worker()?;
        if w.send(&Request::Run(req)).is_err() {
            return Ok(self.died(input, false));
        }
        let answer = match w.lines.recv_timeout(timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                if let Some(w) = self.worker.take() {
                    w.finish(true);
                }
                return Ok(unobserved(input, Termination::TimedOut));
            }
            Err(RecvTimeoutError::Disconnected) => return Ok(self.died(input, false)),
        };
        match serde_json::from_str::<Response>(&answer) {
            Ok(Response::Done {
                end,
                covered,
                trace,
                trace_dropped,
                post,
                statics,
                steps,
            }) => {
                let post = from_wire_heap(&post, &statics);
                let mut ex = self.done(input, end, covered, trace, &post, steps);
                ex.trace_dropped = trace_dropped;
                Ok(ex)
            }
            Ok(Response::Exited(code)) => {
                if let Some(w) = self.worker.take() {
                    w.finish(false);
                }
                Ok(unobserved(input, Termination::Exited(code)))
            }
            Ok(Response::Error(e)) => Err(JvmError::Worker(e)),
            Ok(Response::Ready | Response::Captured { .. }) => {
                Err(JvmError::Worker(format!("unexpected answer {answer}")))
            }
            Err(e) => Err(JvmError::Worker(format!("bad answer from the worker: {e}"))),
        }
    }

    /// The worker died during a test: a crash.
    fn died(&mut self, input: &TestInput, kill: bool) -> Execution {
        unobserved(input, Termination::Crashed(self.stop_worker(kill)))
    }

    /// Ends the worker (killed if `kill`); what it said last on stderr.
    fn stop_worker(&mut self, kill: bool) -> String {
        self.worker
            .take()
            .map_or_else(|| "worker gone".into(), |w| w.finish(kill))
    }

    fn request(&self, sig: &MethodSig, input: &TestInput) -> Result<RunRequest, JvmError> {
        let qualified = format!("{}.{}", sig.class, sig.name);
        let bad = |why: String| JvmError::BadInput {
            method: qualified.clone(),
            why,
        };
        if sig.is_static == input.this.is_some() {
            return Err(bad(if sig.is_static {
                "a static method takes no receiver".into()
            } else {
                "a receiver is needed".into()
            }));
        }
        if let Some(t) = &input.this {
            let fits = |o: &sattar_heap::Object| self.schema.is_subtype(&o.class, &sig.class);
            if !input.heap.get(t).is_some_and(fits) {
                return Err(bad(format!(
                    "the receiver {t} is not a {} of the heap",
                    sig.class
                )));
            }
        }
        let mut args: Vec<WireValue> = sig
            .params
            .iter()
            .map(|(p, t)| {
                input
                    .arg(p)
                    .map(|v| to_wire_value(v, Some(t)))
                    .ok_or_else(|| bad(format!("missing argument {p}")))
            })
            .collect::<Result<_, _>>()?;
        if let Some(why) = dangling(&input.heap).or_else(|| self.unallocatable(&input.heap)) {
            return Err(bad(why));
        }
        let mut descriptor = self.layout.method_descriptor(sig);
        if let (Some(t), true, Some((outer, field))) = (
            &input.this,
            sig.name == "<init>",
            self.layout.outer(&sig.class),
        ) {
            // The enclosing instance the constructor stores is the receiver's own.
            let v = input.heap.field(t, field).cloned().unwrap_or(Value::Null);
            args.insert(0, to_wire_value(&v, None));
            let first = self.layout.descriptor(&FieldType::Ref(outer.clone()));
            descriptor = format!("({first}{}", &descriptor[1..]);
        }
        Ok(RunRequest {
            class: sig.class.clone(),
            method: sig.name.clone(),
            descriptor,
            is_static: sig.is_static,
            ret: sig.ret.as_ref().map(to_wire_type),
            this: input.this.as_ref().map(|t| t.0.clone()),
            args,
            objects: to_wire_objects(&input.heap, &self.schema),
            statics: to_wire_statics(&input.heap, &self.schema),
            max_steps: self.opts.max_steps,
        })
    }

    /// An object the JVM cannot hold as the heap says, if any: of a class it does not know, of
    /// an abstract class or interface, or of an enum without being one of its constants.
    fn unallocatable(&self, heap: &Heap) -> Option<String> {
        heap.objects.iter().find_map(|(id, o)| {
            let Some(c) = self.schema.classes.get(&o.class) else {
                return Some(format!(
                    "{id} is of class {}, which the subject does not declare",
                    o.class
                ));
            };
            if let Some(element) = &c.element {
                return self.unfit_array(heap, id, o, element);
            }
            if c.is_abstract {
                return Some(format!(
                    "{id} is of {}, which is abstract: give it a class that extends it",
                    o.class
                ));
            }
            let foreign = !c.constants.is_empty() && !c.constants.iter().any(|k| k == id.as_str());
            foreign.then(|| {
                format!(
                    "{id} is of the enum {}: use one of its constants ({})",
                    o.class,
                    c.constants.join(", ")
                )
            })
        })
    }

    /// Why an array object of the heap is not one the JVM can hold, if it is not: a length
    /// that is not a non-negative int, a field that is no element below it, an element of a
    /// class the array's (reified) element type does not admit.
    fn unfit_array(
        &self,
        heap: &Heap,
        id: &sattar_heap::ObjId,
        o: &sattar_heap::Object,
        element: &FieldType,
    ) -> Option<String> {
        let Some(len) = o.length() else {
            return Some(format!(
                "{id} is an array ({}) without a non-negative int length",
                o.class
            ));
        };
        o.fields.iter().find_map(|(f, v)| {
            if f == sattar_heap::ARRAY_LENGTH {
                return None;
            }
            match sattar_heap::element_index(f) {
                Some(i) if i < len => {}
                _ => {
                    return Some(format!(
                        "{id} is an array ({}) of length {len} with a field {f}: an array has \
                         only its elements 0..{len}",
                        o.class
                    ))
                }
            }
            let (Value::Ref(r), FieldType::Ref(e)) = (v, element) else {
                return None;
            };
            let class = &heap.get(r)?.class;
            (!self.schema.is_subtype(class, e)).then(|| {
                format!(
                    "element {f} of {id} ({}) is {r}, of class {class}, which the array cannot \
                     hold (an ArrayStoreException in Java)",
                    o.class
                )
            })
        })
    }

    fn done(
        &mut self,
        input: &TestInput,
        end: RunEnd,
        covered: Vec<u32>,
        trace: Vec<u32>,
        post: &sattar_heap::Heap,
        steps: u64,
    ) -> Execution {
        let termination = match end {
            RunEnd::Returned(v) => {
                Termination::Returned(v.as_ref().map(crate::protocol::from_wire_value))
            }
            RunEnd::Threw(e) => Termination::Threw(self.layout.exception(&e)),
            RunEnd::StepLimit => Termination::StepLimit,
        };
        if termination == Termination::Threw(crate::worker::OOM.into()) {
            if let Some(w) = self.worker.take() {
                w.finish(true);
            }
            return unobserved(input, termination);
        }
        let (termination, post) = sattar_java::interp::canonical_outcome(post, input, termination);
        Execution {
            termination,
            post,
            covered: covered.into_iter().map(StmtId).collect(),
            trace: trace
                .into_iter()
                .map(|e| BranchEvent {
                    stmt: StmtId(e / 2),
                    taken: e % 2 == 1,
                })
                .collect(),
            trace_dropped: 0,
            steps,
        }
    }
}

/// A reference to an object the heap does not hold, if any.
fn dangling(heap: &Heap) -> Option<String> {
    let refs = heap
        .objects
        .iter()
        .flat_map(|(id, o)| o.fields.values().map(move |v| (id.to_string(), v)));
    let statics = heap.statics.iter().map(|(k, v)| (k.clone(), v));
    refs.chain(statics).find_map(|(at, v)| match v {
        Value::Ref(r) if heap.get(r).is_none() => {
            Some(format!("{at} refers to {r}, which is not in the heap"))
        }
        _ => None,
    })
}

/// An outcome whose coverage and post-state could not be observed (the worker is gone): empty
/// coverage and trace, the pre-state as the post-state.
fn unobserved(input: &TestInput, termination: Termination) -> Execution {
    Execution {
        termination,
        post: input.heap.clone(),
        covered: BTreeSet::new(),
        trace: Vec::new(),
        trace_dropped: 0,
        steps: 0,
    }
}

impl Drop for JvmRunner {
    fn drop(&mut self) {
        if let Some(w) = self.worker.take() {
            w.finish(true);
        }
    }
}
