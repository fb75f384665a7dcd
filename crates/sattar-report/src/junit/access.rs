//! What a test class in the default package may touch: the modifiers javac reported for each
//! class, field and method (kept in the IR).

use super::ExportError;
use sattar_java::{Class, Field, Method, Program};

/// Modifier look-ups over one program.
pub(super) struct Access<'a> {
    program: &'a Program,
}

impl<'a> Access<'a> {
    /// Look-ups over `program`.
    pub(super) fn new(program: &'a Program) -> Access<'a> {
        Access { program }
    }

    /// The program's class with exactly this qualified name.
    pub(super) fn class(&self, name: &str) -> Option<&'a Class> {
        self.program.classes.iter().find(|c| c.name == name)
    }

    /// The class and every class enclosing it must be visible in the package.
    pub(super) fn check_class(&self, name: &str) -> Result<(), ExportError> {
        let mut prefix = String::new();
        for part in name.split('.') {
            if !prefix.is_empty() {
                prefix.push('.');
            }
            prefix.push_str(part);
            if let Some(c) = self.class(&prefix) {
                self.not_private(c.is_private, || format!("class {}", c.name))?;
            }
        }
        Ok(())
    }

    /// `new C()` must compile: the class is visible, and it has no constructor or a visible
    /// constructor without parameters.
    pub(super) fn check_constructible(&self, class: &Class) -> Result<(), ExportError> {
        self.check_class(&class.name)?;
        let ctors: Vec<&Method> = self
            .program
            .methods
            .iter()
            .filter(|m| m.is_constructor() && m.class == class.name)
            .collect();
        if ctors.is_empty() {
            return Ok(());
        }
        let no_args = ctors.iter().find(|m| m.params.is_empty()).ok_or_else(|| {
            ExportError::NoNoArgConstructor {
                class: class.name.clone(),
            }
        })?;
        self.not_private(no_args.is_private, || {
            format!("the constructor {}()", class.name)
        })
    }

    /// `obj.field` may be read.
    pub(super) fn check_read(&self, class: &Class, field: &Field) -> Result<(), ExportError> {
        self.check_class(&class.name)?;
        self.not_private(field.is_private, || {
            format!("field {}.{}", class.name, field.name)
        })
    }

    /// `obj.field = v` may be written.
    pub(super) fn check_write(&self, class: &Class, field: &Field) -> Result<(), ExportError> {
        self.check_read(class, field)?;
        if field.is_final {
            return Err(ExportError::FinalField {
                class: class.name.clone(),
                field: field.name.clone(),
            });
        }
        Ok(())
    }

    /// The method under test may be called.
    pub(super) fn check_method(&self, m: &Method) -> Result<(), ExportError> {
        self.check_class(&m.class)?;
        self.not_private(m.is_private, || format!("method {}", m.qualified_name()))
    }

    fn not_private(&self, private: bool, what: impl Fn() -> String) -> Result<(), ExportError> {
        if private {
            return Err(ExportError::NotAccessible {
                what: what(),
                why: "it is private".into(),
            });
        }
        Ok(())
    }
}
