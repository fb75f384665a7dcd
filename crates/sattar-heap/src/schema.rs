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
}

impl fmt::Display for FieldType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldType::Int => f.write_str("int"),
            FieldType::Bool => f.write_str("boolean"),
            FieldType::Ref(c) => f.write_str(c),
        }
    }
}

/// The fields of one class, in declaration order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClassSchema {
    /// `(name, type)` in declaration order.
    pub fields: Vec<(String, FieldType)>,
}

impl ClassSchema {
    /// The type of the named field.
    pub fn field(&self, name: &str) -> Option<&FieldType> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, t)| t)
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
}
