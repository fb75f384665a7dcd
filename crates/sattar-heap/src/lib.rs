//! Concrete heaps, test inputs and their JSON form.
//!
//! These are the values that flow between every stage of sattar: the reference interpreter, the
//! SAT decoder and the JVM bridge produce them, the spec evaluator reads them. The crate knows no
//! Java: what classes and fields exist comes in as a [`Schema`], built by the front end.

mod array;
mod boxes;
mod json;
mod schema;

pub use array::{
    array_class_of, element_field, element_index, element_type_name, is_array_class, ARRAY_LENGTH,
};
pub use boxes::{
    is_string_class, BoxClass, BOXES, BOX_VALUE, CHAR_ARRAY, STRING, STRING_BUILDER, STRING_CHARS,
};
pub use json::{
    heap_to_json, input_from_json, input_to_json, statics_to_json, value_to_json, HeapError,
    LoadNote,
};
pub use schema::{is_primitive_name, ClassSchema, FieldType, IntKind, MethodSig, Schema, OBJECT};

/// java.util.Random (sattar's model of it, with the JDK's field): its state is the 48 low bits of
/// the [`ATOMIC_LONG`] in its [`RANDOM_SEED`], an object of its own.
pub const RANDOM: &str = "java.util.Random";

/// The field of a Random holding its state (the JDK's own name).
pub const RANDOM_SEED: &str = "seed";

/// java.util.concurrent.atomic.AtomicLong, which holds a Random's state.
pub const ATOMIC_LONG: &str = "java.util.concurrent.atomic.AtomicLong";

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The name of an object in a heap (`"N0"`, `"L0"`); names order naturally (`N2` before `N10`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ObjId(pub String);

impl ObjId {
    /// An object id from any string.
    pub fn new(s: impl Into<String>) -> Self {
        ObjId(s.into())
    }
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// The order's key: the name without its trailing ASCII digits, the number they spell
    /// (`None` if there are none or it passes `u64::MAX`), then the digits themselves (`N01`
    /// before `N1`). Byte by byte, without allocating: heaps are keyed by it, so every field read
    /// of every engine compares ids.
    fn natural_key(&self) -> (&[u8], Option<u64>, &[u8]) {
        let bytes = self.0.as_bytes();
        let digits = bytes
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let (prefix, num) = bytes.split_at(bytes.len() - digits);
        let value = match num.is_empty() {
            true => None,
            false => num.iter().try_fold(0u64, |v, d| {
                v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
            }),
        };
        (prefix, value, num)
    }
}

impl Ord for ObjId {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.0 == other.0 {
            return Ordering::Equal;
        }
        self.natural_key().cmp(&other.natural_key())
    }
}
impl PartialOrd for ObjId {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl fmt::Display for ObjId {
    /// The name, with control characters escaped (a name is free text from the input file).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&sattar_diag::printable(&self.0))
    }
}

/// A Java value of the supported subset: an integer, a boolean, null, or a reference.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// A Java `int`, or a `byte`, `short` or `char` (in its type's range: Java computes with
    /// them as ints).
    Int(i32),
    /// A Java `boolean`.
    Bool(bool),
    /// The null reference.
    Null,
    /// A reference to an object of the heap.
    Ref(ObjId),
    /// A Java `long`.
    Long(i64),
}

impl Value {
    /// The default value of a field or local of this type (`0`, `false`, `null`).
    pub fn default_for(ty: &FieldType) -> Value {
        match ty {
            FieldType::Bool => Value::Bool(false),
            FieldType::Ref(_) => Value::Null,
            FieldType::Long => Value::Long(0),
            _ => Value::Int(0),
        }
    }

    /// The value of integer type `kind` holding `v` converted to it (Java's narrowing).
    pub fn integer(kind: IntKind, v: i64) -> Value {
        match kind {
            IntKind::Long => Value::Long(v),
            // In range after wrapping: the conversion cannot fail.
            k => Value::Int(i32::try_from(k.wrap(v)).unwrap_or_default()),
        }
    }

    /// The integer it holds, if it is one.
    pub fn as_integer(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(i64::from(*i)),
            Value::Long(l) => Some(*l),
            _ => None,
        }
    }
    /// The referenced object, if this is a non-null reference.
    pub fn as_ref(&self) -> Option<&ObjId> {
        match self {
            Value::Ref(o) => Some(o),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Long(l) => write!(f, "{l}L"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Null => f.write_str("null"),
            Value::Ref(o) => write!(f, "{o}"),
        }
    }
}

/// One object: its class (qualified, `LinkedList.Node`) and its field values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object {
    /// The qualified class name.
    pub class: String,
    /// Field values by field name.
    pub fields: BTreeMap<String, Value>,
}

impl Object {
    /// The value of a field (`None` if the object has no such field).
    pub fn get(&self, field: &str) -> Option<&Value> {
        self.fields.get(field)
    }
}

/// A set of named objects, and the values of static fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heap {
    /// Objects by id, in natural id order.
    pub objects: BTreeMap<ObjId, Object>,
    /// Static fields by `Class.field` (qualified class).
    pub statics: BTreeMap<String, Value>,
}

impl Heap {
    /// The object with this id.
    pub fn get(&self, id: &ObjId) -> Option<&Object> {
        self.objects.get(id)
    }

    /// The value of `id.field`, if both exist.
    pub fn field(&self, id: &ObjId, field: &str) -> Option<&Value> {
        self.objects.get(id).and_then(|o| o.fields.get(field))
    }

    /// The ids of every object of `class`, in id order.
    pub fn objects_of<'a>(&'a self, class: &'a str) -> impl Iterator<Item = &'a ObjId> + 'a {
        self.objects
            .iter()
            .filter(move |(_, o)| o.class == class)
            .map(|(id, _)| id)
    }

    /// The objects static fields refer to, in static-field order.
    pub fn static_roots(&self) -> Vec<ObjId> {
        self.statics
            .values()
            .filter_map(|v| v.as_ref().cloned())
            .collect()
    }

    /// The objects reachable from `roots` through reference fields, in depth-first order (fields in
    /// name order). Dangling references are skipped.
    pub fn reachable_order(&self, roots: &[ObjId]) -> Vec<ObjId> {
        let mut seen = BTreeSet::new();
        let mut order = Vec::new();
        let mut stack: Vec<ObjId> = roots.iter().rev().cloned().collect();
        while let Some(id) = stack.pop() {
            if !self.objects.contains_key(&id) || !seen.insert(id.clone()) {
                continue;
            }
            order.push(id.clone());
            let obj = &self.objects[&id];
            for v in obj.fields.values().rev() {
                if let Value::Ref(next) = v {
                    stack.push(next.clone());
                }
            }
        }
        order
    }

    /// The part of the heap reachable from `roots`.
    pub fn reachable(&self, roots: &[ObjId]) -> Heap {
        let objects = self
            .reachable_order(roots)
            .into_iter()
            .map(|id| {
                let o = self.objects[&id].clone();
                (id, o)
            })
            .collect();
        Heap {
            objects,
            statics: self.statics.clone(),
        }
    }

    /// Renames every object not in `keep` to `new0`, `new1`, … in the depth-first order from
    /// `roots` (then from the static fields), so that two engines that allocate the same objects
    /// compare equal. Objects in `keep` (the input's objects) keep their identities; unreachable
    /// fresh objects are dropped.
    pub fn canonical_fresh(&self, keep: &BTreeSet<ObjId>, roots: &[ObjId]) -> Heap {
        self.canonical_fresh_renaming(keep, roots).0
    }

    /// [`Heap::canonical_fresh`], also returning the renaming (old id → new id) so that values
    /// outside the heap (a returned reference) can be renamed alike.
    pub fn canonical_fresh_renaming(
        &self,
        keep: &BTreeSet<ObjId>,
        roots: &[ObjId],
    ) -> (Heap, BTreeMap<ObjId, ObjId>) {
        let mut rename: BTreeMap<ObjId, ObjId> = BTreeMap::new();
        let mut all_roots = roots.to_vec();
        all_roots.extend(self.static_roots());
        let mut order: Vec<ObjId> = self.reachable_order(&all_roots);
        order.extend(self.objects.keys().filter(|id| keep.contains(id)).cloned());
        let mut next = 0;
        for id in &order {
            if rename.contains_key(id) {
                continue;
            }
            let new = if keep.contains(id) {
                id.clone()
            } else {
                // A fresh name no kept object has (an input may name one `new0`).
                let fresh = (next..)
                    .map(|n| ObjId(format!("new{n}")))
                    .find(|c| !keep.contains(c))
                    .unwrap_or_else(|| id.clone());
                next = fresh.0[3..].parse::<usize>().map_or(next, |n| n + 1);
                fresh
            };
            rename.insert(id.clone(), new);
        }
        (self.renamed(&rename), rename)
    }

    /// The objects `rename` names, under their new ids, and every reference renamed alike (a
    /// reference to an object it does not name becomes `null`).
    pub fn renamed(&self, rename: &BTreeMap<ObjId, ObjId>) -> Heap {
        let map_value = |v: &Value| renamed_value(v, rename);
        let objects = rename
            .iter()
            .filter_map(|(old, new)| Some((new, self.objects.get(old)?)))
            .map(|(new, o)| {
                let fields = o
                    .fields
                    .iter()
                    .map(|(f, v)| (f.clone(), map_value(v)))
                    .collect();
                (
                    new.clone(),
                    Object {
                        class: o.class.clone(),
                        fields,
                    },
                )
            })
            .collect();
        let statics = self
            .statics
            .iter()
            .map(|(k, v)| (k.clone(), map_value(v)))
            .collect();
        Heap { objects, statics }
    }
}

impl fmt::Display for Heap {
    /// `LinkedList{header=N0, size=2}, N0{key=0, next=null}`: the receiver-like objects first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (id, o) in &self.objects {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{id}:{o}")?;
        }
        for (k, v) in &self.statics {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Object {
    /// `Node{key=0, next=null}`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(elements) = self.elements() {
            let elements: Vec<String> = elements.iter().map(Value::to_string).collect();
            return write!(
                f,
                "{}[{}]",
                short_class(self.class.trim_end_matches("[]")),
                elements.join(", ")
            );
        }
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        write!(f, "{}{{{}}}", short_class(&self.class), fields.join(", "))
    }
}

/// The last segment of a qualified class name (`LinkedList.Node` → `Node`).
pub fn short_class(class: &str) -> &str {
    class.rsplit('.').next().unwrap_or(class)
}

/// A test: the receiver, the arguments (in parameter order) and the pre-state heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestInput {
    /// The receiver object, or `None` for a static method.
    pub this: Option<ObjId>,
    /// Argument values by parameter name, in parameter order.
    pub args: Vec<(String, Value)>,
    /// The pre-state.
    pub heap: Heap,
}

/// `v` with its reference renamed by `rename` (`null` for an object it does not name).
fn renamed_value(v: &Value, rename: &BTreeMap<ObjId, ObjId>) -> Value {
    match v {
        Value::Ref(o) => rename.get(o).map_or(Value::Null, |n| Value::Ref(n.clone())),
        other => other.clone(),
    }
}

impl TestInput {
    /// The input with its objects renamed as [`Heap::renamed`] renames them, the receiver and
    /// the arguments alike.
    pub fn renamed(&self, rename: &BTreeMap<ObjId, ObjId>) -> TestInput {
        TestInput {
            this: self.this.as_ref().and_then(|t| rename.get(t).cloned()),
            args: (self.args.iter())
                .map(|(n, v)| (n.clone(), renamed_value(v, rename)))
                .collect(),
            heap: self.heap.renamed(rename),
        }
    }

    /// The value of the named argument.
    pub fn arg(&self, name: &str) -> Option<&Value> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// The roots of the input: the receiver and the reference arguments.
    pub fn roots(&self) -> Vec<ObjId> {
        let mut roots: Vec<ObjId> = self.this.iter().cloned().collect();
        roots.extend(self.args.iter().filter_map(|(_, v)| v.as_ref().cloned()));
        roots
    }
}

impl fmt::Display for TestInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let args: Vec<String> = self.args.iter().map(|(n, v)| format!("{n}={v}")).collect();
        write!(f, "{}; args({})", self.heap, args.join(", "))?;
        if let Some(t) = &self.this {
            write!(f, "; this={t}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(key: i32, next: Option<&str>) -> Object {
        let mut fields = BTreeMap::new();
        fields.insert("key".into(), Value::Int(key));
        fields.insert(
            "next".into(),
            next.map_or(Value::Null, |n| Value::Ref(ObjId::new(n))),
        );
        Object {
            class: "LinkedList.Node".into(),
            fields,
        }
    }

    #[test]
    fn ids_order_naturally() {
        let mut ids = [
            ObjId::new("N10"),
            ObjId::new("N2"),
            ObjId::new("L0"),
            ObjId::new("N"),
        ];
        ids.sort();
        let names: Vec<&str> = ids.iter().map(|i| i.as_str()).collect();
        assert_eq!(names, ["L0", "N", "N2", "N10"]);
    }

    /// The order's corners: leading zeros, a number past `u64::MAX` (no number: before every
    /// numbered id), digits alone, a prefix that is a prefix of another, non-ASCII names.
    #[test]
    fn ids_order_naturally_at_the_corners() {
        let mut ids: Vec<ObjId> = [
            "N1",
            "N01",
            "N18446744073709551615",
            "N18446744073709551616",
            "N",
            "7",
            "10",
            "",
            "NN2",
            "N0",
            "Ä3",
            "Ä12",
        ]
        .into_iter()
        .map(ObjId::new)
        .collect();
        ids.sort();
        let names: Vec<&str> = ids.iter().map(|i| i.as_str()).collect();
        assert_eq!(
            names,
            [
                "",
                "7",
                "10",
                "N",
                "N18446744073709551616",
                "N0",
                "N01",
                "N1",
                "N18446744073709551615",
                "NN2",
                "Ä3",
                "Ä12"
            ]
        );
        for a in &ids {
            for b in &ids {
                assert_eq!(a.cmp(b) == Ordering::Equal, a == b, "{a} {b}");
            }
        }
    }

    #[test]
    fn canonical_fresh_renames_only_new_objects_in_traversal_order() {
        let mut heap = Heap::default();
        heap.objects.insert(ObjId::new("N0"), node(0, Some("x9")));
        heap.objects.insert(ObjId::new("x9"), node(5, Some("a1")));
        heap.objects.insert(ObjId::new("a1"), node(6, None));
        heap.objects.insert(ObjId::new("junk"), node(7, None));
        let keep: BTreeSet<ObjId> = [ObjId::new("N0")].into_iter().collect();
        let c = heap.canonical_fresh(&keep, &[ObjId::new("N0")]);
        let ids: Vec<&str> = c.objects.keys().map(|i| i.as_str()).collect();
        assert_eq!(ids, ["N0", "new0", "new1"]);
        assert_eq!(
            c.field(&ObjId::new("N0"), "next"),
            Some(&Value::Ref(ObjId::new("new0")))
        );
        assert_eq!(c.field(&ObjId::new("new0"), "key"), Some(&Value::Int(5)));
    }

    /// An input may name an object `new0` (a post-state fed back as a pre-state): fresh objects
    /// take the names no kept object has.
    #[test]
    fn canonical_fresh_names_never_collide_with_kept_ones() {
        let mut heap = Heap::default();
        heap.objects.insert(ObjId::new("new1"), node(0, Some("x9")));
        heap.objects.insert(ObjId::new("x9"), node(5, Some("a1")));
        heap.objects.insert(ObjId::new("a1"), node(6, None));
        let keep: BTreeSet<ObjId> = [ObjId::new("new1")].into_iter().collect();
        let c = heap.canonical_fresh(&keep, &[ObjId::new("new1")]);
        let ids: Vec<&str> = c.objects.keys().map(|i| i.as_str()).collect();
        assert_eq!(ids, ["new0", "new1", "new2"]);
        assert_eq!(c.field(&ObjId::new("new1"), "key"), Some(&Value::Int(0)));
        assert_eq!(c.field(&ObjId::new("new0"), "key"), Some(&Value::Int(5)));
        assert_eq!(c.field(&ObjId::new("new2"), "key"), Some(&Value::Int(6)));
    }
}
