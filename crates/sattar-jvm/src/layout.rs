//! How a subject's classes look to the JVM: JNI names (`pkg/Outer$Inner`), the class declaring
//! each field, erased descriptors, static fields, enum constants — and, back, the JVM's names of
//! exception classes as sattar writes them (`pkg.Outer.Inner`).

use crate::protocol::{to_wire_type, WireClass, WireField};
use sattar_heap::{FieldType, MethodSig, Schema};
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
        layout.initialize = p.classes.iter().map(|c| c.binary.clone()).collect();
        layout.unfinal = p
            .classes
            .iter()
            .filter(|c| c.kind != sattar_java::ClassKind::Interface)
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
            .map(|(name, c)| {
                let declared = p.fields_of(name);
                let owner = |f: &str| {
                    declared
                        .iter()
                        .find(|(_, d)| d.name == f)
                        .map_or(name.as_str(), |(owner, _)| owner.as_str())
                };
                let fields = c
                    .fields
                    .iter()
                    .map(|(f, t)| layout.field(f, t, owner(f)))
                    .collect();
                layout.class(name, fields, &c.statics, &c.constants)
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
                layout.class(name, fields, &c.statics, &c.constants)
            })
            .collect();
        layout
    }

    fn with_names(binary: HashMap<String, String>) -> Layout {
        let qualified = binary.iter().map(|(q, b)| (b.clone(), q.clone())).collect();
        Layout {
            binary,
            qualified,
            ..Layout::default()
        }
    }

    fn class(
        &self,
        name: &str,
        fields: Vec<WireField>,
        statics: &[(String, FieldType)],
        constants: &[String],
    ) -> WireClass {
        let prefix = format!("{name}.");
        WireClass {
            name: name.to_string(),
            binary: self.jni(name),
            fields,
            statics: statics
                .iter()
                .map(|(f, t)| self.field(f, t, name))
                .collect(),
            constants: constants
                .iter()
                .map(|id| id.strip_prefix(&prefix).unwrap_or(id).to_string())
                .collect(),
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

    /// The JNI name of a class (`pkg/Outer$Inner`); a JDK class keeps its name (`java/lang/Object`).
    pub fn jni(&self, qualified: &str) -> String {
        self.binary
            .get(qualified)
            .map_or(qualified, String::as_str)
            .replace('.', "/")
    }

    /// The JVM descriptor of a (erased) type.
    pub fn descriptor(&self, t: &FieldType) -> String {
        match t {
            FieldType::Int => "I".into(),
            FieldType::Bool => "Z".into(),
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
        match self.qualified.get(jvm_name) {
            Some(q) => q.clone(),
            None if jvm_name.contains('.') => jvm_name.to_string(),
            None => jvm_name.replace('$', "."),
        }
    }
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
}
