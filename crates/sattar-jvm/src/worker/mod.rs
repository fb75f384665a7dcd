//! The worker process: hosts one JVM (JNI invocation API) and runs tests sent over stdin,
//! answering on the original stdout. Java's own output goes to stderr.

mod capture;

use crate::protocol::{
    Request, Response, RunEnd, RunRequest, WireClass, WireField, WireObject, WireType, WireValue,
};
use jni::objects::{
    GlobalRef, JBooleanArray, JByteArray, JCharArray, JClass, JFieldID, JIntArray, JLongArray,
    JMethodID, JObject, JObjectArray, JShortArray, JStaticFieldID, JStaticMethodID, JString,
    JValue, JValueOwned,
};
use jni::signature::{JavaType, Primitive, ReturnType};
use jni::sys::{jint, jvalue, JavaVMInitArgs, JavaVMOption, JNI_OK, JNI_VERSION_1_8};
use jni::JNIEnv;
use sattar_java::TRACE_LIMIT;
use std::collections::HashMap;
use std::ffi::{c_void, CString};
use std::io::BufRead;
use std::sync::atomic::{AtomicI32, Ordering};

/// The stack size of the thread that hosts the JVM and runs the tests.
pub const WORKER_STACK_BYTES: usize = 2 << 20;

/// The file descriptor the protocol is written to (the original stdout).
static PROTO_FD: AtomicI32 = AtomicI32::new(1);

type Res<T> = Result<T, String>;

/// The class name of an out-of-memory outcome.
pub const OOM: &str = "java.lang.OutOfMemoryError";

/// MiB added to the JVM's heap for the trace buffer (`TRACE_LIMIT` ints, and some slack).
const TRACE_MB: u32 = (TRACE_LIMIT * 4 / (1 << 20)) as u32 + 4;

/// What the probes recorded in one run.
struct Probes {
    covered: Vec<u32>,
    trace: Vec<u32>,
    trace_dropped: u64,
    steps: u64,
}

/// Runs the worker: reads requests on stdin, answers on stdout; never returns.
pub fn worker_main() -> ! {
    // SAFETY: plain fd duplication; fd 1 then points at stderr so Java output cannot corrupt
    // the protocol.
    let fd = unsafe { libc::dup(1) };
    // SAFETY: as above: stderr duplicated onto fd 1.
    if fd >= 0 && unsafe { libc::dup2(2, 1) } >= 0 {
        PROTO_FD.store(fd, Ordering::SeqCst);
    }
    let thread = std::thread::Builder::new()
        .name("sattar-jvm".into())
        .stack_size(WORKER_STACK_BYTES)
        .spawn(serve);
    let code = match thread.map(|t| t.join()) {
        Ok(Ok(Ok(()))) => 0,
        Ok(Ok(Err(e))) => {
            eprintln!("sattar-jvm-worker: {e}");
            2
        }
        _ => 3,
    };
    std::process::exit(code)
}

fn send(resp: &Response) -> Res<()> {
    let mut line = serde_json::to_vec(resp).map_err(|e| e.to_string())?;
    line.push(b'\n');
    write_all(&line)
}

fn write_all(mut buf: &[u8]) -> Res<()> {
    let fd = PROTO_FD.load(Ordering::SeqCst);
    while !buf.is_empty() {
        // SAFETY: writing an owned buffer to a file descriptor.
        let n = unsafe { libc::write(fd, buf.as_ptr().cast(), buf.len()) };
        if n <= 0 {
            return Err(std::io::Error::last_os_error().to_string());
        }
        buf = &buf[n as usize..];
    }
    Ok(())
}

/// The JVM's `exit` hook: `System.exit(code)` reports itself, then the process ends.
extern "system" fn exit_hook(code: jint) {
    let _ = write_all(format!("{{\"Exited\":{code}}}\n").as_bytes());
    // SAFETY: ending the process is what the hook is for.
    unsafe { libc::_exit(code) }
}

fn serve() -> Res<()> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let first = lines
        .next()
        .ok_or("no init request")?
        .map_err(|e| e.to_string())?;
    let Ok(Request::Init {
        libjvm,
        classpath,
        heap_mb,
        classes,
        statements,
        initialize,
    }) = serde_json::from_str(&first)
    else {
        return Err("the first request must be Init".into());
    };
    let mut env = match create_vm(&libjvm, &classpath, heap_mb) {
        Ok(env) => env,
        Err(e) => return send(&Response::Error(e)),
    };
    let mut bridge = match Bridge::new(&mut env, &classes, statements, &initialize) {
        Ok(b) => b,
        Err(e) => return send(&Response::Error(e)),
    };
    send(&Response::Ready)?;
    for line in lines {
        let line = line.map_err(|e| e.to_string())?;
        let resp = match serde_json::from_str::<Request>(&line) {
            Ok(Request::Run(req)) => env
                .with_local_frame(256, |env| bridge.run(env, &req))
                .unwrap_or_else(|e| Response::Error(e.to_string())),
            Ok(Request::Capture(req)) => capture::run(&bridge, &mut env, &req),
            Ok(Request::Init { .. }) => Response::Error("the worker is already initialized".into()),
            Err(e) => Response::Error(format!("bad request: {e}")),
        };
        // A failed JNI call of the bridge may leave an exception pending: the next test must
        // not inherit it.
        let _ = env.exception_clear();
        send(&resp)?;
    }
    Ok(())
}

/// An error inside a local frame: a JNI failure or a message.
#[derive(Debug)]
enum JniOrMsg {
    Jni(jni::errors::Error),
    Msg(String),
}

impl From<jni::errors::Error> for JniOrMsg {
    fn from(e: jni::errors::Error) -> Self {
        JniOrMsg::Jni(e)
    }
}

impl std::fmt::Display for JniOrMsg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JniOrMsg::Jni(e) => write!(f, "JNI: {e}"),
            JniOrMsg::Msg(m) => f.write_str(m),
        }
    }
}

type CreateVm =
    unsafe extern "system" fn(*mut *mut jni::sys::JavaVM, *mut *mut c_void, *mut c_void) -> jint;

/// Loads libjvm and creates the JVM on the current thread, with the `exit` hook installed.
fn create_vm(libjvm: &str, classpath: &str, heap_mb: u32) -> Res<JNIEnv<'static>> {
    // SAFETY: loading the JDK's libjvm; it is never unloaded (forgotten below).
    let lib = unsafe { libloading::Library::new(libjvm) }
        .map_err(|e| format!("cannot load {libjvm}: {e}"))?;
    // SAFETY: the symbol has the JNI invocation API's signature.
    let create: CreateVm = *unsafe { lib.get::<CreateVm>(b"JNI_CreateJavaVM\0") }
        .map_err(|e| format!("{libjvm}: {e}"))?;
    std::mem::forget(lib);
    let opts = [
        format!("-Djava.class.path={classpath}"),
        // The code under test gets its whole heap: the trace buffer comes on top.
        format!("-Xmx{}m", heap_mb.saturating_add(TRACE_MB)),
        "-XX:+UseSerialGC".into(),
        // Assertions enabled, as tests run them (and as sattar's engines model `assert`).
        "-ea".into(),
        "-XX:TieredStopAtLevel=1".into(),
        "-XX:-UsePerfData".into(),
        "-Xshare:auto".into(),
        "exit".into(),
    ];
    let cstrs: Vec<CString> = opts
        .iter()
        .map(|o| CString::new(o.as_str()).map_err(|e| e.to_string()))
        .collect::<Res<_>>()?;
    let mut options: Vec<JavaVMOption> = cstrs
        .iter()
        .map(|c| JavaVMOption {
            optionString: c.as_ptr().cast_mut(),
            extraInfo: std::ptr::null_mut(),
        })
        .collect();
    if let Some(last) = options.last_mut() {
        last.extraInfo = exit_hook as *mut c_void;
    }
    let mut args = JavaVMInitArgs {
        version: JNI_VERSION_1_8,
        nOptions: options.len() as jint,
        options: options.as_mut_ptr(),
        ignoreUnrecognized: 0,
    };
    let mut vm = std::ptr::null_mut();
    let mut env = std::ptr::null_mut();
    // SAFETY: valid init args that outlive the call.
    let rc = unsafe { create(&mut vm, &mut env, (&mut args as *mut JavaVMInitArgs).cast()) };
    if rc != JNI_OK || env.is_null() {
        return Err(format!("JNI_CreateJavaVM failed with code {rc}"));
    }
    // SAFETY: env is the creating thread's valid JNIEnv, used only on this thread.
    unsafe { JNIEnv::from_raw(env.cast()) }.map_err(|e| e.to_string())
}

/// A subject class: its class object and field ids.
struct ClassInfo {
    name: String,
    class: GlobalRef,
    fields: Vec<(String, WireType, JFieldID)>,
    /// For an array class: its elements.
    element: Option<ArrayOf>,
    /// A JDK collection sattar models: built by `add`, read by `toArray()`.
    collection: bool,
    /// `java.lang.String`: built by `new String(char[])`, read by `toCharArray()`.
    string: bool,
    /// `java.lang.StringBuilder`: built from a String, read by `toString().toCharArray()`.
    builder: bool,
}

/// What an array class holds: primitives of one type, or references of an element class.
enum ArrayOf {
    Primitive(Primitive),
    /// The element class (`NewObjectArray` needs it).
    Ref(GlobalRef),
}

/// A static field that is state: its heap key (`pkg.Class.field`), type, class and id.
struct StaticInfo {
    key: String,
    ty: WireType,
    class: GlobalRef,
    id: JStaticFieldID,
}

/// Cached classes and ids.
struct Bridge {
    classes: Vec<ClassInfo>,
    by_name: HashMap<String, usize>,
    statics: Vec<StaticInfo>,
    static_index: HashMap<String, usize>,
    /// Enum constants by object id (`pkg.Color.RED`): the JVM's own objects.
    constants: HashMap<String, GlobalRef>,
    statements: u32,
    cov: GlobalRef,
    reset: JStaticMethodID,
    hit: JStaticFieldID,
    trace: JStaticFieldID,
    len: JStaticFieldID,
    dropped: JStaticFieldID,
    steps: JStaticFieldID,
    system: GlobalRef,
    identity: JStaticMethodID,
    step_error: GlobalRef,
    oom: GlobalRef,
    methods: HashMap<(String, String, String), Callee>,
}

#[derive(Clone, Copy)]
enum Callee {
    Static(JStaticMethodID),
    /// An instance method or constructor, called without dispatch.
    Instance(JMethodID),
}

/// A JNI failure as a message; a pending Java exception is cleared and named.
fn describe(env: &mut JNIEnv, what: &str, err: jni::errors::Error) -> String {
    if !matches!(err, jni::errors::Error::JavaException) {
        return format!("{what}: {err}");
    }
    let ex = match env.exception_occurred() {
        Ok(ex) => ex,
        Err(e) => return format!("{what}: {e}"),
    };
    let _ = env.exception_clear();
    let text = env
        .call_method(&ex, "toString", "()Ljava/lang/String;", &[])
        .and_then(|s| s.l())
        .and_then(|s| env.get_string(<&JString>::from(&s)).map(String::from));
    let _ = env.exception_clear();
    format!(
        "{what}: {}",
        text.unwrap_or_else(|_| "a Java exception".into())
    )
}

fn global_class(env: &mut JNIEnv, jni_name: &str) -> Res<GlobalRef> {
    let c = env
        .find_class(jni_name)
        .map_err(|err| describe(env, &format!("class {jni_name} not found"), err))?;
    env.new_global_ref(c)
        .map_err(|err| describe(env, jni_name, err))
}

/// Runs every class's static initializer now, once: the JVM would run it inside the first test
/// that touches the class, spending that test's steps, while a test's statics are its input's.
fn initialize(env: &mut JNIEnv, names: &[String]) -> Res<()> {
    let loader = env
        .call_static_method(
            "java/lang/ClassLoader",
            "getSystemClassLoader",
            "()Ljava/lang/ClassLoader;",
            &[],
        )
        .and_then(|l| l.l())
        .map_err(|err| describe(env, "the system class loader", err))?;
    for name in names {
        let n = env.new_string(name).map_err(|e| e.to_string())?;
        let class = env.call_static_method(
            "java/lang/Class",
            "forName",
            "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;",
            &[JValue::Object(&n), JValue::Bool(1), JValue::Object(&loader)],
        );
        let _ = env.delete_local_ref(n);
        match class.and_then(|c| c.l()) {
            Ok(c) => {
                let _ = env.delete_local_ref(c);
            }
            Err(err) => {
                let what = format!("the static initialization of {name} failed");
                return Err(describe(env, &what, err));
            }
        }
    }
    Ok(())
}

/// The ids of a class's fields, each looked up in the class declaring it.
struct Owners(HashMap<String, GlobalRef>);

impl Owners {
    fn field(&mut self, env: &mut JNIEnv, class: &str, f: &WireField) -> Res<JFieldID> {
        let owner = match self.0.get(&f.owner) {
            Some(o) => o.clone(),
            None => {
                let o = global_class(env, &f.owner)?;
                self.0.insert(f.owner.clone(), o.clone());
                o
            }
        };
        env.get_field_id(class_ref(&owner), &f.name, &f.descriptor)
            .map_err(|err| {
                let what = format!("field {class}.{} ({}) in {}", f.name, f.descriptor, f.owner);
                describe(env, &what, err)
            })
    }
}

/// A subject class's class object and field ids (an array class's: its element type).
fn class_info(env: &mut JNIEnv, owners: &mut Owners, c: &WireClass) -> Res<ClassInfo> {
    let class = global_class(env, &c.binary)?;
    let mut fields = Vec::new();
    for f in &c.fields {
        let id = owners.field(env, &c.name, f)?;
        fields.push((f.name.clone(), f.ty.clone(), id));
    }
    let element = match &c.element {
        None => None,
        Some(a) => Some(match primitive(&a.ty) {
            Some(p) => ArrayOf::Primitive(p),
            None => ArrayOf::Ref(
                global_class(env, &a.class)
                    .map_err(|e| format!("the elements of {}: {e}", c.name))?,
            ),
        }),
    };
    Ok(ClassInfo {
        name: c.name.clone(),
        class,
        fields,
        element,
        collection: c.collection,
        string: c.string,
        builder: c.builder,
    })
}

/// A class's static fields.
fn static_infos(env: &mut JNIEnv, c: &WireClass, class: &GlobalRef) -> Res<Vec<StaticInfo>> {
    c.statics
        .iter()
        .map(|f| {
            let id = env
                .get_static_field_id(class_ref(class), &f.name, &f.descriptor)
                .map_err(|err| {
                    describe(env, &format!("static field {}.{}", c.name, f.name), err)
                })?;
            Ok(StaticInfo {
                key: format!("{}.{}", c.name, f.name),
                ty: f.ty.clone(),
                class: class.clone(),
                id,
            })
        })
        .collect()
}

/// A model class's constant objects (HashSet's `PRESENT`): `(object id, the JDK's object)`, so
/// that an input's and a run's references to it are the JDK's own.
fn model_constants(
    env: &mut JNIEnv,
    c: &WireClass,
    class: &GlobalRef,
) -> Res<Vec<(String, GlobalRef)>> {
    let mut out = Vec::new();
    for &(owner, field) in sattar_java::library::MODEL_CONSTANTS {
        if c.name != owner {
            continue;
        }
        let what = format!("the JDK's {owner}.{field}");
        let o = env
            .get_static_field(class_ref(class), field, "Ljava/lang/Object;")
            .and_then(|v| v.l())
            .map_err(|err| describe(env, &what, err))?;
        let g = env
            .new_global_ref(o)
            .map_err(|err| describe(env, &what, err))?;
        out.push((format!("{owner}.{field}"), g));
    }
    Ok(out)
}

/// An enum's constants: `(object id, the JVM's constant)`.
fn constants(env: &mut JNIEnv, c: &WireClass, class: &GlobalRef) -> Res<Vec<(String, GlobalRef)>> {
    let descriptor = format!("L{};", c.binary);
    c.constants
        .iter()
        .map(|k| {
            let what = format!("enum constant {}.{k}", c.name);
            let o = env
                .get_static_field(class_ref(class), k, &descriptor)
                .and_then(|v| v.l())
                .map_err(|err| describe(env, &what, err))?;
            let g = env
                .new_global_ref(o)
                .map_err(|err| describe(env, &what, err))?;
            Ok((format!("{}.{k}", c.name), g))
        })
        .collect()
}

fn class_ref(g: &GlobalRef) -> &JClass<'static> {
    <&JClass>::from(g.as_obj())
}

impl Bridge {
    /// Looks up the probe runtime's ids, initializes the program's classes (with an unbounded
    /// step budget: their initializers may run probed code) and looks up the subject's classes,
    /// fields, static fields and enum constants.
    fn new(
        env: &mut JNIEnv,
        classes: &[WireClass],
        statements: u32,
        names: &[String],
    ) -> Res<Bridge> {
        let mut bridge = Bridge::runtime(env, statements)?;
        bridge
            .reset_probes(env, u64::MAX)
            .map_err(|e| format!("Cov.reset: {e}"))?;
        initialize(env, names)?;
        let mut owners = Owners(HashMap::new());
        for c in classes {
            let info = class_info(env, &mut owners, c)?;
            for s in static_infos(env, c, &info.class)? {
                bridge
                    .static_index
                    .insert(s.key.clone(), bridge.statics.len());
                bridge.statics.push(s);
            }
            bridge.constants.extend(constants(env, c, &info.class)?);
            bridge
                .constants
                .extend(model_constants(env, c, &info.class)?);
            bridge.by_name.insert(c.name.clone(), bridge.classes.len());
            bridge.classes.push(info);
        }
        Ok(bridge)
    }

    /// The probe runtime's and the JDK's ids, no subject class yet.
    fn runtime(env: &mut JNIEnv, statements: u32) -> Res<Bridge> {
        let e = |what: &str, err: jni::errors::Error| format!("{what}: {err}");
        let cov = global_class(env, "sattar/Cov")?;
        let system = global_class(env, "java/lang/System")?;
        Ok(Bridge {
            reset: env
                .get_static_method_id(class_ref(&cov), "reset", "(IJI)V")
                .map_err(|err| e("Cov.reset", err))?,
            hit: env
                .get_static_field_id(class_ref(&cov), "hit", "[Z")
                .map_err(|err| e("Cov.hit", err))?,
            trace: env
                .get_static_field_id(class_ref(&cov), "trace", "[I")
                .map_err(|err| e("Cov.trace", err))?,
            len: env
                .get_static_field_id(class_ref(&cov), "len", "I")
                .map_err(|err| e("Cov.len", err))?,
            dropped: env
                .get_static_field_id(class_ref(&cov), "dropped", "J")
                .map_err(|err| e("Cov.dropped", err))?,
            steps: env
                .get_static_field_id(class_ref(&cov), "steps", "J")
                .map_err(|err| e("Cov.steps", err))?,
            identity: env
                .get_static_method_id(
                    class_ref(&system),
                    "identityHashCode",
                    "(Ljava/lang/Object;)I",
                )
                .map_err(|err| e("identityHashCode", err))?,
            step_error: global_class(env, "sattar/StepLimitError")?,
            oom: global_class(env, "java/lang/OutOfMemoryError")?,
            classes: Vec::new(),
            by_name: HashMap::new(),
            statics: Vec::new(),
            static_index: HashMap::new(),
            constants: HashMap::new(),
            statements,
            cov,
            system,
            methods: HashMap::new(),
        })
    }

    fn class(&self, name: &str) -> Result<&ClassInfo, JniOrMsg> {
        self.by_name
            .get(name)
            .map(|i| &self.classes[*i])
            .ok_or_else(|| JniOrMsg::Msg(format!("unknown class {name}")))
    }

    fn callee(&mut self, env: &mut JNIEnv, req: &RunRequest) -> Result<Callee, JniOrMsg> {
        let key = (
            req.class.clone(),
            req.method.clone(),
            req.descriptor.clone(),
        );
        if let Some(c) = self.methods.get(&key) {
            return Ok(*c);
        }
        let cls = class_ref(&self.class(&req.class)?.class);
        let (name, sig) = (&req.method, &req.descriptor);
        let found = if req.is_static {
            env.get_static_method_id(cls, name, sig).map(Callee::Static)
        } else {
            env.get_method_id(cls, name, sig).map(Callee::Instance)
        };
        let what = format!("method {}.{name}{sig}", req.class);
        let callee = found.map_err(|err| JniOrMsg::Msg(describe(env, &what, err)))?;
        self.methods.insert(key, callee);
        Ok(callee)
    }

    /// Runs one test: resets the probes, builds the pre-state, calls the method, and reads back
    /// how it ended, the probes and the post-state.
    fn run<'l>(&mut self, env: &mut JNIEnv<'l>, req: &RunRequest) -> Result<Response, JniOrMsg> {
        let callee = self.callee(env, req)?;
        self.reset_probes(env, req.max_steps)?;
        let inputs = self.build_pre_state(env, &req.objects)?;
        self.set_statics(env, &req.statics, &inputs)?;
        let args: Vec<jvalue> = req
            .args
            .iter()
            .map(|v| inputs.jvalue(v))
            .collect::<Result<_, _>>()?;
        let result = self.invoke(env, req, callee, &inputs, &args)?;
        let mut post = PostState::default();
        let end = match result {
            Ok(v) => {
                post.inputs(env, self, inputs.objects, req)?;
                RunEnd::Returned(self.returned(env, v, &mut post)?)
            }
            Err(jni::errors::Error::JavaException) => {
                let end = self.thrown(env)?;
                if end == RunEnd::Threw(OOM.into()) {
                    // The heap is full of what the test built: reading it back is neither cheap
                    // nor useful, and the parent replaces this worker anyway.
                    return Ok(Response::Done {
                        end,
                        covered: vec![],
                        trace: vec![],
                        trace_dropped: 0,
                        post: vec![],
                        statics: vec![],
                        steps: 0,
                    });
                }
                post.inputs(env, self, inputs.objects, req)?;
                end
            }
            Err(other) => return Err(other.into()),
        };
        let probes = self.probes(env)?;
        let statics = self.read_statics(env, &mut post)?;
        let post = self.read_post(env, &mut post)?;
        Ok(Response::Done {
            end,
            covered: probes.covered,
            trace: probes.trace,
            trace_dropped: probes.trace_dropped,
            post,
            statics,
            steps: probes.steps,
        })
    }

    /// Clears coverage and trace and sets the step budget and the trace's capacity
    /// (`Cov.reset(statements, max, maxTrace)`).
    fn reset_probes(&self, env: &mut JNIEnv, max_steps: u64) -> Result<(), JniOrMsg> {
        let max = i64::try_from(max_steps).unwrap_or(i64::MAX);
        let reset_args = [
            jvalue {
                i: self.statements as jint,
            },
            jvalue { j: max },
            jvalue {
                i: TRACE_LIMIT as jint,
            },
        ];
        // SAFETY: the id and arguments match `reset(int, long, int)`.
        unsafe {
            env.call_static_method_unchecked(
                class_ref(&self.cov),
                self.reset,
                ReturnType::Primitive(Primitive::Void),
                &reset_args,
            )
        }?;
        Ok(())
    }

    /// Allocates the input objects (constructors are not run; an enum constant is the JVM's own)
    /// and sets their fields.
    fn build_pre_state<'l, 'r>(
        &self,
        env: &mut JNIEnv<'l>,
        objects: &'r [WireObject],
    ) -> Result<InputObjects<'l, 'r>, JniOrMsg> {
        let inputs = InputObjects {
            objects: self.allocate(env, objects)?,
            index: objects
                .iter()
                .enumerate()
                .map(|(i, o)| (o.id.as_str(), i))
                .collect(),
        };
        for (o, obj) in objects.iter().zip(&inputs.objects) {
            let info = self.class(&o.class)?;
            if let Some(element) = &info.element {
                fill_array(env, obj, element, o, &inputs)?;
            } else if !info.collection && !info.string && !info.builder {
                self.set_fields(env, info, obj, o, &inputs)?;
            }
        }
        // Collections last, once their elements are built; `modCount` after the `add`s.
        for (o, obj) in objects.iter().zip(&inputs.objects) {
            let info = self.class(&o.class)?;
            if info.collection {
                add_elements(env, obj, o, objects, &inputs)?;
                self.set_fields(env, info, obj, o, &inputs)?;
            }
        }
        Ok(inputs)
    }

    /// Sets the fields of input object `o` (made as `obj`) that its class has.
    fn set_fields<'l>(
        &self,
        env: &mut JNIEnv<'l>,
        info: &ClassInfo,
        obj: &JObject<'l>,
        o: &WireObject,
        inputs: &InputObjects<'l, '_>,
    ) -> Result<(), JniOrMsg> {
        let null = JObject::null();
        for (f, v) in &o.fields {
            let Some((_, _, fid)) = info.fields.iter().find(|(n, _, _)| n == f) else {
                continue;
            };
            env.set_field_unchecked(obj, *fid, inputs.value(v, &null)?)?;
        }
        Ok(())
    }

    fn allocate<'l>(
        &self,
        env: &mut JNIEnv<'l>,
        objects: &[WireObject],
    ) -> Result<Vec<JObject<'l>>, JniOrMsg> {
        objects
            .iter()
            .map(|o| match self.constants.get(&o.id) {
                Some(k) => Ok(env.new_local_ref(k)?),
                None => {
                    let info = self.class(&o.class)?;
                    match &info.element {
                        Some(element) => new_array(env, element, o),
                        // A JDK collection is made as the JDK makes one, then filled.
                        None if info.collection => {
                            Ok(env.new_object(class_ref(&info.class), "()V", &[])?)
                        }
                        // A String is made whole, from its chars.
                        None if info.string => new_string(env, o, objects),
                        None if info.builder => {
                            let s = new_string(env, o, objects)?;
                            let sig = "(Ljava/lang/String;)V";
                            let made =
                                env.new_object(class_ref(&info.class), sig, &[JValue::Object(&s)]);
                            Ok(made?)
                        }
                        None => {
                            let obj = env.alloc_object(class_ref(&info.class))?;
                            constructor_defaults(env, &obj)?;
                            Ok(obj)
                        }
                    }
                }
            })
            .collect()
    }

    /// Sets every static field the input gives (the runner gives them all, so nothing a test
    /// wrote survives into the next).
    fn set_statics(
        &self,
        env: &mut JNIEnv,
        statics: &[(String, WireValue)],
        inputs: &InputObjects,
    ) -> Result<(), JniOrMsg> {
        let null = JObject::null();
        for (key, v) in statics {
            let s = self
                .static_index
                .get(key)
                .map(|i| &self.statics[*i])
                .ok_or_else(|| JniOrMsg::Msg(format!("unknown static field {key}")))?;
            env.set_static_field(class_ref(&s.class), s.id, inputs.value(v, &null)?)?;
        }
        Ok(())
    }

    /// Every static field's value after the run (new objects they reach are named in `post`).
    fn read_statics<'l>(
        &self,
        env: &mut JNIEnv<'l>,
        post: &mut PostState<'l>,
    ) -> Result<Vec<(String, WireValue)>, JniOrMsg> {
        let mut out = Vec::new();
        for s in &self.statics {
            let cls = class_ref(&s.class);
            let v = match primitive(&s.ty) {
                Some(p) => {
                    let t = JavaType::Primitive(p);
                    wire_of(env.get_static_field_unchecked(cls, s.id, t)?)
                }
                None => {
                    let t = JavaType::Object(String::new());
                    let o = env.get_static_field_unchecked(cls, s.id, t)?.l()?;
                    post.name_of(env, self, o)?
                }
            };
            out.push((s.key.clone(), v));
        }
        Ok(out)
    }

    /// Calls the method under test on the receiver (if any) with `args`. The outer error is the
    /// bridge's (an unknown class, no receiver); the inner result is the call's own, where a Java
    /// exception is an outcome of the test.
    fn invoke<'l>(
        &self,
        env: &mut JNIEnv<'l>,
        req: &RunRequest,
        callee: Callee,
        inputs: &InputObjects<'l, '_>,
        args: &[jvalue],
    ) -> Result<jni::errors::Result<JValueOwned<'l>>, JniOrMsg> {
        let ret = match &req.ret {
            None => ReturnType::Primitive(Primitive::Void),
            Some(t) => primitive(t).map_or(ReturnType::Object, ReturnType::Primitive),
        };
        Ok(match callee {
            // SAFETY: the method id was looked up with this signature; arguments follow it.
            Callee::Static(m) => unsafe {
                env.call_static_method_unchecked(
                    class_ref(&self.class(&req.class)?.class),
                    m,
                    ret,
                    args,
                )
            },
            Callee::Instance(m) => {
                let this = req
                    .this
                    .as_deref()
                    .and_then(|t| inputs.index.get(t))
                    .ok_or_else(|| JniOrMsg::Msg("no receiver".into()))?;
                let class = class_ref(&self.class(&req.class)?.class);
                // SAFETY: as above; the receiver is an instance of `class` (checked by the runner).
                unsafe { call_nonvirtual(env, &inputs.objects[*this], class, m, &ret, args) }
            }
        })
    }

    fn returned<'l>(
        &self,
        env: &mut JNIEnv<'l>,
        v: JValueOwned<'l>,
        post: &mut PostState<'l>,
    ) -> Result<Option<WireValue>, JniOrMsg> {
        Ok(match v {
            JValueOwned::Void => None,
            JValueOwned::Object(o) => Some(post.name_of(env, self, o)?),
            v => Some(wire_of(v)),
        })
    }

    /// The pending throwable's outcome (cleared): its class's binary name.
    fn thrown(&self, env: &mut JNIEnv) -> Result<RunEnd, JniOrMsg> {
        let ex = env.exception_occurred()?;
        env.exception_clear()?;
        if env.is_instance_of(&ex, class_ref(&self.step_error))? {
            return Ok(RunEnd::StepLimit);
        }
        if env.is_instance_of(&ex, class_ref(&self.oom))? {
            return Ok(RunEnd::Threw(OOM.into()));
        }
        let cls = env.get_object_class(&ex)?;
        let name = env
            .call_method(&cls, "getName", "()Ljava/lang/String;", &[])
            .and_then(|n| n.l());
        let name: String = match name {
            Ok(n) => env.get_string(<&JString>::from(&n))?.into(),
            Err(_) => {
                env.exception_clear()?;
                "java.lang.Throwable".into()
            }
        };
        Ok(RunEnd::Threw(name))
    }

    fn probes(&self, env: &mut JNIEnv) -> Result<Probes, JniOrMsg> {
        let cov = class_ref(&self.cov);
        let hit = env
            .get_static_field_unchecked(
                cov,
                self.hit,
                JavaType::Array(Box::new(JavaType::Primitive(Primitive::Boolean))),
            )?
            .l()?;
        let hit = JBooleanArray::from(hit);
        let n = env.get_array_length(&hit)?;
        let mut flags = vec![0u8; n as usize];
        env.get_boolean_array_region(&hit, 0, &mut flags)?;
        let covered = flags
            .iter()
            .enumerate()
            .filter(|(_, f)| **f != 0)
            .map(|(i, _)| i as u32)
            .collect();
        let len = env
            .get_static_field_unchecked(cov, self.len, JavaType::Primitive(Primitive::Int))?
            .i()?;
        let tr = env
            .get_static_field_unchecked(
                cov,
                self.trace,
                JavaType::Array(Box::new(JavaType::Primitive(Primitive::Int))),
            )?
            .l()?;
        let tr = JIntArray::from(tr);
        let mut events = vec![0i32; len.max(0) as usize];
        env.get_int_array_region(&tr, 0, &mut events)?;
        let steps = env
            .get_static_field_unchecked(cov, self.steps, JavaType::Primitive(Primitive::Long))?
            .j()?;
        let dropped = env
            .get_static_field_unchecked(cov, self.dropped, JavaType::Primitive(Primitive::Long))?
            .j()?;
        Ok(Probes {
            covered,
            trace: events.into_iter().map(|e| e as u32).collect(),
            trace_dropped: dropped.max(0) as u64,
            steps: steps.max(0) as u64,
        })
    }

    fn identity_hash(&self, env: &mut JNIEnv, o: &JObject) -> Result<i32, JniOrMsg> {
        let arg = [jvalue { l: o.as_raw() }];
        // SAFETY: identityHashCode(Object) takes one object.
        Ok(unsafe {
            env.call_static_method_unchecked(
                class_ref(&self.system),
                self.identity,
                ReturnType::Primitive(Primitive::Int),
                &arg,
            )
        }?
        .i()?)
    }

    /// The class index of an object (`None` for a class outside the subject).
    fn class_of(&self, env: &mut JNIEnv, o: &JObject) -> Result<Option<usize>, JniOrMsg> {
        let cls = env.get_object_class(o)?;
        for (i, c) in self.classes.iter().enumerate() {
            if env.is_same_object(&cls, c.class.as_obj())? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// Reads every input object and the new objects reachable from them or the result.
    fn read_post<'l>(
        &self,
        env: &mut JNIEnv<'l>,
        post: &mut PostState<'l>,
    ) -> Result<Vec<WireObject>, JniOrMsg> {
        let mut out = Vec::new();
        let mut next = 0;
        while next < post.objects.len() {
            let obj = env.new_local_ref(&post.objects[next].0)?;
            let (name, class) = (post.objects[next].1.clone(), post.objects[next].2);
            next += 1;
            let info = &self.classes[class];
            if let Some(element) = &info.element {
                let fields = read_array(env, self, &obj, element, post)?;
                out.push(WireObject {
                    id: name,
                    class: info.name.clone(),
                    fields,
                });
                continue;
            }
            let mut fields = Vec::new();
            if info.collection {
                let array = env
                    .call_method(&obj, "toArray", "()[Ljava/lang/Object;", &[])?
                    .l()?;
                let elements = post.contents_of(env, self, &name, array)?;
                fields.push((sattar_java::library::ELEMENTS.to_string(), elements));
            }
            if info.string || info.builder {
                let text = match info.builder {
                    true => env
                        .call_method(&obj, "toString", "()Ljava/lang/String;", &[])?
                        .l()?,
                    false => env.new_local_ref(&obj)?,
                };
                let array = env.call_method(&text, "toCharArray", "()[C", &[])?.l()?;
                let chars = post.contents_of(env, self, &name, array)?;
                fields.push((sattar_java::library::STRING_CHARS.to_string(), chars));
            }
            for (f, t, fid) in &info.fields {
                let v = match primitive(t) {
                    Some(p) => {
                        wire_of(env.get_field_unchecked(&obj, *fid, ReturnType::Primitive(p))?)
                    }
                    None => {
                        let r = env
                            .get_field_unchecked(&obj, *fid, ReturnType::Object)?
                            .l()?;
                        post.name_of(env, self, r)?
                    }
                };
                fields.push((f.clone(), v));
            }
            out.push(WireObject {
                id: name,
                class: info.name.clone(),
                fields,
            });
        }
        Ok(out)
    }
}

/// Sets the JDK fields a model does not declare to what the JDK's constructors leave in them
/// (an object is allocated without running one): a HashMap's load factor, 0.75, which its
/// model assumes (a 0 would make every insertion grow the table).
fn constructor_defaults<'l>(env: &mut JNIEnv<'l>, obj: &JObject<'l>) -> Result<(), JniOrMsg> {
    if env.is_instance_of(obj, "java/util/HashMap")? {
        env.set_field(obj, "loadFactor", "F", JValue::Float(0.75))?;
    }
    Ok(())
}

/// A new String of the input String `o`'s chars (its `chars` array, another input object).
fn new_string<'l>(
    env: &mut JNIEnv<'l>,
    o: &WireObject,
    objects: &[WireObject],
) -> Result<JObject<'l>, JniOrMsg> {
    let value = o
        .fields
        .iter()
        .find(|(f, _)| f == sattar_java::library::STRING_CHARS);
    let array = match value {
        Some((_, WireValue::Ref(id))) => objects.iter().find(|x| &x.id == id),
        _ => None,
    };
    let Some(array) = array else {
        return Err(JniOrMsg::Msg(format!(
            "the String {} has no char[] value",
            o.id
        )));
    };
    let mut chars: Vec<(usize, u16)> = Vec::new();
    for (i, v) in elements(array) {
        match v {
            WireValue::Char(c) => chars.push((i, *c)),
            other => {
                return Err(JniOrMsg::Msg(format!(
                    "char {i} of the String {} is {other:?}, not a char",
                    o.id
                )))
            }
        }
    }
    chars.sort_unstable();
    let buf: Vec<u16> = chars.into_iter().map(|(_, c)| c).collect();
    let arr = env.new_char_array(i32::try_from(buf.len()).unwrap_or(i32::MAX))?;
    env.set_char_array_region(&arr, 0, &buf)?;
    Ok(env.new_object("java/lang/String", "([C)V", &[JValue::Object(&arr)])?)
}

/// Whether two arrays of the same class (an `Object[]` or a `char[]`) hold the same objects
/// or chars in the same order.
fn same_elements<'l>(
    env: &mut JNIEnv<'l>,
    a: &JObject<'l>,
    b: &JObject<'l>,
    chars: bool,
) -> Result<bool, JniOrMsg> {
    if chars {
        let (a, b) = (<&JCharArray>::from(a), <&JCharArray>::from(b));
        let n = env.get_array_length(a)?;
        if n != env.get_array_length(b)? {
            return Ok(false);
        }
        let len = usize::try_from(n).unwrap_or(0);
        let (mut x, mut y) = (vec![0u16; len], vec![0u16; len]);
        env.get_char_array_region(a, 0, &mut x)?;
        env.get_char_array_region(b, 0, &mut y)?;
        return Ok(x == y);
    }
    let (a, b) = (<&JObjectArray>::from(a), <&JObjectArray>::from(b));
    let n = env.get_array_length(a)?;
    if n != env.get_array_length(b)? {
        return Ok(false);
    }
    for i in 0..n {
        let (x, y) = (
            env.get_object_array_element(a, i)?,
            env.get_object_array_element(b, i)?,
        );
        if !env.is_same_object(&x, &y)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Adds to the new collection `obj` the elements of input object `o` (its `elements` array,
/// another input object), first to last, by the collection's own `add`.
fn add_elements<'l>(
    env: &mut JNIEnv<'l>,
    obj: &JObject<'l>,
    o: &WireObject,
    objects: &[WireObject],
    inputs: &InputObjects<'l, '_>,
) -> Result<(), JniOrMsg> {
    let array = o
        .fields
        .iter()
        .find(|(f, _)| f == sattar_java::library::ELEMENTS);
    let id = match array {
        Some((_, WireValue::Ref(id))) => id,
        Some((_, WireValue::Null)) | None => {
            return Err(JniOrMsg::Msg(format!(
                "the collection {} ({}) has no elements array",
                o.id, o.class
            )))
        }
        Some((_, other)) => {
            return Err(JniOrMsg::Msg(format!(
                "the elements of the collection {} ({}) are {other:?}, not an array",
                o.id, o.class
            )))
        }
    };
    let wire = objects.iter().find(|x| &x.id == id);
    let mut values: Vec<(usize, &WireValue)> =
        wire.map(|w| elements(w).collect()).unwrap_or_default();
    values.sort_by_key(|(i, _)| *i);
    let null = JObject::null();
    for (_, v) in values {
        let e = match inputs.value(v, &null)? {
            JValue::Object(e) => e,
            _ => {
                return Err(JniOrMsg::Msg(format!(
                    "an element of the collection {} ({}) is {v:?}, not a reference",
                    o.id, o.class
                )))
            }
        };
        let added = env.call_method(obj, "add", "(Ljava/lang/Object;)Z", &[JValue::Object(e)]);
        if let Err(err) = added {
            let what = format!(
                "adding an element to the input collection {} ({})",
                o.id, o.class
            );
            return Err(JniOrMsg::Msg(describe(env, &what, err)));
        }
    }
    Ok(())
}

/// A new array of the input object `o`'s length (its `length` field), every element at its
/// default.
fn new_array<'l>(
    env: &mut JNIEnv<'l>,
    element: &ArrayOf,
    o: &WireObject,
) -> Result<JObject<'l>, JniOrMsg> {
    let len = match o
        .fields
        .iter()
        .find(|(f, _)| f == sattar_heap::ARRAY_LENGTH)
    {
        Some((_, WireValue::Int(n))) if *n >= 0 => *n,
        _ => {
            return Err(JniOrMsg::Msg(format!(
                "the array {} ({}) has no length",
                o.id, o.class
            )))
        }
    };
    Ok(match element {
        ArrayOf::Primitive(p) => match p {
            Primitive::Int => env.new_int_array(len)?.into(),
            Primitive::Long => env.new_long_array(len)?.into(),
            Primitive::Boolean => env.new_boolean_array(len)?.into(),
            Primitive::Char => env.new_char_array(len)?.into(),
            Primitive::Short => env.new_short_array(len)?.into(),
            Primitive::Byte => env.new_byte_array(len)?.into(),
            other => {
                return Err(JniOrMsg::Msg(format!(
                    "the array {} ({}) has elements of type {other:?}, which sattar does not model",
                    o.id, o.class
                )))
            }
        },
        ArrayOf::Ref(class) => env
            .new_object_array(len, class_ref(class), JObject::null())?
            .into(),
    })
}

/// The elements of an array the input gives (`"0"`, `"1"`, … of its fields), index and value.
fn elements(o: &WireObject) -> impl Iterator<Item = (usize, &WireValue)> {
    o.fields
        .iter()
        .filter_map(|(f, v)| Some((sattar_heap::element_index(f)?, v)))
}

/// Writes the input array `o`'s elements into `arr` (made by [`new_array`]): one region write
/// for primitives, one element write per non-null reference (other input objects and arrays,
/// the array itself included).
fn fill_array<'l>(
    env: &mut JNIEnv<'l>,
    arr: &JObject<'l>,
    element: &ArrayOf,
    o: &WireObject,
    inputs: &InputObjects<'l, '_>,
) -> Result<(), JniOrMsg> {
    let len = usize::try_from(env.get_array_length(<&JObjectArray>::from(arr))?).unwrap_or(0);
    let bad = |i: usize, v: &WireValue| {
        JniOrMsg::Msg(format!(
            "element {i} of the array {} ({}, length {len}) is {v:?}, which it cannot hold",
            o.id, o.class
        ))
    };
    // One region of `$t` values, each taken from the wire by `$get`.
    macro_rules! region {
        ($array:ty, $t:ty, $set:ident, $get:expr) => {{
            let mut buf: Vec<$t> = vec![Default::default(); len];
            for (i, v) in elements(o) {
                let slot = buf.get_mut(i).ok_or_else(|| bad(i, v))?;
                let get: fn(&WireValue) -> Option<$t> = $get;
                *slot = get(v).ok_or_else(|| bad(i, v))?;
            }
            env.$set(<&$array>::from(arr), 0, &buf)?;
        }};
    }
    match element {
        ArrayOf::Primitive(Primitive::Int) => {
            region!(JIntArray, i32, set_int_array_region, |v| match v {
                WireValue::Int(x) => Some(*x),
                _ => None,
            })
        }
        ArrayOf::Primitive(Primitive::Long) => {
            region!(JLongArray, i64, set_long_array_region, |v| match v {
                WireValue::Long(x) => Some(*x),
                _ => None,
            })
        }
        ArrayOf::Primitive(Primitive::Boolean) => {
            region!(JBooleanArray, u8, set_boolean_array_region, |v| match v {
                WireValue::Bool(x) => Some(u8::from(*x)),
                _ => None,
            })
        }
        ArrayOf::Primitive(Primitive::Char) => {
            region!(JCharArray, u16, set_char_array_region, |v| match v {
                WireValue::Char(x) => Some(*x),
                _ => None,
            })
        }
        ArrayOf::Primitive(Primitive::Short) => {
            region!(JShortArray, i16, set_short_array_region, |v| match v {
                WireValue::Short(x) => Some(*x),
                _ => None,
            })
        }
        ArrayOf::Primitive(Primitive::Byte) => {
            region!(JByteArray, i8, set_byte_array_region, |v| match v {
                WireValue::Byte(x) => Some(*x),
                _ => None,
            })
        }
        ArrayOf::Primitive(p) => {
            return Err(JniOrMsg::Msg(format!(
                "the array {} ({}) has elements of type {p:?}, which sattar does not model",
                o.id, o.class
            )))
        }
        ArrayOf::Ref(_) => {
            let target = <&JObjectArray>::from(arr);
            for (i, v) in elements(o) {
                if i >= len {
                    return Err(bad(i, v));
                }
                match v {
                    WireValue::Null => {}
                    WireValue::Ref(r) => {
                        // A `jsize` index: below the length, itself a `jsize`.
                        env.set_object_array_element(target, i as i32, inputs.get(r)?)?
                    }
                    other => return Err(bad(i, other)),
                }
            }
        }
    }
    Ok(())
}

/// An array's length and elements after a run, as fields `length`, `"0"`, `"1"`, … (new objects
/// the elements refer to are named in `post`).
fn read_array<'l>(
    env: &mut JNIEnv<'l>,
    bridge: &Bridge,
    arr: &JObject<'l>,
    element: &ArrayOf,
    post: &mut PostState<'l>,
) -> Result<Vec<(String, WireValue)>, JniOrMsg> {
    let n = env.get_array_length(<&JObjectArray>::from(arr))?;
    let len = usize::try_from(n).unwrap_or(0);
    let mut fields = vec![(sattar_heap::ARRAY_LENGTH.to_string(), WireValue::Int(n))];
    // One region read of `$t` values, each put on the wire by `$wire`.
    macro_rules! region {
        ($array:ty, $t:ty, $get:ident, $wire:expr) => {{
            let mut buf: Vec<$t> = vec![Default::default(); len];
            env.$get(<&$array>::from(arr), 0, &mut buf)?;
            let wire: fn($t) -> WireValue = $wire;
            buf.into_iter().map(wire).collect::<Vec<WireValue>>()
        }};
    }
    let values = match element {
        ArrayOf::Primitive(Primitive::Int) => {
            region!(JIntArray, i32, get_int_array_region, WireValue::Int)
        }
        ArrayOf::Primitive(Primitive::Long) => {
            region!(JLongArray, i64, get_long_array_region, WireValue::Long)
        }
        ArrayOf::Primitive(Primitive::Boolean) => {
            region!(JBooleanArray, u8, get_boolean_array_region, |b| {
                WireValue::Bool(b != 0)
            })
        }
        ArrayOf::Primitive(Primitive::Char) => {
            region!(JCharArray, u16, get_char_array_region, WireValue::Char)
        }
        ArrayOf::Primitive(Primitive::Short) => {
            region!(JShortArray, i16, get_short_array_region, WireValue::Short)
        }
        ArrayOf::Primitive(Primitive::Byte) => {
            region!(JByteArray, i8, get_byte_array_region, WireValue::Byte)
        }
        ArrayOf::Primitive(p) => {
            return Err(JniOrMsg::Msg(format!(
                "an array with elements of type {p:?}, which sattar does not model"
            )))
        }
        ArrayOf::Ref(_) => {
            let mut out = Vec::with_capacity(len);
            for i in 0..n {
                let e = env.get_object_array_element(<&JObjectArray>::from(arr), i)?;
                out.push(post.name_of(env, bridge, e)?);
            }
            out
        }
    };
    fields.extend(
        values
            .into_iter()
            .enumerate()
            .map(|(i, v)| (sattar_heap::element_field(i), v)),
    );
    Ok(fields)
}

/// The input objects of a run, allocated in the JVM, and their names.
struct InputObjects<'l, 'r> {
    /// The objects, in the request's order.
    objects: Vec<JObject<'l>>,
    /// Name → index into `objects`.
    index: HashMap<&'r str, usize>,
}

impl<'l> InputObjects<'l, '_> {
    /// The object named `name`.
    fn get(&self, name: &str) -> Result<&JObject<'l>, JniOrMsg> {
        let i = self
            .index
            .get(name)
            .ok_or_else(|| JniOrMsg::Msg(format!("dangling reference {name}")))?;
        Ok(&self.objects[*i])
    }

    /// A wire value as a field value (`null` lends the null reference).
    fn value<'a>(
        &'a self,
        v: &WireValue,
        null: &'a JObject<'l>,
    ) -> Result<JValue<'l, 'a>, JniOrMsg> {
        Ok(match v {
            WireValue::Int(i) => JValue::Int(*i),
            WireValue::Long(l) => JValue::Long(*l),
            WireValue::Char(c) => JValue::Char(*c),
            WireValue::Short(x) => JValue::Short(*x),
            WireValue::Byte(b) => JValue::Byte(*b),
            WireValue::Bool(b) => JValue::Bool(u8::from(*b)),
            WireValue::Null => JValue::Object(null),
            WireValue::Ref(r) => JValue::Object(self.get(r)?),
        })
    }

    /// A wire value as a JNI argument.
    fn jvalue(&self, v: &WireValue) -> Result<jvalue, JniOrMsg> {
        Ok(match v {
            WireValue::Int(i) => jvalue { i: *i },
            WireValue::Long(l) => jvalue { j: *l },
            WireValue::Char(c) => jvalue { c: *c },
            WireValue::Short(x) => jvalue { s: *x },
            WireValue::Byte(b) => jvalue { b: *b },
            WireValue::Bool(b) => jvalue { z: u8::from(*b) },
            WireValue::Null => jvalue {
                l: std::ptr::null_mut(),
            },
            WireValue::Ref(r) => jvalue {
                l: self.get(r)?.as_raw(),
            },
        })
    }
}

/// The JNI primitive type of a wire type (`None` for a reference).
fn primitive(t: &WireType) -> Option<Primitive> {
    Some(match t {
        WireType::Int => Primitive::Int,
        WireType::Bool => Primitive::Boolean,
        WireType::Long => Primitive::Long,
        WireType::Char => Primitive::Char,
        WireType::Short => Primitive::Short,
        WireType::Byte => Primitive::Byte,
        WireType::Ref(_) => return None,
    })
}

/// A primitive value the JVM gave back, on the wire (`null` for anything else).
fn wire_of(v: JValueOwned) -> WireValue {
    match v {
        JValueOwned::Int(i) => WireValue::Int(i),
        JValueOwned::Bool(b) => WireValue::Bool(b != 0),
        JValueOwned::Long(l) => WireValue::Long(l),
        JValueOwned::Char(c) => WireValue::Char(c),
        JValueOwned::Short(x) => WireValue::Short(x),
        JValueOwned::Byte(b) => WireValue::Byte(b),
        _ => WireValue::Null,
    }
}

/// Identity-preserving naming of the objects seen after a run.
#[derive(Default)]
struct PostState<'l> {
    /// (object, name, class index)
    objects: Vec<(JObject<'l>, String, usize)>,
    by_hash: HashMap<i32, Vec<usize>>,
    fresh: usize,
    /// An input collection's name → the index in `objects` of its elements array: the name its
    /// elements keep while they are the same.
    contents: HashMap<String, usize>,
    /// The classes of reachable objects outside the subject's classes (read as `null`).
    unknown: Vec<String>,
}

impl<'l> PostState<'l> {
    /// Registers the input objects, keeping their names.
    fn inputs(
        &mut self,
        env: &mut JNIEnv<'l>,
        bridge: &Bridge,
        objs: Vec<JObject<'l>>,
        req: &RunRequest,
    ) -> Result<(), JniOrMsg> {
        for (o, obj) in req.objects.iter().zip(objs) {
            let class = *bridge
                .by_name
                .get(&o.class)
                .ok_or_else(|| JniOrMsg::Msg(format!("unknown class {}", o.class)))?;
            self.add(env, bridge, obj, o.id.clone(), class)?;
        }
        for o in req.objects.iter() {
            let info = &bridge.classes[bridge.by_name[&o.class]];
            let field = match (info.collection, info.string || info.builder) {
                (true, _) => sattar_java::library::ELEMENTS,
                (_, true) => sattar_java::library::STRING_CHARS,
                _ => continue,
            };
            let elements = o.fields.iter().find(|(f, _)| f == field);
            if let Some((_, WireValue::Ref(x))) = elements {
                if let Some(i) = self.objects.iter().position(|(_, n, _)| n == x) {
                    self.contents.insert(o.id.clone(), i);
                }
            }
        }
        Ok(())
    }

    /// The name of collection `name`'s elements after a run, `array` (a fresh `toArray()`):
    /// its input elements array's if the elements are the same (a model replaces the array on
    /// each change and keeps it otherwise), else a new object's.
    fn contents_of(
        &mut self,
        env: &mut JNIEnv<'l>,
        bridge: &Bridge,
        name: &str,
        array: JObject<'l>,
    ) -> Result<WireValue, JniOrMsg> {
        if let Some(&i) = self.contents.get(name) {
            let before = env.new_local_ref(&self.objects[i].0)?;
            let chars = matches!(
                bridge.classes[self.objects[i].2].element,
                Some(ArrayOf::Primitive(Primitive::Char))
            );
            if same_elements(env, &before, &array, chars)? {
                return Ok(WireValue::Ref(self.objects[i].1.clone()));
            }
        }
        self.name_of(env, bridge, array)
    }

    fn add(
        &mut self,
        env: &mut JNIEnv<'l>,
        bridge: &Bridge,
        obj: JObject<'l>,
        name: String,
        class: usize,
    ) -> Result<(), JniOrMsg> {
        let h = bridge.identity_hash(env, &obj)?;
        self.by_hash.entry(h).or_default().push(self.objects.len());
        self.objects.push((obj, name, class));
        Ok(())
    }

    /// The name of a reference value: an input's name, a known new object's, or a fresh one.
    fn name_of(
        &mut self,
        env: &mut JNIEnv<'l>,
        bridge: &Bridge,
        o: JObject<'l>,
    ) -> Result<WireValue, JniOrMsg> {
        if o.is_null() {
            return Ok(WireValue::Null);
        }
        let h = bridge.identity_hash(env, &o)?;
        for i in self.by_hash.get(&h).cloned().unwrap_or_default() {
            if env.is_same_object(&o, &self.objects[i].0)? {
                return Ok(WireValue::Ref(self.objects[i].1.clone()));
            }
        }
        let Some(class) = bridge.class_of(env, &o)? else {
            let name = class_name(env, &o)?;
            if !self.unknown.contains(&name) {
                self.unknown.push(name);
            }
            return Ok(WireValue::Null);
        };
        let name = format!("\u{1}jvm{}", self.fresh);
        self.fresh += 1;
        self.by_hash.entry(h).or_default().push(self.objects.len());
        self.objects.push((o, name.clone(), class));
        Ok(WireValue::Ref(name))
    }
}

/// The binary name of an object's class (`java.util.HashMap$Node`).
fn class_name<'l>(env: &mut JNIEnv<'l>, o: &JObject<'l>) -> Result<String, JniOrMsg> {
    let cls = env.get_object_class(o)?;
    let name = env
        .call_method(&cls, "getName", "()Ljava/lang/String;", &[])?
        .l()?;
    Ok(env.get_string(&JString::from(name))?.into())
}

/// Calls instance method (or constructor) `m` of exactly `class` on `obj`, without virtual
/// dispatch: the method under test runs even when the receiver's class overrides it, as in the
/// interpreter. jni 0.21 wraps only the virtual calls.
///
/// # Safety
/// `m` must be a method of `class` whose descriptor matches `ret` and `args`, and `obj` an
/// instance of `class`.
unsafe fn call_nonvirtual<'l>(
    env: &mut JNIEnv<'l>,
    obj: &JObject,
    class: &JClass,
    m: JMethodID,
    ret: &ReturnType,
    args: &[jvalue],
) -> jni::errors::Result<JValueOwned<'l>> {
    use jni::errors::Error::JNIEnvMethodNotFound;
    let raw = env.get_raw();
    // SAFETY: `raw` is this thread's valid JNIEnv; its function table lives as long as the JVM.
    let table = unsafe { &**raw };
    let (o, c, id, a) = (obj.as_raw(), class.as_raw(), m.into_raw(), args.as_ptr());
    let missing = |name| JNIEnvMethodNotFound(name);
    let value = match ret {
        ReturnType::Primitive(Primitive::Void) => {
            let f = table
                .CallNonvirtualVoidMethodA
                .ok_or(missing("CallNonvirtualVoidMethodA"))?;
            // SAFETY: the caller guarantees the method, receiver and arguments fit.
            unsafe { f(raw, o, c, id, a) };
            JValueOwned::Void
        }
        ReturnType::Primitive(p) => {
            // One arm per primitive result: JNI has a function for each.
            macro_rules! call {
                ($f:ident, $v:ident) => {{
                    let f = table.$f.ok_or(missing(stringify!($f)))?;
                    // SAFETY: as above.
                    JValueOwned::$v(unsafe { f(raw, o, c, id, a) })
                }};
            }
            match p {
                Primitive::Int => call!(CallNonvirtualIntMethodA, Int),
                Primitive::Boolean => call!(CallNonvirtualBooleanMethodA, Bool),
                Primitive::Long => call!(CallNonvirtualLongMethodA, Long),
                Primitive::Char => call!(CallNonvirtualCharMethodA, Char),
                Primitive::Short => call!(CallNonvirtualShortMethodA, Short),
                Primitive::Byte => call!(CallNonvirtualByteMethodA, Byte),
                Primitive::Float => call!(CallNonvirtualFloatMethodA, Float),
                Primitive::Double => call!(CallNonvirtualDoubleMethodA, Double),
                Primitive::Void => return Err(missing("a void result as a value")),
            }
        }
        _ => {
            let f = table
                .CallNonvirtualObjectMethodA
                .ok_or(missing("CallNonvirtualObjectMethodA"))?;
            // SAFETY: as above; the result is a local reference (or null) of this thread.
            JValueOwned::Object(unsafe { JObject::from_raw(f(raw, o, c, id, a)) })
        }
    };
    if env.exception_check()? {
        return Err(jni::errors::Error::JavaException);
    }
    Ok(value)
}
