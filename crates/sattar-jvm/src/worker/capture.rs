//! Capture, the worker's side: runs one JUnit test of a capture build (the method under test
//! starts with `sattar.capture.Capture.enter(this, args)`) and, at each outermost call, reads
//! the pre-state reachable from the receiver, the arguments and the statics — with the same
//! code that reads a post-state, so a captured heap is one the bridge can build again.

use super::{describe, primitive, wire_of, Bridge, JniOrMsg, PostState};
use crate::protocol::{CaptureRequest, Response, WireCall, WireType, WireValue};
use jni::objects::{JClass, JObject, JObjectArray, JString, JValue};
use jni::signature::Primitive;
use jni::sys::jint;
use jni::{JNIEnv, NativeMethod};
use std::cell::RefCell;
use std::ffi::c_void;

/// The probe's class and the JUnit runner's (`java/sattar/capture/`).
const CAPTURE: &str = "sattar/capture/Capture";
const RUN_TEST: &str = "sattar/capture/RunTest";

/// What the native `record` needs while a test runs.
struct Capturing {
    /// The bridge of the worker, valid while [`run`] runs (it holds the borrow).
    bridge: *const Bridge,
    params: Vec<WireType>,
    max_calls: usize,
    calls: Vec<WireCall>,
    count: usize,
}

thread_local! {
    /// Set by [`run`] for the duration of one test, on the thread that runs it.
    static CAPTURING: RefCell<Option<Capturing>> = const { RefCell::new(None) };
}

/// Runs the JUnit test `req` names and answers with the calls read.
pub(super) fn run(bridge: &Bridge, env: &mut JNIEnv, req: &CaptureRequest) -> Response {
    match env.with_local_frame(64, |env| run_test(bridge, env, req)) {
        Ok(r) => r,
        Err(e) => Response::Error(e.to_string()),
    }
}

fn run_test(bridge: &Bridge, env: &mut JNIEnv, req: &CaptureRequest) -> Result<Response, JniOrMsg> {
    bridge.reset_probes(env, u64::MAX)?;
    let record_fn: extern "system" fn(JNIEnv, JClass, JObject, JObjectArray, JString, jint) =
        record;
    let native = NativeMethod {
        name: "record".into(),
        sig: "(Ljava/lang/Object;[Ljava/lang/Object;Ljava/lang/String;I)V".into(),
        fn_ptr: record_fn as *mut c_void,
    };
    env.register_native_methods(CAPTURE, &[native])
        .map_err(|e| JniOrMsg::Msg(describe(env, CAPTURE, e)))?;
    CAPTURING.with(|c| {
        *c.borrow_mut() = Some(Capturing {
            bridge,
            params: req.params.clone(),
            max_calls: req.max_calls,
            calls: Vec::new(),
            count: 0,
        })
    });
    let (class, method) = (
        env.new_string(&req.test_class)?,
        env.new_string(&req.test_method)?,
    );
    let summary = env
        .call_static_method(
            RUN_TEST,
            "run",
            "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;",
            &[JValue::Object(&class), JValue::Object(&method)],
        )
        .and_then(|s| s.l());
    // The pointer must not outlive this call, whatever the test did.
    let state = CAPTURING.with(|c| c.borrow_mut().take());
    let summary = summary.map_err(|e| JniOrMsg::Msg(describe(env, "running the JUnit test", e)))?;
    let summary: String = env.get_string(&JString::from(summary))?.into();
    let mut lines = summary.splitn(3, '\n');
    let mut number = || {
        lines
            .next()
            .and_then(|n| n.trim().parse::<u64>().ok())
            .unwrap_or(0)
    };
    let (found, failed) = (number(), number());
    let failure = summary.splitn(3, '\n').nth(2).unwrap_or("").to_string();
    let (calls, count) = state.map_or((Vec::new(), 0), |s| (s.calls, s.count));
    Ok(Response::Captured {
        calls,
        count,
        found,
        failed,
        failure,
    })
}

/// `Capture.record(self, args, file, line)`: reads one call's pre-state. Never throws into
/// Java: a pre-state that cannot be read is a call marked unreadable.
extern "system" fn record<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    this: JObject<'l>,
    args: JObjectArray<'l>,
    file: JString<'l>,
    line: jint,
) {
    CAPTURING.with(|c| {
        let Ok(mut guard) = c.try_borrow_mut() else {
            return;
        };
        let Some(state) = guard.as_mut() else {
            return;
        };
        state.count += 1;
        if state.calls.len() >= state.max_calls {
            return;
        }
        // SAFETY: `bridge` points at the bridge `run` borrows; `run` clears `CAPTURING` before
        // it returns, and this function runs on the same thread, inside `run`'s JNI call.
        let bridge = unsafe { &*state.bridge };
        let read = env.with_local_frame(512, |env| {
            read_call(env, bridge, &state.params, &this, &args)
        });
        let at: String = env.get_string(&file).map(Into::into).unwrap_or_default();
        let line = u32::try_from(line).unwrap_or(0);
        let _ = env.exception_clear();
        state.calls.push(match read {
            Ok(mut call) => {
                (call.file, call.line) = (at, line);
                call
            }
            Err(e) => WireCall {
                this: None,
                args: Vec::new(),
                objects: Vec::new(),
                statics: Vec::new(),
                file: at,
                line,
                unreadable: Some(e.to_string()),
            },
        });
    });
}

/// The receiver, the arguments (unboxed where the parameter is primitive), the statics and
/// every object they reach; the enum constants keep their ids.
fn read_call<'l>(
    env: &mut JNIEnv<'l>,
    bridge: &Bridge,
    params: &[WireType],
    this: &JObject<'_>,
    args: &JObjectArray<'_>,
) -> Result<WireCall, JniOrMsg> {
    let mut post = PostState::default();
    let mut constants: Vec<_> = bridge.constants.iter().collect();
    constants.sort_by(|a, b| a.0.cmp(b.0));
    for (id, constant) in constants {
        let obj = env.new_local_ref(constant.as_obj())?;
        if let Some(class) = bridge.class_of(env, &obj)? {
            post.add(env, bridge, obj, id.clone(), class)?;
        }
    }
    let receiver = match this.is_null() {
        true => None,
        false => Some(post.name_of(env, bridge, env.new_local_ref(this)?)?),
    };
    let mut values = Vec::new();
    for (i, ty) in params.iter().enumerate() {
        let arg = env.get_object_array_element(args, i as jint)?;
        values.push(match primitive(ty) {
            Some(p) => unbox(env, &arg, p)?,
            None => post.name_of(env, bridge, arg)?,
        });
    }
    let statics = bridge.read_statics(env, &mut post)?;
    let objects = bridge.read_post(env, &mut post)?;
    let unreadable = post
        .unknown
        .first()
        .map(|class| format!("the pre-state holds a {class}, a class sattar does not model"));
    Ok(WireCall {
        this: receiver,
        args: values,
        objects,
        statics,
        file: String::new(),
        line: 0,
        unreadable,
    })
}

/// The primitive a boxed argument holds.
fn unbox<'l>(
    env: &mut JNIEnv<'l>,
    boxed: &JObject<'l>,
    p: Primitive,
) -> Result<WireValue, JniOrMsg> {
    if boxed.is_null() {
        return Ok(WireValue::Null);
    }
    let (name, sig) = match p {
        Primitive::Boolean => ("booleanValue", "()Z"),
        Primitive::Long => ("longValue", "()J"),
        Primitive::Char => ("charValue", "()C"),
        Primitive::Short => ("shortValue", "()S"),
        Primitive::Byte => ("byteValue", "()B"),
        _ => ("intValue", "()I"),
    };
    Ok(wire_of(env.call_method(boxed, name, sig, &[])?))
}
