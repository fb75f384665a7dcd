//! The parent ↔ worker messages: one JSON document per line.

use sattar_heap::{FieldType, Heap, ObjId, Object, Schema, Value};
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
    /// A long.
    #[serde(rename = "J")]
    Long(i64),
    /// A char.
    #[serde(rename = "C")]
    Char(u16),
    /// A short.
    #[serde(rename = "S")]
    Short(i16),
    /// A byte.
    #[serde(rename = "Y")]
    Byte(i8),
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
    /// long
    #[serde(rename = "J")]
    Long,
    /// char
    #[serde(rename = "C")]
    Char,
    /// short
    #[serde(rename = "S")]
    Short,
    /// byte
    #[serde(rename = "B")]
    Byte,
}

/// A field as the JVM finds it: looked up in class `owner` by name and descriptor.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WireField {
    /// The field's name (javac's `this$0` for an enclosing instance).
    pub name: String,
    /// How its value is read and written.
    pub ty: WireType,
    /// The JNI name of the class declaring it (`pkg/Outer$Inner`).
    pub owner: String,
    /// Its JVM descriptor (`I`, `Ljava/lang/Comparable;`): the erased type.
    pub descriptor: String,
}

/// A class the worker must know: its names, fields, static fields and enum constants.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WireClass {
    /// Qualified name (`pkg.Outer.Inner`).
    pub name: String,
    /// The JNI name (`pkg/Outer$Inner`).
    pub binary: String,
    /// Every instance field, the superclasses' first, each looked up in its declaring class.
    pub fields: Vec<WireField>,
    /// Static fields that are state (keyed `name.field` in a heap).
    pub statics: Vec<WireField>,
    /// An enum's constants, in ordinal order (object ids `name.CONSTANT`).
    pub constants: Vec<String>,
    /// For an array class (`int[]`, `pkg.Outer.Node[]`): its elements. Its `fields` are then
    /// empty: `length` and the elements (fields `"0"`, `"1"`, … of a heap) go through JNI's
    /// array functions.
    #[serde(default)]
    pub element: Option<WireArray>,
    /// A JDK collection sattar models (`java.util.ArrayList`, …): built by its no-argument
    /// constructor and `add` of each element of the heap's `elements` array, read back by
    /// `toArray()`; its other fields (`modCount`) are the JDK's own.
    #[serde(default)]
    pub collection: bool,
    /// `java.lang.String`: built by `new String(char[])` from the heap's `chars` array, read
    /// back by `toCharArray()`.
    #[serde(default)]
    pub string: bool,
    /// `java.lang.StringBuilder`: built by `new StringBuilder(String)` of the heap's `chars`,
    /// read back by `toString().toCharArray()`.
    #[serde(default)]
    pub builder: bool,
}

/// The elements of an array class.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WireArray {
    /// How an element is read and written.
    pub ty: WireType,
    /// The element class's JNI name for a reference element (`pkg/Outer$Node`,
    /// `java/lang/Object`, `[I`), the descriptor of a primitive one (`I`).
    pub class: String,
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
        /// Every class of the program by binary name (`pkg.Outer$Inner`), initialized once
        /// before the first test (a test's statics are its input's, not a static initializer's).
        initialize: Vec<String>,
    },
    /// Run one test.
    Run(RunRequest),
    /// Run a JUnit test of a capture build, reading the pre-state of each outermost call of
    /// the method under test.
    Capture(CaptureRequest),
}

/// A JUnit test to run in a capture build.
#[derive(Debug, Serialize, Deserialize)]
pub struct CaptureRequest {
    /// The test class's binary name (`pkg.ClassTest`).
    pub test_class: String,
    /// The test method's name.
    pub test_method: String,
    /// The method under test's parameter types (a primitive argument arrives boxed).
    pub params: Vec<WireType>,
    /// The most calls whose pre-state is read (later ones are counted only).
    pub max_calls: usize,
}

/// One outermost call of the method under test, as the capture probe saw it on entry.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WireCall {
    /// The receiver (`None` for a static method).
    pub this: Option<WireValue>,
    /// The arguments.
    pub args: Vec<WireValue>,
    /// Every object reachable from the receiver, the arguments and the statics.
    pub objects: Vec<WireObject>,
    /// Every static field.
    pub statics: Vec<(String, WireValue)>,
    /// The test's source file and line that made the call (empty and 0 if not found).
    pub file: String,
    /// See `file`.
    pub line: u32,
    /// Why its pre-state could not be read (an object of a class sattar does not model).
    pub unreadable: Option<String>,
}

/// One test to run.
#[derive(Debug, Serialize, Deserialize)]
pub struct RunRequest {
    /// Qualified declaring class.
    pub class: String,
    /// Method name (`<init>` for a constructor).
    pub method: String,
    /// Its JVM descriptor (`(Ljava/lang/Comparable;)V`).
    pub descriptor: String,
    /// Whether it is static.
    pub is_static: bool,
    /// Return type (`None` for void).
    pub ret: Option<WireType>,
    /// The receiver's name.
    pub this: Option<String>,
    /// Argument values in order.
    pub args: Vec<WireValue>,
    /// The pre-state's objects (an enum constant's id names the JVM's constant).
    pub objects: Vec<WireObject>,
    /// The pre-state's static fields, `Class.field` → value.
    pub statics: Vec<(String, WireValue)>,
    /// Step budget.
    pub max_steps: u64,
}

/// How a run ended, as the worker saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunEnd {
    /// Returned, with the value for non-void methods.
    Returned(Option<WireValue>),
    /// A throwable escaped: its class's binary name (`java.lang.X`, `pkg.Outer$Inner`).
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
        /// Every static field after the run.
        statics: Vec<(String, WireValue)>,
        /// Steps used.
        steps: u64,
    },
    /// A capture ended: the calls it read and how the JUnit test ended.
    Captured {
        /// The outermost calls, in order (at most `max_calls`).
        calls: Vec<WireCall>,
        /// Every outermost call, read or not.
        count: usize,
        /// The tests the JUnit Platform found for the selector (1 if the test exists).
        found: u64,
        /// The tests that failed.
        failed: u64,
        /// The first failure's exception and stack trace.
        failure: String,
    },
    /// `System.exit(code)` was called (sent by the JVM's exit hook).
    Exited(i32),
    /// A problem of the bridge itself.
    Error(String),
}

/// A heap value on the wire, as a value of type `ty` (an int of a `char` field is a char).
pub fn to_wire_value(v: &Value, ty: Option<&FieldType>) -> WireValue {
    match (v, ty) {
        // Each in its type's range: the heap's inputs are validated against the schema.
        (Value::Int(i), Some(FieldType::Char)) => WireValue::Char(*i as u16),
        (Value::Int(i), Some(FieldType::Short)) => WireValue::Short(*i as i16),
        (Value::Int(i), Some(FieldType::Byte)) => WireValue::Byte(*i as i8),
        (Value::Int(i), _) => WireValue::Int(*i),
        (Value::Long(l), _) => WireValue::Long(*l),
        (Value::Bool(b), _) => WireValue::Bool(*b),
        (Value::Null, _) => WireValue::Null,
        (Value::Ref(o), _) => WireValue::Ref(o.0.clone()),
    }
}

/// A wire value as a heap value.
pub fn from_wire_value(v: &WireValue) -> Value {
    match v {
        WireValue::Int(i) => Value::Int(*i),
        WireValue::Long(l) => Value::Long(*l),
        WireValue::Char(c) => Value::Int(i32::from(*c)),
        WireValue::Short(s) => Value::Int(i32::from(*s)),
        WireValue::Byte(b) => Value::Int(i32::from(*b)),
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
        FieldType::Long => WireType::Long,
        FieldType::Char => WireType::Char,
        FieldType::Short => WireType::Short,
        FieldType::Byte => WireType::Byte,
    }
}

/// A heap's objects on the wire, each field's value as its type in `schema`.
pub fn to_wire_objects(heap: &Heap, schema: &Schema) -> Vec<WireObject> {
    heap.objects
        .iter()
        .map(|(id, o)| WireObject {
            id: id.0.clone(),
            class: o.class.clone(),
            fields: o
                .fields
                .iter()
                .map(|(f, v)| (f.clone(), to_wire_value(v, schema.field(&o.class, f))))
                .collect(),
        })
        .collect()
}

/// A heap's static fields on the wire, each as its type in `schema`.
pub fn to_wire_statics(heap: &Heap, schema: &Schema) -> Vec<(String, WireValue)> {
    heap.statics
        .iter()
        .map(|(k, v)| (k.clone(), to_wire_value(v, schema.static_type(k).as_ref())))
        .collect()
}

/// Wire objects and static fields as a heap.
pub fn from_wire_heap(objs: &[WireObject], statics: &[(String, WireValue)]) -> Heap {
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
    let statics = statics
        .iter()
        .map(|(k, v)| (k.clone(), from_wire_value(v)))
        .collect();
    Heap { objects, statics }
}
