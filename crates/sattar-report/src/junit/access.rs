//! What a test class in the subject's package may write directly, and what it reaches through
//! the reflective helpers of the support class instead (private classes, fields and methods,
//! final fields, classes without a usable constructor, other packages): the modifiers javac
//! reported for each class, field and method, as the IR keeps them.

use sattar_heap::{element_type_name, is_array_class, is_primitive_name};
use sattar_java::{Class, ClassKind, Field, Method, Program};

/// Access decisions for tests in one package.
pub(super) struct Access<'a> {
    program: &'a Program,
    /// The tests' package (`""` for the default package).
    package: String,
}

/// The package of a binary class name (`ds` of `ds.SortedList$Node`).
pub(super) fn package_of(binary: &str) -> &str {
    binary.rsplit_once('.').map_or("", |(p, _)| p)
}

/// The name `Class.forName` takes for a class as sattar names it: the program's binary name
/// (`ds.SortedList$Node`), the JVM's for an array class (`[I`, `[[I`, `[Lds.SortedList$Node;`),
/// a JDK class's own; a primitive type keeps its name (`int`).
pub(super) fn binary_name(program: &Program, name: &str) -> String {
    let Some(element) = element_type_name(name) else {
        return program
            .class(name)
            .map_or(name.to_string(), |c| c.binary.clone());
    };
    let letter = match element {
        "int" => "I",
        "long" => "J",
        "boolean" => "Z",
        "char" => "C",
        "short" => "S",
        "byte" => "B",
        e if is_array_class(e) => return format!("[{}", binary_name(program, e)),
        e => return format!("[L{};", binary_name(program, e)),
    };
    format!("[{letter}")
}

impl<'a> Access<'a> {
    /// Decisions for a test class in `package`.
    pub(super) fn new(program: &'a Program, package: &str) -> Access<'a> {
        Access {
            program,
            package: package.to_string(),
        }
    }

    /// The program's class with exactly this qualified name.
    pub(super) fn class(&self, name: &str) -> Option<&'a Class> {
        self.program.classes.iter().find(|c| c.name == name)
    }

    /// Whether a test may name the class: it and every class enclosing it are not private, and
    /// it is in the tests' package. A class outside the program (`java.lang.Comparable`) may
    /// be named when it is the JDK's.
    pub(super) fn nameable(&self, name: &str) -> bool {
        // An array class is as nameable as its element type.
        if let Some(element) = element_type_name(name) {
            return is_primitive_name(element) || self.nameable(element);
        }
        let Some(c) = self.class(name) else {
            return name.starts_with("java.");
        };
        if package_of(&c.binary) != self.package {
            return false;
        }
        let mut prefix = String::new();
        for part in name.split('.') {
            if !prefix.is_empty() {
                prefix.push('.');
            }
            prefix.push_str(part);
            if self.class(&prefix).is_some_and(|k| k.is_private) {
                return false;
            }
        }
        true
    }

    /// Whether `new C()` compiles and only runs what a default constructor would need: a
    /// nameable concrete class (not an enum, not inner) with no constructor or a non-private one
    /// without parameters.
    pub(super) fn new_direct(&self, class: &Class) -> bool {
        if !self.nameable(&class.name)
            || class.element.is_some()
            || class.is_abstract
            || class.kind != ClassKind::Class
            || class.outer.is_some()
        {
            return false;
        }
        let mut ctors = self
            .program
            .methods
            .iter()
            .filter(|m| m.is_constructor() && m.class == class.name)
            .peekable();
        ctors.peek().is_none()
            || self
                .program
                .methods
                .iter()
                .filter(|m| m.is_constructor() && m.class == class.name)
                .any(|m| m.params.is_empty() && !m.is_private)
    }

    /// The class declaring field `name` of objects of `class` (the nearest, as Java reads it).
    pub(super) fn declaring(&self, class: &str, name: &str) -> Option<(&'a Class, Field)> {
        let fields = self.program.fields_of(class);
        let (decl, f) = fields.into_iter().rev().find(|(_, f)| f.name == name)?;
        Some((self.class(&decl)?, f))
    }

    /// Whether `obj.f` may be read directly from a variable of `decl`'s type or below.
    pub(super) fn read_direct(&self, decl: &Class, f: &Field) -> bool {
        !f.is_private && !f.name.contains('$') && self.nameable(&decl.name)
    }

    /// Whether `obj.f = v` may be written directly.
    pub(super) fn write_direct(&self, decl: &Class, f: &Field) -> bool {
        self.read_direct(decl, f) && !f.is_final
    }

    /// Whether the method may be called directly (`recv.m(..)`, `C.m(..)`, `new C(..)`).
    pub(super) fn call_direct(&self, m: &Method) -> bool {
        let class = self.class(&m.class);
        !m.is_private
            && self.nameable(&m.class)
            && (!m.is_constructor() || class.is_some_and(|c| c.outer.is_none() && !c.is_abstract))
    }
}
