//! The search universe: objects numbered per class, one slot per field of every object and per
//! argument, the value domain of every scalar slot. Built once from the schema and finitization.

use crate::error::GenError;
use crate::finitization::{lookup_class, Count, Finitization};
use sattar_heap::{short_class, FieldType, Schema};
use sattar_spec::ResolvedMethod;
use std::collections::BTreeMap;

/// A set of objects, one bit per object of the universe.
pub(crate) type Mask = u128;

/// The most objects a universe holds (the width of [`Mask`]).
pub(crate) const MAX_OBJECTS: usize = 128;

/// The bit of object `o`.
pub(crate) fn bit(o: u32) -> Mask {
    1u128 << o
}

/// What a slot holds: a reference to an object of a class, or a value of a scalar domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotKind {
    /// A reference to an object of this class (index into `Layout::classes`), or null.
    Ref(u16),
    /// An int or boolean: an index into `Layout::domains` (booleans are 0 and 1).
    Scalar(u32),
}

/// One class of the universe.
#[derive(Clone, Debug)]
pub(crate) struct ClassInfo {
    /// Qualified name.
    pub name: String,
    /// Prefix of generated object ids (`Node` → `Node0`, `Node1`, …).
    pub prefix: String,
    /// Fields in schema order.
    pub fields: Vec<(String, SlotKind)>,
    /// Whether booleans: per field, true for `boolean` fields (for output).
    pub is_bool: Vec<bool>,
    /// Global index of the first object of the class.
    pub start: u32,
    /// How many objects the class has.
    pub pool: u32,
    /// Whether a heap must hold all `pool` objects.
    pub exact: bool,
    /// The bits of all objects of the class.
    pub mask: Mask,
}

/// One argument of the method.
#[derive(Clone, Debug)]
pub(crate) struct ArgInfo {
    /// The parameter's name.
    pub name: String,
    /// Its slot.
    pub slot: u32,
    /// Whether it is a boolean (for output).
    pub is_bool: bool,
}

/// The universe of a generation.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Classes in schema order.
    pub classes: Vec<ClassInfo>,
    /// Class index by qualified name.
    pub class_index: BTreeMap<String, u16>,
    /// Class of every object.
    pub obj_class: Vec<u16>,
    /// First slot of every object (its fields follow in schema order).
    pub obj_base: Vec<u32>,
    /// What each slot holds.
    pub slot_kind: Vec<SlotKind>,
    /// Whether a reference slot may be null (arguments may forbid it).
    pub slot_nullable: Vec<bool>,
    /// Sorted scalar domains; domain 0 is `{false, true}` as `{0, 1}`.
    pub domains: Vec<Vec<i64>>,
    /// The arguments, in parameter order.
    pub args: Vec<ArgInfo>,
    /// The receiver object, unless the method is static.
    pub receiver: Option<u32>,
}

impl Layout {
    /// Numbers the objects and slots that `fin` allows for `rm`'s method.
    pub fn new(
        schema: &Schema,
        rm: &ResolvedMethod,
        fin: &Finitization,
    ) -> Result<Layout, GenError> {
        check_fit(schema, rm, fin)?;
        let mut lay = Layout {
            classes: Vec::new(),
            class_index: BTreeMap::new(),
            obj_class: Vec::new(),
            obj_base: Vec::new(),
            slot_kind: Vec::new(),
            slot_nullable: Vec::new(),
            domains: vec![vec![0, 1]],
            args: Vec::new(),
            receiver: None,
        };
        lay.add_classes(schema, fin)?;
        lay.add_slots();
        lay.add_args(rm, fin)?;
        if !rm.sig.is_static {
            let c = lay.class_of(&rm.sig.class)?;
            let info = &lay.classes[usize::from(c)];
            if info.pool == 0 {
                return Err(GenError::Mismatch(format!(
                    "the receiver class `{}` needs at least one object",
                    info.name
                )));
            }
            lay.receiver = Some(info.start);
        }
        Ok(lay)
    }

    fn add_classes(&mut self, schema: &Schema, fin: &Finitization) -> Result<(), GenError> {
        let mut start = 0usize;
        for (i, name) in schema.classes.keys().enumerate() {
            let count = fin.count(name).unwrap_or(Count::UpTo(0));
            let pool = count.max();
            if start + pool > MAX_OBJECTS {
                return Err(GenError::TooManyObjects {
                    total: start + pool,
                    max: MAX_OBJECTS,
                });
            }
            let mask = (start..start + pool).fold(0, |m, o| m | bit(o as u32));
            self.class_index.insert(name.clone(), i as u16);
            self.classes.push(ClassInfo {
                name: name.clone(),
                prefix: prefix(schema, name),
                fields: Vec::new(),
                is_bool: Vec::new(),
                start: start as u32,
                pool: pool as u32,
                exact: matches!(count, Count::Exactly(_)),
                mask,
            });
            self.obj_class.extend(std::iter::repeat_n(i as u16, pool));
            start += pool;
        }
        for (i, (name, cs)) in schema.classes.iter().enumerate() {
            for (field, ty) in &cs.fields {
                let kind = self.kind_of(name, field, ty, fin)?;
                self.classes[i].fields.push((field.clone(), kind));
                self.classes[i].is_bool.push(*ty == FieldType::Bool);
            }
        }
        Ok(())
    }

    fn kind_of(
        &mut self,
        class: &str,
        field: &str,
        ty: &FieldType,
        fin: &Finitization,
    ) -> Result<SlotKind, GenError> {
        Ok(match ty {
            FieldType::Bool => SlotKind::Scalar(0),
            FieldType::Ref(c) => SlotKind::Ref(self.class_of(c)?),
            FieldType::Int => {
                let values = fin.int_field_domain(class, field).ok_or_else(|| {
                    GenError::Mismatch(format!("no domain for int field `{class}.{field}`"))
                })?;
                self.domain(values)
            }
        })
    }

    fn domain(&mut self, values: &[i32]) -> SlotKind {
        self.domains
            .push(values.iter().map(|v| i64::from(*v)).collect());
        SlotKind::Scalar((self.domains.len() - 1) as u32)
    }

    fn add_slots(&mut self) {
        for o in 0..self.obj_class.len() {
            let c = &self.classes[usize::from(self.obj_class[o])];
            self.obj_base.push(self.slot_kind.len() as u32);
            for (_, kind) in &c.fields {
                self.slot_kind.push(*kind);
                self.slot_nullable.push(true);
            }
        }
    }

    fn add_args(&mut self, rm: &ResolvedMethod, fin: &Finitization) -> Result<(), GenError> {
        for (name, ty) in &rm.sig.params {
            let kind = match ty {
                FieldType::Bool => SlotKind::Scalar(0),
                FieldType::Ref(c) => SlotKind::Ref(self.class_of(c)?),
                FieldType::Int => {
                    let values = fin.int_arg_domain(name).ok_or_else(|| {
                        GenError::Mismatch(format!("no domain for int parameter `{name}`"))
                    })?;
                    self.domain(values)
                }
            };
            self.args.push(ArgInfo {
                name: name.clone(),
                slot: self.slot_kind.len() as u32,
                is_bool: *ty == FieldType::Bool,
            });
            self.slot_kind.push(kind);
            self.slot_nullable.push(fin.arg_nullable(name));
        }
        Ok(())
    }

    /// The index of a qualified class.
    pub fn class_of(&self, name: &str) -> Result<u16, GenError> {
        self.class_index
            .get(name)
            .copied()
            .ok_or_else(|| GenError::Mismatch(format!("class `{name}` is not in the schema")))
    }

    /// The slot of field number `fi` of object `o`.
    pub fn slot(&self, o: u32, fi: u32) -> u32 {
        self.obj_base[o as usize] + fi
    }

    /// Number of slots.
    pub fn slots(&self) -> usize {
        self.slot_kind.len()
    }

    /// Whether a slot holds a reference.
    pub fn is_object_slot(&self, slot: u32) -> bool {
        matches!(self.slot_kind[slot as usize], SlotKind::Ref(_))
    }

    /// The domain of a scalar slot (empty for references).
    pub fn dom(&self, slot: u32) -> &[i64] {
        match self.slot_kind[slot as usize] {
            SlotKind::Scalar(d) => &self.domains[d as usize],
            SlotKind::Ref(_) => &[],
        }
    }
}

/// Object id prefix: the simple class name, or the qualified one (dots as `_`) when two classes
/// share a simple name.
fn prefix(schema: &Schema, name: &str) -> String {
    let simple = short_class(name);
    let clashes = schema
        .classes
        .keys()
        .filter(|k| short_class(k) == simple)
        .count();
    if clashes > 1 {
        name.replace('.', "_")
    } else {
        simple.to_string()
    }
}

/// The finitization must have been made for this schema and method.
fn check_fit(schema: &Schema, rm: &ResolvedMethod, fin: &Finitization) -> Result<(), GenError> {
    if fin.sig() != &rm.sig {
        return Err(GenError::Mismatch(format!(
            "it was made for method `{}.{}`, not `{}.{}`",
            fin.sig().class,
            fin.sig().name,
            rm.sig.class,
            rm.sig.name
        )));
    }
    if fin.schema() != schema {
        return Err(GenError::Mismatch("it was made for another schema".into()));
    }
    if !rm.sig.is_static {
        lookup_class(schema, &rm.sig.class)?;
    }
    Ok(())
}
