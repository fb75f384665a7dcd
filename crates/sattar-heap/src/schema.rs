//! What classes, fields and method signatures exist: the front end builds it, heaps and specs are
//! checked against it.

use std::collections::BTreeMap;
use std::fmt;

/// The type of a field, local, parameter or return value in the supported subset.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FieldType {
    /// `int`
    Int,
    /// `boolean`
    Bool,
    /// A reference to an object of the named (qualified) class.
    Ref(String),
    /// `long`
    Long,
    /// `char` (an unsigned 16-bit code unit)
    Char,
    /// `short`
    Short,
    /// `byte`
    Byte,
}

impl FieldType {
    /// The integer type it is, if it is one.
    pub fn int_kind(&self) -> Option<IntKind> {
        Some(match self {
            FieldType::Int => IntKind::Int,
            FieldType::Long => IntKind::Long,
            FieldType::Char => IntKind::Char,
            FieldType::Short => IntKind::Short,
            FieldType::Byte => IntKind::Byte,
            FieldType::Bool | FieldType::Ref(_) => return None,
        })
    }

    /// The field type of an integer type.
    pub fn of_int(kind: IntKind) -> FieldType {
        match kind {
            IntKind::Int => FieldType::Int,
            IntKind::Long => FieldType::Long,
            IntKind::Char => FieldType::Char,
            IntKind::Short => FieldType::Short,
            IntKind::Byte => FieldType::Byte,
        }
    }
}

impl fmt::Display for FieldType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldType::Bool => f.write_str("boolean"),
            FieldType::Ref(c) => f.write_str(c),
            t => f.write_str(t.int_kind().map_or("?", IntKind::name)),
        }
    }
}

/// Java's integer types (JLS 4.2.1): their widths, ranges and narrowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntKind {
    /// `byte`: 8-bit signed.
    Byte,
    /// `short`: 16-bit signed.
    Short,
    /// `char`: 16-bit unsigned.
    Char,
    /// `int`: 32-bit signed.
    Int,
    /// `long`: 64-bit signed.
    Long,
}

impl IntKind {
    /// The Java name.
    pub fn name(self) -> &'static str {
        match self {
            IntKind::Byte => "byte",
            IntKind::Short => "short",
            IntKind::Char => "char",
            IntKind::Int => "int",
            IntKind::Long => "long",
        }
    }

    /// Its width in bits.
    pub fn bits(self) -> u32 {
        match self {
            IntKind::Byte => 8,
            IntKind::Short | IntKind::Char => 16,
            IntKind::Int => 32,
            IntKind::Long => 64,
        }
    }

    /// Whether it is signed (all but `char`).
    pub fn is_signed(self) -> bool {
        self != IntKind::Char
    }

    /// Its smallest value.
    pub fn min(self) -> i64 {
        match self {
            IntKind::Long => i64::MIN,
            IntKind::Char => 0,
            k => -(1i64 << (k.bits() - 1)),
        }
    }

    /// Its largest value.
    pub fn max(self) -> i64 {
        match self {
            IntKind::Long => i64::MAX,
            IntKind::Char => 0xFFFF,
            k => (1i64 << (k.bits() - 1)) - 1,
        }
    }

    /// `v` converted to this type as Java's casts do (JLS 5.1.3: keep the low bits).
    pub fn wrap(self, v: i64) -> i64 {
        match self {
            IntKind::Byte => i64::from(v as i8),
            IntKind::Short => i64::from(v as i16),
            IntKind::Char => i64::from(v as u16),
            IntKind::Int => i64::from(v as i32),
            IntKind::Long => v,
        }
    }

    /// The type binary numeric promotion gives two operands of these types (JLS 5.6).
    pub fn promote(self, other: IntKind) -> IntKind {
        if self == IntKind::Long || other == IntKind::Long {
            IntKind::Long
        } else {
            IntKind::Int
        }
    }

    /// The Java type named `name`, if it is an integer type.
    pub fn named(name: &str) -> Option<IntKind> {
        Some(match name {
            "byte" => IntKind::Byte,
            "short" => IntKind::Short,
            "char" => IntKind::Char,
            "int" => IntKind::Int,
            "long" => IntKind::Long,
            _ => return None,
        })
    }
}

/// Whether `name` is a Java primitive type's name.
pub fn is_primitive_name(name: &str) -> bool {
    name == "boolean" || IntKind::named(name).is_some()
}

/// The top of the class hierarchy: every class is a subtype of it.
pub const OBJECT: &str = "java.lang.Object";

/// One class: its instance fields (inherited ones first), its supertypes and static fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClassSchema {
    /// `(name, type)` of every instance field, the superclass's first, each in declaration order.
    pub fields: Vec<(String, FieldType)>,
    /// Direct supertypes among the schema's classes (superclass, then interfaces).
    pub supertypes: Vec<String>,
    /// Whether no object can be of exactly this class (an interface or abstract class).
    pub is_abstract: bool,
    /// `(name, type)` of the class's static fields, in declaration order.
    pub statics: Vec<(String, FieldType)>,
    /// An enum's constants: object ids present in every heap (`Color.RED`), in ordinal order.
    pub constants: Vec<String>,
    /// An array class's element type (its `fields` are then only `length`).
    pub element: Option<FieldType>,
}

impl ClassSchema {
    /// The type of the named field.
    pub fn field(&self, name: &str) -> Option<&FieldType> {
        let declared = self.fields.iter().find(|(n, _)| n == name).map(|(_, t)| t);
        declared.or_else(|| crate::element_index(name).and(self.element.as_ref()))
    }
}

/// The signature of a method: what a test input must supply and what it returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodSig {
    /// The qualified class declaring the method.
    pub class: String,
    /// The method's name.
    pub name: String,
    /// Whether the method is static (no receiver).
    pub is_static: bool,
    /// `(name, type)` of each parameter, in order.
    pub params: Vec<(String, FieldType)>,
    /// The return type, `None` for `void`.
    pub ret: Option<FieldType>,
}

impl MethodSig {
    /// The type of the named parameter.
    pub fn param(&self, name: &str) -> Option<&FieldType> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, t)| t)
    }
}

/// Every class of a subject with its fields, by qualified name (`LinkedList.Node`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schema {
    /// Classes by qualified name.
    pub classes: BTreeMap<String, ClassSchema>,
}

impl Schema {
    /// Resolves a class written qualified (`LinkedList.Node`) or, when unambiguous, by its simple
    /// name (`Node`). `Err` lists the candidates when the simple name is ambiguous (empty if none).
    pub fn resolve_class(&self, name: &str) -> Result<&str, Vec<String>> {
        if let Some((k, _)) = self.classes.get_key_value(name) {
            return Ok(k.as_str());
        }
        let matches: Vec<&String> = self
            .classes
            .keys()
            .filter(|k| k.rsplit('.').next() == Some(name))
            .collect();
        match matches.as_slice() {
            [one] => Ok(one.as_str()),
            many => Err(many.iter().map(|s| s.to_string()).collect()),
        }
    }

    /// The type of `class.field`.
    pub fn field(&self, class: &str, field: &str) -> Option<&FieldType> {
        self.classes.get(class).and_then(|c| c.field(field))
    }

    /// Whether a `sub` object is a `sup` (reflexive; every class is an `Object`).
    pub fn is_subtype(&self, sub: &str, sup: &str) -> bool {
        if sub == sup || sup == OBJECT {
            return true;
        }
        // Arrays are covariant in a reference element type (JLS 4.10.3).
        if let (Some(a), Some(b)) = (crate::element_type_name(sub), crate::element_type_name(sup)) {
            return !is_primitive_name(a) && !is_primitive_name(b) && self.is_subtype(a, b);
        }
        let mut seen = std::collections::BTreeSet::new();
        let mut todo = vec![sub];
        while let Some(c) = todo.pop() {
            if c == sup {
                return true;
            }
            if seen.insert(c) {
                if let Some(cs) = self.classes.get(c) {
                    todo.extend(cs.supertypes.iter().map(String::as_str));
                }
            }
        }
        false
    }

    /// The classes whose objects a reference of type `ty` can hold, in name order.
    pub fn concrete_subtypes(&self, ty: &str) -> Vec<&str> {
        self.classes
            .iter()
            .filter(|(name, c)| !c.is_abstract && self.is_subtype(name, ty))
            .map(|(name, _)| name.as_str())
            .collect()
    }

    /// The type of static field `class.field`.
    pub fn static_field(&self, class: &str, field: &str) -> Option<&FieldType> {
        let c = self.classes.get(class)?;
        c.statics.iter().find(|(n, _)| n == field).map(|(_, t)| t)
    }

    /// The type of the static field with heap key `pkg.Class.field`.
    pub fn static_type(&self, key: &str) -> Option<FieldType> {
        let (class, field) = key.rsplit_once('.')?;
        self.static_field(class, field).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_simple_and_qualified_names() {
        let mut s = Schema::default();
        s.classes
            .insert("LinkedList".into(), ClassSchema::default());
        s.classes
            .insert("LinkedList.Node".into(), ClassSchema::default());
        s.classes.insert("Tree.Node".into(), ClassSchema::default());
        assert_eq!(s.resolve_class("LinkedList"), Ok("LinkedList"));
        assert_eq!(s.resolve_class("LinkedList.Node"), Ok("LinkedList.Node"));
        assert_eq!(s.resolve_class("Node").unwrap_err().len(), 2);
        assert!(s.resolve_class("Missing").unwrap_err().is_empty());
    }

    #[test]
    fn subtypes_follow_superclasses_and_interfaces() {
        let mut s = Schema::default();
        let class = |sup: &[&str], is_abstract: bool| ClassSchema {
            supertypes: sup.iter().map(|x| x.to_string()).collect(),
            is_abstract,
            ..Default::default()
        };
        s.classes.insert("Tree".into(), class(&[], true));
        s.classes.insert("Base".into(), class(&["Tree"], true));
        s.classes.insert("Common".into(), class(&["Base"], false));
        s.classes.insert("Other".into(), class(&[], false));
        assert!(s.is_subtype("Common", "Tree"));
        assert!(s.is_subtype("Common", "Common"));
        assert!(s.is_subtype("Other", OBJECT));
        assert!(!s.is_subtype("Tree", "Common"));
        assert_eq!(s.concrete_subtypes("Tree"), ["Common"]);
        assert_eq!(s.concrete_subtypes(OBJECT), ["Common", "Other"]);
    }
}
