//! The spec language's view of the JDK's containers (docs/SPEC.md, "Sequences, strings and
//! maps"): `#xs`, `xs[i]`, `xs.elems`, `xs.inds` on a String, list or deque; `#m`, `m[k]`,
//! `m.keys`, `m.values` on a map; `#s`, `s.elems` on a set. Each is a lowering rule onto the
//! fields of sattar's models (a sequence's storage array holds exactly its elements), so no
//! engine walks anything new but [`SetExpr::Elems`].

use super::{RResult, Resolver, Term};
use crate::ast::Span;
use crate::resolved::{IntExpr, Rel, SetExpr, SetType};
use sattar_heap::{FieldType, BOXES, STRING, STRING_CHARS};
use std::collections::BTreeSet;

/// What a JDK class is, read as a container.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Container {
    /// A sequence whose storage array (the field named) holds exactly its elements, in order.
    Sequence(&'static str),
    /// A `HashMap` (or `LinkedHashMap`): entries in the bins of `table`, chained by `next`.
    HashMap,
    /// A `TreeMap`: entries in the tree below `root`.
    TreeMap,
    /// A set backed by the map in the field named.
    Set(&'static str),
}

/// The JDK classes read as containers: a class below one is one.
const CONTAINERS: &[(&str, Container)] = &[
    (STRING, Container::Sequence(STRING_CHARS)),
    ("java.util.AbstractList", Container::Sequence("elements")),
    ("java.util.ArrayDeque", Container::Sequence("elements")),
    ("java.util.HashMap", Container::HashMap),
    ("java.util.TreeMap", Container::TreeMap),
    ("java.util.HashSet", Container::Set("map")),
    ("java.util.TreeSet", Container::Set("m")),
];

impl Resolver<'_> {
    /// What the objects of type `ty` are as containers: `None` when none of the classes an
    /// object of it can have is one; an error when some are and some are not (or are of
    /// different kinds), since `#` would then mean two things.
    pub(super) fn container(&self, ty: &SetType, span: &Span) -> RResult<Option<Container>> {
        let SetType::Objects(cs) = ty else {
            return Ok(None);
        };
        let concrete: Vec<String> = self
            .below(cs)
            .into_iter()
            .filter(|k| self.schema.classes.get(k).is_some_and(|s| !s.is_abstract))
            .collect();
        let kind = |k: &str| {
            CONTAINERS
                .iter()
                .find(|(c, _)| self.schema.is_subtype(k, c))
                .map(|(_, kind)| *kind)
        };
        let kinds: BTreeSet<Option<Container>> = concrete.iter().map(|k| kind(k)).collect();
        let mut kinds = kinds.into_iter();
        match (kinds.next(), kinds.next()) {
            (None, _) | (Some(None), None) => Ok(None),
            (Some(one), None) => Ok(one),
            _ => Err(span
                .error(format!(
                    "`{ty}` may be a container (a String, list, deque, map or set) or not, or containers of different kinds: the classes an object here can have are {}",
                    concrete.join(", ")
                ))
                .with_help(
                    "narrow it to one kind first, e.g. `#(e & String)` for a String's length, `#(e & Node)` to count objects",
                )),
        }
    }

    /// `#c` on a container: a sequence's length, a map's or set's size.
    pub(super) fn size(&self, c: SetExpr, kind: Container, span: &Span) -> RResult<IntExpr> {
        self.single(&c, "#", span)?;
        let count = match kind {
            Container::Sequence(storage) => {
                let array = self.navigate(c, storage, span)?;
                self.navigate(array, sattar_heap::ARRAY_LENGTH, span)?
            }
            Container::HashMap | Container::TreeMap => self.navigate(c, "size", span)?,
            Container::Set(map) => {
                let map = self.navigate(c, map, span)?;
                self.navigate(map, "size", span)?
            }
        };
        Ok(IntExpr::Sum(Box::new(count)))
    }

    /// `c[i]` on a container: a sequence's element `i` (nothing outside its length), a map's
    /// value for key `i`.
    pub(super) fn element(
        &mut self,
        c: SetExpr,
        kind: Container,
        key: Term,
        span: &Span,
    ) -> RResult<Term> {
        match kind {
            Container::Sequence(storage) => {
                let array = self.navigate(c, storage, span)?;
                let index = self.as_int(key, span, "an index")?;
                let elem = self.element_type(&array, span)?;
                Ok(Term::Set(SetExpr::Elem {
                    array: Box::new(array),
                    index: Box::new(index),
                    state: self.state,
                    elem,
                }))
            }
            Container::HashMap | Container::TreeMap => {
                let one = super::is_scalar(&key, &self.functions)
                    && super::scalar_set(&c, &self.functions);
                let entries = self.entries(c, span)?;
                let keys = self.key_objects(key, span)?;
                let (key_rel, _) = self.field("key", &entries.ty(), span)?;
                let holding = SetExpr::Join {
                    left: Box::new(keys),
                    rel: Rel::Transpose(Box::new(key_rel)),
                    ty: entries.ty(),
                };
                let hit = SetExpr::Inter(Box::new(entries), Box::new(holding));
                let value = self.navigate(hit, "value", span)?;
                if one {
                    self.functions.push(value.clone());
                }
                Ok(Term::Set(value))
            }
            Container::Set(_) => Err(span
                .error("`[…]` on a set: a set has no index or values")
                .with_help("test membership with `k in s.elems`")),
        }
    }

    /// `c.name` for the container's own names (`elems`, `inds`, `keys`, `values`); `None` when
    /// `name` is not one of them for this kind (it is then a field).
    pub(super) fn container_field(
        &self,
        c: &SetExpr,
        kind: Container,
        name: &str,
        span: &Span,
    ) -> RResult<Option<Term>> {
        let c = c.clone();
        Ok(Some(match (kind, name) {
            (Container::Sequence(storage), "elems") => {
                let array = self.navigate(c, storage, span)?;
                let elem = self.element_type(&array, span)?;
                Term::Set(SetExpr::Elems {
                    array: Box::new(array),
                    state: self.state,
                    elem,
                })
            }
            (Container::Sequence(_), "inds") => {
                let n = self.size(c, kind, span)?;
                let last = IntExpr::Sub(Box::new(n), Box::new(IntExpr::Lit(1)));
                Term::Set(SetExpr::Range(Box::new(IntExpr::Lit(0)), Box::new(last)))
            }
            (Container::HashMap | Container::TreeMap, "keys" | "values") => {
                let entries = self.entries(c, span)?;
                let field = if name == "keys" { "key" } else { "value" };
                Term::Set(self.navigate(entries, field, span)?)
            }
            (Container::Set(map), "elems") => {
                let map = self.navigate(c, map, span)?;
                let entries = self.entries(map, span)?;
                Term::Set(self.navigate(entries, "key", span)?)
            }
            _ => return Ok(None),
        }))
    }

    /// A map's entries: a HashMap's in the bins of its table, a TreeMap's in its tree.
    fn entries(&self, m: SetExpr, span: &Span) -> RResult<SetExpr> {
        let SetType::Objects(cs) = m.ty() else {
            return Err(span.error("a map's entries of something that is not a map"));
        };
        let classes = self.below(&cs);
        let is = |c: &str| classes.iter().any(|k| self.schema.is_subtype(k, c));
        let mut parts = Vec::new();
        if is("java.util.HashMap") {
            let table = self.navigate(m.clone(), "table", span)?;
            let elem = self.element_type(&table, span)?;
            let bins = SetExpr::Elems {
                array: Box::new(table),
                state: self.state,
                elem,
            };
            parts.push(self.closure(bins, &["next"], span)?);
        }
        if is("java.util.TreeMap") {
            let root = self.navigate(m, "root", span)?;
            parts.push(self.closure(root, &["left", "right"], span)?);
        }
        parts
            .into_iter()
            .reduce(|a, b| SetExpr::Union(Box::new(a), Box::new(b)))
            .ok_or_else(|| span.error("a map here is neither a HashMap nor a TreeMap"))
    }

    /// The key objects a lookup `m[k]` finds entries by, as `equals` finds them for boxes: an
    /// integer `k` is every box holding its value; an object `k` is itself and every box
    /// holding the value of a box in it. A `k` typed `String` is refused: its `equals` compares
    /// chars, which a lookup cannot state.
    fn key_objects(&self, key: Term, span: &Span) -> RResult<SetExpr> {
        let key = self.as_set(key);
        match key.ty() {
            SetType::Int => Ok(self.boxes_holding(key).unwrap_or(SetExpr::Null)),
            SetType::Objects(cs) if cs.iter().any(|c| c == STRING) => Err(span
                .error("`m[k]` with a String key: Strings are equal by their chars, which a lookup cannot state")
                .with_help(
                    "quantify over the keys instead: `some k2: m.keys & String | #k2 = #k && (all i: k.inds | k2[i] = k[i]) && …`",
                )),
            SetType::Objects(_) => Ok(match self.unbox(&key).and_then(|v| self.boxes_holding(v)) {
                Some(boxes) => SetExpr::Union(Box::new(key), Box::new(boxes)),
                None => key,
            }),
            SetType::Bool => Err(span
                .error("`m[k]` with a boolean key")
                .with_help("look a Boolean key up as an object")),
        }
    }

    /// Every box (of an integer type the program uses) whose value is in `values`.
    fn boxes_holding(&self, values: SetExpr) -> Option<SetExpr> {
        let program = |c: &str| self.schema.classes.contains_key(c);
        let rel = super::box_values(program, self.state)?;
        Some(SetExpr::Join {
            left: Box::new(values),
            rel: Rel::Transpose(Box::new(rel)),
            ty: SetType::Objects(
                BOXES
                    .iter()
                    .filter(|b| b.kind.is_some() && program(b.class))
                    .map(|b| b.class.to_string())
                    .collect(),
            ),
        })
    }

    /// `left.name` for a field `name` of (some class below) `left`'s type.
    fn navigate(&self, left: SetExpr, name: &str, span: &Span) -> RResult<SetExpr> {
        let (rel, ty) = self.field(name, &left.ty(), span)?;
        Ok(SetExpr::Join {
            left: Box::new(left),
            rel,
            ty,
        })
    }

    /// `left.*(f1 + f2 + …)`, the fields being references to objects of `left`'s classes.
    fn closure(&self, left: SetExpr, fields: &[&str], span: &Span) -> RResult<SetExpr> {
        let dom = left.ty();
        let mut rels = Vec::new();
        for f in fields {
            rels.push(self.field(f, &dom, span)?.0);
        }
        let rel = rels
            .into_iter()
            .reduce(|a, b| Rel::Union(Box::new(a), Box::new(b)))
            .ok_or_else(|| span.error("a closure over no field"))?;
        Ok(SetExpr::Join {
            left: Box::new(left),
            rel: Rel::Closure {
                reflexive: true,
                rel: Box::new(rel),
            },
            ty: dom,
        })
    }

    /// `#c` and `c[i]` read one container: `c` must have at most one value.
    fn single(&self, c: &SetExpr, op: &str, span: &Span) -> RResult<()> {
        if super::scalar_set(c, &self.functions) {
            return Ok(());
        }
        Err(span
            .error(format!(
                "`{op}` of a container needs one container, but this expression may be several"
            ))
            .with_help("quantify over them first: `all l: e | #l > 0`"))
    }

    /// The element type of the arrays of `arrays` (one type for all of them).
    pub(super) fn element_type(&self, arrays: &SetExpr, span: &Span) -> RResult<FieldType> {
        let not_array = || {
            span.error(format!(
                "type error: `[…]` on a set of {}, not arrays",
                arrays.ty()
            ))
            .with_help("index an array-valued expression such as `this.items[i]`, a String, a list or a map")
        };
        let SetType::Objects(classes) = arrays.ty() else {
            return Err(not_array());
        };
        let mut elems = classes.iter().map(|c| {
            self.schema
                .classes
                .get(c)
                .and_then(|k| k.element.clone())
                .ok_or_else(not_array)
        });
        let elem = elems.next().unwrap_or_else(|| Err(not_array()))?;
        if elems.any(|e| e.ok().as_ref() != Some(&elem)) {
            return Err(not_array());
        }
        Ok(elem)
    }
}
