//! Java's box classes (JLS 5.1.7): `java.lang.Integer`, `Long`, `Short`, `Byte`, `Character`,
//! `Boolean` — objects with identity holding one primitive in their private final field `value`,
//! as the JDK declares it. Every engine treats a box as an object of its class; the table says
//! which primitive each holds and which values boxing must share (the cache JLS 5.1.7 requires).

use crate::schema::{FieldType, IntKind};

/// The field of a box holding its primitive (the JDK's own name).
pub const BOX_VALUE: &str = "value";

/// The String class (a class of a program that uses strings: sattar's model of it).
pub const STRING: &str = "java.lang.String";

/// The field of a String holding its chars: a `char[]` of exactly their number, its own (not
/// the JDK's `value`, a name programs' own fields often have).
pub const STRING_CHARS: &str = "chars";

/// The StringBuilder class (sattar's model of it, like String's).
pub const STRING_BUILDER: &str = "java.lang.StringBuilder";

/// Whether `class` is one of the classes of sattar's string models: String, StringBuilder and
/// their supertypes CharSequence and AbstractStringBuilder.
pub fn is_string_class(class: &str) -> bool {
    matches!(
        class,
        STRING | STRING_BUILDER | "java.lang.CharSequence" | "java.lang.AbstractStringBuilder"
    )
}

/// The class of a String's [`STRING_CHARS`].
pub const CHAR_ARRAY: &str = "char[]";

/// One box class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxClass {
    /// Qualified (and binary) name.
    pub class: &'static str,
    /// The primitive it holds: an integer type, or `None` for `boolean`.
    pub kind: Option<IntKind>,
    /// The values boxing conversion returns one shared object for (JLS 5.1.7: -128..127, and
    /// `\u0000`..`\u007f` for `char`; every `boolean`); outside, a fresh object, as the JDK does
    /// by default.
    pub cached: (i64, i64),
}

/// The box classes.
pub const BOXES: &[BoxClass] = &[
    BoxClass {
        class: "java.lang.Integer",
        kind: Some(IntKind::Int),
        cached: (-128, 127),
    },
    BoxClass {
        class: "java.lang.Long",
        kind: Some(IntKind::Long),
        cached: (-128, 127),
    },
    BoxClass {
        class: "java.lang.Short",
        kind: Some(IntKind::Short),
        cached: (-128, 127),
    },
    BoxClass {
        class: "java.lang.Byte",
        kind: Some(IntKind::Byte),
        cached: (-128, 127),
    },
    BoxClass {
        class: "java.lang.Character",
        kind: Some(IntKind::Char),
        cached: (0, 127),
    },
    BoxClass {
        class: "java.lang.Boolean",
        kind: None,
        cached: (0, 1),
    },
];

impl BoxClass {
    /// The box class named `class`, if it is one.
    pub fn named(class: &str) -> Option<&'static BoxClass> {
        BOXES.iter().find(|b| b.class == class)
    }

    /// The box class of a primitive type.
    pub fn of(t: &FieldType) -> Option<&'static BoxClass> {
        match t {
            FieldType::Bool => BOXES.iter().find(|b| b.kind.is_none()),
            t => {
                let k = t.int_kind()?;
                BOXES.iter().find(|b| b.kind == Some(k))
            }
        }
    }

    /// The type of its `value` field.
    pub fn value_type(&self) -> FieldType {
        self.kind.map_or(FieldType::Bool, FieldType::of_int)
    }

    /// Whether boxing `v` (a `boolean` as 0 or 1) must return the shared object.
    pub fn is_cached(&self, v: i64) -> bool {
        self.cached.0 <= v && v <= self.cached.1
    }

    /// The `Comparable` and `Serializable` a box implements (its superclass `Number` aside).
    pub const INTERFACES: &'static [&'static str] =
        &["java.lang.Comparable", "java.io.Serializable"];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_is_what_jls_5_1_7_requires() {
        let int = BoxClass::named("java.lang.Integer").expect("Integer");
        assert!(int.is_cached(-128) && int.is_cached(127));
        assert!(!int.is_cached(128) && !int.is_cached(-129));
        let ch = BoxClass::of(&FieldType::Char).expect("Character");
        assert_eq!(ch.class, "java.lang.Character");
        assert!(ch.is_cached(0) && ch.is_cached(127) && !ch.is_cached(128));
        assert_eq!(
            BoxClass::of(&FieldType::Bool).map(|b| b.class),
            Some("java.lang.Boolean")
        );
        assert_eq!(
            BoxClass::of(&FieldType::Long).map(|b| b.value_type()),
            Some(FieldType::Long)
        );
    }
}
