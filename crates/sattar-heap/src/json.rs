//! The JSON form of heaps and test inputs (README.md, section Test inputs), checked against a
//! [`Schema`].
//!
//! ```json
//! {"this":"L0","args":{"k":0},
//!  "objects":{"L0":{"class":"LinkedList","header":"N0","size":1},
//!             "N0":{"class":"LinkedList.Node","key":0,"next":null}}}
//! ```

use crate::{
    BoxClass, FieldType, Heap, IntKind, MethodSig, ObjId, Object, Schema, TestInput, Value,
    BOX_VALUE, CHAR_ARRAY, STRING, STRING_CHARS,
};
use serde_json::{Map, Value as Json};
use std::collections::BTreeMap;
use std::fmt;

/// A malformed or ill-typed input: where (file and line:col or JSON path), what, and what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct HeapError {
    /// The file the input came from.
    pub file: String,
    /// `line:col` for syntax errors, the JSON path (`objects.N0.next`) for the rest.
    pub location: String,
    /// What is wrong and what to do.
    pub message: String,
}

impl fmt::Display for HeapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.location, self.message)
    }
}

/// Something the loader filled in (a missing field given its default), shown with `--verbose`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadNote {
    /// The JSON path of the filled-in value.
    pub path: String,
    /// What was done.
    pub message: String,
}

struct Loader<'a> {
    file: &'a str,
    schema: &'a Schema,
    notes: Vec<LoadNote>,
    /// Boxes made for numbers and booleans given where a box is expected, and Strings (with
    /// their `char[]`) for texts given where a String is, named by their path.
    boxes: std::cell::RefCell<Vec<(ObjId, Object)>>,
}

impl Loader<'_> {
    fn err<T>(&self, path: &str, message: impl Into<String>) -> Result<T, HeapError> {
        Err(HeapError {
            file: self.file.to_string(),
            location: path.to_string(),
            message: message.into(),
        })
    }

    fn object_ids(&self, objects: &Map<String, Json>) -> Vec<ObjId> {
        objects.keys().map(|k| ObjId::new(k.as_str())).collect()
    }

    fn value(
        &self,
        path: &str,
        json: &Json,
        ty: &FieldType,
        classes: &BTreeMap<ObjId, String>,
    ) -> Result<Value, HeapError> {
        match (ty, json) {
            (t, Json::Number(n)) if t.int_kind().is_some() => {
                let kind = t.int_kind().unwrap_or(IntKind::Int);
                match n.as_i64().filter(|v| (kind.min()..=kind.max()).contains(v)) {
                    Some(v) => Ok(Value::integer(kind, v)),
                    None => self.err(
                        path,
                        format!(
                            "{n} is not a Java {}: it ranges over {}..{}",
                            kind.name(),
                            kind.min(),
                            kind.max()
                        ),
                    ),
                }
            }
            (FieldType::Char, Json::String(s)) => match s.encode_utf16().collect::<Vec<_>>()[..] {
                [unit] => Ok(Value::Int(i32::from(unit))),
                _ => self.err(
                    path,
                    format!("\"{s}\" is not one char: give one UTF-16 code unit, or its number"),
                ),
            },
            (FieldType::Bool, Json::Bool(b)) => Ok(Value::Bool(*b)),
            (FieldType::Ref(_), Json::Null) => Ok(Value::Null),
            (FieldType::Ref(want), Json::Number(_) | Json::Bool(_)) => self.boxed(path, json, want),
            // A `Character` given as its character (an object id takes precedence).
            (FieldType::Ref(want), Json::String(s))
                if want == "java.lang.Character"
                    && !classes.contains_key(&ObjId::new(s.as_str()))
                    && s.encode_utf16().count() == 1 =>
            {
                self.boxed(path, json, want)
            }
            // A String given as its text (an object id takes precedence).
            (FieldType::Ref(want), Json::String(s))
                if !classes.contains_key(&ObjId::new(s.as_str()))
                    && self.schema.classes.contains_key(STRING)
                    && self.schema.is_subtype(STRING, want) =>
            {
                Ok(self.string(path, s))
            }
            (FieldType::Ref(want), Json::String(s)) => {
                let id = ObjId::new(s.as_str());
                match classes.get(&id) {
                    None => self.err(
                        path,
                        format!("unknown object \"{s}\": add it under \"objects\" or use null"),
                    ),
                    Some(have) if !self.schema.is_subtype(have, want) => self.err(
                        path,
                        format!("\"{s}\" is a {have}, but a {want} is expected here"),
                    ),
                    Some(_) => Ok(Value::Ref(id)),
                }
            }
            (ty, other) => self.err(
                path,
                format!("expected a value of type {ty}, found {}", describe(other)),
            ),
        }
    }

    /// A number or boolean given where a reference of class `want` is expected: a fresh box of
    /// `want` (or, for `Object`/`Comparable`/`Serializable`, of `Integer` or `Boolean`), named by
    /// its path (`N0.count`, `args.k`).
    fn boxed(&self, path: &str, json: &Json, want: &str) -> Result<Value, HeapError> {
        let bx = BoxClass::named(want).or_else(|| {
            // Only numbers and booleans reach here for a supertype of the boxes.
            let own = match json {
                Json::Bool(_) => FieldType::Bool,
                _ => FieldType::Int,
            };
            BoxClass::of(&own).filter(|b| self.schema.is_subtype(b.class, want))
        });
        let Some(bx) = bx.filter(|b| self.schema.classes.contains_key(b.class)) else {
            return self.err(
                path,
                format!(
                    "expected a {want}, found {}: give an object's id or null",
                    describe(json)
                ),
            );
        };
        let v = self.value(path, json, &bx.value_type(), &BTreeMap::new())?;
        let id = ObjId::new(path.strip_prefix("objects.").unwrap_or(path));
        let mut fields = BTreeMap::new();
        fields.insert(BOX_VALUE.to_string(), v);
        let class = bx.class.to_string();
        self.boxes
            .borrow_mut()
            .push((id.clone(), Object { class, fields }));
        Ok(Value::Ref(id))
    }

    /// A String given as its text: a fresh String and its `char[]`, named by its path
    /// (`N0.name`, `args.s`; the array `N0.name.chars`).
    fn string(&self, path: &str, text: &str) -> Value {
        let id = ObjId::new(path.strip_prefix("objects.").unwrap_or(path));
        let chars = ObjId::new(format!("{id}.{STRING_CHARS}").as_str());
        let units = text
            .encode_utf16()
            .map(|u| Value::Int(i32::from(u)))
            .collect();
        let mut fields = BTreeMap::new();
        fields.insert(STRING_CHARS.to_string(), Value::Ref(chars.clone()));
        let string = Object {
            class: STRING.to_string(),
            fields,
        };
        let mut made = self.boxes.borrow_mut();
        made.push((chars, Object::array(CHAR_ARRAY, units)));
        made.push((id.clone(), string));
        Value::Ref(id)
    }

    /// The receiver: none for a static method, else an object of the method's class.
    fn receiver(
        &mut self,
        sig: &MethodSig,
        this: Option<&Json>,
        classes: &BTreeMap<ObjId, String>,
    ) -> Result<Option<ObjId>, HeapError> {
        match (sig.is_static, this) {
            (true, None | Some(Json::Null)) => Ok(None),
            (true, Some(_)) => self.err("this", format!("{} is static: remove \"this\"", sig.name)),
            (false, None | Some(Json::Null)) => self.err(
                "this",
                format!(
                    "{}.{} needs a receiver: set \"this\" to an object id",
                    sig.class, sig.name
                ),
            ),
            (false, Some(j)) => {
                let ty = FieldType::Ref(sig.class.clone());
                Ok(self.value("this", j, &ty, classes)?.as_ref().cloned())
            }
        }
    }

    /// The arguments, in parameter order: every parameter needs one, and nothing else is allowed.
    fn arguments(
        &mut self,
        sig: &MethodSig,
        args: Option<&Json>,
        classes: &BTreeMap<ObjId, String>,
    ) -> Result<Vec<(String, Value)>, HeapError> {
        let empty = Map::new();
        let args_json = match args {
            None => &empty,
            Some(Json::Object(m)) => m,
            Some(_) => return self.err("args", "\"args\" must be an object {\"param\": value}"),
        };
        for key in args_json.keys() {
            if sig.param(key).is_none() {
                let names: Vec<&String> = sig.params.iter().map(|(n, _)| n).collect();
                return self.err(
                    &format!("args.{key}"),
                    format!(
                        "{} has no parameter \"{key}\"; its parameters: {names:?}",
                        sig.name
                    ),
                );
            }
        }
        let mut out = Vec::new();
        for (name, ty) in &sig.params {
            let path = format!("args.{name}");
            match args_json.get(name) {
                Some(j) => out.push((name.clone(), self.value(&path, j, ty, classes)?)),
                None => {
                    return self.err(&path, format!("missing argument \"{name}\" of type {ty}"))
                }
            }
        }
        Ok(out)
    }

    /// Every object's qualified class, checked against the schema.
    fn classes(
        &mut self,
        objects: &Map<String, Json>,
    ) -> Result<BTreeMap<ObjId, String>, HeapError> {
        let mut classes = BTreeMap::new();
        for (id, obj) in objects {
            let path = format!("objects.{id}");
            let Some(class) = obj.get("class").and_then(Json::as_str) else {
                return self.err(&path, "every object needs a \"class\" string");
            };
            match self.schema.resolve_class(class) {
                Ok(q) if self.schema.classes[q].is_abstract => {
                    let concrete = self.schema.concrete_subtypes(q);
                    return self.err(
                        &format!("{path}.class"),
                        format!("{q} is abstract (or an interface): an object must be of a concrete class, such as {concrete:?}"),
                    );
                }
                Ok(q) => classes.insert(ObjId::new(id.as_str()), q.to_string()),
                Err(c) if c.is_empty() => {
                    let known: Vec<&String> = self.schema.classes.keys().collect();
                    return self.err(
                        &path,
                        format!("unknown class \"{class}\"; known: {known:?}"),
                    );
                }
                Err(c) => return self.err(&path, format!("class \"{class}\" is ambiguous: {c:?}")),
            };
        }
        // Enum constants exist in every heap; an input may refer to them but not redefine them.
        for (class, c) in &self.schema.classes {
            for k in &c.constants {
                let id = ObjId::new(k.as_str());
                if classes.insert(id, class.clone()).is_some() {
                    return self.err(
                        &format!("objects.{k}"),
                        format!("{k} is a constant of enum {class}: refer to it, do not define it"),
                    );
                }
            }
        }
        Ok(classes)
    }

    fn heap(&mut self, objects: &Map<String, Json>) -> Result<Heap, HeapError> {
        // Enum constants are known (references to them are checked) but not part of the input:
        // every engine adds the program's environment to the heap it runs on.
        let classes = self.classes(objects)?;
        let mut heap = Heap::default();
        for id in self.object_ids(objects) {
            let path = format!("objects.{id}");
            let class = classes[&id].clone();
            let json = objects[id.as_str()].as_object();
            let Some(json) = json else {
                return self.err(
                    &path,
                    "an object must be a JSON object {\"class\":…, fields…}",
                );
            };
            let schema = &self.schema.classes[&class];
            if let Some(element) = &schema.element {
                let obj = self.array(&path, json, element, &class, &classes)?;
                heap.objects.insert(id, obj);
                continue;
            }
            for key in json.keys().filter(|k| *k != "class") {
                if schema.field(key).is_none() {
                    let known: Vec<&String> = schema.fields.iter().map(|(n, _)| n).collect();
                    return self.err(
                        &format!("{path}.{key}"),
                        format!("{class} has no field \"{key}\"; its fields: {known:?}"),
                    );
                }
            }
            let mut fields = BTreeMap::new();
            for (name, ty) in &schema.fields {
                let fpath = format!("{path}.{name}");
                let v = match json.get(name) {
                    Some(j) => self.value(&fpath, j, ty, &classes)?,
                    None => {
                        let d = Value::default_for(ty);
                        self.notes.push(LoadNote {
                            path: fpath,
                            message: format!("missing; default {d} applied"),
                        });
                        d
                    }
                };
                fields.insert(name.clone(), v);
            }
            heap.objects.insert(id, Object { class, fields });
        }
        Ok(heap)
    }
}

impl Loader<'_> {
    /// An array object: `{"class": "int[]", "elements": [...]}`.
    fn array(
        &self,
        path: &str,
        json: &Map<String, Json>,
        element: &FieldType,
        class: &str,
        classes: &BTreeMap<ObjId, String>,
    ) -> Result<Object, HeapError> {
        if let Some(key) = json.keys().find(|k| *k != "class" && *k != "elements") {
            return self.err(
                &format!("{path}.{key}"),
                format!("an array ({class}) has only \"elements\": list them as a JSON array"),
            );
        }
        let Some(items) = json.get("elements").and_then(Json::as_array) else {
            return self.err(
                path,
                format!("an array ({class}) needs \"elements\": [...] (an empty array is [])"),
            );
        };
        let values = items
            .iter()
            .enumerate()
            .map(|(i, j)| self.value(&format!("{path}.elements.{i}"), j, element, classes))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Object::array(class, values))
    }

    /// The static fields: every one of the schema's, given (`"statics": {"C.f": v}`) or defaulted.
    fn statics(
        &mut self,
        json: Option<&Json>,
        heap: &mut Heap,
        classes: &BTreeMap<ObjId, String>,
    ) -> Result<(), HeapError> {
        let empty = Map::new();
        let given = match json {
            None => &empty,
            Some(Json::Object(m)) => m,
            Some(_) => {
                return self.err(
                    "statics",
                    "\"statics\" must be an object {\"Class.field\": value}",
                )
            }
        };
        let mut values = BTreeMap::new();
        for (key, j) in given {
            let path = format!("statics.{key}");
            let Some((class, field)) = key.rsplit_once('.') else {
                return self.err(&path, "name a static field as \"Class.field\"");
            };
            let q = match self.schema.resolve_class(class) {
                Ok(q) => q.to_string(),
                Err(_) => return self.err(&path, format!("unknown class \"{class}\"")),
            };
            let Some(ty) = self.schema.static_field(&q, field).cloned() else {
                return self.err(&path, format!("{q} has no static field \"{field}\""));
            };
            values.insert(format!("{q}.{field}"), self.value(&path, j, &ty, classes)?);
        }
        for (class, c) in &self.schema.classes {
            for (field, ty) in &c.statics {
                let key = format!("{class}.{field}");
                let v = match values.remove(&key) {
                    Some(v) => v,
                    None => {
                        let d = Value::default_for(ty);
                        if !given.is_empty() {
                            self.notes.push(LoadNote {
                                path: format!("statics.{key}"),
                                message: format!("missing; default {d} applied"),
                            });
                        }
                        d
                    }
                };
                heap.statics.insert(key, v);
            }
        }
        Ok(())
    }
}

fn describe(j: &Json) -> String {
    match j {
        Json::Null => "null".into(),
        Json::Bool(b) => format!("the boolean {b}"),
        Json::Number(n) => format!("the number {n}"),
        Json::String(s) => format!("the string \"{s}\""),
        Json::Array(_) => "an array".into(),
        Json::Object(_) => "an object".into(),
    }
}

/// Parses and checks a test input for `sig`. `file` names the source in messages. Returns the
/// input and the defaults that were applied.
pub fn input_from_json(
    text: &str,
    file: &str,
    schema: &Schema,
    sig: &MethodSig,
) -> Result<(TestInput, Vec<LoadNote>), HeapError> {
    let json: Json = serde_json::from_str(text).map_err(|e| HeapError {
        file: file.to_string(),
        location: format!("{}:{}", e.line(), e.column()),
        message: format!("invalid JSON: {e}"),
    })?;
    let mut loader = Loader {
        file,
        schema,
        notes: Vec::new(),
        boxes: std::cell::RefCell::new(Vec::new()),
    };
    let Some(top) = json.as_object() else {
        return loader.err(
            "1:1",
            "a test input is a JSON object {\"this\", \"args\", \"objects\"}",
        );
    };
    for key in top.keys() {
        if !matches!(key.as_str(), "this" | "args" | "objects" | "statics") {
            return loader.err(
                key,
                "unknown key; a test input has \"this\", \"args\", \"objects\", \"statics\"",
            );
        }
    }
    let empty = Map::new();
    let objects = match top.get("objects") {
        None => &empty,
        Some(Json::Object(m)) => m,
        Some(_) => return loader.err("objects", "\"objects\" must be a JSON object of objects"),
    };
    let mut heap = loader.heap(objects)?;
    // The input's objects and the enum constants, which references may name too.
    let classes = loader.classes(objects)?;
    loader.statics(top.get("statics"), &mut heap, &classes)?;
    let this = loader.receiver(sig, top.get("this"), &classes)?;
    let args = loader.arguments(sig, top.get("args"), &classes)?;
    for (id, o) in loader.boxes.take() {
        if heap.objects.contains_key(&id) {
            return loader.err(
                id.as_str(),
                "a box or String made from a JSON value would take the name of an object of \"objects\"; rename that object",
            );
        }
        heap.objects.insert(id, o);
    }
    Ok((TestInput { this, args, heap }, loader.notes))
}

/// The JSON form of a value.
pub fn value_to_json(v: &Value) -> Json {
    match v {
        Value::Int(i) => Json::from(*i),
        Value::Long(l) => Json::from(*l),
        Value::Bool(b) => Json::Bool(*b),
        Value::Null => Json::Null,
        Value::Ref(o) => Json::String(o.0.clone()),
    }
}

/// The JSON form of a heap: `{"N0":{"class":…, fields…}, …}`.
pub fn heap_to_json(heap: &Heap) -> Json {
    let mut m = Map::new();
    for (id, o) in &heap.objects {
        let mut obj = Map::new();
        obj.insert("class".into(), Json::String(o.class.clone()));
        if let Some(elements) = o.elements() {
            let items = elements.iter().map(value_to_json).collect();
            obj.insert("elements".into(), Json::Array(items));
            m.insert(id.0.clone(), Json::Object(obj));
            continue;
        }
        for (f, v) in &o.fields {
            obj.insert(f.clone(), value_to_json(v));
        }
        m.insert(id.0.clone(), Json::Object(obj));
    }
    Json::Object(m)
}

/// The JSON form of a heap's static fields (`{"C.f": value}`), `None` when there are none.
pub fn statics_to_json(heap: &Heap) -> Option<Json> {
    (!heap.statics.is_empty()).then(|| {
        Json::Object(
            heap.statics
                .iter()
                .map(|(k, v)| (k.clone(), value_to_json(v)))
                .collect(),
        )
    })
}

/// The JSON form of a test input, readable back by [`input_from_json`].
pub fn input_to_json(input: &TestInput) -> Json {
    let mut m = Map::new();
    m.insert(
        "this".into(),
        input
            .this
            .as_ref()
            .map_or(Json::Null, |t| Json::String(t.0.clone())),
    );
    let args: Map<String, Json> = input
        .args
        .iter()
        .map(|(n, v)| (n.clone(), value_to_json(v)))
        .collect();
    m.insert("args".into(), Json::Object(args));
    m.insert("objects".into(), heap_to_json(&input.heap));
    if let Some(statics) = statics_to_json(&input.heap) {
        m.insert("statics".into(), statics);
    }
    Json::Object(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClassSchema;

    fn schema() -> (Schema, MethodSig) {
        let mut s = Schema::default();
        s.classes.insert(
            "LinkedList".into(),
            ClassSchema {
                fields: vec![
                    ("header".into(), FieldType::Ref("LinkedList.Node".into())),
                    ("size".into(), FieldType::Int),
                ],
                ..Default::default()
            },
        );
        s.classes.insert(
            "LinkedList.Node".into(),
            ClassSchema {
                fields: vec![
                    ("next".into(), FieldType::Ref("LinkedList.Node".into())),
                    ("key".into(), FieldType::Int),
                ],
                ..Default::default()
            },
        );
        for (class, element) in [
            ("int[]", FieldType::Int),
            (
                "LinkedList.Node[]",
                FieldType::Ref("LinkedList.Node".into()),
            ),
        ] {
            let element = Some(element);
            let fields = vec![("length".into(), FieldType::Int)];
            let class_schema = ClassSchema {
                fields,
                element,
                ..Default::default()
            };
            s.classes.insert(class.into(), class_schema);
        }
        let sig = MethodSig {
            class: "LinkedList".into(),
            name: "delete".into(),
            is_static: false,
            params: vec![("k".into(), FieldType::Int)],
            ret: Some(FieldType::Bool),
        };
        (s, sig)
    }

    const GOOD: &str = r#"{"this":"L0","args":{"k":0},
      "objects":{"L0":{"class":"LinkedList","header":"N0","size":2},
                 "N0":{"class":"Node","key":0,"next":"N1"},
                 "N1":{"class":"LinkedList.Node","key":1}}}"#;

    #[test]
    fn loads_and_round_trips() {
        let (s, sig) = schema();
        let (input, notes) = input_from_json(GOOD, "in.json", &s, &sig).unwrap();
        assert_eq!(input.this, Some(ObjId::new("L0")));
        assert_eq!(input.arg("k"), Some(&Value::Int(0)));
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].path, "objects.N1.next");
        let text = input_to_json(&input).to_string();
        let (again, notes) = input_from_json(&text, "in.json", &s, &sig).unwrap();
        assert_eq!(again, input);
        assert!(notes.is_empty());
    }

    fn error_of(text: &str) -> HeapError {
        let (s, sig) = schema();
        input_from_json(text, "in.json", &s, &sig).unwrap_err()
    }

    #[test]
    fn errors_name_the_place() {
        let e = error_of("{\"this\": ");
        assert!(e.location.starts_with("1:"), "{e}");
        let e = error_of(&GOOD.replace("\"next\":\"N1\"", "\"next\":\"N7\""));
        assert_eq!(e.location, "objects.N0.next");
        assert!(e.message.contains("unknown object \"N7\""));
        let e = error_of(&GOOD.replace("\"key\":0", "\"key\":true"));
        assert_eq!(e.location, "objects.N0.key");
        let e = error_of(&GOOD.replace("\"key\":0", "\"colour\":0"));
        assert_eq!(e.location, "objects.N0.colour");
        let e = error_of(&GOOD.replace("\"size\":2", "\"size\":4294967296"));
        assert!(e.message.contains("is not a Java int"), "{e}");
        let e = error_of(&GOOD.replace("\"this\":\"L0\"", "\"this\":\"N0\""));
        assert!(e.message.contains("is a LinkedList.Node"));
        let e = error_of(&GOOD.replace("{\"k\":0}", "{}"));
        assert_eq!(e.location, "args.k");
    }

    const ARRAYS: &str = r#"{"this":"L0","args":{"k":0},
      "objects":{"L0":{"class":"LinkedList","header":null,"size":0},
                 "A":{"class":"int[]","elements":[3,-1,2]},
                 "B":{"class":"LinkedList.Node[]","elements":[null,"N0","N0"]},
                 "E":{"class":"int[]","elements":[]},
                 "N0":{"class":"Node","key":0,"next":null}}}"#;

    #[test]
    fn arrays_load_as_length_and_indexed_elements_and_round_trip() {
        let (s, sig) = schema();
        let (input, _) = input_from_json(ARRAYS, "in.json", &s, &sig).unwrap();
        let a = input.heap.get(&ObjId::new("A")).unwrap();
        assert_eq!(a.get("length"), Some(&Value::Int(3)));
        assert_eq!(a.get("1"), Some(&Value::Int(-1)));
        let b = input.heap.get(&ObjId::new("B")).unwrap();
        assert_eq!(b.get("2"), Some(&Value::Ref(ObjId::new("N0"))));
        assert_eq!(input.heap.get(&ObjId::new("E")).unwrap().length(), Some(0));
        let text = input_to_json(&input).to_string();
        assert!(text.contains(r#""elements":[3,-1,2]"#), "{text}");
        let (again, _) = input_from_json(&text, "in.json", &s, &sig).unwrap();
        assert_eq!(again, input);
    }

    #[test]
    fn array_errors_name_the_element() {
        let e = error_of(&ARRAYS.replace("[3,-1,2]", "[3,true,2]"));
        assert_eq!(e.location, "objects.A.elements.1");
        let e = error_of(&ARRAYS.replace("[null,\"N0\"", "[null,\"N9\""));
        assert_eq!(e.location, "objects.B.elements.1");
        let e = error_of(&ARRAYS.replace("\"elements\":[]", "\"length\":0"));
        assert_eq!(e.location, "objects.E.length");
        assert!(e.message.contains("\"elements\""), "{e}");
    }

    /// A schema with Strings: `W.name` a String, `W.any` an Object, and `W.fix(s)`.
    fn string_schema() -> (Schema, MethodSig) {
        let mut s = Schema::default();
        let fields = vec![
            ("name".into(), FieldType::Ref(STRING.into())),
            ("any".into(), FieldType::Ref(crate::OBJECT.into())),
        ];
        s.classes.insert(
            "W".into(),
            ClassSchema {
                fields,
                ..Default::default()
            },
        );
        let chars = vec![(STRING_CHARS.into(), FieldType::Ref(CHAR_ARRAY.into()))];
        s.classes.insert(
            STRING.into(),
            ClassSchema {
                fields: chars,
                ..Default::default()
            },
        );
        s.classes.insert(
            CHAR_ARRAY.into(),
            ClassSchema {
                fields: vec![("length".into(), FieldType::Int)],
                element: Some(FieldType::Char),
                ..Default::default()
            },
        );
        let sig = MethodSig {
            class: "W".into(),
            name: "fix".into(),
            is_static: false,
            params: vec![("s".into(), FieldType::Ref(STRING.into()))],
            ret: None,
        };
        (s, sig)
    }

    /// A JSON string where a String (or a supertype) is expected is a String of its own with
    /// its UTF-16 chars, named by its path; an object id of the input takes precedence.
    #[test]
    fn strings_load_from_json_strings_as_their_utf16_chars() {
        let (s, sig) = string_schema();
        let text = r#"{"this":"W","args":{"s":"a\ud83d\ude00"},
            "objects":{"W":{"class":"W","name":"","any":"W"}}}"#;
        let (input, _) = input_from_json(text, "in.json", &s, &sig).unwrap();
        assert_eq!(input.arg("s"), Some(&Value::Ref(ObjId::new("args.s"))));
        let chars = input.heap.get(&ObjId::new("args.s.chars")).unwrap();
        assert_eq!(chars.class, CHAR_ARRAY);
        let units: Vec<Value> = [97, 0xD83D, 0xDE00].map(Value::Int).to_vec();
        assert_eq!(chars.elements(), Some(units));
        let name = input.heap.get(&ObjId::new("W.name.chars")).unwrap();
        assert_eq!(name.length(), Some(0));
        // "W" names the object W, not a one-char String.
        let w = input.heap.get(&ObjId::new("W")).unwrap();
        assert_eq!(w.get("any"), Some(&Value::Ref(ObjId::new("W"))));
        let (again, _) =
            input_from_json(&input_to_json(&input).to_string(), "in.json", &s, &sig).unwrap();
        assert_eq!(again, input);
    }
}
