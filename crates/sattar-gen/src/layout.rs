//! The search universe: objects numbered per concrete class (an enum's objects are its
//! constants, fixed), one slot per field of every object, per argument, per static field and for
//! the receiver, the value domain of every scalar slot and the objects every reference slot may
//! hold. Built once from the schema and finitization.

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

/// What a slot holds: a reference of a declared type, or a value of a scalar domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotKind {
    /// A reference of this declared type (index into `Layout::types`), or null.
    Ref(u16),
    /// An int or boolean: an index into `Layout::domains` (booleans are 0 and 1).
    Scalar(u32),
}

/// One class of the schema (abstract classes and interfaces have no objects).
#[derive(Clone, Debug)]
pub(crate) struct ClassInfo {
    /// Qualified name.
    pub name: String,
    /// Prefix of generated object ids (`Node` → `Node0`, `Node1`, …).
    pub prefix: String,
    /// Fields in schema order (inherited ones first).
    pub fields: Vec<(String, SlotKind)>,
    /// Per field, its type (for output).
    pub types: Vec<FieldType>,
    /// Global index of the first counted object of the class.
    pub start: u32,
    /// How many counted objects the class has (none for an enum: its objects are constants).
    pub pool: u32,
    /// Whether a heap must hold all `pool` objects.
    pub exact: bool,
    /// The bits of every object of exactly this class: its counted objects and its constants.
    pub mask: Mask,
}

/// A declared reference type: the objects a slot of that type may hold.
#[derive(Clone, Debug)]
pub(crate) struct RefType {
    /// The classes with counted objects that are this type, in class order (their first unused
    /// object is a slot's fresh candidate).
    pub classes: Vec<u16>,
    /// Every object that is this type: those classes' and the enum constants that are one.
    pub mask: Mask,
}

/// A slot outside the objects: an argument or a static field.
#[derive(Clone, Debug)]
pub(crate) struct RootInfo {
    /// The parameter's name, or the static field's `pkg.Class.field`.
    pub name: String,
    /// Its slot.
    pub slot: u32,
    /// Its type (for output).
    pub ty: FieldType,
}

/// The universe of a generation.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Every class of the schema, in schema order.
    pub classes: Vec<ClassInfo>,
    /// Class index by qualified name.
    pub class_index: BTreeMap<String, u16>,
    /// The declared reference types of slots.
    pub types: Vec<RefType>,
    type_index: BTreeMap<String, u16>,
    /// Class of every object.
    pub obj_class: Vec<u16>,
    /// First slot of every object (its fields follow in schema order).
    pub obj_base: Vec<u32>,
    /// The enum constants: object index and id (`pkg.Color.RED`), in every heap.
    pub constants: Vec<(u32, String)>,
    /// The bits of the enum constants.
    pub fixed: Mask,
    /// The slots of the constants and their values (set before the search starts).
    pub preset: Vec<(u32, i64)>,
    /// What each slot holds.
    pub slot_kind: Vec<SlotKind>,
    /// Whether a reference slot may be null (an argument may forbid it, an enclosing instance
    /// never is).
    pub slot_nullable: Vec<bool>,
    /// Whether a reference slot holds a part of its object's own (a Random's AtomicLong): an
    /// object no other slot holds, as the JDK's constructor makes it.
    pub slot_owned: Vec<bool>,
    /// Sorted scalar domains; domain 0 is `{false, true}` as `{0, 1}`.
    pub domains: Vec<Vec<i64>>,
    /// The arguments, in parameter order.
    pub args: Vec<RootInfo>,
    /// The static fields, in schema order (class, then declaration).
    pub statics: Vec<RootInfo>,
    /// The receiver's slot, unless the method is static.
    pub receiver: Option<u32>,
}

/// The field that holds an inner class's enclosing instance: javac names it `this$0` (`this$1`
/// one level deeper) and refuses the name for a field of an inner class.
fn is_enclosing_instance(field: &str, ty: &FieldType) -> bool {
    let digits = field.strip_prefix("this$");
    let numbered = digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
    numbered && matches!(ty, FieldType::Ref(_))
}

/// The value of field `field` of the `ordinal`-th constant of an enum, as every run starts with
/// it: the ordinal in `ordinal` (where the front end keeps it), the type's default elsewhere
/// (an enum's constructor does not run in a test).
fn constant_value(field: &str, ty: &FieldType, ordinal: usize) -> i64 {
    match ty {
        FieldType::Int if field == "ordinal" => ordinal as i64,
        _ => 0,
    }
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
            types: Vec::new(),
            type_index: BTreeMap::new(),
            obj_class: Vec::new(),
            obj_base: Vec::new(),
            constants: Vec::new(),
            fixed: 0,
            preset: Vec::new(),
            slot_kind: Vec::new(),
            slot_nullable: Vec::new(),
            slot_owned: Vec::new(),
            domains: vec![vec![0, 1]],
            args: Vec::new(),
            statics: Vec::new(),
            receiver: None,
        };
        lay.add_objects(schema, fin)?;
        lay.add_fields(schema, fin)?;
        lay.add_slots(schema);
        if !rm.sig.is_static {
            lay.add_receiver(schema, &rm.sig.class)?;
        }
        lay.add_args(schema, rm, fin)?;
        lay.add_statics(schema, fin)?;
        Ok(lay)
    }

    /// Numbers every class's counted objects, then its constants.
    fn add_objects(&mut self, schema: &Schema, fin: &Finitization) -> Result<(), GenError> {
        for (i, (name, cs)) in schema.classes.iter().enumerate() {
            let count = fin.count(name).unwrap_or(Count::UpTo(0));
            if cs.element.is_some() && count.max() > 0 {
                return Err(GenError::Arrays(name.clone()));
            }
            let (pool, start) = (count.max(), self.obj_class.len());
            let total = start + pool + cs.constants.len();
            if total > MAX_OBJECTS {
                return Err(GenError::TooManyObjects {
                    total,
                    max: MAX_OBJECTS,
                });
            }
            let mask = (start..total).fold(0, |m, o| m | bit(o as u32));
            for (k, id) in cs.constants.iter().enumerate() {
                let o = (start + pool + k) as u32;
                self.constants.push((o, id.clone()));
                self.fixed |= bit(o);
            }
            self.class_index.insert(name.clone(), i as u16);
            self.obj_class
                .extend(std::iter::repeat_n(i as u16, total - start));
            self.classes.push(ClassInfo {
                name: name.clone(),
                prefix: prefix(schema, name),
                fields: Vec::new(),
                types: Vec::new(),
                start: start as u32,
                pool: pool as u32,
                exact: matches!(count, Count::Exactly(_)),
                mask,
            });
        }
        Ok(())
    }

    fn add_fields(&mut self, schema: &Schema, fin: &Finitization) -> Result<(), GenError> {
        for (i, (name, cs)) in schema.classes.iter().enumerate() {
            for (field, ty) in &cs.fields {
                let kind = match ty {
                    FieldType::Bool => SlotKind::Scalar(0),
                    FieldType::Ref(t) => SlotKind::Ref(self.type_of(schema, t)),
                    _ => self.int_field_kind(schema, fin, name, field)?,
                };
                self.classes[i].fields.push((field.clone(), kind));
                self.classes[i].types.push(ty.clone());
            }
        }
        Ok(())
    }

    /// The domain of an int field: the finitization's for counted objects, the constants'
    /// values for an enum, none needed for a class without objects.
    fn int_field_kind(
        &mut self,
        schema: &Schema,
        fin: &Finitization,
        class: &str,
        field: &str,
    ) -> Result<SlotKind, GenError> {
        let cs = &schema.classes[class];
        if !cs.constants.is_empty() {
            let mut values: Vec<i32> = (0..cs.constants.len())
                .map(|k| constant_value(field, &FieldType::Int, k) as i32)
                .collect();
            values.dedup();
            return Ok(self.domain(&values));
        }
        match fin.int_field_domain(class, field) {
            Some(values) => Ok(self.domain(values)),
            // an abstract class or interface: no object has this slot
            None if cs.is_abstract => Ok(SlotKind::Scalar(0)),
            None => Err(GenError::Mismatch(format!(
                "no domain for int field `{class}.{field}`"
            ))),
        }
    }

    fn domain(&mut self, values: &[i32]) -> SlotKind {
        self.domains
            .push(values.iter().map(|v| i64::from(*v)).collect());
        SlotKind::Scalar((self.domains.len() - 1) as u32)
    }

    /// The index of declared reference type `name`, made on first use.
    fn type_of(&mut self, schema: &Schema, name: &str) -> u16 {
        if let Some(t) = self.type_index.get(name) {
            return *t;
        }
        let mut ty = RefType {
            classes: Vec::new(),
            mask: 0,
        };
        for (i, class) in schema.classes.keys().enumerate() {
            if !schema.is_subtype(class, name) {
                continue;
            }
            let info = &self.classes[i];
            ty.mask |= info.mask;
            if info.pool > 0 {
                ty.classes.push(i as u16);
            }
        }
        self.types.push(ty);
        let t = (self.types.len() - 1) as u16;
        self.type_index.insert(name.to_string(), t);
        t
    }

    /// One slot per field of every object; the constants' slots get their fixed values.
    fn add_slots(&mut self, schema: &Schema) {
        for o in 0..self.obj_class.len() as u32 {
            let c = usize::from(self.obj_class[o as usize]);
            let info = &self.classes[c];
            // the constants follow the counted objects of their class, in ordinal order
            let ordinal = o.checked_sub(info.start + info.pool).map(|k| k as usize);
            self.obj_base.push(self.slot_kind.len() as u32);
            let cs = &schema.classes[&info.name];
            for (fi, (name, ty)) in cs.fields.iter().enumerate() {
                let slot = self.slot_kind.len() as u32;
                if let Some(k) = ordinal {
                    let v = match ty {
                        FieldType::Ref(_) => crate::state::NULL,
                        _ => constant_value(name, ty, k),
                    };
                    self.preset.push((slot, v));
                }
                self.slot_kind.push(self.classes[c].fields[fi].1);
                // A Random always holds its state (the JDK makes its AtomicLong with it).
                let seed = info.name == sattar_heap::RANDOM && name == sattar_heap::RANDOM_SEED;
                self.slot_nullable
                    .push(!is_enclosing_instance(name, ty) && !seed);
                self.slot_owned.push(seed);
            }
        }
    }

    /// The receiver: never null, of any class that is the method's.
    fn add_receiver(&mut self, schema: &Schema, class: &str) -> Result<(), GenError> {
        let t = self.type_of(schema, class);
        if self.types[usize::from(t)].mask == 0 {
            let below: Vec<&str> = schema
                .classes
                .iter()
                .filter(|(k, c)| !c.is_abstract && schema.is_subtype(k, class))
                .map(|(k, _)| k.as_str())
                .collect();
            let fix = if below.is_empty() {
                "no concrete class of the program is one, so no input exists".to_string()
            } else {
                format!("give one of {} at least one object", below.join(", "))
            };
            return Err(GenError::Mismatch(format!(
                "the receiver class `{class}` needs at least one object: {fix}"
            )));
        }
        self.receiver = Some(self.push_slot(SlotKind::Ref(t), false));
        Ok(())
    }

    fn push_slot(&mut self, kind: SlotKind, nullable: bool) -> u32 {
        self.slot_kind.push(kind);
        self.slot_nullable.push(nullable);
        self.slot_owned.push(false);
        (self.slot_kind.len() - 1) as u32
    }

    fn add_args(
        &mut self,
        schema: &Schema,
        rm: &ResolvedMethod,
        fin: &Finitization,
    ) -> Result<(), GenError> {
        for (name, ty) in &rm.sig.params {
            let kind = match ty {
                FieldType::Bool => SlotKind::Scalar(0),
                FieldType::Ref(c) => SlotKind::Ref(self.type_of(schema, c)),
                _ => {
                    let values = fin.int_arg_domain(name).ok_or_else(|| {
                        GenError::Mismatch(format!("no domain for int parameter `{name}`"))
                    })?;
                    self.domain(values)
                }
            };
            let slot = self.push_slot(kind, fin.arg_nullable(name));
            self.args.push(RootInfo {
                name: name.clone(),
                slot,
                ty: ty.clone(),
            });
        }
        Ok(())
    }

    /// One slot per static field; a fixed one holds its type's default from the start.
    fn add_statics(&mut self, schema: &Schema, fin: &Finitization) -> Result<(), GenError> {
        for (class, cs) in &schema.classes {
            for (field, ty) in &cs.statics {
                let fixed = fin.static_fixed(class, field);
                let kind = match ty {
                    FieldType::Bool => SlotKind::Scalar(0),
                    FieldType::Ref(c) => SlotKind::Ref(self.type_of(schema, c)),
                    _ if fixed => self.domain(&[0]),
                    _ => {
                        let values = fin.int_static_domain(class, field).ok_or_else(|| {
                            GenError::Mismatch(format!(
                                "no domain for int static field `{class}.{field}`"
                            ))
                        })?;
                        self.domain(values)
                    }
                };
                let slot = self.push_slot(kind, true);
                if fixed {
                    let default = if matches!(ty, FieldType::Ref(_)) {
                        crate::state::NULL
                    } else {
                        0
                    };
                    self.preset.push((slot, default));
                }
                self.statics.push(RootInfo {
                    name: format!("{class}.{field}"),
                    slot,
                    ty: ty.clone(),
                });
            }
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

    /// The object of enum constant `id`.
    pub fn constant(&self, id: &str) -> Result<u32, GenError> {
        self.constants
            .iter()
            .find(|(_, k)| k == id)
            .map(|(o, _)| *o)
            .ok_or_else(|| GenError::Mismatch(format!("no enum constant `{id}` in the schema")))
    }

    /// The slot of static field `pkg.Class.field`.
    pub fn static_slot(&self, key: &str) -> Result<u32, GenError> {
        self.statics
            .iter()
            .find(|s| s.name == key)
            .map(|s| s.slot)
            .ok_or_else(|| GenError::Mismatch(format!("no static field `{key}` in the schema")))
    }

    /// The slot of field number `fi` of object `o`.
    pub fn slot(&self, o: u32, fi: u32) -> u32 {
        self.obj_base[o as usize] + fi
    }

    /// Number of fields of object `o`.
    pub fn field_count(&self, o: u32) -> u32 {
        self.classes[usize::from(self.obj_class[o as usize])]
            .fields
            .len() as u32
    }

    /// Number of slots.
    pub fn slots(&self) -> usize {
        self.slot_kind.len()
    }

    /// The slots outside the objects: the receiver, the arguments, the static fields.
    pub fn roots(&self) -> impl Iterator<Item = u32> + '_ {
        let args = self.args.iter().map(|a| a.slot);
        let statics = self.statics.iter().map(|s| s.slot);
        self.receiver.into_iter().chain(args).chain(statics)
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
