//! Arrays as heap objects. An array is an object of an array class (`int[]`, `Node[]`,
//! `int[][]`: the element type's name followed by `[]`) whose fields are its `length` and one
//! field per element, named by its index (`"0"`, `"1"`, …). Every engine exchanges arrays in this
//! form; the JSON form lists the elements (`{"class": "int[]", "elements": [3, 1, 2]}`).

use crate::{Object, Value};
use std::collections::BTreeMap;

/// The field holding an array's length (`a.length`).
pub const ARRAY_LENGTH: &str = "length";

/// Whether `class` names an array class (`int[]`, `Node[]`).
pub fn is_array_class(class: &str) -> bool {
    class.ends_with("[]")
}

/// The element type's name of an array class (`int[][]` → `int[]`); `None` for other classes.
pub fn element_type_name(class: &str) -> Option<&str> {
    class.strip_suffix("[]")
}

/// The array class whose elements are of the named type (`int` → `int[]`).
pub fn array_class_of(element: &str) -> String {
    format!("{element}[]")
}

/// The field holding element `i`.
pub fn element_field(i: usize) -> String {
    i.to_string()
}

/// The index an element field names (`"3"` → 3); `None` for `length` and other names.
pub fn element_index(field: &str) -> Option<usize> {
    if field.is_empty() || field.len() > 1 && field.starts_with('0') {
        return None;
    }
    field.parse().ok()
}

impl Object {
    /// An array object of class `class` holding `elements`.
    pub fn array(class: impl Into<String>, elements: Vec<Value>) -> Object {
        let mut fields = BTreeMap::new();
        let n = i32::try_from(elements.len()).unwrap_or(i32::MAX);
        fields.insert(ARRAY_LENGTH.to_string(), Value::Int(n));
        for (i, v) in elements.into_iter().enumerate() {
            fields.insert(element_field(i), v);
        }
        Object {
            class: class.into(),
            fields,
        }
    }

    /// Whether this object is an array.
    pub fn is_array(&self) -> bool {
        is_array_class(&self.class)
    }

    /// An array's elements in index order (`None` for an object that is not an array). An element
    /// missing below the length reads as `null` (an engine that builds arrays never leaves one
    /// out); a length past the fields present (a run the encoder cut off at its array bound) is
    /// not materialized beyond them.
    pub fn elements(&self) -> Option<Vec<Value>> {
        if !self.is_array() {
            return None;
        }
        let n = self.length().unwrap_or(0).min(self.fields.len());
        Some(
            (0..n)
                .map(|i| {
                    self.fields
                        .get(&element_field(i))
                        .cloned()
                        .unwrap_or(Value::Null)
                })
                .collect(),
        )
    }

    /// An array's length.
    pub fn length(&self) -> Option<usize> {
        match self.fields.get(ARRAY_LENGTH) {
            Some(Value::Int(n)) if self.is_array() => usize::try_from(*n).ok(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_fields_round_trip_and_reject_other_names() {
        assert_eq!(element_index(&element_field(12)), Some(12));
        assert_eq!(element_index("length"), None);
        assert_eq!(element_index("01"), None);
        assert_eq!(element_index(""), None);
        assert_eq!(element_type_name("int[][]"), Some("int[]"));
        assert_eq!(element_type_name("Node"), None);
    }

    #[test]
    fn an_array_object_lists_its_elements_in_index_order() {
        let vals: Vec<Value> = (0..12).map(Value::Int).collect();
        let a = Object::array("int[]", vals.clone());
        assert_eq!(a.length(), Some(12));
        assert_eq!(a.elements(), Some(vals));
        assert_eq!(a.get("length"), Some(&Value::Int(12)));
    }
}
