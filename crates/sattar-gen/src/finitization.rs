//! The finitization: how many objects of each class, and which values each int field and argument
//! may take. Korat's name for the bounds of a bounded-exhaustive search.

use crate::error::GenError;
use sattar_heap::{short_class, FieldType, MethodSig, Schema};
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

/// The bounds of a generation for one method: object counts per class, the values of every int
/// field and int argument, whether reference arguments may be null.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finitization {
    schema: Schema,
    sig: MethodSig,
    objects: BTreeMap<String, Count>,
    fields: BTreeMap<(String, String), Vec<i32>>,
    args: BTreeMap<String, Vec<i32>>,
    nullable: BTreeMap<String, bool>,
    fix_unread: bool,
}

impl Finitization {
    /// Defaults for `rm`'s method at `scope`: the receiver class exactly 1 object (up to `scope`
    /// if objects of it can point to one another), every class reachable from the receiver or a
    /// reference argument up to `scope`, the others none; int fields of the receiver class
    /// `0..=scope` (sizes, counts), other int fields `0..scope` (keys; `{0}` at scope 0), int
    /// arguments `0..=scope`; reference arguments may be null.
    pub fn for_method(
        schema: &Schema,
        rm: &ResolvedMethod,
        scope: usize,
    ) -> Result<Finitization, GenError> {
        let sig = rm.sig.clone();
        if !sig.is_static {
            lookup_class(schema, &sig.class)?;
        }
        let reach = reachable_classes(schema, &sig);
        let self_ref = receiver_is_referenced(schema, &sig, &reach);
        let mut fin = Finitization {
            schema: schema.clone(),
            sig,
            objects: BTreeMap::new(),
            fields: BTreeMap::new(),
            args: BTreeMap::new(),
            nullable: BTreeMap::new(),
            fix_unread: false,
        };
        fin.default_objects(&reach, self_ref, scope);
        fin.default_fields(scope);
        fin.default_args(scope);
        Ok(fin)
    }

    fn default_objects(&mut self, reach: &BTreeSet<String>, self_ref: bool, scope: usize) {
        for class in self.schema.classes.keys() {
            let count = if self.is_receiver(class) && !self_ref {
                Count::Exactly(1)
            } else if self.is_receiver(class) {
                Count::UpTo(scope.max(1))
            } else if reach.contains(class) {
                Count::UpTo(scope)
            } else {
                Count::UpTo(0)
            };
            self.objects.insert(class.clone(), count);
        }
    }

    fn default_fields(&mut self, scope: usize) {
        let top = i32::try_from(scope).unwrap_or(i32::MAX);
        for (class, cs) in &self.schema.classes {
            let values: Vec<i32> = if self.is_receiver(class) {
                (0..=top).collect()
            } else {
                (0..top.max(1)).collect()
            };
            for (field, ty) in &cs.fields {
                if *ty == FieldType::Int {
                    self.fields
                        .insert((class.clone(), field.clone()), values.clone());
                }
            }
        }
    }

    fn default_args(&mut self, scope: usize) {
        let top = i32::try_from(scope).unwrap_or(i32::MAX);
        for (name, ty) in &self.sig.params {
            match ty {
                FieldType::Int => {
                    self.args.insert(name.clone(), (0..=top).collect());
                }
                FieldType::Ref(_) => {
                    self.nullable.insert(name.clone(), true);
                }
                FieldType::Bool => {}
            }
        }
    }

    fn is_receiver(&self, class: &str) -> bool {
        !self.sig.is_static && self.sig.class == class
    }

    /// Sets how many objects of `class` (qualified, or simple when unambiguous) a heap holds.
    pub fn objects(&mut self, class: &str, count: Count) -> Result<&mut Self, GenError> {
        let class = lookup_class(&self.schema, class)?.to_string();
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

    /// The values int field `class.field` may take.
    pub fn int_field(
        &mut self,
        class: &str,
        field: &str,
        values: impl IntoIterator<Item = i32>,
    ) -> Result<&mut Self, GenError> {
        let class = lookup_class(&self.schema, class)?.to_string();
        let ty = field_type(&self.schema, &class, field)?;
        let what = format!("{class}.{field}");
        expect_int(&what, ty)?;
        let values = domain(&what, values)?;
        self.fields.insert((class, field.to_string()), values);
        Ok(self)
    }

    /// The values int argument `name` may take.
    pub fn int_arg(
        &mut self,
        name: &str,
        values: impl IntoIterator<Item = i32>,
    ) -> Result<&mut Self, GenError> {
        let what = format!("parameter `{name}`");
        expect_int(&what, self.param(name)?)?;
        let values = domain(&what, values)?;
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

    /// The object count of a class (qualified name).
    pub fn count(&self, class: &str) -> Option<Count> {
        self.objects.get(class).copied()
    }

    /// The domain of int field `class.field` (qualified class).
    pub fn int_field_domain(&self, class: &str, field: &str) -> Option<&[i32]> {
        self.fields
            .get(&(class.to_string(), field.to_string()))
            .map(Vec::as_slice)
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
    /// One line per class with objects (count and int field domains), then the arguments.
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
        for (name, ty) in &self.sig.params {
            match (ty, self.args.get(name)) {
                (FieldType::Int, Some(v)) => writeln!(f, "{name} in {}", show_domain(v))?,
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

fn expect_int(what: &str, ty: &FieldType) -> Result<(), GenError> {
    match ty {
        FieldType::Int => Ok(()),
        other => Err(GenError::WrongType {
            what: what.to_string(),
            expected: "int".into(),
            found: other.to_string(),
        }),
    }
}

/// Sorted, deduplicated, non-empty.
fn domain(what: &str, values: impl IntoIterator<Item = i32>) -> Result<Vec<i32>, GenError> {
    let set: BTreeSet<i32> = values.into_iter().collect();
    if set.is_empty() {
        return Err(GenError::EmptyDomain {
            what: what.to_string(),
        });
    }
    Ok(set.into_iter().collect())
}

fn names<'a>(it: impl Iterator<Item = &'a str>) -> String {
    let v: Vec<&str> = it.collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// Classes whose objects a heap of this method can hold: reachable by field types from the
/// receiver's class and the reference parameters' classes.
fn reachable_classes(schema: &Schema, sig: &MethodSig) -> BTreeSet<String> {
    let mut todo: Vec<String> = sig
        .params
        .iter()
        .filter_map(|(_, t)| ref_class(t))
        .collect();
    if !sig.is_static {
        todo.push(sig.class.clone());
    }
    let mut seen = BTreeSet::new();
    while let Some(c) = todo.pop() {
        if !seen.insert(c.clone()) {
            continue;
        }
        if let Some(cs) = schema.classes.get(&c) {
            todo.extend(cs.fields.iter().filter_map(|(_, t)| ref_class(t)));
        }
    }
    seen
}

/// Whether a field of a reachable class or a parameter has the receiver's class as its type.
fn receiver_is_referenced(schema: &Schema, sig: &MethodSig, reach: &BTreeSet<String>) -> bool {
    let is_recv = |t: &FieldType| ref_class(t).as_deref() == Some(sig.class.as_str());
    let in_fields = reach
        .iter()
        .filter_map(|c| schema.classes.get(c))
        .any(|cs| cs.fields.iter().any(|(_, t)| is_recv(t)));
    in_fields || sig.params.iter().any(|(_, t)| is_recv(t))
}

fn ref_class(t: &FieldType) -> Option<String> {
    match t {
        FieldType::Ref(c) => Some(c.clone()),
        _ => None,
    }
}
