//! The parent ↔ worker messages: one JSON document per line.

use sattar_heap::{FieldType, Heap, ObjId, Object, Value};
use serde::{Deserialize, Serialize};

/// A value on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WVal {
    /// An int.
    I(i32),
    /// A boolean.
    B(bool),
    /// null.
    N,
    /// A reference to a named object.
    R(String),
}

/// A field or parameter type on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WType {
    /// int
    I,
    /// boolean
    Z,
    /// A reference to the qualified class.
    L(String),
}

/// A class the worker must know: qualified name and fields.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WClass {
    /// Qualified name (`LinkedList.Node`).
    pub name: String,
    /// Fields in declaration order.
    pub fields: Vec<(String, WType)>,
}

/// An object on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WObj {
    /// Its name.
    pub id: String,
    /// Its qualified class.
    pub class: String,
    /// Field values.
    pub fields: Vec<(String, WVal)>,
}

/// Parent → worker.
#[derive(Debug, Serialize, Deserialize)]
pub enum Request {
    /// Start the JVM (first message).
    Init {
        /// Path of `libjvm.so`.
        libjvm: String,
        /// The classpath (compiled subject and runtime).
        classpath: String,
        /// Maximum Java heap in MiB.
        heap_mb: u32,
        /// The subject's classes.
        classes: Vec<WClass>,
        /// Number of statements (sizes the coverage array).
        statements: u32,
    },
    /// Run one test.
    Run(RunReq),
}

/// One test to run.
#[derive(Debug, Serialize, Deserialize)]
pub struct RunReq {
    /// Qualified declaring class.
    pub class: String,
    /// Method name.
    pub method: String,
    /// Whether it is static.
    pub is_static: bool,
    /// Parameter types.
    pub params: Vec<WType>,
    /// Return type (`None` for void).
    pub ret: Option<WType>,
    /// The receiver's name.
    pub this: Option<String>,
    /// Argument values in order.
    pub args: Vec<WVal>,
    /// The pre-state.
    pub objects: Vec<WObj>,
    /// Step budget.
    pub max_steps: u64,
}

/// How a run ended, as the worker saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WEnd {
    /// Returned, with the value for non-void methods.
    Returned(Option<WVal>),
    /// A throwable escaped: its class name (`java.lang.X`, `Outer.Inner`).
    Threw(String),
    /// `sattar.StepLimitError`.
    StepLimit,
}

/// Worker → parent.
#[derive(Debug, Serialize, Deserialize)]
pub enum Response {
    /// The JVM is up.
    Ready,
    /// A run finished.
    Done {
        /// How it ended.
        end: WEnd,
        /// Covered statement ids.
        covered: Vec<u32>,
        /// Branch events, `2 * id + taken`.
        trace: Vec<u32>,
        /// Input objects (names kept) and reachable new ones (named `\u{1}jvmN`).
        post: Vec<WObj>,
        /// Steps used.
        steps: u64,
    },
    /// `System.exit(code)` was called (sent by the JVM's exit hook).
    Exited(i32),
    /// A problem of the bridge itself.
    Error(String),
}

/// A heap value on the wire.
pub fn to_wval(v: &Value) -> WVal {
    match v {
        Value::Int(i) => WVal::I(*i),
        Value::Bool(b) => WVal::B(*b),
        Value::Null => WVal::N,
        Value::Ref(o) => WVal::R(o.0.clone()),
    }
}

/// A wire value as a heap value.
pub fn from_wval(v: &WVal) -> Value {
    match v {
        WVal::I(i) => Value::Int(*i),
        WVal::B(b) => Value::Bool(*b),
        WVal::N => Value::Null,
        WVal::R(o) => Value::Ref(ObjId(o.clone())),
    }
}

/// A field type on the wire.
pub fn to_wtype(t: &FieldType) -> WType {
    match t {
        FieldType::Int => WType::I,
        FieldType::Bool => WType::Z,
        FieldType::Ref(c) => WType::L(c.clone()),
    }
}

/// A heap's objects on the wire.
pub fn to_wobjs(heap: &Heap) -> Vec<WObj> {
    heap.objects
        .iter()
        .map(|(id, o)| WObj {
            id: id.0.clone(),
            class: o.class.clone(),
            fields: o
                .fields
                .iter()
                .map(|(f, v)| (f.clone(), to_wval(v)))
                .collect(),
        })
        .collect()
}

/// Wire objects as a heap.
pub fn from_wobjs(objs: &[WObj]) -> Heap {
    let objects = objs
        .iter()
        .map(|o| {
            let fields = o
                .fields
                .iter()
                .map(|(f, v)| (f.clone(), from_wval(v)))
                .collect();
            (
                ObjId(o.id.clone()),
                Object {
                    class: o.class.clone(),
                    fields,
                },
            )
        })
        .collect();
    Heap { objects }
}
