//! How a subject's classes look to the JVM: JNI names (`pkg/Outer$Inner`), the class declaring
//! each field, erased descriptors, static fields, enum constants — and, back, the JVM's names of
//! exception classes as sattar writes them (`pkg.Outer.Inner`).

use crate::protocol::{to_wire_type, WireArray, WireClass, WireField};
use sattar_heap::{element_type_name, is_array_class, ClassSchema, FieldType, MethodSig, Schema};
use sattar_java::library::Rebuild;
use sattar_java::Program;
use std::collections::HashMap;

/// The JVM's view of a subject's classes.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// The classes the worker marshals (those of the heap schema).
    pub classes: Vec<WireClass>,
    /// Every class of the program by binary name, for the worker to initialize once.
    pub initialize: Vec<String>,
    /// Class files (`pkg/Outer$Inner.class`) and their `static final` fields that are state,
    /// whose `final` the compiled classes lose (see `classfile`); interfaces keep theirs.
    pub unfinal: Vec<(String, Vec<String>)>,
    /// Qualified name → binary name (`pkg.Outer.Inner` → `pkg.Outer$Inner`).
    binary: HashMap<String, String>,
    /// Binary name → qualified name.
    qualified: HashMap<String, String>,
    /// An inner class → its enclosing instance's class and the field holding it.
    outer: HashMap<String, (String, String)>,
}

impl Layout {
    /// The layout of a program's classes: names as javac compiled them, each field looked up in
    /// the class declaring it.
    pub fn of_program(p: &Program) -> Layout {
        let names = p.classes.iter().map(|c| (c.name.clone(), c.binary.clone()));
        let mut layout = Layout::with_names(names.collect());
        // An array class is the JVM's own: nothing to initialize.
        layout.initialize = p
            .classes
            .iter()
            .filter(|c| c.element.is_none() && !p.is_library_class(&c.name))
            .map(|c| c.binary.clone())
            .collect();
        layout.unfinal = p
            .classes
            .iter()
            // The models' classes run as the JDK's: nothing of theirs is compiled.
            .filter(|c| c.kind != sattar_java::ClassKind::Interface && !p.is_library_class(&c.name))
            .map(|c| {
                let finals = c.statics.iter().filter(|f| f.is_final);
                let names = finals.map(|f| f.name.clone()).collect::<Vec<_>>();
                (format!("{}.class", c.binary.replace('.', "/")), names)
            })
            .filter(|(_, names)| !names.is_empty())
            .collect();
        layout.outer = p
            .classes
            .iter()
            .filter_map(|c| Some((c.name.clone(), c.outer.as_ref()?)))
            .map(|(c, o)| (c, (o.class.clone(), o.field.clone())))
            .collect();
        let schema = p.schema();
        layout.classes = schema
            .classes
            .iter()
            // A model's inner classes (its iterators, a map's views) are never inputs: the
            // JDK's differ. Its other classes are the JDK's, fields and all (a map, its nodes).
            .filter(|(name, _)| {
                !p.is_library_class(name)
                    || sattar_java::library::storage(name).is_some()
                    || p.class(name).is_some_and(|c| c.outer.is_none())
            })
            .map(|(name, c)| {
                let declared = p.fields_of(name);
                let owner = |f: &str| {
                    declared
                        .iter()
                        .find(|(_, d)| d.name == f)
                        .map_or(name.as_str(), |(owner, _)| owner.as_str())
                };
                // A model's storage goes through the JDK class's methods, not a field (an
                // abstract model such as AbstractList declares it too).
                let storage = sattar_java::library::storage(name);
                let library = p.is_library_class(name);
                let fields = c
                    .fields
                    .iter()
                    .filter(|(f, _)| !library || !sattar_java::library::is_storage_field(f))
                    .map(|(f, t)| layout.field(f, t, owner(f)))
                    .collect();
                let mut wire = layout.class(name, c, fields);
                let rebuild = storage.map(|s| s.rebuild);
                wire.collection = rebuild == Some(Rebuild::Collection);
                wire.string = rebuild == Some(Rebuild::String);
                wire.builder = rebuild == Some(Rebuild::Builder);
                wire
            })
            .collect();
        layout
    }

    /// The layout of raw classes described by a schema alone: the default package, nested
    /// classes by `Outer.Inner`, every field looked up from its own class.
    pub fn of_schema(schema: &Schema) -> Layout {
        let names = schema
            .classes
            .keys()
            .map(|n| (n.clone(), n.replace('.', "$")));
        let mut layout = Layout::with_names(names.collect());
        layout.classes = schema
            .classes
            .iter()
            .map(|(name, c)| {
                let fields = c
                    .fields
                    .iter()
                    .map(|(f, t)| layout.field(f, t, name))
                    .collect();
                layout.class(name, c, fields)
            })
            .collect();
        layout
    }

    /// Names every class; an array class by the JVM's name (`int[]` → `[I`, `Outer.Node[]` →
    /// `[LOuter$Node;`), whatever name it came with.
    fn with_names(mut binary: HashMap<String, String>) -> Layout {
        let arrays: Vec<String> = binary
            .keys()
            .filter(|q| is_array_class(q))
            .cloned()
            .collect();
        for a in arrays {
            let jvm = jvm_array_name(&a, &|e| binary.get(e).cloned());
            binary.insert(a, jvm);
        }
        let qualified = binary.iter().map(|(q, b)| (b.clone(), q.clone())).collect();
        Layout {
            binary,
            qualified,
            ..Layout::default()
        }
    }

    fn class(&self, name: &str, c: &ClassSchema, fields: Vec<WireField>) -> WireClass {
        let prefix = format!("{name}.");
        // An array's `length` and elements are no fields of the JVM's: they are read and
        // written by the array functions of JNI.
        let element = c.element.as_ref().map(|t| WireArray {
            ty: to_wire_type(t),
            class: match t {
                FieldType::Ref(e) => self.jni(e),
                t => self.descriptor(t),
            },
        });
        WireClass {
            name: name.to_string(),
            binary: self.jni(name),
            fields: if element.is_some() {
                Vec::new()
            } else {
                fields
            },
            statics: c
                .statics
                .iter()
                .map(|(f, t)| self.field(f, t, name))
                .collect(),
            constants: c
                .constants
                .iter()
                .map(|id| id.strip_prefix(&prefix).unwrap_or(id).to_string())
                .collect(),
            element,
            collection: false,
            string: false,
            builder: false,
        }
    }

    fn field(&self, name: &str, ty: &FieldType, owner: &str) -> WireField {
        WireField {
            name: name.to_string(),
            ty: to_wire_type(ty),
            owner: self.jni(owner),
            descriptor: self.descriptor(ty),
        }
    }

    /// The JNI name of a class (`pkg/Outer$Inner`); a JDK class keeps its name (`java/lang/Object`);
    /// an array class is named as `FindClass` takes it (`[I`, `[Lpkg/Outer$Inner;`).
    pub fn jni(&self, qualified: &str) -> String {
        match self.binary.get(qualified) {
            Some(b) => b.replace('.', "/"),
            None if is_array_class(qualified) => {
                jvm_array_name(qualified, &|e| self.binary.get(e).cloned()).replace('.', "/")
            }
            None => qualified.replace('.', "/"),
        }
    }

    /// A class the JVM names (`pkg.Outer$Inner`, `[I`, `[Lpkg.Outer$Node;`, with `.` or `/`)
    /// as sattar names it (`pkg.Outer.Inner`, `int[]`, `pkg.Outer.Node[]`); a JDK class as the
    /// JVM names it (a raw subject's, without a package: `$` → `.`).
    pub fn class_name(&self, jvm_name: &str) -> String {
        let dotted = jvm_name.replace('/', ".");
        if let Some(q) = self.qualified.get(&dotted) {
            return q.clone();
        }
        if let Some(rest) = dotted.strip_prefix('[') {
            let element = match rest.as_bytes().first() {
                Some(b'I') => "int".to_string(),
                Some(b'J') => "long".to_string(),
                Some(b'Z') => "boolean".to_string(),
                Some(b'C') => "char".to_string(),
                Some(b'S') => "short".to_string(),
                Some(b'B') => "byte".to_string(),
                Some(b'F') => "float".to_string(),
                Some(b'D') => "double".to_string(),
                Some(b'[') => self.class_name(rest),
                Some(b'L') => self.class_name(rest[1..].trim_end_matches(';')),
                _ => return dotted,
            };
            return sattar_heap::array_class_of(&element);
        }
        if dotted.contains('.') {
            dotted
        } else {
            dotted.replace('$', ".")
        }
    }

    /// The JVM descriptor of a (erased) type.
    pub fn descriptor(&self, t: &FieldType) -> String {
        match t {
            FieldType::Int => "I".into(),
            FieldType::Bool => "Z".into(),
            FieldType::Ref(c) if is_array_class(c) => self.jni(c),
            FieldType::Ref(c) => format!("L{};", self.jni(c)),
            FieldType::Long => "J".into(),
            FieldType::Char => "C".into(),
            FieldType::Short => "S".into(),
            FieldType::Byte => "B".into(),
        }
    }

    /// The JVM descriptor of a method: `(I Ljava/lang/Comparable;)V`, without spaces.
    pub fn method_descriptor(&self, sig: &MethodSig) -> String {
        let params: String = sig.params.iter().map(|(_, t)| self.descriptor(t)).collect();
        let ret = sig.ret.as_ref().map_or("V".into(), |t| self.descriptor(t));
        format!("({params}){ret}")
    }

    /// An inner class's enclosing instance: its class and the field holding it. javac passes it
    /// to the class's constructors as a first parameter of their own.
    pub fn outer(&self, class: &str) -> Option<&(String, String)> {
        self.outer.get(class)
    }

    /// An exception class as sattar names it: a class of the subject by its qualified name
    /// (`pkg.Outer.Inner`), the JDK's as the JVM names them.
    pub fn exception(&self, jvm_name: &str) -> String {
        self.class_name(jvm_name)
    }
}

/// The JVM's binary name of an array class as `Class.forName` takes it (`int[]` → `[I`,
/// `int[][]` → `[[I`, `pkg.Outer.Node[]` → `[Lpkg.Outer$Node;`); `binary` gives the binary name
/// of a class of the subject (a JDK class keeps its name).
fn jvm_array_name(qualified: &str, binary: &dyn Fn(&str) -> Option<String>) -> String {
    let Some(element) = element_type_name(qualified) else {
        return binary(qualified).unwrap_or_else(|| qualified.to_string());
    };
    let letter = match element {
        "int" => "I",
        "long" => "J",
        "boolean" => "Z",
        "char" => "C",
        "short" => "S",
        "byte" => "B",
        "float" => "F",
        "double" => "D",
        e if is_array_class(e) => return format!("[{}", jvm_array_name(e, binary)),
        e => return format!("[L{};", binary(e).unwrap_or_else(|| e.to_string())),
    };
    format!("[{letter}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_descriptors_and_exceptions_of_a_raw_schema() {
        let mut s = Schema::default();
        s.classes.insert(
            "List.Node".into(),
            sattar_heap::ClassSchema {
                fields: vec![("next".into(), FieldType::Ref("List.Node".into()))],
                ..Default::default()
            },
        );
        let l = Layout::of_schema(&s);
        assert_eq!(l.classes[0].binary, "List$Node");
        assert_eq!(l.classes[0].fields[0].descriptor, "LList$Node;");
        assert_eq!(
            l.descriptor(&FieldType::Ref(sattar_heap::OBJECT.into())),
            "Ljava/lang/Object;"
        );
        assert_eq!(l.exception("List$Error"), "List.Error");
        assert_eq!(
            l.exception("java.lang.IllegalStateException"),
            "java.lang.IllegalStateException"
        );
    }

    #[test]
    fn array_classes_have_the_jvm_names_and_descriptors_and_come_back() {
        let mut s = Schema::default();
        let node = FieldType::Ref("List.Node".into());
        s.classes.insert(
            "List.Node".into(),
            sattar_heap::ClassSchema {
                fields: vec![("items".into(), FieldType::Ref("List.Node[]".into()))],
                ..Default::default()
            },
        );
        for (a, e) in [
            ("List.Node[]", node),
            ("int[]", FieldType::Int),
            ("int[][]", FieldType::Ref("int[]".into())),
        ] {
            s.classes.insert(
                a.into(),
                sattar_heap::ClassSchema {
                    fields: vec![("length".into(), FieldType::Int)],
                    element: Some(e),
                    ..Default::default()
                },
            );
        }
        let l = Layout::of_schema(&s);
        let class = |n: &str| l.classes.iter().find(|c| c.name == n).unwrap();
        assert_eq!(class("int[]").binary, "[I");
        assert!(class("int[]").fields.is_empty());
        assert_eq!(class("int[][]").binary, "[[I");
        assert_eq!(class("int[][]").element.as_ref().unwrap().class, "[I");
        assert_eq!(class("List.Node[]").binary, "[LList$Node;");
        assert_eq!(
            class("List.Node[]").element.as_ref().unwrap().class,
            "List$Node"
        );
        assert_eq!(class("List.Node").fields[0].descriptor, "[LList$Node;");
        assert_eq!(l.jni("java.lang.Object[]"), "[Ljava/lang/Object;");
        assert_eq!(l.jni("long[]"), "[J");
        assert_eq!(l.class_name("[I"), "int[]");
        assert_eq!(l.class_name("[[I"), "int[][]");
        assert_eq!(l.class_name("[LList$Node;"), "List.Node[]");
        assert_eq!(l.class_name("[Ljava.lang.Object;"), "java.lang.Object[]");
        assert_eq!(l.class_name("[C"), "char[]");
        assert_eq!(l.class_name("List$Node"), "List.Node");
    }
}
