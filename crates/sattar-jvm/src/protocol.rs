//! The parent ↔ worker messages: one JSON document per line.

use sattar_heap::{FieldType, Heap, ObjId, Object, Value};
use serde::{Deserialize, Serialize};

/// A value on the wire. Serialized under one-letter tags: a heap sends one per field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireValue {
    /// An int.
    #[serde(rename = "I")]
    Int(i32),
    /// A boolean.
    #[serde(rename = "B")]
    Bool(bool),
    /// null.
    #[serde(rename = "N")]
    Null,
    /// A reference to a named object.
    #[serde(rename = "R")]
    Ref(String),
}

/// A field or parameter type on the wire (tagged with its JVM descriptor letter).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireType {
    /// int
    #[serde(rename = "I")]
    Int,
    /// boolean
    #[serde(rename = "Z")]
    Bool,
    /// A reference to the qualified class.
    #[serde(rename = "L")]
    Ref(String),
}

/// A class the worker must know: qualified name and fields.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WireClass {
    /// Qualified name (`LinkedList.Node`).
    pub name: String,
    /// Fields in declaration order.
    pub fields: Vec<(String, WireType)>,
}

/// An object on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireObject {
    /// Its name.
    pub id: String,
    /// Its qualified class.
    pub class: String,
    /// Field values.
    pub fields: Vec<(String, WireValue)>,
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
        classes: Vec<WireClass>,
        /// Number of statements (sizes the coverage array).
        statements: u32,
    },
    /// Run one test.
    Run(RunRequest),
}

/// One test to run.
#[derive(Debug, Serialize, Deserialize)]
pub struct RunRequest {
    /// Qualified declaring class.
    pub class: String,
    /// Method name.
    pub method: String,
    /// Whether it is static.
    pub is_static: bool,
    /// Parameter types.
    pub params: Vec<WireType>,
    /// Return type (`None` for void).
    pub ret: Option<WireType>,
    /// The receiver's name.
    pub this: Option<String>,
    /// Argument values in order.
    pub args: Vec<WireValue>,
    /// The pre-state.
    pub objects: Vec<WireObject>,
    /// Step budget.
    pub max_steps: u64,
}

/// How a run ended, as the worker saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunEnd {
    /// Returned, with the value for non-void methods.
    Returned(Option<WireValue>),
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
        end: RunEnd,
        /// Covered statement ids.
        covered: Vec<u32>,
        /// Branch events, `2 * id + taken` (at most `sattar_java::TRACE_LIMIT`).
        trace: Vec<u32>,
        /// Branch events past the trace limit, counted but not recorded.
        #[serde(default)]
        trace_dropped: u64,
        /// Input objects (names kept) and reachable new ones (named `\u{1}jvmN`).
        post: Vec<WireObject>,
        /// Steps used.
        steps: u64,
    },
    /// `System.exit(code)` was called (sent by the JVM's exit hook).
    Exited(i32),
    /// A problem of the bridge itself.
    Error(String),
}

/// A heap value on the wire.
pub fn to_wire_value(v: &Value) -> WireValue {
    match v {
        Value::Int(i) => WireValue::Int(*i),
        Value::Bool(b) => WireValue::Bool(*b),
        Value::Null => WireValue::Null,
        Value::Ref(o) => WireValue::Ref(o.0.clone()),
    }
}

/// A wire value as a heap value.
pub fn from_wire_value(v: &WireValue) -> Value {
    match v {
        WireValue::Int(i) => Value::Int(*i),
        WireValue::Bool(b) => Value::Bool(*b),
        WireValue::Null => Value::Null,
        WireValue::Ref(o) => Value::Ref(ObjId(o.clone())),
    }
}

/// A field type on the wire.
pub fn to_wire_type(t: &FieldType) -> WireType {
    match t {
        FieldType::Int => WireType::Int,
        FieldType::Bool => WireType::Bool,
        FieldType::Ref(c) => WireType::Ref(c.clone()),
    }
}

/// A heap's objects on the wire.
pub fn to_wire_objects(heap: &Heap) -> Vec<WireObject> {
    heap.objects
        .iter()
        .map(|(id, o)| WireObject {
            id: id.0.clone(),
            class: o.class.clone(),
            fields: o
                .fields
                .iter()
                .map(|(f, v)| (f.clone(), to_wire_value(v)))
                .collect(),
        })
        .collect()
}

/// Wire objects as a heap.
pub fn from_wire_objects(objs: &[WireObject]) -> Heap {
    let objects = objs
        .iter()
        .map(|o| {
            let fields = o
                .fields
                .iter()
                .map(|(f, v)| (f.clone(), from_wire_value(v)))
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
    Heap {
        objects,
        statics: Default::default(),
    }
}
