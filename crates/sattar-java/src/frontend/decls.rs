//! Declarations: classes (with their superclass, interfaces, enclosing instance, fields, static
//! fields, enum constants) and method headers of every file, collected before any body is
//! lowered, so calls and types resolve in any order. A declaration sattar cannot model is kept
//! with the reason; only the methods that reach it become unsupported.

use super::{pretty, Cx};
use crate::ir::*;
use crate::library::is_storage_field;
use sattar_diag::Diagnostic;
use sattar_heap::{BoxClass, BOX_VALUE, OBJECT};
use sattar_jdk::tree::MethodRef;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

type R<T> = Result<T, Diagnostic>;

/// Interfaces of the JDK a program class may implement and a variable may have as its type (their
/// objects are always the program's own).
pub(crate) const LIBRARY_INTERFACES: &[&str] = &[
    "java.lang.Comparable",
    "java.lang.Cloneable",
    "java.io.Serializable",
];

/// The interfaces every enum implements through `java.lang.Enum`.
pub(crate) const ENUM_INTERFACES: &[&str] = &["java.lang.Comparable", "java.io.Serializable"];

/// The spec annotation types that ship with sattar (package `sattar`).
const SPEC_ANNOTATIONS: &[&str] = &["Invariant", "Requires", "Ensures"];

/// A method's signature, known before any body is lowered.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    /// javac's METHOD node (`None` for a default constructor or a library model).
    pub node: Option<usize>,
    /// The declaring class as sattar names it (`Outer.Inner`).
    pub class: String,
    /// The declaring class's binary name (`Outer$Inner`), as javac names owners.
    pub owner: String,
    /// The name (`<init>` for a constructor).
    pub name: String,
    /// Erased parameter types as javac names them.
    pub erased: Vec<String>,
    /// `static`.
    pub is_static: bool,
    /// `private`.
    pub is_private: bool,
    /// Source, abstract, default constructor or library model.
    pub kind: MethodKind,
    /// Parameters with their VARIABLE nodes.
    pub params: Vec<(Param, Option<usize>)>,
    /// Return type.
    pub ret: Type,
    /// What it overrides (javac's relation).
    pub overrides: Vec<MethodRef>,
    /// A problem with the signature itself (a parameter of an unsupported type, …).
    pub unsupported: Option<Diagnostic>,
    /// Spec annotations.
    pub annotations: Vec<SpecAnnotation>,
    /// The file.
    pub file: FileId,
    /// The name's span.
    pub span: Span,
}

impl Header {
    /// Whether `r` names this method.
    pub fn is(&self, r: &MethodRef) -> bool {
        self.owner == r.owner && self.name == r.name && self.erased == r.params
    }
}

/// A class with what its constructors run: instance field initializers and initializer blocks.
pub(crate) struct ClassDecl {
    /// Field VARIABLE nodes with an initializer and instance initializer BLOCKs, in source order.
    pub initializers: Vec<usize>,
    /// Why objects of this class cannot be modelled, if they cannot.
    pub unsupported: Option<Diagnostic>,
    /// Its `final` instance fields with a constant initializer (constant variables, JLS 4.12.4)
    /// and their values: javac compiles every read of one as the constant.
    pub constants: HashMap<String, Literal>,
}

/// Every declaration of the program.
pub(crate) struct Decls {
    /// Classes, outer before nested, in source order.
    pub classes: Vec<Class>,
    /// The same classes' declarations.
    pub class_decls: Vec<ClassDecl>,
    /// javac's binary name → sattar's qualified name, for the program's classes.
    pub names: HashMap<String, String>,
    /// Methods and constructors in source order, then default constructors: the index is the
    /// [`MethodId`].
    pub methods: Vec<Header>,
    /// Library methods the program calls, numbered after `methods` as they are found.
    pub library: RefCell<Vec<Header>>,
    /// The box classes (`java.lang.Integer`, …) the program names, found as types are read.
    pub boxes: RefCell<BTreeSet<String>>,
    /// The array classes the program names (`int[]` → `int`), found as types are read.
    pub arrays: RefCell<BTreeMap<String, Type>>,
}

impl Decls {
    /// The type sattar gives javac's erased type name, if it is supported.
    pub fn ty(&self, erased: &str) -> Option<Type> {
        match erased {
            "int" => Some(Type::Int),
            "long" | "char" | "short" | "byte" => IntKind::named(erased).map(Type::of_int),
            "boolean" => Some(Type::Boolean),
            "void" => Some(Type::Void),
            "null" => Some(Type::Null),
            OBJECT => Some(Type::Class(OBJECT.into())),
            i if LIBRARY_INTERFACES.contains(&i) => Some(Type::Class(i.into())),
            b if BoxClass::named(b).is_some() => {
                self.boxes.borrow_mut().insert(b.into());
                Some(Type::Class(b.into()))
            }
            a if a.ends_with("[]") => {
                let element = match self.ty(&a[..a.len() - 2])? {
                    Type::Void | Type::Null => return None,
                    t => t,
                };
                let class = sattar_heap::array_class_of(&element.to_string());
                self.arrays.borrow_mut().insert(class.clone(), element);
                Some(Type::Class(class))
            }
            other => self.names.get(other).map(|q| Type::Class(q.clone())),
        }
    }

    /// The class with qualified name `q`.
    pub fn class(&self, q: &str) -> Option<&Class> {
        self.classes.iter().find(|c| c.name == q)
    }

    /// The declaration of class `q`.
    pub fn class_decl(&self, q: &str) -> Option<&ClassDecl> {
        let i = self.classes.iter().position(|c| c.name == q)?;
        self.class_decls.get(i)
    }

    /// The program method javac resolved a call or `new` to.
    pub fn method(&self, r: &MethodRef) -> Option<MethodId> {
        self.methods
            .iter()
            .position(|h| h.is(r))
            .map(|i| MethodId(i as u32))
    }

    /// The instance or static method `name(erased…)` class `class` itself declares.
    pub fn declared(&self, class: &str, name: &str, erased: &[String]) -> Option<MethodId> {
        self.methods
            .iter()
            .position(|h| h.class == class && h.name == name && h.erased == erased)
            .map(|i| MethodId(i as u32))
    }

    /// A call of `toString()` on a model class: its `toString$` (a model cannot redeclare
    /// Object's `toString`, which returns the JDK's String).
    pub fn model_to_string(&self, r: &MethodRef) -> Option<MethodId> {
        if r.name != "toString" || !r.params.is_empty() {
            return None;
        }
        let owner = r.owner.replace('$', ".");
        self.declared(&owner, crate::library::MODEL_TO_STRING, &[])
    }

    /// A JDK method whose code is a model method's (JDK 17: `Integer.toString(i)` is
    /// `String.valueOf(i)`'s conversion, a new String either way): that model method, if loaded.
    pub fn jdk_alias(&self, r: &MethodRef) -> Option<MethodId> {
        let owner = r.owner.replace('$', ".");
        let params: Vec<&str> = r.params.iter().map(String::as_str).collect();
        let (class, name, erased) = JDK_ALIASES
            .iter()
            .find(|(from, _)| from.0 == owner && from.1 == r.name && from.2 == params.as_slice())
            .map(|(_, to)| *to)?;
        let erased: Vec<String> = erased.iter().map(|p| p.to_string()).collect();
        self.declared(class, name, &erased)
    }

    /// The parse a box's `valueOf` of a String runs (JDK 17: `Integer.valueOf(s)` is
    /// `valueOf(parseInt(s))`), its model method if loaded: the front end boxes its result.
    pub fn boxed_parse(&self, r: &MethodRef) -> Option<MethodId> {
        let owner = r.owner.replace('$', ".");
        let params: Vec<&str> = r.params.iter().map(String::as_str).collect();
        let parse = BOXED_PARSES
            .iter()
            .find(|(from, _)| from.0 == owner && from.1 == r.name && from.2 == params.as_slice())
            .map(|(_, parse)| *parse)?;
        self.declared("java.lang.String", parse, &r.params)
    }

    /// The id of library method `r`, registered on first use (at call site `site`: where a
    /// refusal of a method sattar does not model points).
    pub fn library_method(&self, r: &MethodRef, site: Diagnostic) -> MethodId {
        let mut lib = self.library.borrow_mut();
        let base = self.methods.len();
        if let Some(i) = lib.iter().position(|h| h.is(r)) {
            return MethodId((base + i) as u32);
        }
        let class = r.owner.replace('$', ".");
        lib.push(Header {
            node: None,
            class,
            owner: r.owner.clone(),
            name: r.name.clone(),
            erased: r.params.clone(),
            is_static: r.is_static,
            is_private: r.is_private,
            kind: MethodKind::Library,
            params: r
                .params
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let ty = self.ty(t).unwrap_or(Type::Class(t.clone()));
                    (
                        Param {
                            name: format!("p{i}"),
                            ty,
                        },
                        None,
                    )
                })
                .collect(),
            ret: self.ty(&r.ret).unwrap_or(Type::Class(r.ret.clone())),
            overrides: Vec::new(),
            unsupported: Some(site),
            annotations: Vec::new(),
            file: FileId(0),
            span: Span::default(),
        });
        MethodId((base + lib.len() - 1) as u32)
    }

    /// The header of any method, library models included.
    pub fn header(&self, m: MethodId) -> Header {
        let i = m.0 as usize;
        match self.methods.get(i) {
            Some(h) => h.clone(),
            None => self.library.borrow()[i - self.methods.len()].clone(),
        }
    }

    /// The qualified name of an exception class `throw new X(...)` may name: a class of the file
    /// that extends a `java.lang` exception, or one of those.
    pub fn exception(&self, binary: &str) -> Option<String> {
        if let Some(q) = self.names.get(binary) {
            return self
                .class(q)
                .filter(|c| c.is_exception)
                .map(|c| c.name.clone());
        }
        crate::jdk::is_throwable(binary).then(|| binary.to_string())
    }

    /// Whether an object of class `c` (or of a class below it) may run a `toString` of the
    /// program's instead of `Object`'s.
    pub fn overrides_to_string(&self, c: &str) -> bool {
        self.methods.iter().any(|h| {
            h.name == "toString"
                && h.params.is_empty()
                && (self.is_subclass(&h.class, c) || self.is_subclass(c, &h.class))
        })
    }

    /// Class `c` and its supertypes, nearest first: superclasses, then interfaces breadth-first.
    pub fn supertypes(&self, c: &str) -> Vec<String> {
        let mut out = vec![c.to_string()];
        let mut i = 0;
        while i < out.len() {
            if let Some(k) = self.class(&out[i]) {
                for s in k.superclass.iter().chain(&k.interfaces) {
                    if !out.contains(s) {
                        out.push(s.clone());
                    }
                }
            }
            i += 1;
        }
        out
    }

    /// Whether class `sub` is `sup` or below it.
    pub fn is_subclass(&self, sub: &str, sup: &str) -> bool {
        if sub == sup || sup == OBJECT {
            return true;
        }
        if BoxClass::named(sub).is_some() {
            return BoxClass::INTERFACES.contains(&sup);
        }
        let Some(c) = self.class(sub) else {
            // A JDK throwable: its superclasses are known by name.
            return crate::jdk::superclass(sub).is_some_and(|s| self.is_subclass(s, sup));
        };
        c.superclass
            .iter()
            .chain(&c.interfaces)
            .any(|s| self.is_subclass(s, sup))
    }
}

/// A class of the JDK sattar describes itself (a box, an array class, `java.lang.Object`):
/// concrete, without statics or a source of its own.
fn jdk_class(name: &str, interfaces: &[&str], fields: Vec<Field>) -> Class {
    Class {
        name: name.into(),
        binary: name.into(),
        file: FileId(0),
        kind: ClassKind::Class,
        is_abstract: false,
        is_private: false,
        superclass: None,
        interfaces: interfaces.iter().map(|i| i.to_string()).collect(),
        outer: None,
        fields,
        statics: Vec::new(),
        enum_constants: Vec::new(),
        is_exception: false,
        annotations: Vec::new(),
        span: Span::default(),
        element: None,
    }
}

/// A final instance field of a [`jdk_class`].
fn final_field(name: &str, ty: Type, is_private: bool) -> Field {
    Field {
        name: name.into(),
        ty,
        is_private,
        is_final: true,
        span: Span::default(),
    }
}

/// The classes of the boxes the program names: final JDK classes with the one field `value`.
pub(crate) fn box_classes(decls: &Decls) -> Vec<Class> {
    decls
        .boxes
        .borrow()
        .iter()
        .filter_map(|b| BoxClass::named(b))
        .map(|b| {
            let value = final_field(BOX_VALUE, b.kind.map_or(Type::Boolean, Type::of_int), true);
            jdk_class(b.class, BoxClass::INTERFACES, vec![value])
        })
        .collect()
}

/// `java.lang.Object` as a class of objects when the program's models have constants (HashSet's
/// `PRESENT` is a plain Object), those statics taken off their classes: a constant is an object
/// of the environment, not a static field an input gives.
pub(crate) fn object_class(classes: &mut [Class]) -> Option<Class> {
    let mut any = false;
    for c in classes.iter_mut() {
        let before = c.statics.len();
        c.statics
            .retain(|f| crate::library::model_constant(&c.name, &f.name).is_none());
        any |= c.statics.len() < before;
    }
    any.then(|| jdk_class(OBJECT, &[], Vec::new()))
}

/// The array classes the program names (`int[]`, `Node[]`): final classes with the one field
/// `length`, implementing `Cloneable` and `Serializable` (JLS 10.8). Their elements are fields
/// named by index in every heap ([`sattar_heap::element_field`]).
pub(crate) fn array_classes(decls: &Decls) -> Vec<Class> {
    decls
        .arrays
        .borrow()
        .iter()
        .map(|(name, element)| {
            let length = final_field(sattar_heap::ARRAY_LENGTH, Type::Int, false);
            let interfaces = ["java.lang.Cloneable", "java.io.Serializable"];
            Class {
                element: Some(element.clone()),
                ..jdk_class(name, &interfaces, vec![length])
            }
        })
        .collect()
}

/// A class found in the first pass.
struct Found {
    binary: String,
    qualified: String,
    node: usize,
    /// Enclosing classes above it (0 for a top-level class).
    depth: usize,
    outer: Option<String>,
}

/// Collects the declarations of every compilation unit.
pub(crate) fn collect(cx: &Cx) -> Decls {
    let mut found = Vec::new();
    for &unit in cx.units {
        let pkg = cx.node(unit).pkg.clone().unwrap_or_default();
        for &t in &cx.node(unit).types {
            // The models' `@Unmodelled` is read, not modelled.
            let model_annotation = cx.node(t).k == "ANNOTATION_TYPE" && cx.is_model(t);
            if is_type_decl(&cx.node(t).k) && !model_annotation {
                gather(cx, t, &pkg, None, 0, &mut found);
            }
        }
    }
    let names: HashMap<String, String> = found
        .iter()
        .map(|f| (f.binary.clone(), f.qualified.clone()))
        .collect();
    let mut decls = Decls {
        classes: Vec::new(),
        class_decls: Vec::new(),
        names,
        methods: Vec::new(),
        library: RefCell::new(Vec::new()),
        boxes: RefCell::new(BTreeSet::new()),
        arrays: RefCell::new(BTreeMap::new()),
    };
    // Classes first (headers resolve types against them), then headers.
    for f in &found {
        let (class, decl) = class_decl(cx, &decls, f);
        decls.classes.push(class);
        decls.class_decls.push(decl);
    }
    refuse_stateful_model_subclasses(cx, &mut decls, &found);
    let mut headers = Vec::new();
    for (i, f) in found.iter().enumerate() {
        let class = &decls.classes[i];
        for &m in &cx.node(f.node).members {
            let member = cx.node(m);
            if member.k == "METHOD" && !member.is_synthetic() && !class.is_exception {
                headers.push(method_header(cx, &decls, m, class));
            }
        }
    }
    headers.sort_by_key(|h| (h.file, h.node.map(|n| cx.span(n).start)));
    headers.extend(default_constructors(cx, &decls, &headers));
    decls.methods = headers;
    decls
}

/// A program class extending a model whose state is sattar's own (`java.util.ArrayList`: its
/// `elements`) is refused and cut from it: the JVM's class has the JDK's fields, not the
/// model's. Models with the JDK's own fields (the maps) may be extended.
fn refuse_stateful_model_subclasses(cx: &Cx, decls: &mut Decls, found: &[Found]) {
    let model = |c: &Class| crate::library::is_model_path(&cx.files[c.file.0 as usize].path);
    for (i, f) in found.iter().enumerate() {
        let c = &decls.classes[i];
        let Some(s) = c.superclass.clone().filter(|_| !model(c)) else {
            continue;
        };
        let stateful = decls.supertypes(&s).iter().any(|k| {
            decls
                .class(k)
                .is_some_and(|k| model(k) && k.fields.iter().any(|f| is_storage_field(&f.name)))
        });
        if stateful {
            let why = cx
                .unsupported(
                    f.node,
                    format!("a class extending `{s}` (sattar models that JDK class's state its own way)"),
                )
                .with_help("hold the collection in a field, or extend java.util.AbstractCollection or AbstractQueue");
            decls.classes[i].superclass = None;
            decls.class_decls[i].unsupported.get_or_insert(why);
        }
    }
}

/// Classes in pre-order.
fn gather(cx: &Cx, n: usize, pkg: &str, outer: Option<&Found>, depth: usize, out: &mut Vec<Found>) {
    let node = cx.node(n);
    let name = node.name.clone().unwrap_or_default();
    let qualified = match outer {
        Some(o) => format!("{}.{name}", o.qualified),
        None if pkg.is_empty() => name,
        None => format!("{pkg}.{name}"),
    };
    let f = Found {
        binary: node.bin.clone().unwrap_or_else(|| qualified.clone()),
        qualified,
        node: n,
        depth,
        outer: node
            .inner
            .then(|| outer.map(|o| o.qualified.clone()))
            .flatten(),
    };
    out.push(f);
    let me = out.len() - 1;
    for &m in &node.members {
        if is_type_decl(&cx.node(m).k) {
            let parent = Found {
                binary: out[me].binary.clone(),
                qualified: out[me].qualified.clone(),
                node: n,
                depth,
                outer: None,
            };
            gather(cx, m, pkg, Some(&parent), depth + 1, out);
        }
    }
}

/// Whether javac's kind is a type declaration.
fn is_type_decl(kind: &str) -> bool {
    matches!(
        kind,
        "CLASS" | "INTERFACE" | "ENUM" | "RECORD" | "ANNOTATION_TYPE"
    )
}

/// A class and what sattar cannot model of it.
fn class_decl(cx: &Cx, decls: &Decls, f: &Found) -> (Class, ClassDecl) {
    let n = f.node;
    let node = cx.node(n);
    let mut unsupported = None;
    let kind = match node.kind.as_deref() {
        Some("INTERFACE") => ClassKind::Interface,
        Some("ENUM") => ClassKind::Enum,
        Some("CLASS") => ClassKind::Class,
        other => {
            let what = other.map_or("type".into(), pretty);
            unsupported = Some(cx.unsupported(n, format!("{what} declaration {}", f.qualified)));
            ClassKind::Class
        }
    };
    let mut is_exception = false;
    let superclass = match node.ext.as_deref() {
        None | Some(OBJECT) | Some("java.lang.Enum") => None,
        Some(base) if decls.names.contains_key(base) => decls.names.get(base).cloned(),
        // A user exception class: its JDK superclass is kept for `catch` to match.
        Some(base) if crate::jdk::is_throwable(base) => {
            is_exception = true;
            Some(base.to_string())
        }
        Some(base) => {
            unsupported = Some(
                cx.unsupported(
                    n,
                    format!(
                        "a class extending `{}` (a class outside the program)",
                        base.replace('$', ".")
                    ),
                )
                .with_help("sattar models classes of the program and `java.lang.Object`"),
            );
            None
        }
    };
    // A subclass of a user exception class is an exception class too.
    if let Some(s) = &superclass {
        if decls.class(s).is_some_and(|c| c.is_exception) {
            is_exception = true;
        }
    }
    let mut interfaces: Vec<String> = node
        .implements
        .iter()
        .filter_map(|i| {
            let library = LIBRARY_INTERFACES.contains(&i.as_str()).then(|| i.clone());
            decls.names.get(i).cloned().or(library)
        })
        .collect();
    if kind == ClassKind::Enum {
        // java.lang.Enum, every enum's superclass, is Comparable and Serializable.
        interfaces.extend(ENUM_INTERFACES.iter().map(|i| i.to_string()));
    }
    let span = name_span(cx, n, node.name.as_deref().unwrap_or(""));
    let annotations = annotations(cx, &node.ann).unwrap_or_else(|d| {
        unsupported.get_or_insert(d);
        Vec::new()
    });
    let outer = f.outer.as_ref().map(|o| Outer {
        class: o.clone(),
        field: format!("this${}", f.depth - 1),
    });
    let mut class = Class {
        name: f.qualified.clone(),
        binary: f.binary.clone(),
        file: cx.file_of(n),
        kind,
        is_abstract: node.mods.iter().any(|m| m == "abstract") || kind == ClassKind::Interface,
        is_private: node.mods.iter().any(|m| m == "private"),
        superclass,
        interfaces,
        outer,
        fields: Vec::new(),
        statics: Vec::new(),
        enum_constants: Vec::new(),
        is_exception,
        annotations,
        span,
        element: None,
    };
    let mut initializers = Vec::new();
    let mut constants = HashMap::new();
    for &m in &node.members {
        let member = cx.node(m);
        match member.k.as_str() {
            "VARIABLE" if member.vk.as_deref() == Some("ENUM_CONSTANT") => {
                let name = member.name.clone().unwrap_or_default();
                let plain = member
                    .init
                    .is_none_or(|i| cx.node(i).args.is_empty() && cx.node(i).body.is_none());
                if !plain {
                    unsupported.get_or_insert_with(|| {
                        cx.unsupported(
                            m,
                            format!("enum constant `{name}` with arguments or a body"),
                        )
                    });
                }
                class.enum_constants.push(name);
            }
            "VARIABLE" if is_exception => {}
            "VARIABLE" => {
                field_decl(cx, decls, m, &mut class, &mut initializers);
                if let Some(k) = instance_constant(cx, m) {
                    constants.insert(member.name.clone().unwrap_or_default(), k);
                }
            }
            "BLOCK" if member.is_static => {} // static state comes from the pre-state
            "BLOCK" => initializers.push(m),
            _ => {}
        }
    }
    let decl = ClassDecl {
        initializers,
        unsupported,
        constants,
    };
    (class, decl)
}

/// The value of a `final` instance field whose initializer is an int or boolean constant.
fn instance_constant(cx: &Cx, n: usize) -> Option<Literal> {
    let node = cx.node(n);
    let is = |m: &str| node.mods.iter().any(|x| x == m);
    if is("static") || !is("final") {
        return None;
    }
    match (cx.node(node.init?).cv.as_ref()?, node.vt.as_deref()?) {
        (serde_json::Value::Bool(b), "boolean") => Some(Literal::Bool(*b)),
        (serde_json::Value::Number(x), t) => {
            let k = IntKind::named(t)?;
            x.as_i64()
                .filter(|v| (k.min()..=k.max()).contains(v))
                .map(|v| super::expr::int_literal(k, v))
        }
        _ => None,
    }
}

/// A field: an instance field, a static field that is state, or a constant javac folds. A field
/// of a type sattar does not model is left out (code that uses it is refused).
fn field_decl(cx: &Cx, decls: &Decls, n: usize, class: &mut Class, initializers: &mut Vec<usize>) {
    let node = cx.node(n);
    // An interface's fields are implicitly static and final.
    let in_interface = class.kind == ClassKind::Interface;
    let is_static = in_interface || node.mods.iter().any(|m| m == "static");
    let is_final = in_interface || node.mods.iter().any(|m| m == "final");
    let constant = is_static && is_final && node.init.is_some_and(|i| cx.node(i).cv.is_some());
    if constant {
        return;
    }
    let Ok(ty) = value_type(cx, decls, n) else {
        return;
    };
    let name = node.name.clone().unwrap_or_default();
    let field = Field {
        span: name_span(cx, n, &name),
        name,
        ty,
        is_private: node.mods.iter().any(|m| m == "private"),
        is_final,
    };
    if is_static {
        class.statics.push(field);
    } else {
        if node.init.is_some() {
            initializers.push(n);
        }
        class.fields.push(field);
    }
}

/// The span of `name` at or after a declaration's preferred position.
fn name_span(cx: &Cx, n: usize, name: &str) -> Span {
    let from = cx.pref(n);
    let text = cx.text_of(n);
    let start = text
        .get(from..)
        .and_then(|t| t.find(name))
        .map_or(from, |i| from + i);
    Span {
        start,
        end: start + name.len(),
    }
}

/// The type of a VARIABLE node (field, parameter or local), if supported.
pub(crate) fn value_type(cx: &Cx, decls: &Decls, n: usize) -> R<Type> {
    let node = cx.node(n);
    let erased = node.vt.as_deref().unwrap_or("?");
    let at = node
        .vtype
        .filter(|&t| !cx.node(t).is_synthetic())
        .unwrap_or(n);
    match decls.ty(erased) {
        Some(Type::Void | Type::Null) | None => Err(unsupported_type(cx, at, erased)),
        Some(t) => Ok(t),
    }
}

/// "sattar does not model this type".
pub(crate) fn unsupported_type(cx: &Cx, at: usize, erased: &str) -> Diagnostic {
    let shown = if cx.src(at).is_empty() {
        erased.replace('$', ".")
    } else {
        cx.src(at).to_string()
    };
    cx.unsupported(at, format!("type `{shown}` (not a class of the program)"))
        .with_help("sattar models int, boolean, Object, Comparable and the classes of the program")
}

fn method_header(cx: &Cx, decls: &Decls, n: usize, class: &Class) -> Header {
    let node = cx.node(n);
    let name = node.name.clone().unwrap_or_default();
    let m = node.m.clone().unwrap_or_default();
    let mut unsupported = None;
    let ret = match node.rtype {
        None => Type::Void,
        Some(rt) => match decls.ty(&m.ret) {
            Some(Type::Null) | None => {
                unsupported = Some(unsupported_type(cx, rt, &m.ret));
                Type::Void
            }
            Some(t) => t,
        },
    };
    let mut params = Vec::new();
    for &p in &node.params {
        let pname = cx.node(p).name.clone().unwrap_or_default();
        let ty = match value_type(cx, decls, p) {
            Ok(t) => t,
            Err(d) => {
                unsupported.get_or_insert(d);
                Type::Class(OBJECT.into())
            }
        };
        params.push((Param { name: pname, ty }, Some(p)));
    }
    if m.varargs {
        unsupported.get_or_insert_with(|| cx.unsupported(n, "a variable-arity method (`...`)"));
    }
    let is_abstract = node.body.is_none();
    let annotations = annotations(cx, &node.ann).unwrap_or_else(|d| {
        unsupported.get_or_insert(d);
        Vec::new()
    });
    if let Some(why) = unmodelled(cx, n) {
        let shown = format!("{}.{name}", class.name);
        unsupported.get_or_insert(
            cx.unsupported(n, format!("`{shown}` (sattar has no model of it: {why})")),
        );
    }
    let span_name = if name == "<init>" {
        class.name.rsplit('.').next().unwrap_or("")
    } else {
        name.as_str()
    };
    Header {
        node: Some(n),
        class: class.name.clone(),
        owner: class.binary.clone(),
        span: name_span(cx, n, span_name),
        name,
        erased: m.params.clone(),
        is_static: m.is_static,
        is_private: m.is_private,
        kind: if is_abstract {
            MethodKind::Abstract
        } else {
            MethodKind::Source
        },
        params,
        ret,
        overrides: node.ovr.clone(),
        unsupported,
        annotations,
        file: cx.file_of(n),
    }
}

/// A constructor for each class that declares none but has code to run on `new` (field
/// initializers, initializer blocks, or a superclass constructor with code).
fn default_constructors(cx: &Cx, decls: &Decls, declared: &[Header]) -> Vec<Header> {
    let mut out: Vec<Header> = Vec::new();
    // Superclasses first, so a subclass sees whether its superclass's constructor has code.
    let mut order: Vec<usize> = (0..decls.classes.len()).collect();
    order.sort_by_key(|&i| superclass_depth(decls, &decls.classes[i]));
    let has_ctor = |q: &str, out: &[Header]| {
        declared
            .iter()
            .chain(out.iter())
            .any(|h| h.class == q && h.name == "<init>")
    };
    for i in order {
        let c = &decls.classes[i];
        if c.kind != ClassKind::Class || c.is_exception || has_ctor(&c.name, &out) {
            continue;
        }
        let super_code = c.superclass.as_deref().is_some_and(|s| has_ctor(s, &out));
        if decls.class_decls[i].initializers.is_empty() && !super_code {
            continue;
        }
        out.push(Header {
            node: None,
            class: c.name.clone(),
            owner: c.binary.clone(),
            name: "<init>".into(),
            erased: Vec::new(),
            is_static: false,
            is_private: false,
            kind: MethodKind::DefaultConstructor,
            params: Vec::new(),
            ret: Type::Void,
            overrides: Vec::new(),
            unsupported: decls.class_decls[i].unsupported.clone(),
            annotations: Vec::new(),
            file: c.file,
            span: c.span,
        });
    }
    let _ = cx;
    out
}

fn superclass_depth(decls: &Decls, c: &Class) -> usize {
    match c.superclass.as_deref().and_then(|s| decls.class(s)) {
        Some(s) => 1 + superclass_depth(decls, s),
        None => 0,
    }
}

/// Why a method of a model source is not modelled (its `@Unmodelled("…")`), if it is not.
fn unmodelled(cx: &Cx, n: usize) -> Option<String> {
    if !cx.is_model(n) {
        return None;
    }
    let a = cx.node(n).ann.iter().copied().find(|&a| {
        let name = cx.node(a).name.as_deref().unwrap_or("");
        name.rsplit('.').next() == Some(crate::library::UNMODELLED)
    })?;
    let mut items = Vec::new();
    for &arg in &cx.node(a).args {
        annotation_strings(cx, arg, &mut items).ok()?;
    }
    Some(items.into_iter().map(|(s, _)| s).collect())
}

/// The spec annotations among `anns`, each string with its position.
fn annotations(cx: &Cx, anns: &[usize]) -> R<Vec<SpecAnnotation>> {
    let mut out = Vec::new();
    for &a in anns {
        let name = cx.node(a).name.clone().unwrap_or_default();
        let simple = name.rsplit(['.', '$']).next().unwrap_or(&name);
        if !SPEC_ANNOTATIONS.contains(&simple) {
            continue;
        }
        let mut items = Vec::new();
        for &arg in &cx.node(a).args {
            annotation_strings(cx, arg, &mut items)?;
        }
        out.push(SpecAnnotation {
            kind: simple.to_string(),
            items,
        });
    }
    Ok(out)
}

fn annotation_strings(cx: &Cx, n: usize, out: &mut Vec<(String, sattar_diag::Pos)>) -> R<()> {
    let node = cx.node(n);
    match node.k.as_str() {
        "STRING_LITERAL" => {
            if cx.src(n).starts_with("\"\"\"") {
                return Err(cx
                    .unsupported(n, "text block in a spec annotation")
                    .with_help("use one \"…\" string per constraint"));
            }
            let text = node
                .cv
                .as_ref()
                .and_then(|v| v.as_str())
                .unwrap_or_default();
            let f = &cx.files[cx.file_of(n).0 as usize];
            let pos = f.lines.pos(&f.text, cx.span(n).start + 1);
            out.push((text.to_string(), pos));
            Ok(())
        }
        "NEW_ARRAY" => node
            .elems
            .iter()
            .flatten()
            .try_for_each(|&e| annotation_strings(cx, e, out)),
        "ASSIGNMENT"
            if node
                .var
                .is_some_and(|v| cx.node(v).name.as_deref() == Some("value")) =>
        {
            match node.expr {
                Some(e) => annotation_strings(cx, e, out),
                None => Ok(()),
            }
        }
        _ => Err(cx
            .unsupported(n, "spec annotation argument other than string literals")
            .with_help(
                "write each constraint as one string literal: @Invariant({\"name: formula\", …})",
            )),
    }
}

/// A JDK method (class, name, erased parameters).
type JdkMethod = (&'static str, &'static str, &'static [&'static str]);

/// JDK methods that run a model method ([`Decls::jdk_alias`]): each is that method in JDK 17's
/// own code.
const JDK_ALIASES: &[(JdkMethod, JdkMethod)] = &[
    (
        ("java.lang.Integer", "toString", &["int"]),
        ("java.lang.String", "valueOf", &["int"]),
    ),
    (
        ("java.lang.Long", "toString", &["long"]),
        ("java.lang.String", "valueOf", &["long"]),
    ),
    (
        ("java.lang.Character", "toString", &["char"]),
        ("java.lang.String", "valueOf", &["char"]),
    ),
    (
        ("java.lang.Boolean", "toString", &["boolean"]),
        ("java.lang.String", "valueOf", &["boolean"]),
    ),
    (
        ("java.lang.Long", "parseLong", &["java.lang.String"]),
        ("java.lang.String", "parseLong", &["java.lang.String"]),
    ),
    (
        ("java.lang.Long", "parseLong", &["java.lang.String", "int"]),
        (
            "java.lang.String",
            "parseLong",
            &["java.lang.String", "int"],
        ),
    ),
    (
        ("java.lang.Integer", "parseInt", &["java.lang.String"]),
        ("java.lang.String", "parseInt", &["java.lang.String"]),
    ),
    (
        (
            "java.lang.Integer",
            "parseInt",
            &["java.lang.String", "int"],
        ),
        ("java.lang.String", "parseInt", &["java.lang.String", "int"]),
    ),
];

/// A box's `valueOf` of a String and the String model's parse it boxes
/// ([`Decls::boxed_parse`]). A lowering rule, not a model: a model returning the box would name
/// the box class in the String model, and so in every program that uses a String.
const BOXED_PARSES: &[(JdkMethod, &str)] = &[
    (
        ("java.lang.Integer", "valueOf", &["java.lang.String"]),
        "parseInt",
    ),
    (
        ("java.lang.Integer", "valueOf", &["java.lang.String", "int"]),
        "parseInt",
    ),
    (
        ("java.lang.Long", "valueOf", &["java.lang.String"]),
        "parseLong",
    ),
    (
        ("java.lang.Long", "valueOf", &["java.lang.String", "int"]),
        "parseLong",
    ),
];
