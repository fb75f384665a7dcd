//! The finitization: how many objects of each class, and which values each int field and argument
//! may take. Korat's name for the bounds of a bounded-exhaustive search.

use crate::error::GenError;
use sattar_heap::{is_string_class, short_class, FieldType, IntKind, MethodSig, Schema, STRING};
use sattar_spec::ResolvedMethod;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// How many objects of one class a generated heap holds (counting reachable objects only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Any number from 0 to this.
    UpTo(usize),
    /// Exactly this many.
    Exactly(usize),
}

impl Count {
    /// The most objects the count allows (the size of the class's pool).
    pub fn max(self) -> usize {
        match self {
            Count::UpTo(n) | Count::Exactly(n) => n,
        }
    }
}

/// The bounds of a generation for one method: object counts per concrete class, the values of
/// every int field, int static field and int argument, whether reference arguments may be null.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finitization {
    schema: Schema,
    sig: MethodSig,
    objects: BTreeMap<String, Count>,
    fields: BTreeMap<(String, String), Vec<i32>>,
    statics: BTreeMap<(String, String), Vec<i32>>,
    fixed_statics: BTreeSet<(String, String)>,
    args: BTreeMap<String, Vec<i32>>,
    nullable: BTreeMap<String, bool>,
    fix_unread: bool,
}

impl Finitization {
    /// Defaults for `rm`'s method at `scope`. Objects: a receiver class (a concrete class that is
    /// the method's) that only the receiver can be of gets exactly 1 object (up to 1 when there
    /// are several such classes); every other concrete class a reference can reach from the
    /// receiver, a reference argument or a static field (through fields, of any class that is
    /// their declared type) up to `scope` (at least 1 for a receiver class); the others none; an
    /// enum's objects are its constants, in every heap and never counted. Ints: fields of a
    /// receiver class and static fields `0..=scope` (sizes, counters), other int fields `0..scope`
    /// (keys; `{0}` at scope 0), int arguments `0..=scope`; reference arguments may be null.
    pub fn for_method(
        schema: &Schema,
        rm: &ResolvedMethod,
        scope: usize,
    ) -> Result<Finitization, GenError> {
        let sig = rm.sig.clone();
        if !sig.is_static {
            lookup_class(schema, &sig.class)?;
        }
        let mut fin = Finitization {
            schema: schema.clone(),
            sig,
            objects: BTreeMap::new(),
            fields: BTreeMap::new(),
            statics: BTreeMap::new(),
            fixed_statics: BTreeSet::new(),
            args: BTreeMap::new(),
            nullable: BTreeMap::new(),
            fix_unread: false,
        };
        if held_classes(schema, &fin.sig).contains(STRING) {
            return Err(GenError::Arrays(format!("the chars of {STRING}")));
        }
        fin.default_objects(scope);
        fin.default_fields(scope);
        fin.default_args(scope);
        Ok(fin)
    }

    fn default_objects(&mut self, scope: usize) {
        let held = held_classes(&self.schema, &self.sig);
        let receivers = self.receiver_classes();
        for class in counted_classes(&self.schema) {
            let is_receiver = receivers.contains(&class);
            let count = match (is_receiver, held.contains(&class)) {
                (true, false) if receivers.len() == 1 => Count::Exactly(1),
                (true, false) => Count::UpTo(1),
                (true, true) => Count::UpTo(scope.max(1)),
                (false, true) => Count::UpTo(scope),
                (false, false) => Count::UpTo(0),
            };
            self.objects.insert(class, count);
        }
    }

    fn default_fields(&mut self, scope: usize) {
        let top = i32::try_from(scope).unwrap_or(i32::MAX);
        let receivers = self.receiver_classes();
        for class in counted_classes(&self.schema) {
            let values: Vec<i32> = if receivers.contains(&class) {
                (0..=top).collect()
            } else {
                (0..top.max(1)).collect()
            };
            for (field, ty) in &self.schema.classes[&class].fields {
                if let Some(k) = ty.int_kind() {
                    self.fields
                        .insert((class.clone(), field.clone()), in_type(k, &values));
                }
            }
        }
        for (class, cs) in &self.schema.classes {
            for (field, ty) in &cs.statics {
                if let Some(k) = ty.int_kind() {
                    let values: Vec<i32> = (0..=top).collect();
                    self.statics
                        .insert((class.clone(), field.clone()), in_type(k, &values));
                }
            }
        }
    }

    fn default_args(&mut self, scope: usize) {
        let top = i32::try_from(scope).unwrap_or(i32::MAX);
        for (name, ty) in &self.sig.params {
            match ty {
                FieldType::Ref(_) => {
                    self.nullable.insert(name.clone(), true);
                }
                FieldType::Bool => {}
                int => {
                    let k = int.int_kind().unwrap_or(IntKind::Int);
                    let values: Vec<i32> = (0..=top).collect();
                    self.args.insert(name.clone(), in_type(k, &values));
                }
            }
        }
    }

    /// The counted classes an object of which can be the receiver.
    fn receiver_classes(&self) -> Vec<String> {
        if self.sig.is_static {
            return Vec::new();
        }
        counted_classes(&self.schema)
            .filter(|c| self.schema.is_subtype(c, &self.sig.class))
            .collect()
    }

    /// Sets how many objects of `class` (qualified, or simple when unambiguous) a heap holds;
    /// `class` must be concrete and not an enum.
    pub fn objects(&mut self, class: &str, count: Count) -> Result<&mut Self, GenError> {
        let class = self.counted(class)?;
        self.objects.insert(class, count);
        Ok(self)
    }

    /// At most `n` objects of `class`.
    pub fn up_to(&mut self, class: &str, n: usize) -> Result<&mut Self, GenError> {
        self.objects(class, Count::UpTo(n))
    }

    /// Exactly `n` objects of `class` in every generated heap.
    pub fn exactly(&mut self, class: &str, n: usize) -> Result<&mut Self, GenError> {
        self.objects(class, Count::Exactly(n))
    }

    /// The values int field `class.field` may take, in objects of `class` and of every concrete
    /// class below it (`class` may be abstract: its subclasses' objects get the domain).
    pub fn int_field(
        &mut self,
        class: &str,
        field: &str,
        values: impl IntoIterator<Item = i32>,
    ) -> Result<&mut Self, GenError> {
        let class = lookup_class(&self.schema, class)?.to_string();
        if is_enum(&self.schema, &class) {
            return Err(not_counted(&self.schema, &class));
        }
        let ty = field_type(&self.schema, &class, field)?;
        let what = format!("{class}.{field}");
        let kind = expect_int(&what, ty)?;
        let values = domain(&what, kind, values)?;
        let below: Vec<String> = counted_classes(&self.schema)
            .filter(|c| self.schema.is_subtype(c, &class))
            .collect();
        for c in below {
            self.fields.insert((c, field.to_string()), values.clone());
        }
        Ok(self)
    }

    /// The values int static field `class.field` may take.
    pub fn int_static(
        &mut self,
        class: &str,
        field: &str,
        values: impl IntoIterator<Item = i32>,
    ) -> Result<&mut Self, GenError> {
        let (class, ty) = self.static_field(class, field)?;
        let what = format!("static {class}.{field}");
        let kind = expect_int(&what, &ty)?;
        let values = domain(&what, kind, values)?;
        self.fixed_statics
            .remove(&(class.clone(), field.to_string()));
        self.statics.insert((class, field.to_string()), values);
        Ok(self)
    }

    /// Pins static field `class.field` (of any type) to its type's default (`0`, `false`,
    /// `null`) instead of enumerating it: for a static neither the method nor the spec reads,
    /// whose value cannot tell two inputs apart.
    pub fn fix_static(&mut self, class: &str, field: &str) -> Result<&mut Self, GenError> {
        let (class, _) = self.static_field(class, field)?;
        self.fixed_statics.insert((class, field.to_string()));
        Ok(self)
    }

    /// The qualified class and type of static field `class.field`.
    fn static_field(&self, class: &str, field: &str) -> Result<(String, FieldType), GenError> {
        let class = lookup_class(&self.schema, class)?.to_string();
        let ty = self.schema.static_field(&class, field).ok_or_else(|| {
            let known = self.schema.classes[&class].statics.iter();
            GenError::UnknownStatic {
                class: class.clone(),
                field: field.to_string(),
                known: names(known.map(|(n, _)| n.as_str())),
            }
        })?;
        Ok((class.clone(), ty.clone()))
    }

    /// The values int argument `name` may take.
    pub fn int_arg(
        &mut self,
        name: &str,
        values: impl IntoIterator<Item = i32>,
    ) -> Result<&mut Self, GenError> {
        let what = format!("parameter `{name}`");
        let kind = expect_int(&what, self.param(name)?)?;
        let values = domain(&what, kind, values)?;
        self.args.insert(name.to_string(), values);
        Ok(self)
    }

    /// Whether reference argument `name` may be null (by default it may).
    pub fn nullable_arg(&mut self, name: &str, nullable: bool) -> Result<&mut Self, GenError> {
        let ty = self.param(name)?;
        if !matches!(ty, FieldType::Ref(_)) {
            return Err(GenError::WrongType {
                what: format!("parameter `{name}`"),
                expected: "a class".into(),
                found: ty.to_string(),
            });
        }
        self.nullable.insert(name.to_string(), nullable);
        Ok(self)
    }

    /// Korat's semantics for fields no constraint needs (a childless node's key under an
    /// ordering invariant, say): keep their first value instead of enumerating them. Off by
    /// default, so the inputs are exactly the valid ones; on, there are fewer, found as fast.
    pub fn fix_unread_fields(&mut self, on: bool) -> &mut Self {
        self.fix_unread = on;
        self
    }

    fn param(&self, name: &str) -> Result<&FieldType, GenError> {
        self.sig.param(name).ok_or_else(|| GenError::UnknownParam {
            method: self.sig.name.clone(),
            name: name.to_string(),
            known: names(self.sig.params.iter().map(|(n, _)| n.as_str())),
        })
    }

    /// The qualified name of a class that gets counted objects, or why it gets none.
    fn counted(&self, class: &str) -> Result<String, GenError> {
        let class = lookup_class(&self.schema, class)?;
        let cs = &self.schema.classes[class];
        if cs.is_abstract || !cs.constants.is_empty() {
            return Err(not_counted(&self.schema, class));
        }
        Ok(class.to_string())
    }

    /// The object count of a class (qualified name; `None` for abstract classes and enums).
    pub fn count(&self, class: &str) -> Option<Count> {
        self.objects.get(class).copied()
    }

    /// The domain of int field `class.field` (qualified concrete class).
    pub fn int_field_domain(&self, class: &str, field: &str) -> Option<&[i32]> {
        self.fields
            .get(&(class.to_string(), field.to_string()))
            .map(Vec::as_slice)
    }

    /// The domain of int static field `class.field` (qualified class).
    pub fn int_static_domain(&self, class: &str, field: &str) -> Option<&[i32]> {
        self.statics
            .get(&(class.to_string(), field.to_string()))
            .map(Vec::as_slice)
    }

    /// Whether static field `class.field` (qualified class) keeps its type's default.
    pub fn static_fixed(&self, class: &str, field: &str) -> bool {
        self.fixed_statics
            .contains(&(class.to_string(), field.to_string()))
    }

    /// The domain of int argument `name`.
    pub fn int_arg_domain(&self, name: &str) -> Option<&[i32]> {
        self.args.get(name).map(Vec::as_slice)
    }

    /// Whether reference argument `name` may be null.
    pub fn arg_nullable(&self, name: &str) -> bool {
        self.nullable.get(name).copied().unwrap_or(true)
    }

    /// Whether fields no constraint needs keep their first value (Korat's semantics).
    pub fn fixes_unread_fields(&self) -> bool {
        self.fix_unread
    }

    /// The method this finitization is for.
    pub fn sig(&self) -> &MethodSig {
        &self.sig
    }

    /// The schema this finitization is for.
    pub fn schema(&self) -> &Schema {
        &self.schema
    }
}

impl fmt::Display for Finitization {
    /// One line per class with objects (count and int field domains), then the int static
    /// fields, then the arguments.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (class, count) in self.objects.iter().filter(|(_, c)| c.max() > 0) {
            let count = match count {
                Count::UpTo(n) => format!("up to {n}"),
                Count::Exactly(n) => format!("exactly {n}"),
            };
            write!(f, "{}: {count}", short_class(class))?;
            for ((c, field), values) in &self.fields {
                if c == class {
                    write!(f, "; {field} in {}", show_domain(values))?;
                }
            }
            writeln!(f)?;
        }
        for ((class, field), values) in &self.statics {
            if !self.static_fixed(class, field) {
                let class = short_class(class);
                writeln!(f, "static {class}.{field} in {}", show_domain(values))?;
            }
        }
        for (class, field) in &self.fixed_statics {
            writeln!(f, "static {}.{field} fixed", short_class(class))?;
        }
        for (name, ty) in &self.sig.params {
            match (ty, self.args.get(name)) {
                (t, Some(v)) if t.int_kind().is_some() => {
                    writeln!(f, "{name} in {}", show_domain(v))?
                }
                (FieldType::Ref(c), _) if self.arg_nullable(name) => {
                    writeln!(f, "{name}: null or any {}", short_class(c))?
                }
                (FieldType::Ref(c), _) => writeln!(f, "{name}: any {}", short_class(c))?,
                _ => writeln!(f, "{name} in {{false, true}}")?,
            }
        }
        Ok(())
    }
}

/// `0..=3` for a run of consecutive values, else `{1, 5, 9}`.
fn show_domain(values: &[i32]) -> String {
    let consecutive = values.windows(2).all(|w| w[1] == w[0].wrapping_add(1));
    match values {
        [first, .., last] if consecutive => format!("{first}..={last}"),
        _ => {
            let v: Vec<String> = values.iter().map(i32::to_string).collect();
            format!("{{{}}}", v.join(", "))
        }
    }
}

/// Resolves a qualified or unambiguous simple class name.
pub(crate) fn lookup_class<'s>(schema: &'s Schema, name: &str) -> Result<&'s str, GenError> {
    schema
        .resolve_class(name)
        .map_err(|candidates| GenError::UnknownClass {
            name: name.to_string(),
            candidates,
        })
}

fn field_type<'s>(schema: &'s Schema, class: &str, field: &str) -> Result<&'s FieldType, GenError> {
    schema
        .field(class, field)
        .ok_or_else(|| GenError::UnknownField {
            class: class.to_string(),
            field: field.to_string(),
            known: names(schema.classes[class].fields.iter().map(|(n, _)| n.as_str())),
        })
}

/// The integer type of `ty`, or the error that it is not one.
fn expect_int(what: &str, ty: &FieldType) -> Result<IntKind, GenError> {
    ty.int_kind().ok_or_else(|| GenError::WrongType {
        what: what.to_string(),
        expected: "an integer type".into(),
        found: ty.to_string(),
    })
}

/// Sorted, deduplicated, non-empty, every value a `kind`.
fn domain(
    what: &str,
    kind: IntKind,
    values: impl IntoIterator<Item = i32>,
) -> Result<Vec<i32>, GenError> {
    let set: BTreeSet<i32> = values.into_iter().collect();
    if set.is_empty() {
        return Err(GenError::EmptyDomain {
            what: what.to_string(),
        });
    }
    if let Some(&value) = set
        .iter()
        .find(|v| !(kind.min()..=kind.max()).contains(&i64::from(**v)))
    {
        return Err(GenError::OutOfRange {
            what: what.to_string(),
            value,
            ty: kind.name(),
            min: kind.min(),
            max: kind.max(),
        });
    }
    Ok(set.into_iter().collect())
}

/// The default values that are a `kind` (all of them, for the small defaults).
fn in_type(kind: IntKind, values: &[i32]) -> Vec<i32> {
    values
        .iter()
        .copied()
        .filter(|v| (kind.min()..=kind.max()).contains(&i64::from(*v)))
        .collect()
}

fn names<'a>(it: impl Iterator<Item = &'a str>) -> String {
    let v: Vec<&str> = it.collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// The classes that get counted objects: concrete classes that are not enums (an enum's objects
/// are its constants), in name order.
/// The classes whose objects the generator counts: concrete, not enums, and not String or
/// StringBuilder (whose chars it does not enumerate: a field or argument declared as one, or as
/// a CharSequence, is refused; one of a wider type — `Object`, `Comparable` — holds the
/// program's other classes only).
pub(crate) fn counted_classes(schema: &Schema) -> impl Iterator<Item = String> + '_ {
    schema
        .classes
        .iter()
        .filter(|(name, c)| !c.is_abstract && c.constants.is_empty() && !is_string_class(name))
        .map(|(name, _)| name.clone())
}

fn is_enum(schema: &Schema, class: &str) -> bool {
    schema
        .classes
        .get(class)
        .is_some_and(|c| !c.constants.is_empty())
}

/// Why `class` gets no counted objects, and what to set instead.
fn not_counted(schema: &Schema, class: &str) -> GenError {
    let reason = if is_enum(schema, class) {
        "it is an enum: its constants are in every heap, fixed".to_string()
    } else {
        let below: Vec<String> = counted_classes(schema)
            .filter(|c| schema.is_subtype(c, class))
            .collect();
        format!(
            "it is abstract or an interface: set its concrete classes instead ({})",
            names(below.iter().map(String::as_str))
        )
    };
    GenError::NotCounted {
        class: class.to_string(),
        reason,
    }
}

/// The counted classes some reference can hold an object of: every class that is the declared
/// type of a reference argument or static field, or of a reference field of an object of a
/// receiver class or of a class held already (transitively).
fn held_classes(schema: &Schema, sig: &MethodSig) -> BTreeSet<String> {
    let mut todo: Vec<String> = sig
        .params
        .iter()
        .filter_map(|(_, t)| ref_class(t))
        .collect();
    for cs in schema.classes.values() {
        todo.extend(cs.statics.iter().filter_map(|(_, t)| ref_class(t)));
    }
    let field_types = |class: &str| -> Vec<String> {
        schema.classes[class]
            .fields
            .iter()
            .filter_map(|(_, t)| ref_class(t))
            .collect()
    };
    if !sig.is_static {
        for c in counted_classes(schema).filter(|c| schema.is_subtype(c, &sig.class)) {
            todo.extend(field_types(&c));
        }
    }
    let mut held = BTreeSet::new();
    let mut seen = BTreeSet::new();
    while let Some(ty) = todo.pop() {
        if !seen.insert(ty.clone()) {
            continue;
        }
        if is_string_class(&ty) {
            held.insert(STRING.to_string());
        }
        // An array is held where an array type is declared, not through `Object` (or
        // `Cloneable`): the generator does not enumerate arrays, and refuses only declared ones.
        let array_type = schema.classes.get(&ty).is_some_and(|c| c.element.is_some());
        let fits = |c: &String| {
            schema.is_subtype(c, &ty) && (array_type || schema.classes[c].element.is_none())
        };
        for c in counted_classes(schema).filter(fits) {
            if held.insert(c.clone()) {
                todo.extend(field_types(&c));
            }
        }
    }
    held
}

fn ref_class(t: &FieldType) -> Option<String> {
    match t {
        FieldType::Ref(c) => Some(c.clone()),
        _ => None,
    }
}
